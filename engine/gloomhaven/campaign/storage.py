"""The campaign file on disk: checked loading and atomic saving.

Loading refuses a broken file with the repo's usual clear error: the file, the line and
column, and what was expected (the safe JSON loader for syntax, size, depth and encoding;
the campaign schema for shape; a few cross-checks for what a schema cannot say, such as
two characters with one name). Saving writes a temporary file in the same folder, flushes
it to disk and renames it over the old file: a crash leaves the old sheet or the new one,
never half of either.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from questforge.engine.core.campaign import CampaignFileError
from questforge.engine.core.jsonload import JsonLoadError, JsonPath, load_json_file, locate
from questforge.engine.gloomhaven.campaign.state import FORMAT, Campaign

SCHEMA = ("gloomhaven", "campaign")


def _where(text: str, path: JsonPath) -> tuple[int | None, int | None]:
    try:
        return locate(text, path, prefer="value")
    except Exception:  # a path the text does not have: say the file only
        return None, None


def _path_words(path: JsonPath) -> str:
    out = "$"
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{step}"
    return out


def _schema_error(data: Any) -> tuple[JsonPath, str] | None:
    """The first (best) schema error of ``data``: its path and words, or ``None``."""
    import jsonschema

    from questforge import schema as shipped

    validator = jsonschema.Draft202012Validator(
        shipped.load_schema(*SCHEMA), registry=shipped.registry()
    )
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is None:
        return None
    path = tuple(error.absolute_path)
    return path, f"{_path_words(path)}: {error.message}"


def _cross_check(campaign: Campaign) -> tuple[JsonPath, str] | None:
    """What the schema cannot say: names unique, no item owned twice."""
    seen: set[str] = set()
    for i, c in enumerate(campaign.characters):
        if c.name in seen:
            return (
                ("characters", i, "name"),
                f"two characters are named {c.name!r}; names must be unique",
            )
        seen.add(c.name)
        if len(set(c.items)) != len(c.items):
            return (
                ("characters", i, "items"),
                f"{c.name} owns an item twice; a character never owns duplicates (GH-SHOP-03)",
            )
    return None


def load(path: Path) -> Campaign:
    """The campaign saved at ``path``; :class:`CampaignFileError` naming the file, line,
    column and what was expected when it is broken."""
    try:
        loaded = load_json_file(path)
    except JsonLoadError as exc:
        raise CampaignFileError(path, exc.message, exc.line, exc.column) from None
    except OSError as exc:
        raise CampaignFileError(path, f"cannot read it ({exc.strerror or exc})") from None
    data, text = loaded.data, loaded.text
    if loaded.duplicates:
        dup = loaded.duplicates[0]
        line, column = _where(text, dup.path)
        raise CampaignFileError(
            path, f"the key {dup.path[-1]!r} appears twice in one object", line, column
        )
    if isinstance(data, dict) and data.get("format") not in (None, FORMAT):
        line, column = _where(text, ("format",))
        raise CampaignFileError(
            path,
            f"campaign file format {data.get('format')!r}: this questforge reads format {FORMAT}",
            line,
            column,
        )
    found = _schema_error(data)
    if found is not None:
        where, words = found
        line, column = _where(text, where) if where else (1, 1)
        raise CampaignFileError(path, f"not a campaign file as expected: {words}", line, column)
    campaign = Campaign.from_json(data)
    problem = _cross_check(campaign)
    if problem is not None:
        line, column = _where(text, problem[0])
        raise CampaignFileError(path, problem[1], line, column)
    return campaign


def dumps(campaign: Campaign) -> str:
    """The file's text: the same campaign always gives the same bytes."""
    return json.dumps(campaign.to_json(), indent=1, ensure_ascii=False) + "\n"


def save(campaign: Campaign, path: Path) -> None:
    """Write atomically: temporary file in the same folder, fsync, rename (``OSError``
    when the folder cannot be written; the old file is then untouched)."""
    text = dumps(campaign)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
