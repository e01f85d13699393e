"""questforge.content: bundled, original content packs (package data)."""
