"""Enhancing ability cards in a campaign (GH-ENH): the costs, the town action's refusals,
stickers kept per class, and enhanced cards in play."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from questforge.cli import cli
from questforge.engine.core.campaign import CampaignError
from questforge.engine.core.decisions import FirstOptionController
from questforge.engine.core.game import SetupError
from questforge.engine.gloomhaven.campaign import enhance, rules, tables
from questforge.engine.gloomhaven.campaign.content import campaign_content
from questforge.engine.gloomhaven.campaign.face import FACE
from questforge.engine.gloomhaven.campaign.state import Campaign
from questforge.engine.gloomhaven.enhancements import Enhancement, cost
from questforge.engine.gloomhaven.game.builders import content, disc, new_game, scenario
from questforge.engine.gloomhaven.game.enhanced import enhance_ability, enhanced_content
from questforge.engine.gloomhaven.game.spec import Ability, AreaPattern

FLASH = "lampwright-flashpoint"  # top: attack 4, range 2, a 3-hex area; bottom: move 3


def e(text: str) -> Enhancement:
    return Enhancement.parse(text)


@pytest.fixture
def camp(sample_pack: Path) -> Campaign:
    c = FACE.new(sample_pack, "Crew", ["lampwright:Lux", "shaftbreaker:Bram"], 5, {})
    c.global_achievements.append(enhance.ACHIEVEMENT)
    c.characters[0].gold = 1000
    return c


def cards(sample_pack: Path):  # type: ignore[no-untyped-def]
    return campaign_content(sample_pack).ability_cards


# ------------------------------------------------------------------------------ costs


def test_the_seed_s_example_costs_150_then_191(sample_pack: Path) -> None:
    # GH-ENH-09: +1 attack on a level-3 card's area attack: 50, doubled for several
    # targets (GH-ENH-04), +50 for level 3 (GH-ENH-05) = 150; then an attack hex on the
    # same action: 200 / 3 hexes = 66 (GH-ENH-06), +50 level, +75 for one earlier = 191
    card = dataclasses.replace(cards(sample_pack)[FLASH], level=3)
    first = e(f"{FLASH}:top:0:attack")
    assert enhance.price(card, first, []) == 150
    assert enhance.price(card, e(f"{FLASH}:top:0:attack-hex:1:-1"), [first]) == 191


def test_the_seed_s_only_figures_hold_in_the_published_table(sample_pack: Path) -> None:
    # GH-ENH-10: +1 attack 50 on a single target at level 1; a level-3 surcharge of 50;
    # one earlier enhancement on the action 75
    line = cards(sample_pack)["lampwright-soot-veil"].top.abilities[0]
    assert line.type == "attack" and line.targets == 1 and line.aoe is None
    assert cost(line, "attack", 1, 0) == 50
    assert cost(line, "attack", 3, 0) - cost(line, "attack", 1, 0) == 50
    assert cost(line, "attack", 1, 1) - cost(line, "attack", 1, 0) == 75


def test_several_targets_double_the_base_cost_but_not_an_attack_hex(sample_pack: Path) -> None:
    # GH-ENH-04: "Attack 2, target 3" doubles; the attack hex of an area is never doubled
    wildfire = cards(sample_pack)["lampwright-wildfire"].top.abilities[0]
    assert wildfire.targets == 3
    assert cost(wildfire, "attack", 1, 0) == 100 and cost(wildfire, "poison", 1, 0) == 150
    area = cards(sample_pack)[FLASH].top.abilities[0]
    assert cost(area, "attack-hex", 1, 0) == 66  # GH-ENH-06: 200 / 3, rounded down


def test_costs_rise_with_card_level_and_earlier_enhancements(sample_pack: Path) -> None:
    # GH-ENH-05 (published: +25 per level above 1, +75 per earlier enhancement)
    move = cards(sample_pack)[FLASH].bottom.abilities[0]
    assert [cost(move, "move", level, 0) for level in (1, 2, 5)] == [30, 55, 130]
    assert [cost(move, "jump", 1, n) for n in (0, 1, 2)] == [50, 125, 200]


# ------------------------------------------------------------------------------ town action


def test_enhancing_needs_the_global_achievement(camp: Campaign, sample_pack: Path) -> None:
    # GH-ENH-01: not before "Enhance Power"; the sample pack's cinder forge grants it
    camp.global_achievements.clear()
    with pytest.raises(CampaignError, match="GH-ENH-01"):
        enhance.enhance(cards(sample_pack), camp, "Lux", e(f"{FLASH}:top:0:attack"))
    reward = campaign_content(sample_pack).scenarios["cinder-forge"].rewards
    assert reward is not None and enhance.ACHIEVEMENT in reward.global_achievements


def test_only_cards_of_the_character_s_pool(camp: Campaign, sample_pack: Path) -> None:
    # GH-ENH-01: a card in the character's available pool, of its class
    lux = camp.characters[0]
    lux.pool.remove(FLASH)
    with pytest.raises(CampaignError, match="not in Lux's card pool"):
        enhance.enhance(cards(sample_pack), camp, "Lux", e(f"{FLASH}:top:0:attack"))
    with pytest.raises(CampaignError, match="has no card"):
        enhance.enhance(cards(sample_pack), camp, "Lux", e("shaftbreaker-pick-swing:top:0:attack"))


def test_the_character_pays_the_cost(camp: Campaign, sample_pack: Path) -> None:
    # GH-ENH-02: the enhanced character pays; too little gold is refused, nothing changes
    lux = camp.characters[0]
    enhance.enhance(cards(sample_pack), camp, "Lux", e(f"{FLASH}:top:0:attack"))
    assert lux.gold == 1000 - 100
    lux.gold = 10
    with pytest.raises(CampaignError, match="GH-ENH-02"):
        enhance.enhance(cards(sample_pack), camp, "Lux", e(f"{FLASH}:bottom:0:jump"))
    assert lux.gold == 10 and camp.enhancements == {"lampwright": [f"{FLASH}:top:0:attack"]}


def test_a_sticker_goes_only_where_its_kind_fits(camp: Campaign, sample_pack: Path) -> None:
    # GH-ENH-03: jump on a move line only; a negative condition on a line targeting
    # enemies; an attack hex next to the area; and only on a printed slot still free
    c = cards(sample_pack)
    for text, why in (
        (f"{FLASH}:top:0:jump", "jump goes on a move line"),
        (f"{FLASH}:bottom:0:poison", "does not target enemies"),
        (f"{FLASH}:top:0:attack-hex:5:5", "does not touch the pattern"),
        (f"{FLASH}:top:1:fire", "not a main ability line"),
        ("lampwright-guiding-light:top:0:attack", "no value to raise"),
    ):
        with pytest.raises(CampaignError, match=why):
            enhance.enhance(c, camp, "Lux", e(text))
    enhance.enhance(c, camp, "Lux", e(f"{FLASH}:top:0:attack"))
    # the line's one plus1/condition/element dot is taken now
    with pytest.raises(CampaignError, match="all taken"):
        enhance.enhance(c, camp, "Lux", e(f"{FLASH}:top:0:poison"))
    enhance.enhance(c, camp, "Lux", e(f"{FLASH}:top:0:attack-hex:1:-1"))
    assert len(camp.enhancements["lampwright"]) == 2


def test_enhanced_cards_are_capped_by_the_prosperity_level(
    camp: Campaign, sample_pack: Path
) -> None:
    # GH-ENH-07: prosperity level 1: one enhanced card; more stickers on it are fine
    c = cards(sample_pack)
    enhance.enhance(c, camp, "Lux", e(f"{FLASH}:top:0:attack"))
    enhance.enhance(c, camp, "Lux", e(f"{FLASH}:bottom:0:jump"))
    with pytest.raises(CampaignError, match="GH-ENH-07"):
        enhance.enhance(c, camp, "Lux", e("lampwright-soot-veil:top:0:attack"))
    camp.prosperity = tables.PROSPERITY_FOR_LEVEL[1]  # level 2
    enhance.enhance(c, camp, "Lux", e("lampwright-soot-veil:top:0:attack"))


def test_enhancements_belong_to_the_class_and_survive_retirement(
    camp: Campaign, sample_pack: Path
) -> None:
    # GH-ENH-08: permanent; the next Lampwright plays the enhanced card too
    cc = campaign_content(sample_pack)
    enhance.enhance(cards(sample_pack), camp, "Lux", e(f"{FLASH}:top:0:attack"))
    lux = camp.characters[0]
    for i, (_t, need) in enumerate(cc.quests[lux.personal_quest].requirements, 1):
        rules.tick_quest(cc, camp, "Lux", i, need)
    rules.retire(cc, camp, "Lux")
    rules.new_character(cc, camp, "lampwright", "Nova")
    rules.new_character(cc, camp, "tunnel-rat", "Pip")
    assert camp.enhancements == {"lampwright": [f"{FLASH}:top:0:attack"]}
    plan = FACE.plan(camp, "collapsed-adit", casual=False)
    assert plan.setup["enhancements"] == f"lampwright={FLASH}:top:0:attack"


def test_the_town_action_refuses_with_exit_2_and_one_line(
    tmp_path: Path, sample_pack: Path
) -> None:
    # GH-ENH-01 on the command line: exit 2, one line why, the file unchanged
    path = tmp_path / "c.json"
    runner = CliRunner()
    new = ["campaign", "new", str(sample_pack), "-o", str(path), "--party", "P"]
    result = runner.invoke(cli, [*new, "--character", "lampwright", "--character", "shaftbreaker"])
    assert result.exit_code == 0, result.output
    before = path.read_text(encoding="utf-8")
    town = ["campaign", "town", str(path), "enhance", "--character", "lampwright"]
    result = runner.invoke(cli, [*town, "--card", FLASH, "--sticker", "attack"])
    assert result.exit_code == 2 and "GH-ENH-01" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert path.read_text(encoding="utf-8") == before
    data = json.loads(before)
    data["board"]["global_achievements"] = [enhance.ACHIEVEMENT]
    data["characters"][0]["gold"] = 120
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(
        cli, [*town, "--card", FLASH, "--sticker", "attack-hex", "--hex", "1,-1"]
    )
    assert result.exit_code == 0, result.output
    saved = json.loads(path.read_text(encoding="utf-8"))
    # GH-ENH-06 and GH-ENH-02: 66 gold paid; the sticker kept per class (GH-ENH-08)
    assert saved["characters"][0]["gold"] == 120 - 66
    assert saved["enhancements"] == {"lampwright": [f"{FLASH}:top:0:attack-hex:1:-1"]}


def test_old_campaign_files_load_without_the_new_fields(camp: Campaign) -> None:
    data = camp.to_json()
    assert "enhancements" not in data and "random_decks" not in data
    assert Campaign.from_json(data).enhancements == {}


# ------------------------------------------------------------------------------ in play


def _field_game(enhancements: dict[str, tuple[str, ...]]):  # type: ignore[no-untyped-def]
    sc = scenario(
        "f", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (1, 0), "normal")]
    )
    return new_game(
        content([sc]),
        "f",
        seed=11,
        controller=FirstOptionController(),
        enhancements=enhancements,
    )


def test_an_enhanced_attack_does_one_more_damage_in_a_seeded_game() -> None:
    # GH-ENH-03 "+1": the same seeded game, every decision the same; the enhanced
    # "Attack 3" card hits for one more
    plain = _field_game({})
    stickers = tuple(f"alpha-{i}:top:0:attack" for i in range(1, 9))
    enhanced = _field_game({"alpha": stickers})
    plain.run(FirstOptionController())
    enhanced.run(FirstOptionController())

    def first_hit(game):  # type: ignore[no-untyped-def]
        return next(x for x in game.events if x.type == "attack" and x.get("attacker") == "alpha")

    a, b = first_hit(plain), first_hit(enhanced)
    assert b["value"] == a["value"] + 1 and b["damage"] == a["damage"] + 1
    # GH-ENH-08 without stickers: the very same content object, so games stay as they were
    assert enhanced_content(plain.content, {}) is plain.content


def test_each_kind_of_sticker_changes_the_line() -> None:
    # GH-ENH-03: +1 raises the value named; a condition applies to the targets; jump;
    # an attack hex joins the area; an element is created when the line is used
    area = Ability("attack", 2, aoe=AreaPattern(((0, 0), (1, 0)), melee=False), range=3)
    assert enhance_ability(area, e("c:top:0:range")).range == 4
    assert enhance_ability(area, e("c:top:0:wound")).conditions == ("wound",)
    assert enhance_ability(area, e("c:top:0:attack-hex:0:1")).aoe == AreaPattern(
        ((0, 0), (1, 0), (0, 1)), melee=False
    )
    assert enhance_ability(Ability("move", 3), e("c:bottom:0:jump")).jump
    assert enhance_ability(Ability("heal", 2, range=1), e("c:top:0:bless")).conditions == ("bless",)
    with pytest.raises(SetupError, match="GH-ENH-03"):
        enhance_ability(Ability("move", 3), e("c:bottom:0:poison"))
    game = _field_game({"alpha": ("alpha-1:top:0:fire",)})
    top = game.content.classes["alpha"].card("alpha-1").top.abilities
    assert [a.type for a in top] == ["attack", "infuse"] and top[1].elements == ("fire",)


def test_campaign_play_hands_the_stickers_to_the_game(camp: Campaign, sample_pack: Path) -> None:
    # GH-ENH-03 in a campaign: the planned game plays Flashpoint with its +1
    enhance.enhance(cards(sample_pack), camp, "Lux", e(f"{FLASH}:top:0:attack"))
    plan = FACE.plan(camp, "collapsed-adit", casual=False)
    from questforge.engine.core.targets import resolve_target
    from questforge.engine.gloomhaven.game.face import FACE as GAME

    target = resolve_target(str(plan.pack_root / "scenarios" / "collapsed-adit.json"))
    game_content = GAME.load(target)
    options = {o.name: o.default for o in GAME.setup_options(game_content, target)}
    game = GAME.new_game(game_content, target, {**options, **plan.setup}, 3)
    line = game.game.content.classes["lampwright"].card(FLASH).top.abilities[0]
    assert line.value == 4 + 1
    assert game.game.setup.to_json()["enhancements"] == {"lampwright": [f"{FLASH}:top:0:attack"]}


def test_play_refuses_a_sticker_its_line_cannot_take(sample_pack: Path) -> None:
    # GH-ENH-03 on `play --enhancements`: exit 2 and one line naming card, half, line
    # and sticker (words, not the text form: a terminal would show ":top:" as an emoji)
    result = CliRunner().invoke(
        cli,
        [
            "play",
            str(sample_pack / "scenarios" / "collapsed-adit.json"),
            "--classes",
            "lampwright,shaftbreaker",
            "--enhancements",
            f"lampwright={FLASH}:top:0:jump",
            "--auto",
        ],
    )
    assert result.exit_code == 2
    assert f"{FLASH} top line 0: jump: jump goes on a move line" in result.output


# ------------------------------------------------------------------------------ the bots


def test_the_bots_town_visit_buys_the_cheapest_attack_enhancement(
    camp: Campaign, sample_pack: Path
) -> None:
    # GH-ENH-01, GH-ENH-02: with the achievement and gold to spare, the bot puts one attack +1
    # on a card of its pool and pays for it; the choice is the cheapest one it may have
    lux = camp.characters[0]
    lux.gold, lux.items = 400, ["tonic"]  # nothing left to buy that it wants first
    choice = enhance.bot_choice(cards(sample_pack), camp, lux)
    assert choice is not None
    sticker, gold = choice
    assert sticker.sticker == "attack" and sticker.card in lux.pool
    every = [
        enhance.price(cards(sample_pack)[card], Enhancement(card, half, i, "attack"), [])
        for card in lux.pool
        for half in ("top", "bottom")
        for i, line in enumerate(getattr(cards(sample_pack)[card], half).abilities)
        if line.type == "attack"
        and any(s.ability == i for s in getattr(cards(sample_pack)[card], half).enhancement_slots)
    ]
    assert gold == min(every)
    before = lux.gold
    FACE.auto_town(camp)
    assert camp.enhancements["lampwright"][0] == sticker.text()
    assert lux.gold <= before - gold
    # GH-ENH-07: one enhanced card at prosperity level 1; the bot enhances only that card
    FACE.auto_town(camp)
    assert {enhance.Enhancement.parse(t).card for t in camp.enhancements["lampwright"]} == {
        sticker.card
    }


def test_the_bots_do_not_enhance_without_the_achievement_or_the_gold(
    camp: Campaign, sample_pack: Path
) -> None:
    lux = camp.characters[0]
    lux.gold = 0
    assert enhance.bot_choice(cards(sample_pack), camp, lux) is None
    lux.gold = 1000
    camp.global_achievements.clear()  # GH-ENH-01
    assert enhance.bot_choice(cards(sample_pack), camp, lux) is None
    FACE.auto_town(camp)
    assert not camp.enhancements
