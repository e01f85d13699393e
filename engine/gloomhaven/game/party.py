"""The party a game is played with, from the setup options a person types.

``play``, ``simulate``, the editor's setup toolbar and the simulate dialog all take the
same declared options (:meth:`GloomhavenFace.setup_options`): the number of characters and
their classes, each character's level, the cards each one brings and the items each one
owns. This module turns those option texts into the engine's :class:`Setup`, with errors
that name the option and the character, so a typo never silently plays another party.

Text forms (one line each, so they fit a command-line flag and a toolbar field):

- ``--classes brute,spellweaver``: the party, in seat order;
- ``--character-levels 3`` (everyone) or ``3,2`` (per character, party order);
- ``--hands "brute=c1,c2,...;spellweaver=..."``: a character's hand (GH-HAND-01/02);
- ``--items "brute=boots,cloak;..."``: a character's items (GH-ITEM-03/04);
- ``--perks "brute=1,3,3;..."``: the perks a character has marked, by number in the
  class's list (GH-LVL-03/04; applied to its modifier deck);
- ``--start-damage "brute=2"`` and ``--start-conditions "brute=bless,bless,poison"``: what
  a campaign carries into the scenario (an event's damage and conditions, GH-EVT-02; a
  sanctuary donation's blesses, GH-DONATE-01);
- ``--enhancements "brute=CARD:top:0:attack,CARD:bottom:0:jump;..."``: a character's
  enhanced cards (a campaign's stickers, GH-ENH-03; attack hex: ``CARD:top:0:attack-hex:Q:R``);
- ``--recommended-level``: the scenario level GH-LEVEL-03 derives from the characters'
  levels (ceil of their average / 2) instead of ``--level``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import SetupError
from questforge.engine.gloomhaven.game.setup import Setup, recommended_level
from questforge.engine.gloomhaven.game.spec import Content


def party_for(content: Content, players: int, classes: Sequence[str] | None) -> tuple[str, ...]:
    """The classes of an N-character party: the first N of ``classes`` (or of the pack's
    classes in id order). GH-CHAR-01: one character per class."""
    pool = list(classes) if classes else sorted(content.classes)
    for c in pool:
        if c not in content.classes:
            known = ", ".join(sorted(content.classes)) or "none"
            raise SetupError(f"unknown character class {c!r} (known: {known})")
    if len(set(pool)) != len(pool):
        raise SetupError("a class can be played by one character only (GH-CHAR-01)")
    if len(pool) < players:
        where = "--classes lists" if classes else "the pack has"
        raise SetupError(f"{players} characters need {players} classes; {where} {len(pool)}")
    return tuple(pool[:players])


def parse_levels(text: str, party: Sequence[str]) -> tuple[int, ...]:
    """``"3"`` (every character) or ``"3,2,1"`` (party order) → one level 1-9 each
    (GH-LVL-01); empty → ``()`` (everyone level 1)."""
    words = [w.strip() for w in text.split(",") if w.strip()]
    if not words:
        return ()
    try:
        levels = [int(w) for w in words]
    except ValueError:
        raise SetupError(
            f"--character-levels: expected whole numbers separated by commas, got {text!r}"
        ) from None
    if len(levels) == 1:
        levels = levels * len(party)
    if len(levels) != len(party):
        raise SetupError(
            f"--character-levels: {len(levels)} levels for {len(party)} characters "
            f"({', '.join(party)}); give one level, or one per character"
        )
    for cid, level in zip(party, levels, strict=True):
        if not 1 <= level <= 9:
            raise SetupError(f"--character-levels: {cid}'s level must be 1-9, got {level}")
    return tuple(levels)


def parse_per_character(flag: str, text: str, party: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """``"brute=a,b;tinker=c"`` → ``{"brute": ("a", "b"), "tinker": ("c",)}``; a class
    must be in the party and named once."""
    out: dict[str, tuple[str, ...]] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        cid, eq, ids = part.partition("=")
        cid = cid.strip()
        if not eq or not cid:
            raise SetupError(f"--{flag}: expected CLASS=ID,ID;CLASS=..., got {part.strip()!r}")
        if cid not in party:
            raise SetupError(
                f"--{flag}: {cid!r} is not in the party ({', '.join(party) or 'nobody'})"
            )
        if cid in out:
            raise SetupError(f"--{flag}: {cid} is named twice")
        out[cid] = tuple(x.strip() for x in ids.split(",") if x.strip())
    return out


def setup_from_options(content: Content, scenario: str, options: Mapping[str, JSONValue]) -> Setup:
    """The engine's :class:`Setup` for resolved setup options (every declared option
    present or defaulted). Unknown classes and malformed option texts are refused here;
    unknown cards or items, a wrong hand size, cards above a character's level
    (GH-HAND-01, GH-CHAR-05) and equipment limits (GH-ITEM-03/04) when the game is built."""
    players = options.get("players", 2)
    level = options.get("level", 1)
    if not isinstance(players, int) or not isinstance(level, int):
        raise SetupError("players and level must be whole numbers")
    classes_text = str(options.get("classes") or "")
    classes = [c.strip() for c in classes_text.split(",") if c.strip()] or None
    party = party_for(content, players, classes)
    levels = parse_levels(str(options.get("character-levels") or ""), party)
    if options.get("recommended-level"):
        level = recommended_level(levels or tuple(1 for _ in party))  # GH-LEVEL-03
    # Setup.check runs when the game is built (build_state): unknown cards or items, hand
    # sizes and levels are refused there, naming the character
    return Setup(
        scenario,
        party,
        level=level,
        character_levels=levels,
        solo=bool(options.get("solo", False)),
        hands=parse_per_character("hands", str(options.get("hands") or ""), party),
        items=parse_per_character("items", str(options.get("items") or ""), party),
        perks=parse_perks(str(options.get("perks") or ""), party),
        battle_goals=parse_battle_goals(str(options.get("battle-goals") or ""), party),
        start_damage=parse_start_damage(str(options.get("start-damage") or ""), party),
        start_conditions=parse_per_character(
            "start-conditions", str(options.get("start-conditions") or ""), party
        ),
        enhancements=parse_per_character(
            "enhancements", str(options.get("enhancements") or ""), party
        ),
        looted_treasures=tuple(
            t.strip() for t in str(options.get("looted-treasures") or "").split(",") if t.strip()
        ),
    )


def parse_start_damage(text: str, party: Sequence[str]) -> dict[str, int]:
    """``"brute=2;tinker=1"``: damage each character starts the scenario with (a
    campaign event's, GH-EVT-02)."""
    out: dict[str, int] = {}
    for cid, words in parse_per_character("start-damage", text, party).items():
        if len(words) != 1 or not words[0].isdigit():
            raise SetupError(
                f"--start-damage: {cid}'s damage must be one whole number, got {','.join(words)!r}"
            )
        out[cid] = int(words[0])
    return out


def parse_battle_goals(text: str, party: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """``"brute=untouched,hunter;..."``: each character's battle goals, the kept one first
    (GH-BG-01); ``deal`` (the face deals them with the game's seed) and ``none`` give none
    here."""
    if text.strip() in ("", "deal", "none"):
        return {}
    return {
        cid: tuple(goals) for cid, goals in parse_per_character("battle-goals", text, party).items()
    }


def parse_perks(text: str, party: Sequence[str]) -> dict[str, tuple[int, ...]]:
    """``"brute=1,3,3;tinker=2"`` → perk numbers (from 1, in the class's printed list; a
    number repeated for a perk taken again) → 0-based indices (GH-LVL-03/04)."""
    out: dict[str, tuple[int, ...]] = {}
    for cid, words in parse_per_character("perks", text, party).items():
        try:
            numbers = [int(w) for w in words]
        except ValueError:
            raise SetupError(
                f"--perks: {cid}'s perks must be perk numbers (1 = the first perk), got "
                f"{','.join(words)!r}"
            ) from None
        if any(n < 1 for n in numbers):
            raise SetupError(f"--perks: {cid}'s perk numbers start at 1")
        out[cid] = tuple(n - 1 for n in numbers)
    return out
