"""Validation speed: questforge validate against check-jsonschema on 5,000 generated files.

Run from the repository root::

    .venv/bin/python benchmarks/validate.py            # 5,000 files
    .venv/bin/python benchmarks/validate.py --files 1000 --keep /tmp/bench-pack

It generates one pack of N content files in a temporary folder by copying every content
file of the bundled sample pack (scenarios, monsters, ability decks, map tiles, ...) over
and over, with ids (and the references to them) renamed per copy so the pack stays valid
and every semantic check has real work to do. Then, on the same files, it times:

1. ``questforge validate --schema-only`` in-process (``validate_paths``; includes compiling
   the validators) and as a subprocess (the console script, start-up included);
2. full ``questforge validate`` (schema + semantic checks), in-process and as a subprocess;
3. ``check-jsonschema --schemafile <schema> FILES...`` (subprocess, one run per kind) with
   the self-contained schemas of ``questforge schema export --bundle``: the same schemas,
   checked by python-jsonschema.

It prints a table and the ratios. Goals (issue 2 §5): schema-only validation at least 10x
faster than check-jsonschema; full semantic validation faster than check-jsonschema's
schema-only pass. The schema-only runs and check-jsonschema must agree that every file is
valid (exit 0; the script's exit status says whether they did). The full run reports some
semantic findings (exit 1) that copying causes - e.g. treasure and event *numbers*, which
must be unique in a pack, repeat in every copy - so it does all the work of a real pack.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "content" / "gloomhaven-sample"
VENV_BIN = Path(sys.executable).parent


def _rename(node: Any, ids: set[str], suffix: str, pack_id: str) -> Any:
    if isinstance(node, dict):
        return {k: _rename(v, ids, suffix, pack_id) for k, v in node.items()}
    if isinstance(node, list):
        return [_rename(v, ids, suffix, pack_id) for v in node]
    if isinstance(node, str):
        if node in ids:
            return node + suffix
        if node.startswith(pack_id + ":") and node.split(":", 1)[1] in ids:
            return node + suffix
    return node


def _enum_strings(node: Any, out: set[str]) -> set[str]:
    """Every string a schema lists in ``enum`` or ``const`` (condition names, ...)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "enum" and isinstance(value, list):
                out.update(v for v in value if isinstance(v, str))
            elif key == "const" and isinstance(value, str):
                out.add(value)
            else:
                _enum_strings(value, out)
    elif isinstance(node, list):
        for value in node:
            _enum_strings(value, out)
    return out


def generate(target: Path, count: int) -> dict[str, list[Path]]:
    """Write a pack of ``count`` content files (plus pack.json); returns files by kind.

    Each copy of the sample content gets its ids suffixed (``-c7``) and every string equal
    to a sample id renamed the same way, so references keep resolving. An id that is also a
    schema keyword value (a card called ``curse`` next to the condition ``curse``) cannot be
    renamed safely: such documents are written once only.
    """
    from questforge.validator.schemas import default_store

    keywords: set[str] = set()
    for entry in default_store():
        _enum_strings(entry.schema, keywords)
    manifest = json.loads((SAMPLE / "pack.json").read_text(encoding="utf-8"))
    templates = []
    for path in sorted(SAMPLE.rglob("*.json")):
        if path.name == "pack.json":
            continue
        templates.append((path.relative_to(SAMPLE), json.loads(path.read_text("utf-8"))))
    if not templates:
        raise SystemExit("the sample pack has no content files to use as templates")
    all_ids = {data["id"] for _, data in templates if isinstance(data.get("id"), str)}
    ids = all_ids - keywords
    target.mkdir(parents=True, exist_ok=True)
    (target / "pack.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    by_kind: dict[str, list[Path]] = defaultdict(list)
    by_kind["pack"].append(target / "pack.json")
    written = 0
    copy = 0
    while written < count:
        suffix = f"-c{copy}"
        for rel, data in templates:
            if written >= count:
                break
            if copy > 0 and data.get("id") not in ids:
                continue
            renamed = _rename(data, ids, suffix, manifest["id"])
            path = target / f"copy-{copy:04d}" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(renamed, indent=2), encoding="utf-8")
            by_kind[data["kind"]].append(path)
            written += 1
        copy += 1
    return dict(by_kind)


def _timed(cmd: list[str], cwd: Path) -> tuple[float, int, str]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    return time.perf_counter() - start, proc.returncode, (proc.stdout + proc.stderr)[-2000:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=5000, help="content files to generate")
    parser.add_argument("--keep", type=Path, default=None, help="generate into this folder")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="qf-bench-"))
    pack = args.keep or workdir / "bench-pack"
    if pack.exists():
        shutil.rmtree(pack)
    print(f"generating {args.files} files in {pack} ...", flush=True)
    by_kind = generate(pack, args.files)
    total = sum(len(v) for v in by_kind.values())
    print("  " + ", ".join(f"{k}: {len(v)}" for k, v in sorted(by_kind.items())))

    schemas = workdir / "bundled"
    subprocess.run(
        [str(VENV_BIN / "questforge"), "schema", "export", str(schemas), "--bundle"],
        check=True,
        capture_output=True,
    )

    rows: list[tuple[str, float, int]] = []

    from questforge.validator.runner import validate_paths

    start = time.perf_counter()
    report = validate_paths([pack], schema_only=True, base=workdir)
    rows.append(
        ("questforge --schema-only (in-process)", time.perf_counter() - start, report.exit_code())
    )
    start = time.perf_counter()
    report = validate_paths([pack], base=workdir)
    rows.append(("questforge full (in-process)", time.perf_counter() - start, report.exit_code()))
    if report.findings:
        print(
            f"  note: full validation found {len(report.findings)} findings, e.g. "
            f"{report.findings[0].code} {report.findings[0].message}"
        )

    qf = str(VENV_BIN / "questforge")
    out = workdir / "out.json"
    seconds, code, _ = _timed(
        [qf, "validate", str(pack), "--schema-only", "--format", "json", "-o", str(out)], workdir
    )
    rows.append(("questforge --schema-only (subprocess)", seconds, code))
    seconds, code, _ = _timed(
        [qf, "validate", str(pack), "--format", "json", "-o", str(out)], workdir
    )
    rows.append(("questforge full (subprocess)", seconds, code))

    cj = str(VENV_BIN / "check-jsonschema")
    cj_total = 0.0
    cj_code = 0
    for kind, files in sorted(by_kind.items()):
        folder = "common" if (schemas / "common" / f"{kind}.schema.json").exists() else "gloomhaven"
        schema = schemas / folder / f"{kind}.schema.json"
        seconds, code, tail = _timed([cj, "--schemafile", str(schema), *map(str, files)], workdir)
        if code != 0:
            print(f"  check-jsonschema exit {code} on {kind}:\n{tail}")
        cj_total += seconds
        cj_code = max(cj_code, code)
    rows.append((f"check-jsonschema ({len(by_kind)} runs, one per kind)", cj_total, cj_code))

    print(f"\n{total} files\n")
    print(f"{'run':<44} {'seconds':>9} {'files/s':>9} {'exit':>5}")
    for name, seconds, code in rows:
        print(f"{name:<44} {seconds:>9.3f} {total / seconds:>9.0f} {code:>5}")
    times = {name: seconds for name, seconds, _ in rows}
    cj_time = rows[-1][1]
    print("\nratios (check-jsonschema time / questforge time; higher is faster):")
    for name, seconds, _ in rows[:-1]:
        print(f"  {name:<42} {cj_time / seconds:>7.1f}x")
    schema_ratio = cj_time / times["questforge --schema-only (subprocess)"]
    full_ratio = cj_time / times["questforge full (subprocess)"]
    print(
        f"\ngoal schema-only >= 10x (subprocess vs subprocess): {schema_ratio:.1f}x "
        f"{'MET' if schema_ratio >= 10 else 'NOT MET'}"
    )
    print(
        f"goal full < check-jsonschema schema-only:           {full_ratio:.1f}x "
        f"{'MET' if full_ratio > 1 else 'NOT MET'}"
    )
    if args.keep is None:
        shutil.rmtree(workdir, ignore_errors=True)
    schema_runs = [code for name, _, code in rows if "full" not in name]
    return 0 if all(code == 0 for code in schema_runs) else 1


if __name__ == "__main__":
    sys.exit(main())
