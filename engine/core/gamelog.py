"""Game logs: one JSON format for every ruleset, and how an old log is checked.

A game is ``(content, setup, seed, decisions)``; a log records all four plus the events and
the result, so ``questforge replay --verify`` can re-run it and say whether anything changed:

.. code-block:: json

    {"format": 2, "ruleset": "gloomhaven", "engine": "questforge-gloomhaven-engine/1",
     "content": {"target": {"pack": "…", "pack_version": "…", "kind": "scenario",
                            "id": "…", "file": "scenarios/….json", "pack_root": "/…"},
                 "digest": "sha256:…"},
     "setup": {"players": 2, "level": 1, …}, "seed": 1,
     "decisions": [{"kind": …, "actor": …, "index": …, "option": …}, …],
     "events": [{"type": …, …}, …], "result": {"outcome": "won", "rounds": 9, …}}

``content.digest`` covers every content file of the pack (paths and bytes): a log whose
digest differs from the pack's today was recorded against other content, and ``verify``
says so before comparing events. Format 1 (Gloomhaven logs written before the ruleset
contract) is migrated on reading by :func:`migrate_v1`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questforge.engine.core.decisions import DecisionError, ScriptedController
from questforge.engine.core.errors import UsageError
from questforge.engine.core.events import Event, JSONValue
from questforge.engine.core.game import GameFace, PlayableGame
from questforge.engine.core.jsonload import JsonLoadError, load_json_file
from questforge.engine.core.targets import Target

LOG_FORMAT = 2

#: a log larger than this is refused (a 1,000-round game log is a few MB)
MAX_LOG_BYTES = 200 * 1024 * 1024


class LogError(UsageError):
    """A file that is not a readable game log; the message names the file and the place."""


@dataclass
class GameLog:
    """A game log in the current format (see the module docstring)."""

    ruleset: str
    engine: str
    target: dict[str, Any]
    digest: str | None
    setup: dict[str, JSONValue]
    seed: int
    decisions: list[dict[str, JSONValue]]
    events: list[dict[str, JSONValue]]
    result: dict[str, JSONValue] | None = None
    #: the format the file was written in (1 = migrated from the pre-contract layout)
    source_format: int = LOG_FORMAT
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "ruleset": self.ruleset,
            "engine": self.engine,
            "content": {"target": dict(self.target), "digest": self.digest},
            "setup": dict(self.setup),
            "seed": self.seed,
            "decisions": list(self.decisions),
            "events": list(self.events),
            "result": self.result,
        }


def _require(data: Mapping[str, Any], where: str, *keys: str) -> None:
    missing = [k for k in keys if k not in data]
    if missing:
        raise LogError(f"{where}: not a questforge game log (missing {', '.join(missing)})")


def from_json(data: Any, where: str = "game log") -> GameLog:
    """A :class:`GameLog` from parsed JSON (any supported format)."""
    if not isinstance(data, dict):
        raise LogError(f"{where}: not a questforge game log (expected a JSON object)")
    fmt = data.get("format")
    if "format" not in data or not ("events" in data and "decisions" in data):
        missing = [k for k in ("format", "decisions", "events") if k not in data]
        raise LogError(f"{where}: not a questforge game log (missing {', '.join(missing)})")
    if fmt == 1:
        data = migrate_v1(data, where)
    elif fmt != LOG_FORMAT:
        raise LogError(
            f"{where}: game log format {fmt!r} is not supported (this questforge reads "
            f"formats 1 and {LOG_FORMAT})"
        )
    _require(data, where, "ruleset", "engine", "content", "setup", "seed", "decisions", "events")
    content = data["content"]
    if not isinstance(content, dict) or not isinstance(content.get("target"), dict):
        raise LogError(f"{where}: 'content.target' must be an object")
    for key, typ in (("decisions", list), ("events", list), ("setup", dict)):
        if not isinstance(data[key], typ):
            raise LogError(f"{where}: {key!r} must be a{'n object' if typ is dict else ' list'}")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise LogError(f"{where}: 'seed' must be a whole number")
    if not isinstance(data["ruleset"], str) or not isinstance(data["engine"], str):
        raise LogError(f"{where}: 'ruleset' and 'engine' must be text")
    digest = content.get("digest")
    return GameLog(
        ruleset=data["ruleset"],
        engine=data["engine"],
        target=dict(content["target"]),
        digest=digest if isinstance(digest, str) else None,
        setup=dict(data["setup"]),
        seed=seed,
        decisions=list(data["decisions"]),
        events=list(data["events"]),
        result=data.get("result") if isinstance(data.get("result"), dict) else None,
        source_format=int(fmt),
    )


def read_log(path: Path) -> GameLog:
    """Load and shape-check a game log file; problems name the file (and line:column)."""
    try:
        data = load_json_file(path, max_bytes=MAX_LOG_BYTES).data
    except JsonLoadError as exc:
        where = f":{exc.line}:{exc.column}" if exc.line else ""
        raise LogError(f"{path}{where}: {exc.message}") from None
    return from_json(data, str(path))


def migrate_v1(data: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A format-1 log (Gloomhaven, before the ruleset contract) in the format-2 layout.

    Format 1 recorded the engine's own setup (scenario, class ids, level); format 2 records
    the ruleset's declared setup options. The mapping is exact for every log the command
    line could write (``players``, ``level``, ``classes``); logs with per-character hands,
    items or levels are refused with a clear message rather than replayed differently."""
    _require(data, where, "setup", "seed", "decisions", "events")
    setup = data["setup"]
    if not isinstance(setup, dict):
        raise LogError(f"{where}: 'setup' must be an object")
    chars = setup.get("characters") or []
    if not isinstance(chars, list) or not all(isinstance(c, str) for c in chars):
        raise LogError(f"{where}: 'setup.characters' must be a list of class ids")
    for key in ("hands", "items", "character_levels"):
        if setup.get(key):
            raise LogError(
                f"{where}: this format-1 log sets {key!r}, which format 2 cannot express yet; "
                "replay it with an older questforge"
            )
    level = setup.get("level")
    source: Mapping[str, Any] = data["source"] if isinstance(data.get("source"), dict) else {}
    pack: Mapping[str, Any] = data["pack"] if isinstance(data.get("pack"), dict) else {}
    new_setup: dict[str, JSONValue] = {
        "players": len(chars),
        "level": level if isinstance(level, int) else 1,
        "classes": ",".join(chars),
    }
    if setup.get("solo"):
        new_setup["solo"] = True
    return {
        "format": LOG_FORMAT,
        "ruleset": data.get("ruleset") or "gloomhaven",
        "engine": data.get("engine") or "",
        "content": {
            "target": {
                "pack": pack.get("id"),
                "pack_version": pack.get("version"),
                "ruleset": data.get("ruleset") or "gloomhaven",
                "kind": "scenario",
                "id": setup.get("scenario"),
                "file": None,
                "pack_root": source.get("pack_root"),
            },
            "digest": None,
        },
        "setup": new_setup,
        "seed": data["seed"],
        "decisions": data["decisions"],
        "events": data["events"],
        "result": data.get("result"),
    }


def header_differences(
    log: GameLog, *, engine: str, target: Mapping[str, Any], digest: str | None
) -> list[str]:
    """What differs between the log's header and the content/engine it is replayed with,
    one sentence each (empty: the same engine and the same content)."""
    out: list[str] = []
    if log.engine and log.engine != engine:
        out.append(f"engine: the log was recorded by {log.engine!r}, this is {engine!r}")
    for key, label in (("pack", "pack id"), ("pack_version", "pack version"), ("id", "document")):
        was, now = log.target.get(key), target.get(key)
        if was is not None and was != now:
            out.append(f"{label}: the log has {was!r}, the content here has {now!r}")
    if log.digest is not None and digest is not None and log.digest != digest:
        out.append(
            "content digest: the pack's files have changed since the game was recorded "
            f"(log {log.digest[:19]}…, now {digest[:19]}…)"
        )
    return out


def replay_game(
    face: GameFace,
    content: Any,
    target: Target,
    log: GameLog,
    on_step: Callable[[PlayableGame, Sequence[Event]], None] | None = None,
) -> tuple[PlayableGame, str | None]:
    """Re-run a log's decisions with its seed, step by step; returns the game and, if the
    decisions stopped fitting or the engine failed, why (the events so far stay in the
    game). A log of a game left before its end replays as far as it went."""
    game = face.new_game(content, target, log.setup, log.seed)
    script = ScriptedController(list(log.decisions))
    problem: str | None = None
    try:
        while not game.finished:
            events = game.step(script)
            if on_step is not None:
                on_step(game, events)
            if game.round > 10_000:  # pragma: no cover - a runaway engine, not a log
                problem = "the game did not end"
                break
    except DecisionError as exc:
        if not (script.exhausted and log.result is None):
            problem = f"decision {script.position - 1}: {exc}"
    except Exception as exc:  # an engine failure is a divergence too, reported plainly
        problem = (
            f"the engine failed after decision {script.position - 1}: {type(exc).__name__}: {exc}"
        )
    return game, problem


def build_log(
    face: GameFace,
    target: Target,
    digest: str | None,
    setup: Mapping[str, JSONValue],
    seed: int,
    game: PlayableGame,
) -> GameLog:
    """The log of ``game`` (finished or not)."""
    return GameLog(
        ruleset=face.ruleset,
        engine=face.engine_id,
        target=target.to_json(),
        digest=digest,
        setup=dict(setup),
        seed=seed,
        decisions=[dict(a) for a in game.answers],
        events=[e.to_json() for e in game.events],
        result=game.to_log_result(),
    )
