"""The L/C formula evaluator: a real parser, never ``eval`` (GH-SPEC-08, GH-BOSS-03)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from questforge.engine.gloomhaven.formula import MAX_LENGTH, FormulaError, evaluate, parse


@pytest.mark.parametrize(
    ("text", "level", "chars", "expected"),
    [
        ("10+2*L", 3, None, 16),
        ("C*(8+L)", 2, 4, 40),
        ("2+3*4", None, None, 14),  # * binds tighter than +
        ("(2+3)*4", None, None, 20),
        ("10-4-3", None, None, 3),  # left associative
        ("24/4/2", None, None, 3),
        ("8-2*3+1", None, None, 3),
        ("-L+5", 2, None, 3),
        ("- (L + 1)", 2, None, -3),
        (" C * ( 8 + L ) ", 1, 3, 27),
        ("7/2", None, None, 3),  # Gloomhaven rounds down
        ("(2+L)/2", 3, None, 2),  # hazardous terrain: half trap damage, rounded down (GH-HAZ-01)
        ("-7/2", None, None, -4),  # rounding down, not toward zero
        ("4+2*L", 7, None, 18),  # bonus XP 4 + 2L (GH-END-05)
        ("0", None, None, 0),
    ],
)
def test_evaluates(text: str, level: int | None, chars: int | None, expected: int) -> None:
    assert evaluate(text, L=level, C=chars) == expected


def test_variables_are_reported() -> None:
    assert parse("C*(8+L)").variables == {"C", "L"}
    assert parse("3").variables == frozenset()


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("", 1),
        ("   ", 1),
        ("2**3", 3),
        ("x+1", 1),
        ("level+1", 1),
        ("3.5", 2),
        ("(1+2", 5),
        ("1+2)", 4),
        ("1 2", 3),
        ("L C", 3),
        ("L(2)", 2),
        ("2+", 3),
        ("__import__('os')", 1),
        ("1e3", 2),
        ("1234567890", 1),
    ],
)
def test_rejects_with_column(text: str, column: int) -> None:
    with pytest.raises(FormulaError) as info:
        parse(text)
    assert info.value.column == column
    assert repr(text) in str(info.value)


def test_missing_variable_value() -> None:
    formula = parse("C*2")
    with pytest.raises(FormulaError, match="number of characters"):
        formula.evaluate(L=1)


def test_division_by_zero_is_a_formula_error() -> None:
    with pytest.raises(FormulaError, match="division by zero"):
        evaluate("4/(L-2)", L=2)


def test_limits() -> None:
    with pytest.raises(FormulaError, match="longer"):
        parse("1+" * MAX_LENGTH + "1")
    with pytest.raises(FormulaError, match="nested"):
        parse("(" * 60 + "1" + ")" * 60)
    with pytest.raises(FormulaError, match="nested"):
        parse("-" * 60 + "1")


def test_not_a_string() -> None:
    with pytest.raises(FormulaError):
        parse(5)  # type: ignore[arg-type]


@given(
    a=st.integers(0, 999),
    b=st.integers(0, 999),
    c=st.integers(1, 999),
    level=st.integers(0, 7),
    chars=st.integers(1, 4),
)
def test_matches_integer_arithmetic(a: int, b: int, c: int, level: int, chars: int) -> None:
    text = f"{a}+{b}*L-(C+{a})/{c}"
    assert evaluate(text, L=level, C=chars) == a + b * level - (chars + a) // c
