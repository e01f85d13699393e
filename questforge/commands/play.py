"""``questforge play``: a Gloomhaven scenario in the terminal (or watched, with ``--auto``).

This module also holds the terminal *view* of a game (hex map, initiative order, figures,
elements), which ``questforge replay`` reuses. The view reads the engine's state and never
changes it; the prompts turn the engine's decisions into numbered menus.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from questforge.commands.simulate import check_output, fail
from questforge.engine.core.decisions import Decision
from questforge.engine.core.events import Event
from questforge.engine.gloomhaven import simulation
from questforge.engine.gloomhaven.bots import MONSTERS_ACTOR, BotController
from questforge.engine.gloomhaven.game.describe import abilities_text, action_text
from questforge.engine.gloomhaven.game.spec import (
    AbilityCard,
    Content,
    ScenarioSpec,
)
from questforge.engine.gloomhaven.game.state import (
    ELEMENT_STATE_NAMES,
    STRONG,
    WANING,
    Figure,
    GameState,
)
from questforge.engine.gloomhaven.simulation import ScenarioRefError, ScenarioSource

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

    The first letter of the last word is tried first (the kind of monster: guard, archer),
    then of the earlier words, then any free letter; codes are stable for a scenario and
    never collide. More than 26 types share ``?``.
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
        # every monster type of the content gets a code up front, so a monster that spawns
        # later never changes the letters already on screen
        types = list(content.monsters) if content is not None else []
        self.mcodes = monster_codes([*types, *(p.monster for p in spec.placements)])
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
                    escape(f"{ccodes.get(ch.id, '')} {ch.id}"),
                    "—",
                    "exhausted" if ch.exhausted else "not placed yet",
                    "",
                    "",
                    f"{len(ch.hand)}/{len(ch.discard)}/{len(ch.lost)}",
                    style="grey50",
                )
                continue
            table.add_row(
                *self._figure_row(fig, escape(f"{ccodes.get(ch.id, '')} {ch.id}")),
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
            table.add_row(*self._figure_row(fig, escape(name)), "")
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
        self,
        state: GameState,
        order: list[tuple[str, int]] | None = None,
        marks: Mapping[Hex, str] | None = None,
    ) -> RenderableType:
        """The whole view: round and order, map, legend, elements, figures."""
        return Group(
            self.initiative(state, order),
            self.board(state, marks),
            self.legend(state),
            self.elements(state),
            self.figures_table(state),
        )


# ---------------------------------------------------------------------- text descriptions


def _h(value: Any) -> str:
    if isinstance(value, list | tuple) and len(value) == 2:
        return f"({value[0]},{value[1]})"
    return str(value)


def describe_event(e: Event) -> str | None:
    """One line for a person following the game; ``None`` for bookkeeping events."""
    t = e.type
    g = e.get
    if t == "round_start":
        return f"── round {g('round')} ──"
    if t == "plan":
        if g("long_rest"):
            return f"{g('character')} declares a long rest (initiative 99)"
        cards = g("cards") or []
        return f"{g('character')} plays {' + '.join(cards)} (initiative {g('initiative')})"
    if t == "monster_type_turn":
        return f"{g('monster')} act (card {g('card')}, initiative {g('initiative')})"
    if t == "action":
        what = (
            "the default " + ("Attack 2" if g("half") == "top" else "Move 2")
            if g("default")
            else f"the {g('half')} of {g('card')}"
        )
        return f"  {g('character')} performs {what}"
    if t in ("move", "push", "pull"):
        verb = {"move": "moves", "push": "is pushed", "pull": "is pulled"}[t]
        return f"  {g('figure')} {verb} {_h(g('start'))} → {_h(g('end'))}"
    if t == "attack":
        mods = ", ".join(g("applied") or [])
        adv = (
            " with advantage"
            if g("advantage")
            else " with disadvantage"
            if g("disadvantage")
            else ""
        )
        return (
            f"  {g('attacker')} attacks {g('target')}{adv}: {g('value')} [{mods}]"
            f" - shield {g('shield')} → {g('damage')} damage"
        )
    if t == "damage":
        return f"  {g('figure')} suffers {g('amount')} ({g('cause')}), HP {g('hp')}"
    if t == "damage_negated":
        cards = g("cards") or ([g("card")] if g("card") else [])
        return f"  {g('figure')} negates {g('amount')} damage ({g('by')}: {', '.join(cards)})"
    if t == "heal":
        return f"  {g('figure')} heals {g('amount')}, HP {g('hp')}"
    if t == "monster_killed":
        return f"  {g('figure')} dies"
    if t == "exhausted":
        return f"  {g('character')} is exhausted ({g('reason')})"
    if t == "room_revealed" and g("by"):
        monsters = ", ".join(g("monsters") or []) or "no monsters"
        return f"  {g('by')} reveals room {g('room')}: {monsters}"
    if t in ("condition_applied", "condition_expired", "condition_removed"):
        verb = {
            "condition_applied": "gains",
            "condition_expired": "loses",
            "condition_removed": "loses",
        }[t]
        return f"  {g('figure')} {verb} {g('condition')}"
    if t == "loot":
        what = f"{g('coins')} coin(s)" if g("coins") else f"treasure {g('treasure')}"
        return f"  {g('character')} loots {what}"
    if t == "trap_sprung":
        return f"  {g('figure')} springs a trap at {_h(g('hex'))}"
    if t == "long_rest":
        return f"  {g('character')} rests, loses {g('lost')}"
    if t == "short_rest":
        return f"{g('character')} short-rests, loses {g('lost')}"
    if t == "retaliate":
        return f"  {g('figure')} retaliates: {g('attacker')} suffers {g('amount')}"
    if t in ("summoned", "spawned", "monster_summoned"):
        return f"  {g('figure')} appears"
    if t == "element_infused":
        return f"  {g('element')} infused"
    if t == "element_consumed":
        return f"  {g('by')} consumes {g('element')}"
    if t == "door_opened":
        return f"  door at {_h(g('hex'))} opens"
    if t == "scenario_end":
        return f"Scenario {g('outcome')} after {g('rounds')} rounds."
    return None


def initiative_order(game: Any) -> list[tuple[str, int]]:
    """This round's order: characters by initiative, monster types by their card."""
    st = game.state
    content = game.content
    rows: list[tuple[int, int, str]] = []
    if st.phase not in ("turns", "end-of-round"):
        return []  # during card selection the players' initiatives are still secret
    for ch in st.living_characters():
        rows.append((ch.initiative, 0, ch.id))
    for mt in st.monster_types.values():
        if not mt.card:
            continue
        if not any(f.monster_type == mt.id for f in st.figures.values()):
            continue
        card = next((c for c in content.monster_decks[mt.deck_id] if c.id == mt.card), None)
        if card is not None:
            rows.append((card.initiative, 1, mt.id))
    return [(name, init) for init, _, name in sorted(rows)]


# ---------------------------------------------------------------------- a person at the terminal


class QuitGame(Exception):
    """The person left the game (end of input or Ctrl-C)."""


class TerminalController:
    """Asks a person for every character decision: numbered menus, validated input.

    Monster choices the rules leave to the players (GH-AMBIG-01) go to a seeded bot so a
    person is not asked about every tied monster step.
    """

    def __init__(
        self, console: Console, view: BoardView, game: Any, bots: BotController, read: Any = None
    ) -> None:
        self.console = console
        self.view = view
        self.game = game
        self.bots = bots
        self.read = read or console.input
        self._events_seen = -1

    # input ---------------------------------------------------------------
    def ask(self, prompt: str, valid: Sequence[str]) -> str:
        """Read until the answer is one of ``valid`` (case-insensitive)."""
        allowed = {v.lower() for v in valid}
        while True:
            try:
                raw = self.read(f"[bold]{prompt}[/] ")
            except (EOFError, KeyboardInterrupt):
                raise QuitGame() from None
            answer = raw.strip().lower()
            if answer in allowed:
                return answer
            if answer in ("q", "quit", "exit"):
                raise QuitGame()
            shown = ", ".join(list(valid)[:12]) + (" ..." if len(valid) > 12 else "")
            self.console.print(
                f"[red]'{escape(raw.strip())}' is not an option[/] (choose {shown}, or q to quit)"
            )

    def pick(self, title: str, labels: Sequence[str]) -> int:
        """A numbered menu, 1-based on screen; returns the 0-based index."""
        self.console.print(f"[bold cyan]{escape(title)}[/]")
        for i, label in enumerate(labels, 1):
            self.console.print(f"  [bold]{i:>2}[/] {escape(label)}", highlight=False)
        answer = self.ask(f"choose 1-{len(labels)}:", [str(i) for i in range(1, len(labels) + 1)])
        return int(answer) - 1

    # board ---------------------------------------------------------------
    def show(self, marks: Mapping[Hex, str] | None = None) -> None:
        events = len(self.game.events)
        if marks is None and events == self._events_seen:
            return
        self._events_seen = events
        self.console.print(self.view.render(self.game.state, initiative_order(self.game), marks))

    def _card(self, actor: str, card_id: str) -> AbilityCard:
        char = self.game.state.characters[actor]
        card: AbilityCard = self.game.content.classes[char.class_id].card(card_id)
        return card

    def _card_label(self, actor: str, card_id: str) -> str:
        c = self._card(actor, card_id)
        return f"{c.name} ({c.initiative:02d})  top: {action_text(c.top)}  |  bottom: {action_text(c.bottom)}"

    # decisions -----------------------------------------------------------
    def choose(self, decision: Decision) -> int:
        if decision.actor == MONSTERS_ACTOR:
            return self.bots.choose(decision)
        handler = getattr(self, f"_ask_{decision.kind}", None)
        if handler is not None:
            index: int = handler(decision)
            return index
        self.show()
        title = f"{decision.actor}: {decision.prompt or decision.kind.replace('_', ' ')}"
        return self.pick(title, [self.label(decision, o) for o in decision.options])

    def label(self, decision: Decision, option: Any) -> str:
        actor = decision.actor
        if isinstance(option, str) and option in self.game.state.figures:
            f = self.game.state.figures[option]
            return f"{option} at {_h(f.hex)}, HP {f.hp}/{f.max_hp}"
        items = self.game.content.items
        if isinstance(option, str) and option in items:
            item = items[option]
            return f"use {item.name}: {abilities_text(item.abilities)}"
        if isinstance(option, str) and actor in self.game.state.characters:
            try:
                return self._card_label(actor, option)
            except KeyError:
                return option
        if (
            isinstance(option, list)
            and len(option) == 2
            and all(isinstance(x, int) for x in option)
        ):
            return f"hex {_h(option)}"
        if isinstance(option, list):
            return "hit " + ", ".join(str(x) for x in option)
        if isinstance(option, Mapping) and "obstacle" in option:
            return f"the obstacle at {_h(option['obstacle'])}"
        return str(option)

    def _ask_plan(self, d: Decision) -> int:
        self.show()
        actor = d.actor
        hand = sorted({c for o in d.options if isinstance(o, Mapping) for c in o.get("cards", [])})
        rest = next(
            (i for i, o in enumerate(d.options) if isinstance(o, Mapping) and o.get("long_rest")),
            None,
        )
        char = self.game.state.characters[actor]
        self.console.print(
            f"[bold cyan]{actor}[/]: choose two cards (the first sets your initiative)"
            f" — {len(char.hand)} in hand, {len(char.discard)} discarded, {len(char.lost)} lost"
        )
        for i, card_id in enumerate(hand, 1):
            self.console.print(
                f"  [bold]{i:>2}[/] {escape(self._card_label(actor, card_id))}", highlight=False
            )
        valid = [str(i) for i in range(1, len(hand) + 1)]
        if rest is not None:
            self.console.print(
                "   [bold]r[/] long rest (initiative 99: lose one discarded card, heal 2)"
            )
            valid.append("r")
        if not hand:
            return rest if rest is not None else 0
        first = self.ask("leading card:", valid)
        if first == "r":
            assert rest is not None
            return rest
        lead = hand[int(first) - 1]
        second_valid = [str(i) for i in range(1, len(hand) + 1) if hand[i - 1] != lead]
        second = self.ask("second card:", second_valid)
        other = hand[int(second) - 1]
        for i, o in enumerate(d.options):
            if isinstance(o, Mapping) and list(o.get("cards", [])) == [lead, other]:
                return i
        return 0

    def _ask_action(self, d: Decision) -> int:
        self.show()
        labels = []
        for o in d.options:
            card = self._card(d.actor, str(o["card"]))
            half = str(o["half"])
            if o["default"]:
                text = "default Attack 2" if half == "top" else "default Move 2"
            else:
                text = action_text(card.top if half == "top" else card.bottom)
            labels.append(f"{card.name} {half}: {text}")
        return self.pick(f"{d.actor}: which half now?", labels)

    def _ask_move(self, d: Decision) -> int:
        marks = {(int(o[0]), int(o[1])): str(i) for i, o in enumerate(d.options, 1)}
        self.show(marks)
        ctx = d.context
        self.console.print(
            f"[bold cyan]{d.actor}[/]: move up to {ctx.get('points')} (magenta numbers on the map;"
            " 1 = stay)"
        )
        answer = self.ask(
            f"destination 1-{len(d.options)}:", [str(i) for i in range(1, len(d.options) + 1)]
        )
        return int(answer) - 1

    def _ask_start_hex(self, d: Decision) -> int:
        marks = {(int(o[0]), int(o[1])): str(i) for i, o in enumerate(d.options, 1)}
        self.show(marks)
        self.console.print(
            f"[bold cyan]{d.actor}[/]: choose a starting hex (magenta numbers on the map)"
        )
        answer = self.ask(
            f"starting hex 1-{len(d.options)}:", [str(i) for i in range(1, len(d.options) + 1)]
        )
        return int(answer) - 1

    def _ask_negate_damage(self, d: Decision) -> int:
        self.show()
        ctx = d.context
        hand = [
            i
            for i, o in enumerate(d.options)
            if isinstance(o, Mapping) and o.get("negate") == "hand"
        ]
        disc = [
            i
            for i, o in enumerate(d.options)
            if isinstance(o, Mapping) and o.get("negate") == "discard"
        ]
        self.console.print(
            f"[bold cyan]{d.actor}[/] would suffer {ctx.get('amount')} damage (HP {ctx.get('hp')})."
        )
        self.console.print("   [bold]s[/] suffer the damage")
        valid = ["s"]
        if hand:
            self.console.print("   [bold]h[/] lose one card from your hand instead")
            valid.append("h")
        if disc:
            self.console.print("   [bold]d[/] lose two discarded cards instead")
            valid.append("d")
        answer = self.ask("choose:", valid)
        if answer == "s":
            return 0
        pool = hand if answer == "h" else disc
        labels = [", ".join(d.options[i]["cards"]) for i in pool]
        return pool[self.pick("which card(s) to lose?", labels)]


# ---------------------------------------------------------------------- the command


def print_new_events(console: Console, events: Sequence[Event]) -> None:
    for e in events:
        line = describe_event(e)
        if line is not None:
            # plain text: modifier ids such as "[monster:+1-3]" are not rich markup
            console.print(line, highlight=False, markup=False)


def show_turn(console: Console, game: Any, view: BoardView) -> None:
    """Advance one step (card selection, a turn, or the end of the round) and print it: the
    events, and the map with the initiative order once cards are revealed."""
    events = game.step_turn()
    print_new_events(console, events)
    if game.state.phase == "turns" and any(e.type == "round_start" for e in events):
        console.print(view.initiative(game.state, initiative_order(game)))
        console.print(view.board(game.state))


def watch(console: Console, game: Any, view: BoardView) -> None:
    """Run a game to its end turn by turn, printing events and the board each round."""
    while not game.finished:
        show_turn(console, game, view)
    console.print(view.board(game.state))
    console.print(view.figures_table(game.state))


def write_log(path: Path, game: Any, source: ScenarioSource) -> None:
    log = game.to_log()
    log["source"] = {"pack_root": source.pack_root, "scenario": source.scenario_id}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(log, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write the log to {path}: {exc.strerror or exc}")


@click.command(name="play")
@click.argument("scenario")
@click.option("--players", type=int, default=2, show_default=True, help="Characters, 2-4.")
@click.option("--level", type=int, default=1, show_default=True, help="Scenario level, 0-7.")
@click.option("--seed", type=int, default=1, show_default=True, help="Game seed.")
@click.option(
    "--classes",
    default=None,
    help="Character classes, comma-separated (default: the pack's first N).",
)
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the game log here.",
)
@click.option("--auto", is_flag=True, help="Bots play every side; the game is printed.")
def play(
    scenario: str,
    players: int,
    level: int,
    seed: int,
    classes: str | None,
    log_path: Path | None,
    auto: bool,
) -> None:
    """Play SCENARIO in the terminal.

    SCENARIO is a scenario file, PACK-DIR:SCENARIO-ID, or the id of a scenario in the
    bundled sample pack. Type q (or Ctrl-D) at any prompt to leave.
    """
    if not 2 <= players <= 4:
        fail(f"--players must be 2, 3 or 4, got {players}")
    if not 0 <= level <= 7:
        fail(f"--level must be between 0 and 7, got {level}")
    check_output(log_path, "--log")
    class_list = [c.strip() for c in classes.split(",") if c.strip()] if classes else None
    try:
        source = simulation.resolve_scenario(scenario)
        content = simulation.load_content(source)
        party = simulation.party_for(content, players, class_list)
    except ScenarioRefError as exc:
        fail(str(exc))
    game = simulation.new_bot_game(content, source.scenario_id, party, level, seed)
    bots = game.controller
    console = Console()
    view = BoardView(game.scenario, content)
    spec = game.scenario
    console.print(
        f"[bold]{escape(spec.name)}[/] ({source.scenario_id}) · {players} characters: "
        f"{', '.join(party)}"
        f" · level {level} · seed {seed}",
        highlight=False,
    )
    status = 0
    try:
        if auto:
            watch(console, game, view)
        else:
            game.controller = TerminalController(console, view, game, bots)
            while not game.finished:
                print_new_events(console, game.step_turn())
            console.print(view.board(game.state))
    except QuitGame:
        console.print("\n[yellow]game left before its end[/]")
    except Exception as exc:  # an engine failure: say so plainly, keep the log for a report
        console.print(
            f"[bold red]engine error[/] in round {game.state.round}: "
            f"{escape(simulation.describe_failure(exc))}",
            highlight=False,
            markup=True,
            soft_wrap=True,
        )
        status = 1
    if game.result is not None:
        outcome = game.result.outcome
        colour = {"won": "green", "lost": "red"}.get(outcome, "yellow")
        console.print(f"[bold {colour}]{outcome.upper()}[/] after {game.result.rounds} rounds")
    if log_path is not None:
        write_log(log_path, game, source)
        console.print(f"log: {log_path}", highlight=False)
    sys.exit(status)
