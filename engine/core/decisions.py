"""The controller protocol: every choice a game needs is a :class:`Decision` answered by a
:class:`Controller`.

A decision has a ``kind`` (what is being chosen, e.g. ``"plan"`` or ``"move"``), the
``actor`` who chooses (a character id, ``"monsters"``, ``"players"``), a tuple of
JSON-data ``options`` and a ``context`` with whatever helps a person or a bot decide. A
controller answers with the *index* of the chosen option. Because the engine is
deterministic, the list of answers plus the seed reproduces the whole game
(:class:`RecordingController` writes that list, :class:`ScriptedController` replays it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from questforge.engine.core.errors import EngineError
from questforge.engine.core.events import JSONValue, to_jsonable
from questforge.engine.core.rng import Rng


class DecisionError(EngineError):
    """A controller gave an answer that does not fit the decision."""


class ScriptExhausted(DecisionError):
    """A scripted controller ran out of answers (the game needs more decisions)."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(f"no scripted answer left for decision {decision.kind!r}")
        self.decision = decision


class DecisionMismatch(DecisionError):
    """A replayed answer was recorded for a different decision than the one asked now."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the engine asks for. ``options`` is never empty."""

    kind: str
    actor: str
    options: tuple[JSONValue, ...]
    context: Mapping[str, JSONValue] = field(default_factory=dict)
    prompt: str = ""

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "kind": self.kind,
            "actor": self.actor,
            "options": to_jsonable(list(self.options)),
            "context": to_jsonable(dict(self.context)),
            "prompt": self.prompt,
        }


@dataclass(frozen=True, slots=True)
class Answer:
    """One recorded answer: enough to replay (``index``) and to read (``option``)."""

    kind: str
    actor: str
    index: int
    option: JSONValue

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "kind": self.kind,
            "actor": self.actor,
            "index": self.index,
            "option": to_jsonable(self.option),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Answer:
        try:
            return cls(str(obj["kind"]), str(obj["actor"]), int(obj["index"]), obj.get("option"))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed decision record {obj!r}: {exc}") from None


@runtime_checkable
class Controller(Protocol):
    """Anything that answers decisions: a person, a bot, a script."""

    def choose(self, decision: Decision) -> int:
        """Return the index of the chosen option in ``decision.options``."""
        ...


def check_index(decision: Decision, index: object) -> int:
    """Validate a controller's answer."""
    if isinstance(index, bool) or not isinstance(index, int):
        raise DecisionError(
            f"controller answered {index!r} to {decision.kind!r}; expected an option index"
        )
    if not 0 <= index < len(decision.options):
        raise DecisionError(
            f"controller answered {index} to {decision.kind!r} "
            f"which has {len(decision.options)} options"
        )
    return index


class FirstOptionController:
    """Always picks option 0. The engine lists the rules' default first (e.g. "do not
    negate damage", "perform the ability"), so this is a sensible, cheap test controller."""

    def choose(self, decision: Decision) -> int:
        return 0


class RandomController:
    """Picks uniformly at random with its own seeded generator (fuzzing, property tests)."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, decision: Decision) -> int:
        return self.rng.randbelow(len(decision.options))


class FunctionController:
    """Wraps a plain function ``(decision) -> index``."""

    def __init__(self, fn: Callable[[Decision], int]) -> None:
        self.fn = fn

    def choose(self, decision: Decision) -> int:
        return self.fn(decision)


ScriptItem = int | Mapping[str, Any]


class ScriptedController:
    """Replays a list of answers in order.

    Each item is an option index, an :class:`Answer`, or a mapping with ``"index"`` (and
    optionally ``"kind"``, checked against the decision) or with ``"option"`` (matched by
    value, handy in hand-written tests: ``{"option": [2, 3]}``). When the list runs out it
    raises :class:`ScriptExhausted`, or defers to ``fallback`` if one is given.
    """

    def __init__(
        self,
        answers: Sequence[ScriptItem | Answer],
        fallback: Controller | None = None,
        strict_kinds: bool = True,
    ) -> None:
        self.answers = list(answers)
        self.position = 0
        self.fallback = fallback
        self.strict_kinds = strict_kinds

    @property
    def exhausted(self) -> bool:
        return self.position >= len(self.answers)

    def choose(self, decision: Decision) -> int:
        if self.position >= len(self.answers):
            if self.fallback is not None:
                return self.fallback.choose(decision)
            raise ScriptExhausted(decision)
        item = self.answers[self.position]
        self.position += 1
        if isinstance(item, Answer):
            item = item.to_json()
        if isinstance(item, int) and not isinstance(item, bool):
            return check_index(decision, item)
        if isinstance(item, Mapping):
            kind = item.get("kind")
            if self.strict_kinds and kind is not None and kind != decision.kind:
                raise DecisionMismatch(
                    f"answer {self.position - 1} was recorded for {kind!r} "
                    f"but the game asks {decision.kind!r}"
                )
            if "index" in item:
                index = check_index(decision, item["index"])
                if "option" in item and "kind" in item:
                    recorded = to_jsonable(item["option"])
                    now = to_jsonable(decision.options[index])
                    if self.strict_kinds and recorded != now:
                        raise DecisionMismatch(
                            f"answer {self.position - 1} chose {recorded!r} but option "
                            f"{index} is now {now!r}"
                        )
                return index
            if "option" in item:
                wanted = to_jsonable(item["option"])
                for i, option in enumerate(decision.options):
                    if to_jsonable(option) == wanted:
                        return i
                raise DecisionError(
                    f"scripted option {wanted!r} is not among the options of "
                    f"{decision.kind!r}: {to_jsonable(list(decision.options))!r}"
                )
        raise DecisionError(f"cannot read scripted answer {item!r}")


class RecordingController:
    """Wraps a controller and records every answer (the decision part of a game log)."""

    def __init__(self, inner: Controller, record: list[Answer] | None = None) -> None:
        self.inner = inner
        self.record: list[Answer] = record if record is not None else []

    def choose(self, decision: Decision) -> int:
        index = check_index(decision, self.inner.choose(decision))
        self.record.append(Answer(decision.kind, decision.actor, index, decision.options[index]))
        return index


class RoutingController:
    """Sends each decision to the controller registered for its actor (or the default).

    Games take one controller; give them a router to let a person play one character and
    bots the rest.
    """

    def __init__(self, by_actor: Mapping[str, Controller], default: Controller) -> None:
        self.by_actor = dict(by_actor)
        self.default = default

    def choose(self, decision: Decision) -> int:
        return self.by_actor.get(decision.actor, self.default).choose(decision)
