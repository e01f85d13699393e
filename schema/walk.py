"""The one JSON-Schema walker: read a schema alongside a document.

Two jobs share it, so they agree on what a schema means:

* **forms** (:class:`SchemaContext`): resolve local and cross-file ``$ref`` (through the
  shipped schemas, never the network), pick the branch of a discriminated union
  (``allOf: [{if: {properties: {type: {const: X}}}, then: ...}]`` or ``oneOf``/``anyOf``
  branches told apart by a ``const`` property) that matches the data, merge ``allOf``
  parts, find the sub-schema for a JSON path, build a default value for a new item, and
  switch an object to another branch of its union (:meth:`SchemaContext.switch_branch`);
* **checks** (:func:`typed_values`): every value of a document that the schema types as a
  shared ``$defs`` entry (references, formulas), wherever it sits, so a check covers a new
  kind or a new property without a hand-kept list of paths.

Only what the questforge schemas use is implemented. The editor and the validator both
import this module (it depends on nothing but the shipped schemas), so a union the form
shows as branch X is the union the checks walk as branch X.

Schema annotations read here (JSON Schema ignores ``x-`` keywords):

* ``x-questforge-location``: the value is a board location (``"hex"`` on Gloomhaven's
  ``$defs/hex``, ``"square"`` on Descent's ``$defs/cell``); a list of them is a list whose
  items carry it. Forms offer "Pick on map" for them.
* ``x-questforge-ref``: the value names a document of that kind (``"monster"``); forms
  offer a combo of the ids that exist.
* ``x-questforge-names``: the value names something inside the same document, found at
  these patterns (``"/rooms/*/id"``; a step ``*[type=treasure]`` keeps only the list items
  whose ``type`` is ``treasure``); forms offer a combo of the names that exist
  (:func:`values_at`).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from questforge.schema import schema_by_id
from questforge.schema.jsontypes import schema_type

Schema = dict[str, Any]
JsonPath = tuple[str | int, ...]
#: ``$id`` -> schema document (``None``: unknown)
Lookup = Callable[[str], Schema | None]

LOCATION = "x-questforge-location"
REFERENCE = "x-questforge-ref"
NAMES = "x-questforge-names"


class SchemaContext:
    """Resolves ``$ref`` relative to the schema document a sub-schema came from."""

    def __init__(self, root: Schema, store: Any = None, lookup: Lookup | None = None) -> None:
        """``lookup`` finds a schema by ``$id`` (default: the shipped schemas and those of
        registered plug-in rulesets); a ``store`` with ``by_id(uri) -> entry`` (the
        validator's ``SchemaStore``) may stand in for it."""
        if lookup is None and store is not None:
            lookup = _store_lookup(store)
        self.lookup: Lookup = lookup or _load
        self.root = root

    def _document(self, base: Schema, uri: str) -> Schema:
        if not uri:
            return base
        found = self.lookup(uri)
        if found is None:
            raise KeyError(f"unknown schema {uri}")
        return found

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
        # the same test the checks' walk applies: a form and a check never disagree on
        # which branch a document is in
        return isinstance(data, dict) and _matches(cond, data)

    def pick_branch(self, branches: list[Any], data: Any, base: Schema) -> Any:
        """The first branch whose type (and ``const``/``required``, and the ``const`` of a
        discriminating property such as ``do``) fits ``data``."""
        for branch in branches:
            sub, sub_base = self.resolve(branch, base)
            if _type_fits(sub, data) and self._consts_fit(sub, sub_base, data):
                return branch
        return branches[0] if data is None else None

    def _consts_fit(self, schema: Schema, base: Schema, data: Any) -> bool:
        """False when a property of ``data`` contradicts the branch's ``const`` for it (the
        ``do`` of an Arkham effect): required keys alone cannot tell ``gain`` from
        ``lose`` when both need the same fields."""
        if not isinstance(data, dict):
            return True
        for name, prop in (schema.get("properties") or {}).items():
            if name not in data:
                continue
            sub, _ = self.resolve(prop, base)
            if "const" in sub and data[name] != sub["const"]:
                return False
        return True

    # ----------------------------------------------------------------- unions
    def discriminator(self, schema: Any, base: Schema | None = None) -> Discriminator | None:
        """The property that chooses the branch of a union, with every branch; ``None`` if
        ``schema`` is not a discriminated union.

        Two styles are recognised: ``allOf`` of ``if: {properties: {P: {const: V}},
        required: [P]}, then: ...`` (Gloomhaven's win conditions, overlays, effects) and
        ``oneOf``/``anyOf`` whose branches each fix ``P`` with a ``const`` (Arkham's
        effects).
        """
        schema, base = self.resolve(schema, base)
        found: list[Branch] = []
        prop: str | None = None
        for part in schema.get("allOf") or []:
            if not isinstance(part, dict) or "if" not in part or "then" not in part:
                continue
            disc = _discriminator(part["if"])
            if disc is None or (prop is not None and disc[0] != prop):
                return None
            prop = disc[0]
            then, _ = self.resolve(part["then"], base)
            for value in disc[1]:
                found.append(_branch(value, then, part["then"], base))
        if prop is not None and found:
            order = (schema.get("properties") or {}).get(prop, {})
            order, _ = self.resolve(order, base)
            enum = order.get("enum")
            values: list[Any] = enum if isinstance(enum, list) else []
            found.sort(key=lambda b: values.index(b.value) if b.value in values else len(values))
            return Discriminator(prop, tuple(found), "if")
        for key in ("oneOf", "anyOf"):
            branches = schema.get(key)
            if not isinstance(branches, list) or len(branches) < 2:
                continue
            consts: list[dict[str, Any]] = []
            resolved: list[Schema] = []
            for branch in branches:
                sub, sub_base = self.resolve(branch, base)
                resolved.append(sub)
                fixed: dict[str, Any] = {}
                for name, prop_schema in (sub.get("properties") or {}).items():
                    ps, _ = self.resolve(prop_schema, sub_base)
                    if "const" in ps:
                        fixed[name] = ps["const"]
                consts.append(fixed)
            common = set(consts[0]).intersection(*consts[1:])
            for name in sorted(common):
                values = [c[name] for c in consts]
                if len(set(map(repr, values))) == len(values):  # tells every branch apart
                    return Discriminator(
                        name,
                        tuple(
                            _branch(v, sub, b, base)
                            for v, sub, b in zip(values, resolved, branches, strict=True)
                        ),
                        key,
                    )
        return None

    def branch_schema(
        self, schema: Any, base: Schema | None, disc: Discriminator, value: Any
    ) -> tuple[Schema, Schema]:
        """The effective schema of the union member whose discriminator is ``value``."""
        probe = {disc.prop: value}
        if disc.style == "if":
            return self.effective(schema, probe, base)
        outer, outer_base = self.resolve(schema, base)
        stripped = {k: v for k, v in outer.items() if k not in ("oneOf", "anyOf")}
        eff, eff_base = self.effective(stripped, probe, outer_base)
        chosen = disc.branch(value)
        if chosen is None:
            return eff, eff_base
        sub, sub_base = self.effective(chosen.schema, probe, chosen.base)
        props = dict(eff.get("properties") or {})
        props.update(_rebase(sub.get("properties") or {}, sub_base, eff_base))
        required = list(eff.get("required") or [])
        required += [r for r in sub.get("required") or [] if r not in required]
        out = {**eff, "properties": props, "required": required}
        for k in ("additionalProperties", "title", "description"):
            if k in sub and k not in stripped:
                out[k] = sub[k]
        return out, eff_base

    def switch_branch(
        self,
        schema: Any,
        base: Schema | None,
        value: dict[str, Any],
        tag: Any,
        document: Any = None,
    ) -> dict[str, Any]:
        """``value`` moved to the union member ``tag``: the fields only the old member knew
        go, fields both know stay (if still valid), the new member's required fields are
        added with starting values, keys no member knows are kept. Key order is kept.

        With the whole ``document``, a field naming something in it (``x-questforge-
        names``) starts with the first such name (a loot goal with the first treasure on
        the map) rather than a placeholder."""
        disc = self.discriminator(schema, base)
        if disc is None:
            return {**value}
        old_tag = value.get(disc.prop)
        old, _ = self.branch_schema(schema, base, disc, old_tag)
        new, new_base = self.branch_schema(schema, base, disc, tag)
        old_props = old.get("properties") or {} if disc.branch(old_tag) else {}
        new_props: dict[str, Any] = new.get("properties") or {}
        out: dict[str, Any] = {}
        if disc.prop not in value:
            out[disc.prop] = tag
        for key, item in value.items():
            if key == disc.prop:
                out[key] = tag
            elif key in new_props:
                out[key] = (
                    item
                    if self.fits(new_props[key], item, new_base)
                    else self.starting_value(new_props[key], new_base, document)
                )
            elif key not in old_props:
                out[key] = item  # not the schema's: the designer's, kept
        for name in new.get("required") or []:
            if name not in out and name in new_props:
                located = self.location_of(new_props[name], new_base)
                if located is not None and not located[1]:
                    continue  # one board location: left for the designer to pick
                out[name] = self.starting_value(new_props[name], new_base, document)
        return out

    def starting_value(self, schema: Any, base: Schema | None = None, document: Any = None) -> Any:
        """What a newly required field starts with: its default, and for a list that must
        not be empty, that many valid items - except board locations, which the designer
        picks (an invented hex would look deliberate). A name of something in
        ``document`` starts as the first one there."""
        resolved, rbase = self.resolve(schema, base)
        value = self.default(resolved, rbase)
        names = self.names_of(resolved, rbase)
        if names is not None and document is not None:
            found = values_at(document, names)
            if found:
                return found[0]
        minimum = resolved.get("minItems")
        if isinstance(value, list) and not value and isinstance(minimum, int) and minimum > 0:
            items = resolved.get("items", {})
            if self.location_of(items, rbase) is not None:
                return value
            item_names = self.names_of(items, rbase)
            if item_names is not None:
                # names of things in the document: the first one, or none to invent
                found = values_at(document, item_names) if document is not None else []
                return found[:1]
            item = self.default(items, rbase)
            if self.fits(items, item, rbase):
                return [copy.deepcopy(item) for _ in range(min(minimum, 20))]
        return value

    def fits(self, schema: Any, value: Any, base: Schema | None = None, depth: int = 0) -> bool:
        """A cheap validity test (types, consts, enums, bounds, lengths, patterns,
        required keys) for choosing starting values; the validator has the last word."""
        schema, base = self.resolve(schema, base)
        if depth > 16:
            return True
        if "const" in schema and value != schema["const"]:
            return False
        if isinstance(schema.get("enum"), list) and value not in schema["enum"]:
            return False
        kind = schema.get("type")
        kinds = kind if isinstance(kind, list) else [kind] if isinstance(kind, str) else []
        actual = schema_type(value)
        if kinds and not (actual in kinds or (actual == "integer" and "number" in kinds)):
            return False
        if isinstance(value, int | float) and not isinstance(value, bool):
            lo, hi = schema.get("minimum"), schema.get("maximum")
            if isinstance(lo, int | float) and value < lo:
                return False
            if isinstance(hi, int | float) and value > hi:
                return False
        if isinstance(value, str):
            if len(value) < int(schema.get("minLength", 0) or 0):
                return False
            pattern = schema.get("pattern")
            if isinstance(pattern, str) and not re.search(pattern, value):
                return False
        if isinstance(value, list):
            if len(value) < int(schema.get("minItems", 0) or 0):
                return False
            prefix = schema.get("prefixItems") or []
            for i, item in enumerate(value):
                sub = prefix[i] if i < len(prefix) else schema.get("items", {})
                if sub is False or not self.fits(sub, item, base, depth + 1):
                    return False
        if isinstance(value, dict) and any(
            name not in value for name in schema.get("required") or []
        ):
            return False
        for part in schema.get("allOf") or []:
            if (
                isinstance(part, dict)
                and "if" not in part
                and not self.fits(part, value, base, depth + 1)
            ):
                return False
        return True

    # ----------------------------------------------------------------- annotations
    def location_of(self, schema: Any, base: Schema | None = None) -> tuple[str, bool] | None:
        """``(location kind, is a list)`` when the value is a board location (a hex) or a
        list of them, from the ``x-questforge-location`` annotation."""
        resolved, rbase = self.resolve(schema, base)
        kind = resolved.get(LOCATION)
        if isinstance(kind, str):
            return kind, False
        items = resolved.get("items")
        if isinstance(items, dict) and not resolved.get("prefixItems"):
            sub, _ = self.resolve(items, rbase)
            kind = sub.get(LOCATION)
            if isinstance(kind, str):
                return kind, True
        return None

    def reference_of(self, schema: Any, base: Schema | None = None) -> str | None:
        """The kind of document the value names (``x-questforge-ref``), or ``None``."""
        resolved, _ = self.resolve(schema, base)
        kind = resolved.get(REFERENCE)
        return kind if isinstance(kind, str) else None

    def names_of(self, schema: Any, base: Schema | None = None) -> list[str] | None:
        """The patterns of the in-document names the value is one of
        (``x-questforge-names``), or ``None``."""
        resolved, _ = self.resolve(schema, base)
        patterns = resolved.get(NAMES)
        if isinstance(patterns, list) and all(isinstance(p, str) for p in patterns):
            return list(patterns)
        return None

    def for_path(self, path: JsonPath, data: Any) -> tuple[Schema, Schema]:
        """The effective schema at ``path`` inside ``data`` (the root document's value)."""
        schema, base, node = self.raw_for_path(path, data)
        return self.effective(schema, node, base)

    def raw_for_path(self, path: JsonPath, data: Any) -> tuple[Any, Schema, Any]:
        """The schema at ``path`` inside ``data`` *before* it is resolved against the value
        there (a union keeps its members), its base, and that value (``None`` if absent)."""
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
        return schema, base, node

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


_STEP = re.compile(r"^\*\[([^=\]]+)=([^\]]*)\]$")


def values_at(data: Any, patterns: list[str]) -> list[Any]:
    """Every value of ``data`` at the ``patterns`` (``/rooms/*/id``, ``/overlays/*[type=
    treasure]/number``), in document order, without repeats; missing parts are skipped."""
    out: list[Any] = []
    for pattern in patterns:
        nodes = [data]
        for step in [s for s in pattern.split("/") if s]:
            found: list[Any] = []
            match = _STEP.match(step)
            for node in nodes:
                if step == "*" or match is not None:
                    items = node if isinstance(node, list) else []
                    for item in items:
                        if match is None or (
                            isinstance(item, dict)
                            and str(item.get(match.group(1))) == match.group(2)
                        ):
                            found.append(item)
                elif isinstance(node, dict) and step in node:
                    found.append(node[step])
            nodes = found
        for value in nodes:
            if isinstance(value, str | int) and not isinstance(value, bool) and value not in out:
                out.append(value)
    return out


@dataclass(frozen=True)
class Branch:
    """One member of a discriminated union: its discriminator value and its schema."""

    value: Any
    title: str
    description: str
    schema: Any = field(repr=False)
    base: Schema = field(repr=False)


@dataclass(frozen=True)
class Discriminator:
    """The property (``type``, ``do``) whose value chooses a union's member."""

    prop: str
    branches: tuple[Branch, ...]
    #: ``"if"`` (allOf of if/then), ``"oneOf"`` or ``"anyOf"``
    style: str

    def branch(self, value: Any) -> Branch | None:
        return next((b for b in self.branches if b.value == value), None)


def _branch(value: Any, resolved: Schema, schema: Any, base: Schema) -> Branch:
    title = resolved.get("title")
    description = resolved.get("description")
    return Branch(
        value,
        title if isinstance(title, str) and title else str(value),
        description if isinstance(description, str) else "",
        schema,
        base,
    )


def _store_lookup(store: Any) -> Lookup:
    def lookup(uri: str) -> Schema | None:
        entry = store.by_id(uri)
        return entry.schema if entry is not None else None

    return lookup


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


def _type_fits(schema: Schema, data: Any) -> bool:
    if data is None:
        return True
    if "const" in schema:
        return bool(schema["const"] == data)
    if isinstance(schema.get("enum"), list):
        return data in schema["enum"]
    t = schema.get("type")
    types = t if isinstance(t, list) else [t] if isinstance(t, str) else []
    actual = schema_type(data)
    if types:
        ok = actual in types or (actual == "integer" and "number" in types)
        if not ok:
            return False
    if isinstance(data, dict):
        return all(name in data for name in schema.get("required") or [])
    return True


# --------------------------------------------------------------------------- typed values
def _split_ref(ref: str, base: str) -> tuple[str, str]:
    doc, _, fragment = ref.partition("#")
    return (doc or base), fragment


@cache
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


class _Plan:
    """A schema node compiled for walking: what to report here and where to descend.

    ``may`` is false when nothing wanted can occur at or below this node, so the walk skips
    whole subtrees (a monster's eight stat levels hold no reference or formula).
    """

    __slots__ = (
        "additional",
        "conds",
        "dispatch",
        "hits",
        "items",
        "may",
        "only",
        "patterns",
        "prefix",
        "props",
        "subs",
    )

    def __init__(self) -> None:
        self.hits: tuple[str, ...] = ()
        self.subs: list[_Plan] = []
        self.conds: list[tuple[Any, _Plan | None, _Plan | None]] = []
        #: ``if`` on one discriminator property (``{"type": {"const": "move"}}``) and no
        #: ``else``: property -> value -> ``then`` plans, looked up instead of tested
        self.dispatch: dict[str, dict[Any, list[_Plan]]] = {}
        self.props: dict[str, _Plan] = {}
        self.patterns: list[tuple[re.Pattern[str], _Plan]] = []
        self.additional: _Plan | None = None
        self.prefix: list[_Plan | None] = []
        self.items: _Plan | None = None
        self.may = False
        #: (see :meth:`only_props`) computed on first use, once ``may`` is final
        self.only: frozenset[str] | bool | None = False

    def only_props(self) -> frozenset[str] | None:
        """The property names worth entering when they are the only way down an object:
        no pattern property and no additional-properties plan may reach a wanted value.
        ``None`` when other properties may lead somewhere too. Lets the walk skip an
        object's other members with one set intersection instead of a loop over them."""
        only = self.only
        if only is False:
            extra = self.additional is not None and self.additional.may
            if extra or any(p.may for _, p in self.patterns):
                only = None
            else:
                only = frozenset(name for name, p in self.props.items() if p.may)
            self.only = only
        return only  # type: ignore[return-value]

    def children(self) -> Iterator[_Plan]:
        yield from self.subs
        for _, then, other in self.conds:
            if then is not None:
                yield then
            if other is not None:
                yield other
        for table in self.dispatch.values():
            for plans in table.values():
                yield from plans
        yield from self.props.values()
        yield from (plan for _, plan in self.patterns)
        if self.additional is not None:
            yield self.additional
        yield from (plan for plan in self.prefix if plan is not None)
        if self.items is not None:
            yield self.items


class _Compiler:
    """Compiles schema nodes into :class:`_Plan` objects for one set of wanted names.

    One compiler serves every kind schema: the shared ``$defs`` (the action grammar, hexes,
    formulas) that every kind references are compiled once per process, not once per kind.
    The memo keeps each schema node alongside its plan, so a node's ``id`` cannot be
    reused by another object while the entry lives.
    """

    def __init__(self, wanted: frozenset[str]) -> None:
        self.wanted = wanted
        self.memo: dict[tuple[int, str], tuple[Schema, _Plan]] = {}
        #: plans created since the last :meth:`finish`
        self.fresh: list[_Plan] = []

    def compile(self, schema: Any, base: str) -> _Plan | None:
        if not isinstance(schema, dict):
            return None
        key = (id(schema), base)
        found = self.memo.get(key)
        if found is not None and found[0] is schema:
            return found[1]
        plan = _Plan()
        self.memo[key] = (schema, plan)
        self.fresh.append(plan)
        ref = schema.get("$ref")
        if isinstance(ref, str):
            target, target_base, name = _resolve(ref, base)
            if name is not None and name in self.wanted:
                plan.hits = (name,)
            sub = self.compile(target, target_base)
            if sub is not None:
                plan.subs.append(sub)
        for keyword in ("allOf", "anyOf", "oneOf"):
            for item in schema.get(keyword, []) or []:
                if keyword == "allOf" and isinstance(item, dict) and set(item) <= _IF_KEYS:
                    continue  # a bare if/then/else: compiled as a conditional below
                sub = self.compile(item, base)
                if sub is not None:
                    plan.subs.append(sub)
        conditionals = [schema] + [
            item for item in schema.get("allOf", []) or [] if isinstance(item, dict)
        ]
        for holder in conditionals:
            if "if" not in holder:
                continue
            then = self.compile(holder.get("then"), base)
            other = self.compile(holder.get("else"), base)
            disc = _discriminator(holder["if"])
            if disc is not None and other is None and then is not None:
                prop, values = disc
                table = plan.dispatch.setdefault(prop, {})
                for value in values:
                    table.setdefault(value, []).append(then)
            else:
                plan.conds.append((holder["if"], then, other))
        for name, sub_schema in (schema.get("properties") or {}).items():
            sub = self.compile(sub_schema, base)
            if sub is not None:
                plan.props[name] = sub
        for pattern, sub_schema in (schema.get("patternProperties") or {}).items():
            sub = self.compile(sub_schema, base)
            if sub is not None:
                plan.patterns.append((re.compile(pattern), sub))
        plan.additional = self.compile(schema.get("additionalProperties"), base)
        plan.prefix = [self.compile(x, base) for x in schema.get("prefixItems", []) or []]
        plan.items = self.compile(schema.get("items"), base)
        return plan

    def finish(self) -> None:
        """Mark every new plan that can reach a wanted value.

        Schemas recurse, so this is a reachability question on the plan graph, answered
        backwards: from the plans that hit (or that reach an older, already finished plan
        that may), along reversed edges. Older plans are final: their children were all
        compiled, and marked, before them.
        """
        fresh = self.fresh
        self.fresh = []
        ids = {id(plan) for plan in fresh}
        parents: dict[int, list[_Plan]] = {}
        queue: list[_Plan] = []
        for plan in fresh:
            plan.may = bool(plan.hits)
            for child in plan.children():
                if id(child) in ids:
                    parents.setdefault(id(child), []).append(plan)
                elif child.may:
                    plan.may = True
            if plan.may:
                queue.append(plan)
        while queue:
            for parent in parents.get(id(queue.pop()), ()):
                if not parent.may:
                    parent.may = True
                    queue.append(parent)


_IF_KEYS = frozenset({"if", "then", "else", "title", "description", "$comment"})


def _discriminator(condition: Any) -> tuple[str, list[Any]] | None:
    """``(property, values)`` when ``condition`` only says "property is one of values"
    (with the property required), else ``None``."""
    if not isinstance(condition, dict) or set(condition) - {"properties", "required"}:
        return None
    props = condition.get("properties")
    if not isinstance(props, dict) or len(props) != 1:
        return None
    ((prop, rule),) = props.items()
    if condition.get("required") != [prop] or not isinstance(rule, dict):
        return None
    if set(rule) == {"const"}:
        values = [rule["const"]]
    elif set(rule) == {"enum"} and isinstance(rule["enum"], list):
        values = list(rule["enum"])
    else:
        return None
    if not all(isinstance(v, str | int | bool) or v is None for v in values):
        return None
    return prop, values


#: compiled plans by (id of the kind schema, wanted names); the schema is kept alongside so
#: its id cannot be reused by another object while the entry lives
_PLANS: dict[tuple[int, frozenset[str]], tuple[Schema, _Plan | None]] = {}


_COMPILERS: dict[frozenset[str], _Compiler] = {}


def _plan_for(kind_schema: Schema, wanted: frozenset[str]) -> _Plan | None:
    key = (id(kind_schema), wanted)
    cached = _PLANS.get(key)
    if cached is None or cached[0] is not kind_schema:
        compiler = _COMPILERS.get(wanted)
        if compiler is None:
            compiler = _COMPILERS[wanted] = _Compiler(wanted)
        plan = compiler.compile(kind_schema, str(kind_schema.get("$id", "")))
        compiler.finish()
        cached = (kind_schema, plan)
        _PLANS[key] = cached
    return cached[1]


def typed_values(
    kind_schema: Schema, instance: Any, wanted: frozenset[str] | set[str]
) -> Iterator[tuple[JsonPath, str, Any]]:
    """``(path, defs_name, value)`` for every value typed by one of the ``wanted`` ``$defs``.

    The schema is compiled once per (schema, wanted) and cached (schemas are read-only).
    """
    plan = _plan_for(kind_schema, frozenset(wanted))
    if plan is None:
        return iter(())
    out: list[tuple[JsonPath, str, Any]] = []
    uses = _USES.get(id(plan), 0)
    if uses < GENERATE_AFTER and id(plan) not in _WALKERS:
        # a kind with few documents: writing and compiling its walker (about a
        # millisecond) costs more than interpreting its plan on each of them
        _USES[id(plan)] = uses + 1
        _apply(plan, instance, (), out, set())
    else:
        _walker_for(plan)(instance, out)
    return iter(out)


#: documents walked with the interpreter before a plan's walker is generated (a pack's
#: one treasure table or three scenarios never pay for code generation; its fifty ability
#: cards or thousand scenarios do, where it pays off)
GENERATE_AFTER = 16
#: interpreted walks so far, by id of the root plan (plans live as long as ``_PLANS``)
_USES: dict[int, int] = {}


#: generated walkers by id of their root plan (plans live as long as ``_PLANS`` holds them)
_WALKERS: dict[int, tuple[_Plan, Callable[[Any, list[Any]], None]]] = {}
#: how deep plans are written out inline before the generated code calls the interpreter
_INLINE_DEPTH = 16


def _walker_for(plan: _Plan) -> Callable[[Any, list[Any]], None]:
    """A Python function generated from ``plan`` that does what ``_apply(plan, ...)`` does.

    The interpreter (:func:`_apply`) pays a call, a path tuple and a dozen attribute tests
    per schema node it enters: for a scenario that is ~100 calls to find ~40 references.
    The generated walker writes the plain parts of the plan (objects entered through
    named properties, list items, hits) out as nested ``if``/``for`` code, builds a path
    only where a value is reported, and hands the rest (conditions, discriminated unions,
    pattern and additional properties, recursion) to the interpreter at that node: same
    values, same paths, same order (the interpreter stays the definition; a test compares
    both on every bundled document).
    """
    cached = _WALKERS.get(id(plan))
    if cached is not None and cached[0] is plan:
        return cached[1]
    writer = _WalkerWriter()
    body = writer.plan(plan, "x0", [], 1, ())
    source = "def walker(x0, out):\n    out_append = out.append\n    seen = set()\n" + "".join(body)
    namespace: dict[str, Any] = {"_apply": _apply, "MISSING": _MISSING, **writer.constants}
    exec(compile(source, f"<typed-values walker {id(plan)}>", "exec"), namespace)
    walker: Callable[[Any, list[Any]], None] = namespace["walker"]
    _WALKERS[id(plan)] = (plan, walker)
    return walker


class _WalkerWriter:
    """Writes the source of a generated walker (see :func:`_walker_for`)."""

    def __init__(self) -> None:
        self.constants: dict[str, Any] = {}
        self.counter = 0

    def constant(self, value: Any) -> str:
        name = f"c{len(self.constants)}"
        self.constants[name] = value
        return name

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"

    @staticmethod
    def path(parts: list[str]) -> str:
        return "(" + "".join(f"{p}, " for p in parts) + ")"

    def plan(
        self,
        plan: _Plan,
        var: str,
        parts: list[str],
        depth: int,
        stack: tuple[int, ...],
        shared: bool = False,
    ) -> list[str]:
        """Lines (indented ``depth`` levels) doing ``_apply(plan, var, path)``, where the
        path is the tuple of the expressions ``parts``.

        ``shared``: the path may be reached by more than one route of the generated code
        (several ``subs`` of one plan, or subs and the plan's own properties, meet there);
        only then do plans entered there need the interpreter's ``seen`` test, since a
        path the code reaches once cannot be entered twice.
        """
        pad = "    " * depth
        if not plan.may:
            return []
        interpreted = (
            plan.conds or id(plan) in stack or depth > _INLINE_DEPTH or plan.only_props() is None
        )
        if interpreted:
            # one ``seen`` set for the whole walk, shared with the interpreter, as in
            # ``_apply``: a plan is entered at most once per path however it is reached
            return [f"{pad}_apply({self.constant(plan)}, {var}, {self.path(parts)}, out, seen)\n"]
        lines: list[str] = []
        if plan.dispatch:
            # the ``then`` plans of a discriminated union are more routes to this path
            # (and to the children of both): test ``seen`` below, as the interpreter does
            shared = True
        guarded = bool(plan.subs or plan.dispatch) and shared
        if guarded:
            key = self.fresh("key")
            lines += [
                f"{pad}{key} = ({id(plan)}, {self.path(parts)})\n",
                f"{pad}if {key} not in seen:\n",
                f"{pad}    seen.add({key})\n",
            ]
            depth += 1
            pad += "    "
        lines += [f"{pad}out_append(({self.path(parts)}, {name!r}, {var}))\n" for name in plan.hits]
        # the object and list part is one more route to this path when it leads down at
        # all (told from the plans' ``may``, not by writing it twice at every level: that
        # doubled the writing per level of nesting)
        routes = sum(1 for sub in plan.subs if sub.may) + (1 if _leads_down(plan) else 0)
        if routes > 1:
            shared = True
        own = self.containers(plan, var, parts, depth, stack, shared)
        stack_with = (*stack, id(plan))
        for sub in plan.subs:
            lines += self.plan(sub, var, parts, depth, stack_with, shared)
        lines += self.dispatch(plan, var, parts, depth, stack_with)
        lines += own
        if guarded and len(lines) == 3:
            return []  # nothing below can be reached after all
        return lines

    def dispatch(
        self, plan: _Plan, var: str, parts: list[str], depth: int, stack: tuple[int, ...]
    ) -> list[str]:
        """The discriminated union of :meth:`plan`: the ``then`` plans of the value of
        each discriminator property, as the interpreter picks them (a dict lookup, so
        ``True`` finds ``1`` there too), written out per value."""
        pad = "    " * depth
        lines: list[str] = []
        for prop, table in plan.dispatch.items():
            value = self.fresh("d")
            choice = self.fresh("j")
            branches: list[str] = []
            index: dict[Any, int] = {}
            for number, (key, chosen) in enumerate(table.items()):
                inner: list[str] = []
                for then in chosen:
                    inner += self.plan(then, var, parts, depth + 4, stack, True)
                if inner:
                    index[key] = number
                    test = "if" if not branches else "elif"
                    branches += [f"{pad}            {test} {choice} == {number}:\n", *inner]
            if not branches:
                continue
            lines += [
                f"{pad}if isinstance({var}, dict):\n",
                f"{pad}    {value} = {var}.get({prop!r}, MISSING)\n",
                f"{pad}    if {value} is not MISSING and isinstance({value}, str | int | bool):\n",
                f"{pad}        {choice} = {self.constant(index)}.get({value})\n",
                f"{pad}        if {choice} is not None:\n",
                *branches,
            ]
        return lines

    def containers(
        self,
        plan: _Plan,
        var: str,
        parts: list[str],
        depth: int,
        stack: tuple[int, ...],
        shared: bool,
    ) -> list[str]:
        """The object and list part of :meth:`plan` (children are ``shared`` when it is)."""
        pad = "    " * depth
        lines: list[str] = []
        stack = (*stack, id(plan))
        only = plan.only_props()
        assert only is not None
        dict_lines: list[str] = []
        if len(only) == 1:
            (name,) = only
            value = self.fresh("x")
            inner = self.plan(
                plan.props[name], value, [*parts, repr(name)], depth + 2, stack, shared
            )
            if inner:
                dict_lines = [
                    f"{pad}    {value} = {var}.get({name!r}, MISSING)\n",
                    f"{pad}    if {value} is not MISSING:\n",
                    *inner,
                ]
        elif only:
            # several names lead down: enter those present in the document's order
            key = self.fresh("k")
            value = self.fresh("x")
            branches: list[str] = []
            for name in sorted(only):
                inner = self.plan(plan.props[name], value, [*parts, key], depth + 4, stack, shared)
                if inner:
                    test = "if" if not branches else "elif"
                    branches += [f"{pad}            {test} {key} == {name!r}:\n", *inner]
            if branches:
                names = self.constant(frozenset(only))
                dict_lines = [
                    f"{pad}    if not {names}.isdisjoint({var}):\n",
                    f"{pad}        for {key}, {value} in {var}.items():\n",
                    *branches,
                ]
        list_lines: list[str] = []
        start = len(plan.prefix)
        for index, first in enumerate(plan.prefix):
            if first is not None and first.may:
                value = self.fresh("x")
                inner = self.plan(first, value, [*parts, str(index)], depth + 2, stack, shared)
                if inner:
                    list_lines += [
                        f"{pad}    if len({var}) > {index}:\n",
                        f"{pad}        {value} = {var}[{index}]\n",
                        *inner,
                    ]
        if plan.items is not None and plan.items.may:
            index_var = self.fresh("i")
            value = self.fresh("x")
            inner = self.plan(plan.items, value, [*parts, index_var], depth + 2, stack, shared)
            if inner:
                list_lines += [
                    f"{pad}    for {index_var} in range({start}, len({var})):\n",
                    f"{pad}        {value} = {var}[{index_var}]\n",
                    *inner,
                ]
        if dict_lines:
            lines += [f"{pad}if isinstance({var}, dict):\n", *dict_lines]
        if list_lines:
            test = "elif" if dict_lines else "if"
            lines += [f"{pad}{test} isinstance({var}, list):\n", *list_lines]
        return lines


_MISSING = object()


def _leads_down(plan: _Plan) -> bool:
    """Whether :meth:`_WalkerWriter.containers` writes anything for ``plan``: some named
    property, prefix item or item plan may reach a wanted value (it writes nothing else)."""
    return (
        bool(plan.only_props())
        or any(first is not None and first.may for first in plan.prefix)
        or (plan.items is not None and plan.items.may)
    )


def _apply(
    plan: _Plan,
    inst: Any,
    path: JsonPath,
    out: list[tuple[JsonPath, str, Any]],
    seen: set[tuple[int, JsonPath]],
) -> None:
    if not plan.may:
        return
    if plan.subs or plan.conds or plan.dispatch:
        # only these re-enter at the same path; a schema whose $refs loop there must not
        # loop the walk
        key = (id(plan), path)
        if key in seen:
            return
        seen.add(key)
    for name in plan.hits:
        out.append((path, name, inst))
    # a child plan that cannot reach a wanted value is skipped here rather than entered
    # (no call, no path tuple): most of a document (stats, texts, hexes) is never visited
    for sub in plan.subs:
        if sub.may:
            _apply(sub, inst, path, out, seen)
    for condition, then, other in plan.conds:
        branch = then if _matches(condition, inst) else other
        if branch is not None and branch.may:
            _apply(branch, inst, path, out, seen)
    if plan.dispatch and isinstance(inst, dict):
        for prop, table in plan.dispatch.items():
            value = inst.get(prop, _MISSING)
            if value is not _MISSING and isinstance(value, str | int | bool):
                for chosen in table.get(value, ()):
                    if chosen.may:
                        _apply(chosen, inst, path, out, seen)
    if isinstance(inst, dict):
        props = plan.props
        only = plan.only_props()
        if only is not None:
            # only named properties lead down: enter those present, in the document's order
            present = only.intersection(inst)
            if not present:
                return
            names = list(present) if len(present) == 1 else [n for n in inst if n in present]
            for name in names:
                _apply(props[name], inst[name], (*path, name), out, seen)
            return
        patterns = plan.patterns
        additional = plan.additional
        for name, value in inst.items():
            prop_plan = props.get(name)
            if prop_plan is not None:
                if prop_plan.may:
                    _apply(prop_plan, value, (*path, name), out, seen)
                continue
            matched = False
            for pattern, pattern_plan in patterns:
                if pattern.search(name):
                    matched = True
                    if pattern_plan.may:
                        _apply(pattern_plan, value, (*path, name), out, seen)
            if not matched and additional is not None and additional.may:
                _apply(additional, value, (*path, name), out, seen)
    elif isinstance(inst, list):
        prefix = plan.prefix
        items = plan.items
        start = len(prefix)
        for index, value in enumerate(inst[:start]):
            first = prefix[index]
            if first is not None and first.may:
                _apply(first, value, (*path, index), out, seen)
        if items is not None and items.may:
            for index in range(start, len(inst)):
                _apply(items, inst[index], (*path, index), out, seen)
