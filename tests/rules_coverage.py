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

RULE_LINE = re.compile(r"^- (GH-[A-Z]+-\d+):\s*(.*)$")
SECTION_LINE = re.compile(r"^## (.+)$")
RULE_ID = re.compile(r"\bGH-[A-Z]+-\d+\b")


def _rule_line(prefix: str) -> re.Pattern[str]:
    return RULE_LINE if prefix == "GH" else re.compile(rf"^- ({prefix}-[A-Z]+-\d+):\s*(.*)$")


def _rule_id(prefix: str) -> re.Pattern[str]:
    return RULE_ID if prefix == "GH" else re.compile(rf"\b{prefix}-[A-Z]+-\d+\b")


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


def find_rules_file() -> Path:
    shared = os.environ.get("QUESTFORGE_SHARED")
    base = Path(shared) if shared else REPO.parent / "shared"
    return base / "rules" / "gloomhaven.md"


def parse_rules(text: str, prefix: str = "GH") -> list[Rule]:
    """Every ``- GH-XXX-NN: ...`` bullet of the catalogue, with its section heading."""
    rules: list[Rule] = []
    section = ""
    rule_line = _rule_line(prefix)
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
    found: set[str] = set()
    rule_id = _rule_id(prefix)
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


def render(coverage: Coverage) -> str:
    """The Markdown table (deterministic: sorted, no dates)."""
    rules = coverage.rules
    play = [r for r in rules if r.family in SCENARIO_PLAY]
    other = [r for r in rules if r.family not in SCENARIO_PLAY]
    out = [
        "# Rules coverage (Gloomhaven)",
        "",
        "Generated by `tests/rules_coverage.py` from the rule IDs cited in `tests/**/test_*.py`",
        "(comments and docstrings) against `rules/gloomhaven.md`. Do not edit by hand; run",
        "`.venv/bin/python tests/rules_coverage.py` to refresh it.",
        "",
        f"- Scenario-play rules with a test: **{_ratio(sum(coverage.tested(r) for r in play), len(play))}**",
        f"- Other rules (components, campaign, town) with a test: "
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
        scope = "scenario play" if items[0].family in SCENARIO_PLAY else "other"
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


@dataclass(frozen=True)
class Catalogue:
    """Another ruleset's catalogue, counted into its own table (Gloomhaven's is above)."""

    name: str
    title: str
    prefix: str
    #: rule families that are not game play (components, reference values)
    other: frozenset[str]

    @property
    def output(self) -> Path:
        return TESTS / f"rules_coverage_{self.name}.md"


EXTRA: tuple[Catalogue, ...] = (
    Catalogue("witcher", "The Witcher Adventure Game", "WI", frozenset({"COMP", "REF"})),
)


def render_extra(coverage: Coverage, catalogue: Catalogue) -> str:
    """The table of another ruleset: game-play rules (every family but ``other``) first."""
    rules = coverage.rules
    play = [r for r in rules if r.family not in catalogue.other]
    rest = [r for r in rules if r.family in catalogue.other]
    out = [
        f"# Rules coverage ({catalogue.title})",
        "",
        "Generated by `tests/rules_coverage.py` from the rule IDs cited in `tests/**/test_*.py`",
        f"(comments and docstrings) against `rules/{catalogue.name}.md`. Do not edit by hand.",
        "",
        f"- Game-play rules with a test: **{_ratio(sum(coverage.tested(r) for r in play), len(play))}**",
        f"- Other rules ({', '.join(sorted(catalogue.other))}) with a test: "
        f"{_ratio(sum(coverage.tested(r) for r in rest), len(rest))}",
        f"- All rules: {_ratio(sum(coverage.tested(r) for r in rules), len(rules))}",
    ]
    unknown = coverage.unknown_ids()
    if unknown:
        out.append(f"- IDs cited in tests but not in the catalogue: {', '.join(unknown)}")
    sections: dict[str, list[Rule]] = {}
    for r in rules:
        sections.setdefault(r.section, []).append(r)
    for name, items in sections.items():
        out += ["", f"## {name}", "", "| rule | tested by | rule text |", "|---|---|---|"]
        for r in items:
            files = sorted(coverage.cited.get(r.id, ()))
            by = ", ".join(f"`{f.removeprefix('tests/')}`" for f in files) if files else "—"
            out.append(f"| {'✅' if files else '❌'} {r.id} | {by} | {_short(r.text)} |")
    return "\n".join(out) + "\n"


def _extra_tables(tests: Path, check: bool) -> int:
    """Write (or check) the table of every other catalogue found next to Gloomhaven's."""
    status = 0
    for catalogue in EXTRA:
        path = find_rules_file().with_name(f"{catalogue.name}.md")
        if not path.is_file():
            continue
        rules = parse_rules(path.read_text(encoding="utf-8"), catalogue.prefix)
        text = render_extra(scan(rules, tests, REPO, catalogue.prefix), catalogue)
        current = catalogue.output.read_text(encoding="utf-8") if catalogue.output.exists() else ""
        if check:
            if current != text:
                print(
                    f"{catalogue.output} is out of date: run .venv/bin/python tests/rules_coverage.py"
                )
                status = 1
        else:
            catalogue.output.write_text(text, encoding="utf-8")
            print(f"wrote {catalogue.output}")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", type=Path, default=None, help="the rules catalogue")
    parser.add_argument("--tests", type=Path, default=TESTS, help="the tests folder to scan")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="the Markdown file to write")
    parser.add_argument(
        "--check", action="store_true", help="do not write; exit 1 if the file is out of date"
    )
    args = parser.parse_args(argv)
    rules_path: Path = args.rules or find_rules_file()
    try:
        rules = parse_rules(rules_path.read_text(encoding="utf-8"))
    except OSError as exc:
        print(
            f"error: cannot read the rules catalogue {rules_path}: {exc.strerror}", file=sys.stderr
        )
        return 2
    if not rules:
        print(f"error: no rule IDs (- GH-XXX-NN: ...) found in {rules_path}", file=sys.stderr)
        return 2
    text = render(scan(rules, args.tests, REPO))
    extra = 0
    if args.rules is None and args.output == OUTPUT:  # the repository's own tables
        extra = _extra_tables(args.tests, args.check)
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is out of date: run .venv/bin/python tests/rules_coverage.py")
            return 1
        print(f"{args.output} is up to date")
        return extra
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return extra


if __name__ == "__main__":
    sys.exit(main())
