"""Reading JSON Schemas for form generation: ``$ref`` resolution, branches, defaults.

Only what a form needs: resolve local and cross-file ``$ref`` (through the shipped schema
store, never the network), pick the branch of a type-discriminated union
(``allOf: [{if: {properties: {type: {const: X}}}, then: ...}]``, ``oneOf``/``anyOf``) that
matches the data, merge ``allOf`` parts, find the sub-schema for a JSON path, and build a
default value for a new item.
"""

from __future__ import annotations

import copy
from typing import Any

from questforge.editor.jsonpath import JsonPath
from questforge.validator.schemas import SchemaStore, default_store

Schema = dict[str, Any]


class SchemaContext:
    """Resolves ``$ref`` relative to the schema document a sub-schema came from."""

    def __init__(self, root: Schema, store: SchemaStore | None = None) -> None:
        self.store = store or default_store()
        self.root = root

    def _document(self, base: Schema, uri: str) -> Schema:
        if not uri:
            return base
        entry = self.store.by_id(uri)
        if entry is None:
            raise KeyError(f"unknown schema {uri}")
        return entry.schema

    def resolve(self, schema: Any, base: Schema | None = None) -> tuple[Schema, Schema]:
        """Follow ``$ref`` chains; returns ``(schema, base document)``.

        Sibling keywords next to a ``$ref`` (``title``, ``description``, ``minItems``...) are
        kept on top of the target, as draft 2020-12 applies both.
        """
        base = base or self.root
        if not isinstance(schema, dict):
            return ({} if schema is True or schema is None else {"not": {}}), base
        seen = 0
        merged: Schema = {}
        while "$ref" in schema and seen < 32:
            seen += 1
            ref = schema["$ref"]
            for k, v in schema.items():
                if k != "$ref" and k not in merged:
                    merged[k] = v
            uri, _, fragment = str(ref).partition("#")
            base = self._document(base, uri)
            target: Any = base
            for part in [p for p in fragment.split("/") if p]:
                part = part.replace("~1", "/").replace("~0", "~")
                target = target.get(part, {}) if isinstance(target, dict) else {}
            schema = target if isinstance(target, dict) else {}
        if merged:
            out = dict(schema)
            out.update(merged)
            schema = out
        return schema, base

    def effective(
        self, schema: Any, data: Any, base: Schema | None = None
    ) -> tuple[Schema, Schema]:
        """The schema that applies to ``data``: refs followed, matching branches merged in."""
        schema, base = self.resolve(schema, base)
        out = {k: v for k, v in schema.items() if k not in ("allOf", "oneOf", "anyOf")}
        props = dict(out.get("properties") or {})
        required = list(out.get("required") or [])
        for part in schema.get("allOf") or []:
            if not isinstance(part, dict):
                continue
            if "if" in part:
                if self._matches_if(part["if"], data):
                    sub, sub_base = self.effective(part.get("then", {}), data, base)
                    branch_props = _rebase(sub.get("properties") or {}, sub_base, base)
                    for name, prop in branch_props.items():
                        # keep the union's discriminator an enum (a combo box that can switch
                        # the branch), not the branch's const
                        if (
                            name in props
                            and isinstance(props[name], dict)
                            and "enum" in props[name]
                        ):
                            continue
                        props[name] = prop
                    required += [r for r in sub.get("required") or [] if r not in required]
                    for k in ("additionalProperties", "title", "description"):
                        if k in sub and k not in out:
                            out[k] = sub[k]
                continue
            sub, sub_base = self.effective(part, data, base)
            props.update(_rebase(sub.get("properties") or {}, sub_base, base))
            required += [r for r in sub.get("required") or [] if r not in required]
        for key in ("oneOf", "anyOf"):
            branches = schema.get(key)
            if isinstance(branches, list) and branches:
                branch = self.pick_branch(branches, data, base)
                if branch is not None:
                    sub, sub_base = self.effective(branch, data, base)
                    if "type" in sub and "type" not in out:
                        out["type"] = sub["type"]
                    for k in ("enum", "const", "items", "minimum", "maximum", "pattern"):
                        if k in sub and k not in out:
                            out[k] = _rebase_one(sub[k], sub_base, base)
                    props.update(_rebase(sub.get("properties") or {}, sub_base, base))
                    required += [r for r in sub.get("required") or [] if r not in required]
                    out.setdefault("x-branches", len(branches))
        if props:
            out["properties"] = props
        if required:
            out["required"] = required
        return out, base

    def _matches_if(self, cond: Any, data: Any) -> bool:
        if not isinstance(cond, dict) or not isinstance(data, dict):
            return False
        for name in cond.get("required") or []:
            if name not in data:
                return False
        for name, sub in (cond.get("properties") or {}).items():
            if name not in data or not isinstance(sub, dict):
                continue
            if "const" in sub and data[name] != sub["const"]:
                return False
            if "enum" in sub and data[name] not in sub["enum"]:
                return False
        return True

    def pick_branch(self, branches: list[Any], data: Any, base: Schema) -> Any:
        """The first branch whose type (and ``const``/``required``) fits ``data``."""
        for branch in branches:
            sub, _ = self.resolve(branch, base)
            if _type_fits(sub, data):
                return branch
        return branches[0] if data is None else None

    def for_path(self, path: JsonPath, data: Any) -> tuple[Schema, Schema]:
        """The effective schema at ``path`` inside ``data`` (the root document's value)."""
        schema: Any = self.root
        base = self.root
        node = data
        for part in path:
            eff, base = self.effective(schema, node, base)
            if isinstance(part, int):
                items = eff.get("prefixItems")
                if isinstance(items, list) and part < len(items):
                    schema = items[part]
                else:
                    schema = eff.get("items", {})
            else:
                props = eff.get("properties") or {}
                schema = props.get(part, eff.get("additionalProperties", {}))
                if schema is False:
                    schema = {}
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                node = None
        return self.effective(schema, node, base)

    def default(self, schema: Any, base: Schema | None = None, depth: int = 0) -> Any:
        """A value that a new field or list item starts with."""
        schema, base = self.resolve(schema, base)
        if depth > 8:
            return None
        if "default" in schema:
            return copy.deepcopy(schema["default"])
        if "const" in schema:
            return copy.deepcopy(schema["const"])
        if isinstance(schema.get("enum"), list) and schema["enum"]:
            return copy.deepcopy(schema["enum"][0])
        for key in ("oneOf", "anyOf"):
            if isinstance(schema.get(key), list) and schema[key]:
                return self.default(schema[key][0], base, depth + 1)
        kind = _first_type(schema)
        if kind == "object" or "properties" in schema:
            eff, eff_base = self.effective(schema, {}, base)
            out: dict[str, Any] = {}
            for name in eff.get("required") or []:
                prop = (eff.get("properties") or {}).get(name, {})
                out[name] = self.default(prop, eff_base, depth + 1)
            return out
        if kind == "array" or "items" in schema or "prefixItems" in schema:
            prefix = schema.get("prefixItems")
            if isinstance(prefix, list) and schema.get("minItems", 0) >= len(prefix):
                return [self.default(p, base, depth + 1) for p in prefix]
            size = schema.get("minItems")
            if isinstance(size, int) and size == schema.get("maxItems") and 0 < size <= 20:
                # a fixed-length list (health at levels 1-9) starts full, so it is valid
                # and shows as a table
                items = schema.get("items", {})
                return [self.default(items, base, depth + 1) for _ in range(size)]
            return []
        if kind == "integer" or kind == "number":
            minimum = schema.get("minimum")
            return minimum if isinstance(minimum, int | float) and minimum > 0 else 0
        if kind == "boolean":
            return False
        if kind == "null":
            return None
        return ""


def _rebase(props: dict[str, Any], sub_base: Schema, base: Schema) -> dict[str, Any]:
    if sub_base is base:
        return props
    return {k: _rebase_one(v, sub_base, base) for k, v in props.items()}


def _rebase_one(schema: Any, sub_base: Schema, base: Schema) -> Any:
    """Make a local ``#/...`` ref from another schema file absolute (by that file's $id)."""
    if sub_base is base or not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#"):
        out = dict(schema)
        out["$ref"] = str(sub_base.get("$id", "")) + ref
        return out
    return schema


def _first_type(schema: Schema) -> str | None:
    t = schema.get("type")
    if isinstance(t, list):
        return next((x for x in t if x != "null"), t[0] if t else None)
    return t if isinstance(t, str) else None


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _type_fits(schema: Schema, data: Any) -> bool:
    if data is None:
        return True
    if "const" in schema:
        return bool(schema["const"] == data)
    if isinstance(schema.get("enum"), list):
        return data in schema["enum"]
    t = schema.get("type")
    types = t if isinstance(t, list) else [t] if isinstance(t, str) else []
    actual = json_type(data)
    if types:
        ok = actual in types or (actual == "integer" and "number" in types)
        if not ok:
            return False
    if isinstance(data, dict):
        return all(name in data for name in schema.get("required") or [])
    return True
