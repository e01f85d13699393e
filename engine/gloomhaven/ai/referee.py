"""Gloomhaven's referee face: monster-AI situations in, rulings out (``questforge ai solve``).

``questforge ai solve`` on a folder of situations is often run in scripts and editors' save
hooks, where start-up dominates: importing click, the safe JSON loader's checks and the
whole solver package cost more than solving a few situations. This module holds everything
the command does *after* parsing its options, and imports only the JSON decoder and the
solver; the command line (``questforge.commands.ai`` and the click-free fast start in
``questforge.commands.ai_run``) reaches it through the ruleset contract
(:data:`REFEREE`), so they print the same bytes and exit with the same codes.

Reading a file takes a fast path first: the bytes, strict UTF-8, ``json.loads`` with hooks
that notice duplicate keys, ``NaN``/``Infinity`` and floats, then :func:`load_situation`.
Anything unusual on that path (an error, a duplicate key, a float, a byte-order mark, a
file that is not a regular file or is too big) sends the file through the safe loader
(:func:`read_situation`), which produces the exact ``file:line:column`` message; so the
fast path changes no answer and no message, only the time a valid file takes.
"""

from __future__ import annotations

import os
import stat
import sys

from questforge.engine.core.errors import ContentError
from questforge.engine.core.plainjson import dumps, loads, quote, value_at
from questforge.engine.gloomhaven.ai import (
    GeometryCache,
    Situation,
    SituationError,
    Solution,
    load_situation,
    solve,
)
from questforge.engine.gloomhaven.ai import situation as _situation

# ``typing`` is not imported at run time (``questforge ai solve`` starts faster without it)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    Echo = Callable[[str], None]
    #: a situation file: a path, or ``-`` for standard input (the fast start passes the
    #: command line's strings, so that ``pathlib`` is imported only to word a problem)
    FileArg = str | os.PathLike[str]

    from questforge.engine.core.hexgrid import Hex

MAX_BYTES = 20 * 1024 * 1024


def shown(path: FileArg) -> str:
    """How messages name a file: as ``pathlib`` writes it (``dir//a.json`` -> ``dir/a.json``),
    whether the command line gave a string or a ``Path``."""
    from pathlib import Path

    return str(Path(path))


class InputError(ContentError):
    """A situation file could not be used; the message names the file and the place."""


# ---------------------------------------------------------------- reading


def _json_path(path: str) -> tuple[str | int, ...]:
    """``$.figures[2].hex`` -> ``("figures", 2, "hex")`` (situation keys are plain names)."""
    import re

    return tuple(
        int(index) if index else key
        for key, index in re.findall(r"\.([^.\[\]]+)|\[(\d+)\]", path.removeprefix("$"))
    )


def read_situation(path: FileArg) -> Situation:
    """Read and load one situation file, turning every failure into :class:`InputError`.

    The file is read with the same safe loader as content files (size, depth, encoding,
    ``NaN``, duplicate keys), and every message names the file and, where there is one, the
    line and column: ``sit.json:12:5: $.figures[2].hex: hex [9, 9] is not on the map``.
    """
    from pathlib import Path

    from questforge.engine.core.jsonload import (
        JsonLoadError,
        load_json_bytes,
        load_json_file,
        locate,
    )

    path = Path(path)

    try:
        if str(path) == "-":  # a situation piped in on standard input
            loaded = load_json_bytes(sys.stdin.buffer.read(MAX_BYTES + 1), max_bytes=MAX_BYTES)
        else:
            loaded = load_json_file(path, max_bytes=MAX_BYTES)
    except JsonLoadError as exc:
        where = f"{path}:{exc.line}:{exc.column}" if exc.line is not None else str(path)
        raise InputError(f"{where}: {exc.message}") from None
    if loaded.duplicates:
        first = loaded.duplicates[0]
        key = first.path[-1]
        raise InputError(
            f"{path}:{first.line}:{first.column}: duplicate key {key!r}: "
            "a situation file may name each property once"
        )
    try:
        return load_situation(loaded.data)
    except SituationError as exc:
        line, column = locate(loaded.text, _json_path(exc.path))
        raise InputError(f"{path}:{line}:{column}: {exc}") from None


class _Unusual(Exception):
    """Raised inside the fast decoder: let the safe loader look at this file."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Unusual  # a duplicate key: the safe loader says where
    return out


def _no_constant(name: str) -> Any:
    raise _Unusual  # NaN / Infinity


def _no_float(token: str) -> Any:
    raise _Unusual  # no number in a situation is fractional; the safe loader explains


#: the second hex digit of a JSON escape of a UTF-16 surrogate (``\\ud800``-``\\udfff``)
_SURROGATE_DIGIT = frozenset(b"89abcdefABCDEF")


def _surrogate_escape(raw: bytes) -> bool:
    """Whether ``raw`` holds ``\\u`` followed by ``d`` or ``D`` and one of ``8``-``f`` (the
    pattern ``\\\\u[dD][89a-fA-F]``, found without importing ``re``)."""
    i = raw.find(b"\\u")
    while i >= 0:
        if (
            raw[i + 2 : i + 3] in (b"d", b"D")
            and raw[i + 3 : i + 4] != b""
            and (raw[i + 3] in _SURROGATE_DIGIT)
        ):
            return True
        i = raw.find(b"\\u", i + 1)
    return False


def _fast_read(path: FileArg) -> Situation | None:
    """The situation in ``path`` if it is a plain, valid file; ``None`` for anything else.

    Reads at most ``MAX_BYTES + 1`` bytes of a regular file (a named pipe is never waited
    on: ``O_NONBLOCK``); the checks the safe loader makes on top (nesting depth) cannot
    matter for a document :func:`load_situation` accepts, since every value it keeps is
    type-checked and the rest are refused as unknown properties.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            return None
        chunks = []
        size = 0
        want = info.st_size + 1  # the whole file in one read, as a rule
        while True:
            chunk = os.read(fd, min(want, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_BYTES:
                return None
            if len(chunk) < want:
                # a short read of a regular file is its end: no second system call to hear it
                break
            want = MAX_BYTES + 1 - size
        raw = b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)
    if b"\\u" in raw and _surrogate_escape(raw):
        return None  # a surrogate escape: the safe loader refuses a lone one (QC009)
    try:
        text = raw.decode("utf-8")
        got = _known_map(text)
        if got is not None:
            return got
        data = loads(
            text,
            object_pairs_hook=_pairs,
            parse_constant=_no_constant,
            parse_float=_no_float,
        )
        return load_situation(data)
    except Exception:
        # malformed JSON, UnicodeDecodeError, SituationError, _Unusual, ...: the safe
        # loader reads the file again and reports it exactly as it always has
        return None


# ---------------------------------------------------------------- maps read before
#
# A folder of situations repeats a few maps, and a map's list of hexes is most of a
# situation file (and of the cost of reading it: decoding a hundred ``[q, r]`` pairs,
# checking them against the schema, making the set of them). So the exact text of each
# map's ``"hexes"`` array is remembered with what it gave, and a file holding the same
# text takes the list and the map from there; the rest of the file is read as always.
#
# Exactness: the array's text is cut out of the file and :data:`_MARK` (a number no
# situation file holds) put in its place, and the rest is decoded with the usual hooks.
# Only if the decoded document has that very number as ``map.hexes`` is the cut used:
# the number, appearing nowhere in the file, then stood exactly where the array began
# as the value of ``map.hexes`` (in a string it would be a string; with a digit, sign,
# ``.`` or ``e`` beside it, another number or no JSON at all). The text before the cut is
# the file's own, so the decoder stood at the same place in the file, where the
# remembered text (a whole JSON value) is read to its end as it was the first time, and
# the rest of the file is again the same. Whether the document is valid does not
# depend on which valid list of hexes it holds (the schema checks each property on its
# own), so it is checked with a one-hex stand-in; anything unusual (the number not there,
# the check failing, any error) leaves the file to the usual path, which reports it as
# always.

#: the number put in place of a map's hexes, as text (its digits appear in no file used)
_MARK_TEXT = "-7392018465"
_MARK = int(_MARK_TEXT)
_MARK_DIGITS = _MARK_TEXT[1:]
#: a valid list of hexes, to check the rest of a document with
_STAND_IN = [[0, 0]]
#: the first characters of a remembered array's text -> (the whole text, the list it
#: decodes to, the map ``load_situation`` made of it) for each such array
_MAP_TEXTS: dict[str, list[tuple[str, list[Any], frozenset[Any]]]] = {}
#: how many characters key :data:`_MAP_TEXTS`
_KEY_LENGTH = 48


def _known_map(text: str) -> Situation | None:
    """The situation in ``text`` read through :data:`_MAP_TEXTS` (remembering its map's
    hexes if they are new), or ``None``: then the caller reads it the usual way."""
    i = text.find('"hexes"')
    if i < 0 or _MARK_DIGITS in text:
        return None
    j = text.find("[", i + 7)
    if j < 0 or text[i + 7 : j].strip(" \t\n\r") != ":":
        return None
    key = text[j : j + _KEY_LENGTH]
    known = _MAP_TEXTS.get(key)
    if known is not None:
        for whole, value, hexes in known:
            if text.startswith(whole, j):
                data = _with_mark(text, j, j + len(whole))
                if data is None:
                    return None
                board = data["map"]
                board["hexes"] = _STAND_IN
                if not _situation._is_valid()(data):
                    return None
                board["hexes"] = value
                return _situation._from_valid(data, hexes)
    # a map not seen yet: its array decoded on its own, the rest as above
    value, end = value_at(
        text, j, object_pairs_hook=_pairs, parse_constant=_no_constant, parse_float=_no_float
    )
    data = _with_mark(text, j, end)
    if data is None:
        return None
    data["map"]["hexes"] = value
    if not _situation._is_valid()(data):
        return None
    hexes = _situation._map_hexes(value, "$.map.hexes")
    if len(_MAP_TEXTS) >= 64:
        _MAP_TEXTS.clear()
    _MAP_TEXTS.setdefault(key, []).append((text[j:end], value, hexes))
    return _situation._from_valid(data, hexes)


def _with_mark(text: str, start: int, end: int) -> dict[str, Any] | None:
    """``text`` decoded with :data:`_MARK` in place of ``text[start:end]``, if that is where
    the document's ``map.hexes`` was (see above); else ``None``."""
    data = loads(
        text[:start] + _MARK_TEXT + text[end:],
        object_pairs_hook=_pairs,
        parse_constant=_no_constant,
        parse_float=_no_float,
    )
    if type(data) is not dict:
        return None
    board = data.get("map")
    if type(board) is not dict:
        return None
    mark = board.get("hexes")
    if type(mark) is not int or mark != _MARK:
        return None
    return data


def load_file(path: FileArg) -> Situation:
    """One situation file: the fast path when it applies, else the safe loader's message."""
    if str(path) != "-":
        got = _fast_read(path)
        if got is not None:
            return got
    return read_situation(path)


# ---------------------------------------------------------------- answers


def expected_matches(sit: Situation, solution: Solution) -> bool | None:
    """Whether the solution's option set equals ``expected`` (None without expected)."""
    if sit.expected is None:
        return None
    got = {(o.destination, o.attacks) for o in solution.options}
    want = {(e.destination, e.attacks) for e in sit.expected}
    return got == want


def answer_json(solution: Solution) -> str:
    """``dumps(solution.to_json())``, the same bytes, written directly (the answer's shape
    is fixed: a string and integers, the JSON writer's recursion is most of the cost)."""
    options = []
    for o in solution.options:
        d, f = o.destination, o.focus
        # (hex coordinates are integers: an int's text is its JSON)
        attacks = ", ".join([f"[{h[0]}, {h[1]}]" for h in o.attacks])
        focus = "null" if f is None else f"[{f[0]}, {f[1]}]"
        options.append(
            f'{{"destination": [{d[0]}, {d[1]}], "attacks": [{attacks}], "focus": {focus}}}'
        )
    return f'{{"id": {quote(solution.id)}, "options": [{", ".join(options)}]}}'


def _hexes(hs: tuple[Hex, ...], sit: Situation | None = None) -> str:
    """Hexes as ``[q, r]``; a hex with a named figure (a situation exported from a game)
    as ``Lampwright at [q, r]``, so a ruling reads with the figures' names."""
    from questforge.engine.gloomhaven.ai.ruling import hex_text

    names = {f.hex: f.name for f in sit.figures if f.name} if sit is not None else {}
    return ", ".join(f"{names[h]} at {hex_text(h)}" if h in names else hex_text(h) for h in hs)


def _ability(sit: Situation) -> str:
    a = sit.active
    parts = [f"move {a.move}" if a.move else "no move"]
    if a.targets == 0:
        parts.append("no attack")
    else:
        kind = f"ranged attack (range {a.range})" if a.range else "melee attack"
        if a.aoe is not None:
            kind += (
                f" with a {'melee' if a.aoe.melee else 'ranged'} area of {len(a.aoe.hexes)} hex(es)"
            )
        parts.append(kind)
        parts.append("targets all" if a.targets >= 6 else f"{a.targets} target(s)")
    for flag in ("flying", "jumping", "muddled"):
        if getattr(a, flag):
            parts.append(flag)
    return ", ".join(parts)


def ruling_text(sit: Situation, solution: Solution) -> str:
    """The referee's ruling for one situation."""
    from questforge.engine.gloomhaven.ai.ruling import candidate_lines, hex_text, step_line

    ex = solution.explanation
    name = sit.active.name or "The monster"
    lines = [f"== {sit.id or '(no id)'}" + (f": {sit.description}" if sit.description else "")]
    lines.append(f"{name} at {hex_text(sit.active.hex)}: {_ability(sit)}.")
    lines.extend(candidate_lines(ex))
    lines.extend(step_line(step) for step in ex.steps)
    options = solution.options
    if len(options) == 1:
        o = options[0]
        move = "stays at" if o.destination == sit.active.hex else "moves to"
        attack = f" and attacks {_hexes(o.attacks, sit)}" if o.attacks else " and does not attack"
        lines.append(
            f"Ruling: {name.lower() if name == 'The monster' else name} {move} {hex_text(o.destination)}{attack}."
        )
    else:
        lines.append(f"Ruling: the players choose one of {len(options)} options (GH-AMBIG-01):")
        for i, o in enumerate(options, 1):
            attack = f"attack {_hexes(o.attacks, sit)}" if o.attacks else "no attack"
            focus = _hexes((o.focus,), sit) if o.focus is not None else "-"
            lines.append(f"  {i}. end at {hex_text(o.destination)}, {attack} (focus {focus})")
    lines.append(f"Rules applied: {', '.join(ex.rules) or '-'}")
    match = expected_matches(sit, solution)
    if match is not None:
        lines.append("Expected answer: " + ("matches." if match else "DIFFERS from this ruling."))
    return "\n".join(lines)


def run(
    files: Sequence[FileArg], fmt: str, check: bool, explain: bool, out: Echo, err: Echo
) -> int:
    """Solve every file and print the answers; the exit code (0 ok, 1 a difference from
    ``expected`` with ``check``, 2 a file could not be used)."""
    failed_input = False
    mismatch = False
    first = True
    geometry = GeometryCache()  # files often share a map; answers are never reused
    for path in files:
        try:
            sit = load_file(path)
        except InputError as exc:
            failed_input = True
            err(f"error: {exc}")
            if fmt == "json":
                out(dumps({"file": shown(path), "error": str(exc)}))
            continue
        try:
            # (the explanation is written only where it is printed: text, or --explain)
            solution = solve(sit, geometry=geometry, explain=fmt != "json" or explain)
        except Exception as exc:  # a solver bug must still name the file, not dump a trace
            failed_input = True
            message = f"{shown(path)}: internal solver error ({type(exc).__name__}: {exc})"
            err(f"error: {message}")
            if fmt == "json":
                out(dumps({"file": shown(path), "error": message}))
            continue
        if check and expected_matches(sit, solution) is False:
            mismatch = True
            if fmt == "json":
                err(f"{shown(path)}: answer differs from expected")
        if fmt == "json":
            if explain:
                answer: dict[str, Any] = solution.to_json()
                answer["explanation"] = solution.explanation.to_json()
                out(dumps(answer))
            else:
                out(answer_json(solution))
        else:
            if not first:
                out("")
            first = False
            out(ruling_text(sit, solution))
    if failed_input:
        return 2
    if mismatch:
        return 1
    return 0


class GloomhavenReferee:
    """The referee face of the Gloomhaven ruleset (one instance: :data:`REFEREE`)."""

    situation_kind = "situation"

    def run(
        self, files: Sequence[FileArg], fmt: str, check: bool, explain: bool, out: Echo, err: Echo
    ) -> int:
        return run(files, fmt, check, explain, out, err)


REFEREE = GloomhavenReferee()
