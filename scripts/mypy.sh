#!/usr/bin/env bash
# mypy cannot follow setuptools' editable finder for the mapped folders, so type-check a
# tree of symlinks that looks like the installed questforge package.
set -euo pipefail
VENV="${1:-.venv}"
root="$(cd "$(dirname "$0")/.." && pwd)"
case "$VENV" in /*) ;; *) VENV="$root/$VENV" ;; esac
tree="$(mktemp -d)"
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/questforge"
for f in "$root"/questforge/*; do ln -s "$f" "$tree/questforge/$(basename "$f")"; done
for pair in engine:engine validator:validator editor:editor schema:schema content:content; do
  ln -s "$root/${pair##*:}" "$tree/questforge/${pair%%:*}"
done
cd "$tree"
"$VENV/bin/mypy" --config-file "$root/pyproject.toml" -p questforge
