"""The campaign face of the ruleset contract: what ``questforge campaign`` talks to.

A game face plays one scenario from its setup options; a campaign is what happens between
scenarios (a party's sheets carried on, content unlocked, town business). A ruleset that
has one declares ``campaign_face`` in its record; core (``questforge/commands/campaign.py``)
never imports the ruleset, and knows a campaign only through this protocol:

- the state is opaque to core (``Any``): the face loads, saves and describes it;
- town business is a list of declared :class:`CampaignAction` s whose options are the same
  :class:`~questforge.engine.core.game.SetupOption` s a game's setup uses, so the command
  line turns them into flags the same way (``--character tunnel-rat --item tonic``);
- a scenario is played through the ruleset's game face: the campaign face only says what to
  play (:class:`ScenarioPlan`: target and setup) and reads the finished game back.

Everything here is engine core: no click, no rich, no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from questforge.engine.core.errors import ContentError, UsageError
from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import PlayableGame, SetupOption


class CampaignError(UsageError):
    """An action the campaign refuses (a locked scenario, too little gold, ...): the
    message names the rule. Exit status 2 on the command line."""


class CampaignFileError(ContentError):
    """A campaign file that cannot be read: ``path``, and ``line``/``column`` (1-based)
    when the problem has a place in the text."""

    def __init__(
        self, path: Path, message: str, line: int | None = None, column: int | None = None
    ) -> None:
        where = f"{path}:{line}:{column}" if line is not None and column is not None else str(path)
        super().__init__(f"{where}: {message}")
        self.path = path
        self.message = message
        self.line = line
        self.column = column


@dataclass(frozen=True)
class CampaignTable:
    """One table of a campaign's status (the party sheet, the character sheets, ...)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class CampaignAction:
    """A declared town (or between-scenario) action: ``name`` is the word on the command
    line, ``options`` its flags (each with a default; a ``text`` option whose default is
    ``""`` may be required by the action itself, which then says so)."""

    name: str
    help: str
    options: tuple[SetupOption, ...] = ()


@dataclass(frozen=True)
class ScenarioPlan:
    """What to play next: the pack folder, the playable document's id, the game face's setup
    options for the party as it stands, and notes for the person (the level chosen, items
    left at home, a road event to resolve first)."""

    pack_root: Path
    scenario: str
    setup: Mapping[str, JSONValue]
    casual: bool = False
    notes: tuple[str, ...] = ()
    #: the face's own data for :meth:`CampaignFace.after_scenario` (opaque to core)
    extra: Mapping[str, Any] = field(default_factory=dict)


#: asks the person (or a bot) to pick one of ``options`` (labels); returns the index
Chooser = Callable[[str, Sequence[str]], int]


class CampaignFace(Protocol):
    """A ruleset's campaign play: files, sheets, town business and scenario results."""

    #: the ruleset id (written into campaign files)
    ruleset: str
    #: the schema of the campaign file, as ``(folder, name)`` under ``questforge.schema``
    schema: tuple[str, str]

    def new_options(self) -> tuple[SetupOption, ...]:
        """Options of ``campaign new`` besides the party name and the characters."""
        ...

    def new(
        self,
        pack_root: Path,
        party: str,
        characters: Sequence[str],
        seed: int,
        options: Mapping[str, JSONValue],
    ) -> Any:
        """A new campaign on the pack at ``pack_root``: ``characters`` as the command line
        gives them (``CLASS`` or ``CLASS:NAME``); :class:`CampaignError` when refused."""
        ...

    def load(self, path: Path) -> Any:
        """The campaign saved at ``path``; :class:`CampaignFileError` (with line and column
        where it has one) when the file is broken."""
        ...

    def save(self, state: Any, path: Path) -> None:
        """Write atomically (temporary file in the same folder, then rename): a crash
        never leaves a half-written sheet. ``OSError`` when it cannot."""
        ...

    def status(self, state: Any) -> list[CampaignTable]:
        """The sheets as tables, for ``campaign status``."""
        ...

    def history(self, state: Any) -> list[str]:
        """What happened so far, one line per step (``campaign status --history``)."""
        ...

    def plan(self, state: Any, scenario: str, casual: bool) -> ScenarioPlan:
        """What playing ``scenario`` next means; :class:`CampaignError` when the campaign
        refuses it (locked or already completed in campaign mode)."""
        ...

    def before_scenario(self, state: Any, plan: ScenarioPlan, choose: Chooser | None) -> list[str]:
        """Steps between the choice of a scenario and its first round (travel: a road
        event); ``choose`` makes the party's choices (``None``: the face's bots choose).
        Returns lines for the person."""
        ...

    def after_scenario(
        self, state: Any, plan: ScenarioPlan, game: PlayableGame, seed: int
    ) -> list[str]:
        """Apply a finished (or abandoned) game to the sheets; returns lines saying what
        changed."""
        ...

    def game_seed(self, state: Any) -> int:
        """The seed of the next scenario when the person gives none (the same campaign
        file and the same steps play the same games)."""
        ...

    def actions(self) -> tuple[CampaignAction, ...]:
        """The town actions, declared."""
        ...

    def act(self, state: Any, action: str, options: Mapping[str, JSONValue]) -> list[str]:
        """Carry out ``action`` with its (parsed) options; returns lines saying what
        changed; :class:`CampaignError` when the rules refuse it (nothing changed then)."""
        ...

    def auto_town(self, state: Any) -> list[str]:
        """A bot's simple town visit (for ``campaign auto``); returns what it did."""
        ...

    def summary_row(self, state: Any) -> dict[str, JSONValue]:
        """A few numbers describing the party now (levels, gold, ...) for the per-scenario
        table of ``campaign auto``."""
        ...
