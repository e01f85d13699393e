"""A content document as the validator sees it (:class:`LoadedDocument`): a name, parsed data
and optional raw text.

Named for what it holds, unlike the editor's ``Document`` (an open file with its undo stack,
``questforge.editor.document``) and the Gloomhaven model's ``ContentDocument`` (typed content).
``Document`` remains an alias of :class:`LoadedDocument` for scripts and plug-in rulesets
written before the rename.

The same type serves files on disk and the editor's in-memory documents (``name`` is then a
virtual name such as ``untitled/scenario.json``). ``text`` is only needed to turn JSON paths
into line and column; without it findings carry paths only.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questforge.validator.locating import Locator


@dataclass(eq=False)
class LoadedDocument:
    """One JSON document: where it came from, its data, and what it is."""

    #: display name used in findings: a path relative to the working folder when possible
    name: str
    data: Any
    #: the source text, for line/column of findings (``None`` for in-memory documents)
    text: str | None = None
    path: Path | None = None
    #: id of the pack the document belongs to (``None`` when outside any pack)
    pack_id: str | None = None
    #: filled in by the runner: schema validation found no error
    schema_valid: bool = field(default=False)
    #: filled in by the runner for a document with schema errors that all lie inside
    #: top-level properties: those properties (present, but wrong), so that checks can
    #: still read the others (``None``: the errors cannot be confined so, or no errors)
    invalid_parts: frozenset[str] | None = field(default=None, repr=False)
    #: required top-level properties the document lacks (with :attr:`invalid_parts`)
    missing_parts: frozenset[str] = field(default=frozenset(), repr=False)
    #: top-level lists whose only schema error is having fewer items than required (a new
    #: scenario's empty ``rooms``): well-formed, so checks may read them, and not part of
    #: :attr:`invalid_parts` (set with it)
    short_parts: frozenset[str] = field(default=frozenset(), repr=False)
    #: for top-level lists in :attr:`invalid_parts` whose errors all lie inside some of
    #: their items: those items' indices (the others are schema-valid items)
    invalid_items: dict[str, frozenset[int]] = field(default_factory=dict, repr=False)
    #: on a valid-parts view (``CheckContext.with_valid_parts``): such lists of the
    #: original document, with the indices of their broken items, for checks that can
    #: read a list item by item (the map's figures and overlays)
    partial_lists: dict[str, tuple[list[Any], frozenset[int]]] = field(
        default_factory=dict, repr=False
    )
    _positions: dict[tuple[str | int, ...], tuple[int, int]] = field(
        default_factory=dict, repr=False
    )
    #: no object of :attr:`text` repeats a key (set by the loaders, which know): findings
    #: are then located faster
    unique_keys: bool = field(default=False, repr=False)
    _locator: Locator | None = field(default=None, repr=False)

    @property
    def kind(self) -> str | None:
        value = self.data.get("kind") if isinstance(self.data, dict) else None
        return value if isinstance(value, str) else None

    @property
    def id(self) -> str | None:
        value = self.data.get("id") if isinstance(self.data, dict) else None
        return value if isinstance(value, str) else None

    def position(self, path: tuple[str | int, ...]) -> tuple[int | None, int | None]:
        """1-based (line, column) of ``path`` in :attr:`text` (memoised), or ``(None, None)``."""
        if self.text is None:
            return None, None
        found = self._positions.get(path)
        if found is None:
            if self._locator is None or self._locator.text is not self.text:
                self._locator = Locator(self.text, unique_keys=self.unique_keys)
            found = self._locator.locate(path)
            self._positions[path] = found
        return found

    def forget_positions(self) -> None:
        """The text changed: line and column of every path must be found again."""
        self._positions.clear()
        self._locator = None

    def get(self, path: tuple[str | int, ...]) -> Any:
        """The value at ``path`` in :attr:`data`, or ``None`` if the path does not exist."""
        node = self.data
        for part in path:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return None
        return node


#: the name before the rename (kept so plug-in rulesets' checks and scripts keep working)
Document = LoadedDocument


def base_prefix(base: Path | str | None = None) -> str:
    """The absolute form of ``base`` (default: the working folder) with a trailing slash."""
    return os.path.join(os.path.abspath(base if base is not None else os.getcwd()), "")


def display_name(path: Path | str, base: Path | str | None = None, *, prefix: str = "") -> str:
    """``path`` relative to ``base`` (default: the working folder) when inside it, in POSIX
    form; otherwise the absolute path. String operations only, since this runs once per
    file; pass a precomputed ``prefix`` (:func:`base_prefix`) in loops."""
    absolute = os.path.abspath(path)
    prefix = prefix or base_prefix(base)
    if absolute.startswith(prefix):
        absolute = absolute[len(prefix) :]
    return absolute.replace(os.sep, "/")
