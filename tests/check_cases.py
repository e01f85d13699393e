"""The "every check fires on a broken fixture" harness, shared by the four rulesets' tests.

Each ruleset's test module keeps its own table ``CASES``: check code -> (what is broken,
a mutation of the valid fixture pack, the file and JSON path where the finding must be
reported[, the codes that may fire beside it]). The mutations below are the common
spellings of "break the pack in one way"; the assertions are the same contract for every
ruleset: the base pack is clean, every registered check has a case, and each case makes
its check fire at the right place with nothing else reported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

#: file name (relative to the pack) -> its JSON document
Files = dict[str, Any]
Mutate = Callable[[Files], Any]
Run = Callable[[Files], Any]


def _walk(files: Files, file: str, path: tuple[Any, ...]) -> Any:
    node: Any = files[file]
    for part in path:
        node = node[part]
    return node


def set_at(file: str, *path: Any, value: Any) -> Mutate:
    """Set ``file``'s value at ``path`` to ``value``."""

    def mutate(files: Files) -> None:
        _walk(files, file, path[:-1])[path[-1]] = value

    return mutate


def delete_at(file: str, *path: Any) -> Mutate:
    """Delete ``file``'s member or item at ``path``."""

    def mutate(files: Files) -> None:
        del _walk(files, file, path[:-1])[path[-1]]

    return mutate


def append_to(file: str, *path: Any, value: Any) -> Mutate:
    """Append ``value`` to the list at ``path`` (a missing last member starts a list)."""

    def mutate(files: Files) -> None:
        parent = _walk(files, file, path[:-1])
        if isinstance(parent, dict):
            parent.setdefault(path[-1], []).append(value)
        else:
            parent[path[-1]].append(value)

    return mutate


def put_file(name: str, data: Any) -> Mutate:
    """Add (or replace) the file ``name``."""

    def mutate(files: Files) -> None:
        files[name] = data

    return mutate


def delete_file(name: str) -> Mutate:
    def mutate(files: Files) -> None:
        del files[name]

    return mutate


def many(*steps: Mutate) -> Mutate:
    """Several mutations as one case."""

    def mutate(files: Files) -> None:
        for step in steps:
            step(files)

    return mutate


def found(report: Any) -> list[tuple[str, str, tuple[Any, ...], str]]:
    return [(f.code, f.file, f.path, f.message) for f in report.findings]


def assert_clean(run: Run, base_pack: Callable[[], Files]) -> None:
    assert found(run(base_pack())) == []


def assert_cases_complete(registered: Iterable[str], cases: dict[str, Any]) -> None:
    codes = set(registered)
    assert codes == set(cases), (
        f"missing cases: {sorted(codes - set(cases))}; stale cases: {sorted(set(cases) - codes)}"
    )


def assert_fires(
    code: str,
    case: tuple[Any, ...],
    run: Run,
    base_pack: Callable[[], Files],
    companions: Iterable[str] = (),
) -> None:
    """``case`` makes ``code`` fire in its file at its JSON path; nothing but ``code`` and
    ``companions`` is reported; every message is a sentence, never a traceback."""
    what, mutate, file, path = case[:4]
    files = base_pack()
    mutate(files)
    report = run(files)
    seen = found(report)
    assert any(f.code == code for f in report.findings), f"{code} ({what}): nothing: {seen}"
    assert {f.code for f in report.findings} <= {code, *companions}, f"{code} ({what}): {seen}"
    assert any(f.code == code and f.file == file and f.path == path for f in report.findings), seen
    for finding in report.findings:
        assert finding.message and "Traceback" not in finding.message
