"""Gloomhaven's text board: the map, order, elements and figures as styled lines.

Used by ``questforge play`` and ``replay`` (the terminal draws the styles in colour) and by
anything that wants a plain-text snapshot of a game (``TextBoard.plain()``). Cells are drawn
pointy-top: one row per axial ``r``, each row shifted by half a cell, so the six neighbours
of a hex are the cells left, right and diagonally above and below it. Unrevealed rooms show
as faint dots and their contents stay hidden (GH-SETUP-05).

Style names are semantic (``character``, ``elite``, ``door`` …); the terminal maps them to
colours (see ``questforge/commands/terminal.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from questforge.engine.core.game import TextBoard, TextLine, TextSpan
from questforge.engine.core.hexgrid import HexKey as Hex
from questforge.engine.gloomhaven.game.spec import Content, ScenarioSpec
from questforge.engine.gloomhaven.game.state import (
    ELEMENT_STATE_NAMES,
    STRONG,
    WANING,
    Figure,
    GameState,
)

#: width of one hex cell in characters; rows of the map are offset by half a cell
CELL = 4

LEGEND: dict[str, str] = {
    "character": "character (initials)",
    "monster": "monster (letter + standee)",
    "elite": "elite monster or boss",
    "summon": "summon",
    "door": "closed door [D]",
    "obstacle": "obstacle ###",
    "trap": "trap ^",
    "hazard": "hazardous ~",
    "difficult": "difficult :",
    "treasure": "treasure T",
    "coins": "money tokens $",
    "plate": "pressure plate o",
    "mark": "an option of the current decision",
}


def monster_codes(type_ids: Iterable[str]) -> dict[str, str]:
    """A short, unique letter code per monster type (``bandit-guard`` -> ``g``): the first
    letter of the last word first, then of earlier words, then any free letter."""
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


class BoardText:
    """Draws one scenario's games; built once per game (codes stay stable as it goes)."""

    def __init__(self, spec: ScenarioSpec, content: Content | None = None) -> None:
        self.spec = spec
        self.content = content
        types = list(content.monsters) if content is not None else []
        self.mcodes = monster_codes([*types, *(p.monster for p in spec.placements)])
        self.door_hexes = {d.hex for d in spec.doors}
        self.hex_room: dict[Hex, str] = {}
        for room, hexes in spec.rooms.items():
            for h in hexes:
                self.hex_room.setdefault(h, room)

    # ------------------------------------------------------------------ cells
    def _figure_cell(self, f: Figure, ccodes: Mapping[str, str]) -> TextSpan:
        if f.kind == "character":
            return TextSpan(ccodes.get(f.id, f.id[:2].upper()).ljust(3), "character")
        if f.kind == "summon":
            return TextSpan(f"s{f.summon_order}"[:3].ljust(3), "summon")
        code = self.mcodes.get(f.monster_type)
        if code is None:
            self.mcodes = monster_codes([*self.mcodes, f.monster_type])
            code = self.mcodes[f.monster_type]
        label = (code.upper() if f.boss else code) + str(f.standee or "")
        return TextSpan(label[:3].ljust(3), "elite" if f.elite or f.boss else "monster")

    def _terrain_cell(self, h: Hex, state: GameState, visible: bool) -> TextSpan:
        if not visible:
            return TextSpan(" · ", "hidden")
        if h in self.door_hexes:
            if h in state.open_doors:
                return TextSpan(" ▯ ", "door-open")
            return TextSpan("[D]", "door")
        if h in state.obstacles:
            return TextSpan("###", "obstacle")
        if h in state.traps:
            return TextSpan(" ^ ", "trap")
        if h in state.treasures:
            return TextSpan(" T ", "treasure")
        if h in state.coins:
            return TextSpan(f"${state.coins[h]}"[:3].center(3), "coins")
        if h in self.spec.hazardous:
            return TextSpan(" ~ ", "hazard")
        if h in self.spec.difficult:
            return TextSpan(" : ", "difficult")
        if h in self.spec.pressure_plates:
            return TextSpan(" o ", "plate")
        return TextSpan(" . ", "floor")

    def map_lines(self, state: GameState, marks: Mapping[Hex, str] | None = None) -> list[TextLine]:
        """The hex map: figures over overlays over terrain; ``marks`` label hexes (the
        numbered options of a decision) and replace the terrain of an empty hex."""
        marks = marks or {}
        hexes = self.spec.hexes
        if not hexes:
            return [(TextSpan("(empty map)"),)]
        occupied = {f.hex: f for f in state.figures.values()}
        revealed = set(state.revealed_rooms)
        ccodes = character_codes(state.characters)
        cols = {h: 2 * h[0] + h[1] for h in hexes}
        min_col = min(cols.values())
        lines: list[TextLine] = []
        for r in sorted({h[1] for h in hexes}):
            spans: list[TextSpan] = []
            pos = 0
            for h in sorted((h for h in hexes if h[1] == r), key=lambda h: cols[h]):
                x = (cols[h] - min_col) * (CELL // 2)
                if x > pos:
                    spans.append(TextSpan(" " * (x - pos)))
                room = self.hex_room.get(h)
                visible = room is None or room in revealed or h in self.door_hexes
                fig = occupied.get(h)
                cell = self._figure_cell(fig, ccodes) if fig and visible else None
                if cell is None and h in marks:
                    cell = TextSpan(marks[h][:3].center(3), "mark")
                if cell is None:
                    cell = self._terrain_cell(h, state, visible)
                spans.append(cell)
                pos = x + 3
            lines.append(tuple(spans))
        return lines

    # ------------------------------------------------------------------ panels
    def monster_name(self, type_id: str) -> str:
        if self.content and type_id in self.content.monsters:
            return self.content.monsters[type_id].name
        return type_id

    def actor_name(self, ident: str) -> str:
        """A character (its class name) or a monster type (its name), as people say it."""
        if self.content and ident in self.content.classes:
            return self.content.classes[ident].name or ident
        return self.monster_name(ident)

    def monsters_line(self, state: GameState) -> TextLine:
        present = sorted({f.monster_type for f in state.figures.values() if f.kind == "monster"})
        if not present:
            return ()
        text = ", ".join(f"{self.mcodes.get(t, '?')} = {self.monster_name(t)}" for t in present)
        return (TextSpan("monsters: ", "heading"), TextSpan(text))

    def elements_line(self, state: GameState) -> TextLine:
        spans = [TextSpan("Elements: ", "heading")]
        for element, value in state.elements.items():
            label = ELEMENT_STATE_NAMES.get(value, str(value))
            style = f"element-{element}" if value in (STRONG, WANING) else "muted"
            if value == STRONG:
                style += "-strong"
            spans += [TextSpan(f"{element} {label}", style), TextSpan("  ")]
        return tuple(spans)

    def header_line(self, state: GameState, order: list[tuple[str, int]]) -> TextLine:
        spans = [TextSpan(f"Round {state.round}", "heading")]
        if order:
            names = "  ".join(f"{self.actor_name(n)} {i:02d}" for n, i in order)
            spans.append(TextSpan("  order: " + names))
        return tuple(spans)

    def figure_lines(self, state: GameState) -> list[TextLine]:
        ccodes = character_codes(state.characters)
        rows: list[tuple[str, str, str, str, str, str]] = []
        for ch in state.characters.values():
            fig = state.figures.get(ch.figure)
            cards = f"{len(ch.hand)}/{len(ch.discard)}/{len(ch.lost)}"
            label = f"{ccodes.get(ch.id, '')} {self.actor_name(ch.id)}"
            if ch.exhausted or fig is None:
                status = "exhausted" if ch.exhausted else "not placed yet"
                rows.append((label, "—", status, "", "", cards))
                continue
            rows.append((*_figure_row(fig, label), cards))
        for fig in sorted(
            (f for f in state.figures.values() if f.kind != "character"),
            key=lambda f: (f.kind != "summon", f.monster_type, not f.elite, f.standee, f.id),
        ):
            if fig.kind == "summon":
                owner = self.actor_name(fig.owner) if fig.owner else "summon"
                label = f"s{fig.summon_order} {owner}'s summon"
            else:
                code = self.mcodes.get(fig.monster_type, "?")
                elite = "elite " if fig.elite else ""
                label = f"{code}{fig.standee} {elite}{self.monster_name(fig.monster_type)}"
            rows.append((*_figure_row(fig, label), ""))
        head = ("figure", "hex", "HP", "conditions", "shield/ret.", "cards h/d/l")
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
        out: list[TextLine] = [
            (TextSpan("  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)), "heading"),)
        ]
        for row in rows:
            out.append((TextSpan("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True))),))
        return out

    def render(
        self,
        state: GameState,
        order: list[tuple[str, int]] | None = None,
        marks: Mapping[Hex, str] | None = None,
    ) -> TextBoard:
        lines: list[TextLine] = [self.header_line(state, order or [])]
        lines += self.map_lines(state, marks)
        monsters = self.monsters_line(state)
        if monsters:
            lines.append(monsters)
        lines.append(self.elements_line(state))
        lines += self.figure_lines(state)
        return TextBoard(tuple(lines), LEGEND)


def _figure_row(fig: Figure, label: str) -> tuple[str, str, str, str, str]:
    conds = ", ".join(sorted(fig.conditions))
    retal = sum(v for v, _ in fig.retaliate) + fig.base_retaliate
    shield = fig.shield + fig.base_shield
    defence = f"{shield}/{retal}" if (shield or retal) else ""
    return (label, f"{fig.hex[0]},{fig.hex[1]}", f"{fig.hp}/{fig.max_hp}", conds, defence)


def initiative_order(game: object) -> list[tuple[str, int]]:
    """This round's order: characters by initiative, monster types by their card (empty
    during card selection, when initiatives are still secret)."""
    st = game.state  # type: ignore[attr-defined]
    content = game.content  # type: ignore[attr-defined]
    if st.phase not in ("turns", "end-of-round"):
        return []
    if st.phase == "end-of-round" and st.turn_order:
        # the cards went back to their decks at the end of the round (GH-EOR-02): the
        # order as last published this round still names the monster types that acted
        return [(a, st.initiatives[a]) for a in st.turn_order if a in st.initiatives]
    rows: list[tuple[int, int, str]] = []
    for ch in st.living_characters():
        rows.append((ch.initiative, 0, ch.id))
    for mt in st.monster_types.values():
        if not mt.card or not any(f.monster_type == mt.id for f in st.figures.values()):
            continue
        card = next((c for c in content.monster_decks[mt.deck_id] if c.id == mt.card), None)
        if card is not None:
            rows.append((card.initiative, 1, mt.id))
    return [(n, init) for init, _, n in sorted(rows)]
