"""questforge.validator: JSON Schema plus semantic validation of content, and reporters.

May use the engine's model and geometry; never imports Qt or the editor.
"""
