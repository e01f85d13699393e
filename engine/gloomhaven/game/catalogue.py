"""Every event the Gloomhaven engine emits and every decision it asks, declared.

Front ends (the narrator, the terminal, the playtest window, reports) read events by these
names and fields and never guess; ``tests/game/test_game_catalogue.py`` plays games and
checks every emitted event and asked decision against this list, and ``docs/engine.md``
prints it. Adding an event means adding it here first.
"""

from __future__ import annotations

from questforge.engine.core.game import DecisionSpec, EventSpec

E = EventSpec

EVENT_TYPES: tuple[EventSpec, ...] = (
    E(
        "setup",
        (
            "scenario",
            "players",
            "level",
            "monster_level",
            "trap_damage",
            "hazard_damage",
            "coin_value",
            "bonus_xp",
            "characters",
            "seed",
        ),
        "The scenario is set up (GH-SETUP, GH-REF-02 values).",
    ),
    E(
        "character_placed",
        ("character", "hex", "hp", "hand"),
        "A character is placed on a starting hex.",
    ),
    E(
        "monster_placed",
        ("figure", "monster", "elite", "standee", "hex", "hp", "named"),
        "A monster standee is placed (room revealed, spawn, summon).",
    ),
    E(
        "no_standee",
        ("monster", "hex"),
        "A monster could not be placed: its standees are all on the map (GH-MSTAT-07).",
    ),
    E("room_revealed", ("room", "by", "monsters"), "A room is revealed and its contents placed."),
    E("door_opened", ("hex", "door", "by"), "A door opens."),
    E("round_start", ("round",), "A round begins."),
    E(
        "plan",
        ("character", "initiative"),
        "A character's card selection or long rest (revealed).",
        ("cards", "long_rest"),
    ),
    E("monster_card_drawn", ("deck", "card", "monster"), "A monster type draws its ability card."),
    E(
        "ability_deck_shuffled",
        ("deck",),
        "A monster ability deck is reshuffled (shuffle symbol, or empty before a draw).",
    ),
    E("turn_start", ("figure", "round"), "A figure's turn begins."),
    E("turn_end", ("figure",), "A figure's turn ends."),
    E("monster_type_turn", ("monster", "card", "initiative"), "A monster type acts with its card."),
    E(
        "action",
        ("character", "card", "half", "default"),
        "A character performs a card half (or the default action).",
    ),
    E(
        "card_moved",
        ("character", "card", "to"),
        "A card goes to the discard, lost or active pile.",
    ),
    E(
        "focus",
        ("figure", "focus", "destination", "attacks", "options", "reason", "rules"),
        "A monster's focus, destination and attacks (monster AI).",
    ),
    E(
        "no_focus",
        ("figure",),
        "A monster finds no focus and does not move or attack (GH-FOCUS-06).",
    ),
    E(
        "ability_unused",
        ("figure", "ability", "reason"),
        "A character's ability does nothing: reason immobilized, out-of-reach (nothing it "
        "could affect) or not-used (the player's choice, GH-TURN-03).",
    ),
    E("move", ("figure", "start", "end", "path"), "A figure moves."),
    E("push", ("figure", "start", "end", "by", "path"), "A figure is pushed."),
    E("pull", ("figure", "start", "end", "by", "path"), "A figure is pulled."),
    E("flying_lost", ("figure", "hex"), "A figure loses flying on an obstacle (GH-MOVE-07)."),
    E(
        "attack",
        (
            "attacker",
            "target",
            "base",
            "value",
            "modifiers",
            "applied",
            "advantage",
            "disadvantage",
            "shield",
            "pierce",
            "damage",
        ),
        "An attack resolved with its modifier draws.",
    ),
    E(
        "attack_obstacle",
        ("attacker", "hex", "modifiers", "damage", "hp"),
        "A destructible obstacle is attacked.",
    ),
    E("obstacle_destroyed", ("hex", "by"), "A destructible obstacle is destroyed."),
    E("damage", ("figure", "amount", "hp", "source", "cause"), "A figure suffers damage."),
    E(
        "damage_negated",
        ("figure", "amount", "by", "cards", "cause"),
        "A character loses cards instead of suffering damage (GH-DMG-03).",
    ),
    E("heal", ("figure", "amount", "hp", "source"), "A figure heals."),
    E("retaliate", ("figure", "attacker", "amount"), "Retaliate damages an attacker."),
    E(
        "bonus",
        ("figure", "kind", "value", "by"),
        "A round or persistent bonus (shield, retaliate …) is gained.",
    ),
    E(
        "bonus_used",
        ("character", "card", "slot", "left"),
        "An active card's bonus is used: the token moves to its next slot (GH-BONUS-03).",
    ),
    E("condition_applied", ("figure", "condition", "source"), "A figure gains a condition."),
    E("condition_expired", ("figure", "condition"), "A condition ends at the end of a turn."),
    E(
        "condition_removed",
        ("figure", "condition", "by"),
        "A condition is removed (heal, stun, …).",
    ),
    E("condition_immune", ("figure", "condition"), "A figure is immune to a condition."),
    E("stunned", ("figure",), "A stunned figure loses its turn.", ("cards",)),
    E("element_infused", ("element", "by"), "An element is infused."),
    E("element_consumed", ("element", "by"), "An element is consumed."),
    E("elements", ("state",), "The element board at the end of a round (waning)."),
    E(
        "modifier_deck_shuffled",
        ("owner",),
        "A modifier deck is reshuffled (a 2x or Null drawn this round, or empty before a draw).",
    ),
    E("loot", ("character", "hex"), "A character loots a hex.", ("coins", "treasure")),
    E("monster_loot", ("figure", "hex", "coins"), "A monster loots money tokens."),
    E("coin_dropped", ("hex",), "A money token is dropped where a monster died (GH-ATK-11)."),
    E(
        "treasure",
        ("character", "number", "kind", "amount", "item", "text"),
        "A treasure is opened.",
    ),
    E("xp", ("character", "amount", "total", "why"), "A character gains experience."),
    E("item_used", ("character", "item", "status", "use", "uses"), "A character uses an item."),
    E("item_refreshed", ("character", "item"), "An item is refreshed."),
    E(
        "summoned",
        ("figure", "owner", "name", "hex", "hp"),
        "A character summons a figure (its token colour, GH-SUMM-02).",
        ("token",),
    ),
    E(
        "active_card_removed",
        ("character", "card", "summon"),
        "A player puts a persistent card without slots in the lost pile at will (GH-BONUS-05); "
        "summon: the summon it takes off the map (empty: none).",
    ),
    E("summon_failed", ("reason",), "A summon had no empty hex.", ("character", "figure")),
    E("summon_removed", ("figure", "owner", "reason"), "A summon leaves the map."),
    E("monster_summoned", ("figure", "by"), "A monster summons another monster."),
    E("spawned", ("figure", "hex"), "A monster spawns (special rules)."),
    E("spawn_failed", ("monster", "hex"), "A spawn could not be placed."),
    E("trap_sprung", ("figure", "hex"), "A figure springs a trap."),
    E("trap_disarmed", ("figure", "hex"), "A trap is disarmed (GH-TRAP-03)."),
    E(
        "trap_created",
        ("figure", "hex"),
        "A trap is created (GH-TRAP-05).",
        ("damage", "conditions"),
    ),
    E("hazard", ("figure", "hex"), "A figure enters hazardous terrain."),
    E("pressure_plate", ("plate", "figure", "hex"), "A pressure plate is triggered."),
    E("overlays_removed", ("overlay", "kind", "hexes"), "Overlays leave the map (special rules)."),
    E(
        "special_rule",
        ("rule", "trigger", "key"),
        "A scenario special rule fires, or a monster's or boss's printed special (rule `<type>:<id>`).",
    ),
    E("custom_effect", ("text",), "A special rule's free text (shown, not applied)."),
    E("door_locked", ("hex", "door"), "A special rule locks a door (GH-SPEC-03)."),
    E(
        "overlays_added",
        ("overlay", "kind", "hexes"),
        "A special rule puts overlays on the map (overlay: its id or empty).",
    ),
    E("monster_stats", ("figure", "changes"), "A special rule changes a monster's stats."),
    E("goal_met", ("by",), "A special rule wins: the round is played to its end (GH-END-01)."),
    E("scenario_lost", ("by",), "A special rule loses the scenario at once."),
    E(
        "ally_placed",
        ("figure", "name", "token", "hex", "hp"),
        "An allied figure is placed with its numbered token (GH-SPEC-06).",
    ),
    E("ally_killed", ("figure", "hex", "by"), "An allied figure dies (GH-SPEC-06)."),
    E("boss_special", ("figure", "special"), "A boss performs a special action."),
    E("long_rest", ("character", "lost"), "A character rests long, losing a card."),
    E("short_rest", ("character", "lost", "rerolled"), "A character rests short."),
    E("exhausted", ("character", "reason", "hex", "room"), "A character is exhausted."),
    E("monster_killed", ("figure", "monster", "elite", "named", "hex", "by"), "A monster dies."),
    E("round_end", ("round",), "A round ends."),
    E(
        "battle_goal",
        ("character", "goal", "met", "checkmarks", "discarded"),
        "A character's kept battle goal is checked as the scenario ends (GH-BG-02/03/05); "
        "counter and count: the counter it compares and its value.",
        ("counter", "count"),
    ),
    E("scenario_end", ("outcome", "rounds"), "The scenario ends: won, lost or unfinished."),
)

D = DecisionSpec

DECISION_TYPES: tuple[DecisionSpec, ...] = (
    D(
        "battle_goal",
        "goal id",
        "Which of the two battle goals dealt a character keeps (GH-BG-01).",
    ),
    D("start_hex", "[q, r]", "A character's starting hex (GH-SETUP-07)."),
    D(
        "plan",
        '{"cards": [leading, other]} or {"long_rest": true}',
        "Two cards (the first sets initiative) or a long rest.",
    ),
    D("initiative_tie", "actor id", "Who acts first among tied figures (GH-INIT-03)."),
    D("action", '{"card", "half", "default"}', "Which card half to perform now."),
    D("move", "[q, r]", "Where a move ends (the first option stays)."),
    D("push", '[q, r] or "stop"', "The next hex of a push."),
    D("pull", '[q, r] or "stop"', "The next hex of a pull."),
    D("attack_target", 'figure id, {"obstacle": [q, r]} or "done"', "Whom to attack."),
    D("aoe", 'list of figure ids or "none"', "Which figures an area attack hits."),
    D("heal_target", "figure id", "Whom to heal."),
    D("shield_target", "figure id", "Whom a shield bonus protects."),
    D("retaliate_target", "figure id", "Who gains retaliate."),
    D("condition_target", "figure id", "Who gains a condition."),
    D("disarm_target", "[q, r]", "Which trap to disarm."),
    D("trap_hex", "[q, r]", "Where to create a trap."),
    D("summon_hex", "[q, r]", "Where a summon appears."),
    D("consume", '"consume" or "skip"', "Whether to consume an element for a bonus."),
    D(
        "consume_order",
        '{"consume": index, "elements": [...]} or "done"',
        "Which of several usable consume enhancements of one ability to consume next, when "
        "their order matters (GH-ELEM-08); index: its place on the card.",
    ),
    D("element", "element name", "Which element to infuse or consume (wild)."),
    D(
        "negate_damage",
        '{"negate": null|"hand"|"discard", "cards": [...]}',
        "Suffer damage or lose cards instead.",
    ),
    D("short_rest", '"rest" or "skip"', "Whether to short rest at the end of a round."),
    D(
        "short_rest_keep",
        '"accept" or "reroll"',
        "Keep the random lost card or reroll it (1 damage).",
    ),
    D("long_rest_lose", "card id", "Which discarded card a long rest loses."),
    D("recover", 'card id or "done"', "Which lost or discarded card to recover."),
    D(
        "remove_active",
        '"keep" or card id',
        "Whether to put a persistent card without slots in the lost pile now (GH-BONUS-05).",
    ),
    D("use_item", 'item id or "none"', "Whether to use an item now."),
    D("refresh_item", "item id", "Which spent or consumed item a refresh brings back."),
    D(
        "monster_option",
        '{"destination", "attacks", "focus"}',
        "Which of several equally valid monster moves the players choose (GH-AMBIG-01).",
    ),
    D("monster_heal_target", "figure id", "Which ally a monster heals among equals."),
    D(
        "monster_condition_target",
        "figure id",
        "Which one figure a monster's condition, shield or retaliate reaches (one ally, or "
        "itself or one).",
    ),
    D("monster_summon_hex", "[q, r]", "Where a monster's summon appears among equals."),
    D(
        "monster_trap_hex",
        "[q, r]",
        "Where a monster's trap goes among hexes equally close to an enemy (GH-TRAP-05).",
    ),
    D(
        "monster_add_target",
        "figure id",
        "A monster's added target (add-target modifier card) among equals (GH-EFF-06).",
    ),
)
