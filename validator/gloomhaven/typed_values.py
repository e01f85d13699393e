"""The references and formulas of Gloomhaven documents, found by the schema walker.

The walk itself is core (:func:`questforge.schema.walk.typed_values`, shared with the
editor's forms); this module only says which ``$defs`` the Gloomhaven checks want and
caches the result per document and context.
"""

from __future__ import annotations

from typing import Any

from questforge.schema import walk
from questforge.validator.findings import JsonPath

Schema = dict[str, Any]

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
