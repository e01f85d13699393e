"""Editor benchmark: opening and rendering big scenarios, and the cost of one edit.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/editor.py [--edits 40]``

Measures, in one process on the offscreen Qt platform:

1. open + render the largest bundled scenario: ``MainWindow.open_file`` (parse, build the
   map scene, palettes, inspector) and a PNG export of the map;
2. the same for a generated 60-tile scenario (every sample tile placed repeatedly, one room
   per tile, doors between neighbours, monsters and overlays on every tile) in a temporary
   copy of the sample pack;
3. per undoable edit on the 60-tile map with live validation on: the edit (undo command +
   scene update + event processing) and the incremental re-validation as the live validator
   runs it (copy of the edited document on the UI thread, then the kept
   ``ValidationSession`` re-validates), median and 95th percentile; for comparison, a full
   validation of a fresh snapshot (what every edit cost before the session) and a session
   sync of every document.

Goals (issue 5): opening under a second; an edit plus re-validation under 50 ms on the
60-tile map.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from questforge.editor.render import quiet_qt_messages


def sample_pack() -> Path:
    from importlib import resources

    return Path(str(resources.files("questforge.content"))) / "gloomhaven-sample"


def largest_scenario(pack: Path) -> Path:
    scenarios = []
    for path in pack.rglob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("kind") == "scenario":
            scenarios.append((len(data.get("tiles", [])), path.stat().st_size, path))
    return max(scenarios)[2]


def generate_scenario(pack: Path, tiles: int = 60) -> dict[str, Any]:
    """A big scenario: ``tiles`` placements packed on a 10-wide grid, a room per tile."""
    from questforge.engine.core import hexgrid

    tile_ids = []
    for path in sorted((pack / "tiles").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "a" in data.get("sides", {}):
            tile_ids.append((data["id"], [tuple(h) for h in data["sides"]["a"]["hexes"]]))
    monsters = sorted(p.stem for p in (pack / "monsters").glob("*.json"))
    placements, rooms, doors, overlays, mons = [], [], [], [], []
    occupied: set[tuple[int, int]] = set()
    anchor_q = 0
    for i in range(tiles):
        tid, hexes = tile_ids[i % len(tile_ids)]
        # walk right along the row until the tile (plus a one-hex gap) fits: no overlaps
        row = i // 10
        if i % 10 == 0:
            anchor_q = 0
        while True:
            pos = (anchor_q, row * 12 - anchor_q // 2)
            placed = [(h[0], h[1]) for h in (hexgrid.place(x, 0, pos) for x in hexes)]
            ring = {(q + dq, r + dr) for q, r in placed for dq, dr in hexgrid.DIRECTIONS}
            if not (ring | set(placed)) & occupied:
                break
            anchor_q += 1
        occupied.update(placed)
        pid = f"t{i}"
        placements.append(
            {"id": pid, "tile": tid, "side": "a", "position": list(pos), "rotation": 0}
        )
        rooms.append({"id": f"room-{i}", "tiles": [pid]})
        mons.append(
            {
                "monster": monsters[i % len(monsters)],
                "hex": list(placed[len(placed) // 2]),
                "players": {"2": "normal", "3": "normal", "4": "elite"},
            }
        )
        overlays.append({"type": "difficult", "hexes": [list(placed[1])]})
        overlays.append({"type": "trap", "hexes": [list(placed[2])], "damage": True})
    return {
        "$schema": "https://questforge.dev/schema/gloomhaven/scenario.schema.json",
        "kind": "scenario",
        "id": "bench-sixty",
        "number": 999,
        "name": "Sixty tiles",
        "tiles": placements,
        "rooms": rooms,
        "starting_room": "room-0",
        "starting_hexes": [mons[0]["hex"]],
        "doors": doors,
        "overlays": overlays,
        "monsters": mons[1:],
        "win": [{"type": "kill-all"}],
    }


def timed(func: Any, *args: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    result = func(*args)
    return time.perf_counter() - start, result


def open_and_render(
    app: QApplication, window: Any, path: Path, out: Path
) -> tuple[float, float, Any]:
    t_open, editor = timed(window.open_file, path)
    app.processEvents()
    t_render, _ = timed(editor.export_image, out)
    return t_open, t_render, editor


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=40, help="edits to time (default 40)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    quiet_qt_messages()
    from questforge.editor.mainwindow import MainWindow
    from questforge.editor.prompts import ScriptedPrompts
    from questforge.editor.validation import snapshot, validate_snapshot

    tmp = Path(tempfile.mkdtemp(prefix="qf-editor-bench-"))
    os.environ.setdefault("QUESTFORGE_RECOVERY_DIR", str(tmp / "recovery"))
    os.environ.setdefault("QUESTFORGE_SETTINGS_DIR", str(tmp / "settings"))
    try:
        source = sample_pack()
        pack = tmp / "pack"
        shutil.copytree(source, pack)
        big = generate_scenario(pack)
        big_path = pack / "scenarios" / "bench-sixty.json"
        big_path.write_text(json.dumps(big, indent=2), encoding="utf-8")

        window = MainWindow(prompts=ScriptedPrompts(), live_validation=False)
        window.resize(1400, 900)
        window.show()
        window.open_pack(pack)
        app.processEvents()
        # warm-up: imports and compiled schema validators are a one-time cost per process
        t_first, _ = timed(validate_snapshot, snapshot(window.workspace))

        largest = largest_scenario(source)
        largest_copy = pack / largest.relative_to(source)
        t_open_l, t_render_l, _ = open_and_render(app, window, largest_copy, tmp / "largest.png")
        t_open_b, t_render_b, editor = open_and_render(app, window, big_path, tmp / "sixty.png")
        print(
            f"largest bundled scenario ({largest.name}, {len(json.loads(largest.read_text())['tiles'])} tiles):"
        )
        print(f"  open {t_open_l * 1000:7.1f} ms   render PNG {t_render_l * 1000:7.1f} ms")
        print(
            f"generated scenario ({len(big['tiles'])} tiles, {len(editor.scene.smap.hexes)} hexes):"
        )
        print(f"  open {t_open_b * 1000:7.1f} ms   render PNG {t_render_b * 1000:7.1f} ms")
        print(
            f"first validation in this process (schema compile, imports): {t_first * 1000:.0f} ms"
        )

        doc = editor.document
        validator = window.validator
        validator.validate_now()  # the session's first run: every document
        edit_times, copy_times, validate_times, total_times = [], [], [], []
        incremental = 0
        findings: list[Any] = []
        for i in range(args.edits):
            target = ["monsters", i % len(doc.data["monsters"]), "hex"]
            q, r = doc.get(tuple(target))
            start = time.perf_counter()
            doc.set_value(tuple(target), [q, r + (1 if i % 2 == 0 else -1)], "bench move")
            app.processEvents()
            mid = time.perf_counter()
            # what the live validator does after the debounce: copy the edited document on
            # the UI thread, then hand it to the kept session (on the worker thread)
            job = validator.make_job()
            copied = time.perf_counter()
            result = validator.sessions.run(job)
            end = time.perf_counter()
            incremental += not result.full and result.changed == [str(doc.path)]
            findings = result.findings
            edit_times.append(mid - start)
            copy_times.append(copied - mid)
            validate_times.append(end - copied)
            total_times.append(end - start)

        def fmt(values: list[float]) -> str:
            values = sorted(values)
            p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
            return f"median {statistics.median(values) * 1000:6.1f} ms   p95 {p95 * 1000:6.1f} ms"

        # for comparison: what every edit cost before the session (a full validation of
        # a fresh snapshot), and a full session run (sync of every document)
        old_times, full_times = [], []
        for _ in range(5):
            t0 = time.perf_counter()
            validate_snapshot(snapshot(window.workspace))
            old_times.append(time.perf_counter() - t0)
            validator.request_full()
            t0 = time.perf_counter()
            validator.sessions.run(validator.make_job())
            full_times.append(time.perf_counter() - t0)
        files = len(window.workspace.files)
        print(
            f"per edit on the 60-tile map ({args.edits} edits, pack of {files} files, "
            f"{len(findings)} findings; {incremental}/{args.edits} runs re-read only the "
            "edited document):"
        )
        print(f"  edit + scene update                   {fmt(edit_times)}")
        print(f"  copy of the edited document (UI)      {fmt(copy_times)}")
        print(f"  incremental re-validation (worker)    {fmt(validate_times)}")
        print(f"  edit + incremental re-validation      {fmt(total_times)}")
        print(
            f"  for comparison (medians of 5): snapshot + full validation (before the "
            f"session) {statistics.median(old_times) * 1000:.1f} ms; session sync of every "
            f"document + validate {statistics.median(full_times) * 1000:.1f} ms"
        )
        goal_open = max(t_open_l, t_open_b) < 1.0
        goal_edit = statistics.median(total_times) < 0.050
        print(
            f"goals: open < 1 s: {'met' if goal_open else 'NOT met'}; "
            f"edit + incremental re-validation < 50 ms (median): "
            f"{'met' if goal_edit else 'NOT met'}"
        )
        window.close()
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
