"""Per-character setup from the command line: ``play`` and ``simulate`` take each
character's level, hand and items, the recommended scenario level and the solo variant as
setup options (GH-LVL-01, GH-LEVEL-03, GH-HAND-01, GH-HAND-02, GH-ITEM-03, GH-ITEM-04, GH-VAR-02); the game
log records them, ``replay --verify`` reproduces the game, and mistakes are refused with
the option and the character named (exit 2, no traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from questforge.cli import cli

LAMP_HAND = ",".join(
    (
        "lampwright-moth-swarm",  # X card, a summon
        "lampwright-wildfire",
        "lampwright-cold-lamp",
        "lampwright-flashpoint",
        "lampwright-glass-shards",
        "lampwright-guiding-light",
        "lampwright-lantern-glow",
        "lampwright-wick-flare",
    )
)
PARTY = ("--classes", "lampwright,shaftbreaker")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_play_uses_levels_hands_items_and_the_recommended_level(tmp_path: Path) -> None:
    # GH-LEVEL-03: levels 5 and 3 average 4 -> scenario level ceil(4 / 2) = 2;
    # GH-LVL-01: HP by level; GH-HAND-02: X cards in the hand; GH-ITEM-03: items owned
    log = tmp_path / "g.json"
    code, out = run(
        "play",
        "collapsed-adit",
        "--auto",
        "--seed",
        "5",
        *PARTY,
        "--character-levels",
        "5,3",
        "--recommended-level",
        "--hands",
        f"lampwright={LAMP_HAND}",
        "--items",
        "shaftbreaker=sledgehammer,miners-helm;lampwright=tonic",
        "--log",
        str(log),
    )
    assert code == 0, out
    assert "at level 2" in out
    setup = json.loads(log.read_text())["setup"]
    assert setup["character-levels"] == "5,3" and setup["recommended-level"] is True
    code, out = run("replay", str(log), "--verify")
    assert code == 0, out


def test_one_level_applies_to_every_character(tmp_path: Path) -> None:
    # GH-LVL-01 / GH-LEVEL-03: three level-3 characters -> scenario level 2
    code, out = run(
        "play",
        "collapsed-adit",
        "--auto",
        "--players",
        "3",
        "--character-levels",
        "3",
        "--recommended-level",
    )
    assert code == 0, out
    assert "3 characters at level 2" in out


def test_simulate_takes_the_same_options(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    code, out = run(
        "simulate",
        "collapsed-adit",
        "--games",
        "2",
        *PARTY,
        "--character-levels",
        "2",
        "--items",
        "lampwright=ember-flask",
        "--solo",
        "--json",
        str(report),
    )
    assert code == 0, out
    data = json.loads(report.read_text())
    assert data["setups"][0]["setup"]["items"] == "lampwright=ember-flask"


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [
        ("--character-levels", "5,3,2", "3 levels for 2 characters"),
        ("--character-levels", "12", "level must be 1-9"),
        ("--character-levels", "two", "expected whole numbers"),
        ("--hands", "brute=a,b", "'brute' is not in the party"),
        ("--hands", "lampwright=lampwright-wick-flare", "exactly 8 cards"),  # GH-HAND-01
        ("--hands", "lampwright", "expected CLASS=ID"),
        ("--items", "lampwright=no-such-item", "unknown item 'no-such-item'"),
        # GH-ITEM-04 / GH-REF-04: one legs item; one copy of an item
        ("--items", "lampwright=hobnail-boots,hobnail-boots", "one copy of an item"),
        ("--items", "lampwright=prybar,sling,sledgehammer", "two one-hand items"),
    ],
)
def test_bad_party_options_are_refused_clearly(flag: str, value: str, message: str) -> None:
    code, out = run("play", "collapsed-adit", "--auto", *PARTY, flag, value)
    assert code == 2, out
    assert message in out and "Traceback" not in out
