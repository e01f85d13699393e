"""The playtest's game runner: the engine on a worker thread, people answering from the GUI.

The engine asks its controller synchronously (``choose(decision) -> index``) from deep
inside a turn, which a window cannot do without blocking. The runner therefore plays each
step (:meth:`~questforge.engine.gloomhaven.game.Game.step_turn`, ``step_round``, ``run``)
on a worker thread. When a decision belongs to a character played by hand, the worker
publishes it (:attr:`GameRunner.decisionNeeded`) and waits; the window shows the options
and calls :meth:`GameRunner.answer`. Everything else goes to the seeded
:class:`~questforge.engine.gloomhaven.bots.BotController`, so a game is still a pure
function of its seed and its answers (the log replays with ``questforge replay``).

The window reads :attr:`GameRunner.game` only while the worker is idle or waiting for an
answer, so it never sees a half-applied change.

For every monster move the runner also records the *moment*: when the engine emits a
``focus`` event (the solver has chosen, the monster has not moved yet) it stores
``game.monster_situation(figure)``, the situation file that explains the move
(``questforge ai solve``) - the "why did it do that?" export.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from questforge.engine.core.decisions import Decision
from questforge.engine.core.events import Event, JSONValue
from questforge.engine.gloomhaven.bots import BotController
from questforge.engine.gloomhaven.game import Game, Setup
from questforge.engine.gloomhaven.game.spec import Content

#: actor ids that are not characters: tie breaks among players, and monster ambiguities
PLAYERS = "players"
MONSTERS = "monsters"


class _Aborted(Exception):
    """The window closed (or the game restarted) while the worker waited for a person."""


@dataclass(frozen=True)
class MonsterMoment:
    """One monster move: the engine's ``focus`` event and the situation before the move."""

    event_index: int
    figure: str
    focus: dict[str, JSONValue]
    situation: dict[str, JSONValue] | None
    error: str = ""
    round: int = 0


class GameRunner(QObject):
    """One playtest game. Create it, then :meth:`step` ("turn", "round" or "end")."""

    #: a person must choose (the Decision); the worker waits for :meth:`answer`
    decisionNeeded = Signal(object)
    #: a step finished (its mode); the game may be finished
    stepFinished = Signal(str)
    #: the engine raised (message); the game cannot continue
    stepFailed = Signal(str)

    def __init__(
        self,
        content: Content,
        setup: Setup,
        seed: int,
        people: Iterable[str] = (),
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.content = content
        self.setup = setup
        self.seed = seed
        self.people: set[str] = set(people)
        self.game = Game(content, setup, seed)
        self.bot = BotController(f"bots:{seed}").attach(self.game)
        self.moments: list[MonsterMoment] = []
        self.failed = ""
        self.pending: Decision | None = None
        self._answer: int | None = None
        self._answered = threading.Event()
        self._abort = False
        self._thread: threading.Thread | None = None
        self._sync_hook: Callable[[], None] | None = None
        self.game.log.listeners.append(self._on_event)

    # ------------------------------------------------------------------ state
    @property
    def busy(self) -> bool:
        """A step is running (possibly waiting for a person)."""
        thread = self._thread
        return thread is not None and thread.is_alive()

    @property
    def finished(self) -> bool:
        return self.game.finished or bool(self.failed)

    def is_person(self, actor: str) -> bool:
        if actor == PLAYERS:
            # ties among the players: asked of the people if anyone plays by hand
            return bool(self.people & set(self.setup.characters))
        return actor in self.people

    # ------------------------------------------------------------------ controller
    def choose(self, decision: Decision) -> int:
        """The controller the engine calls (on the worker thread)."""
        if self._abort:
            raise _Aborted()
        if not self.is_person(decision.actor):
            return self.bot.choose(decision)
        self._answer = None
        self._answered.clear()
        self.pending = decision
        self.decisionNeeded.emit(decision)
        self._answered.wait()
        self.pending = None
        if self._abort or self._answer is None:
            raise _Aborted()
        return self._answer

    def answer(self, index: int) -> None:
        """Answer the pending decision (from the GUI thread)."""
        decision = self.pending
        if decision is None:
            raise ValueError("no decision is pending")
        if not 0 <= index < len(decision.options):
            raise ValueError(f"{decision.kind!r} has {len(decision.options)} options, not {index}")
        self._answer = index
        self._answered.set()

    # ------------------------------------------------------------------ stepping
    def step(self, mode: str) -> bool:
        """Start a step on the worker thread; False if busy or the game is over.

        ``"start"`` sets the scenario up (it may ask people for starting hexes), ``"turn"``
        and ``"round"`` advance to the next boundary, ``"end"`` plays the game out."""
        if mode not in ("start", "turn", "round", "end"):
            raise ValueError(f"unknown step mode {mode!r}")
        if self.busy or self.finished:
            return False
        self._thread = threading.Thread(
            target=self._work, args=(mode,), name="playtest-step", daemon=True
        )
        self._thread.start()
        return True

    def _work(self, mode: str) -> None:
        try:
            if mode == "start":
                self.game.start(self)
            elif mode == "turn":
                self.game.step_turn(self)
            elif mode == "round":
                self.game.step_round(self)
            else:
                self.game.run(self)
        except _Aborted:
            self.failed = "stopped"
            return
        except Exception as exc:  # an engine failure is reported, not a crashed window
            self.failed = f"{type(exc).__name__}: {exc}"
            self.stepFailed.emit(self.failed)
            return
        self.stepFinished.emit(mode)

    def wait(self, timeout: float = 30.0) -> None:
        """Block until the running step ends (tests, shutdown)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def shutdown(self) -> None:
        """Stop a running step (a pending decision is abandoned) and wait for the worker."""
        self._abort = True
        self._answered.set()
        self.wait(10.0)

    # ------------------------------------------------------------------ moments
    def _on_event(self, event: Event) -> None:
        if event.type != "focus":
            return
        fid = str(event.get("figure"))
        situation: dict[str, JSONValue] | None = None
        error = ""
        try:
            if fid in self.game.state.figures:
                situation = self.game.monster_situation(fid)
        except Exception as exc:  # the export is a convenience; never break the game
            error = f"{type(exc).__name__}: {exc}"
        self.moments.append(
            MonsterMoment(
                len(self.game.log.events) - 1,
                fid,
                event.to_json(),
                situation,
                error,
                self.game.state.round,
            )
        )

    def situation_now(self, figure_id: str) -> dict[str, JSONValue]:
        """The situation ``figure_id`` faces at this moment (only while the worker is idle)."""
        if self.busy and self.pending is None:
            raise RuntimeError("the game is running; wait for the step to finish")
        if figure_id not in self.game.state.figures:
            raise KeyError(f"no figure {figure_id!r} on the map")
        return self.game.monster_situation(figure_id)


def moment_for(moments: list[MonsterMoment], figure: str | None = None) -> MonsterMoment | None:
    """The latest recorded moment (of ``figure`` if given)."""
    for m in reversed(moments):
        if figure is None or m.figure == figure:
            return m
    return None


def engine_content(pack: Any) -> Content:
    """Accept a pack folder, a loaded pack model or engine content (``as_content``)."""
    from questforge.engine.gloomhaven.game import as_content

    return as_content(pack)


def scenario_content(pack: Any, scenario_id: str) -> Content:
    """:func:`engine_content` of ``pack``, checked to hold ``scenario_id``: the playtest
    window and the simulate dialog refuse a missing scenario with the same ``ValueError``
    (naming the scenarios the pack does have) before they build any widget."""
    content = engine_content(pack)
    if scenario_id not in content.scenarios:
        known = ", ".join(sorted(content.scenarios)) or "none"
        raise ValueError(f"no scenario {scenario_id!r} in the pack (known: {known})")
    return content
