"""What a command's work imports: a fresh interpreter validates a pack and lists
``sys.modules``, for tests that keep start-up lean (a module imported where it is not
needed costs every user of every command its import time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

_VALIDATE = (
    "import json, sys\n"
    "from pathlib import Path\n"
    "from questforge.validator.runner import validate_paths\n"
    "report = validate_paths([Path(sys.argv[1])])\n"
    "assert report.files and report.errors == 0, 'the pack must validate clean'\n"
    "print(json.dumps(sorted(sys.modules)))\n"
)


def modules_after_validating(pack: Path) -> set[str]:
    """Every module imported by validating ``pack`` (clean) in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", _VALIDATE, str(pack)], capture_output=True, text=True, check=True
    )
    modules: list[str] = json.loads(done.stdout)
    return set(modules)
