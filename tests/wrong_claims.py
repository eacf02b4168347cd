"""Deliberately wrong claims shared by several test modules (negative controls): a checker
that never says "no" proves nothing (tests/papers/test_negative_controls.py has the full set)."""

from __future__ import annotations

from functools import partial
from itertools import product

from cgsat.claims import Claim, Method
from cgsat.encodings.timber_path import toggled, wp_predicate, x_predicate
from cgsat.papers.timber.path import brute as path_brute
from cgsat.papers.timber.path import sat as path_sat
from cgsat.papers.timber.path.words import dyck_words, in_x, is_dyck


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


def toggled_word_claim(claim_id: str, word: str, misere: bool = False) -> Claim:
    """Theorem 2.3 (or 2.4) of *The Game of timber!* with one word toggled, checked by the
    registered methods: refuted at the word's length by that word, holds below."""
    base, name = (x_predicate, "X") if misere else (wp_predicate, "WP")
    member0 = in_x if misere else is_dyck

    def member(w: str) -> bool:
        return member0(w) != (w == word)

    def member_words(n: int) -> list[str]:
        if not misere:
            words = set(dyck_words(n))
        else:
            words = {"".join(t) for t in product("LR", repeat=n) if in_x("".join(t))}
        if n == len(word):
            words ^= {word}
        return sorted(words)

    return Claim(
        id=claim_id, paper="The Game of timber!", theorem="Negative control",
        statement=f"{name} with {word} toggled", kind="theorem",
        parameter="n = word length (number of dominoes)", base=0, quick_bound=8,
        target_bound=8,
        methods=(
            Method("brute", partial(path_brute.characterization, member_words=member_words,
                                    misere=misere), scope="exhaustive play"),
            Method("sat", partial(path_sat.characterization, predicate=toggled(base, word),
                                  misere=misere), uses_solver=True,
                   scope="the sharp inductive check"),
        ),
        confirm=partial(path_brute.confirm_characterization, member=member, misere=misere),
    )
