"""Checks registered ``per_document`` report each document from exactly one share.

A full ``validate --jobs 2`` run gives each of its two processes a share of the documents
for these checks (``CheckContext.own``). A check that read its documents around ``own``
would report them twice (or not at all); one whose findings on a document depended on
another document of the same kind would lose them across the cut. For every broken
fixture of ``test_gh_check_cases`` (each makes one check fire), with a second copy of
every scenario so that a kind really is cut in two, the two shares' findings together
must be exactly the unshared findings, wherever the cut falls.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from ghfixture import Files, base_pack
from test_gh_check_cases import CASES

from questforge.validator import semantic_stage
from questforge.validator.checks import checks_for
from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding
from questforge.validator.pipeline import Batch
from questforge.validator.schema_stage import SchemaStage
from questforge.validator.schemas import default_store

PER_DOCUMENT = [s for s in checks_for("gloomhaven") if s.per_document]


def _with_second_scenarios(files: Files) -> Files:
    out = dict(files)
    for name, data in files.items():
        if isinstance(data, dict) and data.get("kind") == "scenario":
            twin = copy.deepcopy(data)
            twin["id"] = f"{data.get('id')}-twin"
            out[name.replace(".json", "-twin.json")] = twin
    return out


def _context(files: Files) -> CheckContext:
    docs = [LoadedDocument(name=name, data=copy.deepcopy(data)) for name, data in files.items()]
    batch = Batch(docs, store=default_store())
    SchemaStage(default_store()).run(batch)
    semantic_stage.load_ruleset_checks("gloomhaven")
    return CheckContext(ruleset="gloomhaven", documents=docs, pack_id=batch.pack_id)


def _key(found: list[Finding]) -> list[tuple[Any, ...]]:
    return sorted((f.file, f.path, f.code, f.message, f.hint, str(f.related)) for f in found)


@pytest.mark.parametrize("code", sorted(CASES))
def test_shares_together_are_the_whole(code: str) -> None:
    _, mutate, _, _ = CASES[code][:4]
    files = base_pack()
    mutate(files)
    files = _with_second_scenarios(files)
    for spec in PER_DOCUMENT:
        whole = semantic_stage._run_check(_context(files), spec)
        for first in (0.0, 0.5, 1.0):
            ctx = _context(files)
            ctx.shard_first = first
            shares = semantic_stage._run_share(ctx, spec, 0) + semantic_stage._run_share(
                ctx, spec, 1
            )
            assert _key(shares) == _key(whole), (spec.code, first)


def test_every_per_document_check_is_tried_on_a_finding() -> None:
    """The cases above make each per-document check fire (so each comparison above has
    something to lose)."""
    fired: set[str] = set()
    for code in CASES:
        files = base_pack()
        CASES[code][1](files)
        ctx = _context(files)
        for spec in PER_DOCUMENT:
            if semantic_stage._run_check(ctx, spec):
                fired.add(spec.code)
    assert fired == {s.code for s in PER_DOCUMENT}


def test_a_share_reports_only_its_documents() -> None:
    """With the cut in the middle, each share reports the scenario it owns and not the
    other (the twin of a broken scenario is broken the same way)."""
    files = base_pack()
    CASES["QGH201"][1](files)
    files = _with_second_scenarios(files)
    ctx = _context(files)
    spec = next(s for s in PER_DOCUMENT if s.code == "QGH201")
    first = {f.file for f in semantic_stage._run_share(ctx, spec, 0)}
    second = {f.file for f in semantic_stage._run_share(ctx, spec, 1)}
    assert first == {"scenarios/first.json"}
    assert second == {"scenarios/first-twin.json"}
