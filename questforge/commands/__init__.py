"""One module per top-level command; ``questforge.cli`` loads them lazily.

Lazy loading keeps ``questforge validate`` from importing Qt and the engine from importing
the validator: a command pays only for what it uses.
"""
