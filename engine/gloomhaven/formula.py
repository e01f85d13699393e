"""Formulas in ``L`` (scenario level) and ``C`` (number of characters), e.g. ``C*(8+L)``.

Content files write some values as formulas (boss health, obstacle health, named monsters,
GH-SPEC-08, GH-BOSS-03). They are untrusted data, so they are never handed to ``eval``: a
small tokenizer and recursive-descent parser accept exactly

    expr   := term (("+" | "-") term)*
    term   := unary (("*" | "/") unary)*
    unary  := ("+" | "-") unary | atom
    atom   := integer | "L" | "C" | "(" expr ")"

with spaces allowed between tokens. ``/`` is integer division rounding *down* (toward minus
infinity), as Gloomhaven rounds every fraction down (e.g. hazardous terrain is half the trap
damage rounded down, GH-HAZ-01); ``7/2`` is 3 and ``-7/2`` is -4. Division by zero is a
:class:`FormulaError` when evaluated. Anything else (names, ``**``, floats, unbalanced
parentheses) is a :class:`FormulaError` at parse time, with the column of the problem.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from questforge.engine.core.errors import ContentError

__all__ = ["MAX_LENGTH", "Formula", "FormulaError", "evaluate", "parse"]

#: longest formula accepted (the schema has the same limit)
MAX_LENGTH = 200
_MAX_DEPTH = 40
_MAX_DIGITS = 9

_Eval = Callable[[dict[str, int]], int]


class FormulaError(ContentError):
    """A formula that does not parse or cannot be evaluated.

    ``column`` is the 1-based position in ``text`` of the problem (``None`` when the
    problem is not at one place, e.g. a missing variable value).
    """

    def __init__(self, message: str, text: str, column: int | None = None) -> None:
        self.message = message
        self.text = text
        self.column = column
        where = f" at column {column}" if column is not None else ""
        super().__init__(f"formula {text!r}: {message}{where}")


@dataclass(frozen=True)
class Formula:
    """A parsed formula; :meth:`evaluate` computes it for a level and character count."""

    text: str
    #: the variables used, a subset of ``{"L", "C"}``
    variables: frozenset[str]
    _fn: _Eval = field(repr=False, compare=False)

    def evaluate(self, L: int | None = None, C: int | None = None) -> int:
        """The formula's value; a variable used but not given is a :class:`FormulaError`."""
        env: dict[str, int] = {}
        for name, value in (("L", L), ("C", C)):
            if value is not None:
                env[name] = value
            elif name in self.variables:
                what = "scenario level" if name == "L" else "number of characters"
                raise FormulaError(f"uses {name} but no {what} was given", self.text)
        return self._fn(env)

    def __str__(self) -> str:
        return self.text


def parse(text: str) -> Formula:
    """Parse ``text``; raises :class:`FormulaError` if it is not a valid formula."""
    if not isinstance(text, str):
        raise FormulaError(f"expected a string, found {type(text).__name__}", str(text))
    if len(text) > MAX_LENGTH:
        raise FormulaError(f"longer than {MAX_LENGTH} characters", text[:40] + "...")
    parser = _Parser(text)
    fn = parser.parse()
    return Formula(text=text, variables=frozenset(parser.variables), _fn=fn)


def evaluate(text: str, L: int | None = None, C: int | None = None) -> int:
    """Parse and evaluate ``text`` in one step."""
    return parse(text).evaluate(L=L, C=C)


def _tokenize(text: str) -> list[tuple[str, int]]:
    """Tokens with their 1-based column; raises on any character outside the grammar."""
    tokens: list[tuple[str, int]] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == " ":
            i += 1
            continue
        if ch.isascii() and ch.isdigit():
            start = i
            while i < len(text) and text[i].isascii() and text[i].isdigit():
                i += 1
            if i - start > _MAX_DIGITS:
                raise FormulaError("number too large", text, start + 1)
            tokens.append((text[start:i], start + 1))
            continue
        if ch in "LC+-*/()":
            tokens.append((ch, i + 1))
            i += 1
            continue
        hint = " (only L and C are allowed)" if ch.isalpha() else ""
        raise FormulaError(f"unexpected character {ch!r}{hint}", text, i + 1)
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.pos = 0
        self.depth = 0
        self.variables: set[str] = set()

    def parse(self) -> _Eval:
        if not self.tokens:
            raise FormulaError("empty formula", self.text, 1)
        fn = self._expr()
        if self.pos < len(self.tokens):
            tok, col = self.tokens[self.pos]
            raise FormulaError(f"unexpected {tok!r}", self.text, col)
        return fn

    def _peek(self) -> str | None:
        return self.tokens[self.pos][0] if self.pos < len(self.tokens) else None

    def _column(self) -> int:
        if self.pos < len(self.tokens):
            return self.tokens[self.pos][1]
        return len(self.text) + 1

    def _expr(self) -> _Eval:
        left = self._term()
        while self._peek() in ("+", "-"):
            op = self.tokens[self.pos][0]
            self.pos += 1
            right = self._term()
            left = _binary(op, left, right, self.text)
        return left

    def _term(self) -> _Eval:
        left = self._unary()
        while self._peek() in ("*", "/"):
            op = self.tokens[self.pos][0]
            self.pos += 1
            right = self._unary()
            left = _binary(op, left, right, self.text)
        return left

    def _unary(self) -> _Eval:
        tok = self._peek()
        if tok in ("+", "-"):
            self.pos += 1
            self._enter()
            inner = self._unary()
            self.depth -= 1
            if tok == "-":
                return lambda env: -inner(env)
            return inner
        return self._atom()

    def _atom(self) -> _Eval:
        tok = self._peek()
        col = self._column()
        if tok is None:
            raise FormulaError("unexpected end of formula", self.text, col)
        self.pos += 1
        if tok.isdigit():
            number = int(tok)
            return lambda env: number
        if tok in ("L", "C"):
            self.variables.add(tok)
            name = tok
            return lambda env: env[name]
        if tok == "(":
            self._enter()
            inner = self._expr()
            self.depth -= 1
            if self._peek() != ")":
                raise FormulaError("missing ')'", self.text, self._column())
            self.pos += 1
            return inner
        raise FormulaError(f"unexpected {tok!r}", self.text, col)

    def _enter(self) -> None:
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            raise FormulaError("nested too deeply", self.text, self._column())


def _binary(op: str, left: _Eval, right: _Eval, text: str) -> _Eval:
    if op == "+":
        return lambda env: left(env) + right(env)
    if op == "-":
        return lambda env: left(env) - right(env)
    if op == "*":
        return lambda env: left(env) * right(env)

    def divide(env: dict[str, int]) -> int:
        divisor = right(env)
        if divisor == 0:
            raise FormulaError("division by zero", text)
        return left(env) // divisor

    return divide
