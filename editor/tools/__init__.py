"""Editing tools: classes the map view forwards input to (Tiled's ``AbstractTool``)."""
