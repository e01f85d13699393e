"""questforge: content authoring, validation, scenario editing and playtesting for campaign
board games.

The distribution maps the repository's top-level folders onto this namespace:
``questforge.engine`` (rules engines, content model, geometry), ``questforge.validator``
(schema + semantic checks, reporters), ``questforge.editor`` (PySide6 application),
``questforge.schema`` (JSON Schemas) and ``questforge.content`` (bundled packs).
"""

from __future__ import annotations

__version__ = "0.1.0"

TYPE_CHECKING = False  # typing itself costs the start-up this module exists to save
if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

#: the sub-packages that live in the repository's top-level folders of the same last name
#: (``setup.py``'s ``FOLDERS``; ``tests/test_packaging.py`` keeps the two equal)
CHECKOUT_PACKAGES = frozenset(
    {
        "questforge.engine",
        "questforge.validator",
        "questforge.editor",
        "questforge.schema",
        "questforge.content",
    }
)


def _serve_checkout() -> None:
    """In a checkout, find ``questforge.engine`` and its siblings in the repository's
    top-level folders.

    An installed wheel has them inside this package; a checkout keeps them beside it.
    setuptools' default editable install maps them with an import hook that imports
    ``pathlib``, ``re`` and ``urllib`` in every Python process of the environment, before
    any of ours runs: 8-18 ms of every command's start-up, a third of ``ai solve``'s whole
    run. ``./dev`` installs in setuptools' "compat" mode instead (the checkout on
    ``sys.path``) and this finder maps the five folders with the interpreter's own path
    finder, importing nothing. It does the same for ``PYTHONPATH=<checkout>``.
    """
    import sys
    from os import path

    here = path.dirname(__file__)
    root = path.dirname(here)
    if path.isdir(path.join(here, "engine")) or not path.isfile(
        path.join(root, "engine", "__init__.py")
    ):
        return  # an installed distribution (or a tree that has the folders inside)
    path_finder = next(
        (f for f in sys.meta_path if getattr(f, "__name__", "") == "PathFinder"), None
    )
    if path_finder is None:  # pragma: no cover - every CPython has one
        return
    roots = [root]
    find = path_finder.find_spec

    class CheckoutFinder:
        """Finds ``questforge.<folder>`` in the repository root (the path finder uses a
        name's last part, so ``questforge.engine`` is ``<root>/engine``)."""

        @staticmethod
        def find_spec(
            name: str, search: Sequence[str] | None = None, target: ModuleType | None = None
        ) -> ModuleSpec | None:
            if name not in CHECKOUT_PACKAGES:
                return None
            return find(name, roots, target)

    sys.meta_path.append(CheckoutFinder)


_serve_checkout()
