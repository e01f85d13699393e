"""Gloomhaven's sections of a balance report page (characters, monsters, falls, rooms).

Drawn below the generic part of each setup (:mod:`questforge.engine.core.report_html`)
from the keys :func:`questforge.engine.gloomhaven.game.face.report_sections` adds. Every
chart's axis is shared with the same chart of the other setups on the page
(:func:`~questforge.engine.core.report_html.shared_max`), so "2 characters" and
"4 characters" (or version A and B) compare bar for bar. Names are the content's names and
causes are in words, never ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from questforge.engine.core.report_html import (
    hbar_chart,
    histogram_chart,
    num,
    pct,
    peer_setups,
    shared_max,
)
from questforge.engine.core.report_words import kills_words

_LOSS_CAUSES = {
    "exhausted": "every character exhausted",
    "scenario": "a loss condition of the scenario",
}
_EXHAUSTION_CAUSES = {"health": "out of hit points", "cards": "out of cards"}


def _name(s: Mapping[str, Any], ident: str) -> str:
    return str((s.get("names") or {}).get(ident) or ident)


def _character(c: Mapping[str, Any]) -> str:
    return f"{c['seat']}. {c.get('label') or c['name']}"


def _max_of(key: str, inner: str | None = None) -> float:
    """The largest value of a per-name mapping ``key`` over the page's setups."""

    def top(s: Mapping[str, Any]) -> float:
        values = (s.get(key) or {}).values()
        nums = [float(v[inner] if inner else v) for v in values]
        return max(nums, default=0.0)

    return shared_max(top)


def setup_sections_html(s: Mapping[str, Any]) -> str:
    """The Gloomhaven part of one setup's section."""
    causes = "".join(
        f"<tr><td>lost: {escape(_LOSS_CAUSES.get(cause, cause))}</td><td>{n}</td></tr>"
        for cause, n in (s.get("losses_by_cause") or {}).items()
    )
    chars = s.get("characters") or []
    char_rows = "".join(
        "<tr>"
        f"<td>{escape(_character(c))}</td>"
        f"<td>{num(c['damage_taken']['mean'])}</td><td>{num(c['damage_taken']['max'])}</td>"
        f"<td>{c['exhausted']} of {c['games']} ({pct(c['exhaustion_rate'])})</td>"
        f"<td>{escape(', '.join(f'{_EXHAUSTION_CAUSES.get(k, k)} {v}' for k, v in c['exhaustion_causes'].items()) or '–')}</td>"
        f"<td>{num(c['xp_mean'])}</td><td>{num(c['gold_mean'])}</td>"
        "</tr>"
        for c in chars
    )
    damage_top = shared_max(
        lambda p: max((float(c["damage_taken"]["mean"] or 0) for c in p["characters"]), default=0)
    )
    damage = hbar_chart(
        [(_character(c), float(c["damage_taken"]["mean"] or 0)) for c in chars],
        max_value=damage_top or None,
        fmt="{:.1f}",
        title="mean damage taken per game",
        colour="#c0392b",
    )
    exhaustion = hbar_chart(
        [(_character(c), float(c["exhaustion_rate"])) for c in chars],
        max_value=1.0,
        fmt="{:.0%}",
        title="exhaustion rate",
        colour="#8e44ad",
    )
    kop = s.get("kills_of_placed") or {}
    kills = hbar_chart(
        [(_name(s, k), float(v["killed_per_game"])) for k, v in kop.items()],
        max_value=_max_of("kills_of_placed", "placed_per_game") or None,
        title="monsters killed of those placed, per game",
        colour="#27864a",
        texts=[
            f"{kills_words(float(v['killed_per_game']), float(v['placed_per_game']))}"
            + (f" ({pct(v['killed'] / v['placed'])})" if v["placed"] else "")
            for v in kop.values()
        ],
    )
    dealt = s.get("damage_by_monster") or {}
    dealt_chart = hbar_chart(
        [(_name(s, k), float(v["per_game"])) for k, v in dealt.items()],
        max_value=_max_of("damage_by_monster", "per_game") or None,
        fmt="{:.1f}",
        title="damage dealt to the party per game, by monster type",
        colour="#b03a2e",
    )
    falls = hbar_chart(
        [(k, float(v)) for k, v in (s.get("falls_by_room") or {}).items()],
        max_value=_max_of("falls_by_room") or None,
        fmt="{:.0f}",
        title="exhaustions per room",
        colour="#b7791f",
    )
    when_all = [int(k) for p in peer_setups() for k in (p.get("exhaustions_by_round") or {})]
    when_counts = s.get("exhaustions_by_round") or {}
    when_keys = [*when_all, *(int(k) for k in when_counts)]
    when = (
        histogram_chart(
            when_counts,
            xlabel="round",
            x_range=(min(when_keys), max(when_keys)),
            y_max=int(_max_of("exhaustions_by_round")) or None,
            colour="#8e44ad",
        )
        if when_keys
        else '<p class="muted">no character was exhausted</p>'
    )
    games = max(1, int(s["games"]))
    reached = hbar_chart(
        [(k, v / games) for k, v in (s.get("rooms_revealed") or {}).items()],
        max_value=1.0,
        fmt="{:.0%}",
        title="games that revealed each room",
        colour="#4a78b5",
    )
    goals = s.get("battle_goals") or {}
    goal_chart = (
        hbar_chart(
            [(_name(s, g), float(v["met_rate"])) for g, v in goals.items()],
            max_value=1.0,
            fmt="{:.0%}",
            title="battle goals met, of the games each was kept in",
            colour="#2e86ab",
            texts=[f"{v['met']} of {v['kept']} ({v['rewarded']} rewarded)" for v in goals.values()],
        )
        if goals
        else '<p class="muted">no battle goals dealt</p>'
    )
    losses = f"<h3>How games were lost</h3><table>{causes}</table>" if causes else ""
    return f"""
{losses}
<h3>Characters</h3>
<table><tr><th>character</th><th>damage (mean)</th><th>damage (max)</th><th>exhausted</th>
<th>why</th><th>XP (mean)</th><th>gold (mean)</th></tr>{char_rows}</table>
<div class="grid">
<div><h3>Damage taken per game</h3>{damage}</div>
<div><h3>Exhaustion rate</h3>{exhaustion}</div>
<div><h3>Damage dealt by monster type (per game)</h3>{dealt_chart}</div>
<div><h3>Kills per game: killed of placed</h3>{kills}</div>
<div><h3>When characters are exhausted (round)</h3>{when}</div>
<div><h3>Where characters are exhausted (room)</h3>{falls}</div>
<div><h3>How far parties get (games that revealed each room)</h3>{reached}</div>
<div><h3>Battle goals met (GH-BG-02; rewarded: in a won game)</h3>{goal_chart}</div>
</div>
"""
