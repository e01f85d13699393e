"""Test helpers for the Arkham checks: the sample pack as an in-memory dict of documents.

``base_pack()`` returns a fresh copy of ``content/arkham-sample`` (clean: no finding); a test
breaks it in one way and asserts the one code that must fire.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from questforge.validator.document import LoadedDocument
from questforge.validator.runner import Report, validate_documents

SAMPLE = Path(__file__).resolve().parents[2] / "content" / "arkham-sample"
Files = dict[str, dict[str, Any]]
BOARD = "board/harrowmere.json"


@cache
def _sample() -> Files:
    return {
        str(p.relative_to(SAMPLE)): json.loads(p.read_text(encoding="utf-8"))
        for p in sorted(SAMPLE.rglob("*.json"))
    }


def base_pack() -> Files:
    return copy.deepcopy(_sample())


def run(files: Files) -> Report:
    return validate_documents([LoadedDocument(name=n, data=d) for n, d in files.items()])


def area(files: Files, section: str, ident: str) -> tuple[int, dict[str, Any]]:
    """Index and data of the board area ``ident`` in ``section``."""
    for i, item in enumerate(files[BOARD][section]):
        if item["id"] == ident:
            return i, item
    raise KeyError(ident)
