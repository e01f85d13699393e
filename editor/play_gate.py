"""The check before the editor's Playtest and Simulate: content with errors is not played
without asking.

The command line refuses broken content (:mod:`questforge.validator.preflight`); the
editor asks instead - a dialog lists the errors, "Play anyway" goes on, "Cancel" stays.
The editor validates live already, so the gate runs one (incremental, ~10-20 ms)
validation of the documents as edited and applies the same rule as the command line
(:func:`~questforge.validator.preflight.split_findings`): errors in the document and in the
pack's shared content block, other documents of its kind and warnings do not. Generic for
every ruleset: it asks the ruleset's game face which kinds are playable.
"""

from __future__ import annotations

from typing import Any

from questforge.editor.editors import DocumentEditor, ruleset_of
from questforge.editor.validation import document_name
from questforge.validator.preflight import Preflight, format_finding, split_findings


def playable(editor: DocumentEditor, workspace: Any) -> bool:
    """Whether the editor's document is a kind its ruleset's engine plays."""
    from questforge.engine import rulesets

    ruleset = ruleset_of(editor.document, workspace)
    if ruleset is None:
        return False
    try:
        face = rulesets.get(ruleset).game()
    except Exception:  # no such ruleset, or a broken plug-in: the action reports it
        return False
    return face is not None and editor.document.kind in face.playable_kinds


def verdict(window: Any, editor: DocumentEditor) -> Preflight | None:
    """What the validator says now about playing the editor's document (``None`` when
    validation itself failed: the gate then lets the action say what is wrong)."""
    result = window.validator.validate_now()
    if result.failed:
        return None
    doc = editor.document
    name = document_name(doc)
    kinds: dict[str, str | None] = {str(f.path): f.kind for f in window.workspace.files}
    for open_doc in window.workspace.documents:
        kinds[document_name(open_doc)] = open_doc.kind
    return split_findings(result.findings, str(doc.kind), lambda f: f == name, kinds.get)


def allow(window: Any, editor: DocumentEditor | None, action: str) -> bool:
    """``True`` to go on with ``action`` ("Playtest", "Simulate"): the document plays
    clean, is not playable at all (the action says so itself), or the designer chose
    "Play anyway"."""
    if editor is None or not playable(editor, window.workspace):
        return True
    found = verdict(window, editor)
    if found is None or found.ok:
        return True
    lines = [format_finding(f) for f in found.errors]
    answer: bool = window.prompts.play_anyway(action, editor.document.display_name(), lines)
    return answer
