"""Undo commands: every user edit of a document is one of these (or a macro of them).

Commands never touch the JSON tree directly; they call the document's low-level mutators
(:meth:`Document._raw_set` and friends), which emit the path-level change signal that every
view listens to. That is Tiled's shape: the undo stack is the only way a document changes,
so undo/redo and the views can never disagree.

Drags merge: consecutive :class:`SetValueCommand` s that share a ``merge_key`` and a path
collapse into one stack entry, so dragging a monster across ten hexes is undone in one step.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

from questforge.editor.jsonpath import MISSING, JsonPath, format_path

if TYPE_CHECKING:
    from questforge.editor.document import Document

#: QUndoCommand.id() for mergeable value edits (any constant != -1 works)
MERGE_ID = 4242


class SetValueCommand(QUndoCommand):
    """Set the value at ``path`` (creating the key if needed; undo restores or removes it)."""

    def __init__(
        self,
        doc: Document,
        path: JsonPath,
        value: Any,
        text: str | None = None,
        merge_key: str | None = None,
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(text or f"Set {format_path(path)}", parent)
        self.doc = doc
        self.path = tuple(path)
        self.new = copy.deepcopy(value)
        self.old = copy.deepcopy(doc.get(self.path))
        self.merge_key = merge_key

    def redo(self) -> None:
        self.doc._raw_set(self.path, copy.deepcopy(self.new))

    def undo(self) -> None:
        if self.old is MISSING:
            self.doc._raw_delete(self.path)
        else:
            self.doc._raw_set(self.path, copy.deepcopy(self.old))

    def id(self) -> int:
        return MERGE_ID if self.merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if (
            isinstance(other, SetValueCommand)
            and other.merge_key == self.merge_key
            and other.path == self.path
            and other.doc is self.doc
        ):
            self.new = copy.deepcopy(other.new)
            return True
        return False


class InsertItemCommand(QUndoCommand):
    """Insert ``value`` into the list at ``list_path`` at ``index`` (-1 or None: append)."""

    def __init__(
        self,
        doc: Document,
        list_path: JsonPath,
        value: Any,
        index: int | None = None,
        text: str | None = None,
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(text or f"Add to {format_path(list_path)}", parent)
        self.doc = doc
        self.list_path = tuple(list_path)
        self.value = copy.deepcopy(value)
        self.created_list = doc.get(self.list_path) is MISSING
        current = doc.get(self.list_path, [])
        self.index = len(current) if index is None or index < 0 else min(index, len(current))

    def redo(self) -> None:
        if self.created_list:
            self.doc._raw_set(self.list_path, [])
        self.doc._raw_insert(self.list_path, self.index, copy.deepcopy(self.value))

    def undo(self) -> None:
        self.doc._raw_remove(self.list_path, self.index)
        if self.created_list:
            self.doc._raw_delete(self.list_path)


class RemoveItemCommand(QUndoCommand):
    """Remove the list item at ``list_path[index]`` (undo puts it back in place)."""

    def __init__(
        self,
        doc: Document,
        list_path: JsonPath,
        index: int,
        text: str | None = None,
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(text or f"Remove {format_path((*list_path, index))}", parent)
        self.doc = doc
        self.list_path = tuple(list_path)
        self.index = index
        self.value = copy.deepcopy(doc.get((*self.list_path, index)))

    def redo(self) -> None:
        self.doc._raw_remove(self.list_path, self.index)

    def undo(self) -> None:
        self.doc._raw_insert(self.list_path, self.index, copy.deepcopy(self.value))


class ReplaceRootCommand(QUndoCommand):
    """Replace the whole tree (used to restore an autosave: undoable like any edit)."""

    def __init__(self, doc: Document, data: Any, text: str = "Restore autosave") -> None:
        super().__init__(text)
        self.doc = doc
        self.new = copy.deepcopy(data)
        self.old = copy.deepcopy(doc.data)

    def redo(self) -> None:
        self.doc._raw_replace_root(copy.deepcopy(self.new))

    def undo(self) -> None:
        self.doc._raw_replace_root(copy.deepcopy(self.old))


class DeleteKeyCommand(QUndoCommand):
    """Remove an object key (undo puts it back at its original position in the object)."""

    def __init__(self, doc: Document, path: JsonPath, text: str | None = None) -> None:
        super().__init__(text or f"Remove {format_path(path)}")
        self.doc = doc
        self.path = tuple(path)
        self.parent_path = self.path[:-1]
        self.old_parent = copy.deepcopy(doc.get(self.parent_path))

    def redo(self) -> None:
        self.doc._raw_delete(self.path)

    def undo(self) -> None:
        # restore the whole parent object so the key regains its place (key order kept)
        self.doc._raw_set(self.parent_path, copy.deepcopy(self.old_parent))
