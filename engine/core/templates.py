"""The templates face of the ruleset contract: what ``questforge new`` and the editor's
"New …" actions write.

A ruleset's :class:`Templates` says which kinds it can scaffold, which extra options each
takes (``--number``, ``--tile``, ``--hand-size`` for Gloomhaven), and builds the documents:
every scaffold validates against its schema on its own (a test checks each ruleset's).
The command line owns the file system side (all-or-nothing writes, never overwriting); the
templates only produce ``{relative path: document}``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from questforge.engine.core.errors import UsageError
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import SetupOption

#: longest display name the schemas accept (``common/defs#/$defs/name``)
MAX_NAME = 120
#: longest id the schemas accept (``common/defs#/$defs/id``)
MAX_ID = 80

Files = dict[str, dict[str, Any]]


class TemplateError(UsageError):
    """A scaffold cannot be made as asked (an id in use, an unknown tile …)."""


@dataclass(frozen=True)
class PackContext:
    """What a template may know of the pack it writes into."""

    root: Path | None
    manifest: Mapping[str, Any]
    #: ``(path, document)`` of every readable content file of the pack
    documents: Sequence[tuple[Path, Mapping[str, Any]]] = ()
    #: the template options given (``{"number": 7}``), checked against their declaration
    options: Mapping[str, JSONValue] = field(default_factory=dict)

    def ids(self, kind: str) -> set[str]:
        return {str(d.get("id")) for _p, d in self.documents if d.get("kind") == kind}


class Templates(Protocol):
    """A ruleset's scaffolds."""

    #: kinds ``questforge new KIND`` can make for this ruleset
    kinds: tuple[str, ...]

    def options(self, kind: str) -> tuple[SetupOption, ...]:
        """Extra command-line options of ``new KIND`` (each with a default)."""
        ...

    def id_suffixes(self, kind: str, options: Mapping[str, JSONValue]) -> tuple[str, ...]:
        """Suffixes of the ids made alongside (``-deck``, ``-card-10``): the id is cut so
        that every derived id stays within :data:`MAX_ID`."""
        ...

    def pack_files(self, pack_id: str, name: str) -> Files:
        """Starter files of a new pack of this ruleset besides ``pack.json``."""
        ...

    def files(self, kind: str, doc_id: str, name: str, pack: PackContext) -> Files:
        """The documents of a new ``kind`` called ``name`` with id ``doc_id``."""
        ...

    def blank(self, kind: str, doc_id: str, pack: PackContext) -> dict[str, Any] | None:
        """The empty starting document the editor's "New …" opens (no companion files: the
        designer adds tiles and rooms on the canvas); ``None`` for the schema's defaults."""
        ...


def slugify(name: str) -> str:
    """A kebab-case id from a display name, transliterated rather than dropped:
    ``"The Dark Pit!"`` -> ``the-dark-pit``, ``Ünïcødé Pâck`` -> ``unicode-pack``."""
    table = str.maketrans(
        {
            "ø": "o",
            "Ø": "O",
            "æ": "ae",
            "Æ": "AE",
            "œ": "oe",
            "Œ": "OE",
            "ß": "ss",
            "đ": "d",
            "Đ": "D",
            "ł": "l",
            "Ł": "L",
            "þ": "th",
            "Þ": "TH",
            "ð": "d",
            "ı": "i",
        }
    )
    decomposed = unicodedata.normalize("NFKD", name.translate(table))
    ascii_name = decomposed.encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:MAX_ID].strip("-")


def fit(name: str, suffix: str = "") -> str:
    """``name + suffix`` cut to the longest name the schemas accept (the suffix is kept,
    so derived names such as ``"<name> card 10"`` stay distinct)."""
    return name[: MAX_NAME - len(suffix)] + suffix


def header(folder: str, kind: str, doc_id: str) -> dict[str, Any]:
    """``$schema``, ``kind`` and ``id`` of a new document."""
    from questforge.schema import schema_id

    return {"$schema": schema_id(folder, kind), "kind": kind, "id": doc_id}


def manifest(pack_id: str, name: str, ruleset: str) -> dict[str, Any]:
    """The ``pack.json`` of a new pack."""
    doc = header("common", "pack", pack_id)
    doc.update(
        {
            "name": name,
            "version": "0.1.0",
            "ruleset": ruleset,
            "description": f"{name}: describe what this pack contains.",
            "authors": [],
            "requires": [],
        }
    )
    return doc
