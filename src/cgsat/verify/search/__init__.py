"""Search and counting for ``cgsat find``: one module per topic (enumeration, counting, replay)."""


class Disagreement(Exception):
    """The SAT search and the direct solver disagree on a position: a bug (exit code 3).

    ``position`` is the position in ruleset syntax, where one position is at fault.
    """

    def __init__(self, message: str, position: str | None = None) -> None:
        super().__init__(message)
        self.position = position
