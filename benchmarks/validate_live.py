"""Live-validation benchmark: what the editor pays to re-validate after one edit.

Run: ``.venv/bin/python benchmarks/validate_live.py [--repeat 30] [--profile]``

In one process, on in-memory documents (no disk access after loading), with the sample
pack ``content/gloomhaven-sample`` plus a generated 60-tile scenario (60 tile placements in
a grid, a room per tile, a door between every pair of connected rooms, ~80 monster
placements, overlays of every common type):

1. full validation with :func:`questforge.validator.runner.validate_documents` (what every
   edit cost before the incremental API), median of ``--repeat`` runs;
2. full validation through a fresh :class:`~questforge.validator.runner.ValidationSession`
   (builds the caches: about the same as 1.);
3. incremental re-validation after a single edit, the editor's common case: move one monster
   placement of the 60-tile scenario one hex (``session.update(doc)`` +
   ``session.validate(changed=[name])``), median of ``--repeat`` edits;
4. the same after editing a monster type (a document the scenario references);
5. the editor's snapshot style: after moving a monster, fresh copies of every document are
   handed to ``session.sync()`` (which finds the one changed document itself) and
   validated (the time of making the copies is not included).

Every incremental result is compared with a full re-validation of the same documents (must
be equal, or the script fails). Goal (issue 5, with headroom for the editor's rendering):
incremental re-validation under 30 ms on the 60-tile scenario. ``--profile`` prints the
top functions by cumulative time of the incremental runs.

:func:`generate_scenario` is also used by ``tests/validator_live`` (loaded by file path).
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: axial neighbour offsets (team convention order)
_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

_SCHEMA = "https://questforge.dev/schema/gloomhaven/scenario.schema.json"


def sample_pack() -> Path:
    """The bundled sample pack (from the installed package data)."""
    from importlib import resources

    return Path(str(resources.files("questforge.content"))) / "gloomhaven-sample"


def _rotate(h: tuple[int, int], steps: int) -> tuple[int, int]:
    q, r = h
    for _ in range(steps % 6):
        q, r = -r, q + r
    return q, r


def _ring(hexes: set[tuple[int, int]]) -> set[tuple[int, int]]:
    return {(q + dq, r + dr) for q, r in hexes for dq, dr in _DIRECTIONS} - hexes


def generate_scenario(
    tiles: dict[str, list[list[int]]],
    monsters: list[str],
    *,
    count: int = 60,
    per_row: int = 10,
    monster_count: int = 80,
    scenario_id: str = "bench-sixty",
    number: int = 999,
) -> dict[str, Any]:
    """A big, deterministic scenario: ``count`` tile placements in rows of ``per_row``.

    ``tiles`` maps map-tile ids to the hexes of their side ``a``; ``monsters`` lists monster
    type ids. Each placement is its own room; each tile is placed next to its left
    neighbour (or, starting a row, the tile above) with a one-hex gap that holds the door
    between the two rooms, so every room is reachable from ``room-0``. Monsters, obstacles,
    difficult terrain, traps and coins are spread over the tiles.
    """
    tile_ids = sorted(tiles)
    occupied: set[tuple[int, int]] = set()
    placed_hexes: list[list[tuple[int, int]]] = []
    positions: list[tuple[int, int]] = []
    owner: dict[tuple[int, int], int] = {}
    placements: list[dict[str, Any]] = []
    rooms: list[dict[str, Any]] = []
    doors: list[dict[str, Any]] = []
    for i in range(count):
        tid = tile_ids[i % len(tile_ids)]
        shape = [(int(h[0]), int(h[1])) for h in tiles[tid]]
        if i == 0:
            pos, door = (0, 0), None
        else:
            link = i - per_row if i % per_row == 0 else i - 1
            pos, door = _fit(shape, positions[link], link, i % per_row == 0, occupied, owner)
            doors.append(
                {
                    "id": f"door-{link}-{i}",
                    "hex": list(door),
                    "rooms": [f"room-{link}", f"room-{i}"],
                }
            )
        hexes = [(q + pos[0], r + pos[1]) for q, r in (_rotate(h, 0) for h in shape)]
        occupied.update(hexes)
        for h in hexes:
            owner[h] = i
        placed_hexes.append(sorted(hexes))
        positions.append(pos)
        placements.append(
            {"id": f"t{i}", "tile": tid, "side": "a", "position": list(pos), "rotation": 0}
        )
        rooms.append({"id": f"room-{i}", "tiles": [f"t{i}"]})
    door_hexes = {tuple(d["hex"]) for d in doors}
    free = [[h for h in hexes if h not in door_hexes] for hexes in placed_hexes]
    starting = [list(h) for h in free[0][:4]]
    taken = set(map(tuple, starting))
    figures: list[dict[str, Any]] = []
    patterns = (
        {"2": "normal", "3": "normal", "4": "elite"},
        {"2": "absent", "3": "normal", "4": "normal"},
        {"2": "absent", "3": "absent", "4": "normal"},
    )
    for k in range(monster_count):
        tile = 1 + k % (count - 1)
        spot = next(h for h in free[tile][len(free[tile]) // 2 :] + free[tile] if h not in taken)
        taken.add(spot)
        figures.append(
            {
                "monster": monsters[k % len(monsters)],
                "hex": list(spot),
                "players": dict(patterns[k % len(patterns)]),
            }
        )
    overlays: list[dict[str, Any]] = []
    for i in range(1, count):
        spare = [h for h in free[i] if h not in taken]
        if len(spare) < 4:
            continue
        overlays.append({"type": "difficult", "hexes": [list(spare[0])]})
        kind = ("obstacle", "trap", "coin")[i % 3]
        entry: dict[str, Any] = {"type": kind, "hexes": [list(spare[-1])]}
        if kind == "trap":
            entry["damage"] = True
        overlays.append(entry)
    return {
        "$schema": _SCHEMA,
        "kind": "scenario",
        "id": scenario_id,
        "number": number,
        "name": f"Generated, {count} tiles",
        "tiles": placements,
        "rooms": rooms,
        "starting_room": "room-0",
        "starting_hexes": starting,
        "doors": doors,
        "overlays": overlays,
        "monsters": figures,
        "win": [{"type": "kill-all"}],
    }


def _fit(
    shape: list[tuple[int, int]],
    anchor: tuple[int, int],
    link: int,
    below: bool,
    occupied: set[tuple[int, int]],
    owner: dict[tuple[int, int], int],
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The first position (scanning right of, or below, ``anchor``) where the tile keeps a
    one-hex gap to every placed tile and a gap hex touches exactly it and tile ``link``."""
    if below:
        candidates = [(dq, dr) for dr in range(1, 40) for dq in sorted(range(-8, 9), key=abs)]
    else:
        candidates = [
            (dq, dr - dq // 2) for dq in range(1, 40) for dr in sorted(range(-8, 9), key=abs)
        ]
    for dq, dr in candidates:
        pos = (anchor[0] + dq, anchor[1] + dr)
        hexes = {(q + pos[0], r + pos[1]) for q, r in shape}
        ring = _ring(hexes)
        if (hexes | ring) & occupied:
            continue
        for gap in sorted(ring):
            near = {owner.get((gap[0] + a, gap[1] + b)) for a, b in _DIRECTIONS} - {None}
            if near == {link}:
                return pos, gap
    raise ValueError("no position found for a tile")  # pragma: no cover - generous scan


def load_pack(pack: Path) -> list[Any]:
    """The pack's documents, parsed with text (as the editor holds them)."""
    from questforge.engine.core import pack as packs
    from questforge.validator.runner import document_from_text

    files, _ = packs.content_files(pack)
    docs = []
    for path in files:
        doc, _findings = document_from_text(
            f"{pack.name}/{path.relative_to(pack).as_posix()}",
            path.read_text(encoding="utf-8"),
        )
        if doc is not None:
            doc.path = path
            docs.append(doc)
    return docs


def sample_inputs(docs: list[Any]) -> tuple[dict[str, list[list[int]]], list[str]]:
    """Tile shapes (side ``a``) and monster ids of the loaded documents."""
    tiles = {
        d.id: d.data["sides"]["a"]["hexes"]
        for d in docs
        if d.kind == "map-tile" and "a" in d.data.get("sides", {})
    }
    monsters = sorted(d.id for d in docs if d.kind == "monster")
    return tiles, monsters


class Timings:
    """Wall-clock and CPU time of repeated runs. On a machine shared with other work the
    wall clock includes waiting for a core; the process CPU time does not, so both are
    printed."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self._start = (0.0, 0.0)

    def start(self) -> None:
        self._start = (time.perf_counter(), time.process_time())

    def stop(self) -> None:
        self.wall.append(time.perf_counter() - self._start[0])
        self.cpu.append(time.process_time() - self._start[1])

    def median(self) -> float:
        return statistics.median(self.wall)

    def __str__(self) -> str:
        wall, cpu = self.wall, self.cpu
        return (
            f"{statistics.median(wall) * 1000:7.1f} ms (min {min(wall) * 1000:5.1f}; "
            f"CPU median {statistics.median(cpu) * 1000:5.1f})"
        )


def _key(findings: list[Any]) -> list[tuple[Any, ...]]:
    return [
        (f.file, f.code, f.severity, f.message, f.path, f.hint, f.line, f.column) for f in findings
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="runs per median (default 30)")
    parser.add_argument("--profile", action="store_true", help="profile the incremental runs")
    args = parser.parse_args()

    from questforge.validator.document import LoadedDocument
    from questforge.validator.runner import ValidationSession, validate_documents

    docs = load_pack(sample_pack())
    tiles, monsters = sample_inputs(docs)
    big = generate_scenario(tiles, monsters)
    big_doc = LoadedDocument("gloomhaven-sample/scenarios/bench-sixty.json", big)
    all_docs = [*docs, big_doc]

    def fresh() -> list[Any]:
        return [
            LoadedDocument(d.name, copy.deepcopy(d.data), text=d.text, path=d.path)
            for d in all_docs
        ]

    validate_documents(fresh())  # warm-up: imports, compiled schemas, walk plans

    full = Timings()
    report = None
    for _ in range(args.repeat):
        batch = fresh()
        full.start()
        report = validate_documents(batch)
        full.stop()
    assert report is not None

    cold = Timings()
    for _ in range(max(3, args.repeat // 3)):
        batch = fresh()
        cold.start()
        session = ValidationSession(batch)
        session.validate()
        cold.stop()

    session = ValidationSession(fresh())
    session.validate()
    scenario = next(d for d in session.documents if d.name == big_doc.name)
    monster = next(d for d in session.documents if d.kind == "monster")

    def move_monster(i: int) -> None:
        placement = scenario.data["monsters"][i % len(scenario.data["monsters"])]
        placement["hex"] = [placement["hex"][0], placement["hex"][1] + (1 if i % 2 else -1)]

    def edit_monster(i: int) -> None:
        monster.data["name"] = f"Renamed {i}"

    profiler = cProfile.Profile() if args.profile else None

    def timed_edits(edit: Callable[[int], None], doc: Any) -> tuple[Timings, int]:
        times = Timings()
        for i in range(args.repeat):
            edit(i)
            if profiler is not None:
                profiler.enable()
            times.start()
            session.update(doc)
            result = session.validate(changed=[doc.name])
            times.stop()
            if profiler is not None:
                profiler.disable()
            if i % 5 == 0:  # the incremental result must equal a full re-validation
                expected = validate_documents(
                    [
                        LoadedDocument(d.name, copy.deepcopy(d.data), text=d.text, path=d.path)
                        for d in session.documents
                    ]
                )
                if _key(result.findings) != _key(expected.findings):
                    print("MISMATCH: incremental result differs from a full validation")
                    return times, 1
        return times, 0

    move_times, bad_move = timed_edits(move_monster, scenario)
    other_times, bad_other = timed_edits(edit_monster, monster)

    # an editor that snapshots its documents: fresh copies every time, session.sync()
    mirror = ValidationSession(fresh())
    mirror.validate()
    sync_times = Timings()
    for i in range(args.repeat):
        move_monster(i)
        snapshot = [
            LoadedDocument(d.name, copy.deepcopy(d.data), text=d.text, path=d.path)
            for d in session.documents
        ]
        sync_times.start()
        mirror.sync(snapshot)
        mirror.validate()
        sync_times.stop()

    smap_hexes = sum(len(tiles[p["tile"]]) for p in big["tiles"])
    print(
        f"documents: {len(all_docs)} (sample pack + generated scenario: {len(big['tiles'])} "
        f"tiles, ~{smap_hexes} hexes, {len(big['doors'])} doors, {len(big['monsters'])} "
        f"monsters, {len(big['overlays'])} overlays); findings: {len(report.findings)}"
    )
    print(f"full validation (validate_documents)        {full}")
    print(f"full validation (new ValidationSession)     {cold}")
    print(f"incremental: move a monster placement       {move_times}")
    print(f"incremental: edit a monster type            {other_times}")
    print(f"incremental: snapshot + sync(), move        {sync_times}")
    goal = move_times.median() < 0.030
    print(f"goal: incremental re-validation < 30 ms (median): {'met' if goal else 'NOT met'}")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
    return 1 if bad_move or bad_other else 0


if __name__ == "__main__":
    sys.exit(main())
