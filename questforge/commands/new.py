"""``questforge new``: scaffold a pack or a content file that validates.

``questforge new pack NAME`` creates ``DIR/<id>/pack.json``. ``scenario``, ``monster`` and
``character`` write content files into the kind folders of the pack (``monsters/``,
``decks/``, ...), the way the bundled sample pack is laid out, together with whatever they
need to be valid on their own: a scenario gets a starter map tile unless the pack already
has the tile it names, a monster gets its ability deck, a character class gets a full
level-1 hand.

For content, ``--dir`` names the pack: the pack root is the nearest folder at or above
``DIR`` holding a ``pack.json``, so ``--dir my-pack`` and ``--dir my-pack/monsters`` both
write ``my-pack/monsters/<id>.json`` (never ``my-pack/monsters/monsters/...``). Outside any
pack the kind folders are created under ``DIR`` itself.

Writing is all-or-nothing: nothing is ever overwritten (if any target exists the command
stops before writing), every file is first written to a temporary file next to its target
and only then moved into place, and if anything fails, every file and folder this run
created is removed again.

Every file is checked against its JSON Schema (python-jsonschema, local schemas only)
before anything is written, so a scaffold that does not validate is a bug, not a user error.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from questforge.schema import schema_id

_ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
#: longest display name the schemas accept (``common/defs#/$defs/name``)
MAX_NAME = 120
#: longest id the schemas accept (``common/defs#/$defs/id``)
MAX_ID = 80


class NewError(click.ClickException):
    """A usage or file-system problem: exit code 2, like the other commands."""

    exit_code = 2


def slugify(name: str) -> str:
    """A kebab-case id from a display name: ``"The Dark Pit!"`` -> ``the-dark-pit``
    (accents are dropped: ``Ölbrand`` -> ``olbrand``)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:80].strip("-")


def dumps(value: Any, indent: int = 0, width: int = 100) -> str:
    """JSON text with short arrays and objects (hexes, placements) kept on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or len(flat) + indent <= width or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list):
        body = ",\n".join(pad + dumps(v, indent + 2, width) for v in value)
        return "[\n" + body + "\n" + " " * indent + "]"
    body = ",\n".join(
        pad + json.dumps(k, ensure_ascii=False) + ": " + dumps(v, indent + 2, width)
        for k, v in value.items()
    )
    return "{\n" + body + "\n" + " " * indent + "}"


def _fit(name: str, suffix: str = "") -> str:
    """``name + suffix`` cut to the longest name the schemas accept (the suffix is kept,
    so derived names such as ``"<name> card 10"`` stay distinct)."""
    return name[: MAX_NAME - len(suffix)] + suffix


def _header(kind: str, id: str, folder: str = "gloomhaven") -> dict[str, Any]:
    return {"$schema": schema_id(folder, kind), "kind": kind, "id": id}


def _rect(width: int, height: int) -> list[list[int]]:
    """A ``width`` x ``height`` block of hexes in axial coordinates (offset rows)."""
    return [[q, r] for r in range(height) for q in range(-(r // 2), width - (r // 2))]


# ---------------------------------------------------------------- scaffolds


#: the standard attack modifier cards and their counts in a 20-card deck (GH-REF-01)
STANDARD_MODIFIERS: tuple[tuple[str, str, int | str, int, bool], ...] = (
    ("plus0", "+0", 0, 6, False),
    ("plus1", "+1", 1, 5, False),
    ("minus1", "-1", -1, 5, False),
    ("plus2", "+2", 2, 1, False),
    ("minus2", "-2", -2, 1, False),
    ("double", "2x", "x2", 1, True),
    ("null", "Null", "null", 1, True),
)


def pack_files(id: str, name: str, ruleset: str) -> dict[str, dict[str, Any]]:
    """``pack.json``; for Gloomhaven also the standard modifier cards and decks."""
    files: dict[str, dict[str, Any]] = {}
    doc = _header("pack", id, "common")
    doc.update(
        {
            "name": name,
            "version": "0.1.0",
            "ruleset": ruleset,
            "description": f"{name}: describe what this pack contains.",
            "authors": [],
            "requires": [],
        }
    )
    files["pack.json"] = doc
    if ruleset != "gloomhaven":
        return files
    for card_id, label, value, _count, shuffle in STANDARD_MODIFIERS:
        card: dict[str, Any] = {**_header("attack-modifier", card_id), "name": label}
        card.update({"value": value, "icon": "1"})
        if shuffle:
            card["shuffle"] = True
        files[f"modifiers/{card_id}.json"] = card
    for special, value in (("bless", "x2"), ("curse", "null")):
        files[f"modifiers/{special}.json"] = {
            **_header("attack-modifier", special),
            "name": special.capitalize(),
            "value": value,
            "special": special,
            "icon": "scenario",
        }
    cards = [{"card": c, "count": n} for c, _label, _value, n, _shuffle in STANDARD_MODIFIERS]
    for deck_id, deck_name, owner in (
        ("standard-deck", "Standard player deck", "character"),
        ("monster-deck", "Monster modifier deck", "monster"),
    ):
        files[f"modifiers/{deck_id}.json"] = {
            **_header("attack-modifier-deck", deck_id),
            "name": deck_name,
            "owner": owner,
            "cards": cards,
        }
    return files


def scenario_files(
    id: str, name: str, number: int, tile: str, write_tile: bool
) -> dict[str, dict[str, Any]]:
    files: dict[str, dict[str, Any]] = {}
    if write_tile:
        files[f"tiles/{tile}.json"] = {
            **_header("map-tile", tile),
            "name": _fit(f"{name} room"),
            "description": "A plain 6 x 5 room; replace with your own tile.",
            "sides": {"a": {"hexes": _rect(6, 5)}, "b": {"hexes": _rect(6, 5)}},
        }
    files[f"scenarios/{id}.json"] = {
        **_header("scenario", id),
        "number": number,
        "name": name,
        "description": "Introduction text read before the scenario.",
        "tiles": [{"id": "room-1", "tile": tile, "side": "a", "position": [0, 0], "rotation": 0}],
        "rooms": [{"id": "start", "name": "Entrance", "tiles": ["room-1"]}],
        "starting_room": "start",
        "starting_hexes": [[0, 0], [1, 0], [2, 0], [3, 0]],
        "doors": [],
        "overlays": [],
        "monsters": [],
        "win": [{"type": "kill-all", "text": "Kill every monster."}],
    }
    return files


def monster_files(id: str, name: str) -> dict[str, dict[str, Any]]:
    deck_id = f"{id}-deck"
    levels = {
        str(level): {
            "normal": {"health": 4 + 2 * level, "move": 2, "attack": 2 + level // 2},
            "elite": {"health": 7 + 3 * level, "move": 3, "attack": 3 + level // 2},
        }
        for level in range(8)
    }
    cards = [
        (11, [("move", 1), ("attack", -1)], False),
        (24, [("move", 0), ("attack", 1)], False),
        (32, [("move", 1), ("attack", 0)], True),
        (40, [("move", 2), ("attack", -1)], False),
        (51, [("move", 0), ("attack", 0)], False),
        (58, [("move", -1), ("attack", 2)], True),
        (67, [("move", 1), ("attack", 0)], False),
        (79, [("move", 0), ("attack", 1)], False),
    ]
    deck_cards = []
    for n, (initiative, abilities, shuffle) in enumerate(cards, start=1):
        card: dict[str, Any] = {
            "name": _fit(name, f" {n}"),
            "initiative": initiative,
            "abilities": [{"type": t, "value": v} for t, v in abilities],
        }
        if shuffle:
            card["shuffle"] = True
        deck_cards.append(card)
    return {
        f"monsters/{id}.json": {
            **_header("monster", id),
            "name": name,
            "description": "Describe the monster.",
            "deck": deck_id,
            "standees": 6,
            "levels": levels,
        },
        f"decks/{deck_id}.json": {
            **_header("monster-ability-deck", deck_id),
            "name": name,
            "cards": deck_cards,
        },
    }


def character_files(
    id: str, name: str, hand_size: int, pack_ids: set[tuple[str, str]]
) -> dict[str, dict[str, Any]]:
    """The class and ``hand_size`` level-1 cards. Perks and the starting deck reference the
    standard modifier cards only if the pack has them (``pack_ids``: (kind, id) pairs)."""
    cls: dict[str, Any] = {
        **_header("character-class", id),
        "name": name,
        "description": "Describe how the class plays.",
        "starting": True,
        "hand_size": hand_size,
        "health": [8, 9, 11, 12, 14, 15, 17, 18, 20],
    }
    if ("attack-modifier-deck", "standard-deck") in pack_ids:
        cls["modifier_deck"] = "standard-deck"
    if {("attack-modifier", "minus1"), ("attack-modifier", "plus1")} <= pack_ids:
        cls["perks"] = [
            {"text": "Remove two -1 cards", "remove": [{"card": "minus1", "count": 2}]},
            {
                "text": "Replace one -1 card with one +1 card",
                "remove": [{"card": "minus1"}],
                "add": [{"card": "plus1"}],
            },
        ]
    else:
        cls["perks"] = [{"text": "Describe a perk; list the cards it removes and adds."}]
    files: dict[str, dict[str, Any]] = {f"classes/{id}/{id}.json": cls}
    for n in range(1, hand_size + 1):
        card_id = f"{id}-card-{n}"
        lost = n == hand_size
        top: dict[str, Any] = {"abilities": [{"type": "attack", "value": 2 + n % 2}]}
        if lost:
            top = {
                "abilities": [{"type": "attack", "value": 4}, {"type": "xp", "value": 2}],
                "lost": True,
            }
        files[f"classes/{id}/{card_id}.json"] = {
            **_header("ability-card", card_id),
            "name": _fit(name, f" card {n}"),
            "class": id,
            "level": 1,
            "initiative": min(99, 10 + 7 * n),
            "top": top,
            "bottom": {"abilities": [{"type": "move", "value": 2 + n % 3}]},
        }
    return files


# ---------------------------------------------------------------- pack scanning


def _pack_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` holding a ``pack.json``."""
    for folder in (start, *start.parents):
        if (folder / "pack.json").is_file():
            return folder
    return None


def _pack_documents(root: Path | None) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Readable JSON objects of the pack at ``root`` with their paths (unreadable files are
    skipped: the validator reports them)."""
    if root is None:
        return
    from questforge.engine.core.pack import iter_pack_files  # the safe walk and loader

    for file in iter_pack_files(root):
        if isinstance(file.data, dict):
            yield file.path, file.data


def _check_new_ids(
    files: dict[str, dict[str, Any]], docs: list[tuple[Path, dict[str, Any]]], base: Path
) -> None:
    """Refuse ids the pack already uses for the same kind in another file (QC101 would
    fail the scaffold); a file at the very target path is reported as an overwrite later."""
    targets = {(base / rel).resolve() for rel in files}
    taken = {
        (d.get("kind"), d.get("id")): path for path, d in docs if path.resolve() not in targets
    }
    for doc in files.values():
        other = taken.get((doc["kind"], doc["id"]))
        if other is not None:
            raise NewError(
                f"the pack already has a {doc['kind']} with id {doc['id']!r} ({other}); "
                "choose another NAME or give --id"
            )


def _manifest(root: Path | None) -> dict[str, Any]:
    if root is None:
        return {}
    try:
        data = json.loads((root / "pack.json").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _validate(relative: str, document: dict[str, Any]) -> None:
    """Check a scaffold against its schema; a failure is a bug in this command."""
    import jsonschema

    from questforge.schema import registry, schema_by_id

    validator = jsonschema.Draft202012Validator(
        schema_by_id(document["$schema"]), registry=registry()
    )
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    if errors:  # pragma: no cover - guarded by the tests
        first = errors[0]
        raise NewError(f"internal error: scaffold {relative} does not validate: {first.message}")


def content_base(directory: Path) -> Path:
    """Where content kind folders go for ``--dir directory``: the root of the pack that
    holds ``directory`` (``directory`` itself or the nearest parent with a ``pack.json``),
    or ``directory`` when it is not inside a pack."""
    resolved = directory.resolve()
    root = _pack_root(resolved)
    if root is None or root == resolved:
        return directory
    try:  # keep the paths the command prints short when it can
        return root.relative_to(Path.cwd())
    except ValueError:
        return root


def _place(temporary: Path, target: Path) -> None:
    """Move a fully written temporary file to ``target`` without ever replacing a file.

    A hard link fails atomically if ``target`` exists (someone created it since the check);
    where links are not supported, fall back to a checked rename.
    """
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise
    except OSError:
        if target.exists():
            raise FileExistsError(target) from None
        os.replace(temporary, target)
        return
    temporary.unlink()


def _missing_folders(folder: Path) -> list[Path]:
    """``folder`` and those of its parents that do not exist yet, deepest first."""
    missing = []
    for candidate in (folder, *folder.parents):
        if candidate.exists():
            break
        missing.append(candidate)
    return missing


def _rollback(paths: list[Path], folders: list[Path]) -> None:
    """Remove files this run wrote, then folders it created (only if empty)."""
    for path in paths:
        with contextlib.suppress(OSError):
            path.unlink()
    for folder in sorted(set(folders), key=lambda f: len(f.parts), reverse=True):
        with contextlib.suppress(OSError):
            folder.rmdir()


def _write(base: Path, files: dict[str, dict[str, Any]]) -> list[Path]:
    """Write ``files`` (relative path -> document) under ``base``, all or nothing."""
    targets = {base / rel: doc for rel, doc in files.items()}
    existing = [p for p in targets if p.exists()]
    if existing:
        listed = ", ".join(str(p) for p in existing)
        raise NewError(f"refusing to overwrite existing file(s): {listed}")
    for rel, doc in files.items():
        _validate(rel, doc)
    created: list[Path] = []
    staged: list[tuple[Path, Path]] = []
    written: list[Path] = []
    current = base
    try:
        for path, doc in targets.items():
            current = path
            created.extend(_missing_folders(path.parent))
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except FileExistsError:  # a file where a folder must go: not an overwrite
                raise NotADirectoryError(errno.ENOTDIR, "a file is in the way") from None
            # ("x" mode, not mkstemp: the file gets the usual umask permissions, not 0600)
            temporary = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
            with temporary.open("x", encoding="utf-8") as fh:
                staged.append((temporary, path))
                fh.write(dumps(doc) + "\n")
        for temporary, path in staged:
            current = path
            _place(temporary, path)
            written.append(path)
    except FileExistsError:
        _rollback([t for t, _ in staged] + written, created)
        raise NewError(
            f"refusing to overwrite existing file: {current} (nothing was written)"
        ) from None
    except OSError as exc:
        _rollback([t for t, _ in staged] + written, created)
        raise NewError(
            f"cannot write {current}: {exc.strerror or exc} (nothing was written)"
        ) from None
    return written


def _resolve_id(name: str, given: str | None) -> str:
    if given is not None:
        if not _ID_RE.match(given):
            raise NewError(f"--id {given!r} is not a kebab-case id (a-z, 0-9 and single hyphens)")
        return given
    slug = slugify(name)
    if not slug:
        raise NewError(f"cannot make an id from {name!r}; give one with --id")
    return slug


# ---------------------------------------------------------------- command


@click.command(name="new")
@click.argument("what", type=click.Choice(["pack", "scenario", "monster", "character"]))
@click.argument("name")
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    show_default=True,
    help="For 'pack': the folder the new pack folder <id>/ is created in. For content: the "
    "pack - DIR or the nearest folder above it with a pack.json - whose kind folders "
    "(scenarios/, monsters/, ...) receive the files, so DIR may be any folder inside the "
    "pack; outside a pack, kind folders are created under DIR.",
)
@click.option("--id", "content_id", help="Id to use instead of the one made from NAME.")
@click.option("--ruleset", default="gloomhaven", show_default=True, help="Ruleset of a new pack.")
@click.option(
    "--number", type=click.IntRange(1, 9999), help="Scenario number (default: next free)."
)
@click.option("--tile", help="Map tile the new scenario places (default: a new starter tile).")
@click.option(
    "--hand-size",
    type=click.IntRange(1, 30),
    default=10,
    show_default=True,
    help="Hand size of a new character class (that many level-1 cards are written).",
)
def new(
    what: str,
    name: str,
    directory: Path,
    content_id: str | None,
    ruleset: str,
    number: int | None,
    tile: str | None,
    hand_size: int,
) -> None:
    """Scaffold a pack, scenario, monster (with its deck) or character class (with a hand).

    NAME is the display name; the id is made from it (or given with --id). Content files go
    into the kind folders of the pack that holds --dir (found by looking for pack.json at
    DIR and upwards), so `--dir my-pack/monsters` writes my-pack/monsters/<id>.json. Existing
    files are never overwritten, and writing is all-or-nothing: if one file cannot be
    written, none is left behind.
    """
    if not name.strip():
        raise NewError("NAME must not be empty")
    if len(name) > MAX_NAME:
        raise NewError(f"NAME is {len(name)} characters long; a name has at most {MAX_NAME}")
    id = _resolve_id(name, content_id)
    # ids of the files made alongside (``<id>-deck``, ``<id>-room``, ``<id>-card-N``) must
    # fit the 80-character id limit too
    suffix = {
        "pack": "",
        "scenario": "" if tile else "-room",
        "monster": "-deck",
        "character": f"-card-{hand_size}",
    }[what]
    if len(id) + len(suffix) > MAX_ID:
        if content_id is not None:
            raise NewError(
                f"--id {content_id!r} is too long: ids have at most {MAX_ID} characters, "
                f"and this one also makes {content_id + suffix!r}"
            )
        id = id[: MAX_ID - len(suffix)].strip("-")
    if what == "pack":
        if not _ID_RE.match(ruleset):
            raise NewError(f"--ruleset {ruleset!r} is not a ruleset name")
        _require_ruleset(ruleset)
        written = _write(directory / id, pack_files(id, name, ruleset))
        for path in written:
            click.echo(f"wrote {path}")
        return
    base = content_base(directory)
    root = _pack_root(directory.resolve())
    manifest = _manifest(root)
    pack_ruleset = manifest.get("ruleset", "gloomhaven")
    if pack_ruleset != "gloomhaven":
        raise NewError(
            f"the pack at {root} uses ruleset {pack_ruleset!r}; "
            f"'new {what}' writes Gloomhaven content only"
        )
    docs = list(_pack_documents(root))
    if what == "scenario":
        used = {
            d["number"]: path
            for path, d in docs
            if d.get("kind") == "scenario" and isinstance(d.get("number"), int)
        }
        if number is None:
            number = max(used, default=0) + 1
        elif number in used:
            raise NewError(f"scenario number {number} is already used by {used[number]}")
        tile_id = tile or f"{id}-room"
        own = manifest.get("id")
        if isinstance(own, str) and tile_id.startswith(f"{own}:"):
            tile_id = tile_id[len(own) + 1 :]  # this pack's own tile, written as pack:id
        if not re.match(r"^([a-z0-9]+(-[a-z0-9]+)*:)?[a-z0-9]+(-[a-z0-9]+)*$", tile_id):
            raise NewError(f"--tile {tile_id!r} is not a content reference")
        have_tile = any(d.get("kind") == "map-tile" and d.get("id") == tile_id for _, d in docs)
        if ":" in tile_id:
            _require_listed_pack(tile_id, manifest)
            write_tile = False
        else:  # a tile the pack does not have yet gets the starter tile under that id
            write_tile = not have_tile
        files = scenario_files(id, name, number, tile_id, write_tile)
    elif what == "monster":
        files = monster_files(id, name)
    else:
        pack_ids = {(str(d.get("kind")), str(d.get("id"))) for _, d in docs}
        files = character_files(id, name, hand_size, pack_ids)
    _check_new_ids(files, docs, base)
    written = _write(base, files)
    for path in written:
        click.echo(f"wrote {path}")


def _require_ruleset(ruleset: str) -> None:
    """A new pack must name an installed ruleset, or it would not validate (QC104)."""
    from questforge.engine import rulesets

    try:
        rulesets.get(ruleset)
    except KeyError:
        known = ", ".join(r.name for r in rulesets.all_rulesets())
        raise NewError(f"--ruleset {ruleset!r} is not installed (installed: {known})") from None


def _require_listed_pack(reference: str, manifest: dict[str, Any]) -> None:
    """A ``pack:tile`` reference only resolves if the pack lists that pack in ``requires``."""
    pack_id = reference.split(":", 1)[0]
    requires = manifest.get("requires")
    listed = {
        e.get("id") if isinstance(e, dict) else e
        for e in (requires if isinstance(requires, list) else [])
    }
    if pack_id not in listed:
        raise NewError(
            f"--tile {reference!r} names pack {pack_id!r}, which this pack does not "
            "list in 'requires'"
        )
