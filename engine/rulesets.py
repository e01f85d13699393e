"""The ruleset contract and its registry.

A ruleset (``gloomhaven``, ``descent``, ``arkham``, ``witcher``, or a third-party one) is one
:class:`Ruleset` record: its id, its content kinds and where each of its faces lives. Core
code (the validator's runner, the editor's window, the command line) talks to a ruleset only
through this record and never imports a ruleset's package by name; a test enforces it.

The faces (DESIGN.md, "Ruleset contract"):

============  =====================================================================
schemas       ``schema_dir()``: the folder holding ``<kind>.schema.json`` for each kind
model         ``load_model(documents)``: a pack's documents as typed objects
checks        ``checks_module``: imported by the validator to register ``Q..nnn`` checks
templates     ``templates()``: :class:`~questforge.engine.core.templates.Templates` for ``new``
game          ``game()``: :class:`~questforge.engine.core.game.GameFace` (setup options, new
              game, bots, narrator, text board, metrics) — ``None`` for content-only rulesets
referee       ``referee()``: an optional situations-in, rulings-out face (Gloomhaven's
              monster AI), see :class:`~questforge.engine.core.game.RefereeFace`
board mode    ``board_mode_module``: imported by the editor to register its canvas, tools,
              renderers and playtest panel
============  =====================================================================

Faces are named by import path (``"package.module:attribute"``) and imported on first use,
so listing rulesets stays cheap (``questforge ai solve`` must not import an editor, and
``questforge validate`` must not import a game engine).

Kinds are never looked up globally: two rulesets may both have a ``scenario``. A document's
ruleset comes from its pack's ``pack.json`` (``ruleset``) or from its ``$schema`` URL
(``…/schema/<ruleset>/<kind>.schema.json``), see :func:`ruleset_of_schema_url`.

Built-in rulesets are listed in :data:`BUILTIN`; third-party packages add theirs through the
``questforge.rulesets`` entry-point group, whose object is a :class:`Ruleset` (registered
for them) or a module that calls :func:`register` on import.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from questforge.engine.core.errors import UsageError

if TYPE_CHECKING:  # pragma: no cover - typing only (keeps importing this module cheap)
    from importlib.resources.abc import Traversable

    from questforge.engine.core.game import GameFace, RefereeFace
    from questforge.engine.core.templates import Templates

#: rulesets shipped with questforge: ``questforge.engine.<id>`` registers each one.
BUILTIN: tuple[str, ...] = ("gloomhaven", "descent", "witcher", "arkham")

#: kinds every ruleset shares (their schemas live in ``schema/common``)
COMMON_KINDS: tuple[str, ...] = ("pack",)

_SCHEMA_URL = re.compile(
    r"/schema/(?P<ruleset>[a-z0-9][a-z0-9-]*)/(?P<kind>[a-z0-9-]+)\.schema\.json$"
)


class RulesetError(UsageError, LookupError):
    """A ruleset or one of its faces cannot be found or loaded."""


def _resolve(path: str) -> Any:
    """Import ``"package.module:attribute"`` and return the attribute."""
    module, _, attr = path.partition(":")
    try:
        obj: Any = importlib.import_module(module)
        for part in attr.split(".") if attr else ():
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise RulesetError(f"cannot load {path}: {type(exc).__name__}: {exc}") from exc
    return obj


@dataclass(frozen=True)
class Ruleset:
    """One game system's faces. Only ``id``, ``title`` and ``kinds`` are required."""

    id: str
    title: str
    #: content kinds this ruleset defines (``scenario``, ``monster``, ...), each with a
    #: schema ``<kind>.schema.json`` in :meth:`schema_dir`
    kinds: tuple[str, ...]
    #: where the schemas live: a package and a folder in it (built-in rulesets), or a
    #: plain directory (third-party and test rulesets)
    schema_package: str = "questforge.schema"
    schema_folder: str = ""
    schema_path: Path | None = None
    #: ``"module:function"`` building the typed model of a pack's documents
    model: str | None = None
    #: module the validator imports to register this ruleset's semantic checks
    checks_module: str | None = None
    #: ``"module:attribute"`` of a :class:`~questforge.engine.core.templates.Templates`
    templates_face: str | None = None
    #: ``"module:attribute"`` of a :class:`~questforge.engine.core.game.GameFace`
    game_face: str | None = None
    #: ``"module:attribute"`` of a :class:`~questforge.engine.core.game.RefereeFace`
    referee_face: str | None = None
    #: module the editor imports to register this ruleset's board mode
    board_mode_module: str | None = None
    #: a short description shown by ``questforge rulesets`` and the editor's "new pack"
    description: str = ""
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # ------------------------------------------------------------------ compatibility
    @property
    def name(self) -> str:
        """The ruleset id (older spelling, kept for plug-ins written against it)."""
        return self.id

    # ------------------------------------------------------------------ faces
    def schema_dir(self) -> Traversable:
        """The folder holding this ruleset's ``<kind>.schema.json`` files."""
        if self.schema_path is not None:
            return self.schema_path
        from importlib.resources import files  # here: ~10 ms of imports ai solve never needs

        return files(self.schema_package) / (self.schema_folder or self.id)

    def _face(self, key: str, path: str | None) -> Any:
        if path is None:
            return None
        if key not in self._cache:
            self._cache[key] = _resolve(path)
        return self._cache[key]

    def load_model(self, documents: Any, **kwargs: Any) -> Any:
        """Build the typed model of a pack from its documents (``None`` without a model)."""
        func: Callable[..., Any] | None = self._face("model", self.model)
        return None if func is None else func(documents, **kwargs)

    @property
    def has_model(self) -> bool:
        return self.model is not None

    def templates(self) -> Templates | None:
        return self._face("templates", self.templates_face)

    def game(self) -> GameFace | None:
        return self._face("game", self.game_face)

    def referee(self) -> RefereeFace | None:
        return self._face("referee", self.referee_face)

    def defines(self, kind: str) -> bool:
        return kind in self.kinds


_REGISTRY: dict[str, Ruleset] = {}
_loaded = False


def register(ruleset: Ruleset) -> Ruleset:
    """Register (or replace) a ruleset; returns it so modules can keep a handle. A
    plug-in's schema folder becomes known to every schema consumer."""
    _REGISTRY[ruleset.id] = ruleset
    if ruleset.schema_path is not None:
        from questforge.schema import add_schema_folder

        add_schema_folder(ruleset.schema_folder or ruleset.id, ruleset.schema_path)
    return ruleset


def unregister(ruleset_id: str) -> None:
    """Remove a ruleset (tests that register a temporary one clean up with this)."""
    _REGISTRY.pop(ruleset_id, None)


def _import_builtin(name: str) -> None:
    """Import ``questforge.engine.<name>`` (which registers it); a module imported before
    the registry was reset (tests) is registered again from its ``RULESET``."""
    module = importlib.import_module(f"questforge.engine.{name}")
    record = getattr(module, "RULESET", None)
    if isinstance(record, Ruleset) and record.id not in _REGISTRY:
        register(record)


def builtin_rulesets() -> list[Ruleset]:
    """The rulesets shipped with questforge, without scanning plug-in entry points (which
    costs tens of milliseconds at start-up)."""
    for name in BUILTIN:
        _import_builtin(name)
    return [_REGISTRY[n] for n in BUILTIN if n in _REGISTRY]


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILTIN:
        _import_builtin(name)
    # imported here: importlib.metadata costs tens of ms at start-up (ai solve never needs it)
    from importlib.metadata import entry_points

    for ep in entry_points(group="questforge.rulesets"):
        try:
            obj = ep.load()
        except Exception:  # a broken third-party plug-in must not take questforge down
            continue
        if isinstance(obj, Ruleset):
            register(obj)


def get(ruleset_id: str) -> Ruleset:
    """The ruleset ``ruleset_id``; raises :class:`RulesetError` (a ``KeyError`` too, for
    older callers) naming the known ones otherwise."""
    _load_all()
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})") from None


def find(ruleset_id: str | None) -> Ruleset | None:
    """The ruleset ``ruleset_id`` or ``None`` (no exception)."""
    if not ruleset_id:
        return None
    _load_all()
    return _REGISTRY.get(ruleset_id)


class UnknownRuleset(RulesetError, KeyError):
    """No ruleset has that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


def all_rulesets() -> Iterable[Ruleset]:
    """Every registered ruleset, in id order."""
    _load_all()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def ids() -> list[str]:
    return [r.id for r in all_rulesets()]


def ruleset_of_schema_url(url: object) -> tuple[str, str] | None:
    """``(ruleset, kind)`` named by a ``$schema`` URL
    (``https://questforge.dev/schema/gloomhaven/scenario.schema.json``), else ``None``.

    ``common`` is returned as the ruleset of shared kinds such as ``pack``."""
    if not isinstance(url, str):
        return None
    m = _SCHEMA_URL.search(url)
    if m is None:
        return None
    return m.group("ruleset"), m.group("kind")


def rulesets_defining(kind: str) -> list[Ruleset]:
    """Every ruleset with a kind named ``kind`` (zero, one or several)."""
    return [r for r in all_rulesets() if kind in r.kinds]


def ruleset_for_kind(kind: str) -> Ruleset | None:
    """The one ruleset defining ``kind``; ``None`` when no ruleset or more than one does.

    Only for messages ("this kind belongs to …"): never to decide which schema validates a
    document — that comes from the pack's ``ruleset`` or the ``$schema`` URL."""
    found = rulesets_defining(kind)
    return found[0] if len(found) == 1 else None
