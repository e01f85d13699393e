"""``questforge ai solve`` starts without the modules that cost most of its start-up (``re``,
``json``, ``typing``, ``pathlib``, ``collections``, ``functools``), and the stand-ins that
make this possible say exactly what the standard library would: the same JSON bytes in and
out, the same pattern answers, the same ``Hex``."""

from __future__ import annotations

import collections
import copy
import json
import os
import pickle
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from questforge.engine.core import plainjson
from questforge.engine.core.hexgrid import Hex
from questforge.engine.core.schemacheck import _class_pattern

REPO = Path(__file__).resolve().parents[2]

#: modules a plain ``ai solve --format json`` must not import (a user's wheel install
#: starts with none of them loaded)
EXPENSIVE = ("re", "json", "typing", "pathlib", "collections", "functools", "enum", "dataclasses")


def _module_tree(root: Path) -> Path:
    """The checkout laid out as the installed package (as ``scripts/mypy.sh`` does), so a
    child started with ``-S`` (no editable-install finder, which imports ``re`` and
    ``pathlib`` itself) sees only what questforge imports."""
    tree = root / "tree"
    (tree / "questforge").mkdir(parents=True)
    for item in (REPO / "questforge").iterdir():
        (tree / "questforge" / item.name).symlink_to(item)
    for folder in ("engine", "validator", "editor", "schema", "content"):
        (tree / "questforge" / folder).symlink_to(REPO / folder)
    return tree


@pytest.mark.skipif(sys.platform == "win32", reason="symlinked module tree")
def test_ai_solve_starts_without_the_expensive_modules(dev_dir: Path, tmp_path: Path) -> None:
    tree = _module_tree(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(
        [
            sys.executable,
            "-S",
            "-X",
            "importtime",
            "-c",
            "import sys; sys.argv = ['questforge', *sys.argv[1:]]; "
            "from questforge.launch import main; main()",
            "ai",
            "solve",
            "--format",
            "json",
            str(dev_dir),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert "questforge.engine.gloomhaven.ai.solver" in imported
    assert sorted(m for m in EXPENSIVE if m in imported) == []
    assert len(done.stdout.splitlines()) == len(list(dev_dir.glob("*.json")))


# ---------------------------------------------------------------- JSON without json


@pytest.mark.parametrize(
    "text",
    [
        '{"a": [1, -2, {"b": null}], "c": "\\u00e9\\n", "d": true, "e": false}',
        "  \n[1, 2]\t\r\n ",
        '"x"',
        "0",
        "[]",
        "{}",
        '{"f": 1.5e3}',
        '{"g": NaN}',
    ],
)
def test_loads_reads_what_json_reads(text: str) -> None:
    assert repr(plainjson.loads(text)) == repr(json.loads(text))


@pytest.mark.parametrize(
    "text",
    ["", "   ", "[1, 2] x", "[1, 2,]", "\ufeff[]", '{"a": 1', '"\x01"', "[1] [2]", "nul"],
)
def test_loads_refuses_what_json_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        json.loads(text)
    with pytest.raises(ValueError):
        plainjson.loads(text)


def test_loads_hooks_see_what_json_hooks_see() -> None:
    text = '{"a": {"b": 1, "b": 2}, "c": [1.25, Infinity]}'
    seen: list[object] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        seen.append(list(items))
        return dict(items)

    got = plainjson.loads(text, object_pairs_hook=pairs, parse_float=str, parse_constant=str)
    mine, seen[:] = list(seen), []
    want = json.loads(text, object_pairs_hook=pairs, parse_float=str, parse_constant=str)
    assert got == want and mine == seen


def test_dumps_writes_the_bytes_json_writes() -> None:
    rng = random.Random(14)

    def value(depth: int) -> object:
        kind = rng.randrange(9 if depth < 4 else 5)
        if kind == 0:
            return rng.randint(-(10**12), 10**12)
        if kind == 1:
            return "".join(rng.choice('aé"\\\n\x00€𝄞 ') for _ in range(rng.randrange(6)))
        if kind == 2:
            return rng.choice([True, False, None])
        if kind == 3:
            return Hex(rng.randint(-9, 9), rng.randint(-9, 9))
        if kind == 4:
            return 1.5 if rng.random() < 0.1 else 0
        if kind in (5, 6):
            return [value(depth + 1) for _ in range(rng.randrange(4))]
        keys = [rng.choice(["id", "é", "a\nb", 'q"']) for _ in range(rng.randrange(4))]
        if rng.random() < 0.05:
            return {1: "int key"}
        return {k: value(depth + 1) for k in keys}

    for _ in range(1000):
        v = value(0)
        assert plainjson.dumps(v) == json.dumps(v, separators=(", ", ": "))


# ---------------------------------------------------------------- patterns without re


@pytest.mark.parametrize(
    "pattern", ["^[A-Za-z0-9][A-Za-z0-9._@:-]*$", "^[a-z][a-z0-9-]*$", "^[_][x]*$"]
)
def test_class_patterns_answer_as_re_does(pattern: str) -> None:
    check = _class_pattern(pattern)
    assert check is not None
    compiled = re.compile(pattern)
    rng = random.Random(7)
    alphabet = "aZ09._@:-_x\n \t]!é"
    for _ in range(5000):
        v = "".join(rng.choice(alphabet) for _ in range(rng.randrange(6)))
        assert check(v) == (compiled.search(v) is not None), repr(v)


@pytest.mark.parametrize(
    "pattern", ["^[a-z0-9]+(-[a-z0-9]+)*$", "^[0-9]+\\.[0-9]+$", "^[^a]*$", "^[a\\]]*$", "[a][b]*"]
)
def test_other_patterns_are_left_to_re(pattern: str) -> None:
    assert _class_pattern(pattern) is None


# ---------------------------------------------------------------- Hex without collections


def test_hex_is_the_named_tuple_collections_would_make() -> None:
    model = collections.namedtuple("Hex", ("q", "r"))
    for q, r in ((1, 2), (-3, 0), (0, -7)):
        h, m = Hex(q, r), model(q, r)
        assert repr(h) == repr(m) and str(h) == str(m)
        assert h == m == (q, r) and hash(h) == hash((q, r))
        assert (h.q, h.r) == (m.q, m.r)
        assert h._asdict() == m._asdict() and h._fields == m._fields
        assert h._replace(r=5) == (q, 5) and type(h._replace(r=5)) is Hex
        assert type(Hex._make([q, r])) is Hex and Hex(q=q, r=r) == h
        for copied in (pickle.loads(pickle.dumps(h)), copy.copy(h), copy.deepcopy(h)):
            assert copied == h and type(copied) is Hex
        match h:
            case Hex(a, b):
                assert (a, b) == (q, r)
    with pytest.raises(TypeError):
        Hex._make([1, 2, 3])
    with pytest.raises(ValueError):
        Hex(1, 2)._replace(s=3)
    with pytest.raises(AttributeError):
        Hex(1, 2).q = 3  # type: ignore[misc]


def test_member_at_reads_every_shipped_definition_as_json_does() -> None:
    # the situation loader reads ``defs.schema.json#/$defs/hex`` on its own: every
    # definition of every shipped schema comes out as ``json`` reads it
    files = sorted((REPO / "schema").glob("*/*.schema.json"))
    assert files
    seen = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        whole = json.loads(text)
        for name, node in whole.get("$defs", {}).items():
            assert plainjson.member_at(text, ["$defs", name]) == node, (path, name)
            seen += 1
        assert plainjson.member_at(text, ["$id"]) == whole["$id"]
    assert seen > 50


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ('{"a": 1}', ["b"]),
        ('{"a": [1]}', ["a", "b"]),
        ("[1]", ["a"]),
        ('{"a" 1}', ["a"]),
        ("", ["a"]),
    ],
)
def test_member_at_refuses_a_path_that_leads_nowhere(text: str, names: list[str]) -> None:
    with pytest.raises(ValueError):
        plainjson.member_at(text, names)
