"""The result of a validation run: every finding, and every file that was looked at."""

from __future__ import annotations

from dataclasses import dataclass, field

from questforge.validator.findings import Finding, Severity


@dataclass
class Report:
    """Every finding of one validation run, and every file that was validated."""

    findings: list[Finding] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity is Severity.WARNING)

    def exit_code(self, strict: bool = False) -> int:
        """0 clean (warnings allowed unless ``strict``), 1 content errors."""
        if self.errors or (strict and self.warnings):
            return 1
        return 0

    def by_file(self) -> dict[str | None, list[Finding]]:
        out: dict[str | None, list[Finding]] = {}
        for finding in self.findings:
            out.setdefault(finding.file, []).append(finding)
        return out

    def extend(self, other: Report) -> None:
        """Add the findings and files of ``other`` (another pack of the same run)."""
        self.findings.extend(other.findings)
        self.files.extend(other.files)

    def sort(self) -> None:
        self.findings.sort(
            key=lambda f: (f.file or "", f.line or 0, f.column or 0, f.code, f.message)
        )
        self.files.sort()
