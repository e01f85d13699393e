"""Find the values of a document that the schema types as a shared ``$defs`` entry.

The schemas already say which values are references (``#/$defs/reference``) and which are
formulas (``#/$defs/formula``, ``#/$defs/number-or-formula``), wherever they sit: in a
scenario's placements, deep inside the action grammar of a card, in a summon. Walking the
schema alongside the (schema-valid) instance finds every one of them, so the reference and
formula checks cover a new kind or a new property without a hand-kept list of paths.

Only what a valid instance needs is implemented: ``$ref`` (local and cross-file, resolved
from the shipped schemas, never the network), ``properties``, ``additionalProperties``,
``patternProperties``, ``items``, ``prefixItems``, ``allOf``/``anyOf``/``oneOf`` and
``if``/``then``/``else`` (with a small matcher for the discriminator style the questforge
schemas use: ``required`` plus ``const``/``enum`` properties).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from questforge.schema import schema_by_id
from questforge.validator.findings import JsonPath

Schema = dict[str, Any]


def _split_ref(ref: str, base: str) -> tuple[str, str]:
    doc, _, fragment = ref.partition("#")
    return (doc or base), fragment


@lru_cache(maxsize=None)
def _load(uri: str) -> Schema | None:
    try:
        found = schema_by_id(uri)
    except (KeyError, LookupError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def _resolve(ref: str, base: str) -> tuple[Schema | None, str, str | None]:
    """Target schema of ``ref``, its base URI and the ``$defs`` name it names (if any)."""
    uri, fragment = _split_ref(ref, base)
    root = _load(uri)
    if root is None:
        return None, uri, None
    node: Any = root
    name = None
    for part in [p for p in fragment.split("/") if p]:
        if not isinstance(node, dict) or part not in node:
            return None, uri, None
        node = node[part]
        name = part
    if fragment.startswith("/$defs/") and fragment.count("/") == 2:
        return (node if isinstance(node, dict) else None), uri, name
    return (node if isinstance(node, dict) else None), uri, None


def _matches(schema: Any, inst: Any) -> bool:
    """A cheap ``if`` test: ``required`` keys present and ``const``/``enum`` properties equal."""
    if not isinstance(schema, dict):
        return bool(schema)
    if "const" in schema and inst != schema["const"]:
        return False
    if "enum" in schema and inst not in schema["enum"]:
        return False
    if isinstance(inst, dict):
        if any(key not in inst for key in schema.get("required", [])):
            return False
        for key, sub in schema.get("properties", {}).items():
            if key in inst and not _matches(sub, inst[key]):
                return False
    elif schema.get("required") or (schema.get("type") == "object"):
        return False
    return True


def typed_values(
    kind_schema: Schema, instance: Any, wanted: frozenset[str] | set[str]
) -> Iterator[tuple[JsonPath, str, Any]]:
    """``(path, defs_name, value)`` for every value typed by one of the ``wanted`` ``$defs``."""
    base = str(kind_schema.get("$id", ""))
    seen: set[tuple[int, JsonPath]] = set()
    yield from _walk(kind_schema, base, instance, (), wanted, seen)


def _walk(
    schema: Any,
    base: str,
    inst: Any,
    path: JsonPath,
    wanted: frozenset[str] | set[str],
    seen: set[tuple[int, JsonPath]],
) -> Iterator[tuple[JsonPath, str, Any]]:
    if not isinstance(schema, dict):
        return
    key = (id(schema), path)
    if key in seen:
        return
    seen.add(key)
    ref = schema.get("$ref")
    if isinstance(ref, str):
        target, target_base, name = _resolve(ref, base)
        if name is not None and name in wanted:
            yield path, name, inst
        if target is not None:
            yield from _walk(target, target_base, inst, path, wanted, seen)
    for keyword in ("allOf", "anyOf", "oneOf"):
        for sub in schema.get(keyword, []) or []:
            yield from _walk(sub, base, inst, path, wanted, seen)
    if "if" in schema:
        branch = schema.get("then") if _matches(schema["if"], inst) else schema.get("else")
        if branch is not None:
            yield from _walk(branch, base, inst, path, wanted, seen)
    if isinstance(inst, dict):
        props = schema.get("properties", {}) or {}
        patterns = schema.get("patternProperties", {}) or {}
        extra = schema.get("additionalProperties")
        for name, value in inst.items():
            if name in props:
                yield from _walk(props[name], base, value, (*path, name), wanted, seen)
                continue
            matched = False
            for pattern, sub in patterns.items():
                if re.search(pattern, name):
                    matched = True
                    yield from _walk(sub, base, value, (*path, name), wanted, seen)
            if not matched and isinstance(extra, dict):
                yield from _walk(extra, base, value, (*path, name), wanted, seen)
    elif isinstance(inst, list):
        prefix = schema.get("prefixItems", []) or []
        items = schema.get("items")
        for index, value in enumerate(inst):
            if index < len(prefix):
                yield from _walk(prefix[index], base, value, (*path, index), wanted, seen)
            elif isinstance(items, dict):
                yield from _walk(items, base, value, (*path, index), wanted, seen)


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
    schema-valid document of the context's pack; computed once per context."""
    cached = getattr(ctx, _CACHE_ATTR, None)
    if cached is None:
        cached = []
        for doc in ctx.valid_documents():
            schema = kind_schema(doc.kind) if doc.kind else None
            if schema is None:
                continue
            for path, name, value in typed_values(schema, doc.data, WANTED):
                cached.append((doc, path, name, value))
        setattr(ctx, _CACHE_ATTR, cached)
    return cached
