"""Self-contained schemas: every cross-file ``$ref`` inlined under ``$defs``.

The shipped schemas reference each other by ``$id`` (``https://questforge.dev/schema/...``),
which only a tool with our registry can resolve. :func:`bundle` rewrites one schema so it
needs nothing else: every schema it reaches through ``$ref`` (transitively) is copied under
``$defs/<folder>.<name>`` without its ``$id``, and every ``$ref`` is rewritten to a local JSON
pointer (``#/$defs/common.defs/$defs/hex``). Cycles are fine: each schema is copied once and
a reference back to the root becomes ``#...``. The result works offline in check-jsonschema,
python-jsonschema without a registry, and IDEs that do not follow ``$id``.
"""

from __future__ import annotations

import copy
from typing import Any
from urllib.parse import urldefrag, urljoin

from questforge.engine.core.errors import ContentError
from questforge.validator.schemas import SchemaEntry, SchemaStore


class BundleError(ContentError):
    """A ``$ref`` names a schema that is not in the store."""


def def_name(entry: SchemaEntry) -> str:
    """Key under ``$defs`` for an inlined schema: ``common.defs``."""
    return f"{entry.folder}.{entry.name}"


def bundle(entry: SchemaEntry, store: SchemaStore) -> dict[str, Any]:
    """``entry``'s schema with every reachable schema inlined and every ``$ref`` local."""
    root_id = entry.id
    inlined: dict[str, dict[str, Any]] = {}
    pending: list[SchemaEntry] = []
    names: dict[str, str] = {}

    def rewrite(node: Any, base: str) -> Any:
        if isinstance(node, dict):
            out: dict[str, Any] = {}
            for key, value in node.items():
                if key == "$ref" and isinstance(value, str):
                    out[key] = target(value, base)
                else:
                    out[key] = rewrite(value, base)
            return out
        if isinstance(node, list):
            return [rewrite(item, base) for item in node]
        return node

    def target(ref: str, base: str) -> str:
        absolute = urljoin(base, ref)
        uri, fragment = urldefrag(absolute)
        if fragment and not fragment.startswith("/"):
            raise BundleError(f"$ref {ref!r}: anchors are not supported by the bundler")
        if uri == root_id:
            return "#" + fragment
        found = store.by_id(uri)
        if found is None:
            raise BundleError(f"$ref {ref!r} names no shipped schema (resolved to {uri})")
        if uri not in names:
            names[uri] = def_name(found)
            pending.append(found)
        return f"#/$defs/{names[uri]}{fragment}"

    result = rewrite(copy.deepcopy(entry.schema), root_id)
    while pending:
        other = pending.pop(0)
        body = rewrite(other.schema, other.id)
        body.pop("$id", None)
        body.pop("$schema", None)
        inlined[names[other.id]] = body
    if inlined:
        defs = result.setdefault("$defs", {})
        for name, body in inlined.items():
            if name in defs:
                raise BundleError(f"$defs of {def_name(entry)} already has a key {name!r}")
            defs[name] = body
    return result
