"""Gloomhaven's campaign face (the ruleset contract's ``campaign_face``): what
``questforge campaign`` asks of a Gloomhaven campaign. See
:class:`questforge.engine.core.campaign.CampaignFace`.

A scenario is played through the game face with the party as its sheets stand: the
classes, each character's level (the scenario level recommended for them, GH-LEVEL-03),
a hand from the card pool (GH-HAND-01), the items that fit the equipment limits
(GH-REF-04) and the marked perks (GH-LVL-04); battle goals are dealt by the game
(GH-BG-01). The finished game is read back into the sheets (:func:`rules.apply_result`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from questforge.engine.core.campaign import (
    CampaignAction,
    CampaignError,
    CampaignTable,
    Chooser,
    ScenarioPlan,
)
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import PlayableGame, SetupOption
from questforge.engine.core.targets import bundled_packs
from questforge.engine.gloomhaven.campaign import (
    enhance,
    event_bot,
    events,
    random_decks,
    rules,
    storage,
    tables,
)
from questforge.engine.gloomhaven.campaign.content import CampaignContent, campaign_content
from questforge.engine.gloomhaven.campaign.state import IN_TOWN, Campaign, Character
from questforge.engine.gloomhaven.enhancements import Enhancement


def _quest_counts(game: Any, won: bool) -> dict[str, dict[str, int]]:
    """Each character's counters in a finished game, for personal quests (GH-PQ-02): the
    battle goals' counters read from the game's events (the same a referee recounts from
    the log), the rooms the character revealed and the scenario won."""
    from questforge.engine.gloomhaven.game import battle_goals

    characters = tuple(game.setup.characters)
    counts = battle_goals.counters(game.events, game.content, characters)
    for cid, mine in counts.items():
        mine["rooms-revealed"] = sum(
            1 for e in game.events if e.type == "room_revealed" and e.get("by") == cid
        )
        mine["scenarios-won"] = 1 if won else 0
    for cid, ch in game.state.characters.items():
        if cid in counts:
            counts[cid]["cards-lost"] = len(ch.lost)
    return counts


def _character_option() -> SetupOption:
    return SetupOption(
        "character", "character", "text", "", "The character: its name or its class."
    )


ACTIONS: tuple[CampaignAction, ...] = (
    CampaignAction(
        "level-up",
        "Gain one level in town once the XP reaches it (GH-LVL-01, GH-REF-03: 45, 95, 150, "
        "210, 275, 345, 420, 500); add a card of the new level or lower (GH-LVL-02) and mark "
        "a perk (GH-LVL-03), now or later with the card and perk actions.",
        (
            _character_option(),
            SetupOption("card", "card", "text", "", "The ability card to add to the pool."),
            SetupOption("perk", "perk", "int", 0, "The perk to mark (1 = the first).", 0, 99),
        ),
    ),
    CampaignAction(
        "perk",
        "Mark a perk earned by a level or by 3 checkmarks (GH-PERK-02, at most 6 from "
        "checkmarks, GH-PERK-03).",
        (
            _character_option(),
            SetupOption("perk", "perk", "int", 0, "The perk to mark (1 = the first).", 0, 99),
        ),
    ),
    CampaignAction(
        "card",
        "Add the card of a level gained to the pool (GH-LVL-02).",
        (_character_option(), SetupOption("card", "card", "text", "", "The card's id.")),
    ),
    CampaignAction(
        "buy",
        "Buy an item of the city's supply at its cost adjusted for reputation (GH-SHOP-01, "
        "GH-REP-04: the published table, -1 gold per 4 reputation above 2 ... +5 at -19).",
        (_character_option(), SetupOption("item", "item", "text", "", "The item's id.")),
    ),
    CampaignAction(
        "sell",
        "Sell an item for half its cost, rounded down (GH-SHOP-02).",
        (_character_option(), SetupOption("item", "item", "text", "", "The item's id.")),
    ),
    CampaignAction(
        "donate",
        "Donate 10 gold to the sanctuary, once per visit: two blesses for the next scenario "
        "(GH-DONATE-01).",
        (_character_option(),),
    ),
    CampaignAction(
        "event",
        "Read the top city (or road) event; with --option A or B, resolve it (GH-EVT, GH-ROAD).",
        (
            SetupOption("deck", "deck", "choice", "city", "city or road.", choices=events.DECKS),
            SetupOption("option", "option", "choice", "", "A or B.", choices=("A", "B")),
        ),
    ),
    CampaignAction(
        "quest",
        "Tick boxes of a personal quest requirement (GH-PQ-02).",
        (
            _character_option(),
            SetupOption(
                "requirement", "requirement", "int", 1, "Which requirement (1 = first).", 1, 20
            ),
            SetupOption("boxes", "boxes", "int", 1, "Boxes to tick (negative: untick).", -99, 99),
        ),
    ),
    CampaignAction(
        "swap-quest",
        "Keep the other personal quest dealt instead, before the character's first scenario "
        "(GH-PQ-01).",
        (_character_option(),),
    ),
    CampaignAction(
        "retire",
        "Retire a character whose personal quest is met (GH-RETIRE-01..03, GH-PQ-03).",
        (_character_option(),),
    ),
    CampaignAction(
        "new-character",
        "Create a character (GH-NEWCH-03..06): level up to the prosperity level, "
        "15 x (L+1) gold, two personal quests dealt and one kept.",
        (
            SetupOption("class", "class", "text", "", "The character class."),
            SetupOption("name", "name", "text", "", "The name (default: the class's)."),
            SetupOption("level", "level", "int", 1, "Starting level.", 1, 9),
        ),
    ),
    CampaignAction(
        "enhance",
        "Put an enhancement sticker on a card of the character's pool, once the global "
        f"achievement {enhance.ACHIEVEMENT!r} is gained (GH-ENH-01): on a printed slot "
        "that takes its kind (GH-ENH-03), for gold (GH-ENH-02, published cost table), at most "
        "the prosperity level in enhanced cards (GH-ENH-07); permanent, for the class "
        "(GH-ENH-08).",
        (
            _character_option(),
            SetupOption("card", "card", "text", "", "The ability card's id."),
            SetupOption(
                "half", "half", "choice", "top", "top or bottom.", choices=("top", "bottom")
            ),
            SetupOption("line", "line", "int", 0, "The ability line (0 = the first).", 0, 29),
            SetupOption(
                "sticker",
                "sticker",
                "text",
                "",
                "What to add: a +1 (move, attack, range, shield, push, pull, pierce, "
                "retaliate, heal, target, summon-health, summon-move, summon-attack, "
                "summon-range), a condition (poison, wound, muddle, immobilize, disarm, curse, "
                "strengthen, bless), jump, an element (fire ... dark, any) or attack-hex.",
            ),
            SetupOption("hex", "hex", "text", "", "For attack-hex: the new hex, Q,R."),
        ),
    ),
    CampaignAction("return", "Return to Gloomhaven (GH-CITY-01, GH-TRAVEL-01).", ()),
)


def _text(options: Mapping[str, JSONValue], name: str, action: str) -> str:
    value = str(options.get(name) or "").strip()
    if not value:
        raise CampaignError(f"{action} needs --{name}")
    return value


def _int(options: Mapping[str, JSONValue], name: str, default: int = 0) -> int:
    value = options.get(name, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def equipped(content: CampaignContent, c: Character) -> list[str]:
    """The owned items the character takes along: in the order bought, as long as they fit
    GH-REF-04 (one head, body, legs; two hands' worth; small items up to ceil(L / 2))."""
    limits = {"head": 1, "body": 1, "legs": 1, "small": math.ceil(c.level / 2)}
    used: dict[str, int] = {}
    hands = 0
    out = []
    for item in c.items:
        info = content.items.get(item)
        if info is None:
            continue
        if info.slot in ("one-hand", "two-hands"):
            need = 1 if info.slot == "one-hand" else 2
            if hands + need > 2:
                continue
            hands += need
        elif info.slot in limits:
            if used.get(info.slot, 0) >= limits[info.slot]:
                continue
            used[info.slot] = used.get(info.slot, 0) + 1
        out.append(item)
    return out


def hand(content: CampaignContent, c: Character) -> list[str]:
    """GH-HAND-01..03: the hand limit's worth of the pool: cards gained by levelling
    first (highest level first), then level-1 cards, then X cards."""
    info = content.classes[c.class_id]
    x = set(info.x_cards)
    ranked = sorted(
        (card for card in c.pool if card in info.card_levels),
        key=lambda card: (-info.card_levels[card] if card not in x else 1, card in x),
    )
    return ranked[: info.hand_size]


class GloomhavenCampaign:
    """The campaign face of the Gloomhaven ruleset (one instance: :data:`FACE`)."""

    ruleset = "gloomhaven"
    schema = storage.SCHEMA

    # ------------------------------------------------------------------ files
    def new_options(self) -> tuple[SetupOption, ...]:
        return ()

    def new(
        self,
        pack_root: Path,
        party: str,
        characters: Sequence[str],
        seed: int,
        options: Mapping[str, JSONValue],
    ) -> Campaign:
        content = campaign_content(pack_root)
        return rules.new_campaign(content, str(pack_root.absolute()), party, characters, seed)

    def load(self, path: Path) -> Campaign:
        return storage.load(path)

    def save(self, state: Any, path: Path) -> None:
        storage.save(_campaign(state), path)

    def pack_root(self, campaign: Campaign) -> Path:
        """The pack folder: as recorded, else the bundled pack of the recorded id."""
        path = Path(campaign.pack_path)
        if (path / "pack.json").is_file():
            return path
        for pack in bundled_packs():
            if pack.name == campaign.pack_id:
                return pack
        raise CampaignError(
            f"the campaign's pack {campaign.pack_id!r} is not at {path} and is not bundled"
        )

    def content(self, campaign: Campaign) -> CampaignContent:
        return campaign_content(self.pack_root(campaign))

    # ------------------------------------------------------------------ status
    def status(self, state: Any) -> list[CampaignTable]:
        c = _campaign(state)
        content = self.content(c)
        level = c.prosperity_level()
        party = CampaignTable(
            f"Party {c.party}",
            ("", ""),
            (
                ("location", "Gloomhaven" if c.location == IN_TOWN else c.location),
                (
                    "reputation",
                    f"{c.reputation:+d} (shop prices {tables.price_modifier(c.reputation):+d})",
                ),
                ("prosperity", f"{c.prosperity} (level {level})"),
                ("party achievements", ", ".join(c.party_achievements) or "-"),
                ("global achievements", ", ".join(c.global_achievements) or "-"),
                # GH-BOARD-03: where each open scenario is on the map (its ``location``)
                ("unlocked", ", ".join(_on_map(content, s) for s in c.unlocked) or "-"),
                ("completed", ", ".join(c.completed) or "-"),
                ("classes for new characters", ", ".join(c.classes)),
                ("envelopes opened", ", ".join(c.envelopes) or "-"),  # GH-ENV-01
                ("town records", "open" if c.town_records_open() else "sealed"),  # GH-TOWN-01
                ("events left", f"city {len(c.city_events)}, road {len(c.road_events)}"),
                (
                    "enhancements",
                    "; ".join(f"{k}: {len(v)}" for k, v in sorted(c.enhancements.items()) if v)
                    or "-",
                ),
            ),
        )
        rows = []
        for ch in c.characters:
            nxt = f"/{tables.XP_FOR_LEVEL[ch.level]}" if ch.level < tables.MAX_LEVEL else ""
            quest = content.quests.get(ch.personal_quest)
            owed = []
            if ch.perks_owed():
                owed.append(f"{ch.perks_owed()} perk(s)")
            if ch.class_id in content.classes and rules.cards_owed(content, ch):
                owed.append(f"{rules.cards_owed(content, ch)} card(s)")
            if tables.level_for_xp(ch.xp) > ch.level:
                owed.append("level up")
            rows.append(
                (
                    ch.name + (" (retired)" if ch.retired else ""),
                    ch.class_id,
                    str(ch.level),
                    f"{ch.xp}{nxt}",
                    str(ch.gold),
                    ", ".join(ch.items) or "-",
                    f"{ch.checkmarks} ({ch.checkmarks % 3}/3 to a perk)"
                    if ch.checkmark_perks() < tables.MAX_CHECKMARK_PERKS
                    else f"{ch.checkmarks} (6 perks: no more)",
                    ",".join(str(p) for p in ch.perks) or "-",
                    str(len(ch.pool)),
                    (
                        f"{quest.name} "
                        + " ".join(
                            f"{got}/{n}"
                            for (_t, n), got in zip(
                                quest.requirements, ch.quest_progress, strict=False
                            )
                        )
                    )
                    if quest
                    else "-",
                    ", ".join(owed) or "-",
                )
            )
        fields = (
            "class",
            "level",
            "XP",
            "gold",
            "items",
            "checkmarks",
            "perks",
            "cards",
            "personal quest",
            "to do in town",
        )
        # one column per character: the sheets stay readable in an 80-column terminal
        sheets = CampaignTable(
            "Characters",
            ("", *(row[0] for row in rows)),
            tuple((f, *(row[i + 1] for row in rows)) for i, f in enumerate(fields)),
        )
        return [party, sheets]

    def history(self, state: Any) -> list[str]:
        return list(_campaign(state).history)

    # ------------------------------------------------------------------ scenarios
    def plan(self, state: Any, scenario: str, casual: bool) -> ScenarioPlan:
        c = _campaign(state)
        content = self.content(c)
        rules.check_playable(content, c, scenario, casual)
        party = c.active()
        if not 2 <= len(party) <= 4:
            raise CampaignError(
                f"a scenario is played by 2 to 4 characters (GH-CHAR-02); the party has "
                f"{len(party)}: create characters with the new-character action"
            )
        for ch in party:
            if ch.class_id not in content.classes:
                raise CampaignError(
                    f"{ch.name}'s class {ch.class_id!r} is not in the pack {c.pack_id!r} any more"
                )
        notes = []
        items = {}
        for ch in party:
            taken = equipped(content, ch)
            items[ch.class_id] = taken
            left = [i for i in ch.items if i not in taken]
            if left:
                notes.append(f"{ch.name} leaves {', '.join(left)} at home (GH-REF-04 limits)")
            if ch.perks_owed() or rules.cards_owed(content, ch):
                notes.append(f"{ch.name} has perks or cards to choose in town (not chosen yet)")
            if ch.blesses or ch.start_damage or ch.start_conditions:
                notes.append(
                    f"{ch.name} starts with "
                    + ", ".join(
                        [
                            *([f"{ch.blesses} bless(es)"] if ch.blesses else []),
                            *([f"{ch.start_damage} damage"] if ch.start_damage else []),
                            *ch.start_conditions,
                        ]
                    )
                )
        road = rules.road_event_needed(content, c, scenario)
        if road:
            notes.append("travel: a road event first (GH-TRAVEL-02/03)")
        setup: dict[str, JSONValue] = {
            "players": len(party),
            "classes": ",".join(ch.class_id for ch in party),
            "character-levels": ",".join(str(ch.level) for ch in party),
            "recommended-level": True,  # GH-LEVEL-03
            "hands": ";".join(f"{ch.class_id}={','.join(hand(content, ch))}" for ch in party),
            "items": ";".join(f"{k}={','.join(v)}" for k, v in items.items() if v),
            "perks": ";".join(
                f"{ch.class_id}={','.join(str(p) for p in ch.perks)}" for ch in party if ch.perks
            ),
            # GH-EVT-02 / GH-DONATE-01: what the sheets carry into the scenario
            "start-damage": ";".join(
                f"{ch.class_id}={ch.start_damage}" for ch in party if ch.start_damage
            ),
            # GH-ENH-03/08: the class's stickers change its cards in the game
            "enhancements": enhance.setup_text(c, party),
            "start-conditions": ";".join(
                f"{ch.class_id}={','.join(['bless'] * ch.blesses + ch.start_conditions)}"
                for ch in party
                if ch.blesses or ch.start_conditions
            ),
            # GH-TREAS-04: treasures looted in earlier plays are not set out again
            "looted-treasures": ",".join(c.looted_treasures),
        }
        return ScenarioPlan(
            self.pack_root(c), scenario, setup, casual, tuple(notes), {"road_event": road}
        )

    def before_scenario(self, state: Any, plan: ScenarioPlan, choose: Chooser | None) -> list[str]:
        c = _campaign(state)
        if not plan.extra.get("road_event") or not c.road_events:
            return []
        content = self.content(c)
        _event, lines = events.front(content, c, "road")
        event = content.events[c.road_events[0]]
        if choose is None:  # the bots: the option whose known outcome is best
            label = event.options[event_bot.best_option(content, c, "road")].label
            return events.resolve(content, c, "road", label)
        labels = [f"{o.label}: {o.text}" for o in event.options]
        picked = choose("\n".join(lines[:1]) + "\nthe party chooses (GH-EVT-03)", labels)
        resolved = events.resolve(content, c, "road", event.options[picked].label)
        return resolved[len(lines) :]  # the front was shown with the choice

    def after_scenario(
        self, state: Any, plan: ScenarioPlan, game: PlayableGame, seed: int
    ) -> list[str]:
        c = _campaign(state)
        content = self.content(c)
        inner = getattr(game, "game", None)
        result = getattr(inner, "result", None)
        if result is None:
            return rules.note(
                c, [f"{plan.scenario}: left before its end (seed {seed}); the sheets are unchanged"]
            )
        results = [(r.id, r.xp, r.gold, r.checkmarks, r.items) for r in result.characters]
        looted = [t for r in result.characters for t in r.treasures]
        rules.record_treasures(c, looted)
        outcome = "lost" if result.outcome == "unfinished" else result.outcome
        lines = rules.apply_result(content, c, plan.scenario, plan.casual, outcome, results)
        # GH-TREAS-03/05: designs and random draws of the treasures looted, in both modes
        spec: Mapping[str, Any] = getattr(getattr(inner, "content", None), "treasures", {})
        kinds = [(spec[n].type, spec[n].item) for n in looted if n in spec]
        lines += rules.note(c, random_decks.treasure_rewards(content, c, kinds))
        counts = _quest_counts(inner, outcome == "won")
        return lines + rules.note(
            c, rules.count_quests(content, c, plan.scenario, outcome == "won", counts)
        )

    def game_seed(self, state: Any) -> int:
        return rules.rng(_campaign(state), "scenario").randbelow(1_000_000)

    # ------------------------------------------------------------------ town
    def actions(self) -> tuple[CampaignAction, ...]:
        return ACTIONS

    def act(self, state: Any, action: str, options: Mapping[str, JSONValue]) -> list[str]:
        c = _campaign(state)
        content = self.content(c)
        if action == "level-up":
            return rules.level_up(
                content,
                c,
                _text(options, "character", action),
                str(options.get("card") or ""),
                _int(options, "perk"),
            )
        if action == "perk":
            perk = _int(options, "perk")
            if not perk:
                raise CampaignError("perk needs --perk N (1 = the class's first perk)")
            return rules.mark_perk(content, c, _text(options, "character", action), perk)
        if action == "card":
            return rules.add_card(
                content, c, _text(options, "character", action), _text(options, "card", action)
            )
        if action == "buy":
            return rules.buy(
                content, c, _text(options, "character", action), _text(options, "item", action)
            )
        if action == "sell":
            return rules.sell(
                content, c, _text(options, "character", action), _text(options, "item", action)
            )
        if action == "donate":
            return rules.donate(c, _text(options, "character", action))
        if action == "event":
            deck = str(options.get("deck") or "city")
            option = str(options.get("option") or "")
            if not option:
                _event, lines = events.front(content, c, deck)
                return [*lines, "choose with --option A or --option B (GH-EVT-03)"]
            lines = []
            if deck == "city":
                lines = rules.enter_town(c)
                if c.city_event_visit == c.visit:
                    raise CampaignError(
                        "the party has resolved a city event in this visit already (GH-CITY-01)"
                    )
                c.city_event_visit = c.visit
            rules.note(c, lines)
            return [*lines, *events.resolve(content, c, deck, option)]
        if action == "quest":
            return rules.tick_quest(
                content,
                c,
                _text(options, "character", action),
                _int(options, "requirement", 1),
                _int(options, "boxes", 1),
            )
        if action == "swap-quest":
            return rules.swap_quest(content, c, _text(options, "character", action))
        if action == "retire":
            return rules.retire(content, c, _text(options, "character", action))
        if action == "new-character":
            lines = rules.enter_town(c)
            rules.note(c, lines)
            return [
                *lines,
                *rules.new_character(
                    content,
                    c,
                    _text(options, "class", action),
                    str(options.get("name") or ""),
                    _int(options, "level", 1),
                ),
            ]
        if action == "enhance":
            return enhance.enhance(
                content.ability_cards,
                c,
                _text(options, "character", action),
                _sticker(options),
            )
        if action == "return":
            return rules.note(c, rules.enter_town(c)) or ["the party is in Gloomhaven already"]
        known = ", ".join(a.name for a in ACTIONS)
        raise CampaignError(f"unknown action {action!r} (actions: {known})")

    def auto_town(self, state: Any) -> list[str]:
        """A bot's town visit: retire who must, fill the party up to two characters with
        new ones, level up whenever possible (the first card and perk offered), mark perks
        earned, and buy the cheapest affordable item of the supply the character lacks
        and can take along; then, once the party may enhance (GH-ENH-01), one enhancement
        with the gold left: an attack +1, the cheapest it can pay (:func:`enhance.
        bot_choice`)."""
        c = _campaign(state)
        content = self.content(c)
        lines = rules.note(c, rules.enter_town(c))
        for ch in list(c.active()):
            if ch.personal_quest and rules.quest_met(content, ch):
                lines += rules.retire(content, c, ch.name)
        # GH-NEWCH-01: a party short of two characters takes on new ones, at the
        # prosperity level (GH-NEWCH-04), of the first classes it does not have
        for class_id in c.classes:
            if len(c.active()) >= 2:
                break
            if any(x.class_id == class_id for x in c.active()):
                continue
            name = content.classes[class_id].name
            taken = {x.name for x in c.characters}
            name = (
                next(f"{name} {i}" for i in range(2, 999) if f"{name} {i}" not in taken)
                if name in taken
                else name
            )
            lines += rules.new_character(content, c, class_id, name, c.prosperity_level())
        for ch in list(c.active()):
            while ch.level < tables.MAX_LEVEL and ch.xp >= tables.XP_FOR_LEVEL[ch.level]:
                cards = rules.card_choices(content, ch, ch.level + 1)
                perks = rules.perk_choices(content, ch)
                lines += rules.level_up(
                    content, c, ch.name, cards[0] if cards else "", perks[0] if perks else 0
                )
            while ch.perks_owed() and rules.perk_choices(content, ch):
                lines += rules.mark_perk(content, c, ch.name, rules.perk_choices(content, ch)[0])
            while rules.cards_owed(content, ch):
                lines += rules.add_card(
                    content, c, ch.name, rules.card_choices(content, ch, ch.level)[0]
                )
            affordable = sorted(
                (rules.price(content, c, i), i)
                for i, n in c.supply.items()
                if n > 0 and i in content.items and i not in ch.items
            )
            for cost, item in affordable:
                if cost <= ch.gold and item in equipped(content, _with_item(ch, item)):
                    lines += rules.buy(content, c, ch.name, item)
                    break
            # GH-ENH-01/02: gold left after shopping buys one enhancement a visit
            choice = enhance.bot_choice(content.ability_cards, c, ch)
            if choice is not None:
                lines += enhance.enhance(content.ability_cards, c, ch.name, choice[0])
        return lines

    def summary_row(self, state: Any) -> dict[str, JSONValue]:
        c = _campaign(state)
        party = c.active()
        return {
            "levels": ",".join(str(ch.level) for ch in party),
            "xp": ",".join(str(ch.xp) for ch in party),
            "gold": sum(ch.gold for ch in party),
            "items": sum(len(ch.items) for ch in party),
            "perks": sum(len(ch.perks) for ch in party),
            "rep": c.reputation,
            "prosp": c.prosperity,
        }


def _sticker(options: Mapping[str, JSONValue]) -> Enhancement:
    """The ``enhance`` options as one sticker (a clear error for a malformed one)."""
    card = _text(options, "card", "enhance")
    sticker = _text(options, "sticker", "enhance")
    hex_text = str(options.get("hex") or "").strip()
    tail = ":" + ":".join(p.strip() for p in hex_text.split(",")) if hex_text else ""
    text = f"{card}:{options.get('half') or 'top'}:{_int(options, 'line')}:{sticker}{tail}"
    try:
        return Enhancement.parse(text)
    except ValueError as exc:
        raise CampaignError(f"enhance: {exc}") from None


def _on_map(content: CampaignContent, scenario: str) -> str:
    """A scenario with its place on the map (GH-BOARD-03), when the pack gives one."""
    info = content.scenarios.get(scenario)
    return f"{scenario} ({info.location})" if info is not None and info.location else scenario


def _with_item(c: Character, item: str) -> Character:
    from dataclasses import replace

    return replace(c, items=[*c.items, item])


def _campaign(state: Any) -> Campaign:
    if not isinstance(state, Campaign):
        raise TypeError(f"not a Gloomhaven campaign: {type(state).__name__}")
    return state


FACE = GloomhavenCampaign()
