""":mod:`cgsat.sat.certificates`: the exact answer a certificate fits, the misfit messages,
how certificates of one size combine (kinds joined once, the weakest verdict kept, the
hashes joined), and legacy rows and kinds read as before. Written against the surviving
mutants of ``benchmarks/mutation.sh certificates`` (docs/history/performance.md)."""

from __future__ import annotations

import hashlib

from cgsat.sat.certificates import answers, combine, fits, misfit


def _cert(kind: str, answer: str | None = None, verdict: str = "verified",
          checker: str = "clause-check", sha: str = "00") -> dict[str, str]:
    cert = {"kind": kind, "checker": checker, "verdict": verdict, "sha256": sha}
    if answer is not None:
        cert["answer"] = answer
    return cert


# -- certificates: answers, misfit, fits -------------------------------------------------

def test_a_legacy_refuted_row_reads_as_a_sat_answer() -> None:
    assert answers(_cert("drat"), "refuted") == {"sat"}
    assert answers(_cert("drat"), "holds") == {"unsat"}
    assert answers(_cert("drat", "unsat"), "refuted") == {"unsat"}  # the field wins


def test_misfit_ignores_no_certificate_and_other_statuses() -> None:
    assert misfit(None) is None
    assert misfit(None, "refuted") is None
    assert misfit(_cert("bogus", "unsat"), "error") is None


def test_misfit_names_an_unknown_kind_or_answer() -> None:
    assert misfit(_cert("bogus", "unsat")) == "an unknown certificate kind 'bogus'"
    assert misfit(_cert("drat+bogus", "unsat")) == "an unknown certificate kind 'drat+bogus'"
    assert misfit(_cert("drat", "maybe")) == "an unknown answer 'maybe'"
    assert misfit(_cert("drat", "unsat+maybe")) == "an unknown answer 'unsat+maybe'"


def test_misfit_reads_a_legacy_refutation_by_its_status() -> None:
    # no "answer" field: a refuted row rests on a SAT answer, so a DRAT proof misfits it
    assert misfit(_cert("drat"), "refuted") == "a DRAT proof on a SAT answer"
    assert misfit(_cert("model"), "refuted") is None


def test_misfit_messages_of_a_model_or_a_proof_on_the_wrong_answer() -> None:
    assert misfit(_cert("drat+model", "unsat")) == (
        "a model certificate on an UNSAT answer (a model certifies SAT answers only)")
    assert misfit(_cert("drat", "sat")) == "a DRAT proof on a SAT answer"


def test_fits_names_both_answers() -> None:
    assert fits(_cert("drat", "unsat"), sat=True) == (
        "the certificate names an UNSAT answer, the solver said SAT")
    assert fits(_cert("model", "sat"), sat=False) == (
        "the certificate names a SAT answer, the solver said UNSAT")
    assert fits(_cert("model"), sat=False) == (
        "the certificate names a NO answer, the solver said UNSAT")


def test_fits_checks_the_certificate_itself_once_the_answer_matches() -> None:
    assert fits(_cert("model", "unsat"), sat=False) == (
        "a model certificate on an UNSAT answer (a model certifies SAT answers only)")
    assert fits(_cert("drat", "unsat"), sat=False) is None


# -- certificates: combine ---------------------------------------------------------------

def test_combine_joins_the_parts_of_combined_kinds_once() -> None:
    c = combine([_cert("drat+model", "sat+unsat"), _cert("drat", "unsat")])
    assert c is not None
    assert c["kind"] == "drat+model"
    assert c["answer"] == "sat+unsat"


def test_combine_keeps_the_weakest_verdict_in_either_order() -> None:
    for verdicts, weakest in [(("verified", "rejected"), "rejected"),
                              (("rejected", "verified"), "rejected"),
                              (("verified", "unchecked"), "unchecked"),
                              (("verified", "weird"), "weird"),   # an unknown one ranks 1
                              (("weird", "rejected"), "rejected")]:
        c = combine([_cert("drat", "unsat", verdict=v) for v in verdicts])
        assert c is not None and c["verdict"] == weakest, verdicts


def test_combine_hashes_the_joined_hashes() -> None:
    c = combine([_cert("drat", "unsat", sha="aa"), _cert("drat", "unsat", sha="bb")])
    assert c is not None
    assert c["sha256"] == hashlib.sha256(b"aa:bb").hexdigest()


def test_combine_renames_old_kinds_but_never_checkers() -> None:
    old = _cert("confirm", "unsat", checker="confirm")
    c = combine([old, _cert("drat", "unsat", checker="cgsat-drat")])
    assert c is not None
    assert (c["kind"], c["checker"]) == ("second-solver+drat", "confirm+cgsat-drat")
