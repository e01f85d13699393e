"""English sentences for every Arkham event and decision option (terminal, editor, logs)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from questforge.engine.arkham.model import ArkhamModel
from questforge.engine.core.decisions import Decision
from questforge.engine.core.events import Event


class Narrator:
    """Names come from the content; unknown ids are shown as they are."""

    def __init__(self, model: ArkhamModel) -> None:
        self.model = model

    def name(self, ident: Any) -> str:
        m = self.model
        ident = str(ident)
        for table in (
            m.investigators,
            m.monsters,
            m.cards,
            m.mythos,
            m.ancient_ones,
            m.gate_markers,
        ):
            if ident in table:
                return str(table[ident].name)
        board = m.board
        if board is not None and ident in board.areas:
            return board.areas[ident].name
        return ident

    def event(self, e: Event) -> str:
        d = e.data
        n = self.name
        who = n(d.get("investigator", ""))
        table: dict[str, Callable[[], str]] = {
            "setup": lambda: (
                f"{n(d['ancient_one'])} stirs; {', '.join(n(i) for i in d['investigators'])} investigate."
            ),
            "round": lambda: f"Round {d['number']} begins; {n(d['first_player'])} goes first.",
            "investigator-moved": lambda: (
                f"{who} moves to {n(d['to'])}"
                + (f" (area {d['stage']})" if d.get("stage") else "")
                + "."
            ),
            "check": lambda: (
                f"{who} rolls {d['check']}"
                + (f" against {n(d['against'])}" if d.get("against") else "")
                + f" with {d['dice']} dice"
                + _dice_sum(d, self._modifier_names(d))
                + f": {d['rolls']} ({d['successes']} successes"
                + (
                    f" on {d['success_on']}+"
                    if d.get("success_on", 5) != 5  # blessed or cursed (AH-CHECK-07)
                    else ""
                )
                + f", needs {d['difficulty']})."
            ),
            "casting": lambda: (
                f"{who} casts {n(d['card'])} (cost {d['cost']} sanity, modifier "
                f"{d['modifier']:+d})."
            ),
            "check-result": lambda: (
                f"{who} {'passes' if d['passed'] else 'fails'} the {d['check']} check."
            ),
            "upkeep": lambda: (
                f"Upkeep of {who}'s "
                + (
                    " ".join(dict.fromkeys(("ability", self._ability(d))))
                    if d["source"] == "ability"
                    else n(d["source"])
                )
                + "."
            ),
            "lost-in-time": lambda: (
                f"{who} is lost in time and space"
                + {
                    "no-gate": f": no open gate leads back from {n(d.get('world', ''))}",
                    "knocked-out": f", knocked out in {n(d.get('world', ''))}",
                }.get(d["why"], "")
                + "."
            ),
            "gained": lambda: f"{who} gains {d['amount']} {d['what']}.",
            "lost": lambda: f"{who} loses {d['amount']} {d['what']}.",
            "knocked-out": lambda: f"{who} is {d['how']}!",
            "devoured": lambda: f"{who} is devoured.",
            "gate-opened": lambda: f"A gate to {n(d['world'])} opens at {n(d['location'])}.",
            "gate-closed": lambda: f"{who} closes the gate at {n(d['location'])}.",
            "sealed": lambda: (
                f"{n(d['location'])} is sealed{' with an Elder Sign' if d['elder_sign'] else ''}."
            ),
            "monster-appeared": lambda: (
                f"{n(d['monster'])} appears at {n(d['area'])}"
                + (
                    f" instead of {n(d['instead_of'])} ({d['counted']} monsters in Arkham "
                    f"and the Sky, limit {d['limit']})"
                    if "instead_of" in d
                    else ""
                )
                + "."
            ),
            "armed": lambda: (
                f"{who} uses "
                + ", ".join(
                    f"{n(c['card'])} {c['amount']:+d}"
                    + (f" (printed {c['printed']:+d})" if c["amount"] != c["printed"] else "")
                    for c in d.get("each", ())
                )
                + f" for the {d['check']} check: {d['bonus']:+d}."
                if d.get("each")
                else f"{who} uses {', '.join(n(c) for c in d['cards'])} for the "
                f"{d['check']} check: {d['bonus']:+d}."
            ),
            "sliders": lambda: (
                f"{who} sets the sliders to {d['positions']}"
                + (
                    f" ({d['steps']} steps from {d['before']}, focus {d['focus']})."
                    if d.get("focus") is not None
                    else "."
                )
            ),
            "environment-effects": lambda: f"The environment {n(d['card'])} is still in play.",
            "movement-points": lambda: (
                f"{who} has {d['points']} movement points (speed {d['base']}"
                + "".join(f", {x}" for x in self._modifier_names(d))
                + ")."
            ),
            "monster-ability": lambda: (
                f"{n(d['monster'])} is "
                + {
                    "ambush": "an ambusher: no fleeing from this combat",
                    "endless": "endless: back to the cup, no trophy",
                    "nightmarish": f"nightmarish: {d.get('amount')} sanity lost all the same",
                    "overwhelming": f"overwhelming: {d.get('amount')} stamina lost all the same",
                }.get(d["ability"], str(d["ability"]))
                + "."
            ),
            "monster-held": lambda: (
                f"{n(d['monster'])} stays at {n(d['area'])}: "
                + ", ".join(n(i) for i in d["by"])
                + (" is" if len(d["by"]) == 1 else " are")
                + " there."
            ),
            "outskirts-overflow": lambda: (
                f"The Outskirts overflow ({d['count']}, at most {d['max']}): "
                "every monster there returns to the cup and terror rises."
            ),
            "monster-moved": lambda: (
                f"{n(d['monster'])} moves to {n(d['to'])}"
                + (f", flying at {n(d['toward'])} (sneak {d['sneak']})." if "toward" in d else ".")
            ),
            "monster-defeated": lambda: f"{who} defeats {n(d['monster'])}.",
            "doom": lambda: f"Doom {d['level']} of {d['track']}.",
            "terror": lambda: f"Terror rises to {d['level']}.",
            "awakened": lambda: f"The Ancient One awakens: {d['reason']}!",
            "mythos": lambda: (
                f"Mythos: {n(d['card'])} ({d.get('subtype', d.get('type'))})"
                + (f"; gate at {n(d['gate'])}, clue at {n(d['clue'])}." if "gate" in d else ".")
            ),
            "ordered": lambda: (
                f"{n(d['by'])} orders the {d['what'].replace('-', ' ')}: "
                + ", then ".join(
                    "the sheet's ability" if x == "ability" else n(x) for x in d["order"]
                )
                + " (AH-MISC-06)."
            ),
            "offered": lambda: (
                f"{who} is offered "
                + ", ".join(f"{n(c)} (${p})" for c, p in zip(d["cards"], d["prices"], strict=False))
                + "."
            ),
            "rolled": lambda: (
                f"{who} rolls {d['rolls']}"
                + (f" for {n(d['card'])}" if "card" in d else "")
                + f" (needs {d['target']}+): {'passed' if d['passed'] else 'failed'}."
            ),
            "on-gain": lambda: f"{who} takes {n(d['card'])} and gets what it gives.",
            "card-unavailable": lambda: (
                f"{who} cannot take {n(d['wanted'])}: "
                + {
                    "held": "already holds one (one of each special card, AH-MISC-02)",
                    "barred": "barred from it for the rest of the game",
                    "none-left": "none is left",
                }.get(d["why"], str(d["why"]))
                + "."
            ),
            "blessing": lambda: (
                f"{who} is no longer blessed or cursed."
                if d["state"] == "none"
                else f"{who} is already {d['state']}: nothing happens (AH-STAT-12)."
                if d.get("unchanged")
                else f"{who} is {d['state']}."
            ),
            "trophies-spent": lambda: (
                f"{who} spends {d['what']} trophies "
                + ", ".join(n(t) for t in d.get("trophies", ()))
                + (f" (toughness {d['toughness']})" if "toughness" in d else "")
                + "."
            ),
            "card-refused": lambda: (
                f"{who} cannot hold {n(d['card'])} ("
                + {
                    "held": "already holds one, AH-MISC-02",
                    "barred": "barred from it for the rest of the game",
                }.get(d["why"], str(d["why"]))
                + "): it goes to the bottom of its deck."
            ),
            "cannot-pay": lambda: f"{who} cannot pay {d['amount']} {d['what']}.",
            "barred": lambda: f"{who} may never again take a {d['special']} card.",
            "paid-off": lambda: f"{who} pays off {n(d['card'])}.",
            "activity-placed": lambda: (
                f"{n(d['card'])} puts an activity marker on {n(d['location'])}."
            ),
            "activity-removed": lambda: (
                f"The activity marker of {n(d['card'])} leaves {n(d['location'])}."
            ),
            "activity": lambda: (
                f"Activity at {n(d['location'])} ({n(d['card'])}) "
                + (
                    "as " + who + " ends movement there."
                    if d["when"] == "enter"
                    else "before " + who + "'s encounter."
                )
            ),
            "members-encounter": lambda: (
                f"{who}, a member, goes into the members-only rooms of {n(d['location'])} "
                f"({n(d['card'])})."
            ),
            "arrested": lambda: f"{who} is arrested: to the Jail Cell.",
            "released": lambda: f"{who} is released into {n(d['location'])}.",
            "drawn-through": lambda: f"{who} is drawn through the gate to {n(d['world'])}.",
            "game-over": lambda: (
                f"Game over after round {d['round']}: {d['outcome']} ({d['how']})"
                + (f", score {d['score']}" if "score" in d else "")
                + (
                    f"; First Citizen of Arkham: {n(d['first_citizen'])}."
                    if d.get("first_citizen")
                    else "."
                )
            ),
        }
        render = table.get(e.type)
        if render is not None:
            return render()
        parts = [f"{k} {n(v) if isinstance(v, str) else v}" for k, v in d.items()]
        return f"{e.type.replace('-', ' ').capitalize()}" + (
            f": {', '.join(parts)}." if parts else "."
        )

    def _ability(self, d: Mapping[str, Any]) -> str:
        """The name of the event's investigator's ability (``ability`` when it has none)."""
        data = self.model.investigators.get(str(d.get("investigator", "")))
        return data.ability_name if data is not None and data.ability_name else "ability"

    def _modifier_names(self, d: Mapping[str, Any]) -> list[str]:
        """The standing modifiers of a check (AH-CHECK-05), each named: a card, the
        Ancient One, the environment, or the investigator's ability by its name."""
        return [
            f"{self._ability(d) if m['source'] == 'ability' else self.name(m['source'])} "
            f"{m['amount']:+d}"
            for m in d.get("modifiers", ())
        ]

    def option(self, decision: Decision, option: Any) -> str:
        kind = decision.kind
        if kind in ("move", "return", "return-gate", "fly-tie"):
            return f"go to {self.name(option)}"
        if kind == "weapons":
            return (
                "no weapons" if not option else "use " + " and ".join(self.name(c) for c in option)
            )
        if kind == "sliders":
            return f"sliders at {option}"
        if kind == "trade":
            parts = str(option).split(":")
            if parts[0] == "give":
                return f"give {self.name(parts[1])} to {self.name(parts[2])}"
            if parts[0] == "money":
                return f"give $1 to {self.name(parts[1])}"
            return "stop giving"
        if kind == "discard":
            return f"discard {self.name(option)}"
        if kind == "buy":
            return "buy nothing" if option == "none" else f"buy {self.name(option)}"
        if kind in ("order-upkeep", "order-surge"):
            return f"{self.name(option)} next"
        if kind == "clue-taker":
            return f"{self.name(option)} takes it"
        if kind == "close":
            return "use an Elder Sign" if option == "elder-sign" else f"close with a {option} check"
        if kind == "spend-clue":
            return "spend a clue" if option == "spend" else "keep the clues"
        if kind == "location-action" and option == "members":
            return "the members-only rooms"
        if kind == "pay-off":
            card = self.name(decision.context.get("card", ""))
            return f"pay off {card}" if option == "yes" else f"keep {card}"
        return str(option)


def _dice_sum(d: Mapping[str, Any], standing: Sequence[str] = ()) -> str:
    """How a check's dice were counted: the skill (with its slider value and each
    standing modifier when there are any), the check's modifier and any weapon or spell
    bonus (older logs lack the parts: then nothing is shown)."""
    if "skill" not in d:
        return ""
    text = f" (skill {d['skill']}"
    if standing:
        text += f" [{d.get('base')} base, {', '.join(standing)}]"
    text += f" {d['modifier']:+d}"
    if d.get("bonus"):
        text += f" {d['bonus']:+d} weapons/spells"
    return text + ")"
