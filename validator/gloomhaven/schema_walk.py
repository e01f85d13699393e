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
from functools import cache
from typing import Any

from questforge.schema import schema_by_id
from questforge.validator.findings import JsonPath

Schema = dict[str, Any]


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
    _apply(plan, instance, (), out, set())
    return iter(out)


_MISSING = object()


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

    def walk() -> list[tuple[JsonPath, str, Any]]:
        schema = kind_schema(doc.kind) if doc.kind else None
        if schema is None:
            return []
        return list(typed_values(schema, doc.data, WANTED))

    found: list[tuple[JsonPath, str, Any]] = ctx.memo(("gh-typed-values", ctx.stamp(doc)), walk)
    return found
