"""Batch simulation for every ruleset: many seeded bot games and the report built from them.

A playtester's question is "is this fair at 2, 3 and 4 players?". One game says nothing; a
thousand seeded games say a lot, provided that

- every game is reproducible on its own: its seed is derived from the base seed, the setup
  and the game's number only, never from the job count, the machine that played it or the
  order in which workers finish (:func:`game_seed`);
- the report is a pure function of the per-game summaries: same seed, same JSON, byte for
  byte, whether the games ran in one process, in a pool, or on a Dask cluster. Wall-clock
  figures live only in the top-level ``timing`` object.

The flow is :func:`make_tasks` → :func:`run_tasks` (one process, a process pool, or a
``distributed`` cluster) → :func:`build_report`. What one game is comes from the ruleset's
:class:`~questforge.engine.core.game.GameFace` through :class:`PlayTask`; what the report
says beyond win rates and rounds comes from its ``report_sections``.

Engine layer: no click, rich or Qt. Progress is a plain callback.
"""

from __future__ import annotations

import gc
import hashlib
import itertools
import json
import math
import multiprocessing
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from questforge.engine.core.decisions import Controller, Decision, check_index
from questforge.engine.core.errors import UsageError
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import GameFace, GameSummary, SetupOption, setup_label
from questforge.engine.core.report_words import CORE_WORDS, thresholds_words
from questforge.engine.core.targets import Target, pack_digest

#: the report format; bump when the JSON layout changes incompatibly
REPORT_FORMAT = 2

Verdict = Literal["too hard", "fair", "too easy"]

#: Verdict bands on the win rate of bot parties. Bots play reasonably but not as well as a
#: careful group, so a setup bots win between 35 % and 90 % of the time is "fair": hard
#: enough to be a fight, easy enough that people who plan together will usually win.
TOO_HARD_BELOW = 0.35
TOO_EASY_ABOVE = 0.90

#: z for a two-sided 95 % interval
Z95 = 1.959963984540054

ProgressFn = Callable[[int, int], None]


class Interrupted(Exception):
    """The run was stopped (Ctrl-C); no partial report is written."""


class ClusterError(UsageError):
    """The Dask cluster named by ``--cluster`` cannot be reached or started."""


# --------------------------------------------------------------------------------------
# setups, seeds and tasks


@dataclass(frozen=True)
class SetupPoint:
    """One configuration a report compares (e.g. 3 characters at level 1)."""

    values: tuple[tuple[str, JSONValue], ...]
    #: identifies the setup in seeds: the swept values in declared order (``"3:1"``)
    key: str
    label: str

    def as_dict(self) -> dict[str, JSONValue]:
        return dict(self.values)


def sweep(
    options: Sequence[SetupOption], given: Mapping[str, Sequence[JSONValue]]
) -> list[SetupPoint]:
    """Every combination of the given values (defaults elsewhere), in declared order.

    The seed key joins the *sweepable* options' values, so a game's seed does not change
    when an unrelated option is added to the ruleset."""
    names = [o.name for o in options]
    lists: list[Sequence[JSONValue]] = [
        list(given[o.name]) if o.name in given else [o.default] for o in options
    ]
    points = []
    for combo in itertools.product(*lists):
        values = tuple(zip(names, combo, strict=True))
        key = ":".join(str(v) for o, v in zip(options, combo, strict=True) if o.sweep)
        fixed = [f"{o.name}={v}" for o, v in zip(options, combo, strict=True) if not o.sweep]
        if any(o.name in given and not o.sweep for o in options):
            key = key + "|" + ",".join(fixed)
        points.append(SetupPoint(values, key, setup_label(options, dict(values))))
    return points


def game_seed(base_seed: int, key: str, index: int) -> int:
    """The seed of game ``index`` of the setup with ``key`` under ``base_seed``.

    A hash, not ``base_seed + index``: neighbouring base seeds must not share games, and the
    seed must not depend on how many setups or games a run has, so that game 17 at 3
    characters is the same game whether the run asked for 100 games or 1,000."""
    text = f"questforge-sim:{base_seed}:{key}:{index}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


@dataclass(frozen=True)
class GameTask:
    """One game to play: which setup, its number within the setup, and its own seed."""

    setup: int
    values: tuple[tuple[str, JSONValue], ...]
    index: int
    seed: int

    def setup_dict(self) -> dict[str, JSONValue]:
        return dict(self.values)


@dataclass(frozen=True)
class GameRecord:
    """What one game leaves: which task, and the ruleset's summary of it."""

    setup: int
    index: int
    seed: int
    summary: GameSummary

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "setup": self.setup,
            "index": self.index,
            "seed": self.seed,
            **self.summary.to_json(),
        }


def make_tasks(setups: Sequence[SetupPoint], games: int, base_seed: int) -> list[GameTask]:
    """Every game of a run, setup by setup, in a fixed order."""
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    return [
        GameTask(s, setup.values, i, game_seed(base_seed, setup.key, i))
        for s, setup in enumerate(setups)
        for i in range(games)
    ]


# --------------------------------------------------------------------------------------
# playing one game


def describe_failure(exc: BaseException) -> str:
    """One line for an engine failure: the exception and where it was raised."""
    where = ""
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        where = f" (at {Path(last.filename).name}:{last.lineno} in {last.name})"
    return f"{type(exc).__name__}: {exc}{where}"


#: (ruleset, target file, digest) -> content, per process; forked workers inherit it
_CONTENT: dict[tuple[str, str, str], Any] = {}


def load_target_content(face: GameFace, target: Target, digest: str | None = None) -> Any:
    """The engine content of ``target``, cached per process and per content digest (the
    editor simulates a pack while it is being edited)."""
    digest = digest or pack_digest([target.pack_root])
    key = (face.ruleset, str(target.file), digest)
    hit = _CONTENT.get(key)
    if hit is None:
        if len(_CONTENT) > 8:
            _CONTENT.clear()
        hit = _CONTENT[key] = face.load(target)
    return hit


def play_one(face: GameFace, content: Any, target: Target, task: GameTask) -> GameSummary:
    """Play one task with bots on every side, up to the ruleset's round cap.

    The game runs straight on its bots, as :meth:`Session.run
    <questforge.engine.core.session.Session.run>` would run it with nobody to ask (the
    same game: the same controller answers, each answer checked the same way), without the
    session's own record of every answer: a batch game never steps back, and that record
    (one JSON copy of the option per decision, beside the game's own answers) was a few
    per cent of a bot game.
    """
    game = face.new_game(content, target, task.setup_dict(), task.seed)
    game.run(_CheckedBots(face.bots(game, task.seed)), face.round_cap)
    return face.summary(game)


class _CheckedBots:
    """The bots' answers, checked as a session checks them (an index of the options)."""

    __slots__ = ("bots",)

    def __init__(self, bots: Controller) -> None:
        self.bots = bots

    def choose(self, decision: Decision) -> int:
        return check_index(decision, self.bots.choose(decision))


class PlayTask:
    """A picklable ``task -> GameRecord`` for :func:`run_tasks`: the ruleset id and the
    target cross process (and machine) borders; each worker loads the content once."""

    def __init__(self, ruleset: str, target: Target, digest: str | None = None) -> None:
        self.ruleset = ruleset
        self.target = target
        self.digest = digest

    def face(self) -> GameFace:
        from questforge.engine import rulesets

        face = rulesets.get(self.ruleset).game()
        if face is None:
            raise ValueError(f"ruleset {self.ruleset!r} has no game face")
        return face

    def __call__(self, task: GameTask) -> GameRecord:
        try:
            face = self.face()
            content = load_target_content(face, self.target, self.digest)
            summary = play_one(face, content, self.target, task)
        except Exception as exc:  # one broken game must not lose the other 999
            summary = GameSummary("error", 0, error=describe_failure(exc))
        return GameRecord(task.setup, task.index, task.seed, summary)


def _guarded(play: Callable[[GameTask], GameRecord], task: GameTask) -> GameRecord:
    try:
        return play(task)
    except Exception as exc:
        return GameRecord(
            task.setup, task.index, task.seed, GameSummary("error", 0, error=describe_failure(exc))
        )


class _Call:
    """A picklable wrapper that turns a raising game into an ``error`` record."""

    def __init__(self, play: Callable[[GameTask], GameRecord]) -> None:
        self.play = play

    def __call__(self, task: GameTask) -> GameRecord:
        return _guarded(self.play, task)


def _fork_ok() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def _worker_init() -> None:
    # Ctrl-C goes to the whole process group: workers ignore it and the parent stops the
    # pool, so a run ends with one line instead of a page of worker tracebacks
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_tasks(
    tasks: Sequence[GameTask],
    play: Callable[[GameTask], GameRecord],
    *,
    jobs: int = 1,
    progress: ProgressFn | None = None,
    cluster: str | None = None,
) -> list[GameRecord]:
    """Play every task; records come back in task order whatever ran them.

    ``jobs``: processes on this machine. ``cluster``: ``"local"`` starts a Dask
    ``LocalCluster`` with ``jobs`` workers; any other value is the address of a running
    Dask scheduler (``tcp://host:8786``). ``play`` must be picklable for both. A Ctrl-C
    raises :class:`Interrupted` after the workers are stopped."""
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    total = len(tasks)
    results: list[GameRecord] = []
    call = _Call(play)
    if progress:
        progress(0, total)
    # Everything alive now (the loaded content, the caller's objects) outlives the run:
    # frozen, the collector stops walking it on every full collection during the games
    # (about 1.8 % of a Gloomhaven bot game's instructions), and forked workers do not
    # copy its memory pages by touching it. Thawed afterwards, so nothing is kept longer
    # than without the freeze (an editor runs many simulations).
    # The young generation is collected far less often too: a game makes millions of
    # short-lived objects that reference counting frees at once, and a finished game is
    # freed the same way (its bots hold it weakly), so those collections find nothing:
    # they only walk the running game's objects and the bots' memos (about 1 % of a
    # Gloomhaven bot game's CPU time at 7,000 objects, the former threshold; at 50,000 a
    # batch of 40 games needs none, and at most a few megabytes wait for a collection).
    freeze = cluster is None and gc.get_freeze_count() == 0
    thresholds = gc.get_threshold()
    if freeze:
        gc.freeze()
        gc.set_threshold(max(thresholds[0], 50_000), *thresholds[1:])
    try:
        if cluster is not None:
            results = _run_on_cluster(tasks, call, cluster, jobs, progress)
        elif jobs == 1 or total <= 1:
            for task in tasks:
                results.append(call(task))
                if progress:
                    progress(len(results), total)
        else:
            # small chunks keep the progress bar moving and both cores busy to the end: the
            # last chunk of one worker is time the other core sits idle (16 games of a
            # large scenario were most of a second of 25), and a chunk's round trip costs
            # far less than one game
            chunk = max(1, min(4, total // (jobs * 16)))
            ctx = multiprocessing.get_context("fork" if _fork_ok() else "spawn")
            pool = ctx.Pool(processes=min(jobs, total), initializer=_worker_init)
            try:
                for result in pool.imap_unordered(call, tasks, chunksize=chunk):
                    results.append(result)
                    if progress:
                        progress(len(results), total)
                pool.close()
            except BaseException:
                pool.terminate()
                raise
            finally:
                pool.join()
    except KeyboardInterrupt:
        raise Interrupted("interrupted") from None
    finally:
        if freeze:
            gc.set_threshold(*thresholds)
            gc.unfreeze()
    results.sort(key=lambda r: (r.setup, r.index))
    return results


def _run_on_cluster(
    tasks: Sequence[GameTask],
    call: _Call,
    cluster: str,
    jobs: int,
    progress: ProgressFn | None,
) -> list[GameRecord]:
    """The tasks on a Dask cluster (``distributed``): same records as a local run."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:  # pragma: no cover - distributed is a dependency
        raise RuntimeError("Dask 'distributed' is not installed: pip install distributed") from exc
    local = None
    if cluster == "local":
        local = LocalCluster(
            n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(local)
    else:
        try:
            client = Client(cluster, timeout=10)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(f"cannot reach the Dask cluster at {cluster}: {exc}") from None
    results: list[GameRecord] = []
    try:
        # batches keep the scheduler's bookkeeping small next to a game's cost
        size = max(1, min(32, len(tasks) // (jobs * 8) or 1))
        batches = [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]
        futures = client.map(_Batch(call), batches, pure=False)
        for future in as_completed(futures):
            batch: list[GameRecord] = future.result()
            results.extend(batch)
            if progress:
                progress(len(results), len(tasks))
    finally:
        client.close()
        if local is not None:
            local.close()
    return results


class _Batch:
    def __init__(self, call: _Call) -> None:
        self.call = call

    def __call__(self, batch: list[GameTask]) -> list[GameRecord]:
        return [self.call(t) for t in batch]


# --------------------------------------------------------------------------------------
# statistics and the report


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion.

    Chosen over the textbook normal interval because it stays inside [0, 1] and behaves at
    0 % and 100 % win rates, which small simulations hit often."""
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


def rounded(x: float) -> float:
    """Round a report figure: 4 decimals are plenty and keep the JSON readable."""
    return round(x, 4)


def number_summary(values: Sequence[int | float]) -> dict[str, Any]:
    if not values:
        return {"mean": None, "median": None, "min": None, "max": None}
    return {
        "mean": rounded(statistics.fmean(values)),
        "median": rounded(float(statistics.median(values))),
        "min": min(values),
        "max": max(values),
    }


def two_proportion_test(w1: int, n1: int, w2: int, n2: int) -> dict[str, Any]:
    """Difference of two win rates with a two-sided z-test (pooled), for comparing two
    versions of a scenario: ``significant`` at the 5 % level."""
    if n1 == 0 or n2 == 0:
        return {
            "difference": None,
            "difference_ci95": None,
            "p_value": None,
            "significant": False,
        }
    p1, p2 = w1 / n1, w2 / n2
    pooled = (w1 + w2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        p_value = 1.0 if p1 == p2 else 0.0
    else:
        z = (p2 - p1) / se
        p_value = math.erfc(abs(z) / math.sqrt(2))
    lo, hi = difference_interval(w1, n1, w2, n2)
    return {
        "difference": rounded(p2 - p1),
        "difference_ci95": [rounded(lo), rounded(hi)],
        "p_value": rounded(p_value),
        "significant": p_value < 0.05,
    }


def difference_interval(w1: int, n1: int, w2: int, n2: int) -> tuple[float, float]:
    """95 % interval of the difference ``w2/n2 - w1/n1`` (Newcombe's hybrid score method,
    built on the two Wilson intervals): it stays within -1..1 and behaves at 0 % and 100 %,
    where the textbook interval collapses. "B is won 10 to 40 points less often" tells a
    designer how big a change is, not only whether it is real."""
    p1, p2 = w1 / n1, w2 / n2
    l1, u1 = wilson_interval(w1, n1)
    l2, u2 = wilson_interval(w2, n2)
    d = p2 - p1
    lower = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    upper = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return (max(-1.0, lower), min(1.0, upper))


def setup_report(
    face: GameFace, point: SetupPoint, records: Sequence[GameRecord]
) -> dict[str, Any]:
    """One setup's part of the report: the generic figures, then the ruleset's sections."""
    summaries = [r.summary for r in records]
    games = len(records)
    outcomes = Counter(s.outcome for s in summaries)
    wins = outcomes["won"]
    rate = wins / games if games else 0.0
    lo, hi = wilson_interval(wins, games)
    rounds_all = [s.rounds for s in summaries if s.outcome != "error"]
    histogram = Counter(rounds_all)
    out: dict[str, Any] = {
        "setup": point.as_dict(),
        "label": point.label,
        **point.as_dict(),
        "games": games,
        "wins": wins,
        "losses": outcomes["lost"],
        "finished": outcomes["finished"],
        "unfinished": outcomes["unfinished"],
        "errors": outcomes["error"],
        "win_rate": rounded(rate),
        "win_rate_ci95": [rounded(lo), rounded(hi)],
        "verdict": verdict(rate),
        # conclusive when the whole interval lies in the verdict's band
        "verdict_conclusive": verdict(lo) == verdict(hi),
        "rounds": {
            **number_summary(rounds_all),
            "win": number_summary([s.rounds for s in summaries if s.outcome == "won"]),
            "loss": number_summary([s.rounds for s in summaries if s.outcome == "lost"]),
            "histogram": {str(k): histogram[k] for k in sorted(histogram)},
        },
        "error_games": [
            {"game": r.index, "seed": r.seed, "error": r.summary.error}
            for r in records
            if r.summary.outcome == "error"
        ][:20],
    }
    ranked = [s for s in summaries if s.ranking]
    if ranked and not wins:
        # a competitive game (outcome "finished" with a ranking): no side wins or loses,
        # so the verdict bands do not apply; the report says who came first how often
        firsts = Counter(s.ranking[0] for s in ranked)
        out["verdict"] = "competitive"
        out["verdict_conclusive"] = True
        out["first_places"] = {a: firsts[a] for a in sorted(firsts)}
        out["first_place_rate"] = {a: rounded(firsts[a] / len(ranked)) for a in sorted(firsts)}
    out["rounds"]["histogram_by_outcome"] = histogram_by_outcome(summaries)
    played = [s for s in summaries if s.outcome != "error"]
    out["per_round"] = per_round_curves(played)
    out["closest_losses"] = closest_losses(records)
    out.update(face.report_sections(played))
    return out


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) of already sorted values, linear between neighbours (the
    common "type 7" definition; plain Python so the JSON is the same everywhere)."""
    if not sorted_values:
        raise ValueError("no values")
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return float(sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo))


def histogram_by_outcome(summaries: Sequence[GameSummary]) -> dict[str, dict[str, int]]:
    """Rounds to finish, one histogram per outcome (``won``, ``lost``, ``unfinished``,
    ``finished``): a scenario whose losses all come late reads differently from one that
    is lost in round 3."""
    by: dict[str, Counter[int]] = {}
    for s in summaries:
        if s.outcome != "error":
            by.setdefault(s.outcome, Counter())[s.rounds] += 1
    order = ("won", "lost", "unfinished", "finished")
    return {o: {str(k): by[o][k] for k in sorted(by[o])} for o in order if o in by}


def per_round_curves(summaries: Sequence[GameSummary]) -> dict[str, dict[str, list[Any]]]:
    """Each per-round series of the games (:attr:`GameSummary.per_round`), round by round:
    the number of games still running that round, the mean and the quartiles. A game that
    has ended no longer counts, so late rounds describe the games that lasted (``games``
    says how many)."""
    names = sorted({name for s in summaries for name in s.per_round})
    curves: dict[str, dict[str, list[Any]]] = {}
    for name in names:
        series = [list(s.per_round[name]) for s in summaries if name in s.per_round]
        length = max((len(v) for v in series), default=0)
        curve: dict[str, list[Any]] = {"round": [], "games": [], "mean": [], "p25": [], "p75": []}
        for r in range(length):
            values = sorted(float(v[r]) for v in series if len(v) > r)
            curve["round"].append(r + 1)
            curve["games"].append(len(values))
            curve["mean"].append(rounded(statistics.fmean(values)))
            curve["p25"].append(rounded(percentile(values, 0.25)))
            curve["p75"].append(rounded(percentile(values, 0.75)))
        curves[name] = curve
    return curves


#: how many of a setup's closest losses the report lists
CLOSEST_LOSSES = 5


def closest_losses(records: Sequence[GameRecord]) -> list[dict[str, Any]]:
    """The lost games that came closest to a win, closest first, with their seeds so the
    designer can replay them (``play ... --seed``, the editor's playtest window). Ranked by
    the ruleset's :attr:`GameSummary.closeness` (smaller is closer), else by the rounds
    survived; ties by game number, so the list is deterministic."""
    lost = [r for r in records if r.summary.outcome == "lost"]

    def key(r: GameRecord) -> tuple[tuple[float, ...], int]:
        closeness = r.summary.closeness or (-float(r.summary.rounds),)
        return (tuple(float(c) for c in closeness), r.index)

    out = []
    for r in sorted(lost, key=key)[:CLOSEST_LOSSES]:
        note = r.summary.closeness_note or f"lost in round {r.summary.rounds}"
        out.append({"game": r.index, "seed": r.seed, "rounds": r.summary.rounds, "note": note})
    return out


def play_arguments(setup: Mapping[str, JSONValue], seed: int) -> list[str]:
    """The ``questforge play`` flags that replay one simulated game with the same bots:
    the setup's values (flags only when set, empty text left out) and the game's seed."""
    args: list[str] = []
    for name, value in setup.items():
        if value is True:
            args.append(f"--{name}")
        elif value is False or value is None or value == "":
            continue
        else:
            args += [f"--{name}", str(value)]
    return [*args, "--seed", str(seed), "--auto"]


def replay_command(target: str, setup: Mapping[str, JSONValue], seed: int) -> str:
    """The shell command that replays a simulated game (``target`` quoted if needed)."""
    import shlex

    return " ".join(["questforge", "play", shlex.quote(target), *play_arguments(setup, seed)])


def build_report(
    face: GameFace,
    info: Mapping[str, JSONValue],
    setups: Sequence[SetupPoint],
    records: Iterable[GameRecord],
    *,
    seed: int,
    games: int,
    timing: Mapping[str, float] | None = None,
    include_games: bool = False,
    target: str | None = None,
) -> dict[str, Any]:
    """The balance report (plain JSON data) of a finished run; deterministic except for
    the clock figures the caller passes in ``timing``. ``target`` is how the command line
    names the scenario (it goes into the replay commands of the closest losses)."""
    by_setup: dict[int, list[GameRecord]] = {i: [] for i in range(len(setups))}
    for r in records:
        by_setup[r.setup].append(r)
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "kind": "simulation-report",
        "ruleset": face.ruleset,
        "engine": face.engine_id,
        "scenario": dict(info),
        "target": target if target is not None else default_target(info),
        "seed": seed,
        "games_per_setup": games,
        "verdict_thresholds": {
            "too_hard_below": TOO_HARD_BELOW,
            "too_easy_above": TOO_EASY_ABOVE,
            "explanation": (
                f"Verdict on the bot win rate: {thresholds_words(TOO_HARD_BELOW, TOO_EASY_ABOVE)}. "
                "It is conclusive when the whole 95% Wilson interval lies in the same band."
            ),
        },
        "setups": [setup_report(face, setups[i], by_setup[i]) for i in range(len(setups))],
        # designer words for the machine names above (the HTML page and the editor use them)
        "words": {**CORE_WORDS, **dict(getattr(face, "report_words", {}) or {})},
    }
    if include_games:
        report["games"] = [r.to_json() for i in sorted(by_setup) for r in by_setup[i]]
    if timing is not None:
        report["timing"] = {k: rounded(v) for k, v in timing.items()}
    return report


def default_target(info: Mapping[str, JSONValue]) -> str:
    """``PACK-ID:ID`` from a report's scenario info (how ``play`` names a pack's document)."""
    pack, ident = info.get("pack"), info.get("id")
    return f"{pack}:{ident}" if pack and ident else str(ident or "")


def comparison_report(
    base: Mapping[str, Any],
    other: Mapping[str, Any],
    *,
    base_name: str = "A",
    other_name: str = "B",
) -> dict[str, Any]:
    """Two versions of a scenario in one report: ``base``'s report with ``other``'s beside
    it (``compared_with``), the per-setup difference and its significance (``comparison``:
    ``other`` minus ``base``) and the versions' names. Clock figures of both runs stay
    under the top-level ``timing`` (``other``'s with a ``_b`` suffix), so the rest is the
    same for the same seed."""
    timing = dict(base.get("timing") or {})
    timing.update({f"{k}_b": v for k, v in (other.get("timing") or {}).items()})
    out = {k: v for k, v in base.items() if k != "timing"}
    out["compared_with"] = {k: v for k, v in other.items() if k != "timing"}
    out["comparison"] = compare_reports(base, other)
    out["versions"] = {"base": base_name, "other": other_name}
    if timing:
        out["timing"] = timing
    return out


def compare_reports(base: Mapping[str, Any], other: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Setup by setup, the win-rate difference of ``other`` against ``base`` and whether it
    is significant (two-proportion z-test); setups are matched by their values."""
    index = {json.dumps(s["setup"], sort_keys=True): s for s in base.get("setups", [])}
    rows = []
    for s in other.get("setups", []):
        b = index.get(json.dumps(s["setup"], sort_keys=True))
        if b is None:
            continue
        test = two_proportion_test(b["wins"], b["games"], s["wins"], s["games"])
        rows.append(
            {
                "setup": s["setup"],
                "label": s["label"],
                "base_win_rate": b["win_rate"],
                "win_rate": s["win_rate"],
                **test,
            }
        )
    return rows


def run_batch(
    face: GameFace,
    info: Mapping[str, JSONValue],
    setups: Sequence[SetupPoint],
    play: Callable[[GameTask], GameRecord],
    *,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: ProgressFn | None = None,
    include_games: bool = False,
    cluster: str | None = None,
    target: str | None = None,
) -> tuple[dict[str, Any], list[GameRecord]]:
    """Plan, run and report in one call with any ``play`` function (tests give stubs);
    returns the report and the per-game records. ``target``: how the command line names
    the scenario (replay commands); default ``PACK-ID:ID``."""
    tasks = make_tasks(setups, games, seed)
    start = time.perf_counter()
    records = run_tasks(tasks, play, jobs=jobs, progress=progress, cluster=cluster)
    elapsed = time.perf_counter() - start
    timing = {
        "seconds": elapsed,
        "games_per_second": len(tasks) / elapsed if elapsed > 0 else 0.0,
        "jobs": float(jobs),
    }
    report = build_report(
        face,
        info,
        setups,
        records,
        seed=seed,
        games=games,
        timing=timing,
        include_games=include_games,
        target=target,
    )
    return report, records


def run_simulation(
    face: GameFace,
    target: Target,
    setups: Sequence[SetupPoint],
    *,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: ProgressFn | None = None,
    include_games: bool = False,
    cluster: str | None = None,
    target_text: str | None = None,
) -> tuple[dict[str, Any], list[GameRecord]]:
    """Simulate ``target`` with bots on every side (the ruleset's own games);
    ``target_text`` is how the user named it (for the replay commands in the report)."""
    digest = pack_digest([target.pack_root])
    content = load_target_content(face, target, digest)
    return run_batch(
        face,
        face.content_info(content, target),
        setups,
        PlayTask(face.ruleset, target, digest),
        games=games,
        seed=seed,
        jobs=jobs,
        progress=progress,
        include_games=include_games,
        cluster=cluster,
        target=target_text,
    )
