"""The validator's locator answers exactly as the engine's ``jsonload.locate`` does, for
every path of every bundled content file and for paths that do not exist, in any order
(it remembers what it scanned, so the order of questions must not matter)."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.core.jsonload import locate
from questforge.validator.locating import Locator

SAMPLE = Path(str(resources.files("questforge.content"))) / "gloomhaven-sample"


def _paths(node: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, (*path, key)))
        out.append((*path, "no-such-key"))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out.extend(_paths(value, (*path, index)))
        out.extend([(*path, len(node)), (*path, -1)])
    else:
        out.append((*path, 0))
    return out


@pytest.mark.parametrize("file", sorted(SAMPLE.rglob("*.json"))[::7], ids=lambda p: p.name)
def test_same_answers_as_jsonload_for_every_path(file: Path) -> None:
    text = file.read_text(encoding="utf-8")
    paths = _paths(json.loads(text))
    random.Random(7).shuffle(paths)  # seeded: any order of questions
    # the bundled files repeat no key: the locator may stop scanning at the key it wants
    for locator in (Locator(text), Locator(text, unique_keys=True)):
        for path in paths:
            for prefer in ("key", "value"):
                expected = locate(text, path, prefer=prefer)
                assert locator.locate(path, prefer=prefer) == expected, path


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "a": {"b": [1, 2]}}',  # duplicate keys: the last one is in force
        '\ufeff {\n\t"x" :[ [ ], {"y":null} ,3 ]\r\n}',
        "[1, 2",  # not JSON: (1, 1), never an exception
        '{"a": [1, 2, 3]}',
        "",
    ],
)
def test_same_answers_on_odd_text(text: str) -> None:
    paths: list[tuple[str | int, ...]] = [
        (),
        ("a",),
        ("a", "b", 1),
        ("a", 2),
        ("a", 5),
        ("x", 1, "y"),
        ("x", 2),
        (0,),
        (1,),
        (3,),
    ]
    locator = Locator(text)
    for path in paths + paths[::-1]:
        assert locator.locate(path) == locate(text, path), path
