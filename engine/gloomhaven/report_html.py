"""Gloomhaven's sections of a balance report page (characters, kills, falls, rooms).

Drawn below the generic part of each setup (:mod:`questforge.engine.core.report_html`)
from the keys :func:`questforge.engine.gloomhaven.game.face.report_sections` adds.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from questforge.engine.core.report_html import hbar_chart, num, pct

_LOSS_CAUSES = {
    "exhausted": "every character exhausted",
    "scenario": "a loss condition of the scenario",
}


def setup_sections_html(s: Mapping[str, Any]) -> str:
    """The Gloomhaven part of one setup's section."""
    causes = "".join(
        f"<tr><td>lost: {escape(_LOSS_CAUSES.get(cause, cause))}</td><td>{n}</td></tr>"
        for cause, n in (s.get("losses_by_cause") or {}).items()
    )
    chars = s.get("characters") or []
    char_rows = "".join(
        "<tr>"
        f"<td>{c['seat']}. {escape(c['name'])}</td>"
        f"<td>{num(c['damage_taken']['mean'])}</td><td>{num(c['damage_taken']['max'])}</td>"
        f"<td>{pct(c['exhaustion_rate'])}</td>"
        f"<td>{escape(', '.join(f'{k} {v}' for k, v in c['exhaustion_causes'].items()) or '–')}</td>"
        f"<td>{num(c['xp_mean'])}</td><td>{num(c['gold_mean'])}</td>"
        "</tr>"
        for c in chars
    )
    damage = hbar_chart(
        [(f"{c['seat']}. {c['name']}", float(c["damage_taken"]["mean"] or 0)) for c in chars],
        title="mean damage taken",
        colour="#c0392b",
    )
    exhaustion = hbar_chart(
        [(f"{c['seat']}. {c['name']}", float(c["exhaustion_rate"])) for c in chars],
        max_value=1.0,
        fmt="{:.0%}",
        title="exhaustion rate",
        colour="#8e44ad",
    )
    kills = hbar_chart(
        [(k, float(v)) for k, v in (s.get("kills_per_game") or {}).items()],
        title="kills per game",
        colour="#27864a",
    )
    falls = hbar_chart(
        [(k, float(v)) for k, v in (s.get("falls_by_room") or {}).items()],
        fmt="{:.0f}",
        title="exhaustions per room",
        colour="#b7791f",
    )
    games = max(1, int(s["games"]))
    reached = hbar_chart(
        [(k, v / games) for k, v in (s.get("rooms_revealed") or {}).items()],
        max_value=1.0,
        fmt="{:.0%}",
        title="games that revealed each room",
        colour="#4a78b5",
    )
    losses = f"<h3>How games were lost</h3><table>{causes}</table>" if causes else ""
    return f"""
{losses}
<h3>Characters</h3>
<table><tr><th>character</th><th>damage (mean)</th><th>damage (max)</th><th>exhausted</th>
<th>cause</th><th>XP (mean)</th><th>gold (mean)</th></tr>{char_rows}</table>
<div class="grid">
<div><h3>Damage taken per game</h3>{damage}</div>
<div><h3>Exhaustion rate</h3>{exhaustion}</div>
<div><h3>Kills per game, by monster type</h3>{kills}</div>
<div><h3>Where characters fall (exhaustions per room)</h3>{falls}</div>
<div><h3>How far parties get (games that revealed each room)</h3>{reached}</div>
</div>
"""
