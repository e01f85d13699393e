"""The terminal view: a hex map a person can read, hiding what the rules keep hidden."""

from __future__ import annotations

from rich.console import Console

from questforge.commands.play import (
    BoardView,
    character_codes,
    describe_event,
    monster_codes,
)
from questforge.engine.core.events import make_event
from questforge.engine.gloomhaven.game import Game, Setup
from questforge.engine.gloomhaven.game import builders as b
from questforge.engine.gloomhaven.game.describe import action_text, monster_ability_text
from questforge.engine.gloomhaven.game.spec import Ability, Action, DoorSpec, TrapSpec


def _game() -> Game:
    rooms = {"a": b.disc((0, 0), 2), "b": b.disc((0, 5), 2)}
    scenario = b.scenario(
        "view",
        rooms,
        [(0, 0), (1, 0)],
        doors=[DoorSpec((0, 3), ("a", "b"))],
        monsters=[("grunt", (-1, -1), "elite"), ("grunt", (0, 6), "normal")],
        traps={(1, 1): TrapSpec()},
        obstacles={(-2, 2): ""},
    )
    game = Game(b.content([scenario]), Setup("view", ("alpha", "beta")), seed=3)
    game.step_turn()
    return game


def _plain(text) -> str:
    console = Console(width=120, color_system=None, record=True)
    console.print(text)
    return console.export_text()


def test_board_shows_figures_overlays_and_hides_unrevealed_rooms() -> None:
    game = _game()
    view = BoardView(game.scenario, game.content)
    text = _plain(view.board(game.state))
    assert "AL" in text and "BE" in text  # the two characters
    code = view.mcodes["grunt"]
    elite = next(f for f in game.state.figures.values() if f.kind == "monster")
    assert f"{code}{elite.standee}" in text
    assert "[D]" in text  # the closed door (GH-DOOR-01)
    assert "^" in text and "###" in text  # trap and obstacle
    # GH-SETUP-05: the monster of the unrevealed room is not on the map
    assert sum(1 for f in game.state.figures.values() if f.kind == "monster") == 1
    assert "·" in text


def test_rows_are_offset_so_neighbours_touch() -> None:
    game = _game()
    view = BoardView(game.scenario, game.content)
    lines = [
        line
        for line in _plain(view.board(game.state, marks={(0, 1): "7"})).splitlines()
        if line.strip()
    ]
    # (0, 0) and (0, 1) are neighbours: row r=1 is drawn half a cell to the right
    row0 = next(line for line in lines if "AL" in line)
    row1 = lines[lines.index(row0) + 1]
    assert row1.index(" 7 ") - row0.index("AL") == 2


def test_codes_are_unique_and_stable() -> None:
    codes = monster_codes(["bandit-guard", "bandit-archer", "black-imp", "boss"])
    assert len(set(codes.values())) == 4
    assert codes == monster_codes(["boss", "black-imp", "bandit-archer", "bandit-guard"])
    assert character_codes(["hollow-warden", "hollow-witch"]) == {
        "hollow-warden": "HW",
        "hollow-witch": "HO",
    }


def test_describe_action_and_events_read_like_cards() -> None:
    action = Action(
        (
            Ability("move", 2, jump=True),
            Ability("attack", 3, range=3, pierce=1, conditions=("poison",)),
        ),
        lost=True,
        xp=1,
    )
    assert (
        action_text(action) == "Move 2 (jump) · Attack 3 (range 3, pierce 1, poison) [lost, 1 XP]"
    )
    line = describe_event(
        make_event("damage", figure="alpha", amount=3, hp=7, source="g", cause="attack")
    )
    assert line is not None and "alpha suffers 3" in line
    assert describe_event(make_event("turn_end", figure="alpha")) is None


def test_monster_card_values_are_signed_and_default_targets_stay_quiet() -> None:
    # GH-MATK-01 / GH-MATK-05: a monster card's attack value and range modify the stat card
    assert monster_ability_text(Ability("attack", 1, range=-1)) == "Attack +1 (range -1)"
    assert monster_ability_text(Ability("move", 0)) == "Move +0"
    # a shield with the default target ("" = self) is not printed as an ally shield
    assert action_text(Action((Ability("shield", 1),))) == "Shield 1"
    assert action_text(Action((Ability("shield", 1, target="allies"),))) == "Shield 1 (allies)"
    assert action_text(Action(())) == "(nothing)"


def test_a_whole_game_through_the_terminal_prompts() -> None:
    """Every prompt path of the terminal controller, answered like a patient player."""
    import io

    from questforge.commands.play import TerminalController
    from questforge.engine.gloomhaven import simulation

    source = simulation.resolve_scenario("collapsed-adit")
    content = simulation.load_content(source)
    game = simulation.new_bot_game(content, "collapsed-adit", ("lampwright", "ore-singer"), 1, 5)
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        if "leading card" in prompt:
            return "r" if len(asked) % 7 == 0 else "1"
        if "second card" in prompt:
            return "2"
        if prompt.endswith("choose:[/] "):
            return "s"  # suffer damage rather than lose cards
        return "1"

    console = Console(file=io.StringIO(), width=100)
    person = TerminalController(
        console, BoardView(game.scenario, content), game, game.controller, read
    )
    game.controller = person
    while not game.finished:
        game.step_turn()
    assert game.result is not None
    assert any("leading card" in p for p in asked) and any("destination" in p for p in asked)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "choose two cards" in out and "Figures" in out


def test_content_text_is_never_read_as_markup() -> None:
    """Names come from untrusted packs, answers from the keyboard: "[/x]" must print as is."""
    import dataclasses
    import io

    from questforge.commands.play import TerminalController
    from questforge.engine.core.decisions import Decision

    game = _game()
    grunt = game.content.monsters["grunt"]
    content = dataclasses.replace(
        game.content, monsters={"grunt": dataclasses.replace(grunt, name="[/bold] Grunt [red]")}
    )
    console = Console(file=io.StringIO(), width=120, color_system=None)
    view = BoardView(game.scenario, content)
    console.print(view.figures_table(game.state))
    console.print(view.legend(game.state))
    answers = iter(["[/nope]", "2"])
    person = TerminalController(console, view, game, game.controller, lambda prompt: next(answers))
    decision = Decision("heal_target", "alpha", ("alpha", "beta"), {}, "[/b] heal whom?")
    assert person.choose(decision) == 1
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "[/bold] Grunt [red]" in out
    assert "'[/nope]' is not an option" in out and "[/b] heal whom?" in out
