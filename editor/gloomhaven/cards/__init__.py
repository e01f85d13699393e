"""Gloomhaven card painters, registered per (ruleset, kind) with the editor's card registry.

Imported by the Gloomhaven board mode (``questforge.editor.gloomhaven``), so the preview
beside a form and ``questforge render CARDFILE`` find them without core naming Gloomhaven.
"""

from __future__ import annotations

from questforge.editor.cards import register_card_painter

RULESET = "gloomhaven"


def register() -> None:
    from questforge.editor.gloomhaven.cards import character, monsters, other

    for kind, painter in (
        ("monster", monsters.monster_faces),
        ("boss", monsters.boss_faces),
        ("monster-ability-deck", monsters.deck_faces),
        ("ability-card", character.ability_card_faces),
        ("item", other.item_faces),
        ("event", other.event_faces),
        ("battle-goal", other.goal_faces),
        ("personal-quest", other.quest_faces),
        ("attack-modifier", other.modifier_faces),
    ):
        register_card_painter(RULESET, kind, painter)
