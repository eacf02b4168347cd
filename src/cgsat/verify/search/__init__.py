"""Search and counting for ``cgsat find``: one module per family (impartial, toppling, ...)."""


class Disagreement(Exception):
    """The SAT search and the direct solver disagree on a position: a bug (exit code 3)."""
