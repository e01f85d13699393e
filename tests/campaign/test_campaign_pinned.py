"""A seeded campaign, pinned byte for byte: ``campaign new``, a city event and
``campaign auto`` over the sample pack's three scenarios write the same file as when the
digest below was taken. It guards refactorings of the campaign (where its content comes
from, how rewards and events are applied): same seed, same campaign.

A deliberate change of game or campaign behaviour changes the digest: regenerate it (the
assertion prints the new one) in a commit of its own that names the change.

ghaudit4 (GH-TREAS-04): the board records the treasures looted (``looted_treasures``,
here ``["5"]``, the flooded workings' payroll); with that key taken out the file is the
one pinned before, byte for byte - no game of the run changed.

ghenh: the bots choose road-event options (road-01's option B here, not always A) and the
cinder forge grants the "Enhance Power" global achievement (GH-ENH-01).
Merged (lead): both changes together; with ``looted_treasures`` taken out the file is
ghenh's, byte for byte.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from click.testing import CliRunner

from questforge.cli import cli

#: sha256 of the campaign file, the pack's folder written as ``PACK``
PINNED = "sha256:440bec0aeebb7229d72c83741b5e1133484dab467ea5d0f25b0325eb21145f9d"


def run(*args: object) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_seeded_campaign_writes_the_pinned_file(tmp_path: Path, sample_pack: Path) -> None:
    path = tmp_path / "camp.json"
    run("campaign", "new", sample_pack, "-o", path, "--party", "P",
        "--character", "tunnel-rat", "--character", "ore-singer", "--seed", "1")  # fmt: skip
    run("campaign", "town", path, "event", "--option", "B")
    table = run("campaign", "auto", path, "--scenarios",
                "collapsed-adit,flooded-workings,cinder-forge", "--seed", "1")  # fmt: skip
    assert table.count(" won ") == 3, table
    text = path.read_text(encoding="utf-8")
    history = json.loads(text)["history"]
    assert "the party chooses B" in history  # the city event was resolved
    # GH-BOARD-02: completed, its rewards given
    assert "The Cinder Forge completed (GH-BOARD-02)" in history
    assert any(line.startswith("reward: 20 gold and 10 XP") for line in history)
    digest = (
        "sha256:"
        + hashlib.sha256(
            text.replace(str(sample_pack.absolute()), "PACK").encode("utf-8")
        ).hexdigest()
    )
    assert digest == PINNED, f"the campaign file changed; its digest is now {digest}"
