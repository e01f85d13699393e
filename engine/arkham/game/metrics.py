"""Per-game metrics for simulation reports: outcome, how it ended, rounds, doom over time,
gates opened per location."""

from __future__ import annotations

from collections import Counter
from typing import Any


def first_citizen(game: Any) -> str | None:
    """AH-WIN-06: the investigator with the most gate trophies (ties: monster trophies,
    then player order)."""
    best = sorted(
        game.state.investigators,
        key=lambda i: (-len(i.gate_trophies), -len(i.monster_trophies), i.player),
    )
    return best[0].id if best else None


def metrics(game: Any) -> dict[str, Any]:
    st = game.state
    log = game.log
    return {
        "outcome": st.outcome or "unfinished",
        "how": st.how or "unfinished",
        "rounds": st.round,
        "players": st.players,
        "ancient_one": st.ancient_one,
        "doom": st.doom,
        "terror": st.terror,
        "doom_history": list(st.doom_history),
        "gates_opened": dict(Counter(e["location"] for e in log.of_type("gate-opened"))),
        "gates_closed": len(log.of_type("gate-closed")),
        "sealed": len(st.sealed),
        "monsters_defeated": len(log.of_type("monster-defeated")),
        "devoured": len(log.of_type("devoured")),
        "awakened": st.awakened,
        "first_citizen": first_citizen(game) if st.outcome == "won" else None,
        "score": next((e.get("score") for e in log.of_type("game-over")), None),
    }
