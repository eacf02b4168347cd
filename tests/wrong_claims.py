"""Deliberately wrong claims shared by several test modules (negative controls): a checker
that never says "no" proves nothing (tests/papers/test_negative_controls.py has the full set)."""

from __future__ import annotations

from functools import partial

from cgsat.claims import Claim, Method
from cgsat.encodings.timber_path import toggled, wp_predicate
from cgsat.papers.timber.path import brute as path_brute
from cgsat.papers.timber.path import sat as path_sat
from cgsat.papers.timber.path.words import is_dyck


def wrong_peaks_claim() -> Claim:
    """Theorem 2.3 of *The Game of timber!* with LRLRLR dropped from the Dyck words: refuted
    at n = 6 by LRLRLR, holds below."""
    word = "LRLRLR"
    return Claim(
        id="neg.peaks-dyck", paper="Negative control", theorem="Negative control",
        statement="a deliberately wrong variant", kind="theorem", parameter="n", base=0,
        quick_bound=7, target_bound=7,
        methods=(Method("sat", partial(path_sat.characterization,
                                       predicate=toggled(wp_predicate, word), misere=False),
                        uses_solver=True, scope="inductive check"),),
        confirm=partial(path_brute.confirm_characterization,
                        member=lambda w: is_dyck(w) and w != word, misere=False))
