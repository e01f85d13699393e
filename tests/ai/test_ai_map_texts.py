"""The remembered map texts of ``questforge ai solve``'s reader (``referee._known_map``).

A folder of situations repeats a few maps, so the fast reader takes a map's hexes from an
earlier file whose ``"hexes"`` array had the very same text. That must never change what a
file reads as: every variant below (tricky texts around the array, invalid files, files
where the remembered text appears somewhere else) must read exactly as the safe loader
reads it, the same situation or the same error message.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from questforge.engine.gloomhaven.ai import referee, solve
from questforge.engine.gloomhaven.ai.referee import InputError, load_file, read_situation


def _described(sit: object) -> str:
    """Everything a situation holds, as text (situations compare by identity)."""
    s = sit
    return repr(
        (
            sorted(s.hexes),  # type: ignore[attr-defined]
            s.figures,  # type: ignore[attr-defined]
            s.active,  # type: ignore[attr-defined]
            sorted(s.terrain.items()),  # type: ignore[attr-defined]
            s.thin_walls,  # type: ignore[attr-defined]
            s.id,  # type: ignore[attr-defined]
            s.description,  # type: ignore[attr-defined]
            s.orientation,  # type: ignore[attr-defined]
            s.expected,  # type: ignore[attr-defined]
            solve(s).to_json(),  # type: ignore[arg-type]
        )
    )


def _read(path: Path) -> str:
    """How the command reads ``path``: the situation, or the error message."""
    try:
        return _described(load_file(str(path)))
    except InputError as exc:
        return f"error: {exc}"


def _safe(path: Path) -> str:
    try:
        return _described(read_situation(str(path)))
    except InputError as exc:
        return f"error: {exc}"


def _variants(text: str) -> dict[str, str]:
    """Texts around a map's ``"hexes"`` array that the remembered text must not fool."""
    data = json.loads(text)
    i = text.index('"hexes"')
    j = text.index("[", i)
    hexes = json.dumps(data["map"]["hexes"])
    start = text[j:]
    other = dict(data, map=dict(data["map"], hexes=data["map"]["hexes"][:-1]))
    active_first = {k: data[k] for k in ("kind", "active")}
    active_first.update(data)
    active_first["active"] = dict(
        data["active"], aoe={"melee": True, "hexes": [[1, 0], [1, -1]]}, range=0
    )
    return {
        "same": text,
        "same, other id": text.replace(f'"{data["id"]}"', '"other-id"', 1),
        "spaces before the colon": text[:i] + '"hexes" \n :\t' + text[j:],
        "a duplicate hexes key": text[:j] + hexes + ', "hexes": ' + start,
        "an unknown key holding the array": text[:i] + '"x\\"hexes": ' + hexes + ", " + text[i:],
        "the mark's digits in the description": text.replace(
            '"description": "', '"description": "7392018465 ', 1
        ),
        "the mark itself as the hexes": text[:j] + "-7392018465" + text[j + len(hexes) :]
        if text[j:].startswith(hexes)
        else text,
        "an extra bracket after the array": text[:j] + hexes + "]" + text[j + len(hexes) :]
        if text[j:].startswith(hexes)
        else text,
        "a digit after the array": text[:j] + hexes + "5" + text[j + len(hexes) :]
        if text[j:].startswith(hexes)
        else text,
        "the rest invalid": text.replace('"figures"', '"figurez"', 1),
        "a float in the map": text[:j] + "[[0.0, 0], " + text[j + 1 :],
        "a hex listed twice": text[:j]
        + "["
        + json.dumps(data["map"]["hexes"][0])
        + ", "
        + text[j + 1 :],
        "one hex fewer": json.dumps(other),
        "the aoe's hexes first": json.dumps(active_first),
        "hexes not an array": text[:j] + "5, " + '"terrain": [[' + text[j + 1 :],
        "truncated": text[: j + 40],
    }


@pytest.fixture
def base(dev_dir: Path) -> str:
    return (dev_dir / "gloom-001.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("compact", [False, True])
def test_a_remembered_map_reads_every_variant_as_the_safe_loader(
    base: str, tmp_path: Path, compact: bool
) -> None:
    if compact:
        base = json.dumps(json.loads(base))
    variants = _variants(base)
    for name, text in variants.items():
        for first in (None, base, text):
            referee._MAP_TEXTS.clear()
            if first is not None:  # the map (or the variant's own array) remembered first
                seed = tmp_path / "seed.json"
                seed.write_text(first, encoding="utf-8")
                _read(seed)
            path = tmp_path / "variant.json"
            path.write_text(text, encoding="utf-8")
            assert _read(path) == _safe(path), name


def test_the_remembered_text_is_used(base: str, tmp_path: Path) -> None:
    referee._MAP_TEXTS.clear()
    path = tmp_path / "a.json"
    path.write_text(base, encoding="utf-8")
    first = load_file(str(path))
    assert len(referee._MAP_TEXTS) == 1
    second = load_file(str(path))
    # the very same map object: the solver's per-map tables are then found by identity
    assert second.hexes is first.hexes


def test_answers_are_written_as_the_json_writer_writes_them(dev_dir: Path) -> None:
    from questforge.engine.core.hexgrid import Hex
    from questforge.engine.core.plainjson import dumps
    from questforge.engine.gloomhaven.ai import Option, Solution
    from questforge.engine.gloomhaven.ai.referee import answer_json
    from questforge.engine.gloomhaven.ai.solution import Explanation

    for path in sorted(dev_dir.glob("*.json")):
        solution = solve(load_file(str(path)))
        assert answer_json(solution) == dumps(solution.to_json()), path.name
    odd = Solution(
        'q"\\é\n✓',
        [Option(Hex(-1000, 1000), (Hex(0, -1), Hex(2, 3)), None), Option(Hex(0, 0), (), Hex(1, 1))],
        Explanation(),
    )
    assert answer_json(odd) == json.dumps(odd.to_json())
    assert answer_json(Solution("", [], Explanation())) == json.dumps({"id": "", "options": []})


def test_an_unexplained_solve_gives_the_same_options(dev_dir: Path) -> None:
    # ``ai solve --format json`` skips the explanation it does not print
    for path in sorted(dev_dir.glob("*.json")):
        sit = load_file(str(path))
        explained, plain = solve(sit), solve(sit, explain=False)
        assert plain.options == explained.options, path.name
        assert plain.id == explained.id
        assert plain.explanation.steps == [] and plain.explanation.candidates == []
        assert explained.explanation.steps, path.name
