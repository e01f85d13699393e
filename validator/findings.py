"""Findings: what every check and every reporter speaks.

A finding names where (file, JSON path; line and column are filled in by the reporter step
only for files that have findings, since computing them costs a re-scan of the text), what
(a stable code such as ``QGH201``, severity, message) and, where useful, how to fix it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

#: a JSON path as a sequence of object keys and array indices, from the document root
JsonPath = tuple[str | int, ...]


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


#: a quoted value longer than this is shortened in messages
MAX_QUOTED = 80
#: a message longer than this (a huge array echoed by the schema validator) is cut in the
#: middle, keeping its head and the tail that says what is wrong
MAX_MESSAGE = 1000
_QUOTED = re.compile(
    # a JSON/Rust-style "..." value, or a Python repr '...' (opening quote after a space or
    # bracket, so the apostrophe of "monster's" never starts one)
    r'"(?:[^"\\\n]|\\.)*"'
    + "|"
    + r"(?:(?<=^)|(?<=[\s(\[{:,=]))'(?:[^'\\\n]|\\.)*'(?=$|[\s)\]},.:;])"
)


def _shorten_quoted(match: re.Match[str]) -> str:
    text = match.group()
    if len(text) <= MAX_QUOTED:
        return text
    quote = text[0]
    return f"{text[: MAX_QUOTED - 20]}...{quote} ({len(text) - 2:,} characters)"


def shorten(message: str) -> str:
    """``message`` with long quoted values elided and its length bounded.

    Schema messages echo the offending value (``"aaaa...." is longer than 200
    characters``): a 9 MB string must not become a 9 MB line in a terminal, a CI log or
    a SARIF file. Quoted values over :data:`MAX_QUOTED` characters keep their start and
    say how long they were; whatever is still over :data:`MAX_MESSAGE` is cut in the
    middle. Short messages are returned unchanged.
    """
    if len(message) <= MAX_QUOTED:
        return message
    out = _QUOTED.sub(_shorten_quoted, message) if ('"' in message or "'" in message) else message
    if len(out) > MAX_MESSAGE:
        keep = MAX_MESSAGE // 2 - 40
        out = f"{out[:keep]} ... ({len(out) - 2 * keep:,} characters omitted) ... {out[-keep:]}"
    return out


@dataclass
class Finding:
    code: str
    severity: Severity
    message: str
    file: str | None = None
    path: JsonPath = ()
    hint: str | None = None
    line: int | None = None
    column: int | None = None
    #: further places involved (e.g. the other tile of an overlap): (file, path) pairs
    related: list[tuple[str | None, JsonPath]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.message = shorten(self.message)
        if self.hint is not None:
            self.hint = shorten(self.hint)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def json_pointer(self) -> str:
        """RFC 6901 pointer of :attr:`path` (``""`` for the document root)."""
        return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in self.path)

    def dotted_path(self) -> str:
        """A readable path: ``$.monsters[3].placements``."""
        out = "$"
        for part in self.path:
            out += f"[{part}]" if isinstance(part, int) else f".{part}"
        return out
