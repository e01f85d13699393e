"""What a person calls things at the table: figures, monster types, cards, modifiers.

The engine speaks ids (``tunnel-warden-4``, ``lampwright``, ``lampwright-soot-veil``,
``plus1``) because ids are stable and logs replay with them. A person reads names: "elite
Tunnel Warden 4", "Lampwright", "Soot Veil", "+1". :class:`Names` turns one into the other
for a game's content, so the narrator (terminal, playtest log, reports), the playtest
panels and the monster-AI explanation say the same thing.

A figure's name must outlive the figure (a killed monster is still named in the log), so
:class:`Names` learns each figure as it is placed (``monster_placed``, ``summoned``,
``ally_placed`` events); ids it has not seen are named from the content (monster type and
standee number parsed from the id) or, without content, prettified.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from questforge.engine.core.events import Event
from questforge.engine.gloomhaven.game.describe import monster_ability_text
from questforge.engine.gloomhaven.game.spec import Content, ModifierCard

#: events that put a figure on a hex, and events after which it is gone
_PLACING = frozenset({"character_placed", "monster_placed", "summoned", "ally_placed", "spawned"})
_LEAVING = frozenset(
    {"monster_killed", "ally_killed", "summon_removed", "exhausted", "monster_removed"}
)


_MODIFIER_ID = re.compile(r"(plus|minus)(\d+)")


def pretty(ident: Any) -> str:
    """An id as words when nothing better is known: ``ember-sprite-2`` -> ``Ember sprite 2``."""
    text = str(ident).replace("-", " ").strip()
    return text[:1].upper() + text[1:] if text else "?"


def modifier_text(card: ModifierCard) -> str:
    """A modifier card as printed: ``+1``, ``-2``, ``x2``, ``Null``, ``+1 wound``, ``Bless``."""
    if card.special:
        return card.special.capitalize()
    if card.multiplier == 2:
        head = "x2"
    elif card.multiplier == 0:
        head = "Null"
    else:
        head = f"{card.value:+d}"
    extras = [*card.conditions, *card.elements]
    for what, value in (("push", card.push), ("pull", card.pull), ("pierce", card.pierce)):
        if value:
            extras.append(f"{what} {value}")
    if card.heal:
        extras.append(f"heal {card.heal} self")
    if card.add_target:
        extras.append("add target")
    text = " ".join([head, *extras])
    return f"rolling {text}" if card.rolling else text


class Names:
    """Display names of one game's figures and content (``content`` may be ``None``: ids
    are then prettified, as for a bare event read from a log without its pack)."""

    def __init__(
        self, content: Content | None = None, modifiers: Mapping[str, ModifierCard] | None = None
    ) -> None:
        self.content = content
        self.modifiers: Mapping[str, ModifierCard] = modifiers or {}
        self._figures: dict[str, str] = {}
        self._cards: dict[str, str] = {}
        if content is not None:
            for cls in content.classes.values():
                self._figures[cls.id] = cls.name or pretty(cls.id)
                for card in cls.cards:
                    self._cards[card.id] = card.name or pretty(card.id)
            for item in content.items.values():
                self._cards.setdefault(item.id, item.name or pretty(item.id))
        #: where each figure stands, as of the last event learnt (to name a focus by its hex)
        self._where: dict[tuple[int, int], str] = {}
        #: how many events of the game have been learnt (see :meth:`learn_until`)
        self.learnt = 0

    # ------------------------------------------------------------------ learning
    def learn(self, event: Event | Mapping[str, Any]) -> None:
        """Remember the name of a figure an event places on the map, and where figures
        stand (learning an event twice changes nothing)."""
        data: Mapping[str, Any] = event.data if isinstance(event, Event) else event
        type_ = event.type if isinstance(event, Event) else str(event.get("type"))
        fid = data.get("figure", data.get("character"))
        if fid is None:
            return
        fid = str(fid)
        if type_ == "monster_placed":
            named = str(data.get("named") or "")
            spec = self.content.monsters.get(str(data.get("monster"))) if self.content else None
            if spec is not None and spec.boss:
                self._figures[fid] = self.monster(spec.id)
            elif named:
                self._figures[fid] = self._named(named)
            else:
                self._figures[fid] = self.standee(
                    str(data.get("monster")), data.get("standee"), bool(data.get("elite"))
                )
        elif type_ in ("summoned", "ally_placed") and data.get("name"):
            # GH-SUMM-02: a summon is told apart by its token's colour
            token = data.get("token") if type_ == "summoned" else None
            self._figures[fid] = str(data.get("name")) + (f" ({token})" if token else "")
        if type_ in _PLACING:
            self._place(fid, data.get("hex"))
        elif type_ in ("move", "push", "pull"):
            self._place(fid, data.get("end"))
        elif type_ in _LEAVING:
            self._place(fid, None)

    def _place(self, fid: str, where: Any) -> None:
        for h, other in list(self._where.items()):
            if other == fid:
                del self._where[h]
        if isinstance(where, list | tuple) and len(where) == 2:
            self._where[(int(where[0]), int(where[1]))] = fid

    def learn_until(self, events: Sequence[Any], event: Any = None) -> Names:
        """Learn a game's events in order, up to and including ``event`` (all of them
        without one); events learnt before are skipped, so narrating a log is linear."""
        while self.learnt < len(events):
            e = events[self.learnt]
            self.learn(e)
            self.learnt += 1
            if e is event:
                break
        return self

    def _named(self, named: str) -> str:
        """A named monster or boss: its monster type's name when the scenario id is that
        type's (bosses), else the name the scenario gives it, else the id in words."""
        if self.content is not None and named in self.content.monsters:
            return self.monster(named)
        return named_display(self.content, named) or pretty(named)

    # ------------------------------------------------------------------ names
    def monster(self, monster_id: Any) -> str:
        """A monster type: ``Tunnel Warden``."""
        spec = self.content.monsters.get(str(monster_id)) if self.content is not None else None
        return spec.name if spec is not None and spec.name else pretty(monster_id)

    def standee(self, monster_id: str, standee: Any, elite: bool = False) -> str:
        """One standee: ``elite Tunnel Warden 4``."""
        rank = "elite " if elite else ""
        number = f" {standee}" if standee not in (None, "", 0) else ""
        return f"{rank}{self.monster(monster_id)}{number}"

    def figure(self, fid: Any) -> str:
        """A figure (character, monster standee, summon, ally) by its id."""
        key = str(fid)
        known = self._figures.get(key)
        if known is not None:
            return known
        if self.content is not None:
            if key in self.content.monsters:  # a monster type acting (the current actor)
                return self.monster(key)
            # an unseen standee id: ``<monster type>-<number>``
            head, _, number = key.rpartition("-")
            if number.isdigit() and head in self.content.monsters:
                return self.standee(head, number)
            owner, _, rest = key.partition("-summon-")
            if rest and owner in self._figures:
                return f"{self._figures[owner]}'s summon {rest}"
        return pretty(fid)

    def at(self, h: Any) -> str:
        """The figure standing on hex ``h`` (as of the events learnt), with the hex."""
        where = f"({h[0]},{h[1]})" if isinstance(h, list | tuple) and len(h) == 2 else str(h)
        key = (int(h[0]), int(h[1])) if isinstance(h, list | tuple) and len(h) == 2 else None
        fid = self._where.get(key) if key is not None else None
        return f"{self.figure(fid)} at {where}" if fid is not None else f"the figure at {where}"

    def where(self, fid: Any) -> tuple[int, int] | None:
        """Where figure ``fid`` stands (as of the events learnt)."""
        return next((h for h, f in self._where.items() if f == str(fid)), None)

    def scenario(self, scenario_id: Any) -> str:
        spec = self.content.scenarios.get(str(scenario_id)) if self.content is not None else None
        return spec.name if spec is not None and spec.name else pretty(scenario_id)

    def battle_goal(self, goal_id: Any) -> str:
        spec = self.content.battle_goals.get(str(goal_id)) if self.content is not None else None
        return spec.name if spec is not None and spec.name else pretty(goal_id)

    def deck_of(self, monster_id: Any) -> str:
        spec = self.content.monsters.get(str(monster_id)) if self.content is not None else None
        return spec.deck if spec is not None else ""

    def deck(self, deck_id: Any) -> str:
        """A monster ability deck by the monsters that use it: ``Slag Hound``."""
        users = (
            [m.name or pretty(m.id) for m in self.content.monsters.values() if m.deck == deck_id]
            if self.content is not None
            else []
        )
        return " / ".join(users) or pretty(deck_id)

    def monster_card(self, deck_id: Any, card_id: Any) -> str:
        """A monster ability card as the table reads it: ``initiative 41: Move +1 · Attack
        +0`` (the content gives these cards no names)."""
        cards = self.content.monster_decks.get(str(deck_id), ()) if self.content else ()
        card = next((c for c in cards if c.id == str(card_id)), None)
        if card is None:
            return pretty(card_id)
        text = " · ".join(monster_ability_text(a) for a in card.abilities) or "no ability"
        shuffle = " (shuffle)" if card.shuffle else ""
        return f"initiative {card.initiative}{shuffle}: {text}"

    def figures(self, ids: Iterable[Any]) -> str:
        return ", ".join(self.figure(i) for i in ids) or "nobody"

    def card(self, card_id: Any) -> str:
        """A character's ability card or an item: ``Soot Veil``."""
        return self._cards.get(str(card_id)) or pretty(card_id)

    def modifier(self, card_id: Any) -> str:
        """A modifier card as printed (``+1``, ``x2``, ``Null``)."""
        card = self.modifiers.get(str(card_id))
        if card is not None:
            return modifier_text(card)
        key = str(card_id)
        known = {"bless": "Bless", "curse": "Curse", "double": "x2", "null": "Null"}
        if key in known:
            return known[key]
        match = _MODIFIER_ID.fullmatch(key)
        if match:  # the standard ids, read without their deck: ``plus1``, ``minus2``
            sign = "+" if match.group(1) == "plus" else "-"
            return f"{sign}{match.group(2)}"
        return pretty(card_id)


def names_of(game: Any, event: Any = None) -> Names:
    """The :class:`Names` of an engine game (its content and modifier cards), learnt up to
    ``event`` (or its latest event) and cached on the game, so narrating a whole log stays
    linear."""
    cached = getattr(game, "_names", None)
    if not isinstance(cached, Names):
        rules = getattr(game, "rules", None)
        cached = Names(game.content, getattr(rules, "modifier_cards", None))
        with contextlib.suppress(AttributeError):  # a game with slots: no cache, still right
            game._names = cached
    return cached.learn_until(game.events, event)


def named_display(content: Content | None, named: str) -> str:
    """The name a scenario gives its named monster ``named`` (GH-SPEC-07: "Cinder, the
    Foreman's Hound", as the table calls it), ``""`` if none does. Named ids belong to a
    scenario; a pack whose scenarios reuse one id for differently named monsters gets the
    first scenario's name (the id alone cannot tell them apart)."""
    if content is None:
        return ""
    for scenario in content.scenarios.values():
        for p in scenario.placements:
            if p.named == named and p.name:
                return p.name
    return ""


def figure_name(content: Content, fig: Any) -> str:
    """The display name of a live figure (``state.figures[...]``): what the monster-AI
    explanation calls it (``elite Tunnel Warden 4``, ``Lampwright``)."""
    if fig.kind == "character":
        cls = content.classes.get(fig.id)
        return cls.name if cls is not None and cls.name else pretty(fig.id)
    if fig.kind == "monster":
        spec = content.monsters.get(fig.monster_type)
        kind = spec.name if spec is not None and spec.name else pretty(fig.monster_type)
        if fig.boss or fig.named == fig.monster_type:
            return kind
        if fig.named:
            return named_display(content, fig.named) or pretty(fig.named)
        return f"{'elite ' if fig.elite else ''}{kind} {fig.standee}"
    if fig.kind == "summon" and fig.owner:
        owner = content.classes.get(fig.owner)
        who = owner.name if owner is not None and owner.name else pretty(fig.owner)
        return f"{who}'s summon {fig.summon_order}"
    return pretty(fig.named or fig.id)
