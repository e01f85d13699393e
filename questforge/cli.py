"""The ``questforge`` command group.

Each command lives in ``questforge.commands.<module>`` and is imported only when it runs, so
start-up stays fast and a command that needs Qt does not slow down one that does not.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

import click

from questforge import __version__

#: command name -> (module under questforge.commands, attribute, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "validate": ("validate", "validate", "Validate content files or whole packs."),
    "schema": ("schema", "schema", "List or export the JSON Schemas."),
    "new": ("new", "new", "Scaffold a pack or content file that validates."),
    "ai": ("ai", "ai", "Monster-AI solver: where does the monster move, what does it attack."),
    "play": ("play", "play", "Play a scenario in the terminal (bots with --auto)."),
    "simulate": ("simulate", "simulate", "Run many seeded bot playthroughs; balance report."),
    "campaign": (
        "campaign",
        "campaign",
        "Campaign play: party and character sheets across scenarios.",
    ),
    "replay": ("replay", "replay", "Re-run a saved game log; --verify checks it."),
    "render": ("render", "render", "Render a scenario map as PNG or SVG."),
    "edit": ("edit", "edit", "Open the scenario editor."),
}


class LazyGroup(click.Group):
    """A click group whose sub-commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if _available(name))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = COMMANDS.get(cmd_name)
        if spec is None:
            return None
        module_name, attr, _ = spec
        try:
            module = importlib.import_module(f"questforge.commands.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"questforge.commands.{module_name}":
                return None
            raise
        command = getattr(module, attr)
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _available(name: str) -> bool:
    module_name = COMMANDS[name][0]
    return importlib.util.find_spec(f"questforge.commands.{module_name}") is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="questforge")
def cli() -> None:
    """questforge: validate, edit and playtest board-game content packs."""


def main() -> None:
    """Console-script entry point."""
    try:
        cli(prog_name="questforge")
    except KeyboardInterrupt:  # pragma: no cover - interactive
        click.echo("interrupted", err=True)
        sys.exit(130)
