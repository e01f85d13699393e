"""Formulas and treasure (QGH240-249).

Formulas in ``L`` (scenario level) and ``C`` (number of characters) appear wherever a schema
types a value as ``formula`` or ``number-or-formula``: boss stats, obstacle and named-monster
health, summon stats (GH-SPEC-08, GH-BOSS-03). The schema's pattern already limits them to
digits, ``L``, ``C``, operators and parentheses; these checks parse them with the engine's
formula parser (:mod:`questforge.engine.gloomhaven.formula`) and evaluate them for every
level and player count the engine can use.

Treasure overlays carry reference numbers resolved in the pack's treasure tables
(GH-SETUP-08, GH-TREAS-01); each treasure can be looted only once, ever (GH-TREAS-04).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from questforge.engine.gloomhaven.constants import PLAYER_COUNTS
from questforge.engine.gloomhaven.formula import Formula, FormulaError, parse
from questforge.schema.jsontypes import json_int
from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding, JsonPath
from questforge.validator.gloomhaven.catalogue import gh_check
from questforge.validator.gloomhaven.refs import property_of
from questforge.validator.gloomhaven.typed_values import digest, document_fact

#: scenario levels and character counts a formula is evaluated for (GH-LEVEL, GH-SETUP-03)
LEVELS = tuple(range(8))
CHARACTERS = PLAYER_COUNTS


def _formulas(ctx: CheckContext, doc: LoadedDocument) -> list[tuple[JsonPath, str]]:
    """Every string value of ``doc`` typed as a formula, once per path (from the
    document's digest: QGH240 and QGH241 both read them)."""
    return digest(ctx, doc).formulas


@gh_check(
    "QGH240",
    per_document=True,
    severity="error",
    title="Formula does not parse",
    description="A value written as a formula is not a valid arithmetic expression in `L` "
    "and `C`: integers, `L`, `C`, `+ - * /` and parentheses (GH-SPEC-08). Typical mistakes "
    "are a missing operator (`2L`), an unbalanced parenthesis or a trailing operator.",
    example='An obstacle with `"health": "2L+"` or a boss with `"health": "C(8+L)"`.',
    fix="Write the multiplication explicitly (`2*L`, `C*(8+L)`) and balance parentheses.",
    rules=("GH-SPEC-08", "GH-BOSS-03"),
)
def formulas_parse(ctx: CheckContext) -> Iterator[Finding]:
    return ctx.per_document("QGH240", ctx.valid_documents(), lambda d: _formulas_parse(ctx, d))


def _formulas_parse(ctx: CheckContext, doc: LoadedDocument) -> Iterator[Finding]:
    for path, text in _formulas(ctx, doc):
        exc = _parsed(text)
        if isinstance(exc, FormulaError):
            where = f" (column {exc.column})" if exc.column is not None else ""
            yield ctx.finding(
                formulas_parse,
                f"formula {text!r} does not parse: {exc.message}{where}",
                doc,
                path,
                hint="formulas use integers, L, C, + - * / and parentheses, e.g. C*(8+L)",
            )


#: a formula's values over every level and character count, in (L, C) order, up to the
#: first that cannot be computed: ``(values, (L, C, error) or None)``
Grid = tuple[tuple[tuple[int, int, int], ...], tuple[int, int, FormulaError] | None]


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> Formula | FormulaError:
    """``text`` parsed, or why it does not parse (memoised by text: packs repeat the same
    few formulas, and three checks read each of them)."""
    try:
        return parse(text)
    except FormulaError as exc:
        return exc


@functools.lru_cache(maxsize=4096)
def _grid(text: str) -> Grid | None:
    """The values of formula ``text`` at every L and C (``None`` if it does not parse);
    memoised by text, since QGH241 and QGH245 both evaluate every formula 24 times."""
    formula = _parsed(text)
    if isinstance(formula, FormulaError):
        return None
    values: list[tuple[int, int, int]] = []
    for level in LEVELS:
        for chars in CHARACTERS:
            try:
                values.append((level, chars, formula.evaluate(L=level, C=chars)))
            except FormulaError as exc:
                return tuple(values), (level, chars, exc)
    return tuple(values), None


def _evaluate_all(grid: Grid, at_least: int | None) -> tuple[str, int, int] | None:
    """The first (problem, L, C) over every level and character count, or ``None``."""
    values, failure = grid
    if at_least is not None:
        for level, chars, value in values:
            if value < at_least:
                return f"gives {value}, below {at_least}", level, chars
    if failure is not None:
        level, chars, exc = failure
        return exc.message, level, chars
    return None


def _minimum(path: JsonPath) -> int | None:
    prop = property_of(path)
    if prop == "health":
        return 1
    if prop in ("move", "attack", "range", "shield", "retaliate", "pierce"):
        return 0
    return None


@gh_check(
    "QGH241",
    per_document=True,
    severity="error",
    title="Formula fails for some level or player count",
    description="A formula that parses cannot be evaluated, or gives an impossible value, "
    "for some scenario level L (0-7) and number of characters C (2-4): division by zero, "
    "health below 1, or a negative move, attack, range, shield, retaliate or pierce.",
    example='An obstacle with `"health": "10/(C-2)"` divides by zero with 2 characters; a '
    'boss with `"health": "C*L"` has 0 health at level 0.',
    fix="Rewrite the formula so that it is valid for every L from 0 to 7 and C from 2 to 4 "
    "(e.g. `C*(L+1)`).",
    rules=("GH-SPEC-08", "GH-BOSS-03"),
)
def formulas_evaluate(ctx: CheckContext) -> Iterator[Finding]:
    return ctx.per_document("QGH241", ctx.valid_documents(), lambda d: _formulas_evaluate(ctx, d))


def _formulas_evaluate(ctx: CheckContext, doc: LoadedDocument) -> Iterator[Finding]:
    for path, text in _formulas(ctx, doc):
        grid = _grid(text)
        if grid is None:
            continue  # QGH240
        problem = _evaluate_all(grid, _minimum(path))
        if problem is not None:
            message, level, chars = problem
            yield ctx.finding(
                formulas_evaluate,
                f"formula {text!r}: {message} at L={level}, C={chars}",
                doc,
                path,
            )


#: the largest sane value of each stat a formula (or its integer form) may give: the same
#: bounds the monster stat card's schema puts on its integers, health raised for bosses
#: (``C*(30+5*L)`` is 260 at level 7 with 4 characters)
MAXIMUM: dict[str, int] = {
    "health": 9999,
    "move": 20,
    "attack": 99,
    "range": 20,
    "shield": 20,
    "retaliate": 20,
    "retaliate_range": 20,
    "pierce": 20,
    "targets": 10,
}


def _numbers(ctx: CheckContext, doc: LoadedDocument) -> Iterator[tuple[JsonPath, Any]]:
    """Every value typed ``number-or-formula`` (integer or formula) with a known bound."""
    seen: set[JsonPath] = set()
    for path, value in digest(ctx, doc).numbers:
        if path in seen or property_of(path) not in MAXIMUM:
            continue
        seen.add(path)
        yield path, value


def _largest(value: Any) -> tuple[int, int | None, int | None] | None:
    """The largest value over every level and character count, with where (L, C)."""
    number = json_int(value)
    if number is not None:
        return number, None, None
    grid = _grid(value)
    if grid is None:
        return None  # QGH240
    values, failure = grid
    if failure is not None:
        return None  # QGH241
    best: tuple[int, int | None, int | None] | None = None
    for level, chars, got in values:
        if best is None or got > best[0]:
            best = (got, level, chars)
    return best


@gh_check(
    "QGH245",
    per_document=True,
    severity="error",
    title="Stat too large",
    description="A health, move, attack, range, shield, retaliate, pierce or targets value "
    "written as a number or a formula in `L` and `C` exceeds its sane bound for some "
    "scenario level (0-7) and character count (2-4): health 9999, attack 99, targets 10, "
    "the others 20 (the bounds of a monster stat card). A range of 4000 makes no sense on "
    "any map, and the monster AI's work grows with the square of the range.",
    example='A boss with `"range": "1000*C"`, or an obstacle with `"health": 100000`.',
    fix="Use a value within the bound; formulas usually scale gently, e.g. `2+L/2`.",
    rules=("GH-SPEC-08", "GH-BOSS-03"),
)
def stat_bounds(ctx: CheckContext) -> Iterator[Finding]:
    return ctx.per_document("QGH245", ctx.valid_documents(), lambda d: _stat_bounds(ctx, d))


def _stat_bounds(ctx: CheckContext, doc: LoadedDocument) -> Iterator[Finding]:
    for path, value in _numbers(ctx, doc):
        prop = property_of(path)
        bound = MAXIMUM[str(prop)]
        largest = _largest(value)
        if largest is None or largest[0] <= bound:
            continue
        got, level, chars = largest
        where = f" at L={level}, C={chars}" if level is not None else ""
        shown = f"formula {value!r} gives {got}" if isinstance(value, str) else f"{got}"
        yield ctx.finding(
            stat_bounds,
            f"{prop} {shown}{where}; the largest sane {prop} is {bound}",
            doc,
            path,
            hint=f"keep {prop} at most {bound} for every level (0-7) and 2-4 characters",
        )


# --- treasure -----------------------------------------------------------------------------------


def _table_numbers(ctx: CheckContext) -> dict[int, list[tuple[LoadedDocument, JsonPath]]]:
    out: dict[int, list[tuple[LoadedDocument, JsonPath]]] = {}
    for doc in ctx.all_of_kind("treasure-table"):
        for i, entry in enumerate(doc.data.get("entries", []) or []):
            number = json_int(entry.get("number")) if isinstance(entry, dict) else None
            if number is not None:
                out.setdefault(number, []).append((doc, ("entries", i, "number")))
    return out


def _treasures(
    ctx: CheckContext, doc: LoadedDocument
) -> list[tuple[int, JsonPath, dict[str, Any]]]:
    """The numbered treasure overlays of scenario ``doc`` (taken once per document and
    run: QGH242 and QGH243 both read them)."""
    return document_fact(ctx, doc, "treasures", lambda: list(_find_treasures(doc)))


def _find_treasures(doc: LoadedDocument) -> Iterator[tuple[int, JsonPath, dict[str, Any]]]:
    for i, overlay in enumerate(doc.data.get("overlays", []) or []):
        if overlay.get("type") == "treasure" and isinstance(overlay.get("number"), int):
            yield overlay["number"], ("overlays", i, "number"), overlay


@gh_check(
    "QGH242",
    per_document=True,
    severity="error",
    title="Treasure number not in the treasure table",
    description="A treasure overlay's reference number has no entry in any treasure table of "
    "the pack or its required packs, so looting it gives nothing (GH-SETUP-08, "
    "GH-TREAS-01).",
    example='A treasure overlay with `"number": 12` and treasure-table entries 1-11.',
    fix="Add an entry with that number to a treasure table, or correct the number.",
    rules=("GH-SETUP-08", "GH-TREAS-01"),
)
def treasure_in_table(ctx: CheckContext) -> Iterator[Finding]:
    numbers = _table_numbers(ctx)
    for doc in ctx.own(ctx.of_kind("scenario")):
        for number, path, _ in _treasures(ctx, doc):
            if number not in numbers:
                hint = (
                    "the pack has no treasure table: add a treasure-table document"
                    if not numbers
                    else f"add an entry with number {number} to a treasure table"
                )
                yield ctx.finding(
                    treasure_in_table,
                    f"treasure number {number} is in no treasure table",
                    doc,
                    path,
                    hint=hint,
                )


@gh_check(
    "QGH243",
    severity="warning",
    title="Treasure number placed twice",
    description="The same treasure reference number is placed on more than one treasure "
    "overlay (in one scenario or in two scenarios of the pack). Each treasure can be looted "
    "only once, ever (GH-TREAS-04), so the second tile can never give its reward.",
    example="Scenarios `collapsed-adit` and `flooded-workings` both place treasure 3.",
    fix="Give each treasure overlay its own number (and its own treasure-table entry).",
    rules=("GH-TREAS-04",),
)
def treasure_unique(ctx: CheckContext) -> Iterator[Finding]:
    first: dict[int, tuple[LoadedDocument, JsonPath]] = {}
    for doc in ctx.of_kind("scenario"):
        for number, path, _ in _treasures(ctx, doc):
            if number in first:
                other_doc, other_path = first[number]
                where = "this scenario" if other_doc is doc else f"scenario {other_doc.id!r}"
                yield ctx.finding(
                    treasure_unique,
                    f"treasure number {number} is also placed in {where}",
                    doc,
                    path,
                    related=[(other_doc, other_path)],
                )
            else:
                first[number] = (doc, path)


@gh_check(
    "QGH244",
    severity="error",
    title="Treasure number defined twice",
    description="Two treasure-table entries (in one table or in two tables of the pack) "
    "have the same reference number, so a treasure overlay with that number is ambiguous.",
    example='Treasure table `mine-treasures` has two entries with `"number": 4`.',
    fix="Renumber one entry (and the overlays that use it).",
    rules=("GH-TREAS-01",),
)
def treasure_table_unique(ctx: CheckContext) -> Iterator[Finding]:
    first: dict[int, tuple[LoadedDocument, JsonPath]] = {}
    for doc in ctx.of_kind("treasure-table"):
        for i, entry in enumerate(doc.data.get("entries", []) or []):
            number = json_int(entry.get("number"))
            if number is None:
                continue
            path: JsonPath = ("entries", i, "number")
            if number in first:
                other_doc, other_path = first[number]
                where = "this table" if other_doc is doc else f"table {other_doc.id!r}"
                yield ctx.finding(
                    treasure_table_unique,
                    f"treasure number {number} is already defined in {where}",
                    doc,
                    path,
                    related=[(other_doc, other_path)],
                )
            else:
                first[number] = (doc, path)
