"""Fixtures for the live-validation tests: the sample pack as in-memory documents (with
their text, as the editor holds them) and a generated scenario from the benchmark's
generator (loaded by file path, so the benchmark and the tests share one generator)."""

from __future__ import annotations

import copy
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from questforge.validator.document import LoadedDocument

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "validate_live.py"


def _load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("qf_validate_live_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def live_bench() -> ModuleType:
    return _load_benchmark()


@pytest.fixture(scope="session")
def _pack_sources(live_bench: ModuleType, sample_pack: Path) -> list[tuple[str, Any, str | None]]:
    return [(d.name, d.data, d.text) for d in live_bench.load_pack(sample_pack)]


@pytest.fixture
def pack_documents(_pack_sources: list[tuple[str, Any, str | None]]) -> list[LoadedDocument]:
    """Fresh documents of the sample pack (deep copies: tests may edit them)."""
    return [
        LoadedDocument(name, copy.deepcopy(data), text=text) for name, data, text in _pack_sources
    ]


@pytest.fixture
def generated_scenario(
    live_bench: ModuleType, pack_documents: list[LoadedDocument]
) -> LoadedDocument:
    """A 20-tile generated scenario (rooms, doors, monsters, overlays) as a new document."""
    tiles, monsters = live_bench.sample_inputs(pack_documents)
    data = live_bench.generate_scenario(tiles, monsters, count=20, per_row=5, monster_count=30)
    return LoadedDocument("gloomhaven-sample/scenarios/generated.json", data)
