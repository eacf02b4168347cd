"""Decider (b): the statement as an M2L-Str formula, decided by MONA.

The word is a MONA string whose last position is a sentinel: letters sit at positions
0 .. e - 1 with e = max($). Letters are coded in binary by second-order variables
``X0, X1, ...`` (the sentinel's bits are empty). Each automaton's run is coded in binary by
second-order variables, one per bit: the code at position p is the state *before* reading
position p, so the code at e is the state after the whole word. An option that keeps the
rest of the word gets its own run, started at the window's end from the state the kept
prefix and the insert reach, and existentially quantified. ⊥ is the free Boolean ``Bot``.
The formula says that no position violates the statement; MONA reports it valid, or gives a
counter-example of least length, which :func:`decide` reads back into a word.

Nothing here is shared with :mod:`cgsat.automata.product`: only the statement and the
:class:`~cgsat.automata.decision.Decision` record.

References
----------
.. [1] N. Klarlund, A. Møller, *MONA Version 1.4 User Manual*, BRICS (2001), M2L-Str.
.. [2] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, §2.1 (the mex rule).
"""

from __future__ import annotations

import itertools
import os
import re
import select
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, Statement, Word

__all__ = ["CONTROL_LENGTH", "LIE", "OUTPUT_LIMIT", "available", "control", "controlled",
           "decide", "formula", "parse_output", "summary"]


def _bits(n: int) -> int:
    """Bits needed to code n values (at least one)."""
    return max(1, (n - 1).bit_length())


def _code(var: str, nbits: int, value: int, p: str) -> str:
    """``p`` carries ``value`` in the binary code of the sets ``var0 .. var{nbits-1}``."""
    return "(" + " & ".join(f"{p} {'in' if (value >> b) & 1 else 'notin'} {var}{b}"
                            for b in range(nbits)) + ")"


def _sets(var: str, nbits: int) -> str:
    return ", ".join(f"{var}{b}" for b in range(nbits))


class _Writer:
    """Builds the formula for one statement."""

    def __init__(self, statement: Statement):
        self.st = statement
        fam = statement.family
        self.fam = fam
        self.alpha = fam.alphabet
        self.lb = _bits(len(self.alpha))
        self.autos: list[Automaton] = list(statement.automata)
        if fam.domain is not None:
            self.autos.append(fam.domain)
        self.sb = [_bits(a.size) for a in self.autos]
        self.lines: list[str] = []

    def letter(self, c: str, p: str) -> str:
        return _code("X", self.lb, self.alpha.index(c), p)

    def state(self, a: int, var: str, q: int, p: str) -> str:
        return _code(var, self.sb[a], q, p)

    def preds(self) -> None:
        """``run_a(lo, hi, R...)``: R follows automaton a's transitions from lo to hi."""
        for a, auto in enumerate(self.autos):
            nb = self.sb[a]
            cases = []
            for q in range(auto.size):
                for i, c in enumerate(self.alpha):
                    cases.append(f"(({self.state(a, 'R', q, 'p')} & {self.letter(c, 'p')}) => "
                                 f"{self.state(a, 'R', auto.delta[q][i], 'p+1')})")
            body = " &\n    ".join(cases)
            self.lines.append(
                f"pred run{a}(var1 lo, var1 hi, var2 {_sets('R', nb)}) =\n"
                f"  all1 p: (lo <= p & p < hi) =>\n   ({body});")
            accept = " | ".join(self.state(a, "R", q, "p") for q in sorted(auto.accepting))
            self.lines.append(f"pred acc{a}(var1 p, var2 {_sets('R', nb)}) = "
                              f"{accept or 'false'};")

    def match(self, rule: OptionRule, j: str) -> str:
        parts = [f"{j} + {len(rule.window)} <= e"]
        parts += [self.letter(c, f"{j} + {i}") for i, c in enumerate(rule.window)]
        if rule.at_start:
            parts.append(f"{j} = 0")
        if rule.at_end:
            parts.append(f"{j} + {len(rule.window)} = e")
        return "(" + " & ".join(parts) + ")"

    def option_in(self, a: int, rule: OptionRule, j: str) -> str:
        """The option of ``rule`` at j is accepted by automaton a: a closed formula in j, e
        and the letters, with its own runs (so MONA minimizes it on its own)."""
        auto = self.autos[a]
        if rule.insert is None:
            return "true" if auto.empty else "false"
        nb = self.sb[a]
        ins = rule.insert
        bases = {q: auto.run(ins, q) for q in range(auto.size)}
        r = f"{j} + {len(rule.window)}"
        sv, tv = f"S{a}_", f"T{a}_"
        prefix = f"{self.state(a, sv, 0, '0')} & run{a}(0, {j}, {_sets(sv, nb)})"
        if rule.keep_suffix and not rule.at_end:
            if rule.keep_prefix:
                start = " & ".join(f"({self.state(a, sv, q, j)} => "
                                   f"{self.state(a, tv, bases[q], r)})"
                                   for q in range(auto.size))
                return (f"(ex2 {_sets(sv, nb)}, {_sets(tv, nb)}: {prefix} & ({start}) & "
                        f"run{a}({r}, e, {_sets(tv, nb)}) & acc{a}(e, {_sets(tv, nb)}))")
            start = self.state(a, tv, bases[0], r)
            return (f"(ex2 {_sets(tv, nb)}: {start} & run{a}({r}, e, {_sets(tv, nb)}) & "
                    f"acc{a}(e, {_sets(tv, nb)}))")
        good = [q for q in range(auto.size) if bases[q] in auto.accepting]
        if not rule.keep_prefix:
            return "true" if bases[0] in auto.accepting else "false"
        ends = " | ".join(self.state(a, sv, q, j) for q in good) or "false"
        return f"(ex2 {_sets(sv, nb)}: {prefix} & ({ends}))"

    def some(self, a: int | None, negate: bool = False) -> str:
        """Some option (a None: exists; negate: is not accepted by automaton a), as a call
        of a predicate defined once."""
        name = "exists" if a is None else f"{'out' if negate else 'some'}{a}"
        if name not in self.defined:
            terms = []
            for rule in self.fam.rules:
                if a is None:
                    body = "true"
                else:
                    body = self.option_in(a, rule, "j")
                    if negate:
                        body = f"~{body}"
                terms.append(f"(ex1 j: {self.match(rule, 'j')} & {body})")
            self.lines.append(f"pred {name}(var1 e, var2 {_sets('X', self.lb)}) =\n  "
                              + (" |\n  ".join(terms) or "false") + ";")
            self.defined.add(name)
        return f"{name}(e, {_sets('X', self.lb)})"

    def member(self, a: int) -> str:
        """The word is accepted by automaton a."""
        nb = self.sb[a]
        sv = f"S{a}_"
        return (f"(ex2 {_sets(sv, nb)}: {self.state(a, sv, 0, '0')} & "
                f"run{a}(0, e, {_sets(sv, nb)}) & acc{a}(e, {_sets(sv, nb)}))")

    def formula(self) -> str:
        st, fam = self.st, self.fam
        k = st.k
        self.defined: set[str] = set()
        self.lines.append("m2l-str;")
        self.lines.append("var0 Bot;")
        self.lines.append(f"var2 {_sets('X', self.lb)};")
        self.preds()
        wellformed = [_code("X", self.lb, 0, "e")]
        if len(self.alpha) < (1 << self.lb):
            valid = " | ".join(self.letter(c, "p") for c in self.alpha)
            wellformed.append(f"(all1 p: p < e => ({valid}))")
        checks = []
        for jv in range(k + 1):
            if st.misere:
                want = f"({self.some(None)} & ~{self.some(0)})"
            else:
                want = " & ".join([f"~{self.some(jv)}"] + [self.some(i) for i in range(jv)])
            checks.append(f"(({self.member(jv)}) <=> ~({want}))")
        if fam.domain is not None:
            d = len(self.autos) - 1
            indom = self.member(d)
            checks.append(self.some(d, negate=True))
        else:
            indom = "true"
        word = (f"(ex1 e: e = max($) & {' & '.join(wellformed)} & {indom} & (\n  "
                + " |\n  ".join(checks) + "))")
        bottom = "false"
        if fam.bottom and fam.in_domain(None):
            wrong = [j for j, a in enumerate(st.automata)
                     if a.empty != (j == 0 and not st.misere)]
            bottom = "true" if wrong else "false"
        self.lines.append(f"~((Bot & {bottom}) | (~Bot & {word}));")
        return "\n".join(self.lines) + "\n"


def formula(statement: Statement) -> str:
    """The M2L-Str formula "no position violates ``statement``" (MONA syntax).

    Examples
    --------
    >>> from cgsat.automata.options import WordFamily
    >>> nim = WordFamily("take one", "1", (OptionRule("1", "", keep_prefix=True,
    ...                  at_end=True),), False, "none", str)
    >>> even = Automaton("1", ((1,), (0,)), frozenset({0}))
    >>> formula(Statement(nim, (even,))).splitlines()[0]
    'm2l-str;'

    References
    ----------
    *Thinning Thickets*, §2.1 (the mex rule), as in :mod:`cgsat.automata`.
    """
    return _Writer(statement).formula()


def available() -> bool:
    """Whether the ``mona`` executable is on the PATH."""
    return shutil.which("mona") is not None


_CEX = re.compile(r"A counter-example of least length \((\d+)\) is:")
_STATES = re.compile(r"Automaton has (\d+) states")
_ASSIGN = re.compile(r"^(\w+) = (.*)$", re.M)
_SIZES = re.compile(r"\((\d+),\d+\) ->")


def summary(out: str, states: int | None) -> str:
    """MONA's output without the per-operation statistics of ``-s``: the version line, the
    final automaton and the analysis, with the largest automaton built."""
    keep = [line for line in out.splitlines()
            if line.startswith(("MONA", "Automaton has", "Total time"))]
    analysis = re.search(r"^ANALYSIS$", out, re.M)  # the line itself, not a path quoted
    tail = out[analysis.start():].splitlines() if analysis else []
    tail = [line for line in tail if not line.startswith("Total time")]
    return "\n".join(keep[:2] + [f"Largest automaton built: {states} states (mona -s)"]
                     + tail + keep[2:]) + "\n"


def parse_output(text: str, statement: Statement) -> tuple[str, str | None, bool, int | None]:
    """(verdict, word, bottom, final states) from MONA's output (see :func:`decide`)."""
    states_m = _STATES.search(text)
    states = int(states_m.group(1)) if states_m else None
    if "Formula is valid" in text:
        return "proved", None, False, states
    m = _CEX.search(text)
    if m is None:
        if "Formula is unsatisfiable" in text:  # every string violates: the shortest one
            return "refuted", "", False, states
        raise RuntimeError("could not read MONA's answer:\n" + text[-2000:])
    length = int(m.group(1))
    block = text[m.end():]
    end = block.find("A satisfying example")
    if end >= 0:
        block = block[:end]
    values = dict(_ASSIGN.findall(block))
    if values.get("Bot", "false").strip() == "true":
        return "refuted", None, True, states
    lb = _bits(len(statement.family.alphabet))
    members = []
    for b in range(lb):
        raw = values.get(f"X{b}", "{}").strip().strip("{}")
        members.append({int(x) for x in raw.split(",") if x.strip()})
    letters = []
    for p in range(max(length - 1, 0)):
        code = sum(1 << b for b in range(lb) if p in members[b])
        letters.append(statement.family.alphabet[code])
    return "refuted", "".join(letters), False, states


_READ_ERRORS = (RuntimeError, ValueError, IndexError, KeyError)
"""What reading a garbled answer may raise (:func:`parse_output`)."""

LIE = "mona says valid to a false control statement"
"""The start of the reason of a MONA answer that failed its control (:func:`decide`)."""

CONTROL_LENGTH = 6
"""Words up to this length (and ⊥) are searched for the witness that the control statement
is false (:func:`control`)."""


OUTPUT_LIMIT = 1 << 26
"""Bytes of output (both streams) at most that MONA may print: 64 MiB, far above what
``mona -s`` prints for the statements decided here; more is no answer."""


class _TooMuch(Exception):
    """MONA printed more than :data:`OUTPUT_LIMIT` bytes."""


def _run_mona(src: Path, timeout: float | None) -> tuple[int, str, str]:
    """Run ``mona -s src`` in a process group of its own and end the whole group when it
    returns, times out or fails (a ``mona`` behind a wrapper script leaves nothing behind);
    (exit code, output, error output). It stays in the caller's session, so that the runner
    can end it with the worker that runs it (:mod:`cgsat.engine.executors.reaper`). Its
    output is read up to :data:`OUTPUT_LIMIT` bytes.

    Raises
    ------
    subprocess.TimeoutExpired
        After ``timeout`` seconds (the group is ended first).
    _TooMuch
        Past :data:`OUTPUT_LIMIT` bytes of output (likewise).
    """
    proc = subprocess.Popen(["mona", "-s", str(src)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, process_group=0)
    assert proc.stdout is not None and proc.stderr is not None
    deadline = None if timeout is None else time.monotonic() + timeout
    out, err = bytearray(), bytearray()
    open_fds = {proc.stdout.fileno(): out, proc.stderr.fileno(): err}

    def left() -> float | None:
        if deadline is None:
            return None
        wait = deadline - time.monotonic()
        if wait <= 0:
            raise subprocess.TimeoutExpired(["mona"], timeout or 0.0)
        return wait

    try:
        while open_fds:
            ready, _, _ = select.select(list(open_fds), [], [], left())
            for fd in ready:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    del open_fds[fd]
                    continue
                open_fds[fd] += chunk
                if len(out) + len(err) > OUTPUT_LIMIT:
                    raise _TooMuch()
        proc.wait(timeout=left())
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        proc.kill()
        proc.stdout.close()
        proc.stderr.close()
        proc.wait()
    return (proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"))


def _one_line(text: str) -> str:
    """The first non-blank line of ``text`` (80 characters at most), for a message."""
    line = next((x.strip() for x in text.splitlines() if x.strip()), "(nothing)")
    return repr(line[:80])


def _decide_once(statement: Statement, where: Path, timeout: float | None,
                 t0: float) -> tuple[Decision, str]:
    """One MONA run on ``statement`` in ``where``: its decision and MONA's output."""
    src = where / "statement.mona"
    src.write_text(formula(statement))
    try:
        code, raw, err = _run_mona(src, timeout)
    except subprocess.TimeoutExpired:
        return Decision("mona", "unknown", seconds=time.perf_counter() - t0,
                        reason=f"timeout {timeout:g}s"), ""
    except _TooMuch:
        return Decision("mona", "unknown", seconds=time.perf_counter() - t0,
                        reason=f"could not read MONA's answer: more than "
                               f"{OUTPUT_LIMIT >> 20} MiB of output"), ""
    out = re.sub(r"[^\n]*\r", "", raw)  # drop the progress lines
    if code < 0:  # killed by a signal: MONA aborts when its tables overflow
        return Decision("mona", "unknown", seconds=time.perf_counter() - t0,
                        reason=f"mona stopped by signal {-code}"), out
    if code != 0:
        return Decision("mona", "unknown", seconds=time.perf_counter() - t0,
                        reason=f"mona failed: exit code {code}, "
                               f"{_one_line(err or out)}"), out
    try:
        verdict, word, bottom, _ = parse_output(out, statement)
    except _READ_ERRORS:  # a garbled answer is no answer
        return Decision("mona", "unknown", seconds=time.perf_counter() - t0,
                        reason=f"could not read MONA's answer: {_one_line(out)}"), out
    sizes = [int(m) for m in _SIZES.findall(out)]
    states = max(sizes) if sizes else None
    reason = "" if verdict == "proved" else "MONA's counter-example of least length"
    return Decision("mona", verdict, word, bottom, states, time.perf_counter() - t0,
                    reason), out


def control(statement: Statement) -> tuple[Statement, str] | None:
    """A statement known to be false, for the control of a "valid" answer: ``statement``
    with the accepting states of R_0 complemented (or, failing a word that shows it, ⊥ as
    well), with the position where it fails,
    found by evaluating the mex rule there (:meth:`Statement.violated_at`, no decider);
    None when no position of at most :data:`CONTROL_LENGTH` letters shows it.

    Examples
    --------
    >>> from cgsat.automata.options import WordFamily
    >>> nim = WordFamily("take one", "1", (OptionRule("1", "", keep_prefix=True,
    ...                  at_end=True),), False, "none", str)
    >>> even = Automaton("1", ((1,), (0,)), frozenset({0}))
    >>> control(Statement(nim, (even,)))[1]
    "'': R_0 rejects it, the mex rule says yes"

    References
    ----------
    *Thinning Thickets*, §2.1 (the mex rule).
    """
    r0 = statement.automata[0]
    fam = statement.family
    words: list[Word] = []
    for n in range(CONTROL_LENGTH + 1):
        words += ["".join(t) for t in itertools.product(fam.alphabet, repeat=n)]
    # a word first (MONA's run of the automata), then ⊥ (its free Boolean)
    for flip_empty, candidates in ((False, words), (True, [None] if fam.bottom else [])):
        flipped = replace(r0, accepting=frozenset(range(r0.size)) - r0.accepting,
                          empty=r0.empty != flip_empty, name=f"not {r0.name}".strip())
        wrong = statement.with_automaton(0, flipped)
        for w in candidates:
            why = wrong.violated_at(w)
            if why:
                return wrong, f"{'⊥' if w is None else repr(w)}: {why}"
    return None


def decide(statement: Statement, *, timeout: float | None = None,
           workdir: str | Path | None = None) -> Decision:
    """Decide ``statement`` for every word with MONA, with a control of its answer.

    MONA runs in a process group of its own, ended when it answers, times out or fails.
    Its "valid" counts only when MONA, in the same call, refutes the :func:`control`
    statement (R_0 complemented, false at a position found without MONA): a "valid" to
    the control is ``error`` (MONA's answers are not counted: exit code 3 at the command
    line), an undecided control leaves the answer ``unknown``. An exit code other than 0 or
    an answer that cannot be read is ``unknown``, with one line saying so.

    Parameters
    ----------
    statement : Statement
        The family, its option rules and R_0 .. R_k.
    timeout : float or None
        Seconds before MONA is stopped ("unknown"), for the statement and its control.
    workdir : path or None
        Where to write ``statement.mona`` and MONA's output ``statement.out`` (artifacts);
        a temporary directory (``cgsat-mona-*``) when None.

    Returns
    -------
    Decision
        ``proved``; ``refuted`` with a counter-example of least length (⊥ as ``bottom``);
        ``unknown`` with reason "mona not installed", a timeout, a failure or an unreadable
        answer; ``error`` when MONA proves the control.

    References
    ----------
    *Thinning Thickets*, §2.1; MONA User Manual, M2L-Str.
    """
    t0 = time.perf_counter()
    if not available():
        return Decision("mona", "unknown", reason="mona not installed")
    with tempfile.TemporaryDirectory(prefix="cgsat-mona-") as tmp:
        where = Path(workdir) if workdir is not None else Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        found, out = _decide_once(statement, where, timeout, t0)
        if workdir is not None and out:
            sizes = [int(m) for m in _SIZES.findall(out)]
            (where / "statement.out").write_text(summary(out, max(sizes) if sizes
                                                         else None))
        wrong = control(statement) if found.verdict == "proved" else None
        return controlled(found, wrong, lambda st, where, left: _decide_once(
            st, where, left, t0)[0], Path(tmp), timeout, t0, ("position", "R_0"))


def controlled(found: Decision, wrong: tuple[Any, str] | None,
               run: Callable[[Any, Path, float | None], Decision], tmp: Path,
               timeout: float | None, t0: float, names: tuple[str, str]) -> Decision:
    """MONA's answer ``found`` after its control: a "valid" counts only when ``run`` (MONA
    on the control statement ``wrong[0]``, in ``tmp/control``, with the time left and at
    least 1 s) refutes it; otherwise ``error`` (:data:`LIE`) or ``unknown``. ``names``: what
    the control's witness is and what it complements, for the messages ("position",
    "R_0")."""
    if found.verdict != "proved":
        return found
    what, flipped = names
    if wrong is None:
        return replace(found, verdict="unknown", seconds=time.perf_counter() - t0,
                       reason=f"no control: no short {what} shows the complemented "
                              f"{flipped} false")
    left = None if timeout is None else max(1.0, timeout - (time.perf_counter() - t0))
    check = tmp / "control"
    check.mkdir()
    said = run(wrong[0], check, left)
    seconds = time.perf_counter() - t0
    if said.verdict == "proved":
        return replace(found, verdict="error", seconds=seconds,
                       reason=f"{LIE} ({flipped} complemented; false at {wrong[1]}): its "
                              "answers are not counted")
    if said.verdict != "refuted":
        return replace(found, verdict="unknown", seconds=seconds,
                       reason=f"the control of MONA's answer was not decided ({said.reason})")
    return replace(found, seconds=seconds)
