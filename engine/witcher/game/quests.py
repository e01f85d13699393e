"""Quests at play (WI-QUEST, WI-OP-03/05, WI-TASK): taking a main quest, completing it and
its side quests and investigation tasks, and what a defeated monster completes.

A mixin of the game object (as :mod:`.fights` and :mod:`.effects` are): the rules of one
concern in one module, the game's class in :mod:`.game` keeping the turn structure.
"""

from __future__ import annotations

from questforge.engine.witcher.game.effects import EffectsMixin
from questforge.engine.witcher.game.state import HeroState, KeptInvestigation
from questforge.engine.witcher.model.content import Effects, Quest


class QuestsMixin(EffectsMixin):
    def take_quest(self, h: HeroState) -> None:
        """Draw two main quests of the hero's deck, keep one (WI-BASIC-01, WI-REF-05)."""
        deck = self.state.quest_decks.get(h.hero.quest_deck)
        pair = (self.draw(deck), self.draw(deck)) if deck is not None else ()
        drawn = [c for c in pair if c is not None]
        if not drawn:
            self.emit("deck-empty", hero=h.id, deck=f"quest:{h.hero.quest_deck}")
            return
        keep = self.ask("keep-quest", h.id, drawn, "Which quest do you keep?")
        assert deck is not None
        for other in drawn:
            if other != keep:
                deck.discard_card(other)  # WI-DISC-02
        h.quest = keep
        self.emit("quest", hero=h.id, quest=keep, discarded=[c for c in drawn if c != keep])

    def complete_main(self, h: HeroState, quest: Quest) -> None:
        """WI-OP-05: pay, fight the enemy if any (the quest counts whatever the result,
        WI-CMB-09), gain the VP, turn the card face down, draw a luck card (WI-LUCK-01) and
        take a new quest unless the game's quest count is reached (WI-QUEST-04)."""
        self.pay(h, quest.cost, f"quest {quest.id}")
        if quest.enemy is not None and quest.enemy in self.pack.monsters:
            self.fight(h, quest.enemy, f"quest {quest.id}")
        h.completed.append(quest.id)
        h.quest = None
        self.emit("main-quest", hero=h.id, quest=quest.id, completed=len(h.completed))
        self.gain_vp(h, quest.vp, f"quest {quest.id}")
        self.resolve(h, quest.reward, quest.id)
        self.draw_luck(h)
        if len(h.completed) >= self.state.quests_to_end:
            if self.state.end_triggered_by is None:
                self.state.end_triggered_by = h.id
                self.emit("end-triggered", hero=h.id, quests=len(h.completed))
        else:
            self.take_quest(h)

    def _side_done(self, h: HeroState, quest: Quest, side: str, vp: int) -> None:
        h.side_done.add((quest.id, side))
        self.emit("side-quest", hero=h.id, quest=quest.id, side=side)
        self.gain_vp(h, vp, f"side quest {side}")

    def _task_done(self, h: HeroState, kept: KeptInvestigation, reward: Effects) -> None:
        kept.task_done = True  # WI-TASK-03: each task once
        h.tasks_done += 1
        self.emit("task", hero=h.id, card=kept.id)
        self.resolve(h, reward, kept.id)

    def on_defeat(self, h: HeroState, monster_class: str) -> None:
        """Side quests and tasks that need a defeat complete at once (WI-QUEST-05).

        A side quest only "when the monster is defeated in combat on the player's turn"
        (WI-QUEST-05): a hero made to fight on another hero's turn (an effect aimed at the
        hero with the most VP, WI-VP-03) gains the monster's VP but completes no side quest
        by it. Tasks name no turn (WI-TASK), so a defeat task completes on any turn."""
        quest = self.pack.quests.get(h.quest) if h.quest else None
        if quest is not None and h is self.state.heroes[self.state.active]:
            for side in quest.side_quests:
                c = side.condition
                if (
                    c.type == "defeat"
                    and (quest.id, side.id) not in h.side_done
                    and c.monster_class in (None, monster_class)
                ):
                    self._side_done(h, quest, side.id, side.vp)
        for kept in h.investigations:
            task = self.pack.investigation[kept.id].task
            if (
                task is not None
                and not kept.task_done
                and task[0].type == "defeat"
                and task[0].monster_class in (None, monster_class)
            ):
                self._task_done(h, kept, task[1])
                break  # WI-TASK-02: one task per operation
