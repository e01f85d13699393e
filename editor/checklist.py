""" "Start here": a checklist for a new or incomplete document, declared by its board mode.

A new scenario is schema-invalid until it has tiles, rooms, starting hexes and a goal; four
red errors are a poor welcome for a designer who has not done anything wrong yet. A board
mode declares, per ``(ruleset, kind)``, the steps that make a document complete (each with
how to do it and the top-level properties whose schema errors it stands for); the editor
shows them as a checklist that ticks off live as the designer works, and the problems
panel leaves out the schema errors an unticked step already says. ``questforge validate``
is untouched: the findings still exist, the editor only words them as steps. When every
step is done the checklist collapses to one "ready" line.

Core never names a ruleset: board modes call :func:`register_checklist`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from questforge.editor.document import Document
from questforge.validator.findings import Finding


@dataclass(frozen=True)
class ChecklistItem:
    """One step towards a complete document."""

    id: str
    #: what to do, worded for a designer ("Add a map tile")
    label: str
    #: how to do it in the editor ("Tile tool (T): pick a tile, click the map")
    how: str
    #: whether the step is done, from the document's data
    done: Callable[[Any], bool]
    #: top-level properties whose schema errors this step stands for while it is not done
    covers: tuple[str, ...] = ()
    #: progress shown after the label ("2/4"), optional
    progress: Callable[[Any], str] | None = None
    #: codes of the ruleset's own findings this step says as well (Gloomhaven's "fewer
    #: than four starting hexes" while the step "set 4 starting hexes" is not done)
    codes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Checklist:
    title: str
    items: tuple[ChecklistItem, ...]

    def state(self, data: Any) -> list[tuple[ChecklistItem, bool]]:
        out = []
        for item in self.items:
            try:
                done = bool(item.done(data))
            except Exception:  # odd data (a hand-edited file): the step is simply not done
                done = False
            out.append((item, done))
        return out

    def complete(self, data: Any) -> bool:
        return all(done for _item, done in self.state(data))

    def covered(self, data: Any) -> frozenset[str]:
        """What the unticked steps stand for: top-level properties (their schema errors)
        and ``code:`` plus a finding code (that finding, anywhere in the document)."""
        out: set[str] = set()
        for item, done in self.state(data):
            if not done:
                out.update(item.covers)
                out.update(f"code:{c}" for c in item.codes)
        return frozenset(out)


#: findings of these codes are schema findings a checklist step may stand for
SCHEMA_CODES = frozenset({"QC010"})

_CHECKLISTS: dict[tuple[str, str], Checklist] = {}


def register_checklist(ruleset: str, kind: str, checklist: Checklist) -> Checklist:
    _CHECKLISTS[(ruleset, kind)] = checklist
    return checklist


def checklist_for(ruleset: str | None, kind: str | None) -> Checklist | None:
    if ruleset is None or kind is None:
        return None
    return _CHECKLISTS.get((ruleset, kind))


def without_covered(
    findings: Iterable[Finding], covered: dict[str, frozenset[str]]
) -> list[Finding]:
    """``findings`` without the schema errors that a checklist step of their document
    (``covered``: document name -> properties) already shows as a step to do."""
    out = []
    for f in findings:
        props = covered.get(f.file or "")
        if props and f"code:{f.code}" in props:
            continue
        if (
            props
            and f.code in SCHEMA_CODES
            and f.path
            and isinstance(f.path[0], str)
            and f.path[0] in props
        ):
            continue
        out.append(f)
    return out


class ChecklistPanel(QWidget):
    """The "Start here" steps of the current document, ticking off as it changes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("start-here")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold")
        layout.addWidget(self.title)
        self.rows: dict[str, QLabel] = {}
        #: per step, the line saying how to do it (hidden once the step is done)
        self.hows: dict[str, QLabel] = {}
        self._rows_layout = QVBoxLayout()
        self._rows_layout.setSpacing(2)
        layout.addLayout(self._rows_layout)
        layout.addStretch(1)
        self.document: Document | None = None
        self.checklist: Checklist | None = None

    def show_for(self, document: Document | None, checklist: Checklist | None) -> None:
        """Follow ``document`` (``None``, or no checklist: the panel is empty)."""
        if self.document is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # a closed document
                self.document.changed.disconnect(self._on_changed)
        self.document = document if checklist is not None else None
        self.checklist = checklist
        for label in [*self.rows.values(), *self.hows.values()]:
            label.deleteLater()
        self.rows = {}
        self.hows = {}
        if self.document is not None and checklist is not None:
            for item in checklist.items:
                label = QLabel()
                label.setObjectName(f"step-{item.id}")
                # one line per part, no wrapping: a wrapped label keeps the height of
                # its longest text, and a ticked step should give its space back
                label.setTextFormat(Qt.TextFormat.RichText)
                label.setToolTip(item.how)
                how = QLabel(item.how)
                how.setStyleSheet("color: #666; padding-left: 14px")
                self._rows_layout.addWidget(label)
                self._rows_layout.addWidget(how)
                self.rows[item.id] = label
                self.hows[item.id] = how
            self.document.changed.connect(self._on_changed)
        self.refresh()

    def _on_changed(self, *_args: object) -> None:
        self.refresh()

    @property
    def complete(self) -> bool:
        if self.document is None or self.checklist is None:
            return True
        return self.checklist.complete(self.document.data)

    def state(self) -> dict[str, bool]:
        """Each step's id and whether it is done (for tests and scripts)."""
        if self.document is None or self.checklist is None:
            return {}
        return {item.id: done for item, done in self.checklist.state(self.document.data)}

    def refresh(self) -> None:
        if self.document is None or self.checklist is None:
            self.title.setText("")
            self.setVisible(False)
            return
        self.setVisible(True)
        state = self.checklist.state(self.document.data)
        left = sum(1 for _item, done in state if not done)
        if left == 0:
            self.title.setText(f"✔ {self.checklist.title}: ready")
            self.title.setToolTip("Every step is done; the Problems panel has the rest.")
        else:
            self.title.setText(f"{self.checklist.title} ({len(state) - left}/{len(state)} done)")
            self.title.setToolTip("")
        for item, done in state:
            label = self.rows[item.id]
            label.setVisible(left > 0)  # complete: collapse to the one "ready" line
            extra = ""
            if item.progress is not None:
                try:
                    extra = f" ({item.progress(self.document.data)})"
                except Exception:
                    extra = ""
            if done:
                text = f"<span style='color:#2e7d32'>☑ <s>{item.label}</s>{extra}</span>"
            else:
                text = f"☐ <b>{item.label}</b>{extra}"
            if label.text() != text:
                label.setText(text)
            self.hows[item.id].setVisible(left > 0 and not done)
