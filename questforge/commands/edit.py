"""``questforge edit [FILE or PACK]``: the scenario editor.

- no argument: opens the bundled sample pack (and its largest scenario);
- a pack folder: opens the pack; a content file: opens it (and the pack around it);
- ``--screenshot out.png``: renders the main window offscreen, writes the PNG and exits
  (``QT_QPA_PLATFORM=offscreen`` is set for you), so docs and reviews can show the editor;
- without a display (no ``DISPLAY``/``WAYLAND_DISPLAY`` on Linux) and without
  ``--screenshot`` it says so and points to ``--screenshot``, ``render`` and ``simulate``
  (exit 2, no traceback).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

players_option = click.option(
    "--players",
    type=click.IntRange(2, 4),
    default=2,
    show_default=True,
    help="Player count the map is shown for.",
)


def bundled_pack() -> Path:
    from importlib import resources

    from questforge.engine import rulesets

    root = Path(str(resources.files("questforge.content")))
    # the sample pack of the first built-in ruleset (the flagship game)
    return root / f"{rulesets.BUILTIN[0]}-sample"


def has_display() -> bool:
    """False on a Linux/BSD machine without X11 or Wayland and no Qt platform chosen."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _largest_scenario(pack: Path) -> Path | None:
    from questforge.engine.core.pack import iter_pack_files  # the safe walk and loader

    best: tuple[int, Path] | None = None
    for file in iter_pack_files(pack):
        if isinstance(file.data, dict) and file.data.get("kind") == "scenario":
            size = len(file.loaded.text) if file.loaded else 0
            if best is None or size > best[0]:
                best = (size, file.path)
    return best[1] if best else None


@click.command()
@click.argument(
    "target", required=False, type=click.Path(exists=True, path_type=Path), metavar="[FILE|PACK]"
)
@click.option(
    "--screenshot",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Render the main window offscreen to this PNG and exit.",
)
@players_option
@click.option(
    "--level",
    type=click.IntRange(0, 7),
    default=1,
    show_default=True,
    help="Scenario level for monster stats.",
)
@click.option("--size", default="1400x900", show_default=True, help="Window size WxH.")
def edit(target: Path | None, screenshot: Path | None, players: int, level: int, size: str) -> None:
    """Open the scenario editor (default: the bundled sample pack)."""
    if screenshot is not None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif not has_display():
        click.echo(
            "questforge edit: there is no display here (no DISPLAY or WAYLAND_DISPLAY), so the "
            "editor window cannot open.\n"
            "  - picture of the editor:  questforge edit [FILE|PACK] --screenshot editor.png\n"
            "  - picture of a map:       questforge render SCENARIO --players 3 -o map.png\n"
            "  - playtest without a UI:  questforge simulate SCENARIO --players 3 --games 100",
            err=True,
        )
        sys.exit(2)
    try:
        width, height = (int(x) for x in size.lower().split("x", 1))
    except ValueError:
        raise click.BadParameter(
            "expected WIDTHxHEIGHT, e.g. 1400x900", param_hint="--size"
        ) from None

    from PySide6.QtWidgets import QApplication

    from questforge.editor.clipboard import release_clipboard_on_quit
    from questforge.editor.mainwindow import MainWindow
    from questforge.editor.prompts import ScriptedPrompts
    from questforge.editor.render import quiet_qt_messages

    quiet_qt_messages()

    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setApplicationName("questforge editor")
    app.setOrganizationName("questforge")
    release_clipboard_on_quit(app)
    scripted = ScriptedPrompts() if screenshot else None
    window = MainWindow(prompts=scripted)
    window.resize(width, height)
    pack = bundled_pack() if target is None else None
    if target is None:
        window.open_path(pack)  # type: ignore[arg-type]
        scenario = _largest_scenario(pack)  # type: ignore[arg-type]
        if scenario is not None:
            window.open_file(scenario)
    else:
        window.open_path(target)
        if target.is_dir():
            scenario = _largest_scenario(target)
            if scenario is not None:
                window.open_file(scenario)
    window._rebuild_setup_toolbar()
    window.set_setup_value("players", players)
    window.set_setup_value("level", level)
    if screenshot is None:
        window.recover_untitled()  # autosaves of never-saved documents, after a crash
    if scripted is not None and scripted.errors:
        for _title, message in scripted.errors:
            click.echo(f"error: {message}", err=True)
        sys.exit(2)
    if screenshot is not None:
        window.show()
        window.validator.validate_now()
        for _ in range(5):
            app.processEvents()
        editor = window.current_editor()
        if editor is not None and hasattr(editor, "view"):
            editor.view.fit()
            app.processEvents()
        image = window.grab()
        screenshot.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(screenshot), "PNG"):
            click.echo(f"error: cannot write {screenshot}", err=True)
            sys.exit(2)
        click.echo(f"wrote {screenshot}")
        return
    window.show()
    sys.exit(app.exec())
