"""The ruleset plug-in registry.

Core code never names a ruleset. A ruleset (``gloomhaven``, later ``descent``, ``arkham``,
``witcher``) registers a :class:`Ruleset` describing its faces: the schema folder and content
kinds, a model loader, and the rules engine. The validator and the editor keep their own
registries keyed by the same ruleset name (semantic checks, board modes), so that this
package never has to import them.

Built-in rulesets are listed in :data:`BUILTIN`; third-party packages add theirs through the
``questforge.rulesets`` entry-point group (the entry point's object is imported, which
registers it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

#: rulesets shipped with questforge: ``questforge.engine.<name>`` registers each one.
BUILTIN: tuple[str, ...] = ("gloomhaven", "arkham")


@dataclass(frozen=True)
class Ruleset:
    """What a ruleset contributes to the engine layer."""

    name: str
    title: str
    #: content kinds this ruleset defines (``scenario``, ``monster``, ...); a kind names a
    #: schema ``<schema_folder>/<kind>.schema.json``.
    kinds: tuple[str, ...]
    #: folder under ``questforge.schema`` holding the ruleset's schemas
    schema_folder: str
    #: builds the typed model of a loaded pack (documents by kind) - optional
    load_model: Callable[..., Any] | None = None
    #: extra, ruleset-specific faces (engine factory, solver, ...) by name
    extras: dict[str, Any] = field(default_factory=dict)


_REGISTRY: dict[str, Ruleset] = {}
_loaded = False


def register(ruleset: Ruleset) -> Ruleset:
    """Register (or replace) a ruleset; returns it so modules can keep a handle."""
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILTIN:
        importlib.import_module(f"questforge.engine.{name}")
    for ep in entry_points(group="questforge.rulesets"):
        ep.load()


def get(name: str) -> Ruleset:
    """The ruleset called ``name``; raises ``KeyError`` with the known names otherwise."""
    _load_all()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise KeyError(f"unknown ruleset {name!r} (known: {known})") from None


def all_rulesets() -> Iterable[Ruleset]:
    """Every registered ruleset, in name order."""
    _load_all()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def ruleset_for_kind(kind: str) -> Ruleset | None:
    """The ruleset that defines content ``kind`` (``None`` for common kinds like ``pack``).

    Two rulesets may define the same kind (``monster``): a pack's documents take their
    ruleset from its manifest, so this guess only matters for loose files, and there the
    ruleset registered first (``BUILTIN`` order) wins, so adding a ruleset never changes
    what an existing loose file means.
    """
    _load_all()
    for ruleset in list(_REGISTRY.values()):
        if kind in ruleset.kinds:
            return ruleset
    return None
