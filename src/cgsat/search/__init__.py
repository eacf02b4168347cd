"""Search and counting for ``cgsat find``: one module per topic (enumeration, counting, replay).

- :mod:`.query`: a query (:class:`~cgsat.search.query.FindQuery`) and its answer
  (:class:`~cgsat.search.query.FindResult`), light enough for ``import cgsat``;
- :mod:`.plan`: how a query is read, checked and run, here or one task per length;
- :mod:`.controls`: the controls of every SAT instance of a search (issue 12);
- :mod:`.impartial`, :mod:`.green_cordon`, :mod:`.toppling`: the searches of each topic;
  :mod:`.limits`: the size limits of ``cgsat find``.

A disagreement between a search and the direct solver raises :class:`Disagreement`, a
failed control :class:`ControlFailed`: both are bugs (exit code 3).
"""

from __future__ import annotations

__all__ = ["Disagreement", "ControlFailed"]


class Disagreement(Exception):
    """The SAT search and the direct solver disagree on a position: a bug (exit code 3).

    ``position`` is the position in ruleset syntax, where one position is at fault.
    """

    def __init__(self, message: str, position: str | None = None) -> None:
        super().__init__(message)
        self.position = position


class ControlFailed(Exception):
    """A control of a search's SAT instance failed: the instance cannot be trusted to say
    "none found" (exit code 3). The message is one line."""
