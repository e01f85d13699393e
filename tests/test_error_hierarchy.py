"""One error hierarchy (issue 8, typed seams): every exception class questforge defines
derives from ``QuestforgeError`` through the branch that fits (content, usage, engine), so a
front end catches one type. The only exceptions are control-flow signals, never shown to a
person, listed here with the reason."""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil

import pytest

from questforge.engine.core.errors import QuestforgeError

#: raised and caught inside one module to unwind a loop or a generator; not errors
SIGNALS = {
    "questforge.engine.gloomhaven.game.game_over.GameOver",
    "questforge.engine.core.json_indent._Unsupported",
    "questforge.engine.descent.game.game.GameOver",
    "questforge.engine.descent.game.combat.TurnEnded",
    "questforge.engine.arkham.game.state.GameOver",
    "questforge.engine.core.session._Pending",
    "questforge.engine.core.simulation.Interrupted",
    "questforge.engine.core.decks.EmptyDeck",
    "questforge.engine.core.jsonload._BadNumber",
    "questforge.engine.gloomhaven.ai.referee._Unusual",
    "questforge.editor.playtest.simulate.Cancelled",
}


def _modules(package: str) -> list[str]:
    root = importlib.import_module(package)
    return [package] + [
        info.name for info in pkgutil.walk_packages(root.__path__, prefix=package + ".")
    ]


@pytest.mark.parametrize(
    "package", ["questforge.engine", "questforge.validator", "questforge.editor"]
)
def test_every_error_class_is_a_questforge_error(package: str) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    strays = []
    for name in _modules(package):
        module = importlib.import_module(name)
        for _attr, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != name or not issubclass(cls, BaseException):
                continue
            qualified = f"{name}.{cls.__qualname__}"
            if qualified not in SIGNALS and not issubclass(cls, QuestforgeError):
                strays.append(qualified)
    assert strays == []


def test_the_signals_still_exist() -> None:
    # a stale entry would let a new error of that name slip through
    for qualified in SIGNALS:
        module, _, name = qualified.rpartition(".")
        assert hasattr(importlib.import_module(module), name), qualified
