"""Gloomhaven campaign play: the party and character sheets carried from scenario to
scenario (rules GH-CAMP, GH-BOARD, GH-PARTY, GH-CSHEET, GH-PQ, GH-EVT/GH-ROAD, GH-TRAVEL,
GH-REP, GH-CITY, GH-NEWCH, GH-SHOP, GH-LVL, GH-PERK, GH-HAND, GH-DONATE, GH-RETIRE,
GH-PROSP).

Modules, smallest first: ``tables`` (numbers the seed leaves out, from the published
game), ``content`` (what a campaign reads from a pack), ``state`` (the sheets and their
JSON), ``storage`` (the file: checked loading, atomic saving), ``rules`` (town business and
scenario results), ``events`` (city and road events), ``face`` (the ruleset contract's
campaign face, :data:`face.FACE`).
"""
