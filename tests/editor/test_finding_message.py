"""``finding_message``: the form's sentence for a schema finding (no Qt), the one wording
the problems panel and the form share."""

from __future__ import annotations

from typing import Any

from questforge.editor.forms.designer_messages import finding_message
from questforge.schema.walk import SchemaContext
from questforge.validator.schemas import default_store


def _ctx() -> SchemaContext:
    entry = default_store().for_kind("scenario", "gloomhaven")
    assert entry is not None
    return SchemaContext(entry.schema)


def _scenario(win: list[Any]) -> dict[str, Any]:
    return {"kind": "scenario", "id": "s", "name": "S", "win": win}


def test_an_empty_list_and_a_missing_field_are_worded_as_the_form_words_them() -> None:
    ctx = _ctx()
    data = _scenario([{"type": "reach-hexes", "hexes": []}])
    said = finding_message(ctx, data, ("win", 0, "hexes"), "[] has less than 1 item")
    assert said == "A reach-hexes win condition needs at least one hex."
    data = _scenario([{"type": "loot-treasure"}])
    said = finding_message(ctx, data, ("win", 0), "missing required property 'numbers' in $.win[0]")
    assert said is not None and said.startswith("A loot-treasure win condition needs its")


def test_a_finding_the_form_does_not_word_keeps_no_sentence() -> None:
    ctx = _ctx()
    data = _scenario([{"type": "kill-all"}])
    # nothing is missing at the path: the validator's message stays the only one
    assert finding_message(ctx, data, ("win", 0, "type"), "'x' is not one of [...]") is None
    assert finding_message(ctx, data, (), "something at the root") is None
    # a path that leaves the data is not an error of the wording
    assert finding_message(ctx, data, ("rooms", 7, "tiles"), "[] has less than 1 item") is None
