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
