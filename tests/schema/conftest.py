"""Fixtures for the schema tests: python-jsonschema (the reference validator) over the
shipped schemas, with a local registry so no ``$ref`` ever reaches the network."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jsonschema
import pytest

from questforge.schema import registry, schema_by_id, schema_id


@pytest.fixture(scope="session")
def errors_for() -> Callable[[dict[str, Any]], list[jsonschema.ValidationError]]:
    """Validate a document against the schema its ``$schema`` names; return the errors."""
    reg = registry()
    cache: dict[str, jsonschema.Draft202012Validator] = {}

    def check(document: dict[str, Any]) -> list[jsonschema.ValidationError]:
        sid = document.get("$schema") or schema_id(
            "common" if document["kind"] == "pack" else "gloomhaven", document["kind"]
        )
        if sid not in cache:
            cache[sid] = jsonschema.Draft202012Validator(schema_by_id(sid), registry=reg)
        return list(cache[sid].iter_errors(document))

    return check
