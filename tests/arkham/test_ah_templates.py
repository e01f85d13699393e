"""``questforge new`` templates for every Arkham kind validate, alone and as a pack."""

from __future__ import annotations

from ahfixture import run

from questforge.engine.arkham import KINDS
from questforge.engine.arkham.templates import TEMPLATES, template


def test_every_kind_has_a_template_and_a_pack_of_them_is_clean() -> None:
    assert set(TEMPLATES) == set(KINDS)
    files = {
        "pack.json": {
            "$schema": "https://questforge.dev/schema/common/pack.schema.json",
            "kind": "pack",
            "id": "new-pack",
            "name": "New",
            "version": "0.1.0",
            "ruleset": "arkham",
        }
    }
    for kind in KINDS:
        folder, _ = TEMPLATES[kind]
        files[f"{folder}/{kind}.json"] = template(kind, f"new-{kind}", f"New {kind}")
    report = run(files)
    errors = [(f.code, f.file, f.message) for f in report.findings if f.severity.value == "error"]
    # one location card covers the north only: the south's deck is still to be written
    assert errors == [
        ("QAH322", "board/board.json", "neighbourhood 'south' has locations but no location cards")
    ]
    warnings = {"QAH322", "QAH350", "QAH351", "QAH352", "QAH353", "QAH354"}
    assert {f.code for f in report.findings} <= warnings
