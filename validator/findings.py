"""Findings: what every check and every reporter speaks.

A finding names where (file, JSON path; line and column are filled in by the reporter step
only for files that have findings, since computing them costs a re-scan of the text), what
(a stable code such as ``QGH201``, severity, message) and, where useful, how to fix it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

#: a JSON path as a sequence of object keys and array indices, from the document root
JsonPath = tuple[str | int, ...]


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


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
