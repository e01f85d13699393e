"""The fourth referee audit of the Witcher engine: what bot and random games showed a
referee reading their logs against the rulebook."""

from __future__ import annotations

import dataclasses

from wigame import PACK, Picker

from questforge.engine.witcher.game import Setup, WitcherGame
from questforge.engine.witcher.game.state import HeroState


class _TriggerAt(WitcherGame):
    """A game whose first seat completes its last quest on its turn of round ``at``."""

    at = 0

    def play_turn(self, h: HeroState) -> None:
        super().play_turn(h)
        if self.state.round == self.at and h.seat == 0 and not self.state.end_triggered_by:
            self.state.end_triggered_by = h.id
            self.emit("end-triggered", hero=h.id, quests=self.state.quests_to_end)


def test_the_final_round_is_played_out_past_the_round_limit() -> None:
    # WI-WIN-01: "when a player completes their third quest card and finishes the current
    # turn, every player plays one more round. Then the player with the most VP wins."
    # Triggered in the last round the safety limit allows, the final round still runs: the
    # game ends finished, every hero having played one more turn (random play, seed 33,
    # stopped it unfinished with the trigger's hero short of a turn)
    options = dataclasses.replace(PACK.options["standard"], max_rounds=5)
    game = _TriggerAt(PACK, Setup(heroes=("corvin", "ysolde", "tamsin")), 3, options)
    game.at = 5
    game.run(Picker())
    assert game.state.outcome == "finished"
    assert game.state.final_order == ["ysolde", "tamsin", "corvin"]
    assert game.state.round == 6
    end = [e for e in game.log if e.type == "game-end"]
    assert end and end[0]["outcome"] == "finished"


def test_the_round_limit_still_stops_a_game_nobody_ends() -> None:
    # WI-WIN-01 untriggered: the limit (a safety stop, ours) leaves the game unfinished
    options = dataclasses.replace(PACK.options["standard"], max_rounds=5)
    game = _TriggerAt(PACK, Setup(heroes=("corvin", "ysolde")), 3, options)
    game.run(Picker())
    assert game.state.outcome == "unfinished" and game.state.round == 5
