"""Fixtures for the validator tests: a small test ruleset (``qftest``) with its own schemas
and checks, so the runner is tested independently of the Gloomhaven schemas, and helpers
that write packs into ``tmp_path``."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from questforge.engine import rulesets
from questforge.validator import checks
from questforge.validator.checks import CheckSpec
from questforge.validator.context import CheckContext
from questforge.validator.findings import Finding, Severity
from questforge.validator.schemas import SchemaStore

FIXTURES = Path(__file__).parent / "fixtures"
RULESET = "qftest"


# QT901 (error): Gadget names an unknown widget
def gadget_widget_resolves(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("gadget"):
        if ctx.resolve(doc.data["widget"], "widget") is None:
            yield ctx.finding(
                "QT901",
                f"unknown widget {doc.data['widget']!r}",
                doc,
                ("widget",),
            )


# QT902 (error): Check that crashes
def crashing_check(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("widget"):
        if doc.data.get("note") == "boom":
            raise ZeroDivisionError("boom")
    return iter(())


# QT903 (warning): Big widget
def big_widget(ctx: CheckContext) -> Iterator[Finding]:
    for doc in ctx.of_kind("widget"):
        if doc.data["size"] > 8:
            yield ctx.finding("QT903", "widget is big", doc, ("size",))


_TEST_CHECKS = [
    ("QT901", "error", "Gadget names an unknown widget", gadget_widget_resolves),
    ("QT902", "error", "Check that crashes", crashing_check),
    ("QT903", "warning", "Big widget", big_widget),
]


@pytest.fixture(autouse=True)
def qftest_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the test ruleset and its checks for each test of this folder only (like a
    plug-in would), so other test folders never see them."""
    rulesets.all_rulesets()  # load the built-in rulesets first
    monkeypatch.setitem(
        rulesets._REGISTRY,
        RULESET,
        rulesets.Ruleset(
            id=RULESET, title="Test", kinds=("widget", "gadget", "remote"), schema_folder=RULESET
        ),
    )
    for code, severity, title, func in _TEST_CHECKS:
        spec = CheckSpec(code, Severity(severity), title, f"test check: {title}", RULESET, func)
        monkeypatch.setitem(checks._CHECKS, code, spec)


@pytest.fixture(scope="session")
def store() -> SchemaStore:
    return SchemaStore.from_directory(FIXTURES / "schemas")


def widget(ident: str, **extra: Any) -> dict[str, Any]:
    return {
        "$schema": "https://questforge.dev/schema/qftest/widget.schema.json",
        "kind": "widget",
        "id": ident,
        "size": 3,
        **extra,
    }


@pytest.fixture(scope="session")
def make_widget() -> Callable[..., dict[str, Any]]:
    return widget


def write_json(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


PackMaker = Callable[..., Path]


@pytest.fixture
def make_pack(tmp_path: Path) -> PackMaker:
    """``make_pack("name", {"widgets/a.json": {...}}, requires=[...])`` -> pack folder."""

    def make(
        name: str,
        files: dict[str, Any] | None = None,
        *,
        ruleset: str = RULESET,
        requires: list[Any] | None = None,
        parent: Path | None = None,
    ) -> Path:
        root = (parent or tmp_path) / name
        manifest: dict[str, Any] = {
            "kind": "pack",
            "id": name,
            "name": name.title(),
            "version": "1.0.0",
            "ruleset": ruleset,
        }
        if requires is not None:
            manifest["requires"] = requires
        write_json(root / "pack.json", manifest)
        for rel, data in (files or {}).items():
            if isinstance(data, (bytes, str)):
                target = root / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                if isinstance(data, bytes):
                    target.write_bytes(data)
                else:
                    target.write_text(data, encoding="utf-8")
            else:
                write_json(root / rel, data)
        return root

    return make
