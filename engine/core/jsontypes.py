"""The JSON type of a value, in words, for the engine's readers' messages.

One helper for all layers: :mod:`questforge.schema.jsontypes` (the schema layer is below the
engine and imports nothing, so the monster-AI fast start pays nothing for it).
"""

from __future__ import annotations

from questforge.schema.jsontypes import type_in_words as json_type

__all__ = ["json_type"]
