"""Which rules of the Gloomhaven catalogue have tests: writes ``tests/rules_coverage.md``.

Engine tests cite the rule they check in a comment (``# GH-ATK-07``). This script reads the
rule IDs of ``rules/gloomhaven.md`` (the shared rules catalogue), scans every test module
under ``tests/`` for rule IDs in comments and docstrings, and writes a table: per catalogue
section, each rule, whether it is tested and by which test files. The scenario-play sections
(what the engine implements) are summarised separately from the campaign and component
sections, which a scenario engine does not play.

Run from the repository root::

    .venv/bin/python tests/rules_coverage.py            # (re)write tests/rules_coverage.md
    .venv/bin/python tests/rules_coverage.py --check    # exit 1 if the file is out of date
    .venv/bin/python tests/rules_coverage.py --rules ../shared/rules/gloomhaven.md

The catalogue is looked up in ``$QUESTFORGE_SHARED/rules/gloomhaven.md``, else in
``../shared/rules/gloomhaven.md`` next to the repository.
"""

from __future__ import annotations

import argparse
import ast
import io
import os
import re
import sys
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"
OUTPUT = TESTS / "rules_coverage.md"

RULE_LINE = re.compile(r"^- (GH-[A-Z]+-[A-Z]?\d+):\s*(.*)$")
SECTION_LINE = re.compile(r"^## (.+)$")
RULE_ID = re.compile(r"\bGH-[A-Z]+-[A-Z]?\d+\b")


def _rule_line(prefix: str) -> re.Pattern[str]:
    return RULE_LINE if prefix == "GH" else re.compile(rf"^- ({prefix}-[A-Z]+-[A-Z]?\d+):\s*(.*)$")


def _rule_id(prefix: str) -> re.Pattern[str]:
    return RULE_ID if prefix == "GH" else re.compile(rf"\b{prefix}-[A-Z]+-[A-Z]?\d+\b")


#: rule families the scenario engine plays (the rest are components, campaign and town)
SCENARIO_PLAY = frozenset(
    [
        "MSTAT",
        "MABIL",
        "AMD",
        "SETUP",
        "LEVEL",
        "VAR",
        "ROUND",
        "SEL",
        "REST",
        "INIT",
        "TURN",
        "MOVE",
        "ROOM",
        "ATK",
        "LOS",
        "ADV",
        "AOE",
        "EFF",
        "COND",
        "ELEM",
        "BONUS",
        "SHLD",
        "RET",
        "HEAL",
        "SUMM",
        "RECOV",
        "LOOT",
        "XP",
        "DMG",
        "EXH",
        "MORD",
        "FOCUS",
        "MMOVE",
        "MHAZ",
        "MATK",
        "MOTH",
        "AMBIG",
        "BOSS",
        "MAP",
        "DOOR",
        "CORR",
        "TRAP",
        "HAZ",
        "DIFF",
        "TREAS",
        "OBST",
        "EOR",
        "END",
        "SPEC",
        "REF",
    ]
)


@dataclass(frozen=True)
class Game:
    """One rules catalogue and the table written for it."""

    name: str
    title: str
    prefix: str
    #: rule families the engine plays (the rest are components, references, campaign);
    #: ``None``: every family but ``not_play``
    play: frozenset[str] | None
    play_label: str
    other_label: str
    output: Path
    not_play: frozenset[str] = frozenset()
    #: single rules that state component facts or that the source left without an effect
    not_play_ids: frozenset[str] = frozenset()

    def in_play(self, family: str, rule_id: str = "") -> bool:
        if rule_id in self.not_play_ids or family in self.not_play:
            return False
        return self.play is None or family in self.play


GLOOMHAVEN = Game(
    "gloomhaven",
    "Gloomhaven",
    "GH",
    SCENARIO_PLAY,
    "Scenario-play rules",
    "Other rules (components, campaign, town)",
    OUTPUT,
)
ARKHAM = Game(
    "arkham",
    "Arkham Horror",
    "AH",
    # every family but the component list (AH-COMP) and the reference values (AH-REF)
    frozenset(
        [
            "SETUP",
            "TURN",
            "UPK",
            "MOVE",
            "OW",
            "DELAY",
            "ENC",
            "OWE",
            "EMON",
            "MYTH",
            "GATE",
            "CLUE",
            "MMOVE",
            "FLY",
            "MYTHA",
            "SKILL",
            "CHECK",
            "EVADE",
            "CMB",
            "WPN",
            "SPELL",
            "STAT",
            "CLOSE",
            "SEAL",
            "ELDER",
            "LIMIT",
            "OUT",
            "TERROR",
            "AWAKE",
            "FINAL",
            "WIN",
            "SCORE",
            "MISC",
        ]
    ),
    "Game-play rules",
    "Other rules (components, reference values)",
    TESTS / "rules_coverage_arkham.md",
)
DESCENT = Game(
    "descent",
    "Descent: Journeys in the Dark",
    "DJ",
    None,
    "Scenario-play rules",
    "Other rules (component and source facts, skill cards without an effect)",
    TESTS / "rules_coverage_descent.md",
    not_play_ids=frozenset(
        [
            *("DJ-REF-01", "DJ-REF-17", "DJ-REF-19", "DJ-REF-22", "DJ-REF-38", "DJ-REF-42"),
            *("DJ-SKILL-M16", "DJ-SKILL-R13", "DJ-SKILL-G06", "DJ-SKILL-G08"),
        ]
    ),
)
WITCHER = Game(
    "witcher",
    "The Witcher Adventure Game",
    "WI",
    None,
    "Game-play rules",
    "Other rules (components, reference values)",
    TESTS / "rules_coverage_witcher.md",
    not_play=frozenset({"COMP", "REF"}),
)
GAMES: dict[str, Game] = {g.name: g for g in (GLOOMHAVEN, DESCENT, ARKHAM, WITCHER)}


@dataclass(frozen=True)
class Rule:
    id: str
    section: str
    text: str

    @property
    def family(self) -> str:
        return self.id.split("-")[1]


@dataclass
class Coverage:
    rules: list[Rule]
    #: rule id -> test files (relative to the repository) citing it
    cited: dict[str, set[str]] = field(default_factory=dict)

    def tested(self, rule: Rule) -> bool:
        return bool(self.cited.get(rule.id))

    def unknown_ids(self) -> list[str]:
        """IDs cited in tests that the catalogue does not have (typos, usually)."""
        known = {r.id for r in self.rules}
        return sorted(i for i in self.cited if i not in known)


def find_rules_file(game: str = "gloomhaven") -> Path:
    shared = os.environ.get("QUESTFORGE_SHARED")
    base = Path(shared) if shared else REPO.parent / "shared"
    return base / "rules" / f"{game}.md"


def parse_rules(text: str, prefix: str = "GH") -> list[Rule]:
    """Every ``- GH-XXX-NN: ...`` bullet of the catalogue, with its section heading."""
    rule_line = _rule_line(prefix)
    rules: list[Rule] = []
    section = ""
    for line in text.splitlines():
        m = SECTION_LINE.match(line)
        if m:
            section = m.group(1).strip()
            continue
        m = rule_line.match(line)
        if m:
            rules.append(Rule(m.group(1), section, m.group(2).strip()))
    return rules


def cited_ids(source: str, prefix: str = "GH") -> set[str]:
    """Rule IDs cited in the comments and docstrings of one Python module.

    Other string literals do not count: a test may hold catalogue text as data (this
    generator's own tests do) without claiming to test those rules.
    """
    rule_id = _rule_id(prefix)
    found: set[str] = set()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
        tree = ast.parse(source)
    except (tokenize.TokenError, SyntaxError, ValueError):
        return set()
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            found.update(rule_id.findall(tok.string))
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                found.update(rule_id.findall(doc))
    return found


def test_files(root: Path) -> Iterable[Path]:
    return sorted(p for p in root.rglob("test_*.py") if ".venv" not in p.parts)


def scan(rules: list[Rule], tests_root: Path, repo: Path, prefix: str = "GH") -> Coverage:
    coverage = Coverage(rules)
    for path in test_files(tests_root):
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        try:
            rel = path.relative_to(repo).as_posix()
        except ValueError:
            rel = path.as_posix()
        for rule_id in cited_ids(source, prefix):
            coverage.cited.setdefault(rule_id, set()).add(rel)
    return coverage


def _short(text: str, limit: int = 90) -> str:
    text = text.replace("|", "\\|")
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _ratio(done: int, total: int) -> str:
    return f"{done}/{total} ({100 * done / total:.0f}%)" if total else "0/0"


def render(coverage: Coverage, game: Game = GLOOMHAVEN) -> str:
    """The Markdown table (deterministic: sorted, no dates)."""
    rules = coverage.rules
    play = [r for r in rules if game.in_play(r.family, r.id)]
    other = [r for r in rules if not game.in_play(r.family, r.id)]
    out = [
        f"# Rules coverage ({game.title})",
        "",
        "Generated by `tests/rules_coverage.py` from the rule IDs cited in `tests/**/test_*.py`",
        f"(comments and docstrings) against `rules/{game.name}.md`. Do not edit by hand; run",
        "`.venv/bin/python tests/rules_coverage.py` to refresh it.",
        "",
        f"- {game.play_label} with a test: **{_ratio(sum(coverage.tested(r) for r in play), len(play))}**",
        f"- {game.other_label} with a test: "
        f"{_ratio(sum(coverage.tested(r) for r in other), len(other))}",
        f"- All rules: {_ratio(sum(coverage.tested(r) for r in rules), len(rules))}",
    ]
    unknown = coverage.unknown_ids()
    if unknown:
        out.append(f"- IDs cited in tests but not in the catalogue: {', '.join(unknown)}")
    out += ["", "## Summary by section", "", "| section | scope | tested |", "|---|---|---|"]
    sections: dict[str, list[Rule]] = {}
    for r in rules:
        sections.setdefault(r.section, []).append(r)
    for name, items in sections.items():
        play_scope = "scenario play" if game is GLOOMHAVEN else "game play"
        scope = play_scope if game.in_play(items[0].family, items[0].id) else "other"
        done = sum(coverage.tested(r) for r in items)
        out.append(f"| {name} | {scope} | {_ratio(done, len(items))} |")
    for name, items in sections.items():
        out += ["", f"## {name}", "", "| rule | tested by | rule text |", "|---|---|---|"]
        for r in items:
            files = sorted(coverage.cited.get(r.id, ()))
            by = ", ".join(f"`{f.removeprefix('tests/')}`" for f in files) if files else "—"
            mark = "✅" if files else "❌"
            out.append(f"| {mark} {r.id} | {by} | {_short(r.text)} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", type=Path, default=None, help="the rules catalogue")
    parser.add_argument("--tests", type=Path, default=TESTS, help="the tests folder to scan")
    parser.add_argument("--output", type=Path, default=None, help="the Markdown file to write")
    parser.add_argument(
        "--game",
        choices=sorted(GAMES),
        default=None,
        help="one catalogue (default: every catalogue; gloomhaven when --rules is given)",
    )
    parser.add_argument(
        "--check", action="store_true", help="do not write; exit 1 if the file is out of date"
    )
    args = parser.parse_args(argv)
    if args.game is not None:
        games = [GAMES[args.game]]
    elif args.rules is not None or args.output is not None:
        games = [GLOOMHAVEN]
    else:
        games = list(GAMES.values())
    worst = 0
    for game in games:
        worst = max(worst, _one(game, args, explicit=len(games) == 1))
    return worst


def _one(game: Game, args: argparse.Namespace, explicit: bool) -> int:
    rules_path: Path = args.rules or find_rules_file(game.name)
    output: Path = args.output or game.output
    if not explicit and game is not GLOOMHAVEN and not rules_path.exists():
        print(f"{rules_path} not found: {game.title} coverage skipped")
        return 0
    try:
        rules = parse_rules(rules_path.read_text(encoding="utf-8"), game.prefix)
    except OSError as exc:
        print(
            f"error: cannot read the rules catalogue {rules_path}: {exc.strerror}", file=sys.stderr
        )
        return 2
    if not rules:
        print(
            f"error: no rule IDs (- {game.prefix}-XXX-NN: ...) found in {rules_path}",
            file=sys.stderr,
        )
        return 2
    text = render(scan(rules, args.tests, REPO, game.prefix), game)
    if args.check:
        current = output.read_text(encoding="utf-8") if output.exists() else ""
        if current != text:
            print(f"{output} is out of date: run .venv/bin/python tests/rules_coverage.py")
            return 1
        print(f"{output} is up to date")
        return 0
    output.write_text(text, encoding="utf-8")
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
