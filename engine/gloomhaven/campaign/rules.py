"""The campaign's rules between scenarios: new campaigns and characters, which scenarios
may be played, what a played scenario gives, and the town's business (level up, perks,
shop, sanctuary, personal quests, retirement).

Every function changes the :class:`Campaign` it is given, returns lines saying what
changed, and raises :class:`CampaignError` naming the rule *before* changing anything
when the rules refuse. Randomness comes from :func:`rng`: the campaign's seed forked by a
counter kept in the file, so the same file and the same commands give the same campaign.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from questforge.engine.core.campaign import CampaignError
from questforge.engine.core.rng import Rng
from questforge.engine.gloomhaven.campaign import tables
from questforge.engine.gloomhaven.campaign.content import CampaignContent
from questforge.engine.gloomhaven.campaign.state import IN_TOWN, Campaign, Character
from questforge.engine.gloomhaven.model import Rewards

#: what a scenario without a ``rewards`` object gives on completion
NO_REWARDS = Rewards()


def rng(campaign: Campaign, what: str) -> Rng:
    """The next random stream of the campaign (the draw counter advances)."""
    campaign.draws += 1
    return Rng(campaign.seed).fork(f"{what}:{campaign.draws}")


def note(campaign: Campaign, lines: Sequence[str]) -> list[str]:
    """Record ``lines`` in the party's history and return them (the oldest lines go once
    the history holds :data:`HISTORY_LINES`: the schema bounds it)."""
    campaign.history.extend(lines)
    del campaign.history[:-HISTORY_LINES]
    return list(lines)


#: the history lines a campaign file keeps (the schema allows 10,000)
HISTORY_LINES = 5000


# ------------------------------------------------------------------------------ creation


def new_campaign(
    content: CampaignContent,
    pack_path: str,
    party: str,
    characters: Sequence[str],
    seed: int,
) -> Campaign:
    """GH-PARTY-01, GH-REP-01 (reputation 0), GH-EVT-04 (decks shuffled), GH-SHOP-05
    (the supply of prosperity-1 items), scenarios with no requirement unlocked, then the
    characters (``CLASS`` or ``CLASS:NAME``) created as :func:`new_character` does."""
    campaign = Campaign(content.pack_id, pack_path, seed, party)
    campaign.classes = sorted(
        cid for cid, c in content.classes.items() if c.character_class.starting
    ) or sorted(content.classes)
    # GH-CAMP-02 / GH-BOARD-02: the scenarios open to a new party are those that require
    # nothing; the rest is unlocked by completing scenarios
    campaign.unlocked = [
        s.id
        for s in sorted(content.scenarios.values(), key=lambda s: (s.number, s.id))
        if not s.required_global
        and not s.required_party
        and not s.random_deck  # GH-RSC-01: only a draw unlocks it
        and not s.envelope  # GH-ENV-02: only its envelope unlocks it
        and not _unlocked_by_another(content, s.id)
    ]
    for deck in ("city", "road"):
        cards = content.starting_events(deck)
        rng(campaign, f"{deck}-events").shuffle(cards)
        setattr(campaign, f"{deck}_events", cards)
    quests = sorted(content.quests)
    rng(campaign, "personal-quests").shuffle(quests)
    campaign.quest_deck = quests
    campaign.supply = _supply_for(content, campaign.prosperity_level(), {})
    if not characters:
        raise CampaignError("a campaign needs at least one character (--character CLASS)")
    for text in characters:
        class_id, _, name = text.partition(":")
        new_character(content, campaign, class_id.strip(), name.strip(), 1, announce=False)
    note(campaign, [f"party {party!r} founded with {', '.join(characters)}"])
    return campaign


def _unlocked_by_another(content: CampaignContent, scenario: str) -> bool:
    return any(scenario in s.unlocks for s in content.scenarios.values())


def _supply_for(content: CampaignContent, level: int, supply: dict[str, int]) -> dict[str, int]:
    """GH-SHOP-05: every copy of the items of prosperity ``level`` or lower joins the supply
    (items already there keep their count)."""
    out = dict(supply)
    for item in content.items.values():
        # GH-RID-02: a random design joins the supply only when drawn
        # GH-ENV-02: a sealed design joins it when its envelope is opened
        if (
            item.prosperity <= level
            and item.id not in out
            and not item.random_deck
            and not item.envelope
        ):
            out[item.id] = item.count
    return out


def find_character(campaign: Campaign, key: str, *, active: bool = True) -> Character:
    """The character named ``key`` (or playing class ``key``); a clear error otherwise."""
    pool = campaign.active() if active else campaign.characters
    for c in pool:
        if key in (c.name, c.class_id):
            return c
    names = ", ".join(f"{c.name} ({c.class_id})" for c in pool) or "nobody"
    raise CampaignError(f"no {'active ' if active else ''}character {key!r} (the party: {names})")


def new_character(
    content: CampaignContent,
    campaign: Campaign,
    class_id: str,
    name: str = "",
    level: int = 1,
    *,
    announce: bool = True,
) -> list[str]:
    """GH-NEWCH-03..06: a class available to new characters, level up to the prosperity
    level, 15 x (L + 1) gold, the minimum XP of the level, the level-1 and X cards, two
    personal quests dealt (the first kept, the other back under the deck, GH-PQ-01).
    GH-CHAR-01: one character per class in the party."""
    if class_id not in content.classes:
        known = ", ".join(sorted(content.classes)) or "none"
        raise CampaignError(f"unknown character class {class_id!r} (known: {known})")
    if class_id not in campaign.classes:
        raise CampaignError(
            f"class {class_id!r} is not available yet (available: {', '.join(campaign.classes)});"
            " a personal quest or an envelope unlocks it (GH-ENV-02)"
        )
    if any(c.class_id == class_id for c in campaign.active()):
        raise CampaignError(f"the party already has a {class_id} (GH-CHAR-01: one per class)")
    name = name or content.classes[class_id].name
    if any(c.name == name for c in campaign.characters):
        raise CampaignError(f"a character is already named {name!r}; give another name")
    cap = campaign.prosperity_level()
    if not 1 <= level <= cap:
        raise CampaignError(
            f"a new character starts at level 1 to {cap}, the prosperity level (GH-NEWCH-04); "
            f"got {level}"
        )
    info = content.classes[class_id]
    character = Character(
        name=name,
        class_id=class_id,
        level=level,
        xp=tables.min_xp(level),  # GH-NEWCH-06
        gold=tables.starting_gold(level),  # GH-NEWCH-05
        pool=list(info.starting_cards),  # GH-NEWCH-03
    )
    dealt = campaign.quest_deck[:2]
    if dealt:
        # GH-PQ-01: two dealt, one kept (the first; the player may keep the other instead
        # until the first scenario: :func:`swap_quest`), the other returned under the deck
        campaign.quest_deck = [*campaign.quest_deck[2:], *dealt[1:]]
        character.personal_quest = dealt[0]
        character.quest_offered = dealt[1] if len(dealt) > 1 else ""
        character.quest_progress = [0] * len(content.quests[dealt[0]].requirements)
    campaign.characters.append(character)
    lines = [
        f"{name} the {info.name} joins at level {level} with {character.gold} gold"
        + (f"; personal quest: {content.quests[dealt[0]].name}" if dealt else "")
    ]
    if level > 1:
        lines.append(
            f"{name} has {level - 1} level-up card(s) and perk(s) to choose (GH-NEWCH-04): "
            "use the card and perk actions"
        )
    return note(campaign, lines) if announce else lines


# ------------------------------------------------------------------------------ scenarios


def check_playable(
    content: CampaignContent, campaign: Campaign, scenario: str, casual: bool
) -> None:
    """GH-CAMP-02/03/04: campaign mode plays unlocked scenarios whose achievements are met
    and that are not completed yet; casual mode plays any unlocked or completed one.
    GH-RETIRE-01: a character whose personal quest is met plays no new scenario."""
    info = content.scenarios.get(scenario)
    if info is None:
        known = ", ".join(sorted(content.scenarios)) or "none"
        raise CampaignError(f"unknown scenario {scenario!r} (the pack's: {known})")
    if scenario not in campaign.unlocked and scenario not in campaign.completed:
        raise CampaignError(
            f"{info.name} ({scenario}) is locked: not on the map yet (GH-BOARD-02); unlocked: "
            f"{', '.join(campaign.unlocked) or 'none'}"
        )
    for c in campaign.active():
        if c.personal_quest and quest_met(content, c):
            raise CampaignError(
                f"{c.name} has met their personal quest and must retire before the next "
                "scenario (GH-RETIRE-01): run the retire action"
            )
    if casual:
        return
    if scenario in campaign.completed:
        raise CampaignError(
            f"{info.name} ({scenario}) was completed in campaign mode and cannot be played "
            "in campaign mode again (GH-CAMP-03); add --casual to replay it (GH-CAMP-04)"
        )
    missing = [a for a in info.required_global if a not in campaign.global_achievements]
    missing += [a for a in info.required_party if a not in campaign.party_achievements]
    if missing:
        raise CampaignError(
            f"{info.name} ({scenario}) needs the achievement(s) {', '.join(missing)} "
            "(GH-CAMP-02); add --casual to play it anyway (GH-CAMP-04)"
        )


def road_event_needed(content: CampaignContent, campaign: Campaign, scenario: str) -> bool:
    """GH-TRAVEL-02/03: from town, a road event unless the scenario is linked to the city;
    straight from a scenario, one unless it is the same scenario or linked to it (a link
    counts either way: it is printed on one of the two pages)."""
    target = content.scenarios[scenario]
    if campaign.location == IN_TOWN:
        return not target.linked_to_city
    if campaign.location == scenario:
        return False
    previous = content.scenarios.get(campaign.location)
    linked = scenario in (previous.links if previous else ()) or campaign.location in target.links
    return not linked


def record_treasures(campaign: Campaign, numbers: Sequence[str]) -> None:
    """GH-TREAS-04: "each treasure tile can be looted only once, ever" - the treasures
    looted in a scenario, won, lost or casual (GH-CAMP-05 keeps treasure looting in casual
    play), are marked, and later plays are set up without their tiles."""
    for n in numbers:
        if n not in campaign.looted_treasures:
            campaign.looted_treasures.append(n)


def apply_result(
    content: CampaignContent,
    campaign: Campaign,
    scenario: str,
    casual: bool,
    outcome: str,
    results: Sequence[tuple[str, int, int, int, Sequence[str]]],
) -> list[str]:
    """A played scenario on the sheets. ``results``: per character (by class) the XP
    (ability XP, plus the bonus on a win: GH-END-05, GH-REF-02), the gold (money tokens at
    the level's rate and treasure gold: GH-END-06, GH-REF-02), the battle-goal checkmarks
    (GH-BG-02/03) and items looted from treasures.

    Both modes: XP, gold, loot and checkmarks (GH-CAMP-05); perks follow from checkmarks
    (GH-PERK-02/03). Campaign mode and a win: the scenario's rewards, its unlocks and
    achievements, and the "completed" mark (GH-BOARD-02); casual mode ignores them
    (GH-CAMP-05). The party is then at the scenario (GH-TRAVEL-01)."""
    info = content.scenarios[scenario]
    by_class = {c.class_id: c for c in campaign.active()}
    lines = [f"{info.name}: {outcome}" + (" (casual)" if casual else "")]
    for class_id, xp, gold, checkmarks, items in results:
        c = by_class.get(class_id)
        if c is None:
            continue
        before = c.checkmark_perks()
        c.xp += xp
        c.gold += gold
        c.checkmarks = min(999, c.checkmarks + checkmarks)  # the sheet's bound
        gained = [i for i in items if i not in c.items]
        c.items.extend(gained)
        c.blesses = 0  # GH-DONATE-01: for the next scenario only
        c.quest_offered = ""  # GH-PQ-01: the choice is made once the character has played
        c.start_damage, c.start_conditions = 0, []
        parts = [f"+{xp} XP", f"+{gold} gold"]
        if checkmarks:
            parts.append(f"+{checkmarks} checkmark(s)")
        if gained:
            parts.append("found " + ", ".join(gained))
        if c.checkmark_perks() > before:
            parts.append(f"{c.checkmark_perks() - before} perk(s) to mark (GH-PERK-02)")
        if tables.level_for_xp(c.xp) > c.level:
            parts.append("can level up in town (GH-LVL-01)")
        lines.append(f"{c.name}: " + ", ".join(parts))
    if outcome == "won" and not casual:
        lines += _rewards(content, campaign, info.id)
    campaign.location = scenario
    return note(campaign, lines)


def _rewards(content: CampaignContent, campaign: Campaign, scenario: str) -> list[str]:
    """GH-BOARD-02, GH-CAMP-03: completed; its unlocks, rewards and achievements."""
    info = content.scenarios[scenario]
    r = info.rewards or NO_REWARDS
    if scenario in campaign.unlocked:
        campaign.unlocked.remove(scenario)
    if scenario not in campaign.completed:
        campaign.completed.append(scenario)
    lines = [f"{info.name} completed (GH-BOARD-02)"]
    for s in info.unlocks:
        if s not in campaign.unlocked and s not in campaign.completed and s in content.scenarios:
            campaign.unlocked.append(s)
            lines.append(f"unlocked: {content.scenarios[s].name} ({s})")
    for c in campaign.active():
        c.gold += r.gold
        c.xp += r.xp
    if r.gold or r.xp:
        lines.append(f"reward: {r.gold} gold and {r.xp} XP each")
    lines += change_reputation(campaign, r.reputation)
    lines += change_prosperity(content, campaign, r.prosperity)
    for a in r.global_achievements:
        lines += gain_global_achievement(campaign, a)
    for a in r.party_achievements:
        if a not in campaign.party_achievements:
            campaign.party_achievements.append(a)
            lines.append(f"party achievement: {a}")
    for item in r.items:
        lines += add_item_design(content, campaign, item)
    if r.envelope:
        from questforge.engine.gloomhaven.campaign.envelopes import open_envelope

        lines += open_envelope(content, campaign, r.envelope, f"{info.name} is completed")
    if r.text:
        lines.append(r.text)
    return lines


def add_item_design(content: CampaignContent, campaign: Campaign, item: str) -> list[str]:
    """GH-SHOP-05: an item design (a scenario's reward, an event's, a treasure's,
    GH-TREAS-03, or an opened envelope's) puts every copy of the item in the city's
    supply; an item the pack does not have gives nothing. The one place a design is
    gained, in both modes (casual play keeps treasure looting, GH-CAMP-05)."""
    if item not in content.items:
        return []
    # GH-SHOP-06: the copies printed are all there is: those owned by active characters
    # are not in the supply, and a design gained twice adds no copies
    owned = sum(1 for ch in campaign.active() if item in ch.items)
    copies = max(0, content.items[item].count - owned)
    if campaign.supply.get(item, 0) >= copies:
        return []
    campaign.supply[item] = copies
    return [f"item design: {content.items[item].name} in the city's supply"]


def gain_global_achievement(campaign: Campaign, name: str) -> list[str]:
    """GH-ACH-02/03: a global achievement for the whole world; one written
    ``"Type: Achievement"`` replaces the active one of the same type."""
    if name in campaign.global_achievements:
        return []
    kind, colon, _rest = name.partition(":")
    lines = []
    if colon:
        for old in [a for a in campaign.global_achievements if a.partition(":")[0] == kind]:
            campaign.global_achievements.remove(old)
            lines.append(f"global achievement {old!r} replaced (GH-ACH-03)")
    campaign.global_achievements.append(name)
    return [*lines, f"global achievement: {name}"]


def change_reputation(campaign: Campaign, delta: int) -> list[str]:
    """GH-REP-02: within -20..+20."""
    if not delta:
        return []
    before = campaign.reputation
    campaign.reputation = tables.clamp_reputation(before + delta)
    return [f"reputation {before:+d} -> {campaign.reputation:+d}"]


def change_prosperity(content: CampaignContent, campaign: Campaign, delta: int) -> list[str]:
    """GH-PROSP-01/03: points on the track; never below the current level's minimum
    (GH-ROAD-05); a new level adds its items to the supply (GH-SHOP-05)."""
    if not delta:
        return []
    level = campaign.prosperity_level()
    floor = tables.PROSPERITY_FOR_LEVEL[level - 1]
    campaign.prosperity = max(floor, campaign.prosperity + delta)
    lines = [f"prosperity {campaign.prosperity} (level {campaign.prosperity_level()})"]
    if campaign.prosperity_level() > level:
        campaign.supply = _supply_for(content, campaign.prosperity_level(), campaign.supply)
        lines.append(f"prosperity level {campaign.prosperity_level()}: new items in the shop")
    return lines


# ------------------------------------------------------------------------------ town


def enter_town(campaign: Campaign) -> list[str]:
    """GH-CITY-01: the party returns to Gloomhaven (a new visit: GH-DONATE-01 again)."""
    if campaign.location == IN_TOWN:
        return []
    campaign.location = IN_TOWN
    campaign.visit += 1
    return ["the party returns to Gloomhaven"]


def level_up(
    content: CampaignContent, campaign: Campaign, key: str, card: str = "", perk: int = 0
) -> list[str]:
    """GH-LVL-01: one level, in town, when the XP reaches the next threshold (GH-REF-03);
    GH-LVL-02: a new card of the new level or lower into the pool; GH-LVL-03: a perk to
    mark (now with ``perk``, or later with :func:`mark_perk`)."""
    c = find_character(campaign, key)
    if c.level >= tables.MAX_LEVEL:
        raise CampaignError(f"{c.name} is at the highest level, {tables.MAX_LEVEL}")
    need = tables.XP_FOR_LEVEL[c.level]
    if c.xp < need:
        raise CampaignError(
            f"{c.name} has {c.xp} XP; level {c.level + 1} needs {need} (GH-LVL-01, GH-REF-03)"
        )
    choices = card_choices(content, c, c.level + 1)
    if card and card not in choices:
        raise CampaignError(
            f"{c.name} cannot add {card!r} at level {c.level + 1} (GH-LVL-02); choices: "
            f"{', '.join(choices) or 'none: the class has no card of a new level'}"
        )
    if perk:
        _check_perk(content, c, perk, owed=1)
    lines = enter_town(campaign)
    c.level += 1
    lines.append(
        f"{c.name} reaches level {c.level} (max HP per the class mat, GH-LVL-05; hand limit "
        "unchanged, GH-LVL-06)"
    )
    if card:
        c.pool.append(card)
        lines.append(f"{c.name} adds {card} to the card pool (GH-LVL-02)")
    elif choices:
        lines.append(f"{c.name}: a card to add (GH-LVL-02), one of {', '.join(choices)}")
    if perk:
        c.perks.append(perk)
        lines.append(f"{c.name} marks perk {perk}: {_perk_text(content, c, perk)} (GH-LVL-03)")
    return note(campaign, lines)


def card_choices(content: CampaignContent, c: Character, level: int) -> list[str]:
    """GH-LVL-02: the class's cards of level 2..``level`` not yet in the pool."""
    info = content.classes[c.class_id]
    return [
        cid
        for cid, lv in info.card_levels.items()
        if 2 <= lv <= level and cid not in c.pool and cid not in info.starting_cards
    ]


def cards_owed(content: CampaignContent, c: Character) -> int:
    """Level-up cards not yet chosen (at most as many as there are cards to choose)."""
    base = len(content.classes[c.class_id].starting_cards)
    owed = max(0, (c.level - 1) - (len(c.pool) - base))
    return min(owed, len(card_choices(content, c, c.level)))


def add_card(content: CampaignContent, campaign: Campaign, key: str, card: str) -> list[str]:
    """GH-LVL-02 for a level-up whose card was not chosen yet."""
    c = find_character(campaign, key)
    if cards_owed(content, c) <= 0:
        raise CampaignError(f"{c.name} has no level-up card to choose")
    choices = card_choices(content, c, c.level)
    if card not in choices:
        raise CampaignError(f"{c.name} cannot add {card!r}; choices: {', '.join(choices)}")
    c.pool.append(card)
    return note(campaign, [f"{c.name} adds {card} to the card pool (GH-LVL-02)"])


def _perk_text(content: CampaignContent, c: Character, perk: int) -> str:
    return content.classes[c.class_id].character_class.perks[perk - 1].text


def _check_perk(content: CampaignContent, c: Character, perk: int, owed: int) -> None:
    counts = content.classes[c.class_id].perk_counts
    if not 1 <= perk <= len(counts):
        raise CampaignError(
            f"{c.name}: perk numbers run from 1 to {len(counts)} (the class's perk list)"
        )
    if c.perks.count(perk) >= counts[perk - 1]:
        raise CampaignError(
            f"{c.name}: perk {perk} has {counts[perk - 1]} box(es), all marked already"
        )
    if owed <= 0:
        raise CampaignError(
            f"{c.name} has no perk to mark: one per level above 1 (GH-LVL-03) and one per "
            f"3 checkmarks, at most 6 (GH-PERK-02/03); {c.checkmarks} checkmark(s), "
            f"{len(c.perks)} perk(s) marked"
        )


def perk_choices(content: CampaignContent, c: Character) -> list[int]:
    counts = content.classes[c.class_id].perk_counts
    return [i + 1 for i, n in enumerate(counts) if c.perks.count(i + 1) < n]


def mark_perk(content: CampaignContent, campaign: Campaign, key: str, perk: int) -> list[str]:
    """GH-PERK-02 / GH-LVL-03: mark one perk the character has earned."""
    c = find_character(campaign, key)
    _check_perk(content, c, perk, owed=c.perks_owed())
    c.perks.append(perk)
    return note(campaign, [f"{c.name} marks perk {perk}: {_perk_text(content, c, perk)}"])


def price(content: CampaignContent, campaign: Campaign, item: str) -> int:
    """GH-SHOP-01 / GH-REP-04: the card's cost plus the reputation modifier (published
    table, :func:`tables.price_modifier`), never below 0."""
    return max(0, content.items[item].cost + tables.price_modifier(campaign.reputation))


def buy(content: CampaignContent, campaign: Campaign, key: str, item: str) -> list[str]:
    """GH-SHOP-01/03/05/06: an item of the city's supply, at the reputation price, for a
    character that does not own one."""
    c = find_character(campaign, key)
    if item not in content.items:
        known = ", ".join(sorted(content.items)) or "none"
        raise CampaignError(f"unknown item {item!r} (the pack's: {known})")
    if item in c.items:
        raise CampaignError(f"{c.name} already owns {item} (GH-SHOP-03: no duplicates)")
    if campaign.supply.get(item, 0) <= 0:
        raise CampaignError(
            f"{content.items[item].name} is not in the city's supply"
            + (" (every copy is owned)" if item in campaign.supply else " yet (GH-SHOP-05)")
        )
    cost = price(content, campaign, item)
    if c.gold < cost:
        raise CampaignError(f"{c.name} has {c.gold} gold; {item} costs {cost} (GH-SHOP-01)")
    lines = enter_town(campaign)
    c.gold -= cost
    c.items.append(item)
    campaign.supply[item] -= 1
    lines.append(f"{c.name} buys {content.items[item].name} for {cost} gold")
    return note(campaign, lines)


def sell(content: CampaignContent, campaign: Campaign, key: str, item: str) -> list[str]:
    """GH-SHOP-02: half the card's cost, rounded down; the item returns to the supply."""
    c = find_character(campaign, key)
    if item not in c.items:
        raise CampaignError(
            f"{c.name} does not own {item!r} (owns: {', '.join(c.items) or 'none'})"
        )
    gain = content.items[item].cost // 2 if item in content.items else 0
    lines = enter_town(campaign)
    c.items.remove(item)
    c.gold += gain
    campaign.supply[item] = campaign.supply.get(item, 0) + 1
    lines.append(f"{c.name} sells {item} for {gain} gold")
    return note(campaign, lines)


def donate(campaign: Campaign, key: str) -> list[str]:
    """GH-DONATE-01: once per town visit, 10 gold for two bless cards next scenario."""
    c = find_character(campaign, key)
    if campaign.location == IN_TOWN and c.donated_visit == campaign.visit:
        raise CampaignError(f"{c.name} has donated in this visit already (GH-DONATE-01)")
    if c.gold < tables.DONATION:
        raise CampaignError(f"{c.name} has {c.gold} gold; a donation is {tables.DONATION}")
    lines = enter_town(campaign)
    c.gold -= tables.DONATION
    c.donated_visit = campaign.visit
    c.blesses = tables.DONATION_BLESSES
    lines.append(f"{c.name} donates {tables.DONATION} gold: two blesses for the next scenario")
    return note(campaign, lines)


def quest_met(content: CampaignContent, c: Character) -> bool:
    quest = content.quests.get(c.personal_quest)
    if quest is None:
        return False
    progress = c.quest_progress + [0] * (len(quest.requirements) - len(c.quest_progress))
    return all(got >= need for got, (_t, need) in zip(progress, quest.requirements, strict=False))


def count_quests(
    content: CampaignContent,
    campaign: Campaign,
    scenario: str,
    won: bool,
    counts: Mapping[str, Mapping[str, int]],
) -> list[str]:
    """GH-PQ-02: the boxes a played scenario ticks on each character's personal quest, for
    the requirements the engine counts (``counter`` or ``scenario`` in the quest's data):
    ``counts`` is each character's counters from the game's events (by class id, as
    ``battle_goals.counters`` gives them, plus ``rooms-revealed`` and ``scenarios-won``).
    Campaign and casual mode alike (GH-CAMP-05: casual play still advances personal
    quests). The others stay the players' to tick (the ``quest`` action)."""
    lines = []
    for c in campaign.active():
        quest = content.quests.get(c.personal_quest)
        if quest is None or c.class_id not in counts:
            continue
        while len(c.quest_progress) < len(quest.requirements):
            c.quest_progress.append(0)
        mine = counts[c.class_id]
        for i, ((text, need), (how, what)) in enumerate(
            zip(quest.requirements, quest.counted, strict=False)
        ):
            if how == "counter":
                got = int(mine.get(what, 0))
            elif how == "scenario":
                got = need if won and what == scenario else 0
            else:
                continue
            before = c.quest_progress[i]
            c.quest_progress[i] = min(need, before + got)
            if c.quest_progress[i] > before:
                lines.append(
                    f"{c.name}: {text} {c.quest_progress[i]}/{need} (personal quest, GH-PQ-02)"
                )
        if quest_met(content, c):
            lines.append(f"{c.name} has met their personal quest: retire in town (GH-RETIRE-01)")
    return lines


def tick_quest(
    content: CampaignContent, campaign: Campaign, key: str, requirement: int, boxes: int
) -> list[str]:
    """GH-PQ-02: tick boxes of a personal quest requirement (the engine cannot count most
    requirements from a game's events, so the players tick them)."""
    c = find_character(campaign, key)
    quest = content.quests.get(c.personal_quest)
    if quest is None:
        raise CampaignError(f"{c.name} has no personal quest")
    if not 1 <= requirement <= len(quest.requirements):
        raise CampaignError(
            f"{quest.name} has requirements 1 to {len(quest.requirements)}: "
            + "; ".join(f"{i + 1}. {t} (x{n})" for i, (t, n) in enumerate(quest.requirements))
        )
    while len(c.quest_progress) < len(quest.requirements):
        c.quest_progress.append(0)
    need = quest.requirements[requirement - 1][1]
    c.quest_progress[requirement - 1] = max(0, min(need, c.quest_progress[requirement - 1] + boxes))
    lines = [
        f"{c.name}: {quest.requirements[requirement - 1][0]} "
        f"{c.quest_progress[requirement - 1]}/{need}"
    ]
    if quest_met(content, c):
        lines.append(f"{c.name} has met {quest.name} and must retire in town (GH-RETIRE-01)")
    return note(campaign, lines)


def swap_quest(content: CampaignContent, campaign: Campaign, key: str) -> list[str]:
    """GH-PQ-01: keep the other personal quest dealt instead (before the character's first
    scenario); the one given up goes under the deck, as the other did."""
    c = find_character(campaign, key)
    if not c.quest_offered:
        raise CampaignError(
            f"{c.name} has no other personal quest to keep: the choice is made before the "
            "character's first scenario (GH-PQ-01)"
        )
    taken = [o.name for o in campaign.characters if c.quest_offered == o.personal_quest]
    if taken or c.quest_offered not in campaign.quest_deck:
        raise CampaignError(
            f"{c.name} cannot keep {content.quests[c.quest_offered].name}: "
            + (f"{taken[0]} holds it now" if taken else "it is no longer in the deck")
        )
    campaign.quest_deck.remove(c.quest_offered)
    campaign.quest_deck.append(c.personal_quest)
    c.personal_quest, c.quest_offered = c.quest_offered, c.personal_quest
    c.quest_progress = [0] * len(content.quests[c.personal_quest].requirements)
    return note(campaign, [f"{c.name} keeps {content.quests[c.personal_quest].name} instead"])


def retire(content: CampaignContent, campaign: Campaign, key: str) -> list[str]:
    """GH-RETIRE-01..03/06/07, GH-PQ-03: a character whose personal quest is met retires
    in town: items back to the supply, the rest lost, +1 prosperity, the quest card out
    of the game, its reward class unlocked with its events (GH-ENV-02, GH-RETIRE-08), its
    envelope opened (GH-RETIRE-04; :mod:`.envelopes`), and the class's retirement events
    added the first time it retires (GH-RETIRE-07). The first retirement of the campaign
    opens the town records book (GH-TOWN-01)."""
    c = find_character(campaign, key)
    quest = content.quests.get(c.personal_quest)
    if quest is not None and not quest_met(content, c):
        raise CampaignError(
            f"{c.name} has not met {quest.name} yet (GH-RETIRE-01): "
            + "; ".join(
                f"{t} {got}/{n}"
                for (t, n), got in zip(quest.requirements, c.quest_progress, strict=False)
            )
        )
    lines = enter_town(campaign)
    first = not any(o.retired and o.class_id == c.class_id for o in campaign.characters)
    if not campaign.town_records_open():
        # GH-TOWN-01: the first retirement opens the town records book (its story is the
        # players' to read; the campaign notes when it opens)
        lines.append("the town records book is opened (GH-TOWN-01)")
    for item in c.items:
        campaign.supply[item] = campaign.supply.get(item, 0) + 1
    c.retired = True
    lines.append(
        f"{c.name} retires (GH-RETIRE-02): items back to the city's supply"
        + (f", {quest.name} fulfilled" if quest else "")
    )
    lines += change_prosperity(content, campaign, 1)  # GH-RETIRE-03
    added: list[str] = []
    if first:
        added += content.classes[c.class_id].character_class.events_on_retire  # GH-RETIRE-07
    unlocks = quest.personal_quest.reward_class if quest is not None else None
    if unlocks and unlocks not in campaign.classes and unlocks in content.classes:
        campaign.classes.append(unlocks)
        lines.append(f"class unlocked: {content.classes[unlocks].name} (GH-ENV-02)")
        added += content.classes[unlocks].character_class.events_on_unlock  # GH-RETIRE-08
    elif unlocks and unlocks in campaign.classes:
        from questforge.engine.gloomhaven.campaign.random_decks import envelope_open_already

        lines += envelope_open_already(content, campaign)  # GH-RETIRE-05
    letter = quest.personal_quest.reward_envelope if quest is not None else None
    # a quest naming both a class and a letter gets one GH-RETIRE-05 draw at most
    if letter and not (unlocks and letter in campaign.envelopes):
        from questforge.engine.gloomhaven.campaign.envelopes import quest_envelope

        lines += quest_envelope(content, campaign, letter)  # GH-RETIRE-04/05
    if quest is not None and quest.personal_quest.reward_text:
        lines.append(quest.personal_quest.reward_text)
    if added:
        from questforge.engine.gloomhaven.campaign.events import add_events

        lines += add_events(content, campaign, added)
    return note(campaign, lines)
