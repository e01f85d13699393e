"""The selected figure as the table shows it: a monster's stat card and ability card, a
character's hand and the cards it played.

At the table a player picks up the monster's stat card (normal and elite lines at the
scenario's monster level: health, move, attack, range, and the traits — shield, retaliate,
pierce, flying, the conditions its attacks bring, its immunities) and looks at the ability
card its type drew this round. The playtest shows the same for the figure clicked on the
map or in the figure table, so a designer need not open the monster's file to follow a
turn. Plain HTML from engine data (no Qt here), cheap to test.
"""

from __future__ import annotations

from html import escape
from typing import Any

from questforge.engine.gloomhaven.game.describe import action_text, monster_ability_text
from questforge.engine.gloomhaven.game.names import Names
from questforge.engine.gloomhaven.game.spec import MonsterStats

#: (label, stat attribute) rows of the stat card, in the order the card prints them
STAT_ROWS = (
    ("Health", "health"),
    ("Move", "move"),
    ("Attack", "attack"),
    ("Range", "range"),
)


def traits(stats: MonsterStats) -> str:
    """The stat line's traits in words: ``shield 1, retaliate 2 (range 2), flying``."""
    out = []
    if stats.shield:
        out.append(f"shield {stats.shield}")
    if stats.retaliate:
        rng = f" (range {stats.retaliate_range})" if stats.retaliate_range > 1 else ""
        out.append(f"retaliate {stats.retaliate}{rng}")
    if stats.pierce:
        out.append(f"pierce {stats.pierce}")
    if stats.targets > 1:
        out.append(f"target {stats.targets}")
    if stats.flying:
        out.append("flying")
    out.extend(f"attacks {c}" for c in stats.attack_conditions)
    if stats.immunities:
        out.append("immune to " + ", ".join(stats.immunities))
    return ", ".join(out) or "-"


def _range(stats: MonsterStats) -> str:
    return str(stats.range) if stats.range else "melee"


def stat_block_html(game: Any, figure_id: str, names: Names) -> str:
    """The selected figure's panel (``game``: an engine :class:`Game`)."""
    fig = game.state.figures.get(figure_id)
    if fig is None:
        return f"<p>{escape(names.figure(figure_id))} is not on the map.</p>"
    title = names.figure(figure_id)
    head = (
        f"<h3 style='margin:0'>{escape(title[:1].upper() + title[1:])}</h3>"
        f"<p style='margin:2px 0'>{fig.hp}/{fig.max_hp} HP at ({fig.hex[0]},{fig.hex[1]})"
        + (f" · {escape(', '.join(sorted(fig.conditions)))}" if fig.conditions else "")
        + "</p>"
    )
    if fig.kind == "monster":
        return head + _monster(game, fig, names)
    if fig.kind == "character":
        return head + _character(game, fig, names)
    return head + (
        f"<p>Move {fig.move} · Attack {fig.attack}"
        + (f" (range {fig.range})" if fig.range else "")
        + (f" · shield {fig.base_shield}" if fig.base_shield else "")
        + (f" · retaliate {fig.base_retaliate}" if fig.base_retaliate else "")
        + "</p>"
    )


def _monster(game: Any, fig: Any, names: Names) -> str:
    rules = game.rules
    level = rules.monster_level
    if fig.boss:
        return _ability_card(game, fig, names) + _boss(game, fig, names)
    normal = rules.stats_line(fig.monster_type, False)
    elite = rules.stats_line(fig.monster_type, True)
    mine = "elite" if fig.elite or fig.stat_elite else "normal"
    style = {"normal": "", "elite": ""}
    style[mine] = " style='background:#fde9a9;font-weight:bold'"
    rows = [
        f"<tr><th align='left'>{names.monster(fig.monster_type)}, level {level}</th>"
        f"<th{style['normal']}>normal</th><th{style['elite']}>elite</th></tr>"
    ]
    for label, attr in STAT_ROWS:
        a, b = getattr(normal, attr), getattr(elite, attr)
        if attr == "range":
            a, b = _range(normal), _range(elite)
        rows.append(
            f"<tr><td>{label}</td><td align='center'{style['normal']}>{a}</td>"
            f"<td align='center'{style['elite']}>{b}</td></tr>"
        )
    rows.append(
        f"<tr><td>Traits</td><td{style['normal']}>{escape(traits(normal))}</td>"
        f"<td{style['elite']}>{escape(traits(elite))}</td></tr>"
    )
    table = "<table border='1' cellspacing='0' cellpadding='3'>" + "".join(rows) + "</table>"
    # the ability card first: it is what a player looks at during the monsters' turn
    return _ability_card(game, fig, names) + table


def _boss(game: Any, fig: Any, names: Names) -> str:
    """A boss has one stat line, set by the number of characters (GH-BOSS-03)."""
    stats = game.rules.monster_stats(fig)
    rows = [
        f"<tr><th align='left'>{names.monster(fig.monster_type)}, level "
        f"{game.rules.monster_level}</th><th>boss, {game.state.players} characters</th></tr>"
    ]
    for label, attr in STAT_ROWS:
        value = _range(stats) if attr == "range" else getattr(stats, attr)
        if attr == "health":
            value = fig.max_hp  # a formula of C and L, worked out at setup
        rows.append(f"<tr><td>{label}</td><td align='center'>{value}</td></tr>")
    rows.append(f"<tr><td>Traits</td><td>{escape(traits(stats))}</td></tr>")
    return "<table border='1' cellspacing='0' cellpadding='3'>" + "".join(rows) + "</table>"


def _ability_card(game: Any, fig: Any, names: Names) -> str:
    """The type's ability card this round, with its values for this standee."""
    mt = game.state.monster_types.get(fig.monster_type)
    if mt is None or not mt.card:
        return "<p><b>Ability card:</b> none drawn yet this round.</p>"
    card = next(
        (c for c in game.content.monster_decks.get(mt.deck_id, ()) if c.id == mt.card), None
    )
    if card is None:
        return f"<p><b>Ability card:</b> {escape(mt.card)}</p>"
    stats = game.rules.monster_stats(fig)
    lines = []
    for ab in card.abilities:
        text = monster_ability_text(ab)
        if ab.type == "move":
            text += f" → Move {max(0, stats.move + ab.value)}"
        elif ab.type == "attack":
            rng = max(0, stats.range + (ab.range or 0))  # GH-MATK-05: card modifies stat
            text += f" → Attack {max(0, stats.attack + ab.value)}"
            text += f", range {rng}" if rng else " (melee)"
        lines.append(f"<li>{escape(text)}</li>")
    shuffle = " · shuffle" if card.shuffle else ""
    done = " · has acted" if mt.acted else ""
    return (
        f"<p style='margin-bottom:0'><b>Ability card this round:</b> initiative "
        f"{card.initiative}{shuffle}{done}</p><ul style='margin-top:2px'>{''.join(lines)}</ul>"
    )


def _character(game: Any, fig: Any, names: Names) -> str:
    ch = game.state.characters.get(fig.id)
    if ch is None:
        return ""
    parts = [
        f"<p>Level {ch.level} · {ch.xp} XP · {ch.coins} money token(s)<br>"
        f"Hand {len(ch.hand)} · discard {len(ch.discard)} · lost {len(ch.lost)}</p>"
    ]
    cls = game.content.classes.get(ch.class_id)
    if ch.long_rest:
        parts.append("<p><b>This round:</b> long rest (initiative 99)</p>")
    elif ch.selected and cls is not None:
        rows = []
        for i, cid in enumerate(ch.selected):
            try:
                card = cls.card(cid)
            except KeyError:
                continue
            lead = " (initiative)" if i == 0 else ""
            rows.append(
                f"<li><b>{escape(card.name)}</b> {card.initiative:02d}{lead}<br>"
                f"top: {escape(action_text(card.top))}<br>"
                f"bottom: {escape(action_text(card.bottom))}</li>"
            )
        parts.append("<p style='margin-bottom:0'><b>Cards this round:</b></p><ul>")
        parts.extend(rows)
        parts.append("</ul>")
    if ch.active:
        active = ", ".join(f"{names.card(a.card)} ({a.half})" for a in ch.active)
        parts.append(f"<p><b>Active:</b> {escape(active)}</p>")
    return "".join(parts)
