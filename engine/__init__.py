"""questforge.engine: the typed content model, board geometry, decks, seeded RNG and one
rules engine per ruleset.

Layering: this package never imports Qt, click, the validator or the editor.
"""
