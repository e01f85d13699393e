"""Reference fields of a schema form: an editable combo of the ids a reference may name (this
pack's and its required packs'), or of the names this document has for a field (its rooms,
doors, treasure numbers), with a warning under an unknown one.

A mixin of :class:`~questforge.editor.forms.schema_form.SchemaForm` (which builds the
widget for each schema shape and calls these for references and names).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget

from questforge.editor.document import Document
from questforge.editor.forms.references import known, own_pack
from questforge.editor.forms.services import FormServices
from questforge.editor.jsonpath import JsonPath, format_path
from questforge.schema.walk import values_at


class ReferenceFieldsMixin:
    #: set by the form
    document: Document
    services: FormServices
    messages: dict[JsonPath, QLabel]

    def _reference(self, path: JsonPath, kind: str, value: str) -> QWidget:
        """An editable combo of the ids of ``kind`` that exist; free text stays possible
        (an id not created yet) and an unknown one is flagged."""
        source = self.services.references
        assert source is not None
        ids = source.ids(kind)
        warning = None
        if value and not known(value, ids, own_pack(source)):
            word = kind.replace("-", " ")
            warning = f"⚠ No {word} “{value}” in this pack or the packs it requires (yet)."
        return self._choice_combo(path, ids, value, warning, "referenceCombo")

    def _named(self, path: JsonPath, patterns: list[str], value: str | int) -> QWidget:
        """A combo of the names this document has for the field (its rooms, doors, named
        monsters, treasure numbers ...); another value is kept and flagged."""
        options = values_at(self.document.data, patterns)
        warning = None
        if value != "" and value not in options:
            noun = " or ".join(pattern_noun(p) for p in patterns)
            where = str(self.document.kind or "document").replace("-", " ")
            warning = f"⚠ No {noun} “{value}” in this {where} (yet)."
        return self._choice_combo(
            path,
            [str(o) for o in options],
            value,
            warning,
            "namesCombo",
            integer=isinstance(value, int),
        )

    def _choice_combo(
        self,
        path: JsonPath,
        options: list[str],
        value: str | int,
        warning: str | None,
        name: str,
        integer: bool = False,
    ) -> QWidget:
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        combo = QComboBox()
        combo.setObjectName(name)
        narrow_combo(combo)
        combo.setEditable(True)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        combo.addItems(options)
        combo.setEditText(str(value))
        column.addWidget(combo)
        if warning is not None:
            warn = QLabel(warning)
            warn.setObjectName("referenceWarning")
            warn.setWordWrap(True)
            warn.setStyleSheet("color: #9a5b00;")
            column.addWidget(warn)
            self.messages[path] = warn

        def commit(text: str, p: JsonPath = path) -> None:
            new: Any = text.strip()
            if integer:
                try:
                    new = int(new)
                except ValueError:
                    combo.setEditText(str(self.document.get(p)))  # not a number: unchanged
                    return
            if self.document.get(p) != new:
                # rebuilds the form: the warning follows the new value
                self.document.set_value(p, new, text=f"Edit {format_path(p)}")

        combo.activated.connect(lambda i, c=combo: commit(c.itemText(i)))
        line = combo.lineEdit()
        if line is not None:
            line.editingFinished.connect(lambda c=combo: commit(c.currentText()))
        box.setFocusProxy(combo)
        return box


def narrow_combo(combo: QComboBox) -> None:
    """A combo as narrow as a line edit: long entries must not widen a side panel."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(10)


def pattern_noun(pattern: str) -> str:
    """``/named_monsters/*/id`` -> "named monster", ``/overlays/*[type=treasure]/number``
    -> "treasure": what a name pattern lists, for messages."""
    steps = [step for step in pattern.split("/") if step]
    for i, step in enumerate(steps):
        if step.startswith("*[") and "=" in step:
            return step[2:-1].split("=", 1)[1].replace("-", " ")
        if step == "*" and i > 0:
            word = steps[i - 1].replace("_", " ")
            return word[:-1] if word.endswith("s") else word
    return steps[-1].replace("_", " ") if steps else "name"
