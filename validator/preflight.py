"""Validate what is about to be played: the check ``play``, ``simulate`` and the editor's
Playtest and Simulate actions run before a game starts.

The engine trusts its content (a monster off the map is placed off the map), so broken
content is refused *before* a game, with the validator's findings - the same ones
``questforge validate`` prints - rather than discovered halfway through one. Generic for
every ruleset: the target's pack is validated as a whole (references resolve across it),
and the errors that block are those in the target document itself and in the pack's
shared content (``pack.json``, monsters, tiles, decks …); an error in *another* document
of the target's kind (a sibling scenario) does not stop this one from being played.
Warnings never block.

Validating the sample pack costs about half a second, so the result is kept on disk,
keyed by a digest of the pack's files and of the validator's own code: playing an
unchanged pack again pays only the digest (tens of milliseconds).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from questforge.engine.core.jsonload import JsonLoadError, load_json_file
from questforge.engine.core.targets import pack_digest
from questforge.validator.findings import Finding, Severity

#: bump when the cached form changes
_CACHE_FORMAT = 2


@dataclass
class Preflight:
    """The validator's verdict on a target before a game."""

    #: errors that stop the game (in the target or in content it shares)
    errors: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    #: the result came from the cache (the pack had not changed)
    cached: bool = False

    @property
    def ok(self) -> bool:
        return not self.errors

    def lines(self, limit: int = 50) -> list[str]:
        """``file:line:col: error CODE message`` for each blocking error (at most ``limit``,
        then a count of the rest)."""
        out = [format_finding(f) for f in self.errors[:limit]]
        if len(self.errors) > limit:
            out.append(f"… and {len(self.errors) - limit} more error(s)")
        return out


def format_finding(finding: Finding) -> str:
    """One finding as a person (or an editor's jump-to) reads it: ``file:line:col: ...``."""
    where = finding.file or "<pack>"
    if finding.line is not None:
        where += f":{finding.line}"
        if finding.column is not None:
            where += f":{finding.column}"
    elif finding.path:
        where += f" ({finding.dotted_path()})"
    return f"{where}: {finding.severity.value} {finding.code} {finding.message}"


def cache_dir() -> Path:
    """Where verdicts are kept: ``$QUESTFORGE_CACHE_DIR``, else the user's cache folder."""
    explicit = os.environ.get("QUESTFORGE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "questforge" / "preflight"


def _code_stamp() -> str:
    """What the checks are: the validator's and the schemas' files (names, sizes, times),
    so a changed check never reuses an old verdict."""
    from questforge import schema, validator

    h = hashlib.sha256()
    for package in (validator, schema):
        for folder in package.__path__:
            for path in sorted(Path(folder).rglob("*")):
                if path.suffix in (".py", ".json") and path.is_file():
                    stat = path.stat()
                    h.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return h.hexdigest()[:16]


def _to_json(f: Finding) -> dict[str, Any]:
    return {
        "code": f.code,
        "severity": f.severity.value,
        "message": f.message,
        "file": f.file,
        "path": list(f.path),
        "hint": f.hint,
        "line": f.line,
        "column": f.column,
        "related": [[file, list(path)] for file, path in f.related],
    }


def _from_json(d: dict[str, Any]) -> Finding:
    return Finding(
        code=d["code"],
        severity=Severity(d["severity"]),
        message=d["message"],
        file=d.get("file"),
        path=tuple(d.get("path") or ()),
        hint=d.get("hint"),
        line=d.get("line"),
        column=d.get("column"),
        related=[(file, tuple(path)) for file, path in d.get("related") or []],
    )


def _validate(pack_root: Path) -> list[Finding]:
    from questforge.validator.runner import validate_paths

    return list(validate_paths([pack_root]).findings)


def pack_findings(pack_root: Path, *, use_cache: bool = True) -> tuple[list[Finding], bool]:
    """Every finding of the pack at ``pack_root`` (file names relative to the working
    folder) and whether they came from the cache."""
    root = pack_root.absolute()
    if not use_cache:
        return _validate(root), False
    key = hashlib.sha256(
        "\0".join(
            (str(_CACHE_FORMAT), str(root), os.getcwd(), pack_digest([root]), _code_stamp())
        ).encode()
    ).hexdigest()
    stored = cache_dir() / f"{key}.json"
    try:
        return [_from_json(d) for d in json.loads(stored.read_text("utf-8"))], True
    except (OSError, ValueError, KeyError, TypeError):
        pass
    found = _validate(root)
    try:
        stored.parent.mkdir(parents=True, exist_ok=True)
        temporary = stored.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps([_to_json(f) for f in found]), "utf-8")
        temporary.replace(stored)
    except OSError:
        pass  # no cache folder: validate again next time
    return found, False


def check_target(
    pack_root: Path, target_file: Path, kind: str, *, use_cache: bool = True
) -> Preflight:
    """The blocking errors and the warnings for playing the ``kind`` document
    ``target_file`` of the pack at ``pack_root``."""
    findings, cached = pack_findings(pack_root, use_cache=use_cache)
    target = target_file.resolve()
    kinds: dict[Path, str | None] = {}

    def kind_of(file: str) -> str | None:
        path = Path(file).resolve()
        if path == target:
            return kind
        if path not in kinds:
            try:
                data = load_json_file(path).data
                found = data.get("kind") if isinstance(data, dict) else None
                kinds[path] = found if isinstance(found, str) else None
            except (JsonLoadError, OSError):
                kinds[path] = None
        return kinds[path]

    def is_target(file: str) -> bool:
        return Path(file).resolve() == target

    out = split_findings(findings, kind, is_target, kind_of)
    out.cached = cached
    return out


def split_findings(
    findings: Iterable[Finding],
    kind: str,
    is_target: Callable[[str], bool],
    kind_of: Callable[[str], str | None],
) -> Preflight:
    """Which of a pack's ``findings`` stop a game of its ``kind`` document that
    ``is_target`` names (``kind_of`` tells a file's kind): the same rule for the command
    line and the editor, which has its findings from live validation already."""

    def sibling(file: str | None) -> bool:
        """``file`` is another document of the target's kind (a sibling scenario)."""
        return file is not None and not is_target(file) and kind_of(file) == kind

    out = Preflight()
    for f in findings:
        if sibling(f.file):
            continue  # another scenario's problems are not this game's
        # a clash with a sibling only (the same id or number as the scenario it was copied
        # from, while it is tweaked: play/simulate of a file mean that file exactly) is
        # the pack's problem, not the game's: listed, never blocking
        clash = bool(f.related) and all(sibling(file) for file, _ in f.related)
        blocking = f.severity is Severity.ERROR and not clash
        (out.errors if blocking else out.warnings).append(f)
    return out
