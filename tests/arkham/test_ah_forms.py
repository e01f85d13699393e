"""Every Arkham kind other than the board opens in the generated form editor."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from questforge.editor.document import Document
from questforge.editor.editors import editor_for

pytestmark = pytest.mark.gui
SAMPLE = Path(__file__).resolve().parents[2] / "content" / "arkham-sample"
FILES = [
    "investigators/ada-merrow.json",
    "cards/spell/salt-circle.json",
    "ancient-ones/the-drowned-choir.json",
    "locations/quayside-1.json",
    "gates/cards/gate-01.json",
    "mythos/mythos-26.json",
    "monsters/reed-maiden.json",
    "gates/markers/grey-dream-a.json",
    "rules/tables.json",
]


@pytest.mark.parametrize("rel", FILES)
def test_form_editor_opens(qtbot: QtBot, rel: str) -> None:
    data = json.loads((SAMPLE / rel).read_text(encoding="utf-8"))
    doc = Document(data, None, autosave=False)
    editor = editor_for(doc, None)
    qtbot.addWidget(editor)
    editor.show()
    assert type(editor).__name__ == "FormEditor"
    assert doc.data == data  # opening changes nothing
