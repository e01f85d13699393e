"""``questforge new``: scaffold a pack or a content file that validates, for any ruleset.

``questforge new pack NAME [--ruleset ID]`` creates ``DIR/<id>/pack.json`` and the
ruleset's starter files. ``questforge new KIND NAME`` writes the content files of a ``KIND``
the pack's ruleset can scaffold (its templates face: Gloomhaven has ``scenario``,
``monster`` and ``character``) into the pack's kind folders, together with whatever they
need to be valid on their own. A kind's extra options (``--number``, ``--tile``,
``--hand-size`` …) are the ruleset's own.

For content, ``--dir`` names the pack: the pack root is the nearest folder at or above
``DIR`` holding a ``pack.json``, so ``--dir my-pack`` and ``--dir my-pack/monsters`` both
write ``my-pack/monsters/<id>.json``. Outside any pack the kind folders are created under
``DIR`` itself (the ruleset then comes from ``--ruleset``).

Writing is all-or-nothing: nothing is ever overwritten (if any target exists the command
stops before writing), every file is first written to a temporary file next to its target
and only then moved into place, and if anything fails, every file and folder this run
created is removed again. Every file is checked against its JSON Schema before anything is
written, so a scaffold that does not validate is a bug, not a user error.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from questforge.engine import rulesets
from questforge.engine.core.errors import QuestforgeError
from questforge.engine.core.events import JSONValue
from questforge.engine.core.templates import MAX_ID, MAX_NAME, PackContext, Templates, manifest
from questforge.engine.core.templates import slugify as slugify

_ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class NewError(click.ClickException):
    """A usage or file-system problem: exit code 2, like the other commands."""

    exit_code = 2


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


# ---------------------------------------------------------------- pack scanning


def _pack_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` holding a ``pack.json``."""
    for folder in (start, *start.parents):
        if (folder / "pack.json").is_file():
            return folder
    return None


def _pack_documents(root: Path | None) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Readable JSON objects of the pack at ``root`` with their paths, read with the same
    safe walk and loader as ``validate`` (unreadable files are skipped: the validator
    reports them)."""
    if root is None:
        return
    from questforge.engine.core.targets import read_documents

    documents, _errors = read_documents(root)
    for path, data in documents:
        if isinstance(data, dict):
            yield Path(path), data


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
    from questforge.engine.core.jsonload import JsonLoadError, load_json_file

    try:
        data = load_json_file(root / "pack.json").data
    except JsonLoadError:
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


def _templates(ruleset_id: str) -> Templates:
    try:
        templates = rulesets.get(ruleset_id).templates()
    except QuestforgeError as exc:
        raise NewError(str(exc)) from None
    if templates is None:
        raise NewError(f"ruleset {ruleset_id!r} has no templates; nothing to scaffold")
    return templates


def _default_ruleset() -> str:
    return rulesets.BUILTIN[0]


def _kind_options(templates: Templates, kind: str, args: list[str]) -> dict[str, JSONValue]:
    """The kind's own options (``--number 7``) from the extra arguments."""
    declared = {f"--{o.name}": o for o in templates.options(kind)}
    values: dict[str, JSONValue] = {o.name: o.default for o in declared.values()}
    i = 0
    while i < len(args):
        name, eq, inline = args[i].partition("=")
        option = declared.get(name)
        if option is None:
            known = ", ".join(declared) or "none"
            raise NewError(f"unknown option {args[i]!r} for 'new {kind}' (its options: {known})")
        if eq:
            text = inline
        elif option.type == "flag":
            text = "yes"
        else:
            if i + 1 >= len(args):
                raise NewError(f"{name} needs a value")
            i += 1
            text = args[i]
        try:
            values[option.name] = option.parse(text)
        except QuestforgeError as exc:
            raise NewError(str(exc)) from None
        i += 1
    return values


@click.command(
    name="new", context_settings={"ignore_unknown_options": True, "allow_extra_args": True}
)
@click.argument("what", metavar="pack|KIND")
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
@click.option(
    "--ruleset",
    default=None,
    help="Ruleset of a new pack (or of content outside a pack); default: the pack's, else "
    "the first installed.",
)
@click.pass_context
def new(
    ctx: click.Context,
    what: str,
    name: str,
    directory: Path,
    content_id: str | None,
    ruleset: str | None,
) -> None:
    """Scaffold a pack, or a KIND of content of the pack's ruleset (Gloomhaven: scenario,
    monster with its deck, character class with a hand).

    NAME is the display name; the id is made from it (or given with --id). Content files go
    into the kind folders of the pack that holds --dir. Existing files are never
    overwritten, and writing is all-or-nothing. Kind options such as --number, --tile and
    --hand-size are the ruleset's own (see the error message for the list).
    """
    if not name.strip():
        raise NewError("NAME must not be empty")
    if len(name) > MAX_NAME:
        raise NewError(f"NAME is {len(name)} characters long; a name has at most {MAX_NAME}")
    if what == "pack":
        if ctx.args:
            raise NewError(f"unknown option {ctx.args[0]!r} for 'new pack'")
        ruleset_id = ruleset or _default_ruleset()
        if not _ID_RE.match(ruleset_id):
            raise NewError(f"--ruleset {ruleset_id!r} is not a ruleset name")
        _require_ruleset(ruleset_id)
        id = _resolve_id(name, content_id)
        templates = rulesets.get(ruleset_id).templates()
        files = {"pack.json": manifest(id, name, ruleset_id)}
        if templates is not None:
            files.update(templates.pack_files(id, name))
        written = _write(directory / id, files)
        for path in written:
            click.echo(f"wrote {path}")
        return
    base = content_base(directory)
    root = _pack_root(directory.resolve())
    pack_manifest = _manifest(root)
    pack_ruleset = pack_manifest.get("ruleset")
    if root is not None and isinstance(pack_ruleset, str):
        if ruleset is not None and ruleset != pack_ruleset:
            raise NewError(f"the pack at {root} uses ruleset {pack_ruleset!r}, not {ruleset!r}")
        ruleset_id = pack_ruleset
    else:
        ruleset_id = ruleset or _default_ruleset()
    _require_ruleset(ruleset_id)
    templates = _templates(ruleset_id)
    if what not in templates.kinds:
        raise NewError(
            f"{ruleset_id} cannot scaffold {what!r}; choose pack or one of "
            f"{', '.join(templates.kinds)}"
        )
    options = _kind_options(templates, what, list(ctx.args))
    id = _resolve_id(name, content_id)
    # ids of the files made alongside (``<id>-deck``, ``<id>-card-N``) must fit too
    longest = max((len(s) for s in templates.id_suffixes(what, options)), default=0)
    if len(id) + longest > MAX_ID:
        if content_id is not None:
            raise NewError(
                f"--id {content_id!r} is too long: ids have at most {MAX_ID} characters, "
                f"including what is derived from it"
            )
        id = id[: MAX_ID - longest].strip("-")
    docs = list(_pack_documents(root))
    context = PackContext(root, pack_manifest, docs, options)
    try:
        files = templates.files(what, id, name, context)
    except QuestforgeError as exc:
        raise NewError(str(exc)) from None
    _check_new_ids(files, docs, base)
    written = _write(base, files)
    for path in written:
        click.echo(f"wrote {path}")


def _require_ruleset(ruleset: str) -> None:
    """A new pack must name an installed ruleset, or it would not validate (QC104)."""
    if rulesets.find(ruleset) is None:
        known = ", ".join(rulesets.ids())
        raise NewError(f"--ruleset {ruleset!r} is not installed (installed: {known})")
