"""``questforge render TARGET``: a document's picture (a scenario map, a quest map, a board)
as PNG or SVG, without a display, for any ruleset whose board mode draws that kind.

``TARGET`` is a file (that file exactly), ``PACK-DIR:ID``, ``PACK-ID:ID`` or a bundled id,
as for ``play`` and ``simulate``. The options after it are the renderer's own (Gloomhaven's
maps: ``--players 2-4``, ``--orientation flat|pointy``). The picture is drawn even when the
document has validation errors (a designer wants to see it), but the errors are listed and
the exit status is 1, so a broken file never renders "successfully" in a script.
Exit codes: 0 written, 1 written but the document has errors, 2 unreadable input, a kind
with no picture, or an image that cannot be written.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from questforge.commands.gamecli import check_output, fail, parse_setup_args, single_setup


def _errors_of(path: Path) -> list[str]:
    """The error findings of ``path`` (validated in its pack), as lines."""
    from questforge.validator.runner import validate_paths

    result = validate_paths([path])
    lines = []
    for finding in result.findings:
        if not finding.is_error:
            continue
        where = (
            f"{finding.file}:{finding.line}:{finding.column}" if finding.line else str(finding.file)
        )
        lines.append(f"{where}: {finding.code} {finding.message}")
    return lines


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("target")
@click.argument("args", nargs=-1, type=click.UNPROCESSED, metavar="[OPTIONS OF THE PICTURE]")
@click.option(
    "--cards", is_flag=True, help="A contact sheet of every card of the pack (png, svg or pdf)."
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["png", "svg"]),
    default=None,
    help="Image format (default: from -o's suffix, else png).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Output file (default: <id>.png/.svg in the current folder).",
)
@click.pass_context
def render(
    ctx: click.Context,
    target: str,
    args: tuple[str, ...],
    cards: bool,
    fmt: str | None,
    output: Path | None,
) -> None:
    """Render TARGET's picture: a map or board, a card file's faces, or (a PACK folder or
    --cards) a contact sheet of every card of the pack for print-and-play (png/svg/pdf)."""
    from questforge.editor.cards import CardError, render_cards
    from questforge.editor.render import RenderError, RenderOptions, render_file, renderer_for
    from questforge.engine.core.targets import TargetError, resolve_target

    if Path(target).is_dir() or cards:
        source = Path(target)
        if not source.exists():
            try:
                source = resolve_target(target).file
            except TargetError as exc:
                fail(str(exc))
        try:
            sheet = render_cards(source, output, fmt, sheet=True)
        except CardError as exc:
            fail(str(exc))
        click.echo(f"wrote {sheet}")
        return
    try:
        resolved = resolve_target(target)
    except TargetError as exc:
        fail(str(exc))
    try:
        written_card = render_cards(resolved.file, output, fmt)
    except CardError as exc:
        fail(str(exc))
    if written_card is not None:
        click.echo(f"wrote {written_card}")
        return
    spec = renderer_for(resolved.ruleset, resolved.kind)
    if spec is None:
        from questforge.editor.render import renderable_kinds

        known = ", ".join(renderable_kinds(resolved.ruleset)) or "none"
        fail(
            f"{resolved.file}: a {resolved.ruleset} {resolved.kind!r} has no picture to render "
            f"(renderable kinds: {known})"
        )
    values = single_setup(spec.options, parse_setup_args(spec.options, [*args, *ctx.args]))
    if fmt is None:
        fmt = output.suffix.lstrip(".").lower() if output and output.suffix else "png"
        if fmt not in ("png", "svg"):
            fail(f"cannot tell the format from {output}: use --format png|svg")
    if output is None:
        suffix = "-".join(str(v) for o, v in values.items() if o == "players")
        output = Path.cwd() / f"{resolved.id}{'-' + suffix + 'p' if suffix else ''}.{fmt}"
    check_output(output, "-o")
    try:
        written = render_file(resolved.file, output, RenderOptions(values, fmt), resolved.ruleset)
    except RenderError as exc:
        fail(str(exc))
    click.echo(f"wrote {written}")
    errors = _errors_of(resolved.file)
    if errors:
        for line in errors[:20]:
            click.echo(line, err=True)
        more = f" ({len(errors) - 20} more)" if len(errors) > 20 else ""
        click.echo(
            f"render: {resolved.file} has {len(errors)} error(s){more}; the picture shows it as "
            "it is. Run `questforge validate` for details.",
            err=True,
        )
        sys.exit(1)
