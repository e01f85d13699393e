"""``questforge schema list`` and ``questforge schema export DIR [--bundle]``.

``list`` shows every shipped schema (folder, name, ``$id``, title); ``export`` writes them
as files for editors and other tools, ``--bundle`` makes each one self-contained (every
``$ref`` inlined) so it works offline, e.g. with check-jsonschema or an IDE.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click


def _fail(message: str) -> None:
    click.echo(f"questforge schema: error: {message}", err=True)
    sys.exit(2)


@click.group("schema")
def schema() -> None:
    """List or export the JSON Schemas (draft 2020-12) of every content kind."""


@schema.command("list")
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text")
def list_schemas(fmt: str) -> None:
    """Every shipped schema: folder, name, $id and title."""
    from questforge.validator.schemas import default_store

    entries = list(default_store())
    if fmt == "json":
        rows = [{"folder": e.folder, "name": e.name, "id": e.id, "title": e.title} for e in entries]
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    header = ("FOLDER", "NAME", "$ID", "TITLE")
    rows_t = [header] + [(e.folder, e.name, e.id, e.title) for e in entries]
    widths = [max(len(r[i]) for r in rows_t) for i in range(3)]
    for row in rows_t:
        click.echo(
            "  ".join(c.ljust(w) for c, w in zip(row[:3], widths, strict=True)) + "  " + row[3]
        )


@schema.command("export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--bundle",
    is_flag=True,
    help="Make each schema self-contained: every $ref inlined under $defs, so tools "
    "without questforge's registry (check-jsonschema, IDEs) can use it offline.",
)
def export(directory: Path, bundle: bool) -> None:
    """Write every schema to DIRECTORY/<folder>/<name>.schema.json."""
    from questforge.validator.bundle import BundleError
    from questforge.validator.bundle import bundle as make_bundle
    from questforge.validator.schemas import SUFFIX, default_store

    store = default_store()
    count = 0
    for entry in store:
        try:
            content = make_bundle(entry, store) if bundle else entry.schema
        except BundleError as exc:
            _fail(f"{entry.folder}/{entry.name}: {exc}")
        target = directory / entry.folder / f"{entry.name}{SUFFIX}"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(
                json.dumps(content, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
        except OSError as exc:
            _fail(f"cannot write {target}: {exc.strerror or exc}")
        count += 1
    kind = "bundled schemas" if bundle else "schemas"
    click.echo(f"wrote {count} {kind} to {directory}")
