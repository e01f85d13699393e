"""Loading untrusted content into :class:`LoadedDocument` objects, with findings for what fails.

Files go through :mod:`questforge.engine.core.jsonload` (size, depth, encoding, binary,
malformed JSON, duplicate keys); a file that cannot be used becomes a finding with line and
column, never an exception. Editor text goes through the same checks
(:func:`document_from_text`). The documents of required packs are loaded once per run
(:func:`load_required`), however many packs require them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from questforge.engine.core import pack as packs
from questforge.engine.core.jsonload import (
    JsonLoadError,
    LoadedJson,
    load_json_file,
    load_json_text,
)
from questforge.validator import codes
from questforge.validator.checks import CheckSpec
from questforge.validator.document import LoadedDocument, base_prefix, display_name
from questforge.validator.findings import Finding

#: :class:`JsonLoadError` reason -> the code it is reported as
LOAD_CODES: dict[str, CheckSpec] = {
    "io": codes.IO_ERROR,
    "too-big": codes.TOO_BIG,
    "too-deep": codes.TOO_DEEP,
    "encoding": codes.ENCODING,
    "binary": codes.BINARY,
    "empty": codes.EMPTY,
    "malformed": codes.MALFORMED,
    "surrogate": codes.LONE_SURROGATE,
}

#: :class:`~questforge.engine.core.pack.PackProblem` kind -> the code it is reported as
PACK_CODES: dict[str, CheckSpec] = {
    "symlink": codes.SYMLINK,
    "unreadable": codes.IO_ERROR,
    "outside": codes.OUTSIDE,
    "requires-location": codes.REQUIRES_LOCATION,
    "requires-missing": codes.REQUIRES_MISSING,
    "requires-version": codes.REQUIRES_VERSION,
    "requires-self": codes.REQUIRES_SELF,
    "manifest": codes.NOT_OBJECT,
    "requires-invalid": codes.REQUIRES_LOCATION,
}


def load_error_finding(exc: JsonLoadError, name: str) -> Finding:
    finding = LOAD_CODES[exc.reason].finding(exc.message, file=name, hint=exc.hint)
    finding.line, finding.column = exc.line or 1, exc.column or 1
    return finding


def duplicate_findings(name: str, loaded: LoadedJson) -> list[Finding]:
    findings = []
    for dup in loaded.duplicates:
        finding = codes.DUPLICATE_KEY.finding(
            f"key {dup.path[-1]!r} appears more than once in this object; the last value wins",
            file=name,
            path=dup.path,
            hint="remove or rename one of them",
        )
        finding.line, finding.column = dup.line, dup.column
        findings.append(finding)
    return findings


def document_from_text(name: str, text: str) -> tuple[LoadedDocument | None, list[Finding]]:
    """Parse editor text into a :class:`LoadedDocument` with the same safety checks as files
    (depth, duplicates, malformed JSON with line and column); ``None`` plus the finding when
    the text is not usable JSON."""
    try:
        loaded = load_json_text(text)
    except JsonLoadError as exc:
        return None, [load_error_finding(exc, name)]
    doc = LoadedDocument(name, loaded.data, text=loaded.text)
    doc.unique_keys = not loaded.duplicates
    return doc, duplicate_findings(name, loaded)


@dataclass
class FileLoader:
    """Loads files with the run's limits and names them relative to ``base``."""

    base: Path | None
    max_bytes: int
    max_depth: int
    prefix: str = ""

    def __post_init__(self) -> None:
        self.prefix = base_prefix(self.base)

    def name(self, path: Path) -> str:
        return display_name(path, prefix=self.prefix)

    def load(self, path: Path, pack_id: str | None) -> tuple[LoadedDocument | None, list[Finding]]:
        name = self.name(path)
        try:
            loaded = load_json_file(path, max_bytes=self.max_bytes, max_depth_limit=self.max_depth)
        except JsonLoadError as exc:
            return None, [load_error_finding(exc, name)]
        doc = LoadedDocument(name, loaded.data, text=loaded.text, path=path, pack_id=pack_id)
        doc.unique_keys = not loaded.duplicates
        return doc, duplicate_findings(name, loaded)


def problem_finding(problem: packs.PackProblem, base: Path | None) -> Finding:
    """A pack-layout problem (a link, a bad ``requires``) as a finding."""
    spec = PACK_CODES[problem.kind]
    return spec.finding(
        problem.message,
        file=display_name(problem.path, base),
        path=problem.json_path,
        hint=problem.hint,
    )


def load_required(
    pack: packs.Pack,
    pack_path: Sequence[Path],
    loader: FileLoader,
    required_cache: dict[Path, list[LoadedDocument]],
    pack_cache: dict[Path, packs.Pack],
) -> tuple[dict[str, list[LoadedDocument]], list[packs.PackProblem]]:
    """The documents of the packs ``pack`` requires, by pack id (loaded once per run: the
    caches are the run's), and the problems finding them."""
    found, problems = packs.resolve_requires(pack, pack_path, _cache=pack_cache)
    required: dict[str, list[LoadedDocument]] = {}
    for other in found:
        if other.root not in required_cache:
            docs: list[LoadedDocument] = []
            files, _ = packs.content_files(other.root)
            for path in files:
                doc, _findings = loader.load(path, other.id)
                if doc is not None:
                    docs.append(doc)
            required_cache[other.root] = docs
        required[other.id] = required_cache[other.root]
    return required, problems
