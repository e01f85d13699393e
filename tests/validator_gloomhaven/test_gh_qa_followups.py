"""Regression tests for the QA review of ``questforge validate`` (Gloomhaven side).

- QGH230 and QGH262 crashed (``QC900``) on a monster or modifier deck that had failed its
  schema: semantic checks now only see schema-valid documents, lookups included.
- ``validate`` passed monster-AI situations that ``ai solve`` refuses: QGH270.
- A seeded fuzzer breaks random values of the sample pack and asserts that no check ever
  crashes, and that live (incremental) validation still agrees with a full run.
"""

from __future__ import annotations

import copy
import json
import random
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.gloomhaven.ai import SituationError, load_situation
from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument
from questforge.validator.gloomhaven.checks_situation import situation_path
from questforge.validator.runner import (
    Report,
    ValidationSession,
    validate_documents,
    validate_paths,
)

S = "https://questforge.dev/schema/"


def _copy_pack(sample_pack: Path, tmp_path: Path) -> Path:
    root = tmp_path / "pack"
    shutil.copytree(sample_pack, root)
    return root


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def _internal(report: Report) -> list[str]:
    return [f"{f.file}: {f.message}" for f in report.findings if f.code == "QC900"]


# --- QGH230: a monster with negative standees ------------------------------------------------


def test_negative_standees_is_a_schema_error_not_a_crash(sample_pack: Path, tmp_path: Path) -> None:
    root = _copy_pack(sample_pack, tmp_path)
    _edit(root / "monsters/quarry-brute.json", lambda d: d.update(standees=-1))
    report = validate_paths([root], base=root)
    assert _internal(report) == []
    assert [(f.code, f.file, f.path) for f in report.findings if f.severity.value == "error"] == [
        ("QC010", "monsters/quarry-brute.json", ("standees",))
    ]


# --- QGH262: a modifier deck whose card counts are not numbers --------------------------------


@pytest.mark.parametrize("count", ["x", {}, [], None], ids=["string", "object", "array", "null"])
def test_bad_card_count_is_a_schema_error_not_a_crash(
    sample_pack: Path, tmp_path: Path, count: Any
) -> None:
    root = _copy_pack(sample_pack, tmp_path)
    _edit(root / "modifiers/standard-deck.json", lambda d: d["cards"][0].update(count=count))
    report = validate_paths([root], base=root)
    assert _internal(report) == []
    errors = {(f.code, f.file) for f in report.findings if f.severity.value == "error"}
    assert errors == {("QC010", "modifiers/standard-deck.json")}


def test_cards_not_a_list_is_a_schema_error_not_a_crash(sample_pack: Path, tmp_path: Path) -> None:
    root = _copy_pack(sample_pack, tmp_path)
    _edit(root / "modifiers/standard-deck.json", lambda d: d.update(cards=3))
    report = validate_paths([root], base=root)
    assert _internal(report) == []
    found = [(f.code, f.file, f.path) for f in report.findings if f.severity.value == "error"]
    assert found == [("QC010", "modifiers/standard-deck.json", ("cards",))]


# --- lookups: valid documents only, existence sees all -----------------------------------------


def _sample_documents(sample_pack: Path) -> list[LoadedDocument]:
    docs = []
    for path in sorted(sample_pack.rglob("*.json")):
        name = path.relative_to(sample_pack).as_posix()
        docs.append(LoadedDocument(name, json.loads(path.read_text(encoding="utf-8"))))
    return docs


def test_lookups_hand_out_only_schema_valid_documents(sample_pack: Path) -> None:
    docs = _sample_documents(sample_pack)
    brute = next(d for d in docs if d.name == "monsters/quarry-brute.json")
    brute.data["standees"] = -1
    validate_documents(docs)  # sets schema_valid
    ctx = CheckContext(ruleset="gloomhaven", documents=docs, pack_id="gloomhaven-sample")
    assert not brute.schema_valid
    assert ctx.resolve("quarry-brute", "monster") is None
    assert ctx.resolve("gloomhaven-sample:quarry-brute", "monster") is None
    assert ctx.get("monster", "quarry-brute") is None
    assert ctx.resolve("quarry-brute", "monster", include_invalid=True) is brute
    assert ctx.get("monster", "quarry-brute", include_invalid=True) is brute
    assert ctx.resolve("slag-hound", "monster") is not None


def test_a_reference_to_a_broken_document_is_not_reported_as_dangling(sample_pack: Path) -> None:
    docs = _sample_documents(sample_pack)
    deck = next(d for d in docs if d.name == "modifiers/standard-deck.json")
    deck.data["cards"] = 3
    report = validate_documents(docs)
    # only the deck's own schema error: the classes naming it get no QGH201
    assert [(f.code, f.file) for f in report.findings if f.severity.value == "error"] == [
        ("QC010", "modifiers/standard-deck.json")
    ]


# --- QGH270: situations the solver refuses ------------------------------------------------------


def _situation(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "$schema": S + "gloomhaven/situation.schema.json",
        "kind": "situation",
        "id": "corner",
        "map": {
            "hexes": [[0, 0], [1, 0], [2, 0], [3, 0], [0, 1], [1, 1]],
            "terrain": [{"hex": [1, 1], "type": "obstacle"}],
        },
        "active": {"hex": [0, 0], "move": 2},
        "figures": [{"hex": [3, 0], "side": "character", "initiative": 30}],
    }
    data.update(changes)
    return data


def test_a_solvable_situation_passes() -> None:
    data = _situation()
    load_situation(data)  # the solver accepts it
    assert validate_documents([LoadedDocument("corner.json", data)]).findings == []


@pytest.mark.parametrize(
    ("what", "changes", "path"),
    [
        (
            "a figure off the map",
            {"figures": [{"hex": [9, 9], "side": "character", "initiative": 30}]},
            ("figures", 0, "hex"),
        ),
        (
            "two figures on one hex",
            {
                "figures": [
                    {"hex": [3, 0], "side": "character", "initiative": 30},
                    {"hex": [3, 0], "side": "monster"},
                ]
            },
            ("figures", 1, "hex"),
        ),
        (
            "the active monster on an obstacle",
            {"active": {"hex": [1, 1], "move": 2}},
            ("active", "hex"),
        ),
        (
            "a ranged area pattern without range",
            {"active": {"hex": [0, 0], "aoe": {"melee": False, "hexes": [[0, 0], [1, 0]]}}},
            ("active", "aoe", "melee"),
        ),
    ],
)
def test_a_situation_the_solver_refuses_is_reported_at_its_path(
    what: str, changes: dict[str, Any], path: tuple[Any, ...]
) -> None:
    data = _situation(**changes)
    with pytest.raises(SituationError) as refused:
        load_situation(data)
    report = validate_documents([LoadedDocument("corner.json", data)])
    found = [(f.code, f.file, f.path, f.message) for f in report.findings]
    assert found == [("QGH270", "corner.json", path, refused.value.message)], what


def test_situation_paths_are_parsed_into_json_paths() -> None:
    assert situation_path("$") == ()
    assert situation_path("$.figures[12].hex") == ("figures", 12, "hex")
    assert situation_path("$.map.thin_walls[0][1]") == ("map", "thin_walls", 0, 1)
    assert situation_path("$.active.aoe.hexes") == ("active", "aoe", "hexes")


# --- fuzzer -------------------------------------------------------------------------------------

BAD_VALUES: list[Any] = [-1, -100, 0, 1.5, "x", "", True, None, [], {}, [None], {"a": -1}]


def _paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every value's path in ``node`` (containers and leaves; not the root)."""
    out: list[tuple[Any, ...]] = []
    items: list[tuple[Any, Any]] = []
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    for key, child in items:
        out.append((*here, key))
        out.extend(_paths(child, (*here, key)))
    return out


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _mutate(data: Any, rng: random.Random) -> None:
    """Break 1-3 random values of ``data`` in place (wrong type, negative, empty, null)."""
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(data) if p[-1] not in ("kind", "id", "$schema")]
        if not paths:
            return
        # numbers and shallow values half the time: counts, limits and the lists the
        # checks iterate are where unchecked data used to crash them
        likely = [p for p in paths if len(p) <= 2 or _is_number(_at(data, p))]
        path = rng.choice(likely if likely and rng.random() < 0.5 else paths)
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        value = parent[path[-1]]
        if isinstance(value, list) and value and rng.random() < 0.3:
            value.clear()  # an empty list
        elif _is_number(value) and rng.random() < 0.5:
            parent[path[-1]] = -abs(value) - 1  # a negative number
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(BAD_VALUES))


def _key(report: Report) -> list[tuple[Any, ...]]:
    return [(f.code, f.file, f.path, f.message) for f in report.findings]


def test_fuzzed_sample_pack_never_crashes_a_check(sample_pack: Path) -> None:
    rng = random.Random(20261130)
    pristine = _sample_documents(sample_pack)
    session = ValidationSession([LoadedDocument(d.name, copy.deepcopy(d.data)) for d in pristine])
    assert _internal(session.validate()) == []
    started = time.monotonic()
    rounds = 0
    for rounds in range(1, 301):  # fixed count: same seed, same mutations (about 3 s)
        victims = rng.sample(pristine, rng.randint(1, 2))
        broken = []
        for doc in victims:
            data = copy.deepcopy(doc.data)
            _mutate(data, rng)
            broken.append(LoadedDocument(doc.name, data))
            session.update(broken[-1])
        report = session.validate()
        assert _internal(report) == [], [(d.name, d.data) for d in broken]
        if rounds % 20 == 0:
            # the incremental run and a full run agree on the broken pack
            snapshot = [LoadedDocument(d.name, copy.deepcopy(d.data)) for d in session.documents]
            assert _key(validate_documents(snapshot)) == _key(report)
        for doc in victims:
            session.update(LoadedDocument(doc.name, copy.deepcopy(doc.data)))
        if time.monotonic() - started > 8:  # a slow machine: stop early, still a real test
            break
    assert rounds >= 20
    assert _internal(session.validate()) == []
