"""The references and formulas of Gloomhaven documents, found by the schema walker.

The walk itself is core (:func:`questforge.schema.walk.typed_values`, shared with the
editor's forms); this module only says which ``$defs`` the Gloomhaven checks want and
caches the result per document and context.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from questforge.schema import walk
from questforge.validator.findings import JsonPath

Schema = dict[str, Any]
T = TypeVar("T")

#: the ``$defs`` names the checks look for
WANTED: frozenset[str] = frozenset({"reference", "formula", "number-or-formula"})
_CACHE_ATTR = "_gloomhaven_typed_values"


def kind_schema(kind: str) -> Schema | None:
    """The shipped Gloomhaven schema of ``kind`` (``None`` if there is none)."""
    from questforge.schema import load_schema

    try:
        found = load_schema("gloomhaven", kind)
    except (KeyError, OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def document_values(ctx: Any) -> list[tuple[Any, JsonPath, str, Any]]:
    """``(document, path, defs_name, value)`` for every reference and formula of every
    schema-valid document of the context's pack; computed once per context, and per
    document only again when that document changed (``ctx.memo`` keyed by its stamp)."""
    cached = getattr(ctx, _CACHE_ATTR, None)
    if cached is None:
        cached = []
        for doc in ctx.valid_documents():
            for path, name, value in values_of(ctx, doc):
                cached.append((doc, path, name, value))
        setattr(ctx, _CACHE_ATTR, cached)
    return cached


def values_of(ctx: Any, doc: Any) -> list[tuple[JsonPath, str, Any]]:
    """``(path, defs_name, value)`` of one schema-valid document (memoised by its stamp)."""

    def find() -> list[tuple[JsonPath, str, Any]]:
        schema = kind_schema(doc.kind) if doc.kind else None
        if schema is None:
            return []
        return list(walk.typed_values(schema, doc.data, WANTED))

    found: list[tuple[JsonPath, str, Any]] = ctx.memo(("gh-typed-values", ctx.stamp(doc)), find)
    return found


_FACTS_ATTR = "_gloomhaven_document_facts"


def document_fact(ctx: Any, doc: Any, name: str, compute: Callable[[], T]) -> T:
    """``compute()`` once per document and context: a summary of one document (its
    formulas, its treasure numbers, ...) that several checks of this run read, so each
    starts from it instead of walking the document again. The context's documents do not
    change while it lives; a session builds a new context for every run."""
    table: dict[tuple[int, str], tuple[Any, Any]] | None = getattr(ctx, _FACTS_ATTR, None)
    if table is None:
        table = {}
        setattr(ctx, _FACTS_ATTR, table)
    key = (id(doc), name)
    found = table.get(key)
    if found is not None and found[0] is doc:
        value: T = found[1]
        return value
    value = compute()
    table[key] = (doc, value)
    return value


class Digest:
    """One pass over a document's typed values (:func:`values_of`), sorted by what the
    checks read: the reference check and the pack check its references, the formula
    checks its formulas and numbers. Each check then loops over its own few values
    instead of every check filtering the whole list again."""

    __slots__ = ("formulas", "numbers", "pack_named", "references")

    def __init__(self, values: list[tuple[JsonPath, str, Any]]) -> None:
        #: ``(path, value)`` of every string typed as a reference
        self.references: list[tuple[JsonPath, str]] = []
        #: ``(path, text)`` of every string typed as a formula, once per path
        self.formulas: list[tuple[JsonPath, str]] = []
        #: ``(path, value)`` of every integer or string typed ``number-or-formula``
        self.numbers: list[tuple[JsonPath, Any]] = []
        formula_paths: set[JsonPath] = set()
        for path, name, value in values:
            if name == "reference":
                if isinstance(value, str):
                    self.references.append((path, value))
                continue
            if name == "number-or-formula" and (
                isinstance(value, (int, str)) and not isinstance(value, bool)
            ):
                self.numbers.append((path, value))
            if (
                name in ("formula", "number-or-formula")
                and isinstance(value, str)
                and path not in formula_paths
            ):
                formula_paths.add(path)
                self.formulas.append((path, value))
        #: some reference names a pack (``pack:id``)
        self.pack_named = any(":" in value for _, value in self.references)


def digest(ctx: Any, doc: Any) -> Digest:
    """The :class:`Digest` of ``doc`` (once per document and run)."""
    return document_fact(ctx, doc, "typed values digest", lambda: Digest(values_of(ctx, doc)))
