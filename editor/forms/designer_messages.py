"""What a form says about an unfinished object, in the designer's words.

The validator reports schema errors as JSON Schema sees them ("[] should be non-empty at
$.win[0].hexes"). A form knows more: the object's union member (a ``reach-hexes`` win
condition), the titles of its fields and of their items. So it can say "A reach-hexes win
condition needs at least one hex" beside the field, while the designer is filling it in.

Only the gaps a designer fills by hand are worded here (a required field missing, a list
that must not be empty, a value that is empty or out of range); anything subtler stays the
validator's. Pure functions on schemas: no Qt, so tests and other front ends can use them.
"""

from __future__ import annotations

import re
from typing import Any

from questforge.schema.walk import Schema, SchemaContext


def noun_phrase(ctx: SchemaContext, raw: Any, base: Schema, value: Any) -> str:
    """``"reach-hexes win condition"`` for a union member, ``"room"`` for a plain object:
    the subject of the sentences below."""
    resolved, rbase = ctx.resolve(raw, base)
    title = str(resolved.get("title") or "").strip().lower() or "entry"
    disc = ctx.discriminator(resolved, rbase)
    if disc is not None and isinstance(value, dict) and disc.prop in value:
        return f"{value[disc.prop]} {title}"
    return title


def _article(phrase: str) -> str:
    return "An" if phrase[:1].lower() in "aeiou" else "A"


def _field_title(ctx: SchemaContext, schema: Any, base: Schema, name: str) -> str:
    sub, _ = ctx.resolve(schema, base)
    title = sub.get("title")
    return (str(title) if isinstance(title, str) and title else name.replace("_", " ")).lower()


def _item_title(ctx: SchemaContext, schema: Any, base: Schema, name: str) -> str:
    """The singular of a list field: "Targets" -> "target", "Hexes" -> "hex"; else its
    items' title (a generic "Id" says less than the field's own name)."""
    title = _field_title(ctx, schema, base, name)
    if title.endswith("xes"):
        return title[:-2]
    if title.endswith("s") and not title.endswith("ss"):
        return title[:-1]
    sub, sbase = ctx.resolve(schema, base)
    items = sub.get("items")
    if isinstance(items, dict):
        item, _ = ctx.resolve(items, sbase)
        item_title = item.get("title")
        if isinstance(item_title, str) and item_title:
            return item_title.lower()
    return title


def _count(n: int, word: str) -> str:
    return f"at least one {word}" if n == 1 else f"at least {n} {word}s"


def object_messages(
    ctx: SchemaContext, raw: Any, eff: Schema, base: Schema, value: dict[str, Any]
) -> dict[str, str]:
    """``{field name: sentence}`` for each field of ``value`` (or missing from it) that a
    designer still has to fill in. ``raw`` is the object's own schema (for its title and
    union), ``eff`` the effective one (properties and required of its member)."""
    subject = noun_phrase(ctx, raw, base, value)
    a = _article(subject)
    props: dict[str, Any] = eff.get("properties") or {}
    out: dict[str, str] = {}
    for name in eff.get("required") or []:
        if name not in value and name in props:
            field = _field_title(ctx, props[name], base, name)
            out[name] = f"{a} {subject} needs its {field}."
    for name, item in value.items():
        if name not in props or name in out:
            continue
        sub, sbase = ctx.resolve(props[name], base)
        if isinstance(item, list):
            least = sub.get("minItems")
            if isinstance(least, int) and len(item) < least:
                out[name] = (
                    f"{a} {subject} needs {_count(least, _item_title(ctx, sub, sbase, name))}."
                )
            continue
        if isinstance(item, str) and item == "" and not ctx.fits(sub, item, sbase):
            field = _field_title(ctx, sub, sbase, name)
            out[name] = f"{a} {subject} needs its {field}."
            continue
        if isinstance(item, int | float) and not isinstance(item, bool):
            lo, hi = sub.get("minimum"), sub.get("maximum")
            field = _field_title(ctx, sub, sbase, name)
            if isinstance(lo, int | float) and item < lo:
                out[name] = f"The {field} of {a.lower()} {subject} is at least {lo}."
            elif isinstance(hi, int | float) and item > hi:
                out[name] = f"The {field} of {a.lower()} {subject} is at most {hi}."
    return out


def _raw_at(ctx: SchemaContext, path: tuple[Any, ...], data: Any) -> tuple[Any, Schema, Any]:
    """The schema at ``path`` before it is resolved against the value there (a union keeps
    its members, so its noun names the member), its base, and the value."""
    return ctx.raw_for_path(path, data)


def object_messages_at(ctx: SchemaContext, data: Any, path: tuple[Any, ...]) -> dict[str, str]:
    """:func:`object_messages` of the object at ``path`` in the document ``data``, resolved
    the way the form resolves it (the member its discriminator names, even while that
    member's own fields are still missing)."""
    schema, base, value = _raw_at(ctx, path, data)
    if not isinstance(value, dict):
        return {}
    raw, raw_base = ctx.resolve(schema, base)
    eff, eff_base = ctx.effective(raw, value, raw_base)
    disc = ctx.discriminator(raw, raw_base)
    if disc is not None:
        eff, eff_base = ctx.branch_schema(raw, raw_base, disc, value.get(disc.prop))
    return object_messages(ctx, raw, eff, eff_base, value)


_MISSING = re.compile(r"missing required property '([^']+)'")


def finding_message(
    ctx: SchemaContext, data: Any, path: tuple[Any, ...], message: str
) -> str | None:
    """The sentence the form shows for the gap a schema finding reports, or ``None`` when
    the finding is not one a form words (the raw message then stays the only one).

    Why here: the problems panel and the form must say the same thing about the same gap,
    so both go through :func:`object_messages`. A missing field is reported on its object
    (``missing required property 'hexes'`` at ``$.win[0]``); every other gap on the field
    itself, whose object is one step up.
    """
    try:
        found = _MISSING.match(message)
        if found is not None:
            return object_messages_at(ctx, data, tuple(path)).get(found.group(1))
        if path and isinstance(path[-1], str):
            return object_messages_at(ctx, data, tuple(path[:-1])).get(path[-1])
    except (KeyError, TypeError, ValueError, RecursionError):
        return None  # a schema the walk cannot follow: the validator's words stay
    return None
