"""Search and counting for ``cgsat find``: one module per topic (enumeration, counting, replay)."""


class Disagreement(Exception):
    """The SAT search and the direct solver disagree on a position: a bug (exit code 3)."""
