"""Editor board modes: each ruleset's editor faces, imported on demand.

For every registered ruleset, its ``board_mode_module`` (``questforge.editor.gloomhaven``,
or a third-party plug-in's module) is imported, which registers its editors, renderers and
playtest boards with :mod:`questforge.editor.editors` and :mod:`questforge.editor.render`,
keyed by ``(ruleset, kind)``. A broken plug-in must not stop the editor: its failure is
kept in :data:`FAILURES` (shown by the problems panel) and the others still load.
"""

from __future__ import annotations

import importlib

_loaded: set[str] = set()

#: ruleset id -> why its board mode could not be loaded
FAILURES: dict[str, str] = {}


def load_all() -> None:
    from questforge.engine import rulesets

    try:
        found = list(rulesets.all_rulesets())
    except Exception as exc:  # a broken registry must not stop the editor
        FAILURES["*"] = f"{type(exc).__name__}: {exc}"
        return
    for ruleset in found:
        module = ruleset.board_mode_module
        if module is None or ruleset.id in _loaded:
            continue
        _loaded.add(ruleset.id)
        try:
            importlib.import_module(module)
        except Exception as exc:
            FAILURES[ruleset.id] = f"{type(exc).__name__}: {exc}"
