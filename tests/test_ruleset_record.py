"""The ruleset record behaves as the frozen dataclass it replaced (written by hand so that
every command starts without ``dataclasses``): keyword and positional construction,
defaults, equality and hashing by its fields, immutability, copy and pickle."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from questforge.engine.rulesets import Ruleset


def test_fields_defaults_equality_and_hash() -> None:
    a = Ruleset("demo", "Demo", ("scenario",), description="d")
    b = Ruleset(id="demo", title="Demo", kinds=("scenario",), description="d")
    assert a == b and hash(a) == hash(b)
    assert a.schema_package == "questforge.schema" and a.schema_path is None
    assert a.name == "demo"
    assert a != Ruleset("demo", "Demo", ("scenario", "monster"), description="d")
    assert "id='demo'" in repr(a) and "_cache" not in repr(a)
    a.templates()  # imports nothing (no face), and the cache does not change equality
    assert a == b


def test_immutable_and_copyable() -> None:
    a = Ruleset("demo", "Demo", ("scenario",), model="json:loads")
    with pytest.raises(AttributeError):
        a.id = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del a.title  # type: ignore[misc]
    for other in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert other == a and other is not a


def test_listing_the_ai_referee_imports_no_dataclasses() -> None:
    # the point of the hand-written record: ``questforge ai solve`` starts without them
    code = (
        "import sys\n"
        "from questforge.commands import ai_run\n"
        "ai_run.referee()\n"
        "bad = {'dataclasses', 'typing', 'inspect'} & set(sys.modules)\n"
        "print(sorted(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_builtin_records_state_the_kinds_their_game_faces_play() -> None:
    """``playable_kinds`` on the record lets ``play``/``simulate`` resolve a target
    without importing every engine; it must say what the face says."""
    from questforge.engine import rulesets

    for record in rulesets.builtin_rulesets():
        face = record.game()
        if face is None:
            assert record.playable_kinds is None
            continue
        assert record.playable_kinds == face.playable_kinds, record.id


def test_play_imports_only_the_game_engine_of_its_ruleset(tmp_path: Path) -> None:
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print(sorted(m for m in sys.modules "
        "if m.endswith('.game.face')), file=sys.stderr))\n"
        "from questforge.cli import main\n"
        "sys.argv = ['questforge', 'play', 'flooded-workings', '--players', '2', '--auto',"
        " '--seed', '1', '--log', 'g.json']\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "['questforge.engine.gloomhaven.game.face']"
    assert (tmp_path / "g.json").is_file()
