"""Editor board modes: each ruleset's editor faces, imported on demand.

Mirrors :mod:`questforge.engine.rulesets`: for every registered ruleset, the module
``questforge.editor.<ruleset>`` (if it exists) is imported, and registers its editors with
:func:`questforge.editor.editors.register_editor`.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util

_loaded = False


def load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from questforge.engine import rulesets

    names = set(rulesets.BUILTIN)
    # a broken third-party ruleset must not stop the editor
    with contextlib.suppress(Exception):
        names.update(r.name for r in rulesets.all_rulesets())
    for name in sorted(names):
        module = f"questforge.editor.{name}"
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)
