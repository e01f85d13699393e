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
    register_table_hints()


def register_table_hints() -> None:
    """Column labels for Gloomhaven's level grids (the shape alone already makes tables)."""
    from questforge.editor.forms.table_form import register_table_hint

    register_table_hint(
        RULESET,
        "monster",
        ("levels",),
        {
            "columns": ["health", "move", "attack", "range"],
            "short": {
                "health": "HP",
                "move": "Move",
                "attack": "Attack",
                "range": "Range",
                "shield": "Shield",
                "retaliate": "Retal.",
                "retaliate_range": "Ret. range",
                "pierce": "Pierce",
                "targets": "Targets",
                "attack_conditions": "Conditions",
            },
        },
    )
    for key in ("health", "xp_thresholds"):
        register_table_hint(
            RULESET, "character-class", (key,), {"index_base": 1, "index_label": "Level {n}"}
        )
