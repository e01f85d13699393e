"""The text board view: the town by neighbourhood, the other worlds and the tracks."""

from __future__ import annotations

from typing import Any


def render(game: Any) -> str:
    st = game.state
    board = game.board
    ao = game.model.ancient_ones.get(st.ancient_one)
    out = [
        f"Round {st.round}  phase {st.phase}  doom {st.doom}/{ao.doom_track if ao else '?'}  "
        f"terror {st.terror}  gates {len(st.gates)}  sealed {len(st.sealed)}"
    ]

    def occupants(area: str) -> str:
        bits = []
        if area in st.gates:
            bits.append(f"GATE->{st.gates[area].world}")
        if area in st.sealed:
            bits.append("SEALED")
        if area in st.closed:
            bits.append("CLOSED")
        # AH-MYTHA-05: an activity marker, with the mythos card that placed it
        bits += [f"ACTIVITY({cid})" for loc, cid in st.activity if loc == area]
        if st.clues.get(area):
            bits.append(f"clues {st.clues[area]}")
        bits += [f"@{i.id}" for i in st.investigators_at(area)]
        bits += [  # AH-STAT-08: in the location's Jail Cell, not its main area
            f"@{i.id}(jail cell)"
            for i in st.investigators
            if i.jailed and i.area == area and not i.devoured
        ]
        bits += [f"!{m.monster}" for m in st.monsters_at(area)]
        return "  ".join(bits)

    for hood in board.neighbourhoods.values():
        out.append(f"[{hood.name}]")
        street = board.street_of(hood.id)
        areas = ([street] if street else []) + [
            a for a in board.locations if a.neighbourhood == hood.id
        ]
        for area in areas:
            mark = "*" if area.unstable else " "
            out.append(f"  {mark}{area.name:<32} {occupants(area.id)}")
    for world in board.worlds:
        here = [f"@{i.id}({i.stage})" for i in st.investigators if i.area == world.id and i.stage]
        out.append(f"  ~{world.name:<32} {'  '.join(here)}")
    for ident in (game.sky, game.outskirts, game.lost):
        out.append(f"  #{board.areas[ident].name:<32} {occupants(ident)}")
    out += monster_sides(game)
    for inv in st.investigators:
        if inv.devoured:
            out.append(f"  {inv.id}: devoured")
            continue
        out.append(
            f"  {inv.id}: sanity {inv.sanity}/{inv.max_sanity} stamina {inv.stamina}/{inv.max_stamina} "
            f"${inv.money} clues {inv.clues} trophies {len(inv.monster_trophies)}m/{len(inv.gate_trophies)}g"
            + (" delayed" if inv.delayed else "")
            + (" explored" if inv.explored else "")
            + _specials(game, inv)
        )
    return "\n".join(out)


def _specials(game: Any, inv: Any) -> str:
    """The investigator's special cards (a loan, a membership, ...) and any kind barred
    (a defaulted loan): what a referee needs to check a special action or the score."""
    held = [c for c in inv.cards if game.card(c).type == "special"]
    text = f" special {','.join(held)}" if held else ""
    return text + (f" barred {','.join(sorted(inv.barred))}" if inv.barred else "")


def monster_sides(game: Any) -> list[str]:
    """AH-COMP-09: "any player may look at either side [of a monster marker] at any time":
    one line per kind of monster in play (board, Sky, Outskirts) with its movement side
    (dimension, movement, awareness) and its combat side (horror rating and damage,
    combat rating and damage, toughness, abilities), the Ancient One's worshipper changes
    included, so a person at the board sees what the bots and the rules read."""
    from questforge.engine.arkham.game.town import monster_stat

    kinds = sorted({t.monster for t in game.state.monsters})
    if not kinds:
        return []
    lines = ["  monsters in play (movement side | combat side):"]
    for mid in kinds:
        m = game.monster(mid)
        abilities = ", ".join(
            f"{a} {m.amount(a)}" if a in ("overwhelming", "nightmarish") else a
            for a in sorted(m.abilities)
        )
        lines.append(
            f"    {m.name}: {m.dimension}, {m.movement}, awareness "
            f"{monster_stat(game, mid, 'awareness'):+d} | horror {m.horror_rating:+d}/"
            f"{m.horror_damage}, combat {monster_stat(game, mid, 'combat_rating'):+d}/"
            f"{m.combat_damage}, toughness {monster_stat(game, mid, 'toughness')}"
            + (f"; {abilities}" if abilities else "")
        )
    return lines
