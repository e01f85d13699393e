"""Batch simulation: many seeded bot playthroughs and the balance report built from them.

A playtester's question is "is this scenario fair at 2, 3 and 4 characters?". One game says
nothing; a thousand seeded games say a lot, provided that

- every game is reproducible on its own: its seed is derived from the base seed, the setup
  (player count, level) and the game's number only, never from the job count or the order in
  which worker processes finish (:func:`game_seed`);
- the report is a pure function of the per-game results: same seed, same JSON, byte for byte.
  Wall-clock figures live only in the top-level ``timing`` object, which callers may drop.

This module is engine layer: no click, rich or Qt. Progress is reported through a plain
callback so the command line can draw a progress bar and the editor a progress dialog.

The flow is ``make_tasks`` → ``run_tasks`` (one process or a pool) → ``build_report``
(:func:`run_simulation` does all three). The function that plays one game is a parameter:
a :class:`BotGame` (the scenario engine with :mod:`.bots` on every side) for real runs, a
stub in the runner's own tests. Also here, because every front end needs them: resolving a
scenario reference (:func:`resolve_scenario`), loading a pack's engine content once per
process (:class:`PackLoader`, :func:`load_content`) and choosing a party (:func:`party_for`).
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

#: the report format; bump when the JSON layout changes incompatibly
REPORT_FORMAT = 1

Outcome = Literal["win", "loss", "unfinished", "error"]
Verdict = Literal["too hard", "fair", "too easy"]

#: Verdict bands on the win rate of bot parties. Bots play reasonably but not as well as a
#: careful group, so a scenario bots win between 35 % and 90 % of the time is "fair": hard
#: enough to be a fight, easy enough that people who plan together will usually win.
TOO_HARD_BELOW = 0.35
TOO_EASY_ABOVE = 0.90

#: z for a two-sided 95 % interval
Z95 = 1.959963984540054

ProgressFn = Callable[[int, int], None]


@dataclass(frozen=True)
class Setup:
    """One configuration a report compares: player count and scenario level."""

    players: int
    level: int

    @property
    def label(self) -> str:
        return f"{self.players} characters, level {self.level}"


@dataclass(frozen=True)
class GameTask:
    """One game to play: which setup, its number within the setup, and its own seed."""

    setup: int
    players: int
    level: int
    index: int
    seed: int


@dataclass(frozen=True)
class CharacterResult:
    """What happened to one character over one game."""

    name: str
    damage_taken: int = 0
    exhausted: bool = False
    #: ``"health"`` (HP below 1) or ``"cards"`` (could neither play two cards nor rest)
    exhaustion_cause: str | None = None
    exhausted_round: int | None = None
    #: the room the character stood in when exhausted (``None`` if unknown or not exhausted)
    fell_in_room: str | None = None
    xp: int = 0
    gold: int = 0


@dataclass(frozen=True)
class GameResult:
    """The record one playthrough leaves for the report (plain data, picklable, JSON-able)."""

    setup: int
    index: int
    seed: int
    players: int
    level: int
    outcome: Outcome
    rounds: int
    characters: tuple[CharacterResult, ...] = ()
    #: monster type id -> monsters of that type killed
    kills: dict[str, int] = field(default_factory=dict)
    #: rooms revealed by the end of the game, in reveal order (starting room first)
    rooms_revealed: tuple[str, ...] = ()
    events: int = 0
    #: for a loss: ``"exhausted"`` (every character, GH-EXH-03) or ``"scenario"`` (one of
    #: the scenario's loss conditions, e.g. a round limit)
    loss_cause: str | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["characters"] = [asdict(c) for c in self.characters]
        data["kills"] = dict(sorted(self.kills.items()))
        data["rooms_revealed"] = list(self.rooms_revealed)
        return data


# --------------------------------------------------------------------------------------
# seeds and tasks


def game_seed(base_seed: int, players: int, level: int, index: int) -> int:
    """The seed of game ``index`` of setup (players, level) under ``base_seed``.

    A hash, not ``base_seed + index``: neighbouring base seeds must not share games, and the
    seed must not depend on how many setups or games a run has, so that game 17 at 3
    characters is the same game whether the run asked for 100 games or 1,000.
    """
    text = f"questforge-sim:{base_seed}:{players}:{level}:{index}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def make_tasks(setups: Sequence[Setup], games: int, base_seed: int) -> list[GameTask]:
    """Every game of a run, setup by setup, in a fixed order."""
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    return [
        GameTask(
            s, setup.players, setup.level, i, game_seed(base_seed, setup.players, setup.level, i)
        )
        for s, setup in enumerate(setups)
        for i in range(games)
    ]


# --------------------------------------------------------------------------------------
# running


def describe_failure(exc: BaseException) -> str:
    """One line for an engine failure: the exception and where it was raised."""
    where = ""
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        where = f" (at {Path(last.filename).name}:{last.lineno} in {last.name})"
    return f"{type(exc).__name__}: {exc}{where}"


def _guarded(play: Callable[[GameTask], GameResult], task: GameTask) -> GameResult:
    """Play one game; an engine failure becomes an ``error`` result instead of killing the run."""
    try:
        return play(task)
    except Exception as exc:  # one broken game must not lose the other 999
        return GameResult(
            setup=task.setup,
            index=task.index,
            seed=task.seed,
            players=task.players,
            level=task.level,
            outcome="error",
            rounds=0,
            error=describe_failure(exc),
        )


class _Call:
    """A picklable ``task -> result`` wrapper (a closure would not cross process borders)."""

    def __init__(self, play: Callable[[GameTask], GameResult]) -> None:
        self.play = play

    def __call__(self, task: GameTask) -> GameResult:
        return _guarded(self.play, task)


def run_tasks(
    tasks: Sequence[GameTask],
    play: Callable[[GameTask], GameResult],
    *,
    jobs: int = 1,
    progress: ProgressFn | None = None,
) -> list[GameResult]:
    """Play every task on ``jobs`` processes; results come back in task order.

    ``play`` must be picklable when ``jobs > 1`` (a module-level function or a
    ``functools.partial`` of one). ``progress(done, total)`` is called in this process after
    each finished game.
    """
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    total = len(tasks)
    results: list[GameResult] = []
    call = _Call(play)
    if progress:
        progress(0, total)
    if jobs == 1 or total <= 1:
        for task in tasks:
            results.append(call(task))
            if progress:
                progress(len(results), total)
    else:
        # Small chunks keep the progress bar moving and both cores busy to the end; the
        # per-chunk overhead is tiny next to a whole playthrough.
        chunk = max(1, min(16, total // (jobs * 16)))
        ctx = multiprocessing.get_context("fork" if _fork_ok() else "spawn")
        with ctx.Pool(processes=min(jobs, total)) as pool:
            for result in pool.imap_unordered(call, tasks, chunksize=chunk):
                results.append(result)
                if progress:
                    progress(len(results), total)
    results.sort(key=lambda r: (r.setup, r.index))
    return results


def _fork_ok() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


# --------------------------------------------------------------------------------------
# statistics


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion.

    Chosen over the textbook normal interval because it stays inside [0, 1] and behaves at
    0 % and 100 % win rates, which small simulations hit often.
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError("successes must be between 0 and trials")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def verdict(win_rate: float) -> Verdict:
    """The balance verdict for a bot win rate (thresholds: :data:`TOO_HARD_BELOW`, ...)."""
    if win_rate < TOO_HARD_BELOW:
        return "too hard"
    if win_rate > TOO_EASY_ABOVE:
        return "too easy"
    return "fair"


def _r(x: float) -> float:
    """Round a report figure: 4 decimals are plenty and keep the JSON readable."""
    return round(x, 4)


def _summary(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {"mean": None, "median": None, "min": None, "max": None}
    return {
        "mean": _r(statistics.fmean(values)),
        "median": _r(float(statistics.median(values))),
        "min": min(values),
        "max": max(values),
    }


def _setup_report(setup: Setup, results: Sequence[GameResult]) -> dict[str, Any]:
    games = len(results)
    outcomes = Counter(r.outcome for r in results)
    wins = outcomes["win"]
    rate = wins / games if games else 0.0
    lo, hi = wilson_interval(wins, games)
    finished = [r for r in results if r.outcome in ("win", "loss")]

    rounds_all = [r.rounds for r in results if r.outcome != "error"]
    histogram = Counter(rounds_all)

    # characters: by seat (position in the party), since the class list is the same per setup
    seats: dict[int, list[CharacterResult]] = {}
    for r in results:
        for i, c in enumerate(r.characters):
            seats.setdefault(i, []).append(c)
    characters = []
    for seat in sorted(seats):
        rows = seats[seat]
        names = Counter(c.name for c in rows)
        exhausted = [c for c in rows if c.exhausted]
        causes = Counter(c.exhaustion_cause or "unknown" for c in exhausted)
        characters.append(
            {
                "seat": seat + 1,
                "name": names.most_common(1)[0][0],
                "games": len(rows),
                "damage_taken": _summary([c.damage_taken for c in rows]),
                "exhausted": len(exhausted),
                "exhaustion_rate": _r(len(exhausted) / len(rows)),
                "exhaustion_causes": dict(sorted(causes.items())),
                "xp_mean": _r(statistics.fmean(c.xp for c in rows)),
                "gold_mean": _r(statistics.fmean(c.gold for c in rows)),
            }
        )

    kills: Counter[str] = Counter()
    for r in results:
        kills.update(r.kills)
    falls: Counter[str] = Counter(
        c.fell_in_room or "unknown" for r in results for c in r.characters if c.exhausted
    )
    reveals: Counter[str] = Counter(room for r in results for room in r.rooms_revealed)
    errors = [
        {"game": r.index, "seed": r.seed, "error": r.error} for r in results if r.outcome == "error"
    ]
    return {
        "players": setup.players,
        "level": setup.level,
        "games": games,
        "wins": wins,
        "losses": outcomes["loss"],
        "losses_by_cause": dict(
            sorted(
                Counter(r.loss_cause or "unknown" for r in results if r.outcome == "loss").items()
            )
        ),
        "unfinished": outcomes["unfinished"],
        "errors": outcomes["error"],
        "win_rate": _r(rate),
        "win_rate_ci95": [_r(lo), _r(hi)],
        "verdict": verdict(rate),
        # conclusive when the whole interval lies in the verdict's band
        "verdict_conclusive": verdict(lo) == verdict(hi),
        "rounds": {
            **_summary(rounds_all),
            "win": _summary([r.rounds for r in finished if r.outcome == "win"]),
            "loss": _summary([r.rounds for r in finished if r.outcome == "loss"]),
            "histogram": {str(k): histogram[k] for k in sorted(histogram)},
        },
        "characters": characters,
        "kills": {k: kills[k] for k in sorted(kills)},
        "kills_per_game": {k: _r(kills[k] / games) for k in sorted(kills)} if games else {},
        "falls_by_room": {k: falls[k] for k in sorted(falls)},
        "rooms_revealed": {k: reveals[k] for k in sorted(reveals)},
        "error_games": errors[:20],
    }


def build_report(
    scenario: dict[str, Any],
    setups: Sequence[Setup],
    results: Iterable[GameResult],
    *,
    seed: int,
    games: int,
    timing: dict[str, float] | None = None,
    include_games: bool = False,
) -> dict[str, Any]:
    """The balance report (plain JSON data) for a finished run.

    Deterministic: it depends only on the arguments, and the only clock figures are those the
    caller passes in ``timing`` (kept in the top-level ``timing`` object).
    """
    by_setup: dict[int, list[GameResult]] = {i: [] for i in range(len(setups))}
    for r in results:
        by_setup[r.setup].append(r)
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "kind": "simulation-report",
        "scenario": scenario,
        "seed": seed,
        "games_per_setup": games,
        "verdict_thresholds": {
            "too_hard_below": TOO_HARD_BELOW,
            "too_easy_above": TOO_EASY_ABOVE,
            "explanation": (
                "Verdict on the bot win rate: below too_hard_below is 'too hard', above "
                "too_easy_above is 'too easy', otherwise 'fair'. It is conclusive when the "
                "whole 95% Wilson interval lies in the same band."
            ),
        },
        "setups": [_setup_report(setups[i], by_setup[i]) for i in range(len(setups))],
    }
    if include_games:
        report["games"] = [r.to_json() for i in sorted(by_setup) for r in by_setup[i]]
    if timing is not None:
        report["timing"] = {k: _r(v) for k, v in timing.items()}
    return report


def run_simulation(
    scenario: dict[str, Any],
    setups: Sequence[Setup],
    play: Callable[[GameTask], GameResult],
    *,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: ProgressFn | None = None,
    include_games: bool = False,
) -> tuple[dict[str, Any], list[GameResult]]:
    """Plan, run and report in one call; returns the report and the raw per-game results."""
    tasks = make_tasks(setups, games, seed)
    start = time.perf_counter()
    results = run_tasks(tasks, play, jobs=jobs, progress=progress)
    elapsed = time.perf_counter() - start
    timing = {
        "seconds": elapsed,
        "games_per_second": len(tasks) / elapsed if elapsed > 0 else 0.0,
        "jobs": float(jobs),
    }
    report = build_report(
        scenario,
        setups,
        results,
        seed=seed,
        games=games,
        timing=timing,
        include_games=include_games,
    )
    return report, results


# --------------------------------------------------------------------------------------
# which scenario: file, PACK-DIR:ID, or an id in the bundled sample pack

#: a game still running after this many rounds is "unfinished" (every game ends)
DEFAULT_ROUND_CAP = 40

BUNDLED_PACK = "gloomhaven-sample"


class ScenarioRefError(ValueError):
    """A scenario reference or setup that cannot be used; the message says why."""


@dataclass(frozen=True)
class ScenarioSource:
    """Where a scenario comes from: plain strings, so it crosses process borders."""

    pack_root: str
    scenario_id: str

    @property
    def label(self) -> str:
        return f"{self.pack_root}:{self.scenario_id}"


def bundled_pack_root() -> Path:
    """The bundled sample pack (package data of ``questforge.content``)."""
    import questforge.content

    return Path(questforge.content.__file__).resolve().parent / BUNDLED_PACK


def resolve_scenario(ref: str) -> ScenarioSource:
    """Turn a command-line scenario reference into a :class:`ScenarioSource`.

    Accepted: a scenario file (its pack is the nearest folder above with a ``pack.json``),
    ``PACK-DIR:SCENARIO-ID``, or the id of a scenario in the bundled sample pack.
    """
    from questforge.engine.core.jsonload import JsonLoadError, load_json_file
    from questforge.engine.core.pack import MANIFEST, find_pack_root

    ref = ref.strip()
    if not ref:
        raise ScenarioRefError("no scenario given")
    path = Path(ref)
    if path.is_file():
        root = find_pack_root(path)
        if root is None:
            raise ScenarioRefError(f"{ref}: not inside a content pack (no {MANIFEST} above it)")
        try:
            data = load_json_file(path).data
        except JsonLoadError as exc:
            where = f":{exc.line}:{exc.column}" if exc.line else ""
            raise ScenarioRefError(f"{ref}{where}: {exc.message}") from None
        if not isinstance(data, dict) or data.get("kind") != "scenario":
            kind = data.get("kind") if isinstance(data, dict) else None
            raise ScenarioRefError(
                f'{ref}: expected a scenario file ("kind": "scenario"), found kind {kind!r}'
            )
        sid = data.get("id")
        if not isinstance(sid, str) or not sid:
            raise ScenarioRefError(f'{ref}: the scenario has no "id"')
        return ScenarioSource(str(root), sid)
    if path.is_dir():
        raise ScenarioRefError(
            f"{ref} is a folder; name a scenario in it as {ref.rstrip('/')}:SCENARIO-ID"
        )
    if ":" in ref:
        pack_dir, sid = ref.rsplit(":", 1)
        root = Path(pack_dir)
        if not (root / MANIFEST).is_file():
            what = "does not exist" if not root.exists() else f"has no {MANIFEST}"
            raise ScenarioRefError(f"{pack_dir}: not a content pack folder ({what})")
        if not sid:
            raise ScenarioRefError(f"{ref}: no scenario id after ':'")
        return ScenarioSource(str(root.resolve()), sid)
    if "/" in ref or "\\" in ref or ref.endswith(".json"):
        raise ScenarioRefError(f"{ref}: no such file")
    return ScenarioSource(str(bundled_pack_root()), ref)


# --------------------------------------------------------------------------------------
# loading content and playing one bot game

#: pack root -> (files fingerprint, engine content), per process; forked workers inherit
#: the parent's entries, so a run loads its pack once
_CONTENT_CACHE: dict[str, tuple[tuple[tuple[str, int, int], ...], Any]] = {}


def pack_fingerprint(pack_root: str) -> tuple[tuple[str, int, int], ...]:
    """(path, size, mtime) of every JSON file of a pack: changes when the pack is edited."""
    from questforge.engine.core.pack import content_files  # the safe walk: no links

    root = Path(pack_root).absolute()
    out = []
    for path in content_files(root)[0]:
        try:
            st = path.stat()
        except OSError:
            continue
        out.append((path.relative_to(root).as_posix(), st.st_size, st.st_mtime_ns))
    return tuple(out)


class PackLoader:
    """A picklable "load this pack" callable; the content is cached per process.

    Workers call it once per game, so it trusts the cache; :func:`load_content`, called
    once per run before the workers start, refreshes the cache when the pack changed on
    disk (the editor simulates a pack while it is being edited).
    """

    def __init__(self, pack_root: str) -> None:
        self.pack_root = pack_root

    def __call__(self) -> Any:
        hit = _CONTENT_CACHE.get(self.pack_root)
        if hit is None:
            return self.reload()
        return hit[1]

    def reload(self) -> Any:
        from questforge.engine.gloomhaven.game import as_content

        fingerprint = pack_fingerprint(self.pack_root)
        content = as_content(Path(self.pack_root))
        _CONTENT_CACHE[self.pack_root] = (fingerprint, content)
        return content


def load_content(source: ScenarioSource) -> Any:
    """The engine content of the source's pack, with the scenario checked to exist.

    Any failure to load is a :class:`ScenarioRefError` naming the pack (the command line
    prints it; the validator is the tool that explains content errors in detail).
    """
    loader = PackLoader(source.pack_root)
    try:
        hit = _CONTENT_CACHE.get(source.pack_root)
        if hit is not None and hit[0] == pack_fingerprint(source.pack_root):
            content = hit[1]
        else:
            content = loader.reload()
    except Exception as exc:  # content problems surface in many shapes; report, not crash
        raise ScenarioRefError(
            f"{source.pack_root}: the pack cannot be loaded ({type(exc).__name__}: {exc}); "
            "run `questforge validate` on it for details"
        ) from None
    if source.scenario_id not in content.scenarios:
        known = ", ".join(sorted(content.scenarios)) or "none"
        raise ScenarioRefError(
            f"no scenario {source.scenario_id!r} in pack {source.pack_root} (known: {known})"
        )
    return content


def party_for(content: Any, players: int, classes: Sequence[str] | None) -> tuple[str, ...]:
    """The classes of an N-character party: the first N of ``classes`` (or of the pack's
    classes in id order)."""
    pool = list(classes) if classes else sorted(content.classes)
    for c in pool:
        if c not in content.classes:
            known = ", ".join(sorted(content.classes)) or "none"
            raise ScenarioRefError(f"unknown character class {c!r} (known: {known})")
    if len(set(pool)) != len(pool):
        raise ScenarioRefError("a class can be played by one character only (GH-CHAR-01)")
    if len(pool) < players:
        where = "--classes lists" if classes else "the pack has"
        raise ScenarioRefError(f"{players} characters need {players} classes; {where} {len(pool)}")
    return tuple(pool[:players])


def scenario_info(content: Any, scenario_id: str) -> dict[str, Any]:
    """The scenario's identity for a report (no paths: reports must not depend on them)."""
    spec = content.scenarios[scenario_id]
    return {
        "id": scenario_id,
        "name": spec.name,
        "pack": content.pack_id,
        "pack_version": content.pack_version,
        "rooms": len(spec.rooms),
    }


def bot_seed(game_seed_value: int | str) -> str:
    """The bots' own seed, derived from the game's (so one seed fixes the whole game)."""
    return f"bots:{game_seed_value}"


def new_bot_game(
    content: Any,
    scenario_id: str,
    classes: Sequence[str],
    level: int,
    seed: int | str,
) -> Any:
    """A game with a :class:`~.bots.BotController` attached (not yet run)."""
    from questforge.engine.gloomhaven.bots import BotController
    from questforge.engine.gloomhaven.game import Game
    from questforge.engine.gloomhaven.game import Setup as GameSetup

    bot = BotController(bot_seed(seed))
    game = Game(
        content, GameSetup(scenario_id, tuple(classes), level=level), seed=seed, controller=bot
    )
    bot.attach(game)
    return game


def run_capped(game: Any, round_cap: int) -> None:
    """Play round by round until the game ends or ``round_cap`` rounds have been played."""
    while not game.finished:
        game.step_round()
        if not game.finished and game.state.round >= round_cap:
            break


_OUTCOMES: dict[str, Outcome] = {"won": "win", "lost": "loss", "unfinished": "unfinished"}


def result_from_game(game: Any, task: GameTask) -> GameResult:
    """Distil a finished (or capped) game into the report's per-game record."""
    from questforge.engine.gloomhaven.game import coin_value

    state = game.state
    outcome: Outcome = (
        _OUTCOMES.get(game.result.outcome, "unfinished") if game.result else "unfinished"
    )
    falls: dict[str, tuple[str | None, str | None, int]] = {}
    round_no = 0
    for event in game.events:
        if event.type == "round_start":
            round_no = int(event.get("round", round_no))
        elif event.type == "exhausted":
            room = event.get("room")
            hex_ = event.get("hex")
            if room is None and isinstance(hex_, list) and len(hex_) == 2:
                door = game.board.doors.get((hex_[0], hex_[1]))
                if door is not None:
                    room = "door " + "/".join(door.rooms)
            falls[str(event.get("character"))] = (event.get("reason"), room, round_no)
    chars = []
    won = outcome == "win"
    for cid, ch in state.characters.items():
        reason, room, when = falls.get(cid, (None, None, 0))
        chars.append(
            CharacterResult(
                name=ch.class_id,
                damage_taken=ch.damage_taken,
                exhausted=ch.exhausted,
                exhaustion_cause=reason if ch.exhausted else None,
                exhausted_round=when if ch.exhausted else None,
                fell_in_room=room if ch.exhausted else None,
                xp=ch.xp + ((4 + 2 * state.level) if won else 0),  # GH-END-05
                gold=ch.coins * coin_value(state.level),  # GH-END-06
            )
        )
    loss_cause = None
    if outcome == "loss":
        loss_cause = "exhausted" if all(c.exhausted for c in chars) else "scenario"
    return GameResult(
        setup=task.setup,
        index=task.index,
        seed=task.seed,
        players=task.players,
        level=task.level,
        outcome=outcome,
        rounds=state.round,
        characters=tuple(chars),
        kills=dict(state.killed),
        rooms_revealed=tuple(state.revealed_rooms),
        events=len(game.events),
        loss_cause=loss_cause,
    )


class BotGame:
    """Plays one task with bots: a picklable ``task -> GameResult`` for :func:`run_tasks`.

    ``load`` returns the engine content (a :class:`PackLoader`, or any picklable
    zero-argument callable, e.g. a test's hand-built content).
    """

    def __init__(
        self,
        load: Callable[[], Any],
        scenario_id: str,
        classes: Sequence[str] | None = None,
        round_cap: int = DEFAULT_ROUND_CAP,
    ) -> None:
        self.load = load
        self.scenario_id = scenario_id
        self.classes = tuple(classes) if classes else None
        self.round_cap = round_cap

    def __call__(self, task: GameTask) -> GameResult:
        content = self.load()
        party = party_for(content, task.players, self.classes)
        game = new_bot_game(content, self.scenario_id, party, task.level, task.seed)
        run_capped(game, self.round_cap)
        return result_from_game(game, task)
