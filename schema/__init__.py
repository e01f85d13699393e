"""questforge.schema: the JSON Schemas shipped as package data, and a tiny loader."""
