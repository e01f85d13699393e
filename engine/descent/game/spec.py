"""Declared event and decision types of the Descent engine (core's declared types).

Every event the engine emits and every decision it asks is listed here with its fields and
a one-line description; a test plays games and checks each emitted record against this
table, and ``docs/descent.md`` lists it. The setup options a person chooses are declared
by the game face (:meth:`DescentFace.setup_options`).
"""

from __future__ import annotations

from questforge.engine.core.game import DecisionSpec, EventSpec


def _d(name: str, fields: str, doc: str) -> EventSpec:
    return EventSpec(name, tuple(fields.split()), doc)


EVENTS: dict[str, EventSpec] = {
    d.type: d
    for d in (
        _d(
            "hero-joined",
            "hero wounds fatigue skills gold",
            "A hero enters the quest with drawn skills and gold (DJ-SETUP-01..05).",
        ),
        _d(
            "skill-not-played",
            "hero skill why",
            "A hero holds a skill the engine does not play: text only, or a pet (DJ-SKILL-M13, G10, G11).",
        ),
        _d("shop-visited", "hero gold", "A hero shops in town."),
        _d("bought", "hero what item price", "A hero buys an item, a treasure draw or training."),
        _d("item-sold", "hero item price", "A hero sells an item in town (DJ-SHOP-04)."),
        _d(
            "item-equipped",
            "hero item unequipped",
            "A hero equips an item; what it replaces goes to the pack.",
        ),
        _d("item-packed", "hero item", "A hero puts a new item in the pack."),
        _d(
            "item-given",
            "hero item to",
            "A hero gives a pack item to an adjacent hero for 1 AP (DJ-AP-01).",
        ),
        _d("item-dropped", "hero item", "A hero drops an item (DJ-AP-01, DJ-REF-40)."),
        _d(
            "item-picked-up",
            "hero item cell",
            "A hero picks up a relic dropped on the square (DJ-TREAS-14).",
        ),
        _d("potion-gained", "hero potion", "A hero gains a potion."),
        _d(
            "quest-started",
            "quest heroes conquest",
            "The quest begins with its starting conquest (DJ-CQ-01).",
        ),
        _d(
            "hero-count-unsupported",
            "heroes supported used",
            "The quest is not written for this many heroes: monsters use the nearest count's marks and stats (DJ-REF-21).",
        ),
        _d("area-revealed", "area", "An area is revealed and its monsters placed."),
        _d(
            "monster-placed",
            "figure monster rank named cell wounds why",
            "A monster is placed, revealed or spawned.",
        ),
        _d("hero-placed", "hero cell", "A hero is placed on a start square."),
        _d("round-started", "round conquest threat", "A new round (DJ-ROUND-01)."),
        _d("hero-turn-started", "hero round wounds fatigue", "A hero's turn begins."),
        _d("hero-turn-ended", "hero", "A hero's turn ends."),
        _d(
            "action-chosen",
            "hero action mp attacks",
            "A hero chooses Run, Battle, Advance or Ready (DJ-TURN-03..06).",
        ),
        _d("order-placed", "hero order", "A hero places an order token (DJ-ORD)."),
        _d(
            "armor-raised",
            "hero armor why",
            "A hero has extra armor until their next turn (DJ-SKILL-M03 Unmovable on Battle).",
        ),
        _d(
            "orders-lost",
            "hero orders",
            "Damage removes Aim, Guard or Rest; a move or new equipment Aim (DJ-ORD-01, 04, 05).",
        ),
        _d(
            "attack-aimed",
            "attacker token",
            "An aimed attack: the Aim token spent (token) or Born to the Bow (DJ-ORD-01, DJ-SKILL-R16).",
        ),
        _d("orders-cancelled", "attacker target", "Aim meets Dodge: both are ignored (DJ-ORD-03)."),
        _d("fatigue-spent", "hero amount why", "A hero spends fatigue (DJ-TURN-07, DJ-ATK-07)."),
        _d("fatigue-restored", "hero fatigue why", "A hero recovers fatigue."),
        _d(
            "mp-spent",
            "figure cost left why",
            "Movement points a step cost (a move, door, chest, stairs, glyph, potion, shop, "
            "equip, give) and those left (DJ-AP-01, DJ-REF-10).",
        ),
        _d("figure-moved", "figure path why", "A figure moves along squares."),
        _d(
            "figure-turned",
            "figure squares",
            "A two-square monster turns as it moves caterpillar style: the squares it now covers (DJ-REF-18).",
        ),
        _d("fell-in-pit", "figure cell", "A figure falls into a pit (DJ-MAP-01)."),
        _d(
            "door-opened",
            "door hero",
            "A door opens; hero: who opened it, a hero or a monster (DJ-MAP-08, DJ-REF-31).",
        ),
        _d("door-closed", "door hero", "A hero or monster closes a door for 2 AP (DJ-MAP-08)."),
        _d("chest-opened", "chest hero", "A hero opens a chest (DJ-TREAS-04)."),
        _d(
            "treasure-drawn",
            "hero item tier kept",
            "A hero draws a treasure and keeps or sells it (DJ-TREAS-05..07).",
        ),
        _d("treasure-empty", "hero tier", "A treasure deck is empty (DJ-TREAS-11)."),
        _d("gold-gained", "heroes amount why", "Heroes gain gold."),
        _d("glyph-activated", "glyph hero", "A glyph of transport is activated (DJ-MAP-06)."),
        _d("runekey-taken", "key colour hero", "A runekey is picked up (DJ-REF-37)."),
        _d("hero-to-town", "hero glyph", "A hero travels to town by glyph (DJ-MAP-07)."),
        _d("hero-from-town", "hero glyph cell", "A hero returns from town by glyph."),
        _d("potion-drunk", "hero potion", "A hero drinks a potion (DJ-TREAS-02, 03)."),
        _d("healed", "figure poison_removed wounds", "Healing: poison first (DJ-EFF-03)."),
        _d(
            "attack-declared",
            "attacker target source attack distance bonus",
            "An attack is declared with the damage, range and surges its profile adds (DJ-ATK-01).",
        ),
        _d(
            "dice-rolled",
            "attacker rolls",
            "The attack dice as [die, face index] pairs (DJ-ATK-03).",
        ),
        _d(
            "breath-laid",
            "attacker squares",
            "A Breath's template is laid: the squares it covers (DJ-ABIL-03).",
        ),
        _d("dice-rerolled", "attacker rolls why", "Aim or Dodge rerolls (DJ-ORD-01, 02)."),
        _d(
            "surge-spent",
            "attacker cost damage range ability",
            "Surges spent on an ability (DJ-ATK-05), or to overcome Fear (`fear`, DJ-ABIL-06).",
        ),
        _d(
            "attack-missed",
            "attacker target why range",
            "A miss: a miss face, short range (the range counted) or Fear (DJ-ATK-04).",
        ),
        _d(
            "attack-hit",
            "attacker target damage armor pierced dealt range",
            "Damage less armor is dealt; the armor Pierce ignored; the range counted (DJ-ATK-04, 08, DJ-ABIL-10).",
        ),
        _d("damage-taken", "figure amount wounds why", "A figure loses wounds."),
        _d(
            "condition-added",
            "figure condition tokens",
            "Burn, poison, stun, web or bleed tokens (DJ-EFF).",
        ),
        _d(
            "burn-rolled",
            "figure rolls remaining",
            "Power dice against burn; each surge removes a token (DJ-EFF-01).",
        ),
        _d(
            "web-rolled",
            "figure rolls remaining",
            "Power dice against web; each surge removes a token (DJ-EFF-10).",
        ),
        _d("stun-removed", "figure remaining", "A stun token is removed (DJ-EFF-04)."),
        _d("hero-killed", "hero cell gold_lost", "A hero dies and goes to town (DJ-DEATH)."),
        _d("monster-killed", "figure monster cell by", "A monster dies (DJ-REF-25)."),
        _d(
            "undying-rolled",
            "figure rolls rises",
            "An Undying monster's power die: a surge brings it back (DJ-ABIL-17).",
        ),
        _d("monster-undying", "figure wounds", "An Undying monster returns (DJ-ABIL-17)."),
        _d("conquest-changed", "amount total why", "Conquest gained or lost (DJ-CQ-02)."),
        _d("threat-changed", "amount total why", "The Overlord gains threat."),
        _d("quest-event", "event text", "A quest event or mechanism fires."),
        _d("overlord-turn-started", "round", "The Overlord's turn begins (DJ-OVL-01)."),
        _d("overlord-turn-ended", "round", "The Overlord's turn ends."),
        _d("overlord-drew", "card hand", "The Overlord draws a card (DJ-OVL-03)."),
        _d("overlord-deck-reshuffled", "cards", "The discards become the deck (DJ-OVL-05)."),
        _d(
            "overlord-discarded",
            "card threat",
            "A card is discarded for its threat value (DJ-REF-27).",
        ),
        _d(
            "overlord-card-lost",
            "card hero why",
            "A hero's skill makes the Overlord discard a card, for no threat (DJ-SKILL-G13).",
        ),
        _d("overlord-played", "card card_type cost threat", "The Overlord plays a card."),
        _d(
            "spawn-skipped",
            "monster rank why",
            "A spawn finds no model or no square (DJ-SPAWN-02).",
        ),
        _d(
            "monster-recalled",
            "figure cell",
            "A figure leaves the board so its model can spawn anew (DJ-SPAWN-02).",
        ),
        _d("trap-sprung", "card hero damage", "A trap hurts a hero (DJ-REF-28)."),
        _d(
            "monkey-rolled",
            "hero rolls monkey",
            "The Monkey God curse: the power die decides (DJ-EFF-07).",
        ),
        _d("monkey-token-removed", "hero remaining", "A monkey token is discarded (DJ-EFF-08)."),
        _d("monster-activated", "figure", "A monster activates (DJ-MON-01)."),
        _d(
            "monster-idle",
            "figure why",
            "A monster's activation passes with no move, door or attack (DJ-MON-01).",
        ),
        _d("guard-triggered", "hero figure", "A guarding hero interrupts (DJ-ORD-04)."),
        _d("taunted", "hero figure", "A hero draws a monster's attack (DJ-SKILL-M15)."),
        _d("game-ended", "outcome reason round conquest", "The game ends (DJ-GOAL)."),
    )
}

#: the keys every option of a decision kind carries (options of other kinds are plain values)
OPTION_KEYS: dict[str, tuple[str, ...]] = {}


def _decision(kind: str, keys: str, doc: str) -> DecisionSpec:
    if keys:
        OPTION_KEYS[kind] = tuple(keys.split())
    option = f"an object with {', '.join(keys.split())}" if keys else "a value from the options"
    return DecisionSpec(kind, option, doc)


DECISIONS: dict[str, DecisionSpec] = {
    d.kind: d
    for d in (
        _decision("buy", "buy", "A hero in town buys, sells or is done (DJ-SHOP)."),
        _decision("gain-item", "", "Equip a new item or put it in the pack (DJ-TREAS-12)."),
        _decision(
            "equip", "", "Equip an item from the pack at the start of the turn (DJ-TURN-01)."
        ),
        _decision(
            "treasure", "", "Keep a drawn treasure or discard it for gold (DJ-TREAS-05..07)."
        ),
        _decision("hero-order", "", "Which hero acts next (DJ-REF-39)."),
        _decision(
            "action",
            "",
            "Run, Battle, Advance or Ready; a stunned hero moves, attacks or places an order (DJ-TURN, DJ-EFF-04).",
        ),
        _decision("ready", "", "Ready: move or attack (DJ-TURN-06)."),
        _decision("order", "", "The order token a readied hero places (DJ-ORD)."),
        _decision(
            "step",
            "do",
            "The hero's next step: move, attack (a figure or, with an area, a square), door, chest, stairs, glyph, potion, fatigue, pick up a token, drop, "
            "Ready's order now, end.",
        ),
        _decision("power-dice", "", "Fatigue spent for extra power dice (DJ-ATK-07)."),
        _decision(
            "aim-declare",
            "",
            "A hero holding the Aim token declares an aimed attack or keeps the token (DJ-ORD-01).",
        ),
        _decision("aim-reroll", "", "Aim: reroll weak dice (DJ-ORD-01)."),
        _decision("dodge-reroll", "", "Dodge: make the Overlord reroll (DJ-ORD-02)."),
        _decision(
            "spend-surges",
            "spend",
            "Spend surges on an ability, on threat (Overlord), or stop (DJ-ATK-05, 06).",
        ),
        _decision("knockback", "", "Where a knocked-back figure lands (DJ-ABIL-09)."),
        _decision(
            "guard",
            "",
            "A guarding hero attacks a monster that comes in sight, or waits (DJ-ORD-04).",
        ),
        _decision(
            "overlord-discard",
            "",
            "The card discarded down to the hand limit (DJ-OVL-03) or to a skill (DJ-SKILL-G13).",
        ),
        _decision(
            "overlord-play",
            "play",
            "Play a spawn, power or event card, discard for threat, or stop (DJ-REF-27, 28).",
        ),
        _decision("spawn-square", "", "Where a spawned monster appears (DJ-SPAWN-03)."),
        _decision(
            "recall", "", "No free model: take a figure off the board to spawn it (DJ-SPAWN-02)."
        ),
        _decision("trap", "", "Play a trap or event at its trigger, or pass (DJ-REF-28)."),
        _decision("stunned-master", "", "A stunned master monster moves or attacks (DJ-REF-23)."),
        _decision(
            "battle-charge",
            "",
            "On Battle, fatigue for half Speed and three attacks (DJ-SKILL-M02).",
        ),
        _decision("cleave", "", "After a melee kill, fatigue for another attack (DJ-SKILL-M07)."),
        _decision(
            "alertness", "", "Fatigue to strike a monster that moves adjacent (DJ-SKILL-R07)."
        ),
        _decision("taunt", "", "Draw an enemy's attack onto this hero (DJ-SKILL-M15)."),
        _decision(
            "counter-attack",
            "",
            "Unmovable on Battle: place a Guard order as the counter-attack (DJ-SKILL-M03).",
        ),
        _decision(
            "monster-order",
            "",
            "Which monster activates next: the Overlord's order (DJ-MON-01).",
        ),
        _decision(
            "monster-step",
            "do",
            "A monster's next step: move, attack (a figure or a square), open or close a normal door, or end (DJ-MON-01, DJ-REF-31).",
        ),
    )
}
