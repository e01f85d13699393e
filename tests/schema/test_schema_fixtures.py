"""Every questforge-owned schema accepts a valid fixture and rejects broken ones.

python-jsonschema is the reference validator here; the invalid fixtures each change one
thing (typo'd key, wrong type, bad id, bad formula, bad hex, ...) so the failure is known.
"""

from __future__ import annotations

from typing import Any

import pytest
from gh_fixture_docs import VALID, invalid_cases

from questforge.engine.gloomhaven.model import load_document
from questforge.engine.rulesets import get


def test_every_kind_has_a_valid_fixture() -> None:
    owned = set(get("gloomhaven").kinds) - {"situation"}  # situation: another engineer's
    assert owned | {"pack"} == set(VALID)


@pytest.mark.parametrize("kind", sorted(VALID))
def test_valid_fixture_passes(kind: str, errors_for: Any) -> None:
    errors = errors_for(VALID[kind])
    assert not errors, [(list(e.absolute_path), e.message) for e in errors]


@pytest.mark.parametrize("kind", sorted(VALID))
def test_valid_fixture_loads_into_the_model(kind: str) -> None:
    doc = load_document(VALID[kind])
    assert doc.kind == kind
    assert doc.id == VALID[kind]["id"]


CASES = invalid_cases()


@pytest.mark.parametrize(
    ("kind", "label", "document"), CASES, ids=[f"{k}: {label}" for k, label, _ in CASES]
)
def test_invalid_fixture_fails(
    kind: str, label: str, document: dict[str, Any], errors_for: Any
) -> None:
    assert errors_for(document), f"{kind} accepted a document with: {label}"


def test_each_schema_has_several_invalid_fixtures() -> None:
    per_kind: dict[str, int] = {}
    for kind, _label, _doc in CASES:
        per_kind[kind] = per_kind.get(kind, 0) + 1
    assert all(per_kind[k] >= 5 for k in VALID), per_kind


def test_typo_error_names_the_unexpected_key(errors_for: Any) -> None:
    doc = dict(VALID["monster"], nmae="Guard")
    messages = [e.message for e in errors_for(doc)]
    assert any("nmae" in m for m in messages), messages


def test_typo_inside_an_ability_is_reported_at_its_path(errors_for: Any) -> None:
    deck = VALID["monster-ability-deck"]
    doc = {
        **deck,
        "cards": [{**deck["cards"][0], "abilities": [{"type": "attack", "value": 1, "rnage": 3}]}],
    }
    errors = errors_for(doc)
    assert any(
        list(e.absolute_path) == ["cards", 0, "abilities", 0] and "rnage" in e.message
        for e in errors
    ), [(list(e.absolute_path), e.message) for e in errors]
