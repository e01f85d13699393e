"""Regression tests for the QA review of ``questforge validate`` (ruleset-independent part).

- ``"kind": "defs"`` (a ``$defs`` library, not a content kind) was accepted and listed as a
  known kind;
- ``"kind": 5`` was reported as a *missing* kind;
- an internal error (``QC900``) was pinned to the first file of the pack instead of the
  document the crashing check was working on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from questforge.validator import checks
from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding
from questforge.validator.runner import validate_documents, validate_paths
from questforge.validator.schemas import SchemaStore, default_store

Widget = Callable[..., dict[str, Any]]
PackMaker = Callable[..., Path]


def _gloomhaven_manifest() -> LoadedDocument:
    data = {
        "kind": "pack",
        "id": "tiny",
        "name": "Tiny",
        "version": "1.0.0",
        "ruleset": "gloomhaven",
    }
    return LoadedDocument("pack.json", data)


# --- "kind": "defs" --------------------------------------------------------------------------


def test_defs_is_not_a_schema_of_any_kind() -> None:
    store = default_store()
    assert store.for_kind("defs", None) is None
    assert store.for_kind("defs", "gloomhaven") is None
    assert store.for_kind("monster", "gloomhaven") is not None


@pytest.mark.parametrize("in_pack", [False, True], ids=["loose", "in-pack"])
def test_kind_defs_is_an_unknown_kind(in_pack: bool) -> None:
    docs = [LoadedDocument("x.json", {"kind": "defs", "id": "x"})]
    if in_pack:
        docs.insert(0, _gloomhaven_manifest())
    report = validate_documents(docs)
    (finding,) = report.findings
    assert (finding.code, finding.file, finding.path) == ("QC012", "x.json", ("kind",))
    assert finding.message.startswith("unknown kind 'defs'")
    # the list of known kinds offered in the hint never names the defs library
    assert finding.hint is not None and "defs" not in finding.hint
    if in_pack:
        assert "monster" in finding.hint


def test_a_close_misspelling_is_never_corrected_to_defs() -> None:
    report = validate_documents([_gloomhaven_manifest(), LoadedDocument("x.json", {"kind": "def"})])
    (finding,) = report.findings
    assert finding.code == "QC012"
    assert "'defs'" not in (finding.hint or "")


# --- "kind" of the wrong type ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "found"),
    [
        (5, "an integer"),
        (1.5, "a number"),
        (True, "a boolean"),
        (None, "null"),
        (["monster"], "an array"),
        ({"name": "monster"}, "an object"),
    ],
)
def test_kind_of_the_wrong_type_says_so(kind: Any, found: str) -> None:
    (finding,) = validate_documents([LoadedDocument("x.json", {"kind": kind, "id": "x"})]).findings
    assert (finding.code, finding.path) == ("QC012", ("kind",))
    assert finding.message == f'"kind" must be a string naming the content kind, found {found}'


def test_a_missing_kind_is_still_called_missing() -> None:
    (finding,) = validate_documents([LoadedDocument("x.json", {"id": "x"})]).findings
    assert (finding.code, finding.path) == ("QC012", ())
    assert finding.message.startswith('missing "kind"')


# --- where an internal error lands -------------------------------------------------------------


def _manifest() -> LoadedDocument:
    data = {"kind": "pack", "id": "toys", "name": "Toys", "version": "1.0.0", "ruleset": "qftest"}
    return LoadedDocument("toys/pack.json", data)


def test_internal_error_lands_on_the_document_the_check_was_processing(
    store: SchemaStore, make_widget: Widget
) -> None:
    docs = [
        LoadedDocument("toys/a.json", make_widget("a")),
        _manifest(),
        LoadedDocument("toys/b.json", make_widget("b")),
        LoadedDocument("toys/c.json", make_widget("c", note="boom")),  # QT902 raises here
        LoadedDocument("toys/d.json", make_widget("d")),
    ]
    internal = [f for f in validate_documents(docs, store=store).findings if f.code == "QC900"]
    assert [(f.file, f.path) for f in internal] == [("toys/c.json", ())]
    assert "QT902" in internal[0].message


def test_internal_error_found_through_a_holder_of_the_document(
    store: SchemaStore, make_widget: Widget, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Holder:
        def __init__(self, doc: LoadedDocument) -> None:
            self.doc = doc

    def crash(ctx: CheckContext) -> Iterator[Finding]:
        for item in [Holder(d) for d in ctx.of_kind("widget")]:
            if item.doc.id == "b":
                raise KeyError("size")
        return iter(())

    monkeypatch.setattr(checks.spec_of("QT902"), "func", crash)
    docs = [
        _manifest(),
        LoadedDocument("toys/a.json", make_widget("a")),
        LoadedDocument("toys/b.json", make_widget("b")),
    ]
    internal = [f for f in validate_documents(docs, store=store).findings if f.code == "QC900"]
    assert [f.file for f in internal] == ["toys/b.json"]


def test_internal_error_without_a_document_lands_on_the_manifest(
    store: SchemaStore, make_widget: Widget, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(ctx: CheckContext) -> Iterator[Finding]:
        raise RuntimeError("index not built")

    monkeypatch.setattr(checks.spec_of("QT902"), "func", crash)
    docs = [LoadedDocument("toys/a.json", make_widget("a")), _manifest()]
    internal = [f for f in validate_documents(docs, store=store).findings if f.code == "QC900"]
    assert [(f.file, f.line, f.column) for f in internal] == [("toys/pack.json", None, None)]


def test_internal_error_in_another_file_is_not_filtered_away(
    make_pack: PackMaker, make_widget: Widget, store: SchemaStore, tmp_path: Path
) -> None:
    root = make_pack(
        "toys",
        {"a.json": make_widget("a"), "b.json": make_widget("b", note="boom")},
    )
    # only a.json is asked for; the crash is in b.json and must still be seen
    report = validate_paths([root / "a.json"], store=store, base=tmp_path)
    internal = [(f.code, f.file) for f in report.findings if f.code == "QC900"]
    assert internal == [("QC900", "toys/b.json")]
    assert report.exit_code() == 1
