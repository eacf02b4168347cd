"""The statements the automata tests prove (green cordons, Toppling Peaks)."""

from __future__ import annotations

from cgsat.automata.families import GREEN_CORDON, toppling_peaks
from cgsat.automata.library import stored
from cgsat.automata.options import Statement
from cgsat.papers.timber.path.automata import dyck, misere_x


def cordon(k: int) -> Statement:
    """R_0 .. R_k: Theorems 3.2, 3.3, then the stored nim2 .. nimk."""
    autos = [stored("thm3.2"), stored("thm3.3")] + [stored(f"nim{j}") for j in range(2, k + 1)]
    return Statement(GREEN_CORDON, tuple(autos[: k + 1]), name=f"nim0..{k}")


def peaks(h: int, misere: bool) -> Statement:
    """Theorem 2.3 (2.4 with ``misere``) on words of height range at most h."""
    auto = misere_x(h) if misere else dyck(h)
    return Statement(toppling_peaks(h), (auto,), misere)
