"""The main window's setup tool bar: the current editor's setup and view options (player
count, level, hex orientation … as its board mode declares them), one widget each.

The widgets are generated from :class:`~questforge.engine.core.game.SetupOption`
declarations (a spin box, a combo box or a check box), so the main window never names an
option or a ruleset. The values are shared by every open editor and by Play > Simulate;
they live in one dict the window also holds (``window.setup``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSpinBox, QToolBar, QWidget

from questforge.editor.editors import DocumentEditor
from questforge.engine.core.events import JSONValue


class SetupToolbar(QToolBar):
    """Setup options as tool bar widgets; a change goes to ``on_change(name, value)``."""

    def __init__(
        self,
        values: dict[str, JSONValue],
        on_change: Callable[[str, JSONValue], None],
    ) -> None:
        super().__init__("Setup")
        self.setObjectName("toolbar-setup")
        #: the values by option name (the window's ``setup`` dict itself, not a copy)
        self.values = values
        self.on_change = on_change
        #: the widget of each option shown, by name
        self.widgets: dict[str, QWidget] = {}

    def rebuild(self, editor: DocumentEditor | None) -> None:
        """The current editor's setup and view options as toolbar widgets (generated from
        their declarations: a spin box, a combo box or a check box each)."""
        options = editor.setup_options() if editor is not None else ()
        names = tuple(o.name for o in options)
        if names == tuple(self.widgets):
            return
        self.clear()
        self.widgets = {}
        for option in options:
            value = self.values.setdefault(option.name, option.default)
            self.addWidget(QLabel(f" {option.label}: "))
            widget: QWidget
            if option.type == "int":
                spin = QSpinBox()
                spin.setRange(
                    option.minimum if option.minimum is not None else -(10**6),
                    option.maximum if option.maximum is not None else 10**6,
                )
                spin.setValue(int(value))  # type: ignore[arg-type]
                spin.valueChanged.connect(lambda v, n=option.name: self.on_change(n, v))
                widget = spin
            elif option.type == "choice":
                combo = QComboBox()
                combo.addItems(list(option.choices))
                combo.setCurrentText(str(value))
                combo.currentTextChanged.connect(lambda t, n=option.name: self.on_change(n, t))
                widget = combo
            elif option.type == "flag":
                box = QCheckBox()
                box.setChecked(bool(value))
                box.toggled.connect(lambda on, n=option.name: self.on_change(n, on))
                widget = box
            else:
                continue
            widget.setToolTip(option.help)
            widget.setObjectName(f"setup-{option.name}")
            self.addWidget(widget)
            self.widgets[option.name] = widget

    def set_value(
        self, name: str, value: JSONValue, editors: Iterable[DocumentEditor] = ()
    ) -> None:
        """Change one setup value (the toolbar, or a script) for every one of ``editors``;
        the option's widget follows."""
        self.values[name] = value
        widget = self.widgets.get(name)
        if isinstance(widget, QSpinBox) and isinstance(value, int) and widget.value() != value:
            widget.setValue(value)
        elif isinstance(widget, QComboBox) and widget.currentText() != str(value):
            widget.setCurrentText(str(value))
        elif isinstance(widget, QCheckBox) and widget.isChecked() != bool(value):
            widget.setChecked(bool(value))
        for editor in editors:
            editor.set_setup({name: value})
