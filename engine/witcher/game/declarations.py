"""Every event and decision of a Witcher game, declared: name, fields and a one-line doc.

A test plays games and checks that every emitted event and every asked decision matches
its declaration here (and ``docs/witcher.md`` lists the same tables), so the log format is
a documented contract rather than whatever the code happens to emit.
"""

from __future__ import annotations

from questforge.engine.core.game import DecisionSpec, EventSpec


def _events(*items: tuple[str, str, str]) -> dict[str, EventSpec]:
    return {name: EventSpec(name, tuple(f.split()), doc) for name, f, doc in items}


#: the keys every option of a decision kind carries (options of other kinds are plain values)
OPTION_KEYS: dict[str, tuple[str, ...]] = {}


def _decisions(*items: tuple[str, str, str]) -> dict[str, DecisionSpec]:
    out: dict[str, DecisionSpec] = {}
    for kind, keys, doc in items:
        if keys:
            OPTION_KEYS[kind] = tuple(keys.split())
        out[kind] = DecisionSpec(kind, ", ".join(keys.split()) or "a value", doc)
    return out


EVENTS: dict[str, EventSpec] = _events(
    (
        "setup",
        "heroes starts gold quests_to_end",
        "the heroes, their start locations, starting gold and the game length",
    ),
    ("round", "round", "a new round begins"),
    ("turn", "hero round location", "a hero's turn begins"),
    ("turn-end", "hero vp", "a hero's turn ends"),
    ("action", "hero action slot", "a hero takes an action (slot 1 or 2)"),
    ("passed", "hero slot", "a hero gives up an action"),
    ("delayed", "hero reason", "a hero is delayed (WI-DELAY)"),
    ("delay-ignored", "hero", "a second delay is ignored (WI-DELAY-03)"),
    ("delay-paid", "hero slot", "a delayed hero loses this action"),
    ("travelled", "hero path cost", "a hero travels along one or two routes"),
    ("gold", "hero delta gold reason", "a hero's gold changes"),
    ("leads", "hero colour delta reason", "a hero gains or loses leads"),
    ("proof", "hero colour delta reason", "a hero gains or spends proof"),
    ("exchanged", "hero colour leads", "leads exchanged for one proof (WI-OP-02)"),
    ("vp", "hero delta vp reason", "a hero's victory points change"),
    ("wounded", "hero severity space reason", "a wound blocks an action space"),
    ("healed", "hero space severity reason", "a wound is removed"),
    ("eased", "hero space reason", "a severe wound becomes minor (a heart location)"),
    ("overflow", "hero token", "a wound or misfortune token found no free space"),
    (
        "short",
        "hero resource wanted paid reason",
        "a loss bigger than what the hero holds: all they have is paid (WI-SPEND-04, WI-VP-02)",
    ),
    ("misfortune-token", "hero space reason", "a misfortune token goes on an action space"),
    ("misfortune-removed", "hero space", "a misfortune token leaves the hero sheet"),
    ("misfortune", "hero card reason", "a misfortune card is drawn and resolved"),
    ("investigation", "hero card complication", "an investigation card is drawn and resolved"),
    ("kept", "hero card", "an investigation card is kept face up (task or traits)"),
    ("task", "hero card", "the task of a kept investigation card is completed"),
    (
        "discarded",
        "hero card",
        "a kept investigation card is discarded and its effect acts (WI-INV-02)",
    ),
    ("luck", "hero card", "a luck card is drawn"),
    ("luck-used", "hero card", "a luck card is played"),
    ("developed", "hero card discarded", "a development card is kept"),
    ("card-used", "hero card markers", "a development card is used"),
    ("marker", "hero card markers", "a common marker goes on a development card"),
    ("no-marker-space", "hero card_type", "no card of that type can take a marker"),
    ("special-operation", "hero name", "the hero's special operation is performed"),
    ("chose", "hero option reason", "an option of a choice effect is chosen"),
    (
        "targeted",
        "hero vp drawn_by reason",
        "an effect falls on the hero with the most VP (WI-VP-03), whoever drew it",
    ),
    ("ignore-obstacle", "hero reason", "the hero will ignore the end-of-turn obstacle"),
    ("obstacle-ignored", "hero", "the end-of-turn obstacle is ignored (WI-OBS-07)"),
    ("track", "hero position obstacle monster_class area", "the battle track advances one space"),
    (
        "placed",
        "obstacle monster area space",
        "a monster (face down) or misfortune token is placed",
    ),
    ("not-placed", "obstacle area", "an obstacle could not be placed (no token or space left)"),
    ("encounter", "hero obstacle monster space", "a hero meets an obstacle in their area"),
    (
        "fight",
        "hero monster sword shield ritual replaces_swords reason",
        "a fight begins: the monster's values (WI-CMB-07: a ritual may replace swords)",
    ),
    ("roll", "hero dice faces", "the combat and hero dice are rolled (die ids, their faces)"),
    ("reroll", "hero rerolled faces", "some dice (their indices) are rolled again"),
    (
        "dice-test",
        "hero dice faces success reason",
        "an effect has the hero roll their own dice (WI-DICE-01/05): faces and verdict",
    ),
    ("result-added", "hero result amount reason", "a card or the hero sheet adds die results"),
    ("converted", "hero", "an arrow shield and a sword become a grid shield"),
    (
        "fight-result",
        "hero monster swords shields ritual attack defence ritual_ok defeated",
        "swords, shields and ritual compared",
    ),
    ("quest", "hero quest discarded", "a hero keeps a new main quest"),
    ("main-quest", "hero quest completed", "a main quest is completed"),
    ("side-quest", "hero quest side", "a side quest is completed"),
    ("support-quest", "hero owner quest", "an opponent's support quest is completed"),
    ("end-triggered", "hero quests", "the last round is triggered (WI-WIN-01)"),
    ("deck-empty", "hero deck", "a deck and its discards are empty"),
    ("drew", "hero deck cards", "a hero draws several cards to keep one (WI-DRAW-02)"),
    ("looked", "hero deck cards", "a hero looks at cards in secret (WI-DRAW-03)"),
    ("revealed", "hero deck cards", "a hero reveals cards to everyone (WI-DRAW-04)"),
    (
        "kept-revealed",
        "hero deck card",
        "of the cards revealed, the one the hero keeps (WI-DRAW-02/04): the table saw them all",
    ),
    ("face-set", "hero die face reason", "a card turns a die to the face it shows (WI-DICE-06)"),
    ("challenge", "hero card drawn", "a hero takes on a challenge card on arrival (WI-BASIC-05)"),
    ("challenge-met", "hero card", "a challenge card is met: its side quest is done"),
    ("challenge-failed", "hero card", "a challenge card is not met: its penalty follows"),
    ("trade-offer", "hero partner give get", "a hero offers a trade (WI-LOC-03)"),
    ("trade-declined", "hero partner", "the partner declines the trade"),
    ("traded", "hero partner give get", "a trade of leads or gold is made"),
    (
        "game-end",
        "outcome rounds ranking vp quests_done lead_total",
        "the game ends: outcome, rounds, ranking, and the tie-breakers' counts (WI-WIN-02/03)",
    ),
)

DECISIONS: dict[str, DecisionSpec] = _decisions(
    ("keep-quest", "", "which of two drawn main quests to keep (option: quest id)"),
    ("action", "action", "the next action (option: {action, and for travel to, path, cost})"),
    ("operation", "op", "an operation or end (option: {op, ...})"),
    ("develop", "", "which drawn development card to keep (option: card id)"),
    ("rest", "", "remove two minor wounds or one severe (option: minor / severe)"),
    (
        "heal",
        "",
        "heal one wound (a heart location, a heal effect): remove a minor one or ease a "
        "severe one (option: minor / severe)",
    ),
    ("wound-space", "", "which action a wound blocks (option: action)"),
    ("remove-token", "", "which action space loses a misfortune token (option: action)"),
    ("travel-luck", "", "after a travel: play a travel luck card or keep (option: card id / keep)"),
    (
        "investigate-luck",
        "",
        "before the Investigate action draws: play a luck card of that timing or keep "
        "(option: card id / keep)",
    ),
    ("lead-colour", "", "the colour of a lead of any colour (option: colour)"),
    ("lose-lead", "", "which lead to give up (option: colour)"),
    ("choice", "option effects", "an option of a choice effect the hero can meet"),
    ("obstacle", "obstacle space", "which obstacle in the area to face"),
    ("combat", "use", "modify the dice: done, convert, a card or a luck card"),
    ("marker", "", "which development card takes a common marker (option: card id)"),
    ("keep-card", "", "which of several drawn cards to keep (option: card id)"),
    ("set-face", "die shows hero_die", "which die a card's face replaces"),
    ("reroll-die", "die shows hero_die", "which die a reroll rolls again, one at a time"),
    ("target-hero", "", "who of the heroes tied for most VP suffers the effect (WI-VP-03)"),
    (
        "invade-area",
        "",
        "too few monsters for every area: which area a token invades (WI-MON-04; option: area)",
    ),
    ("challenge", "", "which of the drawn challenge cards to take on (option: card id)"),
    ("meet-challenge", "", "meet the challenge (pay its cost) or refuse (option: meet/refuse)"),
    ("trade-reply", "", "the partner accepts or declines a trade (option: accept/decline)"),
)
