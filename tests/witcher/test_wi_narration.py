"""The narrator against the declared events: every event type a Witcher game can emit
(``declarations.EVENTS``) is told as an English sentence with the pack's names, never as a
``key=value`` dump or with raw ids, so the terminal, the playtest log and reports read like
a story."""

from __future__ import annotations

import re
from typing import Any

import pytest
from wigame import PACK

from questforge.engine.core.events import Event
from questforge.engine.witcher.game import EVENTS, Narrator, Setup, WitcherBot, WitcherGame
from questforge.engine.witcher.game.declarations import DECISIONS

NARRATOR = Narrator(PACK)

#: a plausible value for every field name of the declared events (sample-pack ids)
EXAMPLE: dict[str, Any] = {
    "hero": "corvin",
    "partner": "ysolde",
    "owner": "ysolde",
    "heroes": ["corvin", "ysolde"],
    "starts": ["karst-hold", "harrowport"],
    "gold": 3,
    "quests_to_end": 3,
    "round": 4,
    "location": "karst-hold",
    "vp": 12,
    "action": "travel",
    "slot": 1,
    "reason": "tax-collector",
    "path": ["karst-hold", "owlhollow", "mossgate"],
    "cost": 2,
    "delta": -1,
    "colour": "red",
    "leads": 3,
    "severity": "minor",
    "space": "saltreach-north",
    "token": "wound",
    "card": "keen-eye",
    "complication": False,
    "discarded": ["hunter-cache"],
    "markers": 1,
    "card_type": "potion",
    "name": "Brew",
    "option": 0,
    "position": 2,
    "obstacle": "monster",
    "monster_class": "silver",
    "area": "saltreach",
    "monster": "bog-lurker",
    "sword": 2,
    "shield": 3,
    "ritual": 1,
    "faces": [["sword"], [], ["hand", "ritual"]],
    "dice": ["combat-white", "combat-red", "corvin-steel"],
    "rerolled": [1],
    "replaces_swords": True,
    "result": "sword",
    "amount": 2,
    "swords": 2,
    "shields": 1,
    "attack": True,
    "defence": False,
    "ritual_ok": False,
    "defeated": True,
    "quest": "the-drowned-bell",
    "side": "sounding-line",
    "completed": 2,
    "quests": 3,
    "deck": "investigation:blue",
    "cards": ["tide-chart", "fog-bank"],
    "die": "combat-white",
    "face": ["sword", "shield"],
    "drawn": ["old-debt", "rival-hunter", "night-watch"],
    "give": {"lead": "red"},
    "get": {"gold": 2},
    "outcome": "finished",
    "rounds": 21,
    "ranking": ["ysolde", "corvin"],
    "success": True,
    "resource": "gold",
    "wanted": 2,
    "paid": 1,
    "drawn_by": "corvin",
    "quests_done": {"corvin": 9, "ysolde": 8},
    "lead_total": {"corvin": 7, "ysolde": 4},
}
#: fields whose example differs by event
OVERRIDE: dict[str, dict[str, Any]] = {
    "game-end": {"vp": {"corvin": 40, "ysolde": 52}},
    "targeted": {"reason": "tax-collector"},
    "kept-revealed": {"deck": "luck", "card": "keen-eye"},
    "misfortune": {"card": "tax-collector"},
    "investigation": {"card": "tide-chart"},
    "challenge": {"card": "rival-hunter"},
    "challenge-met": {"card": "rival-hunter"},
    "challenge-failed": {"card": "rival-hunter"},
    "dice-test": {"reason": "tide-chart", "dice": ["corvin-steel"]},
}

#: ids of the pack that have names: a sentence must use the name, never the id
_NAMED = {
    **{k: v.name for k, v in PACK.heroes.items()},
    **{k: v.name for k, v in PACK.quests.items()},
    **{k: v.name for k, v in PACK.monsters.items()},
    **{k: v.name for k, v in PACK.investigation.items()},
    **{k: v.name for k, v in PACK.misfortune.items()},
    **{k: v.name for k, v in PACK.luck.items()},
    **{k: v.name for k, v in PACK.challenges.items()},
    **{k: v.name for k, v in PACK.development.items()},
    **{loc.id: loc.name for loc in PACK.board.locations},
    **{a.id: a.name for a in PACK.board.areas},
}


def example(kind: str) -> Event:
    fields = EVENTS[kind].fields
    values = {f: OVERRIDE.get(kind, {}).get(f, EXAMPLE[f]) for f in fields}
    return Event(kind, values)


def assert_sentence(kind: str, text: str) -> None:
    assert text and text[0].isupper() and text.rstrip().endswith((".", "!")), (kind, text)
    assert "=" not in text and "{" not in text and "[" not in text, (kind, text)
    for ident, name in _NAMED.items():
        if ident != name and ident.lower() != name.lower():
            assert not re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", text), (
                kind,
                ident,
                text,
            )


def test_every_declared_event_has_its_own_sentence() -> None:
    for kind in EVENTS:
        method = "_e_" + kind.replace("-", "_")
        assert hasattr(NARRATOR, method), f"no sentence for event {kind!r}"


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_each_event_type_reads_as_a_sentence_with_names(kind: str) -> None:
    assert_sentence(kind, NARRATOR.describe(example(kind)))


def test_events_of_whole_games_read_as_sentences() -> None:
    seen: set[str] = set()
    for seed in range(3):
        game = WitcherGame(PACK, Setup(players=4), seed)
        game.run(WitcherBot(game))
        for e in game.log:
            assert_sentence(e.type, NARRATOR.describe(e))
            seen.add(e.type)
    assert len(seen) >= 45


def test_every_decision_kind_has_option_text() -> None:
    game = WitcherGame(PACK, Setup(players=3), 2)
    game.run(WitcherBot(game))
    for kind in DECISIONS:
        # a plain value option or a dict: the narrator never fails and never dumps a dict
        sample: Any = {
            "action": {
                "action": "travel",
                "to": "owlhollow",
                "path": ["karst-hold", "owlhollow"],
                "cost": 0,
            },
            "operation": {
                "op": "trade",
                "with": "ysolde",
                "give": {"lead": "red"},
                "get": {"gold": 1},
            },
            "choice": {"option": 0, "effects": [{"op": "lose-gold", "amount": 2}]},
            "obstacle": {
                "obstacle": "monster",
                "space": "saltreach-north",
                "monster": "bog-lurker",
            },
            "combat": {"use": "convert"},
            "set-face": {"die": 0, "shows": ["sword"], "hero_die": False},
            "reroll-die": {"die": 3, "shows": ["hand"], "hero_die": True},
            "meet-challenge": "meet",
            "trade-reply": "accept",
            "target-hero": "ysolde",
            "challenge": "old-debt",
            "keep-card": "tide-chart",
            "rest": "minor",
        }.get(kind, "keen-eye")
        text = NARRATOR.option(kind, sample)
        assert text and "{" not in text and "=" not in text, (kind, text)


def test_rerolls_and_set_faces_say_which_die() -> None:
    # WI-DICE-02, WI-DICE-06: a referee follows every die from the roll to the comparison,
    # so a reroll says which dice of the roll were rolled again and a card's face names
    # the die it turned
    reroll = Event("reroll", {"hero": "corvin", "rerolled": [0, 3], "faces": [["sword"], []]})
    text = NARRATOR.describe(reroll)
    assert "dice 1 and 4 of the roll" in text and "sword, blank" in text
    one = Event("reroll", {"hero": "corvin", "rerolled": [2], "faces": [["sword"]]})
    assert "die 3 of the roll" in NARRATOR.describe(one)
    face = Event(
        "face-set",
        {"hero": "corvin", "die": "combat-red", "face": ["sword", "shield"], "reason": "x"},
    )
    assert PACK.dice["combat-red"].name in NARRATOR.describe(face)


def test_a_luck_card_that_acts_when_drawn_is_named() -> None:
    # WI-LUCK-02: a drawn luck card is kept face down (not named); one that acts at once
    # is resolved in the open, so the printed game names it as the cause of what follows
    immediate = next(c for c in PACK.luck.values() if c.timing == "immediate")
    kept = next(c for c in PACK.luck.values() if c.timing != "immediate")
    said = NARRATOR.describe(Event("luck", {"hero": "corvin", "card": immediate.id}))
    assert immediate.name in said
    said = NARRATOR.describe(Event("luck", {"hero": "corvin", "card": kept.id}))
    assert kept.name not in said and "luck card" in said


def test_gold_leads_and_proof_changes_say_why() -> None:
    # WI-SPEND-01, WI-LEAD-02: every resource change names its cause, as VP changes do
    gold = Event("gold", {"hero": "corvin", "delta": -2, "gold": 1, "reason": "sea route"})
    assert "(sea route; 1 now)" in NARRATOR.describe(gold)
    lead = Event(
        "leads", {"hero": "corvin", "colour": "red", "delta": 1, "reason": "bounty-ledger"}
    )
    assert PACK.development["bounty-ledger"].name in NARRATOR.describe(lead)
    proof = Event(
        "proof",
        {"hero": "corvin", "colour": "red", "delta": -1, "reason": "quest the-drowned-bell"},
    )
    assert PACK.quests["the-drowned-bell"].name in NARRATOR.describe(proof)
