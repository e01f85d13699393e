"""The text board (library) and the terminal: a hex map a person can read, hiding what the
rules keep hidden; the narrator's sentences; the terminal prompt."""

from __future__ import annotations

from rich.console import Console

from questforge.commands.gamecli import board_text
from questforge.engine.core.events import make_event
from questforge.engine.gloomhaven.game import Game, Setup
from questforge.engine.gloomhaven.game import builders as b
from questforge.engine.gloomhaven.game.describe import action_text, monster_ability_text
from questforge.engine.gloomhaven.game.narrator import narrate as describe_event
from questforge.engine.gloomhaven.game.spec import Ability, Action, DoorSpec, TrapSpec
from questforge.engine.gloomhaven.game.textboard import (
    BoardText,
    character_codes,
    monster_codes,
)


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


def _plain(lines) -> str:
    from questforge.engine.core.game import TextBoard

    console = Console(width=120, color_system=None, record=True)
    console.print(board_text(TextBoard(tuple(lines))))
    return console.export_text()


def test_board_shows_figures_overlays_and_hides_unrevealed_rooms() -> None:
    game = _game()
    view = BoardText(game.scenario, game.content)
    text = _plain(view.map_lines(game.state))
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
    view = BoardText(game.scenario, game.content)
    lines = [
        line
        for line in _plain(view.map_lines(game.state, marks={(0, 1): "7"})).splitlines()
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
    assert line is not None and "Alpha suffers 3 damage" in line
    assert describe_event(make_event("turn_end", figure="alpha")) is None


def test_monster_card_values_are_signed_and_default_targets_stay_quiet() -> None:
    # GH-MATK-01 / GH-MATK-05: a monster card's attack value and range modify the stat card
    assert monster_ability_text(Ability("attack", 1, range=-1)) == "Attack +1 (range -1)"
    assert monster_ability_text(Ability("move", 0)) == "Move +0"
    # a shield with the default target ("" = self) is not printed as an ally shield
    assert action_text(Action((Ability("shield", 1),))) == "Shield 1"
    assert action_text(Action((Ability("shield", 1, affects="allies"),))) == "Shield 1 (allies)"
    assert action_text(Action(())) == "(nothing)"


def test_a_whole_game_through_the_terminal_prompts() -> None:
    """A person plays both characters through the generic terminal prompt, typing numbers
    and words that narrow long lists (the step API replays after each answer)."""
    import io

    from questforge.commands.play import TerminalPrompt, ask_person
    from questforge.engine.core.session import Session
    from questforge.engine.gloomhaven.game.face import FACE
    from questforge.engine.gloomhaven.simulation import load_content, resolve_scenario

    target = resolve_scenario("collapsed-adit")
    content = load_content(target)
    setup = {"players": 2, "level": 1, "classes": "", "solo": False}
    session = Session(
        lambda: FACE.new_game(content, target, setup, 5),
        lambda g: FACE.bots(g, 5),
        people={"lampwright", "ore-singer"},
    )
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return "1"

    console = Console(file=io.StringIO(), width=100)
    prompt = TerminalPrompt(console, read)
    kinds = set()
    while (d := session.advance()) is not None and len(asked) < 150:
        kinds.add(d.kind)
        session.answer(ask_person(console, prompt, FACE, session.game, d))
    assert {"plan", "action", "move"} <= kinds
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Lampwright: plan" in out or "Lampwright" in out
    assert "figure" in out and "hex" in out  # the board's figure table above each question


def test_content_text_is_never_read_as_markup() -> None:
    """Names come from untrusted packs, answers from the keyboard: "[/x]" must print as is."""
    import io

    from questforge.commands.play import TerminalPrompt

    console = Console(file=io.StringIO(), width=120, color_system=None)
    answers = iter(["[/nope]", "2"])
    prompt = TerminalPrompt(console, lambda _p: next(answers))
    assert prompt.choose("[/b] heal whom?", ["[/bold] Grunt [red]", "beta"]) == 1
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "[/bold] Grunt [red]" in out
    assert "'[/nope]' is not an option" in out and "[/b] heal whom?" in out


def test_a_word_narrows_a_long_list() -> None:
    import io

    from questforge.commands.play import TerminalPrompt

    console = Console(file=io.StringIO(), width=120, color_system=None)
    labels = [f"card {i}" for i in range(60)] + ["Ember Lash (12)"]
    answers = iter(["ember"])
    prompt = TerminalPrompt(console, lambda _p: next(answers))
    assert prompt.choose("pick", labels) == 60
    assert "20 more" in console.file.getvalue() or "21 more" in console.file.getvalue()  # type: ignore[attr-defined]
