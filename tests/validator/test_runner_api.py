"""The library API: in-memory documents (what the editor uses) and the check runner."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest
import referencing

from questforge.validator.document import LoadedDocument
from questforge.validator.runner import validate_documents
from questforge.validator.schemas import SchemaStore

Widget = Callable[..., dict[str, Any]]


def manifest(**extra: Any) -> LoadedDocument:
    data = {
        "kind": "pack",
        "id": "toys",
        "name": "Toys",
        "version": "1.0.0",
        "ruleset": "qftest",
        **extra,
    }
    return LoadedDocument("toys/pack.json", data)


def codes(report: Any) -> list[str]:
    return [f.code for f in report.findings]


def test_clean_documents_have_no_findings(store: SchemaStore, make_widget: Widget) -> None:
    docs = [manifest(), LoadedDocument("toys/a.json", make_widget("a"))]
    report = validate_documents(docs, store=store)
    assert report.findings == []
    assert report.exit_code() == 0
    assert report.files == ["toys/a.json", "toys/pack.json"]


def test_every_schema_error_is_reported_with_its_path(
    store: SchemaStore, make_widget: Widget
) -> None:
    data = make_widget("Bad Id", size=99, colour="pink", extra=1)
    report = validate_documents([manifest(), LoadedDocument("toys/a.json", data)], store=store)
    found = {(f.code, f.path) for f in report.findings}
    assert found == {
        ("QC010", ("id",)),
        ("QC010", ("size",)),
        ("QC010", ("colour",)),
        ("QC010", ("extra",)),
    }
    assert report.exit_code() == 1
    # in-memory documents without text get paths but no line/column
    assert all(f.line is None for f in report.findings)


def test_unknown_property_gets_a_did_you_mean_hint(store: SchemaStore, make_widget: Widget) -> None:
    data = make_widget("a", colur="red")
    (finding,) = validate_documents([LoadedDocument("a.json", data)], store=store).findings
    assert finding.message == "unknown property 'colur'"
    assert finding.path == ("colur",)
    assert finding.hint == "did you mean 'colour'?"


def test_missing_required_property(store: SchemaStore, make_widget: Widget) -> None:
    data = make_widget("a")
    del data["size"]
    (finding,) = validate_documents([LoadedDocument("a.json", data)], store=store).findings
    assert finding.message == "missing required property 'size'"


def test_line_and_column_come_from_the_text(store: SchemaStore, make_widget: Widget) -> None:
    data = make_widget("a", size="big")
    text = json.dumps(data, indent=2)
    (finding,) = validate_documents(
        [LoadedDocument("a.json", data, text=text)], store=store
    ).findings
    assert finding.line is not None and finding.column is not None
    line = text.splitlines()[finding.line - 1]
    assert line[finding.column - 1 :].startswith('"size": "big"')


def test_semantic_checks_run_only_on_schema_valid_documents(
    store: SchemaStore, make_widget: Widget
) -> None:
    gadget = {"kind": "gadget", "id": "g", "widget": "missing"}
    broken_gadget = {"kind": "gadget", "id": "h", "widget": 5}
    docs = [
        manifest(),
        LoadedDocument("a.json", make_widget("a")),
        LoadedDocument("g.json", gadget),
        LoadedDocument("h.json", broken_gadget),
    ]
    report = validate_documents(docs, store=store)
    assert sorted((f.code, f.file) for f in report.findings) == [
        ("QC010", "h.json"),
        ("QT901", "g.json"),
    ]


def test_schema_only_skips_semantic_checks(store: SchemaStore) -> None:
    gadget = {"kind": "gadget", "id": "g", "widget": "missing"}
    docs = [manifest(), LoadedDocument("g.json", gadget)]
    assert codes(validate_documents(docs, store=store)) == ["QT901"]
    assert codes(validate_documents(docs, store=store, schema_only=True)) == []


def test_cross_pack_reference_resolves_through_required_documents(
    store: SchemaStore, make_widget: Widget
) -> None:
    other = LoadedDocument("parts/w.json", make_widget("bolt"))
    docs = [
        manifest(),
        LoadedDocument("g.json", {"kind": "gadget", "id": "g", "widget": "parts:bolt"}),
    ]
    assert codes(validate_documents(docs, store=store, required={"parts": [other]})) == []
    # not required -> does not resolve
    assert codes(validate_documents(docs, store=store)) == ["QT901"]


def test_duplicate_ids_per_kind(store: SchemaStore, make_widget: Widget) -> None:
    docs = [
        manifest(),
        LoadedDocument("a.json", make_widget("same")),
        LoadedDocument("b.json", make_widget("same")),
        LoadedDocument("g.json", {"kind": "gadget", "id": "same", "widget": "same"}),
    ]
    (finding,) = validate_documents(docs, store=store).findings
    assert (finding.code, finding.file, finding.path) == ("QC101", "b.json", ("id",))
    assert finding.related == [("a.json", ("id",))]


def test_a_crashing_check_becomes_an_internal_error_finding(
    store: SchemaStore, make_widget: Widget
) -> None:
    docs = [manifest(), LoadedDocument("a.json", make_widget("a", note="boom", size=9))]
    report = validate_documents(docs, store=store)
    internal = [f for f in report.findings if f.code == "QC900"]
    assert len(internal) == 1
    assert "QT902" in internal[0].message and "ZeroDivisionError" in internal[0].message
    # the other checks still ran
    assert "QT903" in codes(report)


def test_warnings_pass_unless_strict(store: SchemaStore, make_widget: Widget) -> None:
    report = validate_documents(
        [manifest(), LoadedDocument("a.json", make_widget("a", size=9))], store=store
    )
    assert codes(report) == ["QT903"]
    assert report.exit_code() == 0
    assert report.exit_code(strict=True) == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "found an array"),
        ({"id": "x"}, 'missing "kind"'),
        ({"kind": "widgit", "id": "x"}, "unknown kind 'widgit'"),
    ],
)
def test_not_a_content_document(store: SchemaStore, data: Any, message: str) -> None:
    (finding,) = validate_documents([LoadedDocument("x.json", data)], store=store).findings
    assert message in finding.message
    assert finding.code in ("QC011", "QC012")


def test_unknown_kind_hint(store: SchemaStore) -> None:
    doc = LoadedDocument("x.json", {"kind": "widgit", "id": "x"})
    (finding,) = validate_documents([manifest(), doc], store=store).findings
    assert finding.hint == "did you mean 'widget'?"


def test_ref_in_content_is_refused_and_never_followed(
    store: SchemaStore, make_widget: Widget
) -> None:
    data = make_widget(
        "a", tree={"label": "x", "children": [{"$ref": "https://example.invalid/x"}]}
    )
    data["parts"] = []
    docs = [
        LoadedDocument("a.json", data),
        LoadedDocument("b.json", {**make_widget("b"), "$ref": "../../x.json"}),
    ]
    report = validate_documents(docs, store=store)
    refs = sorted((f.file, f.path) for f in report.findings if f.code == "QC014")
    assert refs == [("a.json", ("tree", "children", 0, "$ref")), ("b.json", ("$ref",))]


def test_schema_mismatch_is_a_warning(store: SchemaStore, make_widget: Widget) -> None:
    data = make_widget("a")
    data["$schema"] = "https://example.invalid/other.schema.json"
    docs = [manifest(), LoadedDocument("a.json", data)]
    (finding,) = validate_documents(docs, store=store).findings
    assert finding.code == "QC013"
    assert finding.severity.value == "warning"
    assert "widget.schema.json" in (finding.hint or "")


def test_schema_ref_to_a_url_is_a_finding_not_a_fetch(store: SchemaStore) -> None:
    url = "https://questforge.dev/schema/qftest/remote.schema.json"
    doc = LoadedDocument("r.json", {"$schema": url, "kind": "remote", "id": "r", "x": 1})
    (finding,) = validate_documents([doc], store=store).findings
    assert finding.code == "QC015"
    assert "example.invalid" in finding.message


def test_validators_are_compiled_once(store: SchemaStore, make_widget: Widget) -> None:
    entry = store.for_kind("widget", "qftest")
    assert entry is not None
    assert store.validator(entry) is store.validator(entry)


def test_in_memory_validation_is_fast_enough_for_live_editing(
    store: SchemaStore, make_widget: Widget
) -> None:
    import time

    docs = [manifest()] + [LoadedDocument(f"w{i}.json", make_widget(f"w{i}")) for i in range(500)]
    validate_documents(docs, store=store)
    start = time.perf_counter()
    validate_documents(docs, store=store)
    assert time.perf_counter() - start < 0.5


# --- python-jsonschema is the reference implementation -------------------------------------

INVALID_WIDGETS = [
    {"kind": "widget", "id": "A", "size": 0},
    {"kind": "widget", "id": "a", "size": "x", "colour": "pink", "parts": ["ok", "Not Ok", 3]},
    {"kind": "gadget", "id": "a", "size": 1},
    {"kind": "widget", "id": "a", "size": 2, "tree": {"label": 1, "children": [{"label": 2}]}},
    {"id": "a", "size": 11, "unknown": True},
]


@pytest.mark.parametrize("data", INVALID_WIDGETS)
def test_error_paths_match_python_jsonschema(store: SchemaStore, data: dict[str, Any]) -> None:
    entry = store.get("qftest", "widget")
    assert entry is not None
    registry: referencing.Registry = referencing.Registry().with_resources(
        (e.id, referencing.Resource.from_contents(e.schema)) for e in store if e.name != "remote"
    )
    reference = jsonschema.Draft202012Validator(entry.schema, registry=registry)
    expected = sorted(
        tuple(e.absolute_path) + ((e.validator,) if e.validator != "additionalProperties" else ())
        for e in reference.iter_errors(data)
    )
    ours = list(store.validator(entry).iter_errors(data))
    got = sorted(
        tuple(e.instance_path)
        + ((list(e.schema_path)[-1],) if type(e.kind).__name__ != "AdditionalProperties" else ())
        for e in ours
    )
    assert got == expected
    assert len(ours) == len(list(reference.iter_errors(data)))


def test_document_from_text_for_the_editor(store: SchemaStore) -> None:
    from questforge.validator.runner import document_from_text

    doc, findings = document_from_text(
        "a.json", '{"kind": "widget", "id": "a", "size": 1, "size": 2}'
    )
    assert doc is not None and doc.data["size"] == 2
    assert [(f.code, f.path, f.line, f.column) for f in findings] == [("QC008", ("size",), 1, 42)]
    doc, findings = document_from_text("b.json", '{"kind": "widget",\n "id": }')
    assert doc is None
    assert [(f.code, f.line, f.column) for f in findings] == [("QC007", 2, 8)]


def test_model_is_built_lazily_once_from_valid_documents(
    store: SchemaStore, make_widget: Widget
) -> None:
    from questforge.validator.context import CheckContext

    calls: list[tuple[Any, Any]] = []

    def loader(documents: Any, **kwargs: Any) -> str:
        calls.append((documents, kwargs))
        return f"model-{len(calls)}"

    good = LoadedDocument("a.json", make_widget("a"))
    good.schema_valid = True
    bad = LoadedDocument("b.json", make_widget("b"))
    dep = LoadedDocument("dep.json", make_widget("d"))
    dep.schema_valid = True
    ctx = CheckContext("qftest", [good, bad], required={"dep": [dep]}, model_loader=loader)
    assert calls == []
    model = ctx.model
    assert ctx.model is model
    assert calls[0] == ([("dep.json", dep.data)], {})
    assert calls[1] == ([("a.json", good.data)], {"dependencies": ["model-1"]})
    assert model == "model-2"


@pytest.mark.parametrize(
    ("declared", "ok"),
    [
        ("https://questforge.dev/schema/qftest/widget.schema.json", True),
        ("../schemas/qftest/widget.schema.json", True),
        ("widget.schema.json", True),
        ("../schemas/qftest/gadget.schema.json", False),
        ("https://elsewhere.invalid/qftest/widget.schema.json", False),
    ],
)
def test_schema_may_point_to_a_local_copy(
    store: SchemaStore, make_widget: Widget, declared: str, ok: bool
) -> None:
    data = {**make_widget("a"), "$schema": declared}
    found = codes(validate_documents([manifest(), LoadedDocument("a.json", data)], store=store))
    assert found == ([] if ok else ["QC013"])


def test_unknown_ruleset_in_the_manifest(store: SchemaStore) -> None:
    doc = LoadedDocument("p/pack.json", {**manifest().data, "ruleset": "no-such-game"})
    (finding,) = validate_documents([doc], store=store).findings
    assert (finding.code, finding.path) == ("QC104", ("ruleset",))
    assert "gloomhaven" in (finding.hint or "")


def test_manifest_ruleset_never_becomes_an_arbitrary_import(
    store: SchemaStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from questforge.validator import runner, semantic_stage

    imported: list[str] = []
    monkeypatch.setattr(semantic_stage.importlib, "import_module", imported.append)
    doc = LoadedDocument("p/pack.json", {**manifest().data, "ruleset": "reporters"})
    validate_documents([doc], store=store)
    assert runner.load_ruleset_checks("bundle") is None
    assert imported == []
