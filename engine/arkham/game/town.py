"""The town's shared pieces: monsters from the cup and their limit (AH-LIMIT, AH-OUT), the
doom and terror tracks (AH-TERROR), closed locations, gates closed and sealed, and the
victory they bring (AH-WIN).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questforge.engine.arkham.game import status
from questforge.engine.arkham.game.state import InvState, MonsterToken

if TYPE_CHECKING:
    from questforge.engine.arkham.game.engine import ArkhamGame


def monster_stat(game: ArkhamGame, token: MonsterToken | str, stat: str) -> int:
    """A monster's stat with the Ancient One's worshipper changes."""
    m = game.monster(token)
    value: int = getattr(m, stat)
    ao = game.ancient if game.state.ancient_one else None
    if ao is not None and ao.worshipper_dimension == m.dimension:
        if stat == "toughness":
            value += ao.worshipper_toughness
        elif stat == "combat_rating":
            value += ao.worshipper_combat
    return value


def counted_monsters(game: ArkhamGame) -> int:
    """Monsters that count toward the limit: Arkham and the Sky (AH-LIMIT-02)."""
    return sum(1 for m in game.state.monsters if game.in_town(m.area) or m.area == game.sky)


def monster_limit(game: ArkhamGame) -> int | None:
    if game.state.terror >= 10:
        return None  # AH-LIMIT-03
    return game.state.players + game.rules.monster_limit_base  # AH-LIMIT-01


def draw_monster(game: ArkhamGame) -> str:
    if not game.state.cup:
        game.emit("cup-empty")
        game.awaken("the monster cup is empty")  # AH-REF-16
    index = game.rng.randbelow(len(game.state.cup))
    return game.state.cup.pop(index)


def place_monster(game: ArkhamGame, area: str) -> MonsterToken | None:
    """A monster from the cup appears at ``area`` or, over the limit, in the Outskirts
    (AH-GATE-06, AH-OUT-01/02)."""
    if area in game.state.sealed:
        return None  # AH-ENC-04, AH-SEAL-03
    mid = draw_monster(game)
    limit = monster_limit(game)
    counted = counted_monsters(game)
    # over the limit: the Outskirts instead, logged with the reason (the area it was drawn
    # for, the monsters counted in Arkham and the Sky, the limit) for a referee to check
    why: dict[str, object] = {}
    if limit is not None and counted >= limit and area != game.outskirts:
        why = {"instead_of": area, "counted": counted, "limit": limit}
        area = game.outskirts
    token = MonsterToken(game.state.next_uid, mid, area)
    game.state.next_uid += 1
    game.state.monsters.append(token)
    game.emit("monster-appeared", monster=mid, uid=token.uid, area=area, **why)
    if area == game.outskirts:
        outskirts = game.state.monsters_at(game.outskirts)
        most = game.rules.outskirts_max(game.state.players)
        if len(outskirts) > most:
            game.emit("outskirts-overflow", count=len(outskirts), max=most)  # AH-OUT-02
            for t in outskirts:
                return_monster(game, t)
            raise_terror(game, 1)
    elif limit is None and counted_monsters(game) >= 2 * (
        game.state.players + game.rules.monster_limit_base
    ):
        game.awaken("the town is overrun")  # AH-REF-16 (5)
    return token


def return_monster(game: ArkhamGame, token: MonsterToken) -> None:
    game.state.monsters.remove(token)
    game.state.cup.append(token.monster)
    game.emit("monster-returned", monster=token.monster, uid=token.uid, area=token.area)


def add_doom(game: ArkhamGame, amount: int = 1) -> None:
    for _ in range(amount):
        game.state.doom += 1
        game.emit("doom", level=game.state.doom, track=game.ancient.doom_track)
        if game.state.doom >= game.ancient.doom_track:
            game.awaken("the doom track is full")  # AH-GATE-04


def raise_terror(game: ArkhamGame, amount: int = 1) -> None:
    """AH-TERROR: allies leave, stores close, the limit goes and one doom is added at 10
    (AH-TERROR-07, the seed); past 10 each rise adds doom instead (AH-REF-14)."""
    for _ in range(amount):
        if game.state.terror >= 10:
            add_doom(game, 1)
            continue
        game.state.terror += 1
        game.emit("terror", level=game.state.terror)
        allies = game.state.decks.get("ally")
        if allies is not None and allies.draw_pile:
            gone = allies.draw_pile.pop(game.rng.randbelow(len(allies.draw_pile)))
            game.emit("ally-gone", card=gone)  # AH-TERROR-03
        for closure in game.rules.terror_closures:
            if closure.terror == game.state.terror:
                close_location(game, closure.location, closure.moves_to)
        if game.state.terror == 10:
            game.emit("monster-limit-removed")
            for t in game.state.monsters_at(game.outskirts):
                return_monster(game, t)
            # AH-TERROR-07: the seed says so ("at ten ... place one doom token on the doom
            # track"); AH-REF-14 calls it a correction of the catalogue, but the seed
            # decides where it speaks. Later rises past 10 add doom too (AH-REF-14, where
            # the seed is silent)
            add_doom(game, 1)


def close_location(game: ArkhamGame, location: str, moves_to: str) -> None:
    """AH-TERROR-04..06: closed for good; occupants go to the street."""
    game.state.closed_for_good.add(location)
    shut(game, location, moves_to)


def shut(game: ArkhamGame, location: str, moves_to: str) -> None:
    """A closed marker on ``location``: nobody may enter; occupants go to ``moves_to``."""
    game.state.closed.add(location)
    game.emit("location-closed", location=location)
    for inv in game.state.investigators_at(location):
        status.move_inv(game, inv, moves_to)
    for token in game.state.monsters_at(location):
        token.area = moves_to
        game.emit("monster-moved", uid=token.uid, monster=token.monster, to=moves_to)


def close_gate(game: ArkhamGame, inv: InvState, location: str) -> None:
    """AH-CLOSE-04/05: the gate becomes a trophy; monsters of its dimension return."""
    gate = game.state.gates.pop(location)
    inv.gate_trophies.append(gate.marker)
    game.emit("gate-closed", location=location, investigator=inv.id, marker=gate.marker)
    for token in list(game.state.monsters):
        town = game.in_town(token.area) or token.area in (game.sky, game.outskirts)
        if town and game.monster(token).dimension == gate.dimension:
            return_monster(game, token)


def seal(game: ArkhamGame, location: str, elder_sign: bool = False) -> None:
    game.state.sealed.add(location)
    game.emit("sealed", location=location, elder_sign=elder_sign)
    check_victory(game)


def check_victory(game: ArkhamGame) -> None:
    """AH-WIN-02/03: sealed enough gates, or no gate open with enough trophies."""
    if len(game.state.sealed) >= game.rules.seals_to_win:
        game.finish("won", "sealed")
    if not game.state.gates and game.state.gates_opened:
        trophies = sum(len(i.gate_trophies) for i in game.state.investigators)
        if trophies >= game.state.players:
            game.finish("won", "closed")
