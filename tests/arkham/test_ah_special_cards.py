"""Special cards (bank loan, retainer, membership, deputy, blessing) and activity markers.

The rules catalogue and the seed leave these out ("Not covered by the source"); the engine
follows the published game's rules, written down in ``docs/arkham.md``. The values are the
sample pack's (its Savings Hall Loan, Constable's Badge, Oath of the Drowned Bell).
"""

from __future__ import annotations

from ahgame import Script, blank_game, dice, inv, types

from questforge.engine.arkham.game import phases
from questforge.engine.arkham.game.bots import ArkhamBot
from questforge.engine.arkham.game.narrator import Narrator
from questforge.engine.arkham.model.types import Effect

LOAN = "savings-hall-loan"


def _at(game, where: str, index: int = 0):  # type: ignore[no-untyped-def]
    a = inv(game, index)
    a.area = where
    return a


def _options(game, a, where: str) -> list[str]:  # type: ignore[no-untyped-def]
    script = Script(location_action=["encounter"])
    game.controller = script
    phases.location_action(game, a, where)
    asked = [d for d in script.asked if d.kind == "location-action"]
    # a decision with one option is not asked: the encounter alone
    return [str(o) for o in asked[0].options] if asked else ["encounter"]


def _loaned(game, money: int = 0):  # type: ignore[no-untyped-def]
    a = _at(game, "savings-hall")
    game.controller = Script(location_action=["special:0"])
    phases.location_action(game, a, "savings-hall")
    a.money = money
    game.log.events.clear()
    return a


def test_a_bank_loan_gives_ten_dollars_and_there_is_one_per_investigator() -> None:
    # AH-REF-20: the bank's special action is the loan (published: $10 when taken);
    # AH-MISC-02: one special card of each name, so a second loan is never offered
    g = blank_game()
    a = _at(g, "savings-hall")
    assert _options(g, a, "savings-hall") == ["encounter", "special:0"]
    g.controller = Script(location_action=["special:0"])
    phases.location_action(g, a, "savings-hall")
    assert a.money == 10 and LOAN in a.cards
    assert types(g)[-4:] == ["special-action", "card-gained", "on-gain", "gained"]
    assert _options(g, a, "savings-hall") == ["encounter"]
    g.apply(a, [Effect("take-card", special="bank-loan")])
    assert [e["why"] for e in g.log.of_type("card-unavailable")] == ["held"]
    assert a.cards.count(LOAN) == 1


def test_loan_interest_is_paid_on_a_roll_of_one_to_three() -> None:
    # AH-UPK-02: the loan's upkeep roll (published: 1-3 pay $1 interest, 4-6 nothing)
    g = blank_game()
    a = _loaned(g, money=3)
    dice(g, 3)
    phases.upkeep(g)
    rolled = g.log.of_type("rolled")
    assert [(e["card"], e["passed"]) for e in rolled] == [(LOAN, False)]
    assert a.money == 2 and LOAN in a.cards
    dice(g, 4)
    phases.upkeep(g)
    assert a.money == 2 and LOAN in a.cards


def test_a_loan_that_cannot_be_paid_costs_every_item_and_any_future_loan() -> None:
    # AH-STAT-06 (what an item is: common items, not skills), AH-MISC-02: the published
    # default discards the items and the loan, and no other loan is ever taken
    g = blank_game()
    a = _loaned(g, money=0)
    a.cards += ["fishing-knife", "iron-nerve"]
    dice(g, 1)
    phases.upkeep(g)
    assert "cannot-pay" in types(g) and "barred" in types(g)
    assert a.cards == ["iron-nerve"] and a.barred == {"bank-loan"}
    assert _options(g, a, "savings-hall") == ["encounter"]
    g.apply(a, [Effect("take-card", special="bank-loan")])
    assert g.log.of_type("card-unavailable")[-1]["why"] == "barred"


def test_a_loan_is_paid_off_in_upkeep_before_its_roll() -> None:
    # AH-MISC-02 (a card that can be let go): "any phase: pay $10 to discard this card",
    # offered in Upkeep before the interest roll; no roll for a loan paid off
    g = blank_game()
    a = _loaned(g, money=12)
    g.controller = Script(pay_off=["yes"])
    dice(g, 1)
    phases.upkeep(g)
    assert a.money == 2 and LOAN not in a.cards
    assert "paid-off" in types(g)
    assert not [e for e in g.log.of_type("rolled") if e.data.get("card") == LOAN]


def test_an_unpaid_loan_costs_a_point_of_score() -> None:
    # AH-SCORE-01: -1 per unpaid bank loan
    g = blank_game()
    before = g.score()
    _loaned(g, money=0)
    assert g.score() == before - 1


def test_a_deputy_is_sworn_in_for_monster_toughness_and_gets_a_revolver() -> None:
    # AH-REF-20: the police station's deputy, paid in trophies; AH-MISC-05: spent monster
    # trophies go back to the cup (the toughest first); AH-STAT-06: the deputy's revolver
    # counts as an item
    g = blank_game()
    a = _at(g, "constabulary")
    a.monster_trophies = ["brine-hound", "silt-titan", "wet-thing", "ink-spider"]  # 1+3+2+1
    assert _options(g, a, "constabulary") == ["encounter", "special:0"]
    g.controller = Script(location_action=["special:0"])
    phases.location_action(g, a, "constabulary")
    assert sorted(a.monster_trophies) == ["brine-hound", "ink-spider"]
    assert {"silt-titan", "wet-thing"} <= set(g.state.cup)
    assert a.cards == ["constables-badge", "constables-revolver"]
    assert g.card("constables-revolver").is_item and g.card("constables-revolver").is_weapon
    b = _at(g, "constabulary", 1)
    b.monster_trophies = ["silt-titan", "wet-thing"]
    assert _options(g, b, "constabulary") == ["encounter"]  # the only badge is taken
    a.money = 0
    phases.upkeep(g)
    assert a.money == 1  # the badge's upkeep


def test_a_retainer_pays_two_dollars_and_may_leave_on_a_one() -> None:
    # AH-UPK-02: "a retainer pays $2, then the player rolls to see whether the retainer
    # stays"; the sample sells one at the Customs House
    g = blank_game()
    a = _at(g, "customs-house")
    a.money = 4
    g.controller = Script(location_action=["special:1"])
    phases.location_action(g, a, "customs-house")
    assert a.money == 0 and "harbour-retainer" in a.cards
    dice(g, 1)
    phases.upkeep(g)
    assert a.money == 2 and "harbour-retainer" not in a.cards


def test_a_member_may_read_the_members_only_entry() -> None:
    # AH-REF-01: the Inner Sanctum is a members-only sub-area of the Lodge; AH-COMP-05: the
    # membership is a special card (the sample's chapel and its bell oath)
    g = blank_game()
    a = _at(g, "drowned-chapel")
    a.money = 3
    assert _options(g, a, "drowned-chapel") == ["encounter", "special:0"]
    g.controller = Script(location_action=["special:0"])
    phases.location_action(g, a, "drowned-chapel")
    assert "bell-oath" in a.cards and a.money == 0
    assert _options(g, a, "drowned-chapel") == ["encounter", "members"]
    g.log.events.clear()
    g.controller = Script(location_action=["members"])
    phases.location_action(g, a, "drowned-chapel")
    (event,) = g.log.of_type("members-encounter")
    entry = g.model.location_cards[event["card"]].for_location("drowned-chapel", members=True)
    assert entry is not None and "members only" in entry.text
    assert not g.log.of_type("encounter")


def test_a_blessing_is_lost_on_an_upkeep_roll_of_one() -> None:
    # AH-STAT-11: blessed dice; the published upkeep roll discards the Blessing on a 1
    g = blank_game()
    a = inv(g)
    g.controller = Script()
    g.apply(a, [Effect("take-card", special="blessing")])
    assert a.blessed and "lantern-blessing" in a.cards
    dice(g, 2)
    phases.upkeep(g)
    assert a.blessed
    dice(g, 1)
    phases.upkeep(g)
    assert not a.blessed and "lantern-blessing" not in a.cards


def test_a_curse_taken_replaces_a_blessing() -> None:
    # AH-STAT-12: never blessed and cursed at once; the newer replaces the older
    g = blank_game()
    a = inv(g)
    g.controller = Script()
    g.apply(a, [Effect("take-card", special="blessing")])
    g.apply(a, [Effect("take-card", special="curse")])
    assert a.cursed and not a.blessed and a.cards == ["sea-curse"]


def test_activity_markers_come_and_go_with_their_card() -> None:
    # AH-MYTHA-05: a mythos card's activity markers stay while it is in play and go when
    # it leaves; AH-COMP-10: activity markers mark where events take place (the sample's
    # Lantern Festival: +1 sanity before an encounter at the church)
    g = blank_game()
    a = _at(g, "lantern-church")
    a.sanity = a.max_sanity - 2
    g.controller = Script(location_action=["encounter"])
    phases.ability(g, g.model.mythos["mythos-21"], first=False)
    assert g.state.activity == [("lantern-church", "mythos-21")]
    phases.arkham_encounters(g)
    (event,) = g.log.of_type("activity")
    assert (event["location"], event["when"]) == ("lantern-church", "encounter")
    assert types(g).index("activity") < types(g).index("encounter")
    phases.ability(g, g.model.mythos["mythos-19"], first=False)  # a new environment
    assert g.state.activity == [] and "activity-removed" in types(g)


def test_an_activity_marker_acts_on_an_investigator_who_ends_a_move_there() -> None:
    # AH-MYTHA-05: the sample rumor marks the tide mill: -1 sanity on ending a move there
    g = blank_game()
    a = _at(g, "saltmarsh-streets")
    g.controller = Script(move=["tide-mill"])
    phases.ability(g, g.model.mythos["mythos-28"], first=False)
    before = a.sanity
    phases.arkham_move(g, a)
    assert a.area == "tide-mill" and a.sanity == before - 1
    assert g.log.of_type("activity")[0]["when"] == "enter"


def test_bots_borrow_when_poor_and_repay_when_rich() -> None:
    # AH-REF-20: the bot takes the bank loan when poor without a weapon, and pays it off
    # once it has the $10 and some to spare
    g = blank_game()
    a = _at(g, "savings-hall")
    g.controller = ArkhamBot(0).attach(g)
    phases.location_action(g, a, "savings-hall")
    assert LOAN in a.cards and a.money == 10
    phases.upkeep(g)
    assert LOAN in a.cards  # $10 only: nothing to spare
    a.money = 14
    phases.upkeep(g)
    assert LOAN not in a.cards and a.money == 4


def test_the_narrator_tells_the_new_events() -> None:
    # AH-MISC-02: a refused special card says why; the loan taken is named, for a referee
    g = blank_game()
    a = _at(g, "savings-hall")
    g.controller = Script(location_action=["special:0"])
    phases.location_action(g, a, "savings-hall")
    g.apply(a, [Effect("take-card", special="bank-loan")])
    narrator = Narrator(g.model)
    lines = [narrator.event(e) for e in g.log.events]
    assert any("takes Savings Hall Loan" in line for line in lines), lines
    assert any("cannot take bank-loan: already holds one" in line for line in lines), lines


def test_the_board_view_shows_activity_markers_and_special_cards() -> None:
    # AH-MYTHA-05: the text board marks a location with an activity marker, and an
    # investigator's special cards are listed (an unpaid loan counts in the score)
    from questforge.engine.arkham.game.view import render

    g = blank_game()
    a = _loaned(g, money=0)
    phases.ability(g, g.model.mythos["mythos-21"], first=False)
    a.barred.add("bank-loan")
    text = render(g)
    assert "ACTIVITY(mythos-21)" in next(line for line in text.splitlines() if "Lantern" in line)
    assert f"special {LOAN} barred bank-loan" in text


def test_a_membership_can_come_from_an_encounter() -> None:
    # AH-COMP-05: the published membership is gained by Lodge encounters; the sample's
    # chapel has one (a second one is refused, AH-MISC-02)
    g = blank_game()
    a = inv(g)
    g.controller = Script()
    entry = g.model.location_cards["quayside-2"].for_location("drowned-chapel")
    assert entry is not None
    g.apply(a, entry.effects, "drowned-chapel")
    g.apply(a, entry.effects, "drowned-chapel")
    assert a.cards == ["bell-oath"]
    assert [e["why"] for e in g.log.of_type("card-unavailable")] == ["held"]
