"""Ruleset-neutral map view (zoom, pan, tool forwarding)."""
