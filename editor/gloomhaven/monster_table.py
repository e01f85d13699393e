"""Monsters per player count as a table: every monster placement × 2/3/4 characters.

Why: setting a scenario's markers one placement at a time (select, three rows of buttons)
was the slowest part of building a scenario, and nothing said when a type needs more
standees than the box has. The table shows every placement's marker at once: click a cell
to cycle absent → normal → elite, or select cells and type N (normal), E (elite), 0
(absent) or Space (cycle); a preset applies to the selected rows. Every change is one undo
step (several cells at once: one step). Under it, a count per monster type and player
count against the type's standees (the monster's ``standees``, else the usual
:data:`DEFAULT_STANDEES`) turns red when the map asks for more standees than exist
(GH-ROOM-03: only the standees available are placed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from questforge.editor.gloomhaven.edits import PRESETS, SAME_AT_ALL, ScenarioEdits
from questforge.editor.gloomhaven.scenario_map import PLAYER_COUNTS, STATES, as_hex

if TYPE_CHECKING:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor

#: standees of a monster type whose document does not say (what ``questforge new monster``
#: writes, and the engine's default)
DEFAULT_STANDEES = 6
#: the first count column (0: monster, 1: hex)
FIRST_COUNT = 2
COLOURS = {"absent": "#111111", "normal": "#ffffff", "elite": "#e2b007"}
TEXT = {"absent": "#ffffff", "normal": "#111111", "elite": "#111111"}
KEYS = {Qt.Key.Key_N: "normal", Qt.Key.Key_E: "elite", Qt.Key.Key_0: "absent"}


def standee_limit(lookup: Any, monster: str) -> int:
    doc = lookup("monster", monster) if monster else None
    value = doc.get("standees") if isinstance(doc, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else DEFAULT_STANDEES


def standee_counts(data: Any) -> dict[str, dict[str, int]]:
    """monster type -> player count -> placements present (normal or elite) at it."""
    out: dict[str, dict[str, int]] = {}
    monsters = data.get("monsters") if isinstance(data, dict) else None
    for entry in monsters if isinstance(monsters, list) else []:
        if not isinstance(entry, dict):
            continue
        name = str(entry.get("monster", ""))
        counts = entry.get("players")
        counts = counts if isinstance(counts, dict) else {}
        row = out.setdefault(name, dict.fromkeys(PLAYER_COUNTS, 0))
        for c in PLAYER_COUNTS:
            if counts.get(c) in ("normal", "elite"):
                row[c] += 1
    return out


def summary_html(data: Any, lookup: Any, only: str | None = None) -> str:
    """Per type: ``used/standees`` at 2, 3 and 4 characters; over the limit in red."""
    lines = []
    for name, row in sorted(standee_counts(data).items()):
        if only is not None and name != only:
            continue
        limit = standee_limit(lookup, name)
        cells = []
        for c in PLAYER_COUNTS:
            text = f"{c}p {row[c]}/{limit}"
            cells.append(
                f"<span style='color:#c0392b'><b>{text}</b></span>" if row[c] > limit else text
            )
        lines.append(f"{name}: " + " · ".join(cells))
    return "<br>".join(lines)


def standee_note_html(editor: ScenarioEditor, monster: str) -> str:
    """The standee count of ``monster``'s type, shown beside the map marker."""
    text = summary_html(editor.document.data, editor.lookup, only=monster)
    return f"<br><small>Standees {text.split(': ', 1)[-1]}</small>" if text else ""


class _MarkerCell(QStyledItemDelegate):
    """Paints a count cell in its marker colour; selection is an outline, not a fill."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Any) -> None:
        state = str(index.data())
        rect = option.rect
        painter.save()
        painter.fillRect(rect, QColor(COLOURS.get(state, "#cccccc")))
        painter.setPen(QColor(TEXT.get(state, "#111111")))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, state)
        if option.state & QStyle.StateFlag.State_Selected:
            painter.setPen(QPen(QColor("#1d5fa8"), 3))
            painter.drawRect(rect.adjusted(1, 1, -2, -2))
        painter.restore()


class MonsterCountTable(QWidget):
    """The table, its preset chooser and the standee summary for one scenario."""

    def __init__(self, editor: ScenarioEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.edits: ScenarioEdits = editor.edits
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.preset = QComboBox()
        self.preset.addItem("Preset for selected rows…")
        self.preset.addItems([SAME_AT_ALL, *PRESETS])
        self.preset.textActivated.connect(self.apply_preset)
        row.addWidget(self.preset, 1)
        layout.addLayout(row)
        self.table = QTableWidget(0, FIRST_COUNT + len(PLAYER_COUNTS))
        self.table.setHorizontalHeaderLabels(["Monster", "Hex", *[f"{c}p" for c in PLAYER_COUNTS]])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        # a selected count cell keeps its marker colour, outlined instead of filled
        for col in range(FIRST_COUNT, FIRST_COUNT + len(PLAYER_COUNTS)):
            self.table.setItemDelegateForColumn(col, _MarkerCell(self.table))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # fixed widths (ResizeToContents would measure every row again on each edit): a
        # count column fits "absent"/"normal", the hex column is fitted on a full refresh
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        cell = self.table.fontMetrics().horizontalAdvance("normal") + 14
        for col in range(FIRST_COUNT, FIRST_COUNT + len(PLAYER_COUNTS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(col, cell)
        self.table.cellClicked.connect(self._clicked)
        self.table.installEventFilter(self)
        # the standee counts above the table: the table scrolls, the counts stay in sight
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        editor.document.changed.connect(self._on_changed)
        self.refresh()

    # ----------------------------------------------------------------- view
    def _on_changed(self, path: tuple[Any, ...]) -> None:
        if path and path[0] != "monsters":
            return
        monsters = self.edits.items("monsters")
        if len(path) >= 2 and isinstance(path[1], int) and self.table.rowCount() == len(monsters):
            # one placement changed (moved, a marker cell): redraw its row only, so an
            # edit on a map with hundreds of monsters stays cheap
            if path[1] < len(monsters):
                self.table.blockSignals(True)
                self._fill_row(path[1], monsters[path[1]])
                self.table.blockSignals(False)
            self._update_summary()
            return
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the rows from the document (selection and current cell kept)."""
        current = (self.table.currentRow(), self.table.currentColumn())
        selected = [(i.row(), i.column()) for i in self.table.selectedIndexes()]
        monsters = self.edits.items("monsters")
        self.table.blockSignals(True)
        self.table.setRowCount(len(monsters))
        for r, entry in enumerate(monsters):
            self._fill_row(r, entry)
        if 0 <= current[0] < len(monsters):
            self.table.setCurrentCell(*current)
        for row, col in selected:
            cell = self.table.item(row, col) if row < len(monsters) else None
            if cell is not None:
                cell.setSelected(True)
        self.table.blockSignals(False)
        self.table.resizeColumnToContents(1)
        self._update_summary()

    def _fill_row(self, r: int, entry: Any) -> None:
        entry = entry if isinstance(entry, dict) else {}
        name = QTableWidgetItem(str(entry.get("monster", "?")))
        h = as_hex(entry.get("hex"))
        where = QTableWidgetItem(f"{h[0]}, {h[1]}" if h else "?")
        self.table.setItem(r, 0, name)
        self.table.setItem(r, 1, where)
        states = self.edits.monster_states(r)
        for k, c in enumerate(PLAYER_COUNTS):
            state = states[c]
            item = QTableWidgetItem(state)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            item.setBackground(QBrush(QColor(COLOURS.get(state, "#cccccc"))))
            item.setForeground(QBrush(QColor(TEXT.get(state, "#111111"))))
            item.setToolTip(f"{c} characters: {state} (click or N / E / 0 / Space)")
            self.table.setItem(r, FIRST_COUNT + k, item)

    def _update_summary(self) -> None:
        summary = summary_html(self.editor.document.data, self.editor.lookup)
        text = summary or "<i>No monsters placed yet.</i>"
        if text == self.summary.text():
            return
        self.summary.setText(text)

    def state_at(self, row: int, count: str) -> str:
        item = self.table.item(row, FIRST_COUNT + PLAYER_COUNTS.index(count))
        return item.text() if item is not None else ""

    # ----------------------------------------------------------------- input
    def _clicked(self, row: int, column: int) -> None:
        if column >= FIRST_COUNT:
            self.edits.cycle_monster_state(row, PLAYER_COUNTS[column - FIRST_COUNT])
        else:
            self.editor.set_selection(("monsters", row))

    def _count_cells(self) -> list[tuple[int, str]]:
        cells = {
            (i.row(), PLAYER_COUNTS[i.column() - FIRST_COUNT])
            for i in self.table.selectedIndexes()
            if i.column() >= FIRST_COUNT
        }
        if not cells and self.table.currentColumn() >= FIRST_COUNT:
            cells = {
                (self.table.currentRow(), PLAYER_COUNTS[self.table.currentColumn() - FIRST_COUNT])
            }
        return sorted(cells)

    def set_cells(self, state: str | None) -> None:
        """The selected count cells to ``state`` (``None``: cycle each), one undo step."""
        cells = self._count_cells()
        if not cells:
            return
        by_row: dict[int, dict[str, str]] = {}
        for row, count in cells:
            current = self.edits.monster_states(row)[count]
            new = state or STATES[(STATES.index(current) + 1) % len(STATES)]
            by_row.setdefault(row, {})[count] = new
        if len(by_row) == 1:
            row, states = next(iter(by_row.items()))
            if len(states) == 1:
                count, new = next(iter(states.items()))
                self.edits.set_monster_state(row, count, new)
                return
        with self.edits.step(f"Markers of {len(cells)} cells"):
            for row, states in by_row.items():
                self.edits.set_monster_players(row, states)

    def selected_rows(self) -> list[int]:
        rows = sorted({i.row() for i in self.table.selectedIndexes()})
        if not rows and self.table.currentRow() >= 0:
            rows = [self.table.currentRow()]
        return rows

    def apply_preset(self, name: str) -> None:
        """A preset to every selected row: one undo step."""
        states = PRESETS.get(name)
        rows = self.selected_rows()
        self.preset.setCurrentIndex(0)
        if (states is None and name != SAME_AT_ALL) or not rows:
            return
        first = self.table.item(rows[0], 0)
        many = f"{len(rows)} monsters" if len(rows) > 1 or first is None else first.text()
        with self.edits.step(f"Preset “{name}” on {many}"):
            for row in rows:
                if states is None:
                    self.edits.same_at_all_counts(row)
                else:
                    self.edits.set_monster_players(row, states, f"Preset {name}")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() in (
            QEvent.Type.ShortcutOverride,
            QEvent.Type.KeyPress,
        ):
            assert isinstance(event, QKeyEvent)
            key = Qt.Key(event.key())
            if key in KEYS or key == Qt.Key.Key_Space:
                if event.type() == QEvent.Type.ShortcutOverride:
                    event.accept()  # N / E / 0 edit the cell, not the tool shortcuts
                    return True
                self.set_cells(KEYS.get(key))
                return True
        return super().eventFilter(watched, event)
