"""The Gloomhaven scenario rules engine.

Public API (stable; see ``docs/engine.md``)::

    from questforge.engine.gloomhaven.game import Game, Setup
    game = Game.new(pack, "scenario-id", players=["class-a", "class-b"], level=1, seed=7)
    result = game.run(controller)            # or game.step_turn() / game.step_round()
    game.state                                # figures, elements, round, decks ...
    log = game.to_log()                       # JSON: setup, seed, decisions, events, result
    again = Game.replay(log, pack)            # same events; Game.verify(log, pack) -> None
    session = Session(content, setup, seed, people={"class-a"})  # GUIs: one decision at a time

Every choice is a :class:`~questforge.engine.core.decisions.Decision` answered by a
controller; :data:`DECISION_KINDS` lists them. Every state change is an
:class:`~questforge.engine.core.events.Event`; :data:`EVENT_TYPES` lists them.
"""

from questforge.engine.gloomhaven.game.game import (
    CharacterResult,
    Game,
    GameError,
    GameResult,
    as_content,
)
from questforge.engine.gloomhaven.game.session import Session
from questforge.engine.gloomhaven.game.setup import (
    Setup,
    SetupError,
    bonus_xp,
    coin_value,
    monster_level,
    recommended_level,
    trap_damage,
)
from questforge.engine.gloomhaven.game.spec import Content
from questforge.engine.gloomhaven.game.state import Character, Figure, GameState

#: decision kind -> (actor, what the options are). The first option is always legal (for
#: yes/no-like choices the one that changes least), so ``FirstOptionController`` plays
#: complete games.
DECISION_KINDS: dict[str, str] = {
    "start_hex": "character: [q, r] starting hexes (GH-SETUP-07)",
    "plan": 'character: {"cards": [leading, other]} or {"long_rest": true} (GH-SEL, GH-REST-04)',
    "initiative_tie": "players: character ids tied on both cards (GH-INIT-04), or monster type ids tied on initiative; who acts first",
    "action": 'character: {"card", "half": "top"|"bottom", "default": bool} (GH-TURN-01/05)',
    "move": "character: [q, r] destinations, own hex first = stay (GH-MOVE)",
    "attack_target": 'character: figure ids, {"obstacle": [q, r]}, then "done" (GH-ATK)',
    "aoe": 'character: lists of figure ids hit by an area placement, then "none" (GH-AOE)',
    "push": 'attacker (character id or "monsters"): [q, r] hexes, "stop" (GH-EFF-03)',
    "pull": 'attacker (character id or "monsters"): [q, r] hexes, "stop" (GH-EFF-04)',
    "heal_target": "character: figure ids in range, self first (GH-HEAL-01)",
    "shield_target": "character: figure ids (self or an ally)",
    "retaliate_target": "character: figure ids (self or an ally)",
    "condition_target": "character: figure ids (self or an ally) (GH-COND-14)",
    "consume": 'character: "consume" or "skip" (GH-ELEM-04)',
    "element": "character or monsters: element names for the wild element (GH-ELEM-10)",
    "summon_hex": "character: [q, r] empty adjacent hexes (GH-SUMM-01)",
    "disarm_target": 'character: [q, r] trap hexes in range, then "done" (GH-TRAP-03)',
    "trap_hex": "character: [q, r] empty hexes in range, nearest first (GH-TRAP-05)",
    "recover": 'character: card ids, then "done" (GH-RECOV-01)',
    "negate_damage": 'character: {"negate": null} (suffer), or cards to lose (GH-DMG-01..04)',
    "long_rest_lose": "character: discard card ids to lose (GH-REST-05)",
    "short_rest": 'character: "skip" or "rest" (GH-REST-02, GH-EOR-04)',
    "short_rest_keep": 'character: "accept" or "reroll" (suffer 1 damage, GH-REST-03)',
    "monster_option": 'monsters: solver options {"destination", "attacks", "focus"} (GH-AMBIG-01)',
    "monster_heal_target": "monsters: figure ids tied on HP lost (GH-MOTH-01, GH-AMBIG-01)",
    "monster_summon_hex": "monsters: [q, r] hexes tied as closest to an enemy (GH-MOTH-03)",
    "monster_trap_hex": "monsters: [q, r] hexes tied as closest to an enemy for a trap a monster creates (GH-TRAP-05, GH-AMBIG-01)",
    "monster_add_target": "monsters: figure ids tied as the added target of an add-target modifier card (GH-EFF-06, GH-AMBIG-01)",
    "use_item": 'character: "none", then ready item ids whose trigger fits (GH-TURN-07)',
}

#: event type -> fields (all JSON data; hexes are [q, r]).
EVENT_TYPES: dict[str, str] = {
    "setup": "scenario, players, level, monster_level, trap_damage, hazard_damage, coin_value, bonus_xp, characters, seed",
    "room_revealed": "room, by, monsters",
    "monster_placed": "figure, monster, elite, standee, hex, hp, named",
    "character_placed": "character, hex, hp, hand",
    "round_start": "round",
    "plan": "character, cards | long_rest, initiative",
    "monster_card_drawn": "deck, card, monster",
    "turn_start": "figure, round",
    "turn_end": "figure",
    "monster_type_turn": "monster, card, initiative",
    "action": "character, card, half, default",
    "card_moved": "character, card, to (discard|lost|active|hand)",
    "move": "figure, start, end, path",
    "push": "figure, start, end, by",
    "pull": "figure, start, end, by",
    "focus": "figure, focus, destination, attacks, options, reason, rules (the solver's explanation)",
    "no_focus": "figure",
    "attack": "attacker, target, base, value, modifiers, applied, advantage, disadvantage, shield, pierce, damage",
    "attack_obstacle": "attacker, hex, modifiers, damage, hp",
    "obstacle_destroyed": "hex, by",
    "damage": "figure, amount, hp, source, cause",
    "damage_negated": "figure, amount, by, cards?, card?, cause",
    "heal": "figure, amount, hp, source",
    "retaliate": "figure, attacker, amount",
    "bonus": "figure, kind (shield|retaliate), value, by",
    "condition_applied": "figure, condition, source",
    "condition_immune": "figure, condition",
    "condition_removed": "figure, condition, by",
    "condition_expired": "figure, condition",
    "stunned": "figure, cards?",
    "trap_sprung": "figure, hex",
    "trap_disarmed": "figure, hex (GH-TRAP-03)",
    "trap_created": "figure, hex, damage, conditions (GH-TRAP-05)",
    "flying_lost": "figure, hex (on an obstacle: trap damage, then a move to the nearest empty hex, GH-MOVE-07)",
    "hazard": "figure, hex",
    "door_opened": "hex, door, by",
    "door_locked": "hex, door (a special rule, GH-SPEC-03)",
    "overlays_added": "overlay (id or empty), kind, hexes (a special rule)",
    "monster_stats": "figure, changes {stat: delta} (a special rule)",
    "goal_met": "by (a special rule's win effect; the round is played to its end, GH-END-01)",
    "scenario_lost": "by (a special rule's lose effect)",
    "special_rule": "rule, trigger, key",
    "custom_effect": "text (a special rule effect the engine only shows)",
    "spawn_failed": "monster, hex",
    "overlays_removed": "overlay, kind, hexes",
    "item_used": "character, item, status (ready|spent|consumed)",
    "pressure_plate": "plate, figure, hex",
    "spawned": "figure, hex",
    "ally_placed": "figure, name, token, hex, hp (GH-SPEC-06)",
    "ally_killed": "figure, hex, by (GH-SPEC-06)",
    "no_standee": "monster, hex",
    "monster_killed": "figure, monster, elite, named, hex, by",
    "coin_dropped": "hex",
    "loot": "character, hex, coins | treasure",
    "treasure": "character, number, kind, amount, item, text (GH-LOOT-03)",
    "xp": "character, amount, total, why",
    "element_infused": "element, by",
    "element_consumed": "element, by",
    "elements": "state {element: 0 inert | 1 waning | 2 strong}",
    "summoned": "figure, owner, name, hex, hp",
    "summon_failed": "character | figure, reason",
    "summon_removed": "figure, owner, reason",
    "monster_summoned": "figure, by",
    "monster_loot": "figure, hex, coins",
    "boss_special": "figure, special",
    "exhausted": "character, reason (health|cards), hex, room",
    "long_rest": "character, lost",
    "short_rest": "character, lost, rerolled",
    "item_refreshed": "character, item",
    "modifier_deck_shuffled": "owner (character id | monsters)",
    "ability_deck_shuffled": "deck",
    "round_end": "round",
    "scenario_end": "outcome (won|lost|unfinished), rounds",
}

__all__ = [
    "DECISION_KINDS",
    "EVENT_TYPES",
    "Character",
    "CharacterResult",
    "Content",
    "Figure",
    "Game",
    "GameError",
    "GameResult",
    "GameState",
    "Session",
    "Setup",
    "SetupError",
    "as_content",
    "bonus_xp",
    "coin_value",
    "monster_level",
    "recommended_level",
    "trap_damage",
]
