"""The game face of the ruleset contract: what every front end may ask of a rules engine.

``questforge play``, ``simulate``, ``replay``, the editor's playtest window and the tests
never import a ruleset's engine; they ask the ruleset's :class:`GameFace` (found through
:meth:`questforge.engine.rulesets.Ruleset.game`). A game face declares

- its **setup options** (:class:`SetupOption`: player count, level, heroes, Ancient One …),
  each with a default, so ``play X --auto`` needs no other flag; the command line, the
  editor's toolbar and dialogs are generated from them;
- how to **load** the content a playable document needs (once per process) and start a
  **new game** from (content, setup, seed): a :class:`PlayableGame`, which runs pull-style
  against a :class:`~questforge.engine.core.decisions.Controller`; the step API every
  front end uses (``advance()`` until a person decides, ``answer(i)``) is core's
  :class:`~questforge.engine.core.session.Session` over it;
- its **actors** (who decides: characters, heroes, the Overlord …) and **bots** for all;
- its **declared event and decision types** (:class:`EventSpec`, :class:`DecisionSpec`),
  listed in the docs and checked by tests, so front ends never guess shapes;
- a **narrator** (events and decision options as sentences) and a **text board**
  (:class:`TextBoard`: styled lines a terminal or a report draws);
- a **summary** of a finished game (:class:`GameSummary`: outcome, rounds, the ruleset's
  own metrics) and **report sections** aggregating summaries for ``simulate``.

This module is engine layer: plain data and protocols, no Qt, click or rich.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from questforge.engine.core.decisions import Controller, Decision
from questforge.engine.core.errors import ContentError, UsageError
from questforge.engine.core.events import Event, JSONValue
from questforge.engine.core.targets import Target

OptionType = Literal["int", "choice", "text", "flag"]


class SetupError(UsageError):
    """A setup value that does not fit its declared option (or the content)."""


class GameContentError(ContentError):
    """The content a game needs cannot be loaded or lacks something (the message says what)."""


@dataclass(frozen=True)
class SetupOption:
    """One choice made before a game starts, declared by the ruleset.

    ``name`` is the command-line flag (``--players``) and the key in a game log's ``setup``.
    ``sweep``: ``simulate`` may take a list or range of values (``2,3,4``, ``1..8``) and
    report each separately. ``choices`` lists the allowed values of a ``choice`` option;
    a ``text`` option takes free text (e.g. comma-separated class ids).
    """

    name: str
    label: str
    type: OptionType
    default: JSONValue
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    sweep: bool = False
    #: how a value reads in a label (``"{} characters"``, ``"level {}"``); default
    #: ``"<label> <value>"``
    text: str = ""

    def describe(self, value: JSONValue) -> str:
        """``3 characters`` / ``level 1`` / ``solo variant`` for a value of this option."""
        if self.type == "flag":
            return self.label if value else ""
        if value in (None, ""):
            return ""
        return self.text.format(value) if self.text else f"{self.label} {value}"

    def parse(self, text: str) -> JSONValue:
        """The value of ``text`` for this option; :class:`SetupError` explains a bad one."""
        raw = text.strip()
        if self.type == "flag":
            if raw.lower() in ("", "1", "true", "yes", "on"):
                return True
            if raw.lower() in ("0", "false", "no", "off"):
                return False
            raise SetupError(f"--{self.name}: expected yes or no, got {text!r}")
        if self.type == "int":
            try:
                value = int(raw)
            except ValueError:
                raise SetupError(f"--{self.name}: expected a whole number, got {text!r}") from None
            return self.check(value)
        if self.type == "choice":
            return self.check(raw)
        return raw

    def check(self, value: JSONValue) -> JSONValue:
        """Range and choice checks of an already typed value."""
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise SetupError(f"--{self.name}: expected a whole number, got {value!r}")
            low, high = self.minimum, self.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                raise SetupError(f"--{self.name} must be {self.range_text()}, got {value}")
        elif self.type == "choice" and self.choices and value not in self.choices:
            raise SetupError(f"--{self.name}: {value!r} is not one of {', '.join(self.choices)}")
        return value

    def range_text(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"between {self.minimum} and {self.maximum}"
        if self.minimum is not None:
            return f"at least {self.minimum}"
        if self.maximum is not None:
            return f"at most {self.maximum}"
        return "a whole number"

    def parse_many(self, text: str) -> list[JSONValue]:
        """Values for a sweep: ``2,3,4``, ``1..8`` (or ``1-8``) or a mix (``1,3..5``).
        Options that cannot sweep take exactly one value; free text is never split."""
        if self.type == "text":
            return [text.strip()]
        parts = [p.strip() for p in text.split(",")]
        if not text.strip() or any(not p for p in parts):
            raise SetupError(f"--{self.name}: empty item in {text!r}")
        values: list[JSONValue] = []
        for part in parts:
            a, sep, b = part.partition("..")
            if not sep and self.type == "int" and re.fullmatch(r"\d+-\d+", part):
                a, sep, b = part.partition("-")
            if sep and self.type == "int":
                low, high = self.parse(a), self.parse(b)
                assert isinstance(low, int) and isinstance(high, int)
                if high < low:
                    raise SetupError(f"--{self.name}: the range {part!r} runs backwards")
                items: list[JSONValue] = list(range(low, high + 1))
            else:
                items = [self.parse(part)]
            for item in items:
                if item in values:
                    raise SetupError(f"--{self.name}: {item} is listed twice")
                values.append(item)
        if len(values) > 1 and not self.sweep:
            raise SetupError(f"--{self.name} takes one value here, got {text!r}")
        return values

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {
            "name": self.name,
            "label": self.label,
            "type": self.type,
            "default": self.default,
        }
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.choices:
            out["choices"] = list(self.choices)
        if self.sweep:
            out["sweep"] = True
        if self.help:
            out["help"] = self.help
        return out


def resolve_setup(
    options: Sequence[SetupOption], given: Mapping[str, JSONValue]
) -> dict[str, JSONValue]:
    """Every declared option's value: ``given`` (checked) or the default. Unknown names
    are refused, naming the known ones, so a typo never silently plays another game."""
    known = {o.name: o for o in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(f"--{n}" for n in known) or "none"
        raise SetupError(
            f"unknown setup option {', '.join('--' + u for u in unknown)} (this game has {names})"
        )
    out: dict[str, JSONValue] = {}
    for option in options:
        out[option.name] = (
            option.check(given[option.name]) if option.name in given else option.default
        )
    return out


def setup_label(options: Sequence[SetupOption], setup: Mapping[str, JSONValue]) -> str:
    """``2 characters · level 1``-style text for a setup (reports, window titles)."""
    parts = [o.describe(setup.get(o.name, o.default)) for o in options]
    return " · ".join(p for p in parts if p)


# ------------------------------------------------------------------------------ declared types


@dataclass(frozen=True)
class EventSpec:
    """A declared event type: its name, the fields it carries, and what it means."""

    type: str
    fields: tuple[str, ...]
    doc: str
    #: fields that may be missing (e.g. present only in some variants of the event)
    optional: tuple[str, ...] = ()

    def check(self, event: Event) -> list[str]:
        """What is wrong with ``event`` against this declaration (empty: it fits)."""
        have = set(event.data)
        problems = [f"missing field {f!r}" for f in self.fields if f not in have]
        extra = have - set(self.fields) - set(self.optional)
        problems += [f"undeclared field {f!r}" for f in sorted(extra)]
        return problems


@dataclass(frozen=True)
class DecisionSpec:
    """A declared decision kind: what an option looks like, what it means, and who decides
    (a role such as ``investigator`` or ``players``; empty: the actor the decision names)."""

    kind: str
    option: str
    doc: str
    actor: str = ""


def check_events(specs: Sequence[EventSpec], events: Sequence[Event]) -> list[str]:
    """Every mismatch between emitted events and their declarations (tests use this)."""
    by_type = {s.type: s for s in specs}
    problems: list[str] = []
    seen: set[str] = set()
    for i, event in enumerate(events):
        spec = by_type.get(event.type)
        if spec is None:
            if event.type not in seen:
                problems.append(f"event {i}: undeclared type {event.type!r}")
            seen.add(event.type)
            continue
        for p in spec.check(event):
            key = f"{event.type}:{p}"
            if key not in seen:
                problems.append(f"event {i} ({event.type}): {p}")
                seen.add(key)
    return problems


# ------------------------------------------------------------------------------ text views


@dataclass(frozen=True)
class TextSpan:
    """A run of text with a semantic style name (``wall``, ``character``, ``elite`` …) that
    a front end maps to colours; ``None`` is plain."""

    text: str
    style: str | None = None


TextLine = tuple[TextSpan, ...]


@dataclass(frozen=True)
class TextBoard:
    """A game state drawn as styled lines (the terminal board, a report's snapshot)."""

    lines: tuple[TextLine, ...]
    #: style name -> a short description, for a legend
    legend: Mapping[str, str] = field(default_factory=dict)

    def plain(self) -> str:
        return "\n".join("".join(s.text for s in line).rstrip() for line in self.lines)


# ------------------------------------------------------------------------------ actors, results


Side = Literal["players", "opponent", "neutral"]


@dataclass(frozen=True)
class Actor:
    """Someone who answers decisions: ``id`` is the ``Decision.actor`` it answers."""

    id: str
    label: str
    #: ``players``: the people a playtest is usually about; ``opponent``: the game's other
    #: side (Gloomhaven's monster choices, Descent's Overlord); ``neutral``: bookkeeping
    side: Side = "players"


Outcome = Literal["won", "lost", "unfinished", "finished", "error"]


@dataclass(frozen=True)
class GameSummary:
    """What one game leaves for a report: plain JSON data, picklable.

    ``outcome`` is ``won``/``lost`` for cooperative games (the players' side), ``finished``
    with a ``ranking`` for competitive ones, ``unfinished`` when a round cap stopped it and
    ``error`` when the engine failed. ``metrics`` holds the ruleset's own numbers (damage,
    kills, conquest, victory points …) that its report sections aggregate.
    """

    outcome: Outcome
    rounds: int
    metrics: Mapping[str, JSONValue] = field(default_factory=dict)
    #: competitive games: actor ids from first to last place
    ranking: tuple[str, ...] = ()
    error: str | None = None
    #: per-round series for the report's curves: name -> one end-of-round figure per round
    #: played (``{"party_hp": [22, 19, 12]}``); core draws the mean and the spread of each
    per_round: Mapping[str, Sequence[float]] = field(default_factory=dict)
    #: how close a lost game came to a win, compared as a tuple: smaller is closer
    #: (Gloomhaven: monsters left, then fewer rounds survived first). Empty: core ranks
    #: losses by rounds survived. ``closeness_note`` says it in words for the report.
    closeness: tuple[float, ...] = ()
    closeness_note: str = ""

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {
            "outcome": self.outcome,
            "rounds": self.rounds,
            "metrics": dict(self.metrics),
        }
        if self.ranking:
            out["ranking"] = list(self.ranking)
        if self.error is not None:
            out["error"] = self.error
        if self.per_round:
            out["per_round"] = {k: list(v) for k, v in self.per_round.items()}
        if self.closeness:
            out["closeness"] = list(self.closeness)
        if self.closeness_note:
            out["closeness_note"] = self.closeness_note
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameSummary:
        return cls(
            outcome=data["outcome"],
            rounds=int(data["rounds"]),
            metrics=dict(data.get("metrics") or {}),
            ranking=tuple(data.get("ranking") or ()),
            error=data.get("error"),
            per_round={k: list(v) for k, v in (data.get("per_round") or {}).items()},
            closeness=tuple(data.get("closeness") or ()),
            closeness_note=str(data.get("closeness_note") or ""),
        )


# ------------------------------------------------------------------------------ protocols


@runtime_checkable
class PlayableGame(Protocol):
    """One game, pull-style: it asks its controller for every decision.

    ``step`` plays to the next natural boundary (one figure's turn, a phase) and returns the
    events of that step; ``run`` plays to the end (or to the end of round ``round_cap``). ``answers`` are the recorded decisions
    (``{"kind", "actor", "index", "option"}``), enough with the seed to replay the game.
    """

    @property
    def events(self) -> Sequence[Event]: ...

    @property
    def answers(self) -> Sequence[Mapping[str, JSONValue]]: ...

    @property
    def finished(self) -> bool: ...

    @property
    def round(self) -> int: ...

    def step(self, controller: Controller) -> list[Event]: ...

    def run(self, controller: Controller, round_cap: int | None = None) -> None:
        """Play to the end, or until ``round_cap`` rounds are complete."""
        ...

    def to_log_result(self) -> dict[str, JSONValue] | None:
        """The result part of the game log (``None`` while the game runs)."""
        ...


class GameFace(Protocol):
    """A ruleset's game: everything ``play``, ``simulate``, ``replay`` and the playtest use."""

    #: the ruleset id (written into game logs)
    ruleset: str
    #: engine identity and version, written into logs (a change makes old logs suspect)
    engine_id: str
    #: document kinds a game can be started from (``scenario``, ``quest``, ``board`` …)
    playable_kinds: tuple[str, ...]
    #: every event and decision the engine emits or asks, declared
    event_types: tuple[EventSpec, ...]
    decision_types: tuple[DecisionSpec, ...]
    #: a game still running after this many rounds is stopped as ``unfinished``
    round_cap: int

    def load(self, target: Target) -> Any:
        """The engine content for the playable document ``target`` — that file exactly,
        with the rest of its pack and its required packs; :class:`GameContentError` when it
        cannot be played. Called once per process (the result is cached by core)."""
        ...

    def content_info(self, content: Any, target: Target) -> dict[str, JSONValue]:
        """Name and identity of the target for reports and titles (no paths)."""
        ...

    def setup_options(self, content: Any, target: Target) -> tuple[SetupOption, ...]:
        """The setup choices of this target, each with a default that fits the content."""
        ...

    def new_game(
        self, content: Any, target: Target, setup: Mapping[str, JSONValue], seed: int
    ) -> PlayableGame:
        """A game ready to run (``SetupError``/``GameContentError`` when the setup does
        not fit the content)."""
        ...

    def actors(self, game: PlayableGame) -> tuple[Actor, ...]:
        """Who decides in this game (the playtest offers each to a person or a bot)."""
        ...

    def bots(self, game: PlayableGame, seed: int) -> Controller:
        """A controller that answers every decision of every actor sensibly."""
        ...

    def narrate(self, event: Event, game: PlayableGame | None = None) -> str | None:
        """One sentence for a person following the game; ``None`` for bookkeeping. With
        ``game`` (the game the event belongs to), names come from its content."""
        ...

    def describe_decision(self, game: PlayableGame, decision: Decision) -> str:
        """The question, in words (``Brute: choose two cards``)."""
        ...

    def describe_option(self, game: PlayableGame, decision: Decision, index: int) -> str:
        """Option ``index`` of ``decision``, in words."""
        ...

    def board(self, game: PlayableGame, decision: Decision | None = None) -> TextBoard:
        """The state as a text board; with a ``decision``, its options' places are marked
        with their numbers (a move's destinations)."""
        ...

    def summary(self, game: PlayableGame) -> GameSummary:
        """The finished (or capped) game for a report."""
        ...

    def report_sections(self, summaries: Sequence[GameSummary]) -> dict[str, JSONValue]:
        """The ruleset's aggregates over one setup's games (kills, damage, conquest …),
        JSON data merged into the setup's part of the report."""
        ...

    def report_text(self, setup_report: Mapping[str, Any]) -> list[str]:
        """The ruleset's sections of one setup as short lines (the editor's dialog)."""
        ...

    def report_html(self, setup_report: Mapping[str, Any]) -> str:
        """HTML for the ruleset's sections of one setup (charts, tables); ``""`` for none."""
        ...


class RefereeFace(Protocol):
    """Situations in, rulings out (Gloomhaven's monster AI; other rulesets may have none):
    what ``questforge ai solve`` runs."""

    #: the document kind of a situation file
    situation_kind: str

    def run(
        self,
        files: Sequence[str | os.PathLike[str]],
        fmt: str,
        check: bool,
        explain: bool,
        out: Callable[[str], None],
        err: Callable[[str], None],
    ) -> int:
        """Solve each file, print rulings (``fmt`` text or json) through ``out``, problems
        through ``err``; returns the exit status (0, 1 a difference from ``expected`` with
        ``check``, 2 unusable input)."""
        ...
