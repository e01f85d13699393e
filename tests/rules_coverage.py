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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"
OUTPUT = TESTS / "rules_coverage.md"

RULE_LINE = re.compile(r"^- (GH-[A-Z]+-\d+):\s*(.*)$")
SECTION_LINE = re.compile(r"^## (.+)$")
RULE_ID = re.compile(r"\bGH-[A-Z]+-\d+\b")

#: Descent's catalogue gets its own table (``DJ-SKILL-M01`` ids have a letter in the number)
DJ_RULE_LINE = re.compile(r"^- (DJ-[A-Z]+-[A-Z]?\d+):\s*(.*)$")
DJ_RULE_ID = re.compile(r"\bDJ-[A-Z]+-[A-Z]?\d+\b")
DJ_OUTPUT = TESTS / "rules_coverage_descent.md"
#: Descent rules that state component or source facts, not scenario play, and skill cards
#: whose effect the source lost ("gains ..."): there is no rule to play
DJ_NOT_PLAY = frozenset(
    [
        *("DJ-REF-01", "DJ-REF-17", "DJ-REF-19", "DJ-REF-22", "DJ-REF-38", "DJ-REF-42"),
        *("DJ-SKILL-M16", "DJ-SKILL-R13", "DJ-SKILL-G06", "DJ-SKILL-G08"),
    ]
)

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


def parse_rules(text: str, line_re: re.Pattern[str] = RULE_LINE) -> list[Rule]:
    """Every ``- GH-XXX-NN: ...`` bullet of the catalogue, with its section heading."""
    rules: list[Rule] = []
    section = ""
    for line in text.splitlines():
        m = SECTION_LINE.match(line)
        if m:
            section = m.group(1).strip()
            continue
        m = line_re.match(line)
        if m:
            rules.append(Rule(m.group(1), section, m.group(2).strip()))
    return rules


def cited_ids(source: str, id_re: re.Pattern[str] = RULE_ID) -> set[str]:
    """Rule IDs cited in the comments and docstrings of one Python module.

    Other string literals do not count: a test may hold catalogue text as data (this
    generator's own tests do) without claiming to test those rules.
    """
    found: set[str] = set()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
        tree = ast.parse(source)
    except (tokenize.TokenError, SyntaxError, ValueError):
        return set()
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            found.update(id_re.findall(tok.string))
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                found.update(id_re.findall(doc))
    return found


def test_files(root: Path) -> Iterable[Path]:
    return sorted(p for p in root.rglob("test_*.py") if ".venv" not in p.parts)


def scan(
    rules: list[Rule], tests_root: Path, repo: Path, id_re: re.Pattern[str] = RULE_ID
) -> Coverage:
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
        for rule_id in cited_ids(source, id_re):
            coverage.cited.setdefault(rule_id, set()).add(rel)
    return coverage


def _short(text: str, limit: int = 90) -> str:
    text = text.replace("|", "\\|")
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _ratio(done: int, total: int) -> str:
    return f"{done}/{total} ({100 * done / total:.0f}%)" if total else "0/0"


def _gh_play(rule: Rule) -> bool:
    return rule.family in SCENARIO_PLAY


def render(
    coverage: Coverage,
    game: str = "Gloomhaven",
    catalogue: str = "gloomhaven",
    is_play: Callable[[Rule], bool] = _gh_play,
    other_label: str = "components, campaign, town",
) -> str:
    """The Markdown table (deterministic: sorted, no dates)."""
    rules = coverage.rules
    play = [r for r in rules if is_play(r)]
    other = [r for r in rules if not is_play(r)]
    out = [
        f"# Rules coverage ({game})",
        "",
        "Generated by `tests/rules_coverage.py` from the rule IDs cited in `tests/**/test_*.py`",
        f"(comments and docstrings) against `rules/{catalogue}.md`. Do not edit by hand; run",
        "`.venv/bin/python tests/rules_coverage.py` to refresh it.",
        "",
        f"- Scenario-play rules with a test: **{_ratio(sum(coverage.tested(r) for r in play), len(play))}**",
        f"- Other rules ({other_label}) with a test: "
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
        scope = "scenario play" if is_play(items[0]) else "other"
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
    outputs = [(args.output, render(scan(rules, args.tests, REPO)))]
    descent = rules_path.with_name("descent.md")
    if args.rules is None and descent.exists():  # each catalogue counts into its own table
        dj_rules = parse_rules(descent.read_text(encoding="utf-8"), DJ_RULE_LINE)
        dj = scan(dj_rules, args.tests, REPO, DJ_RULE_ID)
        outputs.append(
            (
                DJ_OUTPUT,
                render(
                    dj,
                    "Descent",
                    "descent",
                    lambda r: r.id not in DJ_NOT_PLAY,
                    "component facts, skills whose effect the source lost",
                ),
            )
        )
    status = 0
    for output, text in outputs:
        if args.check:
            current = output.read_text(encoding="utf-8") if output.exists() else ""
            if current != text:
                print(f"{output} is out of date: run .venv/bin/python tests/rules_coverage.py")
                status = 1
            else:
                print(f"{output} is up to date")
            continue
        output.write_text(text, encoding="utf-8")
        print(f"wrote {output}")
    return status


if __name__ == "__main__":
    sys.exit(main())
