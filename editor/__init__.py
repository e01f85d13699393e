"""questforge.editor: the PySide6 scenario editor."""

from questforge.editor._none_refcount import make_none_immortal

make_none_immortal()
