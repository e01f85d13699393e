"""``questforge play``: a Gloomhaven scenario in the terminal (or watched, with ``--auto``).

This module also holds the terminal *view* of a game (hex map, initiative order, figures,
elements), which ``questforge replay`` reuses. The view reads the engine's state and never
changes it; the prompts turn the engine's decisions into numbered menus.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from questforge.engine.gloomhaven.game.spec import Content, ScenarioSpec
from questforge.engine.gloomhaven.game.state import (
    ELEMENT_STATE_NAMES,
    STRONG,
    WANING,
    Figure,
    GameState,
)

Hex = tuple[int, int]

#: width of one hex cell in characters; rows of the map are offset by half a cell
CELL = 4

_ELEMENT_STYLE = {
    "fire": "red",
    "ice": "cyan",
    "air": "white",
    "earth": "green",
    "light": "yellow",
    "dark": "magenta",
}


def monster_codes(type_ids: Iterable[str]) -> dict[str, str]:
    """A short, unique letter code per monster type (``bandit-guard`` -> ``g``).

    The first letter of each word of the id is tried in order, then any free letter, so the
    codes are stable for a scenario and never collide.
    """
    codes: dict[str, str] = {}
    used: set[str] = set()
    for type_id in sorted(set(type_ids)):
        words = [w for w in type_id.split("-") if w]
        candidates = [w[0] for w in reversed(words)] + list(type_id.replace("-", ""))
        candidates += list("abcdefghijklmnopqrstuvwxyz")
        code = next((c for c in candidates if c.isalpha() and c not in used), "?")
        used.add(code)
        codes[type_id] = code
    return codes


def character_codes(class_ids: Iterable[str]) -> dict[str, str]:
    """Two upper-case letters per character (``hollow-warden`` -> ``HW``), unique."""
    codes: dict[str, str] = {}
    used: set[str] = set()
    for cid in class_ids:
        words = [w for w in cid.split("-") if w]
        first = "".join(w[0] for w in words[:2]).upper()
        options = [first if len(first) == 2 else cid[:2].upper(), cid[:2].upper()]
        options += [f"{cid[0].upper()}{d}" for d in range(10)]
        code = next(c for c in options if c not in used)
        used.add(code)
        codes[cid] = code
    return codes


class BoardView:
    """Draws one game (spec + state) as rich renderables.

    Cells are drawn "pointy-top": one text row per axial ``r``, each row shifted by half a
    cell, so the six neighbours of a hex are the cells left, right and diagonally above and
    below it. Unrevealed rooms show as faint dots; their contents stay hidden (GH-SETUP-05).
    """

    def __init__(self, spec: ScenarioSpec, content: Content | None = None) -> None:
        self.spec = spec
        self.content = content
        self.mcodes = monster_codes(p.monster for p in spec.placements)
        for s in spec.spawns:
            if s.monster not in self.mcodes:
                self.mcodes = monster_codes([*self.mcodes, s.monster])
        self.door_hexes = {d.hex for d in spec.doors}
        self.hex_room: dict[Hex, str] = {}
        for room, hexes in spec.rooms.items():
            for h in hexes:
                self.hex_room.setdefault(h, room)

    # ------------------------------------------------------------------ cells

    def _figure_cell(self, f: Figure, ccodes: Mapping[str, str]) -> Text:
        if f.kind == "character":
            return Text(ccodes.get(f.id, f.id[:2].upper()).ljust(3), style="bold black on cyan")
        if f.kind == "summon":
            return Text(f"s{f.summon_order}"[:3].ljust(3), style="bold black on green")
        code = self.mcodes.get(f.monster_type)
        if code is None:
            self.mcodes = monster_codes([*self.mcodes, f.monster_type])
            code = self.mcodes[f.monster_type]
        label = (code.upper() if f.boss else code) + str(f.standee or "")
        style = "bold black on yellow" if f.elite or f.boss else "bold black on white"
        return Text(label[:3].ljust(3), style=style)

    def _terrain_cell(self, h: Hex, state: GameState, visible: bool) -> Text:
        if not visible:
            return Text(" · ", style="grey23")
        if h in self.door_hexes:
            if h in state.open_doors:
                return Text(" ▯ ", style="green")
            return Text("[D]", style="bold bright_white on grey30")
        if h in state.obstacles:
            return Text("###", style="grey50")
        if h in state.traps:
            return Text(" ^ ", style="bold red")
        if h in state.treasures:
            return Text(" T ", style="bold yellow")
        if h in state.coins:
            return Text(f"${state.coins[h]}"[:3].center(3), style="yellow")
        if h in self.spec.hazardous:
            return Text(" ~ ", style="red")
        if h in self.spec.difficult:
            return Text(" : ", style="green")
        if h in self.spec.pressure_plates:
            return Text(" o ", style="blue")
        return Text(" . ", style="grey50")

    def board(self, state: GameState, marks: Mapping[Hex, str] | None = None) -> Text:
        """The hex map as text: figures over overlays over terrain.

        ``marks`` labels hexes (e.g. the numbered destinations of a move prompt); a mark is
        drawn instead of the terrain of an empty hex.
        """
        marks = marks or {}
        hexes = self.spec.hexes
        if not hexes:
            return Text("(empty map)")
        occupied = {f.hex: f for f in state.figures.values()}
        revealed = set(state.revealed_rooms)
        ccodes = character_codes(state.characters)
        cols = {h: 2 * h[0] + h[1] for h in hexes}
        min_col = min(cols.values())
        rows = sorted({h[1] for h in hexes})
        out = Text()
        for r in rows:
            line = Text()
            row_hexes = sorted((h for h in hexes if h[1] == r), key=lambda h: cols[h])
            pos = 0
            for h in row_hexes:
                x = (cols[h] - min_col) * (CELL // 2)
                line.append(" " * (x - pos))
                room = self.hex_room.get(h)
                visible = room is None or room in revealed or h in self.door_hexes
                fig = occupied.get(h)
                cell = self._figure_cell(fig, ccodes) if fig and visible else None
                if cell is None and h in marks:
                    cell = Text(marks[h][:3].center(3), style="bold black on bright_magenta")
                if cell is None:
                    cell = self._terrain_cell(h, state, visible)
                line.append_text(cell)
                pos = x + 3
            line.rstrip()
            out.append_text(line)
            out.append("\n")
        return out

    # ------------------------------------------------------------------ panels

    def legend(self, state: GameState) -> Text:
        parts = [
            ("CH", "character", "bold black on cyan"),
            ("g1", "monster (letter + standee)", "bold black on white"),
            ("g1", "elite", "bold black on yellow"),
            ("s1", "summon", "bold black on green"),
            ("[D]", "closed door", "bold bright_white on grey30"),
            ("###", "obstacle", "grey50"),
            (" ^ ", "trap", "bold red"),
            (" ~ ", "hazardous", "red"),
            (" : ", "difficult", "green"),
            (" T ", "treasure", "bold yellow"),
            ("$2", "coins", "yellow"),
        ]
        text = Text()
        for code, name, style in parts:
            text.append(code, style=style)
            text.append(f" {name}  ")
        present = sorted({f.monster_type for f in state.figures.values() if f.kind == "monster"})
        if present:
            text.append("\nmonsters: ")
            text.append(
                ", ".join(f"{self.mcodes.get(t, '?')} = {self._monster_name(t)}" for t in present)
            )
        return text

    def _monster_name(self, type_id: str) -> str:
        if self.content and type_id in self.content.monsters:
            return self.content.monsters[type_id].name
        return type_id

    def figures_table(self, state: GameState) -> Table:
        table = Table(title="Figures", show_lines=False, expand=False)
        for col in ("figure", "hex", "HP", "conditions", "shield/retal.", "cards (hand/disc/lost)"):
            table.add_column(col)
        ccodes = character_codes(state.characters)
        for ch in state.characters.values():
            fig = state.figures.get(ch.figure)
            if ch.exhausted or fig is None:
                table.add_row(
                    f"{ccodes.get(ch.id, '')} {ch.id}",
                    "—",
                    "exhausted",
                    "",
                    "",
                    f"{len(ch.hand)}/{len(ch.discard)}/{len(ch.lost)}",
                    style="grey50",
                )
                continue
            table.add_row(
                *self._figure_row(fig, f"{ccodes.get(ch.id, '')} {ch.id}"),
                f"{len(ch.hand)}/{len(ch.discard)}/{len(ch.lost)}",
            )
        for fig in sorted(
            (f for f in state.figures.values() if f.kind != "character"),
            key=lambda f: (f.kind != "summon", f.monster_type, not f.elite, f.standee, f.id),
        ):
            if fig.kind == "summon":
                name = f"s{fig.summon_order} {fig.id}"
            else:
                code = self.mcodes.get(fig.monster_type, "?")
                name = f"{code}{fig.standee} {'elite ' if fig.elite else ''}{self._monster_name(fig.monster_type)}"
            table.add_row(*self._figure_row(fig, name), "")
        return table

    @staticmethod
    def _figure_row(fig: Figure, name: str) -> tuple[str, str, str, str, str]:
        conds = ", ".join(sorted(fig.conditions)) or ""
        retal = sum(v for v, _ in fig.retaliate) + fig.base_retaliate
        defence = (
            f"{fig.shield + fig.base_shield}/{retal}"
            if (fig.shield or fig.base_shield or retal)
            else ""
        )
        return (name, f"{fig.hex[0]},{fig.hex[1]}", f"{fig.hp}/{fig.max_hp}", conds, defence)

    def elements(self, state: GameState) -> Text:
        text = Text("Elements: ")
        for name, value in state.elements.items():
            label = ELEMENT_STATE_NAMES.get(value, str(value))
            style = _ELEMENT_STYLE.get(name, "")
            if value == STRONG:
                style = f"bold {style}"
            elif value != WANING:
                style = "grey42"
            text.append(f"{name} {label}", style=style)
            text.append("  ")
        return text

    def initiative(self, state: GameState, order: list[tuple[str, int]] | None = None) -> Text:
        text = Text(f"Round {state.round}  ")
        if order:
            text.append("order: ")
            text.append("  ".join(f"{name} {init:02d}" for name, init in order))
        return text

    def render(
        self, state: GameState, order: list[tuple[str, int]] | None = None
    ) -> RenderableType:
        return Group(
            self.initiative(state, order),
            self.board(state),
            self.legend(state),
            self.elements(state),
            self.figures_table(state),
        )


def print_view(console: Console, view: BoardView, state: GameState, **kw: Any) -> None:
    console.print(view.render(state, **kw))
