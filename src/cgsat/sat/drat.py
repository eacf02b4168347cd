"""DRAT proof checking: an established checker first, cgsat's own as the second opinion.

:func:`check_refutation` is what :func:`cgsat.sat.solve.solve_cnf` calls on the proof of
an UNSAT answer. It runs, in order:

1. an established checker: drat-trim [1]_ when installed (``$CGSAT_DRAT_TRIM`` or on PATH),
   else dratify [2]_ (PyPI, pure Python, forward RUP/RAT checking, written independently of
   cgsat and differentially tested against drat-trim by its author);
2. cgsat's own forward checker below, as a second opinion.

Every checker that runs must not reject the proof; the certificate names the checkers that
verified it.

cgsat's own checker
-------------------

An UNSAT answer of a SAT solver is only as good as the solver. With ``--proof`` the solver
also writes a DRAT proof: a list of lemmas (clauses it claims follow from the formula) and
deletions, ending with the empty clause. This module checks such a proof *forward*:

- every lemma must be RUP (reverse unit propagation: assigning the negation of the lemma and
  unit-propagating over the current clauses gives a conflict), or else RAT on its first
  literal p (for every current clause D containing -p, the lemma together with D minus -p is
  RUP);
- a deletion removes one copy of the clause (ignored when the clause is unknown, or when it
  is the reason of a top-level unit, as drat-trim does; ignoring a deletion is always sound);
- the proof must derive the empty clause, by RUP; a proof that stops before it is rejected
  (unless the formula itself contains the empty clause: solvers then write no proof).

Unit propagation uses two watched literals, and the top-level assignment is kept between
lemmas, so a proof is checked in one pass. It is plain Python, so it has a size limit:
:data:`MAX_LITERALS` literals in formula and proof together (5 million by default). Larger
proofs are not checked here (verdict ``"too-large"``); install drat-trim and set
``$CGSAT_DRAT_TRIM`` (or put it on PATH) for those.

References
----------
.. [1] N. Wetzler, M. J. H. Heule, W. A. Hunt Jr., *DRAT-trim: Efficient Checking and
   Trimming Using Expressive Clausal Proofs*, SAT 2014 (the DRAT format and its semantics).
.. [2] C. Perassi, *dratify*: check DRAT/DRUP proofs of unsatisfiability inside a Python
   process, https://pypi.org/project/dratify/ (version 0.1.10 measured here).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import dratify

if TYPE_CHECKING:
    from typing_extensions import TypeIs  # typing.TypeIs from Python 3.13

__all__ = ["MAX_LITERALS", "ProofCheck", "ProofTooLarge", "check_drat", "check_refutation",
           "check_with_drat_trim", "check_with_dratify", "drat_trim_path", "parse_proof"]

MAX_LITERALS = 5_000_000
"""The size limit of :func:`check_drat`: literals in formula plus proof."""


class ProofTooLarge(Exception):
    """The formula and proof together exceed :data:`MAX_LITERALS`."""


@dataclass(frozen=True)
class ProofCheck:
    """The result of checking a proof.

    Attributes
    ----------
    verdict : str
        ``"verified"``, ``"rejected"`` or ``"too-large"``.
    checker : str
        ``"cgsat-drat"`` (this module), ``"dratify"`` or ``"drat-trim"``.
    message : str
        Why a proof was rejected (the first failing lemma), or a summary.
    """

    verdict: str
    checker: str
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.verdict == "verified"


def parse_proof(lines: Iterable[str]) -> list[tuple[bool, list[int]]]:
    """Parse text DRAT lines into ``(is_deletion, literals)`` steps.

    Examples
    --------
    >>> parse_proof(["1 -2 0", "d 3 0", "0"])
    [(False, [1, -2]), (True, [3]), (False, [])]
    """
    steps: list[tuple[bool, list[int]]] = []
    pending: list[int] = []
    deletion = False
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("c"):
            continue
        tokens = line.split()
        if tokens[0] == "d":
            if pending:
                raise ValueError("deletion inside an unfinished lemma")
            deletion = True
            tokens = tokens[1:]
        for tok in tokens:
            lit = int(tok)
            if lit == 0:
                steps.append((deletion, pending))
                pending, deletion = [], False
            else:
                pending.append(lit)
    if pending or deletion:
        raise ValueError("the proof ends inside a clause (no terminating 0)")
    return steps


class _Checker:
    """Clause database with two watched literals and a persistent top-level trail."""

    def __init__(self, nvars: int):
        self.nvars = nvars
        self.value = [0] * (2 * nvars + 2)  # value[code(lit)]: 1 true, -1 false, 0 unset
        self.watches: list[list[int]] = [[] for _ in range(2 * nvars + 2)]
        self.clauses: list[list[int]] = []
        self.alive: list[bool] = []
        self.index: dict[tuple[int, ...], list[int]] = {}
        self.trail: list[int] = []
        self.qhead = 0
        self.reason: dict[int, int] = {}  # var -> clause id forcing it at top level
        self.conflict = False

    @staticmethod
    def code(lit: int) -> int:
        return 2 * lit if lit > 0 else -2 * lit + 1

    def val(self, lit: int) -> int:
        return self.value[self.code(lit)]

    def assign(self, lit: int) -> None:
        self.value[self.code(lit)] = 1
        self.value[self.code(-lit)] = -1
        self.trail.append(lit)

    def propagate(self, top: bool = False) -> int | None:
        """Unit-propagate from ``qhead``; return a conflicting clause id or None.

        With ``top``, the assignments are top-level ones and their reasons are recorded.
        """
        value, watches, clauses, alive, code = (
            self.value, self.watches, self.clauses, self.alive, self.code
        )
        trail = self.trail
        while self.qhead < len(trail):
            false_lit = -trail[self.qhead]
            self.qhead += 1
            wl = watches[code(false_lit)]
            i = 0
            while i < len(wl):
                cid = wl[i]
                if not alive[cid]:
                    wl[i] = wl[-1]
                    wl.pop()
                    continue
                c = clauses[cid]
                if c[0] == false_lit:
                    c[0], c[1] = c[1], c[0]
                other = c[0]
                if value[code(other)] == 1:
                    i += 1
                    continue
                moved = False
                for k in range(2, len(c)):
                    if value[code(c[k])] != -1:
                        c[1], c[k] = c[k], c[1]
                        watches[code(c[1])].append(cid)
                        wl[i] = wl[-1]
                        wl.pop()
                        moved = True
                        break
                if moved:
                    continue
                if value[code(other)] == -1:
                    return cid
                self.assign(other)
                if top:
                    self.reason[abs(other)] = cid
                i += 1
        return None

    def add(self, lits: list[int]) -> None:
        """Add a clause (already checked) and propagate at top level."""
        cid = len(self.clauses)
        c = list(lits)
        self.clauses.append(c)
        self.alive.append(True)
        self.index.setdefault(tuple(sorted(c)), []).append(cid)
        if self.conflict:
            return
        if not c:
            self.conflict = True
            return
        # Put non-false literals first so that the watches are sound at top level.
        c.sort(key=lambda lit: -self.val(lit))
        if len(c) == 1 or self.val(c[1]) == -1:
            if self.val(c[0]) == -1:
                self.conflict = True
                return
            if self.val(c[0]) == 0:
                self.assign(c[0])
                self.reason[abs(c[0])] = cid
        if len(c) >= 2:
            self.watches[self.code(c[0])].append(cid)
            self.watches[self.code(c[1])].append(cid)
        if self.propagate(top=True) is not None:
            self.conflict = True

    def delete(self, lits: list[int]) -> None:
        ids = self.index.get(tuple(sorted(lits)))
        if not ids:
            return  # deleting an unknown clause: ignored (sound)
        cid = ids[-1]
        c = self.clauses[cid]
        for lit in c:
            if self.val(lit) == 1 and self.reason.get(abs(lit)) == cid:
                return  # the reason of a top-level unit: keep it (as drat-trim does)
        ids.pop()
        self.alive[cid] = False

    def rup(self, lits: Sequence[int]) -> bool:
        """Whether ``lits`` is RUP with respect to the current clauses."""
        if self.conflict:
            return True
        mark = len(self.trail)
        qhead = self.qhead
        result = False
        for lit in lits:
            v = self.val(lit)
            if v == 1:
                result = True
                break
            if v == 0:
                self.assign(-lit)
        if not result:
            result = self.propagate() is not None
        for lit in self.trail[mark:]:
            self.value[self.code(lit)] = 0
            self.value[self.code(-lit)] = 0
        del self.trail[mark:]
        self.qhead = qhead
        return result

    def rat(self, lits: list[int]) -> bool:
        """Whether ``lits`` is RAT on its first literal."""
        if not lits:
            return False
        pivot = lits[0]
        for cid, c in enumerate(self.clauses):
            if self.alive[cid] and -pivot in c:
                resolvent = lits + [x for x in c if x != -pivot]
                if not self.rup(resolvent):
                    return False
        return True


def check_drat(
    clauses: Iterable[Sequence[int]],
    proof: Iterable[str] | Sequence[tuple[bool, list[int]]],
    max_literals: int = MAX_LITERALS,
) -> ProofCheck:
    """Check a DRAT refutation of ``clauses`` forward (RUP, RAT on the first literal).

    Parameters
    ----------
    clauses : iterable of int sequences
        The formula (DIMACS literals, no terminating 0).
    proof : iterable of str, or parsed steps
        The proof in text DRAT (as PySAT's ``get_proof()`` returns it), or the output of
        :func:`parse_proof`.
    max_literals : int
        Refuse (verdict ``"too-large"``) above this many literals in formula plus proof.

    Returns
    -------
    ProofCheck
        ``verified`` only if every lemma checks and the empty clause is derived.

    Examples
    --------
    >>> f = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    >>> check_drat(f, ["2 0", "0"]).verdict
    'verified'
    >>> check_drat(f, ["2 0"]).verdict          # stops before the empty clause
    'rejected'
    >>> check_drat(f, ["1 2 3 0", "0"]).verdict  # "0" is not RUP without the unit 2
    'rejected'

    References
    ----------
    .. [1] Wetzler, Heule, Hunt, *DRAT-trim*, SAT 2014.
    """
    formula = [list(c) for c in clauses]
    steps = proof if _is_parsed(proof) else parse_proof(proof)
    size = sum(len(c) for c in formula) + sum(len(s[1]) for s in steps)
    if size > max_literals:
        return ProofCheck(
            "too-large", "cgsat-drat",
            f"{size} literals exceed the checker's limit of {max_literals}; use drat-trim",
        )
    if any(not c for c in formula):
        return ProofCheck("verified", "cgsat-drat", "the formula contains the empty clause")
    nvars = max((abs(x) for c in formula for x in c), default=0)
    nvars = max([nvars] + [abs(x) for _, s in steps for x in s])
    checker = _Checker(nvars)
    for c in formula:
        clause = _normalize(c)
        if clause is not None:  # a tautology constrains nothing
            checker.add(clause)
    for number, (deletion, lits) in enumerate(steps, start=1):
        if deletion:
            checker.delete(lits)
            continue
        lemma = _normalize(lits)
        if lemma is None:
            continue  # a tautology is trivially implied
        if not (checker.rup(lemma) or checker.rat(lemma)):
            shown = " ".join(map(str, lits)) or "(empty clause)"
            return ProofCheck("rejected", "cgsat-drat", f"lemma {number} is not RUP/RAT: {shown}")
        if not lemma:
            return ProofCheck("verified", "cgsat-drat", f"empty clause derived at step {number}")
        checker.add(lemma)
    return ProofCheck("rejected", "cgsat-drat", "the proof does not derive the empty clause")


def _is_parsed(proof: object) -> TypeIs[Sequence[tuple[bool, list[int]]]]:
    return isinstance(proof, list) and bool(proof) and isinstance(proof[0], tuple)


def _normalize(lits: Sequence[int]) -> list[int] | None:
    """Drop duplicate literals (keeping the first literal first); None for a tautology."""
    seen: set[int] = set()
    out: list[int] = []
    for lit in lits:
        if -lit in seen:
            return None
        if lit not in seen:
            seen.add(lit)
            out.append(lit)
    return out


def drat_trim_path() -> str | None:
    """The drat-trim executable: ``$CGSAT_DRAT_TRIM``, else ``drat-trim`` on PATH, else None."""
    env = os.environ.get("CGSAT_DRAT_TRIM")
    if env:
        return env if os.path.exists(env) else shutil.which(env)
    return shutil.which("drat-trim")


def check_with_drat_trim(
    dimacs_text: str, proof: Iterable[str], executable: str, timeout: float | None = None
) -> ProofCheck:
    """Run drat-trim on a DIMACS text and a text proof; ``verified`` on ``s VERIFIED``."""
    with tempfile.TemporaryDirectory(prefix="cgsat-drat-") as tmp:
        cnf_path = os.path.join(tmp, "f.cnf")
        proof_path = os.path.join(tmp, "f.drat")
        with open(cnf_path, "w") as fh:
            fh.write(dimacs_text)
        with open(proof_path, "w") as fh:
            for line in proof:
                fh.write(line if line.endswith("\n") else line + "\n")
        try:
            done = subprocess.run(
                [executable, cnf_path, proof_path], capture_output=True, text=True,
                timeout=timeout,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return ProofCheck("rejected", "drat-trim", f"drat-trim failed to run: {exc}")
    out = done.stdout + done.stderr
    if "s VERIFIED" in out:
        return ProofCheck("verified", "drat-trim", "s VERIFIED")
    last = out.strip().splitlines()[-1] if out.strip() else f"exit {done.returncode}"
    return ProofCheck("rejected", "drat-trim", last)


def check_with_dratify(clauses: Iterable[Sequence[int]], proof: Iterable[str]) -> ProofCheck:
    """Check a DRAT refutation with dratify (pure Python, forward, RUP and RAT).

    Parameters
    ----------
    clauses : iterable of int sequences
        The formula (DIMACS literals, no terminating 0).
    proof : iterable of str
        The proof in text DRAT, one step per string (as PySAT's ``get_proof()`` returns it).

    Returns
    -------
    ProofCheck
        ``verified`` when dratify derives the empty clause with every step checked, else
        ``rejected`` with dratify's reason (also for a proof it cannot parse).

    Examples
    --------
    >>> f = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    >>> check_with_dratify(f, ["2 0", "0"]).verdict
    'verified'
    >>> check_with_dratify(f, ["1 2 3 0", "0"]).verdict
    'rejected'

    References
    ----------
    .. [1] dratify, https://pypi.org/project/dratify/
    """
    formula = dratify.CNF()
    for clause in clauses:
        formula.add_dimacs(clause)
    text = "\n".join(proof)
    try:
        result = dratify.check_proof(formula, text, engine="python")
    except ValueError as exc:  # a proof it cannot parse or interpret
        return ProofCheck("rejected", "dratify", f"dratify: {exc}")
    if result.ok:
        return ProofCheck("verified", "dratify", result.reason)
    where = f" (step {result.failed_step})" if result.failed_step >= 0 else ""
    return ProofCheck("rejected", "dratify", f"{result.reason}{where}")


def check_refutation(
    clauses: Sequence[Sequence[int]],
    proof: Sequence[str],
    dimacs_text: str | None = None,
    max_literals: int | None = None,
) -> list[ProofCheck]:
    """Check a DRAT refutation with an established checker, then with cgsat's own.

    The established checker is drat-trim where installed (:func:`drat_trim_path`), else
    dratify (:func:`check_with_dratify`). cgsat's checker (:func:`check_drat`) runs second,
    and answers ``"too-large"`` above ``max_literals``. Checking stops at the first
    rejection.

    Parameters
    ----------
    clauses : sequence of int sequences
        The formula.
    proof : sequence of str
        The proof in text DRAT.
    dimacs_text : str, optional
        The formula as DIMACS text, for drat-trim (made from ``clauses`` when omitted).
    max_literals : int, optional
        The size limit of cgsat's checker (default :data:`MAX_LITERALS`).

    Returns
    -------
    list of ProofCheck
        One per checker run, in order. The proof is accepted when none is ``rejected``
        and at least one is ``verified``.

    Examples
    --------
    >>> f = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    >>> [c.verdict for c in check_refutation(f, ["2 0", "0"])]
    ['verified', 'verified']
    >>> [c.verdict for c in check_refutation(f, ["2 0"])]
    ['rejected']
    """
    exe = drat_trim_path()
    if exe:
        if dimacs_text is None:
            nvars = max((abs(x) for c in clauses for x in c), default=0)
            dimacs_text = f"p cnf {nvars} {len(clauses)}\n" + "".join(
                " ".join(map(str, c)) + " 0\n" for c in clauses
            )
        first = check_with_drat_trim(dimacs_text, proof, exe)
    else:
        first = check_with_dratify(clauses, proof)
    if first.verdict == "rejected":
        return [first]
    limit = MAX_LITERALS if max_literals is None else max_literals
    return [first, check_drat(clauses, proof, max_literals=limit)]
