"""Designer wording for the problems panel: schema findings in the forms' words.

The validator reports a gap the way JSON Schema sees it ("[] should be non-empty"); the
form beside the field says "A reach-hexes win condition needs at least one hex." The panel
shows the form's sentence for the same finding (the raw message stays in its tooltip, and
``questforge validate`` and the JSON report are untouched): both come from
:func:`questforge.editor.forms.designer_messages.finding_message`.

:class:`ProblemWording` finds the document a finding names - an open document as edited,
else the pack file as on disk - and the schema of its kind.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from questforge.editor.document import Document
from questforge.editor.forms.designer_messages import finding_message
from questforge.editor.validation import document_name
from questforge.schema.walk import SchemaContext
from questforge.validator import codes
from questforge.validator.findings import Finding
from questforge.validator.schemas import default_store


class ProblemWording:
    """``finding -> sentence or None`` for the problems panel (see the module)."""

    def __init__(self, workspace: Any) -> None:
        #: the editor's :class:`~questforge.editor.workspace.Workspace`: its open
        #: documents (as edited) and its pack files (as on disk)
        self.workspace = workspace
        self._contexts: dict[int, SchemaContext] = {}

    def __call__(self, finding: Finding) -> str | None:
        if finding.code != codes.SCHEMA.code or not finding.file:
            return None
        found = self._data_of(finding.file)
        if found is None:
            return None
        data, kind = found
        ctx = self._context(data, kind)
        if ctx is None:
            return None
        return finding_message(ctx, data, tuple(finding.path), finding.message)

    def _data_of(self, name: str) -> tuple[Any, str] | None:
        documents: list[Document] = list(getattr(self.workspace, "documents", None) or [])
        for doc in documents:
            if document_name(doc) == name:
                return doc.data, str(doc.kind)
        for f in getattr(self.workspace, "files", None) or []:
            if str(f.path) == name and f.error is None:
                try:
                    return self.workspace.data_of(Path(f.path)), str(f.kind)
                except (OSError, ValueError):
                    return None
        return None

    def _context(self, data: Any, kind: str) -> SchemaContext | None:
        store = default_store()
        entry = None
        sid = data.get("$schema") if isinstance(data, dict) else None
        if isinstance(sid, str):
            entry = store.by_id(sid)
        if entry is None:
            owners = store.rulesets_with_kind(kind)
            ruleset = self._ruleset() if len(owners) != 1 else owners[0]
            entry = store.for_kind(kind, ruleset)
        if entry is None:
            return None
        key = id(entry.schema)
        if key not in self._contexts:
            self._contexts[key] = SchemaContext(entry.schema)
        return self._contexts[key]

    def _ruleset(self) -> str | None:
        content = getattr(self.workspace, "content", None)
        if not callable(content):
            return None
        for manifest in content("pack").values():
            if isinstance(manifest, dict) and isinstance(manifest.get("ruleset"), str):
                return str(manifest["ruleset"])
        return None
