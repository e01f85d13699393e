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
campaign      ``campaign()``: an optional :class:`~questforge.engine.core.campaign.CampaignFace`
              (what happens between scenarios: sheets, unlocks, town) — ``None`` without one
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
for them) or a module that calls :func:`register` on import. A built-in id is reserved: a
plug-in cannot replace it, so a pack's ``"ruleset": "gloomhaven"`` always means the shipped
one, and looking a built-in up (every ``validate``, ``play`` and ``simulate`` of a built-in
ruleset's pack) never pays for the entry-point scan (importing :mod:`importlib.metadata`
and reading every installed distribution's metadata: tens of milliseconds of start-up).
"""

from __future__ import annotations

import sys

from questforge.engine.core.errors import UsageError

# ``typing``, ``re`` and ``pathlib`` are not imported at run time: every command imports this
# module, and ``questforge ai solve`` pays for each module it imports (mypy reads the
# ``TYPE_CHECKING`` block; the name is all it looks at)
TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover - typing only (keeps importing this module cheap)
    import re
    from collections.abc import Callable, Iterable
    from importlib.resources.abc import Traversable
    from pathlib import Path
    from typing import Any

    from questforge.engine.core.campaign import CampaignFace
    from questforge.engine.core.game import GameFace, RefereeFace
    from questforge.engine.core.templates import Templates

#: rulesets shipped with questforge: ``questforge.engine.<id>`` registers each one.
BUILTIN: tuple[str, ...] = ("gloomhaven", "descent", "witcher", "arkham")

#: kinds every ruleset shares (their schemas live in ``schema/common``)
COMMON_KINDS: tuple[str, ...] = ("pack",)

#: what a ``$schema`` URL naming a ruleset's kind ends with (compiled on first use)
_SCHEMA_URL_PATTERN = r"/schema/(?P<ruleset>[a-z0-9][a-z0-9-]*)/(?P<kind>[a-z0-9-]+)\.schema\.json$"
_schema_url: re.Pattern[str] | None = None


class RulesetError(UsageError, LookupError):
    """A ruleset or one of its faces cannot be found or loaded."""


def _import(name: str) -> Any:
    """``importlib.import_module(name)`` for an absolute module name, without importing
    ``importlib`` (and with it ``warnings``): every command imports this module."""
    __import__(name)
    return sys.modules[name]


def _resolve(path: str) -> Any:
    """Import ``"package.module:attribute"`` and return the attribute."""
    module, _, attr = path.partition(":")
    try:
        obj: Any = _import(module)
        for part in attr.split(".") if attr else ():
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise RulesetError(f"cannot load {path}: {type(exc).__name__}: {exc}") from exc
    return obj


#: the record's fields in constructor order (what equality, hashing and ``repr`` look at)
_FIELDS: tuple[str, ...] = (
    "id",
    "title",
    "kinds",
    "schema_package",
    "schema_folder",
    "schema_path",
    "model",
    "checks_module",
    "templates_face",
    "game_face",
    "referee_face",
    "board_mode_module",
    "description",
    "playable_kinds",
    "campaign_face",
)


class Ruleset:
    """One game system's faces. Only ``id``, ``title`` and ``kinds`` are required.

    An immutable record (equal and hashed by its fields, as a frozen dataclass would be),
    written by hand: ``dataclasses`` imports ``inspect`` and generates code at import, which
    was about a tenth of ``questforge ai solve``'s whole run, and every command imports this
    module to find its ruleset.
    """

    __slots__ = (*_FIELDS, "_cache")

    id: str
    title: str
    #: content kinds this ruleset defines (``scenario``, ``monster``, ...), each with a
    #: schema ``<kind>.schema.json`` in :meth:`schema_dir`
    kinds: tuple[str, ...]
    #: where the schemas live: a package and a folder in it (built-in rulesets), or a
    #: plain directory (third-party and test rulesets)
    schema_package: str
    schema_folder: str
    schema_path: Path | None
    #: ``"module:function"`` building the typed model of a pack's documents
    model: str | None
    #: module the validator imports to register this ruleset's semantic checks
    checks_module: str | None
    #: ``"module:attribute"`` of a :class:`~questforge.engine.core.templates.Templates`
    templates_face: str | None
    #: ``"module:attribute"`` of a :class:`~questforge.engine.core.game.GameFace`
    game_face: str | None
    #: the kinds the game face plays (its ``playable_kinds``), stated here so that
    #: ``play``/``simulate`` can find what a target is without importing every ruleset's
    #: engine (about a quarter of a second); ``None``: import the face and ask it
    playable_kinds: tuple[str, ...] | None
    #: ``"module:attribute"`` of a :class:`~questforge.engine.core.game.RefereeFace`
    referee_face: str | None
    #: module the editor imports to register this ruleset's board mode
    board_mode_module: str | None
    #: a short description shown by ``questforge rulesets`` and the editor's "new pack"
    description: str
    #: ``"module:attribute"`` of a :class:`~questforge.engine.core.campaign.CampaignFace`
    #: (last: records built with positional arguments keep their meaning)
    campaign_face: str | None
    #: faces imported so far (not part of equality)
    _cache: dict[str, Any]

    def __init__(
        self,
        id: str,
        title: str,
        kinds: tuple[str, ...],
        schema_package: str = "questforge.schema",
        schema_folder: str = "",
        schema_path: Path | None = None,
        model: str | None = None,
        checks_module: str | None = None,
        templates_face: str | None = None,
        game_face: str | None = None,
        referee_face: str | None = None,
        board_mode_module: str | None = None,
        description: str = "",
        playable_kinds: tuple[str, ...] | None = None,
        campaign_face: str | None = None,
    ) -> None:
        values = (
            id,
            title,
            kinds,
            schema_package,
            schema_folder,
            schema_path,
            model,
            checks_module,
            templates_face,
            game_face,
            referee_face,
            board_mode_module,
            description,
            playable_kinds,
            campaign_face,
        )
        for name, value in zip(_FIELDS, values, strict=True):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_cache", {})

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r} (a Ruleset is immutable)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} (a Ruleset is immutable)")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Ruleset)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS)
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        # copy and pickle rebuild it through the constructor (slots cannot be set on an
        # immutable record); the imported faces are not carried over
        return (type(self), self._values())

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

    def campaign(self) -> CampaignFace | None:
        """The campaign face (play between scenarios), ``None`` for a ruleset without one."""
        return self._face("campaign", self.campaign_face)

    def defines(self, kind: str) -> bool:
        return kind in self.kinds


_REGISTRY: dict[str, Ruleset] = {}
_loaded = False


def register(ruleset: Ruleset) -> Ruleset:
    """Register (or replace) a ruleset; returns it so modules can keep a handle. A
    plug-in's schema folder becomes known to every schema consumer.

    A built-in id is reserved: once the built-in record holds it, registering another
    record under that id raises :class:`RulesetError` (the plug-in scan skips such
    plug-ins instead)."""
    held = _REGISTRY.get(ruleset.id)
    if held is not None and held is not ruleset and _is_builtin_record(held):
        raise RulesetError(
            f"ruleset id {ruleset.id!r} is reserved for the built-in ruleset; "
            "a plug-in must use an id of its own"
        )
    _REGISTRY[ruleset.id] = ruleset
    if ruleset.schema_path is not None:
        from questforge.schema import add_schema_folder

        add_schema_folder(ruleset.schema_folder or ruleset.id, ruleset.schema_path)
    return ruleset


def unregister(ruleset_id: str) -> None:
    """Remove a ruleset (tests that register a temporary one clean up with this)."""
    _REGISTRY.pop(ruleset_id, None)


def _is_builtin_record(record: Ruleset) -> bool:
    """``record`` is the ``RULESET`` of the built-in package of its id."""
    if record.id not in BUILTIN:
        return False
    module = sys.modules.get(f"questforge.engine.{record.id}")
    return module is not None and getattr(module, "RULESET", None) is record


def _import_builtin(name: str) -> None:
    """Import ``questforge.engine.<name>`` (which registers it); a module imported before
    the registry was reset (tests) is registered again from its ``RULESET``."""
    module = _import(f"questforge.engine.{name}")
    record = getattr(module, "RULESET", None)
    if isinstance(record, Ruleset) and record.id not in _REGISTRY:
        register(record)


def builtin_ruleset(name: str) -> Ruleset | None:
    """The built-in ruleset ``name`` (one of :data:`BUILTIN`), importing only its package:
    ``questforge ai solve`` looks for the first referee face this way, so it does not pay
    for importing the rulesets after it."""
    _import_builtin(name)
    return _REGISTRY.get(name)


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
        # a built-in id is reserved (see the module docstring): such a plug-in is skipped,
        # as is one whose module registers it itself (:func:`register` refuses it)
        if isinstance(obj, Ruleset) and obj.id not in BUILTIN:
            register(obj)


def _builtin_lookup(ruleset_id: str) -> Ruleset | None:
    """The built-in ruleset ``ruleset_id`` without the plug-in scan (``None`` if the id
    is not a built-in one, or its package failed to register)."""
    if ruleset_id not in BUILTIN:
        return None
    _import_builtin(ruleset_id)
    return _REGISTRY.get(ruleset_id)


def get(ruleset_id: str) -> Ruleset:
    """The ruleset ``ruleset_id``; raises :class:`RulesetError` (a ``KeyError`` too, for
    older callers) naming the known ones otherwise."""
    found = _builtin_lookup(ruleset_id)
    if found is not None:
        return found
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
    found = _builtin_lookup(ruleset_id)
    if found is not None:
        return found
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
    global _schema_url
    if _schema_url is None:
        import re

        _schema_url = re.compile(_SCHEMA_URL_PATTERN)
    m = _schema_url.search(url)
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
