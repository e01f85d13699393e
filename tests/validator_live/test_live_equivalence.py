"""Correctness of incremental validation: after any sequence of edits, a
:class:`ValidationSession` reports exactly what a full :func:`validate_documents` of the same
documents reports (same findings, same order, same line and column).

The edits are seeded random mutations of the kinds a designer makes in the editor (and a few
that stress the caches: geometry edits, edits of the documents a scenario depends on, ids
that change, documents replaced, added and removed, schema breakage, bad formulas that make
the content model refuse a scenario).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from questforge.validator.document import LoadedDocument
from questforge.validator.findings import Finding
from questforge.validator.runner import ValidationSession, validate_documents

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def finding_key(f: Finding) -> tuple[Any, ...]:
    return (
        f.file,
        f.code,
        str(f.severity),
        f.message,
        f.path,
        f.hint,
        f.line,
        f.column,
        tuple(f.related),
    )


def full_validation(session: ValidationSession) -> list[tuple[Any, ...]]:
    """The reference: a one-shot validation of fresh copies of the session's documents."""
    docs = [
        LoadedDocument(d.name, copy.deepcopy(d.data), text=d.text, path=d.path)
        for d in session.documents
    ]
    return [finding_key(f) for f in validate_documents(docs).findings]


def copies(session: ValidationSession) -> list[LoadedDocument]:
    return [
        LoadedDocument(d.name, copy.deepcopy(d.data), text=d.text, path=d.path)
        for d in session.documents
    ]


class Editor:
    """Random edits on a session's documents; each returns the names it changed in place
    (documents it replaced, added or removed went through ``update``/``remove``)."""

    def __init__(self, session: ValidationSession, rng: random.Random) -> None:
        self.session = session
        self.rng = rng
        self.originals = {d.name: copy.deepcopy(d.data) for d in session.documents}
        self.added = 0

    # --- helpers -------------------------------------------------------------------------

    def docs(self, kind: str) -> list[LoadedDocument]:
        return [d for d in self.session.documents if isinstance(d.data, dict) and d.kind == kind]

    def scenario(self) -> LoadedDocument | None:
        found = [d for d in self.docs("scenario") if isinstance(d.data.get("monsters"), list)]
        return self.rng.choice(found) if found else None

    def ids(self, kind: str) -> list[str]:
        return [d.id for d in self.docs(kind) if d.id]

    def step(self, h: list[int]) -> list[int]:
        dq, dr = self.rng.choice(DIRECTIONS)
        n = self.rng.choice((1, 1, 2))
        return [h[0] + dq * n, h[1] + dr * n]

    # --- edits ---------------------------------------------------------------------------

    def move_monster(self) -> list[str]:
        doc = self.scenario()
        if doc is None or not doc.data["monsters"]:
            return []
        entry = self.rng.choice(doc.data["monsters"])
        entry["hex"] = self.step(entry["hex"])
        return [doc.name]

    def retype_monster(self) -> list[str]:
        doc = self.scenario()
        if doc is None or not doc.data["monsters"]:
            return []
        entry = self.rng.choice(doc.data["monsters"])
        entry["monster"] = self.rng.choice([*self.ids("monster"), "no-such-monster"])
        return [doc.name]

    def change_players(self) -> list[str]:
        doc = self.scenario()
        if doc is None or not doc.data["monsters"]:
            return []
        entry = self.rng.choice(doc.data["monsters"])
        entry["players"][self.rng.choice("234")] = self.rng.choice(("absent", "normal", "elite"))
        return [doc.name]

    def move_tile(self) -> list[str]:
        doc = self.scenario()
        if doc is None or not doc.data.get("tiles"):
            return []
        entry = self.rng.choice(doc.data["tiles"])
        if self.rng.random() < 0.5:
            entry["position"] = self.step(entry["position"])
        else:
            entry["rotation"] = self.rng.randrange(6)
        return [doc.name]

    def drop_door(self) -> list[str]:
        doc = self.scenario()
        if doc is None or not doc.data.get("doors"):
            return []
        doc.data["doors"].pop(self.rng.randrange(len(doc.data["doors"])))
        return [doc.name]

    def add_obstacle(self) -> list[str]:
        doc = self.scenario()
        if doc is None or not doc.data.get("monsters"):
            return []
        near = self.step(self.rng.choice(doc.data["monsters"])["hex"])
        overlay: dict[str, Any] = {"type": "obstacle", "hexes": [near]}
        if self.rng.random() < 0.3:
            overlay["health"] = self.rng.choice(("2+L", "C*(L+1)", "2L+", "10/(C-2)"))
        doc.data.setdefault("overlays", []).append(overlay)
        return [doc.name]

    def block_door(self) -> list[str]:
        """An obstacle on a door hex: cuts the rooms behind it off (QGH226)."""
        doc = self.scenario()
        if doc is None or not doc.data.get("doors"):
            return []
        door = self.rng.choice(doc.data["doors"])
        doc.data.setdefault("overlays", []).append({"type": "obstacle", "hexes": [door["hex"]]})
        return [doc.name]

    def obstacle_under_monster(self) -> list[str]:
        """Only a flying monster may stand on an obstacle (QGH222)."""
        doc = self.scenario()
        if doc is None or not doc.data.get("monsters"):
            return []
        spot = self.rng.choice(doc.data["monsters"])["hex"]
        doc.data.setdefault("overlays", []).append({"type": "obstacle", "hexes": [list(spot)]})
        return [doc.name]

    def move_start(self) -> list[str]:
        """A starting hex moved, possibly into another room (changes who reaches what)."""
        doc = self.scenario()
        if doc is None or not doc.data.get("starting_hexes") or not doc.data.get("monsters"):
            return []
        starts = doc.data["starting_hexes"]
        spot = self.rng.choice(doc.data["monsters"])["hex"]
        starts[self.rng.randrange(len(starts))] = self.step(spot)
        return [doc.name]

    def drop_overlay(self) -> list[str]:
        doc = self.scenario()
        if doc is None or not doc.data.get("overlays"):
            return []
        doc.data["overlays"].pop(self.rng.randrange(len(doc.data["overlays"])))
        return [doc.name]

    def starting_room(self) -> list[str]:
        doc = self.scenario()
        if doc is None or not doc.data.get("rooms"):
            return []
        rooms = [r["id"] for r in doc.data["rooms"]]
        doc.data["starting_room"] = self.rng.choice([*rooms, "nowhere"])
        return [doc.name]

    def edit_monster_type(self) -> list[str]:
        docs = self.docs("monster")
        if not docs:
            return []
        doc = self.rng.choice(docs)
        if self.rng.random() < 0.7:
            doc.data["flying"] = not doc.data.get("flying", False)
        else:
            doc.data["standees"] = self.rng.choice((1, 2, 4, 10))
        return [doc.name]

    def edit_tile(self) -> list[str]:
        docs = [d for d in self.docs("map-tile") if d.data["sides"]["a"]["hexes"]]
        if not docs:
            return []
        doc = self.rng.choice(docs)
        hexes = doc.data["sides"]["a"]["hexes"]
        hexes.pop(self.rng.randrange(len(hexes)))
        return [doc.name]

    def rename(self) -> list[str]:
        docs = self.docs("map-tile") + self.docs("monster")
        if not docs:
            return []
        doc = self.rng.choice(docs)
        doc.data["id"] = self.rng.choice(("renamed", f"{doc.data['id']}-x", "slag-hound"))
        return [doc.name]

    def break_schema(self) -> list[str]:
        doc = self.rng.choice(self.session.documents)
        if not isinstance(doc.data, dict):
            return []
        doc.data[self.rng.choice(("id", "surprise"))] = 17
        return [doc.name]

    def restore(self) -> list[str]:
        name = self.rng.choice(sorted(self.originals))
        if self.session.get(name) is None:
            return []
        replacement = LoadedDocument(name, copy.deepcopy(self.originals[name]))
        self.session.update(replacement)  # a new object under the same name
        return []

    def add_document(self) -> list[str]:
        source = self.rng.choice(self.docs("monster") + self.docs("map-tile") or [None])
        if source is None:
            return []
        self.added += 1
        self.session.update(
            LoadedDocument(f"gloomhaven-sample/extra-{self.added}.json", copy.deepcopy(source.data))
        )
        return []

    def remove_document(self) -> list[str]:
        candidates = [d.name for d in self.session.documents if d.kind != "pack"]
        self.session.remove(self.rng.choice(candidates))
        return []

    def all(self) -> list[Callable[[], list[str]]]:
        return [
            self.move_monster,
            self.move_monster,
            self.move_monster,
            self.retype_monster,
            self.change_players,
            self.move_tile,
            self.drop_door,
            self.add_obstacle,
            self.add_obstacle,
            self.drop_overlay,
            self.block_door,
            self.obstacle_under_monster,
            self.move_start,
            self.starting_room,
            self.edit_monster_type,
            self.edit_monster_type,
            self.edit_tile,
            self.rename,
            self.break_schema,
            self.restore,
            self.restore,
            self.add_document,
            self.remove_document,
        ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_edits_match_full_validation(
    seed: int, pack_documents: list[LoadedDocument], generated_scenario: LoadedDocument
) -> None:
    session = ValidationSession([*pack_documents, generated_scenario])
    assert [finding_key(f) for f in session.validate().findings] == full_validation(session)
    # a second session fed the way a snapshotting editor would: fresh copies, ``sync``
    mirror = ValidationSession(copies(session))
    mirror.validate()
    rng = random.Random(seed)
    editor = Editor(session, rng)
    edits = editor.all()
    seen_codes: set[str] = set()
    for _ in range(20):
        changed: list[str] = []
        for _ in range(rng.choice((1, 1, 1, 2, 3))):  # sometimes several edits per run
            changed.extend(rng.choice(edits)())
        live = session.validate(changed=[n for n in changed if session.get(n) is not None])
        got = [finding_key(f) for f in live.findings]
        expected = full_validation(session)
        assert got == expected
        assert live.files == sorted(d.name for d in session.documents)
        mirror.sync(copies(session))
        assert [finding_key(f) for f in mirror.validate().findings] == expected
        seen_codes.update(f.code for f in live.findings)
    # the edits did produce findings of the cached check families, so the comparison
    # exercised them (not only the empty case)
    assert len(seen_codes) >= 5


def test_a_clean_pack_stays_clean_under_moves(
    pack_documents: list[LoadedDocument], generated_scenario: LoadedDocument
) -> None:
    """Moving a monster back and forth never leaves a finding behind."""
    session = ValidationSession([*pack_documents, generated_scenario])
    before = [finding_key(f) for f in session.validate().findings]
    entry = generated_scenario.data["monsters"][0]
    start = list(entry["hex"])
    entry["hex"] = [start[0] + 40, start[1]]  # off the map
    off = session.validate(changed=[generated_scenario.name])
    assert any(f.code == "QGH220" for f in off.findings)
    entry["hex"] = start
    back = session.validate(changed=[generated_scenario.name])
    assert [finding_key(f) for f in back.findings] == before
