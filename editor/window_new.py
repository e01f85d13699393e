"""The main window's new content: File > New (the pack's playable kind), New Other (any
schema's kind), New Pack, and the recovery of never-saved documents after a crash.

A new document starts as ``questforge new`` would write it: the schema's defaults, a free
``new-<kind>-<n>`` id, then the open pack's ruleset's template for that kind (the
ruleset's ``templates`` face), so the editor and the command line agree on what "new"
means. A helper object the :class:`~questforge.editor.mainwindow.MainWindow` owns.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QMenu

from questforge.editor.document import Document, DocumentError
from questforge.editor.editors import DocumentEditor

if TYPE_CHECKING:
    from questforge.editor.mainwindow import MainWindow

SCHEMA_BASE = "https://questforge.dev/schema"


class NewContent:
    """New documents and packs for one main window (see the module docstring)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def new_document(self, kind: str, data: dict[str, Any] | None = None) -> DocumentEditor:
        """A new, unsaved document of ``kind`` (default content generated from its schema)."""
        if data is None:
            data = self._default_content(kind)
        doc = Document(data, None)
        # a new file counts as modified until it is saved
        doc.unsaved_new = True  # type: ignore[attr-defined]
        self.window.workspace.add_document(doc)
        return self.window._add_editor(doc)

    def _default_content(self, kind: str) -> dict[str, Any]:
        from questforge.schema.walk import SchemaContext
        from questforge.validator.schemas import default_store

        # kinds are per ruleset: the open pack's, else the one ruleset with this kind
        ruleset = self.pack_ruleset()
        if ruleset is None:
            owners = default_store().rulesets_with_kind(kind)
            ruleset = owners[0] if len(owners) == 1 else None
        entry = default_store().for_kind(kind, ruleset)
        data: dict[str, Any] = {}
        if entry is not None:
            default = SchemaContext(entry.schema).default(entry.schema)
            data = {"$schema": entry.id, "kind": kind}
            if isinstance(default, dict):
                for k, v in default.items():
                    data.setdefault(k, v)
        data["kind"] = kind
        taken = set(self.window.workspace.content(kind))
        n = 1
        while f"new-{kind}-{n}" in taken:
            n += 1
        data["id"] = f"new-{kind}-{n}"
        template = self._template(kind, data["id"])
        if template is not None:
            for key, value in template.items():
                if key not in ("$schema", "kind", "id"):
                    data[key] = value
        return data

    def pack_ruleset(self) -> str | None:
        """The ruleset of the open pack (``None`` without one)."""
        from questforge.engine.core.jsonload import JsonLoadError, load_json_file

        root = self.window.workspace.pack_root
        if root is None:
            return None
        try:
            manifest = load_json_file(Path(root) / "pack.json").data
        except JsonLoadError:
            return None
        ruleset = manifest.get("ruleset") if isinstance(manifest, dict) else None
        return ruleset if isinstance(ruleset, str) else None

    def _template(self, kind: str, doc_id: str) -> dict[str, Any] | None:
        """The open pack's ruleset's scaffold of ``kind`` (what ``questforge new`` writes),
        so a new document starts as a designer expects rather than as a bare schema."""
        from questforge.engine import rulesets
        from questforge.engine.core.errors import QuestforgeError
        from questforge.engine.core.templates import PackContext

        ruleset = rulesets.find(self.pack_ruleset())
        if ruleset is None:
            return None
        templates = ruleset.templates()
        if templates is None:
            return None
        root = self.window.workspace.pack_root
        docs = [
            (Path(), data)
            for k in ruleset.kinds
            for data in self.window.workspace.content(k).values()
            if isinstance(data, dict)
        ]
        try:
            return templates.blank(kind, doc_id, PackContext(root, {}, docs))
        except QuestforgeError:
            return None

    def recover_untitled(self) -> int:
        """Offer the autosaves of never-saved documents (after a crash); returns how many
        were restored. Each comes back as an unsaved document, and its autosave is removed
        once it is either restored or declined."""
        from questforge.editor.document import untitled_recoveries

        restored = 0
        for rec, data in untitled_recoveries():
            kind = data.get("kind") if isinstance(data, dict) else None
            name = f"untitled {kind or 'document'}"
            if isinstance(data, dict) and self.window.prompts.offer_recovery(name):
                self.new_document(str(kind or "unknown"), data)
                restored += 1
            rec.unlink(missing_ok=True)
        return restored

    def new_scenario(self) -> DocumentEditor:
        """File > New: a new document of the pack's playable kind (a Gloomhaven scenario, a
        Descent quest …), else of the first kind its ruleset can scaffold."""
        from questforge.engine import rulesets

        ruleset = rulesets.find(self.pack_ruleset()) or next(iter(rulesets.all_rulesets()))
        game = ruleset.game()
        templates = ruleset.templates()
        kinds = [*(game.playable_kinds if game else ()), *(templates.kinds if templates else ())]
        return self.new_document(kinds[0] if kinds else ruleset.kinds[0])

    def fill_new_menu(self, menu: QMenu) -> None:
        from questforge.validator.schemas import default_store

        menu.clear()
        for entry in default_store():
            if entry.name in ("defs",):
                continue
            action = menu.addAction(entry.title or entry.name)
            action.triggered.connect(lambda _=False, k=entry.name: self.new_document(k))

    def new_pack(self, folder: Path, pack_id: str, name: str, ruleset: str) -> Path:
        """Create ``folder/pack.json`` (a pack that validates) with the ruleset's starter
        files (what ``questforge new pack`` writes: Gloomhaven's modifier decks and
        starter map tiles), and open the pack."""
        import re

        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", pack_id):
            raise DocumentError(f"pack id {pack_id!r} must be kebab-case (e.g. my-pack)")
        manifest = Path(folder) / "pack.json"
        if manifest.exists():
            raise DocumentError(f"{manifest} already exists")
        data = {
            "$schema": f"{SCHEMA_BASE}/common/pack.schema.json",
            "kind": "pack",
            "id": pack_id,
            "name": name or pack_id,
            "version": "0.1.0",
            "ruleset": ruleset,
            "requires": [],
        }
        from questforge.editor.document import atomic_write, dumps
        from questforge.engine import rulesets

        found = rulesets.find(ruleset)
        templates = found.templates() if found is not None else None
        starters = templates.pack_files(pack_id, name or pack_id) if templates else {}
        try:
            atomic_write(manifest, dumps(data))
            for relative, document in starters.items():
                target = Path(folder) / relative
                if not target.exists():  # a file already there is the designer's
                    atomic_write(target, dumps(document))
        except OSError as exc:
            raise DocumentError(f"{manifest}: cannot write: {exc.strerror or exc}") from None
        self.window.files.open_pack(Path(folder))
        return manifest

    def new_pack_dialog(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        from questforge.engine import rulesets

        window = self.window
        folder = QFileDialog.getExistingDirectory(
            window, "Folder for the new pack", str(Path.cwd())
        )
        if not folder:
            return
        pack_id, ok = QInputDialog.getText(
            window, "New pack", "Pack id (kebab-case):", text=Path(folder).name.lower()
        )
        if not ok:
            return
        names = [r.name for r in rulesets.all_rulesets()] or list(rulesets.BUILTIN)
        ruleset, ok = QInputDialog.getItem(window, "New pack", "Ruleset:", names, 0, False)
        if not ok:
            return
        try:
            self.new_pack(Path(folder), pack_id, pack_id, ruleset)
        except DocumentError as exc:
            window.prompts.error("Cannot create pack", str(exc))
