"""Declared event types and decision kinds of an Arkham game (core's declared types).

Every event the engine emits and every decision it asks is declared here with its fields
and a one-line description; a test plays games and checks that each emitted event and
decision matches its declaration, and ``docs/arkham.md`` lists them.
"""

from __future__ import annotations

from questforge.engine.core.game import DecisionSpec, EventSpec

#: fields an event carries only sometimes
_OPTIONAL = {
    "game-over": ("score", "first_citizen"),
    "rolled": ("card",),
    "monster-moved": ("toward", "sneak"),
    "check": ("against",),
    "lost-in-time": ("world",),
    "monster-appeared": ("instead_of", "counted", "limit"),
    "monster-ability": ("amount",),
    "blessing": ("unchanged",),
    "trophies-spent": ("toughness",),
}


def _e(name: str, fields: str, doc: str) -> EventSpec:
    optional = _OPTIONAL.get(name, ())
    return EventSpec(
        name, tuple(f for f in fields.split() if f not in optional), doc, optional=optional
    )


EVENTS: dict[str, EventSpec] = {
    e.type: e
    for e in (
        _e("setup", "ancient_one investigators players", "the game is set up (AH-SETUP)"),
        _e(
            "investigator-ready",
            "investigator area sanity stamina money clues",
            "an investigator is equipped",
        ),
        _e(
            "investigator-joined",
            "investigator player",
            "a new investigator replaces a devoured one",
        ),
        _e("round", "number first_player", "a round begins (AH-TURN-01)"),
        _e("refreshed", "investigator", "exhausted cards are ready again (AH-UPK-01)"),
        _e(
            "sliders",
            "investigator positions before steps focus",
            "skill sliders moved: from ``before``, ``steps`` in all, within ``focus`` "
            "(none: placed freely at setup) (AH-UPK-03, AH-SETUP-10)",
        ),
        _e(
            "investigator-moved",
            "investigator to stage",
            "an investigator moved (stage 1/2: other-world area)",
        ),
        _e("stood-up", "investigator", "a delayed investigator stands up (AH-DELAY-01)"),
        _e(
            "traded",
            "giver receiver what",
            "money ($1) or a card given to another investigator (AH-MOVE-09)",
        ),
        _e("delayed", "investigator", "an investigator is delayed"),
        _e(
            "arrested",
            "investigator",
            "an investigator is arrested: to the jail location's Jail Cell (AH-STAT-08)",
        ),
        _e(
            "released",
            "investigator location",
            "out of the Jail Cell into the location's main area (AH-STAT-08)",
        ),
        _e(
            "ordered",
            "by what order",
            "simultaneous effects put in order by an investigator or the first player (AH-MISC-06)",
        ),
        _e(
            "explored",
            "investigator location",
            "back from an other world with an explored marker (AH-OW-03)",
        ),
        _e("explored-lost", "investigator", "the explored marker is lost on leaving (AH-ENC-07)"),
        _e(
            "drawn-through",
            "investigator location world",
            "drawn through a gate (AH-ENC-05, AH-GATE-08)",
        ),
        _e("clues-taken", "investigator location amount", "clues picked up"),
        _e("clue-placed", "location", "a clue appears (AH-CLUE-01)"),
        _e("clue-skipped", "location", "no clue: a gate is open there (AH-CLUE-01)"),
        _e("clues-discarded", "location", "clues discarded by a gate opening (AH-GATE-05)"),
        _e(
            "check",
            "investigator check base skill modifiers modifier bonus dice rolls successes "
            "success_on "
            "difficulty label against",
            "a skill check is rolled",
        ),
        _e(
            "lost-in-time",
            "investigator why world",
            "lost in time and space: ``why`` no-gate (no open gate back to ``world``, "
            "AH-OW-04), knocked-out (in ``world``, AH-STAT-05) or effect (AH-STAT-09)",
        ),
        _e(
            "upkeep",
            "investigator source",
            "an upkeep requirement resolves: ``source`` the card, or ``ability`` for the "
            "sheet's (AH-UPK-02)",
        ),
        _e(
            "clue-spent",
            "investigator roll successes",
            "a clue spent for one more die (AH-CHECK-06)",
        ),
        _e("check-result", "investigator check passed label", "a check passes or fails"),
        _e(
            "rolled",
            "investigator rolls target passed card",
            "dice rolled without a skill; ``card``: the card whose upkeep or use rolls",
        ),
        _e("gained", "investigator what amount", "sanity, stamina, money or clues gained"),
        _e("lost", "investigator what amount", "sanity, stamina, money or clues lost"),
        _e("knocked-out", "investigator how", "insane or unconscious (AH-STAT-03/04/05)"),
        _e("devoured", "investigator", "an investigator is devoured (AH-STAT-10, AH-FINAL-07)"),
        _e("card-gained", "investigator card", "an investigator card is taken"),
        _e(
            "card-refused",
            "investigator card why",
            "a special card drawn or bought that the investigator may not hold (``why``: "
            "``held`` one of its name, AH-MISC-02, or ``barred``) goes back to the bottom "
            "of its deck (AH-MISC-01)",
        ),
        _e(
            "on-gain",
            "investigator card",
            "a card just taken gives its ``on_gain`` effects (a bank loan's money)",
        ),
        _e(
            "card-unavailable",
            "investigator wanted why",
            "a special card (kind or id ``wanted``) cannot be taken: ``held`` (AH-MISC-02), "
            "``barred`` (a defaulted loan) or ``none-left``",
        ),
        _e(
            "cannot-pay",
            "investigator what amount",
            "a payment that is not optional cannot be made (a bank loan's interest)",
        ),
        _e(
            "barred",
            "investigator special",
            "the investigator may never again take a special card of this kind",
        ),
        _e("paid-off", "investigator card", "a card's ``discard_cost`` paid (a loan repaid)"),
        _e(
            "activity-placed",
            "location card",
            "a mythos card in play puts an activity marker on a location (AH-MYTHA-05)",
        ),
        _e(
            "activity-removed",
            "location card",
            "the card left play: its activity marker goes (AH-MYTHA-05)",
        ),
        _e(
            "activity",
            "investigator location card when",
            "an activity marker's effect on an investigator (``when``: enter | encounter)",
        ),
        _e(
            "members-encounter",
            "investigator location card",
            "a member reads the location's members-only entry (a Lodge's inner rooms)",
        ),
        _e("card-used", "investigator card", "a card's use effects are used (in Upkeep)"),
        _e("discarded", "investigator card", "a card is discarded to the bottom of its deck"),
        _e("deck-empty", "deck", "nothing left to draw"),
        _e(
            "blessing",
            "investigator state",
            "blessed, cursed or (its card discarded) neither (AH-STAT-11/12); "
            "``unchanged``: blessed (cursed) again while blessed (cursed), nothing happens",
        ),
        _e(
            "special-action",
            "investigator location action",
            "a location's special action (AH-ENC-08)",
        ),
        _e(
            "trophies-spent",
            "investigator what amount trophies toughness",
            "trophies spent (AH-MISC-05), each named (``trophies``: monster ids or gate "
            "markers); ``toughness``: their toughness in all, for a price in toughness",
        ),
        _e("encounter", "investigator location card", "a location encounter (AH-ENC-02)"),
        _e(
            "world-encounter",
            "investigator world card unmatched",
            "an other-world encounter (AH-OWE-01)",
        ),
        _e(
            "encounter-monster",
            "investigator monster",
            "a monster appears in an encounter (AH-EMON-01)",
        ),
        _e(
            "monster-blocked",
            "investigator location",
            "no monster appears at a sealed location (AH-ENC-04)",
        ),
        _e("combat", "investigator monster", "combat begins (AH-CMB)"),
        _e("evaded", "investigator monster", "a monster evaded (AH-EVADE-03)"),
        _e("fled", "investigator monster", "fled from combat (AH-CMB-04)"),
        _e(
            "environment-effects",
            "card",
            "the Environment in play acts again in this Mythos phase (AH-MYTHA-03)",
        ),
        _e(
            "movement-points",
            "investigator points base modifiers",
            "an Arkham move's points: the Speed slider (``base``) and each standing "
            "modifier with its source (AH-MOVE-02, AH-CHECK-05)",
        ),
        _e(
            "monster-ability",
            "investigator monster ability amount",
            "a monster ability changes a combat (AH-CMB-08): ambush (no fleeing), "
            "nightmarish / overwhelming (``amount`` lost after a pass or a win), endless "
            "(no trophy)",
        ),
        _e(
            "armed",
            "investigator check cards bonus each",
            "weapons and spells used in a combat, evade or horror check; ``each``: what "
            "each card gave (after resistance, immunity or a failed cast) and its printed "
            "bonus",
        ),
        _e(
            "casting",
            "investigator card cost modifier",
            "a spell is cast: its sanity cost is paid next (AH-SPELL-01/02)",
        ),
        _e("cast", "investigator card passed", "a spell cast (AH-SPELL-01)"),
        _e(
            "monster-defeated",
            "investigator monster uid trophy",
            "a monster defeated (AH-CMB-06); uid 0: an encounter's monster",
        ),
        _e(
            "monster-appeared",
            "monster uid area instead_of counted limit",
            "a monster enters play (AH-GATE-06); over the limit in the Outskirts, "
            "``instead_of`` the area it was drawn for, with the monsters ``counted`` and "
            "the ``limit`` (AH-LIMIT-01/02, AH-OUT-01)",
        ),
        _e(
            "monster-held",
            "uid monster area by",
            "a monster to move stays: investigators (``by``) are in its area "
            "(AH-MMOVE-03/04, AH-FLY-01)",
        ),
        _e(
            "outskirts-overflow",
            "count max",
            "the Outskirts hold more than their maximum: all go back, terror +1 (AH-OUT-02)",
        ),
        _e(
            "monster-moved",
            "uid monster to toward sneak",
            "a monster moves (AH-MMOVE, AH-FLY); a flyer swooping names the investigator "
            "with the lowest Sneak it flies at (AH-FLY-02)",
        ),
        _e("monster-returned", "monster uid area", "a monster goes back to the cup"),
        _e("monsters-move", "white black", "monster movement of a mythos card (AH-MMOVE-01)"),
        _e("monster-surge", "gates", "a monster from every open gate (AH-GATE-02)"),
        _e("monster-limit-removed", "", "terror 10: no monster limit (AH-LIMIT-03)"),
        _e("cup-empty", "", "no monster left to draw (AH-REF-16)"),
        _e(
            "mythos",
            "card subtype gate clue",
            "a mythos card is drawn: its gate and clue locations (AH-MYTH-01)",
        ),
        _e("headline", "card", "a headline resolves (AH-MYTHA-02)"),
        _e("environment", "card", "an environment comes into play (AH-MYTHA-03)"),
        _e("rumor", "card counter", "a rumor begins (AH-MYTHA-04)"),
        _e("rumor-ignored", "card", "a second rumor's ability does not take effect (AH-MYTHA-04)"),
        _e("rumor-counter", "card counter", "the rumor's counter falls"),
        _e("rumor-passed", "investigator card", "the rumor is ended by the investigators"),
        _e("rumor-failed", "card", "the rumor fails"),
        _e("gate-opened", "location world marker", "a gate opens (AH-GATE-05)"),
        _e("gate-blocked", "location", "an elder sign stops a gate (AH-GATE-01)"),
        _e("gate-closed", "location investigator marker", "a gate closed (AH-CLOSE-04)"),
        _e("close-failed", "investigator location", "a closing check failed"),
        _e("sealed", "location elder_sign", "a location sealed (AH-SEAL-01, AH-ELDER-02)"),
        _e(
            "elder-sign-used", "investigator card location", "an Elder Sign card used (AH-ELDER-02)"
        ),
        _e("doom", "level track", "the doom track changes"),
        _e("terror", "level", "the terror level rises (AH-TERROR)"),
        _e("ally-gone", "card", "an ally leaves the game (AH-TERROR-03)"),
        _e(
            "location-closed",
            "location",
            "a location gets a closed marker (AH-TERROR-04..06, AH-MYTHA-05)",
        ),
        _e("location-opened", "location", "a mythos card's closed marker goes (AH-MYTHA-05)"),
        _e("awakened", "reason doom", "the Ancient One awakens (AH-AWAKE)"),
        _e("final-round", "number doom", "a final-battle round (AH-FINAL)"),
        _e("ancient-one-attacks", "modifier", "the Ancient One attacks (AH-FINAL-06)"),
        _e(
            "game-over",
            "outcome how round score first_citizen",
            "the game ends (AH-WIN; score and the First Citizen, AH-WIN-06, only on a win)",
        ),
    )
}


def _decision(kind: str, actor: str, option: str, doc: str) -> DecisionSpec:
    return DecisionSpec(kind, option, doc, actor=actor)


DECISIONS: dict[str, DecisionSpec] = {
    d.kind: d
    for d in (
        _decision(
            "sliders",
            "investigator",
            "slider positions [a, b, c]",
            "set skill sliders (AH-SETUP-10, AH-UPK-03)",
        ),
        _decision(
            "refill-gates",
            "players",
            "no | an investigator id",
            "spend a gate trophy when no gate marker is left (AH-AWAKE-02)",
        ),
        _decision(
            "trade",
            "investigator",
            "done | give:CARD:TO | money:TO",
            "a gift to an investigator in the same area (AH-MOVE-09)",
        ),
        _decision(
            "move",
            "investigator",
            "area ids (the current area first)",
            "where to move (AH-MOVE-02)",
        ),
        _decision(
            "evade-or-fight", "investigator", "evade | fight", "meeting a monster (AH-EVADE-01)"
        ),
        _decision("fight-or-flee", "investigator", "fight | flee", "each combat round (AH-CMB-03)"),
        _decision(
            "weapons",
            "investigator",
            "lists of card ids (at most two hands)",
            "weapons and spells for a combat, evade or horror check (AH-WPN-03, AH-SPELL-01)",
        ),
        _decision(
            "spend-clue",
            "investigator",
            "stop | spend",
            "spend a clue for one more die (AH-CHECK-06)",
        ),
        _decision(
            "location-action",
            "investigator",
            "encounter | special:N | members | rumor",
            "what to do at a location (AH-ENC-01/08; ``members``: a member's members-only entry)",
        ),
        _decision(
            "close",
            "investigator",
            "elder-sign | fight | lore",
            "how to close a gate (AH-CLOSE-03, AH-ELDER-01)",
        ),
        _decision("seal", "investigator", "no | yes", "spend clues to seal (AH-SEAL-01)"),
        _decision(
            "use-card",
            "investigator",
            "done | card ids",
            "use a ready card's use effects in Upkeep (AH-UPK-02)",
        ),
        _decision("may-pay", "investigator", "no | yes", "an optional payment of an encounter"),
        _decision(
            "pay-off",
            "investigator",
            "no | yes",
            "pay a card's ``discard_cost`` to discard it (a bank loan repaid), in Upkeep",
        ),
        _decision(
            "buy",
            "investigator",
            "none | card ids the investigator can pay for",
            "buy one of the cards drawn at its list price (AH-MISC-03)",
        ),
        _decision("discard", "investigator", "card ids", "an item to discard (AH-STAT-02)"),
        _decision("clue-taker", "players", "investigator ids", "who takes a new clue (AH-CLUE-02)"),
        _decision(
            "return",
            "investigator",
            "area ids",
            "where to come back from Lost in Time and Space (AH-STAT-09)",
        ),
        _decision(
            "return-gate", "investigator", "location ids", "which gate to return through (AH-OW-03)"
        ),
        _decision(
            "fly-tie",
            "players",
            "street ids (in player order)",
            "where a flyer goes when investigators in several streets tie for the lowest "
            "Sneak; the first player decides (AH-FLY-02)",
        ),
        _decision(
            "order-upkeep",
            "investigator",
            "ability | card ids: the upkeep effects still waiting",
            "which of the investigator's upkeep effects resolves next (AH-UPK-02, AH-MISC-06)",
        ),
        _decision(
            "order-surge",
            "players",
            "location ids: the gates still waiting for their monster",
            "which gate takes the next surge monster; the first player decides (AH-GATE-02, "
            "AH-MISC-06)",
        ),
    )
}
