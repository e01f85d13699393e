"""questforge.schema: the JSON Schemas shipped as package data, and a tiny loader.

Schemas live in ``<folder>/<name>.schema.json``: ``common/`` holds the pack manifest and the
ruleset-neutral ``$defs`` (ids, references, names, text, versions), and each ruleset has
one folder for its content kinds plus, optionally, its own ``defs.schema.json`` for
definitions that belong to that ruleset only (Gloomhaven's hexes, formulas in L and C,
conditions, the action grammar). A ``defs`` schema is a library of ``$defs``, never a
content kind: :func:`kind_schema_files` leaves those out. Each schema's ``$id`` is
``https://questforge.dev/schema/<folder>/<name>.schema.json``; cross-file ``$ref`` s use
those ids and are resolved from these files only (see :func:`registry`), never from the
network. The files are read through :mod:`importlib.resources`, so the loader works from
an editable checkout and from a plain ``pip install`` alike. (That module is imported on
first use only: :func:`load_schema` of a shipped schema reads the file next to this
package directly, so a command that needs one schema, such as ``questforge ai solve``,
does not pay for importing it.)

Loaded schemas are cached and shared: treat them as read-only.
"""

from __future__ import annotations

import os

# ``json``, ``functools``, ``pathlib`` and ``typing`` are not imported at run time here: importing this
# package is part of ``questforge ai solve``'s start (which reads one schema, see
# :func:`shipped_path`), and those three cost more than the rest of that start
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from importlib.resources.abc import Traversable
    from typing import Any

#: every shipped schema's ``$id`` starts with this
BASE_URI = "https://questforge.dev/schema/"
SUFFIX = ".schema.json"
#: name of the shared-definitions schema in any folder (``common/defs``, ``gloomhaven/defs``)
DEFS = "defs"

Schema = dict[str, "Any"]


def schema_id(folder: str, name: str) -> str:
    """The ``$id`` of the schema ``<folder>/<name>.schema.json``."""
    return f"{BASE_URI}{folder}/{name}{SUFFIX}"


#: schema folders of plug-in rulesets (outside this package), by folder name; added by the
#: ruleset registry (:func:`add_schema_folder`) so that every schema consumer sees them
_EXTRA: dict[str, Traversable] = {}
#: the shipped schema folders are package data next to this file
_SHIPPED = os.path.dirname(os.path.realpath(__file__))


def files(package: str) -> Traversable:
    """:func:`importlib.resources.files`, imported on first use."""
    from importlib.resources import files as resource_files

    return resource_files(package)


def add_schema_folder(name: str, folder: Traversable) -> None:
    """Make a plug-in ruleset's schema folder known as ``<name>/`` (its ``$id`` s must be
    ``https://questforge.dev/schema/<name>/<kind>.schema.json``). A shipped folder of the
    same name is never replaced."""
    if (files(__name__) / name).is_dir() or _EXTRA.get(name) == folder:
        return
    _EXTRA[name] = folder
    _LOADED.clear()
    _BY_ID.clear()


def _folders() -> list[tuple[str, Traversable]]:
    root = files(__name__)
    shipped = [
        (p.name, p) for p in root.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))
    ]
    return sorted([*shipped, *_EXTRA.items()], key=lambda item: item[0])


def schema_files() -> Iterator[tuple[str, str, Traversable]]:
    """Every schema as ``(folder, name, path)``, sorted by folder then name: the shipped ones
    and those of plug-in rulesets."""
    for folder_name, folder in _folders():
        for path in sorted(folder.iterdir(), key=lambda p: p.name):
            if path.is_file() and path.name.endswith(SUFFIX):
                yield folder_name, path.name[: -len(SUFFIX)], path


def is_definitions(name: str) -> bool:
    """Whether ``<folder>/<name>.schema.json`` is a library of ``$defs`` (not a content kind).

    Code that derives kinds from file names (menus, ``new``, checks) must skip these: a
    document with ``"kind": "defs"`` is not something an author can write.
    """
    return name == DEFS


def kind_schema_files() -> Iterator[tuple[str, str, Traversable]]:
    """Like :func:`schema_files` but only the schemas of content kinds (``pack``,
    ``monster``, ...): every ``defs`` schema is left out."""
    for folder, name, path in schema_files():
        if not is_definitions(name):
            yield folder, name, path


def shipped_path(folder: str, name: str) -> str | None:
    """The file of the shipped schema ``<folder>/<name>.schema.json`` (``None`` if there is
    none, or if ``folder`` is a plug-in ruleset's): for a reader that parses it itself
    without importing ``json`` (the situation loader); :func:`load_schema` reads the same."""
    if folder in _EXTRA:
        return None
    path = os.path.join(_SHIPPED, folder, f"{name}{SUFFIX}")
    return path if os.path.isfile(path) else None


#: the schemas read so far, by (folder, name) (what ``functools.cache`` kept before: that
#: module imports ``collections``, a start-up cost)
_LOADED: dict[tuple[str, str], Schema] = {}


def load_schema(folder: str, name: str) -> Schema:
    """The schema ``<folder>/<name>.schema.json``; ``KeyError`` if there is none."""
    got = _LOADED.get((folder, name))
    if got is None:
        got = _LOADED[(folder, name)] = _read_schema(folder, name)
    return got


def _read_schema(folder: str, name: str) -> Schema:
    import json

    extra = _EXTRA.get(folder)
    if extra is None:
        shipped = shipped_path(folder, name)
        if shipped is None:
            raise KeyError(f"no schema {folder}/{name}{SUFFIX}")
        with open(shipped, encoding="utf-8") as stream:
            text = stream.read()
    else:
        path = extra.joinpath(f"{name}{SUFFIX}")
        if not path.is_file():
            raise KeyError(f"no schema {folder}/{name}{SUFFIX}")
        text = path.read_text(encoding="utf-8")
    schema: Schema = json.loads(text)
    return schema


#: every schema by ``$id``, once built (the one entry, or none)
_BY_ID: list[dict[str, Schema]] = []


def _by_id() -> dict[str, Schema]:
    if _BY_ID:
        return _BY_ID[0]
    out: dict[str, Schema] = {}
    for folder, name, _path in schema_files():
        schema = load_schema(folder, name)
        out[str(schema.get("$id", schema_id(folder, name)))] = schema
    _BY_ID.append(out)
    return out


def all_schemas() -> dict[str, Schema]:
    """Every shipped schema by ``$id`` (a new dict; the schemas themselves are shared)."""
    return dict(_by_id())


def schema_by_id(id: str) -> Schema:
    """The shipped schema whose ``$id`` is ``id`` (a ``#fragment`` is ignored)."""
    key = id.split("#", 1)[0]
    try:
        return _by_id()[key]
    except KeyError:
        raise KeyError(f"no shipped schema with $id {key!r}") from None


def registry() -> Any:
    """A :class:`referencing.Registry` holding every shipped schema (draft 2020-12).

    Give it to a validator so that ``$ref`` s resolve locally; a ``$ref`` to anything else
    fails instead of going to the network. (Imported lazily: most callers never need it.)
    """
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    return Registry().with_resources(
        (sid, Resource.from_contents(schema, default_specification=DRAFT202012))
        for sid, schema in _by_id().items()
    )
