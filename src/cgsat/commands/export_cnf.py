"""``cgsat export-cnf CLAIM --n N [--target LABEL] [--out FILE]``: one SAT instance as DIMACS.

The claim's SAT method runs exactly as ``cgsat check`` runs it at size n (the same budget
and control seed), but the solve path (:mod:`cgsat.sat.solve`, :class:`Export`) writes
the instance selected by ``--target`` instead of solving it: the first one by default.
Instances are labelled by the method (``SatRun.solve(..., label=)``), else by their 1-based
index in the order the method reaches them; the instances before the selected one are
solved as usual (the method needs their answers to go on). Selectors and assumptions are
unit clauses, so the file is UNSAT exactly when the method says "holds" for that instance.

The comment header names the claim, n, the method, cgsat's version, the method fingerprint
(:func:`cgsat.engine.fingerprint.method_fingerprint`), the instance's label, and the
variable map: one line ``c var K NAME`` per named variable of the instance's IDPool (the
position's variables, such as ``('R', 3)``, "the 4th letter is R", are among them).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import hashlib
import os
import pickle
import resource
import select
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pysat.formula import IDPool

from cgsat import __version__
from cgsat.claims import Claim, Method
from cgsat.commands.options import own_claims
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.engine import memory
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.runner import MAX_SIZE
from cgsat.engine.store import is_store_file
from cgsat.errors import CgsatInputError, TooLargeError
from cgsat.papers.registry import get_claim
from cgsat.sat.solve import Export, ExternalBudget, InstanceExported

__all__ = ["Exported", "sat_method", "export_instance", "run", "budgeted"]

EXIT_INTERNAL, EXIT_SHORT = 4, 5


@dataclass
class Exported:
    """One exported instance: its DIMACS text with the header, and what it is."""

    claim: str
    n: int
    method: str
    label: str
    fingerprint: str
    cnf: ClauseBuffer
    pool: IDPool | None

    def text(self) -> str:
        """The DIMACS file: the comment header, then ``p cnf`` and the clauses."""
        dimacs = self.cnf.dimacs()
        lines = [
            "c cgsat export-cnf",
            f"c claim: {self.claim}",
            f"c n: {self.n}",
            f"c method: {self.method}",
            f"c cgsat version: {__version__}",
            f"c method fingerprint: {self.fingerprint}",
            f"c instance: {self.label}",
            'c UNSAT exactly when the method says "holds" for this instance '
            "(selectors and assumptions are unit clauses)",
            f"c vars: {self.cnf.nv}, clauses: {len(self.cnf)}, dimacs sha256 (from the p "
            f"line on): {hashlib.sha256(dimacs.encode()).hexdigest()}",
        ]
        if self.pool is None:
            lines.append("c variable map: not available (the method builds this instance "
                         "outside SatRun.new)")
        else:
            named = sorted((v, obj) for obj, v in self.pool.obj2id.items()
                           if obj is not None and v <= self.cnf.nv)
            lines.append(f"c variable map: {len(named)} named variables (c var ID NAME)")
            lines.extend(f"c var {v} {_one_line(obj)}" for v, obj in named)
        return "\n".join(lines) + "\n" + dimacs


def _one_line(obj: object) -> str:
    return " ".join(str(obj).split())


def sat_method(claim: Claim, name: str | None) -> Method:
    """The SAT method to export: ``name``, or the claim's first method that uses a solver.

    Raises
    ------
    CgsatInputError
        When the claim has no such method, or ``name`` uses no SAT solver.

    Examples
    --------
    >>> sat_method(get_claim("timber.thm2.3"), None).name
    'sat'
    """
    if name is None:
        for m in claim.methods:
            if m.uses_solver:
                return m
        kit = ("; a kit claim's sat method runs the cgsat find searches, which build their "
               "instances per search and are not exported" if getattr(claim, "family", None)
               is not None else "")
        raise CgsatInputError(f"{claim.id} has no SAT method export-cnf can write (its "
                              f"methods: {', '.join(m.name for m in claim.methods)}{kit})")
    names = [m.name for m in claim.methods]
    if name not in names:
        raise CgsatInputError(f"{claim.id} has no method {name!r}; it has: {', '.join(names)}")
    method = claim.method(name)
    if not method.uses_solver:
        raise CgsatInputError(f"{claim.id} method {name!r} solves no SAT instance")
    return method


def export_instance(claim: Claim, n: int, target: str | None = None,
                    method_name: str | None = None) -> Exported:
    """Run ``claim``'s SAT method at ``n`` until it reaches the instance labelled ``target``
    (default the first) and return that instance.

    Raises
    ------
    CgsatInputError
        For an n outside the method's sizes, a method that never reaches ``target`` (the
        labels it reached are named), or one that solves no instance at ``n``.

    Examples
    --------
    >>> e = export_instance(get_claim("timber.thm2.3"), 4)
    >>> e.label, e.text().splitlines()[1], e.cnf.nv > 0
    ('1', 'c claim: timber.thm2.3', True)

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *The Game of timber!*, Theorem 2.3 (the example).
    """
    method = sat_method(claim, method_name)
    if n < claim.base:
        raise CgsatInputError(f"--n: {claim.id} starts at n={claim.base}, got {n}")
    top = min(MAX_SIZE, method.max_n if method.max_n is not None else MAX_SIZE)
    if n > top:
        raise CgsatInputError(f"--n: {claim.id} method {method.name!r} runs only up to "
                              f"n={top}, got {n}")
    fingerprint = method_fingerprint(claim, method)
    export = Export(target=target)
    budget = ExternalBudget(timeout=None, seed=f"{claim.id}:{n}:{method.name}",  # as check
                            export=export)
    try:
        verdict = method.run(n, budget)
    except InstanceExported as done:
        return Exported(claim.id, n, method.name, done.label, fingerprint, done.cnf, done.pool)
    except TooLargeError as exc:
        raise CgsatInputError(f"{claim.id} n={n}: too large: {exc}") from None
    where = f"{claim.id} n={n} {method.name}"
    if not export.seen:
        if verdict.status == "refuted":  # decided before any instance: nothing to export
            why = f" {verdict.counterexample}" + (f": {verdict.detail}" if verdict.detail
                                                  else "")
            raise CgsatInputError(f"{where} is refuted before any SAT instance is built "
                                  f"(counterexample{why}); there is no instance to export")
        why = f": {verdict.reason}" if verdict.reason else ""
        raise CgsatInputError(f"{where} solves no SAT instance at this size "
                              f"({verdict.status}{why})")
    shown = ", ".join(export.seen[:20]) + (" ..." if len(export.seen) > 20 else "")
    raise CgsatInputError(f"{where} reached no instance labelled {target!r} (it stopped "
                          f"after {len(export.seen)}: {shown}; {verdict.status})")


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat export-cnf``; returns the exit code."""
    out = None if args.out == "-" else args.out  # - is standard output, as no --out
    if out is not None:
        if not out.strip():
            raise CgsatInputError("--out: the path is empty")
        if is_store_file(out):
            raise CgsatInputError(f"--out: {out!r} is a results store (SQLite); export-cnf "
                                  "never overwrites one")
        if os.path.isdir(out):
            raise CgsatInputError(f"--out: {out!r} is a directory, not a file")
    own = {c.id: c for c in own_claims(args)}  # --claims FILE: a user's claims too
    claim = own[args.claim] if args.claim in own else get_claim(args.claim)
    sat_method(claim, args.method)  # a bad claim or method is reported here, at once
    limit = memory.resolve_limit(args.memory_limit, 1)

    def work() -> tuple[str, str]:
        exported = export_instance(claim, args.n, args.target, args.method)
        text = exported.text()
        if out is None:
            return text, ""
        try:
            with open(out, "w") as f:
                f.write(text)
        except OSError as exc:
            raise CgsatInputError(f"--out: cannot write {out!r}: {exc.strerror}") from None
        return "", (f"{out}: {exported.claim} n={exported.n} {exported.method} instance "
                    f"{exported.label} ({exported.cnf.nv} vars, {len(exported.cnf)} clauses)")

    what = f"export-cnf {claim.id} --n {args.n}"
    code, answer = budgeted(work, what, args.timeout, limit)
    if code == 0:
        text, summary = answer
        sys.stdout.write(text)
        if summary:
            print(summary)
    return code


def budgeted(work: Callable[[], Any], what: str, timeout: float | None,
             limit: int | None) -> tuple[int, Any]:
    """Run ``work`` in a forked child process within ``timeout`` seconds and ``limit``
    bytes of address space, and hand back ``(0, its result)``; or ``(2, None)`` after bad
    input, ``(5, None)`` when the budget ran out, ``(4, None)`` after a bug, each with one
    line on stderr. The child is killed at the deadline; it also dies if this process
    does (``PR_SET_PDEATHSIG``).

    Examples
    --------
    >>> budgeted(lambda: "done", "nothing", 10, None)
    (0, 'done')
    """
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        answer: tuple[int, Any] = (EXIT_INTERNAL, "cgsat: internal error (no answer)")
        try:
            try:
                ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
            except (OSError, AttributeError):
                pass
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            answer = (0, work())
        except CgsatInputError as exc:
            answer = (2, f"cgsat: error: {exc}")
        except MemoryError:
            answer = (EXIT_SHORT, f"cgsat: stopped short: {what} needs more than "
                                  f"{memory.format_bytes(limit or 0)} of memory "
                                  "(--memory-limit)")
        except BaseException as exc:  # noqa: BLE001 - no traceback ever reaches the user
            answer = (EXIT_INTERNAL, f"cgsat: internal error ({type(exc).__name__}: {exc}); "
                                     "this is a bug in cgsat, please report it")
        finally:
            try:
                with os.fdopen(write_end, "wb") as pipe:
                    pickle.dump(answer, pipe)
            finally:
                os._exit(0)
    os.close(write_end)
    deadline = None if timeout is None else time.monotonic() + timeout
    chunks: list[bytes] = []
    try:
        with os.fdopen(read_end, "rb", buffering=0) as pipe:
            while True:  # read while waiting: a large result must not fill the pipe
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    sys.stderr.write(f"cgsat: stopped short: {what} did not finish within "
                                     f"{timeout:g} s (--timeout)\n")
                    return EXIT_SHORT, None
                ready, _, _ = select.select([pipe], [], [], min(left or 0.5, 0.5))
                if ready:
                    chunk = pipe.read(1 << 20)
                    if not chunk:
                        break
                    chunks.append(chunk)
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0 or not chunks:
            sys.stderr.write(f"cgsat: stopped short: {what} ended without an answer (exit "
                             f"{os.waitstatus_to_exitcode(status)}"
                             + (f"; over --memory-limit {memory.format_bytes(limit)}?)\n"
                                if limit else ")\n"))
            return EXIT_SHORT, None
        code, payload = pickle.loads(b"".join(chunks))
        if code != 0:
            sys.stderr.write(payload + "\n")
            return code, None
        return 0, payload
    except BaseException:  # Ctrl-C, SIGTERM: the child goes too
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        raise
