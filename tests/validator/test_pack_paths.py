"""Packs on disk: discovery, selection of files and folders, requires, links, bad files."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.core.pack import content_files, find_packs, version_satisfies
from questforge.validator.runner import PathNotFoundError, validate_paths
from questforge.validator.schemas import SchemaStore
from tests.validator.conftest import write_json

Maker = Callable[..., Path]
Widget = Callable[..., dict[str, Any]]


def run(paths: list[Path], store: SchemaStore, base: Path, **kw: Any) -> list[tuple[str, str]]:
    report = validate_paths(paths, store=store, base=base, **kw)
    return [(f.code, f.file or "") for f in report.findings]


def test_clean_pack(
    make_pack: Maker, make_widget: Widget, store: SchemaStore, tmp_path: Path
) -> None:
    root = make_pack(
        "toys",
        {"w/a.json": make_widget("a"), "g.json": {"kind": "gadget", "id": "g", "widget": "a"}},
    )
    report = validate_paths([root], store=store, base=tmp_path)
    assert report.findings == []
    assert report.files == ["toys/g.json", "toys/pack.json", "toys/w/a.json"]


def test_folder_of_several_packs_validates_each(
    make_pack: Maker, make_widget: Widget, store: SchemaStore, tmp_path: Path
) -> None:
    make_pack("one", {"a.json": make_widget("Bad")})
    make_pack("two", {"a.json": make_widget("bad", size=0)})
    assert run([tmp_path], store, tmp_path) == [("QC010", "one/a.json"), ("QC010", "two/a.json")]


def test_single_file_is_checked_in_its_pack_context(
    make_pack: Maker, make_widget: Widget, store: SchemaStore, tmp_path: Path
) -> None:
    root = make_pack(
        "toys",
        {
            "w.json": make_widget("wheel"),
            "g.json": {"kind": "gadget", "id": "g", "widget": "wheel"},
            "other.json": make_widget("Broken"),
        },
    )
    # the reference to wheel resolves although w.json was not named; other.json is not reported
    report = validate_paths([root / "g.json"], store=store, base=tmp_path)
    assert report.findings == []
    assert report.files == ["toys/g.json"]


def test_sub_folder_of_a_pack(
    make_pack: Maker, make_widget: Widget, store: SchemaStore, tmp_path: Path
) -> None:
    root = make_pack("toys", {"sub/a.json": make_widget("A"), "b.json": make_widget("B")})
    assert run([root / "sub"], store, tmp_path) == [("QC010", "toys/sub/a.json")]


def test_loose_files_outside_any_pack(
    make_widget: Widget, store: SchemaStore, tmp_path: Path
) -> None:
    # a file in no pack names its ruleset with "$schema" (…/schema/<ruleset>/<kind>)
    write_json(tmp_path / "w.json", make_widget("w", size=0))
    assert run([tmp_path / "w.json"], store, tmp_path) == [("QC010", "w.json")]


def test_nonexistent_path_is_a_usage_error(store: SchemaStore, tmp_path: Path) -> None:
    with pytest.raises(PathNotFoundError):
        validate_paths([tmp_path / "nope"], store=store)


BAD_FILES: list[tuple[str, bytes, str]] = [
    ("malformed.json", b'{"kind": "widget",, }', "QC007"),
    ("utf16.json", '{"kind": "widget"}'.encode("utf-16"), "QC004"),
    ("latin1.json", '{"kind": "widget", "note": "Caf\u00e9"}'.encode("latin-1"), "QC004"),
    ("empty.json", b"", "QC006"),
    ("binary.json", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "QC005"),
    ("deep.json", b"[" * 10_000 + b"]" * 10_000, "QC003"),
    ("dupe.json", b'{"kind": "widget", "id": "d", "size": 1, "size": 2}', "QC008"),
]


@pytest.mark.parametrize(("name", "raw", "code"), BAD_FILES)
def test_each_bad_file_gets_exactly_one_clear_finding(
    make_pack: Maker, store: SchemaStore, tmp_path: Path, name: str, raw: bytes, code: str
) -> None:
    root = make_pack("toys", {name: raw})
    report = validate_paths([root], store=store, base=tmp_path)
    assert [(f.code, f.file) for f in report.findings] == [(code, f"toys/{name}")]
    (finding,) = report.findings
    assert finding.line is not None and finding.column is not None
    assert report.exit_code() == 1


def test_fifty_megabyte_file_is_refused_fast(
    make_pack: Maker, store: SchemaStore, tmp_path: Path
) -> None:
    import time

    root = make_pack("toys")
    with open(root / "huge.json", "wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: no 50 MB written
    start = time.perf_counter()
    assert run([root], store, tmp_path) == [("QC002", "toys/huge.json")]
    assert time.perf_counter() - start < 2


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_symlinks_escaping_the_pack_are_refused_and_not_read(
    make_pack: Maker, make_widget: Widget, store: SchemaStore, tmp_path: Path
) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text('{"kind": "widget", "id": "SECRET", "size": 0}')
    outside_dir = tmp_path / "outside"
    outside_dir.mkdir()
    (outside_dir / "x.json").write_text("not json")
    root = make_pack("toys", {"a.json": make_widget("a")})
    os.symlink(secret, root / "link.json")
    os.symlink(outside_dir, root / "linked-dir")
    report = validate_paths([root], store=store, base=tmp_path)
    assert sorted((f.code, f.file) for f in report.findings) == [
        ("QC020", "toys/link.json"),
        ("QC020", "toys/linked-dir"),
    ]
    assert all("SECRET" not in f.message for f in report.findings)
    assert "outside" in report.findings[0].message


def test_content_files_skip_hidden_folders(make_pack: Maker, tmp_path: Path) -> None:
    root = make_pack("toys", {".git/x.json": {}, "a.json": {}})
    files, problems = content_files(root)
    assert [f.name for f in files] == ["a.json", "pack.json"]
    assert problems == []


def test_find_packs_does_not_descend_into_packs(make_pack: Maker, tmp_path: Path) -> None:
    outer = make_pack("outer")
    make_pack("inner", parent=outer)
    make_pack("other", parent=tmp_path / "group")
    assert find_packs(tmp_path) == [tmp_path / "group" / "other", outer]


# --- requires ----------------------------------------------------------------------------


def test_requires_resolves_sibling_pack(
    make_pack: Maker, make_widget: Widget, store: SchemaStore, tmp_path: Path
) -> None:
    make_pack("parts", {"bolt.json": make_widget("bolt")})
    root = make_pack(
        "toys",
        {"g.json": {"kind": "gadget", "id": "g", "widget": "parts:bolt"}},
        requires=[{"id": "parts", "version": "1.0"}],
    )
    assert run([root], store, tmp_path) == []


def test_requires_found_on_the_search_path(
    make_pack: Maker, make_widget: Widget, store: SchemaStore, tmp_path: Path
) -> None:
    make_pack("parts", {"bolt.json": make_widget("bolt")}, parent=tmp_path / "lib")
    root = make_pack(
        "toys",
        {"g.json": {"kind": "gadget", "id": "g", "widget": "parts:bolt"}},
        requires=[{"id": "parts"}],
        parent=tmp_path / "work",
    )
    assert sorted(c for c, _ in run([root], store, tmp_path)) == ["QC023", "QT901"]
    assert run([root], store, tmp_path, pack_path=[tmp_path / "lib"]) == []


@pytest.mark.parametrize(
    "entry",
    [
        {"id": "../evil"},
        {"id": "https://example.invalid/pack"},
        {"id": "/etc"},
        "file:///etc/passwd",
    ],
)
def test_requires_pointing_to_a_path_or_url_is_refused(
    make_pack: Maker, store: SchemaStore, tmp_path: Path, entry: Any
) -> None:
    root = make_pack("toys", requires=[entry])
    report = validate_paths([root], store=store, base=tmp_path)
    location = [f for f in report.findings if f.code == "QC022"]
    assert len(location) == 1
    assert location[0].file == "toys/pack.json"
    assert location[0].line is not None and location[0].line > 1
    assert report.exit_code() == 1


def test_requires_version_mismatch_is_a_warning(
    make_pack: Maker, store: SchemaStore, tmp_path: Path
) -> None:
    make_pack("parts")
    root = make_pack("toys", requires=[{"id": "parts", "version": "2.0"}])
    assert run([root], store, tmp_path) == [("QC024", "toys/pack.json")]


def test_requires_itself(make_pack: Maker, store: SchemaStore, tmp_path: Path) -> None:
    root = make_pack("toys", requires=[{"id": "toys"}])
    assert ("QC025", "toys/pack.json") in run([root], store, tmp_path)


@pytest.mark.parametrize(
    ("have", "want", "ok"),
    [
        ("1.2.0", "1.0", True),
        ("1.2.0", "^1.3", False),
        ("2.0.0", "1.0", False),
        ("2.0.0", ">=1.0", True),
        ("1.0.0", "==1.0", True),
        ("1.0.1", "==1.0", False),
        ("1.0.0", None, True),
    ],
)
def test_version_satisfies(have: str, want: str | None, ok: bool) -> None:
    assert version_satisfies(have, want) is ok


def test_explicitly_named_file_is_validated_even_if_discovery_skips_it(
    make_pack: Maker, store: SchemaStore, tmp_path: Path
) -> None:
    root = make_pack("toys", {"notes.txt": "not json at all"})
    assert run([root], store, tmp_path) == []  # discovery only looks at *.json
    assert run([root / "notes.txt"], store, tmp_path) == [("QC007", "toys/notes.txt")]


def test_folder_with_packs_and_loose_files(
    make_pack: Maker, make_widget: Widget, store: SchemaStore, tmp_path: Path
) -> None:
    make_pack("one", {"a.json": make_widget("a")}, parent=tmp_path / "packs")
    write_json(tmp_path / "packs" / "loose.json", make_widget("l", size=0))
    (tmp_path / "packs" / ".hidden").mkdir()
    (tmp_path / "packs" / ".hidden" / "x.json").write_text("nope")
    report = validate_paths([tmp_path / "packs"], store=store, base=tmp_path)
    assert [(f.code, f.file) for f in report.findings] == [("QC010", "packs/loose.json")]
    assert report.files == ["packs/loose.json", "packs/one/a.json", "packs/one/pack.json"]
