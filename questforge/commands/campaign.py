"""``questforge campaign``: play a campaign, scenario after scenario, with the party and
character sheets carried on in one JSON file.

Core code: it talks to a ruleset only through its campaign face
(:class:`~questforge.engine.core.campaign.CampaignFace`, the record's ``campaign_face``)
and plays scenarios through the ruleset's game face, the same way ``play`` does. A ruleset
without a campaign face gets a clear "has no campaign" error. The campaign file is written
atomically after every command that changes it, and only when the command succeeded.

Exit status: 0 done, 1 engine error or content errors in the pack, 2 bad input (a broken
campaign file, an action the rules refuse, an unknown scenario).
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from questforge.commands.gamecli import (
    check_output,
    fail,
    open_game_target,
    parse_setup_args,
    refuse_broken,
    single_setup,
    write_text,
)
from questforge.engine import rulesets
from questforge.engine.core.campaign import CampaignFace, CampaignTable, ScenarioPlan
from questforge.engine.core.errors import QuestforgeError
from questforge.engine.core.jsonload import JsonLoadError, load_json_file
from questforge.engine.core.pack import MANIFEST
from questforge.engine.core.targets import bundled_packs


def campaign_face(ruleset_id: str) -> CampaignFace:
    """The campaign face of ``ruleset_id``, or exit 2 saying why there is none."""
    try:
        face = rulesets.get(ruleset_id).campaign()
    except QuestforgeError as exc:
        fail(str(exc))
    if face is None:
        fail(f"ruleset {ruleset_id!r} has no campaign: its scenarios can only be played one by one")
    return face


def resolve_pack(ref: str) -> tuple[Path, str]:
    """A pack folder (with ``pack.json``) or a bundled pack's id -> (folder, ruleset id)."""
    folder = Path(ref)
    if not (folder / MANIFEST).is_file():
        found = [p for p in bundled_packs() if p.name == ref]
        if not found:
            fail(f"{ref}: not a pack folder (no {MANIFEST}) and no bundled pack has that name")
        folder = found[0]
    try:
        manifest = load_json_file(folder / MANIFEST).data
    except JsonLoadError as exc:
        fail(f"{folder / MANIFEST}:{exc.line or 1}:{exc.column or 1}: {exc.message}")
    ruleset = manifest.get("ruleset") if isinstance(manifest, dict) else None
    if not isinstance(ruleset, str) or not ruleset:
        fail(f"{folder / MANIFEST}: the pack names no ruleset")
    return folder, ruleset


def open_campaign(path: Path) -> tuple[CampaignFace, Any]:
    """The face and state of the campaign file at ``path`` (exit 2 with file, line and
    column when it is broken)."""
    if not path.is_file():
        fail(f"{path}: no such campaign file (make one with `questforge campaign new`)")
    try:
        data = load_json_file(path).data
    except JsonLoadError as exc:
        fail(f"{path}:{exc.line or 1}:{exc.column or 1}: {exc.message}")
    ruleset = data.get("ruleset") if isinstance(data, dict) else None
    if not isinstance(ruleset, str) or not ruleset:
        fail(f'{path}:1:1: not a campaign file: expected an object with a "ruleset"')
    face = campaign_face(ruleset)
    try:
        return face, face.load(path)
    except QuestforgeError as exc:
        fail(str(exc))


def save(face: CampaignFace, state: Any, path: Path) -> None:
    try:
        face.save(state, path)
    except OSError as exc:
        fail(f"cannot write the campaign to {path}: {exc.strerror or exc}")


def print_lines(console: Console, lines: Sequence[str]) -> None:
    for line in lines:
        console.print(line, highlight=False, markup=False)


def print_table(console: Console, table: CampaignTable) -> None:
    out = Table(
        title=table.title,
        show_header=any(table.columns),
        title_justify="left",
        box=box.SIMPLE_HEAD,  # few rules: a wide table still fits 80 columns
        pad_edge=False,
    )
    for i, column in enumerate(table.columns):
        # cells are folded, never cut to "…"; the first column (ids, names) stays whole
        widest = max((len(row[i]) for row in table.rows), default=0) if i == 0 else 0
        out.add_column(column, overflow="fold", min_width=min(24, widest) or None)
    for row in table.rows:
        out.add_row(*(escape(cell) for cell in row))
    # rich drops whole columns that do not fit: a table of short cells (the per-scenario
    # table of ``auto``) gets the width it needs, long text still folds
    short = [
        max((len(c) for c in col), default=0)
        for col in zip(table.columns, *table.rows, strict=True)
    ]
    need = sum(min(w, 24) + 3 for w in short) + 4
    if console.width < need <= 160:
        console = Console(file=console.file, width=need)
    console.print(out)


@click.group(name="campaign")
def campaign() -> None:
    """Campaign play: a party and its character sheets carried from scenario to scenario
    in one JSON file (XP, gold, levels, perks, items, unlocked scenarios, events).

    \b
    questforge campaign new PACK -o FILE --party NAME --character CLASS[:NAME] ...
    questforge campaign status FILE
    questforge campaign play FILE SCENARIO [--auto] [--casual] [--seed S] [--log F]
    questforge campaign town FILE ACTION [--option value ...]   (no ACTION: list them)
    questforge campaign auto FILE --scenarios a,b,c [--seed S]
    """


@campaign.command(name="new")
@click.argument("pack")
@click.option(
    "-o",
    "--output",
    "output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The campaign file to write (refused if it exists, unless --force).",
)
@click.option("--party", required=True, help="The party's name.")
@click.option(
    "--character",
    "characters",
    multiple=True,
    required=True,
    help="A character: CLASS or CLASS:NAME (repeat for each).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Campaign seed.")
@click.option("--force", is_flag=True, help="Overwrite an existing campaign file.")
def new(
    pack: str,
    output: Path,
    party: str,
    characters: tuple[str, ...],
    seed: int,
    force: bool,
) -> None:
    """Start a campaign on PACK (a pack folder or a bundled pack's name): new characters
    at level 1 with their starting gold and a personal quest each, event decks shuffled by
    the seed, the scenarios that need nothing unlocked."""
    if output.exists() and not force:
        fail(f"{output}: exists; add --force to overwrite it")
    if seed < 0:
        fail("--seed must be 0 or more")
    check_output(output, "--output")
    root, ruleset = resolve_pack(pack)
    face = campaign_face(ruleset)
    try:
        state = face.new(root, party, characters, seed, {})
    except QuestforgeError as exc:
        fail(str(exc))
    save(face, state, output)
    console = Console()
    for table in face.status(state):
        print_table(console, table)
    console.print(f"campaign: {output}", highlight=False)


@campaign.command(name="status")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--history", is_flag=True, help="Also print what happened so far.")
def status(file: Path, history: bool) -> None:
    """Print the party sheet, the campaign board and the character sheets of FILE."""
    face, state = open_campaign(file)
    console = Console()
    try:
        tables = face.status(state)
    except QuestforgeError as exc:
        fail(str(exc))
    for table in tables:
        print_table(console, table)
    if history:
        print_lines(console, face.history(state))


def _play_scenario(
    face: CampaignFace,
    state: Any,
    plan: ScenarioPlan,
    seed: int,
    auto: bool,
    force: bool,
    console: Console,
    log_path: Path | None,
) -> tuple[Any, int, str]:
    """Play ``plan`` through the game face (bots for every side with ``auto``); returns
    the game, the exit status (1 after an engine error) and the outcome (the game face's
    summary: ``won``, ``lost`` …; ``left`` when the person left before the end)."""
    from questforge.commands.play import run_in_terminal
    from questforge.engine.core.gamelog import build_log
    from questforge.engine.core.session import Session
    from questforge.engine.core.targets import pack_digest

    gt = open_game_target(f"{plan.pack_root}:{plan.scenario}")
    setup = single_setup(gt.options, {k: [v] for k, v in plan.setup.items()})
    refuse_broken(gt, force, "campaign play")
    game_face, content = gt.face, gt.content
    try:
        probe = game_face.new_game(content, gt.target, setup, seed)
    except QuestforgeError as exc:
        fail(f"the party cannot play {plan.scenario}: {exc}")
    people = set() if auto else {a.id for a in game_face.actors(probe) if a.side == "players"}
    session = Session(
        lambda: game_face.new_game(content, gt.target, setup, seed),
        lambda game: game_face.bots(game, seed),
        people=people,
        round_cap=game_face.round_cap,
    )
    status = run_in_terminal(console, game_face, session, left="scenario left before its end")
    if log_path is not None:
        log = build_log(
            game_face, gt.target, pack_digest([gt.target.pack_root]), setup, seed, session.game
        )
        write_text(log_path, json.dumps(log.to_json(), indent=1) + "\n", "game log")
    finished = session.finished or session.capped
    outcome = game_face.summary(session.game).outcome if finished and not status else "left"
    return session.game, status, outcome


@campaign.command(name="play")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("scenario")
@click.option("--auto", is_flag=True, help="Bots play every character and the road event.")
@click.option(
    "--casual",
    is_flag=True,
    help="Casual mode: any unlocked or completed scenario; XP, gold, loot and battle goals "
    "count, rewards and unlocks do not (GH-CAMP-04/05).",
)
@click.option(
    "--seed", type=int, default=None, help="Game seed (default: the next one of the campaign)."
)
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the game log here.",
)
@click.option(
    "--road-option",
    type=click.Choice(["A", "B"]),
    default=None,
    help="The party's choice if a road event is drawn (default: asked; A with --auto).",
)
@click.option("--force", is_flag=True, help="Play even if the pack has content errors.")
def play(
    file: Path,
    scenario: str,
    auto: bool,
    casual: bool,
    seed: int | None,
    log_path: Path | None,
    road_option: str | None,
    force: bool,
) -> None:
    """Play SCENARIO of the campaign in FILE and write the result onto the sheets.

    Campaign mode refuses a locked scenario and one already completed (GH-CAMP-02/03);
    --casual plays either (GH-CAMP-04). The party plays with its levels, card pools,
    items and perks; afterwards XP (with the bonus on a win), gold from money tokens,
    loot and battle-goal checkmarks are added, and on a campaign win the scenario's
    rewards, unlocks and achievements. Travelling there may need a road event first
    (GH-TRAVEL)."""
    check_output(log_path, "--log")
    face, state = open_campaign(file)
    console = Console()
    try:
        plan = face.plan(state, scenario, casual)
    except QuestforgeError as exc:
        fail(str(exc))
    print_lines(console, plan.notes)
    game_seed = seed if seed is not None else face.game_seed(state)

    def choose(title: str, labels: Sequence[str]) -> int:
        print_lines(console, title.splitlines())
        if road_option is not None:
            return "AB".index(road_option)
        from questforge.commands.play import QuitGame, TerminalPrompt

        try:
            return TerminalPrompt(console).choose("road event", labels)
        except QuitGame:
            fail("the road event was not resolved; nothing is saved")

    try:
        bots = auto and road_option is None  # the face's bots choose the road option
        print_lines(console, face.before_scenario(state, plan, None if bots else choose))
    except QuestforgeError as exc:
        fail(str(exc))
    game, status, _outcome = _play_scenario(
        face, state, plan, game_seed, auto, force, console, log_path
    )
    try:
        lines = face.after_scenario(state, plan, game, game_seed)
    except QuestforgeError as exc:
        fail(str(exc))
    print_lines(console, lines)
    save(face, state, file)
    console.print(f"campaign saved: {file} (game seed {game_seed})", highlight=False)
    sys.exit(status)


@campaign.command(
    name="town",
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("action", required=False)
@click.argument("args", nargs=-1, type=click.UNPROCESSED, metavar="[ACTION OPTIONS]")
def town(file: Path, action: str | None, args: tuple[str, ...]) -> None:
    """Carry out a town ACTION on the campaign in FILE (level-up, perk, card, buy, sell,
    donate, event, quest, retire, new-character, return for Gloomhaven); without ACTION,
    list the actions and their options. The file is saved only when the action succeeds."""
    face, state = open_campaign(file)
    console = Console()
    actions = {a.name: a for a in face.actions()}
    if action is None:
        for a in actions.values():
            flags = " ".join(f"[--{o.name} {o.type.upper()}]" for o in a.options)
            console.print(f"[bold]{escape(a.name)}[/] {escape(flags)}", highlight=False)
            console.print(f"    {escape(a.help)}", highlight=False)
        return
    spec = actions.get(action)
    if spec is None:
        fail(f"unknown action {action!r} (actions: {', '.join(actions)})")
    options = single_setup(spec.options, parse_setup_args(spec.options, list(args)))
    try:
        lines = face.act(state, action, options)
    except QuestforgeError as exc:
        fail(str(exc))
    print_lines(console, lines)
    save(face, state, file)


def _run_sequence(
    face: CampaignFace,
    state: Any,
    scenarios: Sequence[str],
    next_seed: Any,
    retries: int,
    casual: bool,
    force: bool,
    save_to: Path | None,
) -> tuple[list[tuple[str, ...]], list[str], str, int]:
    """Bots play ``scenarios`` in order on ``state`` (a lost one again, up to ``retries``
    times), a bot's town visit before each game; ``next_seed(state, games_so_far)`` gives
    each game's seed. Returns the rows (scenario, seed, result, rounds, then the face's
    summary numbers), their extra column names, the refusal that ended the run (``""``
    if none) and the worst exit status."""
    rows: list[tuple[str, ...]] = []
    keys: list[str] = []
    status = 0
    queue = list(scenarios)
    tries = 0
    while queue:
        scenario = queue[0]
        try:
            face.auto_town(state)
            plan = face.plan(state, scenario, casual)
            face.before_scenario(state, plan, None)  # the face's bots choose
        except QuestforgeError as exc:
            return rows, keys, f"{scenario}: {exc}", status
        game_seed = next_seed(state, len(rows))
        quiet = Console(file=io.StringIO())  # the games are not narrated, only tabled
        game, run_status, outcome = _play_scenario(
            face, state, plan, game_seed, True, force, quiet, None
        )
        status = max(status, run_status)
        face.after_scenario(state, plan, game, game_seed)
        if save_to is not None:
            save(face, state, save_to)
        row = face.summary_row(state)
        keys = keys or list(row)
        rounds = str(getattr(game, "round", "?"))
        rows.append(
            (scenario, str(game_seed), outcome, rounds, *(str(row.get(k, "")) for k in keys))
        )
        if outcome == "won" or tries >= retries:
            queue.pop(0)
            tries = 0
        else:
            tries += 1
    return rows, keys, "", status


def _mean(values: Sequence[str]) -> str:
    """The mean of number cells (``1,2`` lists are averaged as a whole), else ``-``."""
    numbers = []
    for v in values:
        try:
            parts = [float(x) for x in v.split(",")]
        except ValueError:
            return "-"
        numbers.append(sum(parts) / len(parts))
    return f"{sum(numbers) / len(numbers):.1f}" if numbers else "-"


@campaign.command(name="auto")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--scenarios", required=True, help="Scenarios to play in order, comma-separated.")
@click.option(
    "--seed",
    type=int,
    default=None,
    help="First game seed, then +1 a game (default: the campaign's; with --runs, 1).",
)
@click.option(
    "--retries",
    type=click.IntRange(0, 20),
    default=2,
    show_default=True,
    help="Times a lost scenario is played again before moving on.",
)
@click.option(
    "--runs",
    type=click.IntRange(1, 1000),
    default=1,
    show_default=True,
    help="Play the sequence this many times from the file, each run with other game seeds, "
    "and print a table per scenario instead (the file is then left as it is).",
)
@click.option("--casual", is_flag=True, help="Play them in casual mode (GH-CAMP-04/05).")
@click.option("--force", is_flag=True, help="Play even if the pack has content errors.")
def auto(
    file: Path,
    scenarios: str,
    seed: int | None,
    retries: int,
    runs: int,
    casual: bool,
    force: bool,
) -> None:
    """Bots play SCENARIOS in order on the campaign in FILE, with a simple town visit
    before each game (retire who must, level up when possible, mark perks, buy the
    cheapest affordable item a character lacks, then, once the party may enhance, one
    attack +1 with the gold left); a lost scenario is played again up to
    --retries times. Prints one row per game: the difficulty curve of a campaign. The
    file is saved after each game; a scenario the campaign refuses (still locked after a
    loss) ends the run with exit status 2 after the table.

    With --runs N the sequence is played N times from the file as it is (run r's games
    use seeds S + 1000 r, S + 1000 r + 1, ...) and one row per scenario sums them up:
    runs that reached it, games, wins, wins at the first try, mean rounds and the mean of
    the party's numbers after it. The file is not changed."""
    face, state = open_campaign(file)
    console = Console()
    names = [s.strip() for s in scenarios.split(",") if s.strip()]
    if runs == 1:

        def campaign_seed(st: Any, played: int) -> int:
            return seed + played if seed is not None else face.game_seed(st)

        rows, keys, refused, status = _run_sequence(
            face, state, names, campaign_seed, retries, casual, force, file
        )
        table = CampaignTable(
            "Campaign run", ("scenario", "seed", "result", "rounds", *keys), tuple(rows)
        )
        print_table(console, table)
        save(face, state, file)
        if refused:
            fail(refused)
        sys.exit(status)
    base = 1 if seed is None else seed
    per: dict[str, list[tuple[str, ...]]] = {n: [] for n in names}
    first: dict[str, int] = dict.fromkeys(names, 0)
    reached: dict[str, int] = dict.fromkeys(names, 0)
    #: per scenario, each run's row after its last game of it (the party's numbers then)
    after: dict[str, list[tuple[str, ...]]] = {n: [] for n in names}
    keys = []
    status = 0
    refusals = 0
    for r in range(runs):
        _face, fresh = open_campaign(file)
        rows, keys_r, refused, run_status = _run_sequence(
            face,
            fresh,
            names,
            lambda _st, played, r=r: base + 1000 * r + played,
            retries,
            casual,
            force,
            None,
        )
        keys = keys or keys_r
        status = max(status, run_status)
        refusals += bool(refused)
        ended: dict[str, tuple[str, ...]] = {}
        for row in rows:
            name = row[0]
            if name not in ended:
                reached[name] += 1
                first[name] += row[2] == "won"
            ended[name] = row
            per[name].append(row)
        for name, row in ended.items():
            after[name].append(row)
    out = []
    for name in names:
        games = per[name]
        if not games:
            out.append((name, "0", "0", "-", "-", "-", *("-" for _ in keys)))
            continue
        out.append(
            (
                name,
                str(reached[name]),
                str(len(games)),
                str(sum(g[2] == "won" for g in games)),
                f"{first[name]}/{reached[name]}",
                _mean([g[3] for g in games]),
                *(_mean([g[4 + i] for g in after[name]]) for i in range(len(keys))),
            )
        )
    table = CampaignTable(
        f"{runs} campaign runs",
        ("scenario", "runs", "games", "won", "first try", "rounds", *keys),
        tuple(out),
    )
    print_table(console, table)
    if refusals:
        console.print(
            f"{refusals} run(s) stopped at a scenario the campaign refused (still locked "
            "after --retries losses)",
            highlight=False,
        )
    sys.exit(status)
