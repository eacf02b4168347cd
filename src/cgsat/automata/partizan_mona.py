"""Partizan decider (c): a :class:`~cgsat.automata.partizan.PartizanStatement` as an M2L-Str
formula, decided by MONA (when installed).

The word, the letters and each automaton's runs are coded as in :mod:`cgsat.automata.mona`
(whose formula writer this module extends: the runs, "an option of this rule at j is
accepted", membership). Here "some option is in A_c" is written once per player, over that
player's rules. The class rule becomes a Boolean formula over those 2k predicates:

- ``outcome``: Left wins moving first iff some Left option is in A_L or A_P, Right iff some
  Right option is in A_R or A_P; each class is the matching pair (*Winning Ways*, ch. 2);
- ``canonical`` / ``reduced``: a disjunction, per class, of the combinations of option
  classes that the rule maps to it (each computed once by the canonical-form engine), for at
  most :data:`MAX_CLASSES` classes (2^(2k) combinations); with more, the decider answers
  ``unknown``.

The formula says that no word of the domain is accepted by none of the A_c, or by one the
rule does not give, and that no option leaves the domain. MONA reports it valid, or a
counter-example of least length.

References
----------
.. [1] N. Klarlund, A. Møller, *MONA Version 1.4 User Manual*, BRICS (2001), M2L-Str.
.. [2] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 2.
.. [3] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorem 2.15.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from cgsat.automata import mona
from cgsat.automata.decision import Decision
from cgsat.automata.options import Statement, WordFamily
from cgsat.automata.partizan import PartizanStatement

__all__ = ["MAX_CLASSES", "control", "decide", "formula"]

MAX_CLASSES = 4
"""The most classes a value rule is written for (2^(2k) combinations of option classes)."""


class _Writer(mona._Writer):  # the same coding of words and runs
    """The formula of one partizan statement."""

    def __init__(self, statement: PartizanStatement):
        self.pst = statement
        fam = statement.family
        self.sides: tuple[WordFamily, WordFamily] = (fam.side(0), fam.side(1))
        super().__init__(Statement(self.sides[0], statement.automata))
        self.defined: set[str] = set()

    def some_of(self, player: int, a: int, negate: bool = False) -> str:
        """Some option of ``player`` is (``negate``: is not) accepted by automaton a."""
        name = f"{'out' if negate else 'some'}{a}_{player}"
        if name not in self.defined:
            terms = []
            for rule in self.sides[player].rules:
                body = self.option_in(a, rule, "j")
                terms.append(f"(ex1 j: {self.match(rule, 'j')} & {'~' if negate else ''}"
                             f"{body})")
            self.lines.append(f"pred {name}(var1 e, var2 {mona._sets('X', self.lb)}) =\n  "
                              + (" |\n  ".join(terms) or "false") + ";")
            self.defined.add(name)
        return f"{name}(e, {mona._sets('X', self.lb)})"

    def wants(self) -> list[str]:
        """Per class, the formula "the rule gives this class"."""
        st = self.pst
        if st.rule == "outcome":
            def wins(player: int, good: str) -> str:
                calls = [self.some_of(player, i) for i, c in enumerate(st.classes) if c in good]
                return "(" + (" | ".join(calls) or "false") + ")"
            lw, rw = wins(0, "LP"), wins(1, "RP")
            table = {"L": f"({lw} & ~{rw})", "R": f"(~{lw} & {rw})", "N": f"({lw} & {rw})",
                     "P": f"(~{lw} & ~{rw})"}
            return [table[c] for c in st.classes]
        k = len(st.classes)
        terms: list[list[str]] = [[] for _ in range(k)]
        subsets = list(itertools.product((False, True), repeat=k))
        for lefts in subsets:
            for rights in subsets:
                got = st.class_of(
                    frozenset(c for c, x in zip(st.classes, lefts, strict=True) if x),
                    frozenset(c for c, x in zip(st.classes, rights, strict=True) if x))
                if got not in st.classes:
                    continue
                lits = [("" if x else "~") + self.some_of(p, i)
                        for p, sel in ((0, lefts), (1, rights)) for i, x in enumerate(sel)]
                terms[st.classes.index(got)].append("(" + " & ".join(lits) + ")")
        return ["(" + (" | ".join(t) or "false") + ")" for t in terms]

    def formula(self) -> str:
        fam = self.pst.family
        self.lines.append("m2l-str;")
        self.lines.append(f"var2 {mona._sets('X', self.lb)};")
        self.preds()
        wellformed = [mona._code("X", self.lb, 0, "e")]
        if len(self.alpha) < (1 << self.lb):
            valid = " | ".join(self.letter(c, "p") for c in self.alpha)
            wellformed.append(f"(all1 p: p < e => ({valid}))")
        k = len(self.pst.classes)
        members = [self.member(i) for i in range(k)]
        checks = [f"(({m}) <=> ~({w}))" for m, w in zip(members, self.wants(), strict=True)]
        checks.append("~(" + " | ".join(f"({m})" for m in members) + ")")
        indom = "true"
        if fam.domain is not None:
            d = len(self.autos) - 1
            indom = self.member(d)
            checks += [self.some_of(p, d, negate=True) for p in (0, 1)]
        self.lines.append(f"~(ex1 e: e = max($) & {' & '.join(wellformed)} & {indom} & (\n  "
                          + " |\n  ".join(checks) + "));")
        return "\n".join(self.lines) + "\n"


def formula(statement: PartizanStatement) -> str:
    """The M2L-Str formula "no word violates ``statement``" (MONA syntax).

    Examples
    --------
    >>> from cgsat.automata.partizan_families import toppling_lem1
    >>> formula(toppling_lem1()).splitlines()[0]
    'm2l-str;'

    References
    ----------
    Winning Ways, ch. 2; MONA User Manual, M2L-Str.
    """
    return _Writer(statement).formula()


def control(statement: PartizanStatement) -> tuple[PartizanStatement, str] | None:
    """A statement known to be false, for the control of a "valid" answer: ``statement``
    with the first class automaton complemented, and a word where it fails, found by
    evaluating the class rule there (:meth:`PartizanStatement.violated_at`, no decider);
    None when no word of at most :data:`cgsat.automata.mona.CONTROL_LENGTH` letters shows
    it.

    Examples
    --------
    >>> from cgsat.automata.partizan_families import toppling_lem1
    >>> control(toppling_lem1())[1]
    "'': accepted as no class; the outcome rule gives P"
    """
    first = statement.automata[0]
    flipped = replace(first, accepting=frozenset(range(first.size)) - first.accepting,
                      name=f"not {first.name}".strip())
    wrong = replace(statement, automata=(flipped,) + statement.automata[1:])
    for n in range(mona.CONTROL_LENGTH + 1):
        for t in itertools.product(statement.family.alphabet, repeat=n):
            why = wrong.violated_at("".join(t))
            if why:
                return wrong, f"{''.join(t)!r}: {why}"
    return None


def _decide_once(statement: PartizanStatement, where: Path, timeout: float | None,
                 t0: float, keep: bool) -> Decision:
    """One MONA run on ``statement``'s formula in ``where`` (``keep``: MONA's summary is
    written there too)."""
    src = where / "statement.mona"
    src.write_text(formula(statement))
    try:  # in a process group of its own, ended whatever happens (issue 38)
        code, raw, _ = mona._run_mona(src, timeout)
    except subprocess.TimeoutExpired:
        return Decision("mona", "unknown", seconds=time.perf_counter() - t0,
                        reason=f"timeout {timeout:g}s")
    except mona._TooMuch:
        return Decision("mona", "unknown", seconds=time.perf_counter() - t0,
                        reason="could not read MONA's answer: more than "
                               f"{mona.OUTPUT_LIMIT >> 20} MiB of output")
    if code != 0:
        return Decision("mona", "unknown", seconds=time.perf_counter() - t0,
                        reason=f"mona exited with {code}")
    out = re.sub(r"[^\n]*\r", "", raw)
    wrapper = Statement(statement.family.side(0), statement.automata)
    try:
        verdict, word, _, _ = mona.parse_output(out, wrapper)
    except mona._READ_ERRORS:  # a garbled answer is no answer (issue 38)
        return Decision("mona", "unknown", seconds=time.perf_counter() - t0,
                        reason=f"could not read MONA's answer: {mona._one_line(out)}")
    sizes = [int(m) for m in re.findall(r"\((\d+),\d+\) ->", out)]
    if keep:
        (where / "statement.out").write_text(mona.summary(out, max(sizes) if sizes else None))
    reason = "" if verdict == "proved" else "MONA's counter-example of least length"
    return Decision("mona", verdict, word, False, max(sizes) if sizes else None,
                    time.perf_counter() - t0, reason)


def decide(statement: PartizanStatement, *, timeout: float | None = None,
           workdir: str | Path | None = None) -> Decision:
    """Decide a partizan statement for every word with MONA, with a control of its answer.

    Its "valid" counts only when MONA, in the same call, refutes the :func:`control`
    statement (the first class automaton complemented, false at a word found without
    MONA): a "valid" to the control is ``error`` (MONA's answers are not counted), an
    undecided control leaves the answer ``unknown``.

    Returns
    -------
    Decision
        ``proved``; ``refuted`` with a counter-example of least length; ``unknown`` when
        MONA is not installed, on a timeout, or with more than :data:`MAX_CLASSES` classes
        under a value rule; ``error`` when MONA proves the control.

    References
    ----------
    MONA User Manual, M2L-Str; *Thinning Thickets*, Theorem 2.15.
    """
    t0 = time.perf_counter()
    if not mona.available():
        return Decision("mona", "unknown", reason="mona not installed")
    if statement.rule != "outcome" and len(statement.classes) > MAX_CLASSES:
        return Decision("mona", "unknown", reason=f"more than {MAX_CLASSES} classes under "
                        f"the {statement.rule} rule (2^(2k) combinations)")
    with tempfile.TemporaryDirectory(prefix="cgsat-mona-") as tmp:
        where = Path(workdir) if workdir is not None else Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        found = _decide_once(statement, where, timeout, t0, workdir is not None)
        wrong = control(statement) if found.verdict == "proved" else None
        return mona.controlled(found, wrong, lambda st, where, left: _decide_once(
            st, where, left, t0, False), Path(tmp), timeout, t0, ("word", "first class"))
