"""Forms generated from JSON Schemas: a new content kind needs no new form code."""
