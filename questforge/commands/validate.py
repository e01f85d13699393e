"""``questforge validate PATH...``: schema and semantic validation of files, folders, packs.

Exit codes: 0 clean (warnings allowed unless ``--strict``), 1 content errors, 2 usage or
I/O errors (a path that does not exist, an output file that cannot be written). Bad content
is never a traceback: every problem with a file is a finding.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

#: the ``--format`` names: :func:`questforge.validator.reporters.names`, spelled out here so
#: that starting the command does not import every reporter (a test keeps the two equal)
FORMATS = ("text", "json", "sarif", "github", "junit")


def _want_color(output: str | None) -> bool:
    if output is not None or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty()


def _fail(message: str) -> None:
    click.echo(f"questforge validate: error: {message}", err=True)
    sys.exit(2)


def _list_checks(fmt: str) -> str:
    from questforge.validator.checks import all_checks
    from questforge.validator.semantic_stage import load_all_checks

    load_all_checks()
    specs = list(all_checks())
    if fmt == "json":
        rows = [
            {
                "code": s.code,
                "severity": s.severity.value,
                "ruleset": s.ruleset,
                "title": s.title,
                "description": s.description,
                "kind": "infrastructure" if s.infrastructure else "check",
            }
            for s in specs
        ]
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    lines = []
    for s in specs:
        lines.append(f"{s.code}  {s.severity.value:<7}  [{s.ruleset}]  {s.title}")
        lines.append(f"    {s.description}")
    lines.append(f"\n{len(specs)} codes")
    return "\n".join(lines) + "\n"


#: how ``-`` is named in findings
STDIN_NAME = "<stdin>"


def _validate_stdin(schema_only: bool) -> Any:
    """Validate one document read from standard input (``validate -``), like a loose file.

    The same limits as files: at most 10 MiB is read, the bytes must be UTF-8, and the
    text goes through the same loader (depth, duplicates, NaN, lone surrogates), so a
    finding names ``<stdin>`` with line and column.
    """
    from questforge.engine.core.jsonload import DEFAULT_MAX_BYTES, JsonLoadError, decode
    from questforge.validator import codes
    from questforge.validator.runner import Report, document_from_text, validate_documents

    report = Report(files=[STDIN_NAME])
    raw = sys.stdin.buffer.read(DEFAULT_MAX_BYTES + 1)
    if len(raw) > DEFAULT_MAX_BYTES:
        report.findings.append(
            codes.TOO_BIG.finding(
                "standard input holds more than the 10 MiB limit for a content file",
                file=STDIN_NAME,
            )
        )
        return report
    try:
        text = decode(raw)
    except JsonLoadError as exc:
        spec = codes.BINARY if exc.reason == "binary" else codes.ENCODING
        finding = spec.finding(exc.message, file=STDIN_NAME, hint=exc.hint)
        finding.line, finding.column = exc.line or 1, exc.column or 1
        report.findings.append(finding)
        return report
    doc, findings = document_from_text(STDIN_NAME, text)
    report.findings.extend(findings)
    if doc is not None:
        part = validate_documents([doc], schema_only=schema_only)
        for finding in part.findings:
            if finding.line is None and finding.file == STDIN_NAME:
                finding.line, finding.column = doc.position(finding.path)
        report.findings.extend(part.findings)
    return report


def _write(text: str, output: str | None, *, color: bool = False) -> None:
    if output is None:
        # color=True keeps ANSI codes we decided to emit (click strips them off a non-tty)
        click.echo(text, nl=False, color=color or None)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot write {output}: {exc.strerror or exc}")


@click.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=str))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="Report format: text for people, json for scripts, sarif for GitHub code "
    "scanning, github for workflow annotations, junit for CI test reports.",
)
@click.option("--output", "-o", type=str, default=None, help="Write the report to FILE.")
@click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
@click.option("--schema-only", is_flag=True, help="Only JSON Schema; skip the semantic checks.")
@click.option("--list-checks", is_flag=True, help="List every finding code and exit.")
@click.option(
    "--pack-path",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Folder to search for required packs (repeatable); sibling folders are searched first.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Processes for a large pack: 2 shares a --schema-only run's files, or a full "
    "run's checks, with a forked child (less wall clock on a second core); default 2 on a "
    "machine with two or more cores (QUESTFORGE_JOBS sets another), 1 keeps one process. "
    "The report is the same either way.",
)
def validate(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    strict: bool,
    schema_only: bool,
    list_checks: bool,
    pack_path: tuple[Path, ...],
    jobs: int | None,
) -> None:
    """Validate content files, folders and packs (every problem, not only the first).

    A folder that holds pack.json is a pack; a folder holding several packs validates
    each of them; a single file is checked in the context of its pack. "-" reads one
    document from standard input (checked like a file outside any pack).
    """
    if list_checks:
        if fmt not in ("text", "json"):
            _fail(f"--list-checks writes text or json, not {fmt}")
        _write(_list_checks(fmt), output)
        return
    if not paths:
        _fail("give at least one file, folder or pack to validate (or --list-checks)")
    if output is not None and Path(output).is_dir():
        _fail(f"cannot write {output}: it is a folder")

    from questforge.validator.reporters import render
    from questforge.validator.runner import PathNotFoundError, validate_paths

    if paths.count("-") > 1:
        _fail("standard input (-) can be given once")
    try:
        files = [p for p in paths if p != "-"]
        from questforge import launch
        from questforge.engine.core.processes import default_jobs

        report = validate_paths(
            files,
            schema_only=schema_only,
            pack_path=pack_path,
            jobs=min(jobs or default_jobs(), 2),
            # the console script ends without the interpreter's teardown: the parsed files
            # are then never freed, one by one, before it ends
            keep=[] if launch.in_console() else None,
        )
        if "-" in paths:
            piped = _validate_stdin(schema_only)
            report.findings.extend(piped.findings)
            report.files.extend(piped.files)
            report.sort()
    except PathNotFoundError as exc:
        _fail(str(exc))
        return
    except OSError as exc:
        _fail(f"{exc.filename or ''}: {exc.strerror or exc}")
        return
    except Exception as exc:  # a questforge bug: say so plainly, traceback on request
        if os.environ.get("QUESTFORGE_DEBUG"):
            raise
        _fail(
            f"internal error ({type(exc).__name__}: {exc}); this is a questforge bug - "
            "rerun with QUESTFORGE_DEBUG=1 for the traceback and please report it"
        )
        return
    if not report.files:  # a typo'd or empty folder must not pass CI unnoticed
        click.echo(
            "questforge validate: warning: no content files (*.json) found in " + ", ".join(paths),
            err=True,
        )
    color = _want_color(output) and fmt == "text"
    _write(render(fmt, report, color=color), output, color=color)
    if output is not None:
        from questforge.validator.reporters.text import summary

        click.echo(summary(report), err=True)
    from questforge import launch

    launch.finish(report.exit_code(strict))
