"""QGH236 (free-text special rules) and QGH237 (what the effect vocabulary names), beyond
the single failing case of ``test_gh_check_cases``."""

from __future__ import annotations

from typing import Any

from ghfixture import base_pack, run

SCN = "scenarios/first.json"


def findings(rules: list[dict[str, Any]], **extra: Any) -> list[tuple[str, tuple[Any, ...]]]:
    files = base_pack()
    files[SCN]["special_rules"] = rules
    files[SCN].update(extra)
    return sorted((f.code, tuple(f.path)) for f in run(files).findings)


def test_the_whole_vocabulary_naming_real_things_is_clean() -> None:
    rule = {
        "trigger": {"type": "enter-hex", "hexes": [[1, 1]], "figures": "any"},
        "effects": [
            {"type": "infuse", "elements": ["fire"]},
            {"type": "consume", "elements": ["ice"]},
            {"type": "damage", "amount": "1+L", "room": "second", "figures": "characters"},
            {"type": "condition", "conditions": ["poison"], "hexes": [[0, 0]]},
            {"type": "lock-door", "door": "d1"},
            {"type": "monster-stats", "monster": "grunt", "attack": 1},
            {"type": "add-overlays", "overlay": "hazardous", "hexes": [[2, 1]]},
            {"type": "win"},
        ],
    }
    killed = {
        "trigger": {"type": "monster-killed", "monster": "grunt", "count": 2},
        "effects": [{"type": "lose"}],
    }
    assert findings([rule, killed]) == []


def test_free_text_trigger_and_door_condition_are_warned() -> None:
    got = findings(
        [
            {
                "trigger": {"type": "custom", "text": "when the bell rings"},
                "effects": [{"type": "infuse", "elements": ["air"]}],
            }
        ],
        doors=[
            {
                "id": "d1",
                "hex": [1, 3],
                "rooms": ["first", "second"],
                "locked": True,
                "opens_when": {"type": "custom", "text": "when the lever is pulled"},
            }
        ],
    )
    assert ("QGH236", ("special_rules", 0, "trigger")) in got
    assert ("QGH236", ("doors", 0, "opens_when")) in got


def test_unknown_room_named_figure_and_off_map_hexes() -> None:
    got = findings(
        [
            {
                "trigger": {"type": "enter-hex", "hexes": [[40, 40]]},
                "effects": [
                    {"type": "damage", "amount": 1, "room": "cellar"},
                    {"type": "monster-stats", "named": "nobody", "health": 2},
                    {"type": "add-overlays", "overlay": "trap", "hexes": [[0, 0], [50, 0]]},
                ],
            }
        ]
    )
    assert [c for c, _ in got] == ["QGH237"] * 4
    assert {p for _, p in got} == {
        ("special_rules", 0, "trigger", "hexes", 0),
        ("special_rules", 0, "effects", 0, "room"),
        ("special_rules", 0, "effects", 1, "named"),
        ("special_rules", 0, "effects", 2, "hexes", 1),
    }


def test_unknown_monster_in_the_vocabulary_is_an_unresolved_reference() -> None:
    # the monster references of the new kinds are schema references: QGH201 resolves them
    got = findings(
        [
            {
                "trigger": {"type": "monster-killed", "monster": "gremlin"},
                "effects": [{"type": "monster-stats", "monster": "gremlin", "move": 1}],
            }
        ]
    )
    assert [c for c, _ in got] == ["QGH201", "QGH201"]


def test_printed_specials_in_text_are_warned_and_stat_card_rules_are_not() -> None:
    # GH-MSTAT-04: a stat card's special applies to every monster of the type; written as
    # text the engine shows it and never applies it (QGH236), written as a rule it is
    # applied, and a rule with a free-text trigger or effect is warned like a scenario's
    files = base_pack()
    boss = files["bosses/overseer.json"]
    boss["stats"]["specials"] = ["At the start of each round, fire is infused."]
    boss["levels"] = {"3": {"specials": ["Retaliate 2 at level 3."]}}
    grunt = files["monsters/grunt.json"]
    grunt["levels"]["1"]["elite"]["specials"] = ["Elites shout."]
    grunt["rules"] = [
        {
            "trigger": {"type": "round", "round": 1, "every": 1, "when": "end"},
            "once": False,
            "effects": [{"type": "infuse", "elements": ["dark"]}],
            "text": "At the end of each round, dark is infused.",
        },
        {
            "trigger": {"type": "custom", "text": "when it howls"},
            "effects": [{"type": "custom", "text": "everyone is scared"}],
        },
    ]
    got = sorted((f.code, f.file, tuple(f.path)) for f in run(files).findings if f.code == "QGH236")
    assert got == [
        ("QGH236", "bosses/overseer.json", ("levels", "3", "specials", 0)),
        ("QGH236", "bosses/overseer.json", ("stats", "specials", 0)),
        ("QGH236", "monsters/grunt.json", ("levels", "1", "elite", "specials", 0)),
        ("QGH236", "monsters/grunt.json", ("rules", 1, "effects", 0)),
        ("QGH236", "monsters/grunt.json", ("rules", 1, "trigger")),
    ]
    assert [f for f in run(files).findings if f.severity == "error"] == []
