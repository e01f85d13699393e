"""A validation run leaves nothing for the cyclic garbage collector.

``validate_paths`` pauses the collector while it runs: the JSON trees, contexts and built
maps of a run must be freed by reference counting alone. A reference cycle through the
check context (a helper stored on the context that pointed back at it) kept every document
of a pack alive until the collector's first pass after the run walked them all - about a
tenth of a full run over 1,000 files.
"""

from __future__ import annotations

import gc
from pathlib import Path

from questforge.validator.context import CheckContext
from questforge.validator.document import LoadedDocument
from questforge.validator.runner import validate_paths

SAMPLE = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"


def _alive(kind: type) -> int:
    return sum(1 for o in gc.get_objects() if type(o) is kind)


def test_a_pack_run_frees_its_documents_without_the_cyclic_collector() -> None:
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        contexts = _alive(CheckContext)
        documents = _alive(LoadedDocument)
        report = validate_paths([SAMPLE])
        assert report.files, "the sample pack was validated"
        # every scenario check ran (maps built, tiles resolved through the context) ...
        assert len(report.files) > 100
        # ... and nothing of the run waits for a collection
        assert _alive(CheckContext) == contexts
        assert _alive(LoadedDocument) == documents
        assert gc.collect() == 0
    finally:
        if was_enabled:
            gc.enable()
