"""questforge: content authoring, validation, scenario editing and playtesting for campaign
board games.

The distribution maps the repository's top-level folders onto this namespace:
``questforge.engine`` (rules engines, content model, geometry), ``questforge.validator``
(schema + semantic checks, reporters), ``questforge.editor`` (PySide6 application),
``questforge.schema`` (JSON Schemas) and ``questforge.content`` (bundled packs).
"""

__version__ = "0.1.0"
