"""``questforge render SCENARIO``: a scenario map as PNG or SVG, without a display.

``questforge render SCENARIO [--players 2|3|4] [--format png|svg] [-o FILE]
[--orientation flat|pointy]``. The picture is the editor's own map drawing (walls, rooms,
doors, overlays, monsters with their three-part player-count markers), with the monsters
absent at the chosen player count faded. Exit codes: 0 written, 2 the file cannot be read,
is not a scenario, or the image cannot be written.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

#: ``--players`` of the commands that show a scenario map (``render``, ``edit``): monsters
#: absent at that player count are faded
players_option = click.option(
    "--players",
    type=click.IntRange(2, 4),
    default=2,
    show_default=True,
    help="Player count the map is shown for.",
)


@click.command()
@click.argument("scenario", type=click.Path(exists=True, path_type=Path))
@players_option
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
    help="Output file (default: SCENARIO's name with .png/.svg in the current folder).",
)
@click.option(
    "--orientation",
    type=click.Choice(["flat", "pointy"]),
    default="flat",
    show_default=True,
    help="Draw flat-topped or pointy-topped hexes.",
)
def render(
    scenario: Path,
    players: int,
    fmt: str | None,
    output: Path | None,
    orientation: str,
    cards: bool,
) -> None:
    """Render a scenario map, a card file, or a pack's cards (--cards or a PACK folder)."""
    from questforge.editor.cards import CardError, render_cards
    from questforge.editor.render import RenderError, RenderOptions, render_file

    try:
        written_card = render_cards(scenario, output, fmt, sheet=cards)
    except CardError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    if written_card is not None:
        click.echo(f"wrote {written_card}")
        return

    if fmt is None:
        fmt = output.suffix.lstrip(".").lower() if output and output.suffix else "png"
        if fmt not in ("png", "svg"):
            raise click.UsageError(f"cannot tell the format from {output}: use --format png|svg")
    if output is None:
        output = Path.cwd() / f"{scenario.stem}-{players}p.{fmt}"
    try:
        written = render_file(
            scenario, output, RenderOptions(players=players, orientation=orientation, fmt=fmt)
        )
    except RenderError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    click.echo(f"wrote {written}")
