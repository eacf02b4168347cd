"""The results store: an append-only SQLite history of runs.

User documentation: docs/reference.md, "The results store".

Location: ``--db PATH``, else ``$CGSAT_DB``, else ``./cgsat-results.sqlite``.

Every run of a check is one row of the table ``runs``, never replaced nor deleted. A row's
key is (claim, n, method, solver, fingerprint): ``solver`` is the canonical PySAT name for
methods that use a SAT solver and the empty string for the others (so a brute-force result
is reused whatever ``--solver`` says); ``fingerprint`` is the method fingerprint
(:mod:`cgsat.engine.fingerprint`), the code that decided the verdict. The cgsat version is
kept for information only.

The *current* verdict of a key is derived from its history (:func:`derive`): the latest
decided run (holds or refuted), else the latest error or vacuous, else the latest unknown.
So a decided verdict is never displaced by a later unknown nor by a later error (issue 24):
such an error, or an unknown for another reason than its budget (a worker that died, an
external solver with no answer; :func:`disagrees`), is a *disagreement* with the stored
verdict (:attr:`Current.disagreements`), shown by ``cgsat check`` (exit code 3) and the
report, not a lost bound. A later timeout or memory-out (:func:`short_of_budget`) is
history only: a smaller budget, not evidence against the verdict. A holds and a refuted
under one fingerprint is a conflict, reported by the runner with exit code 3.

Every row read is vetted (:func:`vet`): a holds or refuted whose certificate does not fit
its answer (:func:`cgsat.sat.certificates.misfit`: a ``model`` certificate on an UNSAT
answer, a DRAT proof of a SAT one) is read as ``error``, and it is not a decided verdict
for its key whatever came before: the code that stored it mislabels its answers.

Every decided row read must also pass the check of its fields (:func:`row_problem`:
ranges, controls passed <= total, a counterexample on a refuted row only), and, where a run
or the report installs it (:attr:`Store.replay`, :mod:`cgsat.engine.replay_stored`), every
stored refutation is replayed by the claim's direct solver; a row that fails either is read
as an ``error`` naming it (:data:`BAD_ROW`), never reused, while a later decided run of
its key stands as usual (issue 38).

A file is used as a store only when it is one (:func:`cgsat.engine.store_file.recognise`:
the marker written with every store, or cgsat's tables); a read-only one opens read-only
(:attr:`Store.read_only`: a run that must store anything is refused before any work), and
a write SQLite refuses (a full disk) is one line naming the store
(:class:`cgsat.engine.store_file.StoreWriteError`).

Each result is written in its own transaction as soon as it is known, in WAL mode with a
busy timeout, so an interrupted run (SIGINT, SIGTERM or SIGKILL) loses nothing already
reported, two runs may share one store, and the next run resumes from the store. Only the
parent process of a run writes; workers (local processes or Dask workers) return their
verdicts to it.

*Fingerprint aliases* (table ``fingerprint_aliases``, issue 23): ``(claim, method, old,
new, how, time)`` says that the runs of that claim and method stored under fingerprint
``old`` were decided by the code whose fingerprint is now ``new`` (``cgsat check
--revalidate`` records one when the code is the same and only the way of fingerprinting it
changed). Reads resolve aliases: such a run comes back under ``new`` with ``revalidated``
true, and is reused and reported as any current run; its row itself is never changed.

A store written before fingerprints (one table ``results`` keyed by version) still opens:
its rows move into ``runs`` with an empty fingerprint, which no method has, so they are
kept for information and never reused. A store from before the columns ``git_commit``,
``peak_rss_mb``, ``executor`` or ``worker`` gets them when it is opened (empty in its old
rows).
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import UTC, datetime
from typing import Any

from cgsat.engine.store_file import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    StoreWriteError,
    not_writable,
    recognise,
    write_problem,
)
from cgsat.errors import CgsatInputError
from cgsat.sat.certificates import misfit

__all__ = ["APPLICATION_ID", "BAD_ROW", "Current", "DECIDED", "DEFAULT_DB", "MISFIT", "Row",
           "SCHEMA_VERSION", "SHORT_OF_BUDGET", "STATUSES", "Store", "StoreWriteError",
           "db_path", "derive", "disagrees", "is_store_file", "now_utc", "recognise",
           "row_problem", "short_of_budget", "vet", "write_problem"]

DEFAULT_DB = "cgsat-results.sqlite"
STATUSES = ("holds", "refuted", "unknown", "error", "vacuous", "proved")

_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    claim TEXT NOT NULL,
    n INTEGER NOT NULL,
    method TEXT NOT NULL,
    solver TEXT NOT NULL,
    version TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN {STATUSES!r}),
    seconds REAL,
    counterexample TEXT,
    reason TEXT,
    instance_vars INTEGER,
    instance_clauses INTEGER,
    certificate TEXT,
    dimacs_sha256 TEXT,
    detail TEXT,
    python TEXT,
    pysat TEXT,
    time TEXT NOT NULL,
    fingerprint TEXT NOT NULL DEFAULT '',
    controls TEXT,
    controls_asked INTEGER,
    solver_used TEXT,
    git_commit TEXT,
    peak_rss_mb REAL,
    executor TEXT,
    worker TEXT
);
CREATE INDEX IF NOT EXISTS runs_key ON runs (claim, method, solver, fingerprint, n);
CREATE TABLE IF NOT EXISTS fingerprint_aliases (
    claim TEXT NOT NULL,
    method TEXT NOT NULL,
    old TEXT NOT NULL,
    new TEXT NOT NULL,
    how TEXT NOT NULL,
    time TEXT NOT NULL,
    PRIMARY KEY (claim, method, old, new)
);
"""

_LEGACY = """
INSERT INTO runs (claim, n, method, solver, version, status, seconds, counterexample, reason,
                  instance_vars, instance_clauses, certificate, dimacs_sha256, detail, python,
                  pysat, time, fingerprint, solver_used)
SELECT claim, n, method, solver, version, status, seconds, counterexample, reason,
       instance_vars, instance_clauses, certificate, dimacs_sha256, detail, python, pysat,
       time, '', NULLIF(solver, '')
FROM results;
DROP TABLE results;
"""


def db_path(explicit: str | None = None) -> str:
    """``explicit``, else ``$CGSAT_DB``, else ``./cgsat-results.sqlite``.

    Examples
    --------
    >>> db_path("x.sqlite")
    'x.sqlite'
    >>> db_path(":memory:")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: --db :memory:: results would be lost; use a file
    """
    if explicit is not None:
        if not explicit.strip():
            raise CgsatInputError("--db: the path is empty")
        path = explicit
    else:
        path = os.environ.get("CGSAT_DB") or DEFAULT_DB
    if path == ":memory:" or path.startswith("file:"):
        raise CgsatInputError(f"--db {path}: results would be lost; use a file")
    if path == "-":
        raise CgsatInputError("--db -: the results store is a file, not standard input or "
                              "output; use a file")
    return path


def is_store_file(path: str) -> bool:
    """Whether ``path`` is an SQLite file (a results store, which no output may replace).

    Examples
    --------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp()
    >>> with Store(os.path.join(d, "r.sqlite")):
    ...     pass
    >>> is_store_file(os.path.join(d, "r.sqlite")), is_store_file(os.path.join(d, "no"))
    (True, False)
    """
    try:
        with open(path, "rb") as fh:
            return fh.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


@dataclass
class Row:
    """One stored run (see the table's columns).

    ``solver`` is the key's solver ("" for methods that use none); ``solver_used`` is the
    solver that actually ran (None when none did, e.g. a refutation found without one).
    ``controls`` is the JSON of ``{"passed","total"}``; ``controls_asked`` the
    ``--controls K`` of the run. ``git_commit`` is the commit of the cgsat source that
    computed it (:func:`cgsat.engine.provenance.source_commit`; for people, the fingerprint
    decides reuse). ``peak_rss_mb`` is the check's peak resident memory in MiB
    (:mod:`cgsat.engine.memory`; None in runs stored before it was recorded).
    ``executor`` (``"local"`` or ``"dask"``) and ``worker`` (``host/pid`` of a local worker
    process, the address of a Dask worker) say where the check ran (None in rows stored
    before they were recorded). ``id`` orders the history.
    """

    claim: str
    n: int
    method: str
    solver: str
    version: str
    status: str
    seconds: float | None = None
    counterexample: str | None = None
    reason: str | None = None
    instance_vars: int | None = None
    instance_clauses: int | None = None
    certificate: str | None = None
    dimacs_sha256: str | None = None
    detail: str | None = None
    python: str | None = None
    pysat: str | None = None
    time: str = ""
    fingerprint: str = ""
    controls: str | None = None
    controls_asked: int | None = None
    solver_used: str | None = None
    git_commit: str | None = None
    peak_rss_mb: float | None = None
    executor: str | None = None
    worker: str | None = None
    id: int | None = None
    # not a column: set when the row was read through a fingerprint alias
    revalidated: bool = field(default=False, metadata={"column": False})

    @property
    def instance(self) -> dict[str, int] | None:
        if self.instance_vars is None or self.instance_clauses is None:
            return None
        return {"vars": self.instance_vars, "clauses": self.instance_clauses}

    @property
    def certificate_dict(self) -> dict[str, str] | None:
        return json.loads(self.certificate) if self.certificate else None

    @property
    def controls_dict(self) -> dict[str, int] | None:
        return json.loads(self.controls) if self.controls else None

    @property
    def key(self) -> tuple[str, int, str, str, str]:
        return (self.claim, self.n, self.method, self.solver, self.fingerprint)


_FIELDS = [f.name for f in fields(Row) if f.metadata.get("column", True)]
_COLUMNS = [f for f in _FIELDS if f != "id"]


MISFIT = "certificate does not fit its answer"
"""The start of the reason of a row :func:`vet` read as ``error``."""

DECIDED = ("holds", "refuted", "proved")

SHORT_OF_BUDGET = ("timeout ", "memory:")
"""The starts of the reasons of an ``unknown`` that says only that its run's budget ran out
(``timeout 60s``, ``memory: over 2.0 GiB``; :func:`short_of_budget`)."""


def short_of_budget(row: Row) -> bool:
    """Whether ``row`` is an ``unknown`` that says only that its run's budget ran out: its
    timeout (the runner's ``timeout Ns``, or a solver that gave up at its own timeout) or
    its memory limit. Such a run is no evidence against a decided verdict of its key: a
    rerun under a smaller budget or on a busier machine, not a disagreement (issue 24;
    docs/reference.md, "The results store").

    Examples
    --------
    >>> short_of_budget(Row("c", 3, "sat", "", "0", "unknown", reason="timeout 1s"))
    True
    >>> short_of_budget(Row("c", 3, "sat", "", "0", "unknown", reason="z3 gave up (timeout)"))
    True
    >>> short_of_budget(Row("c", 3, "sat", "", "0", "unknown", reason="external solver: "
    ...                     "no answer line"))
    False
    >>> short_of_budget(Row("c", 3, "sat", "", "0", "error", reason="timeout 1s"))
    False
    """
    reason = row.reason or ""
    return row.status == "unknown" and (reason.startswith(SHORT_OF_BUDGET)
                                        or reason.endswith("(timeout)"))


def disagrees(row: Row) -> bool:
    """Whether ``row``, run after a decided verdict of its key, disagrees with it: an
    ``error``, or an ``unknown`` for another reason than its budget (:func:`short_of_budget`:
    a worker that died, an external solver with no answer, an internal error, a size the
    method now calls too large). Issue 24: "a later error or unknown against a decided
    verdict keeps the verdict" and is shown as a disagreement to investigate.

    Examples
    --------
    >>> disagrees(Row("c", 3, "sat", "", "0", "unknown", reason="worker died (exit -6)"))
    True
    >>> disagrees(Row("c", 3, "sat", "", "0", "unknown", reason="timeout 1s"))
    False
    >>> disagrees(Row("c", 3, "sat", "", "0", "error", reason="proof rejected"))
    True
    """
    return row.status == "error" or (row.status == "unknown" and not short_of_budget(row))


BAD_ROW = "stored row failed its check"
"""The start of the reason of a row :func:`vet` read as ``error`` because a field is out
of range (:func:`row_problem`) or its refutation does not replay (:attr:`Store.replay`)."""


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) \
        and value == value and value not in (float("inf"), float("-inf"))


def row_problem(row: Row) -> str | None:
    """What is wrong with the fields of a stored ``row`` that a run would reuse (a
    decided one), or None: its status is one of :data:`STATUSES`; seconds, instance
    sizes, peak memory and controls asked are numbers at least 0; controls are whole
    numbers with 0 <= passed <= total; a refuted row has a counterexample and a holds
    none (issue 38: hand-edited rows were reused as holds).

    Examples
    --------
    >>> row_problem(Row("c", 3, "sat", "", "0", "holds", seconds=0.5)) is None
    True
    >>> row_problem(Row("c", 3, "sat", "", "0", "holds", seconds=-1.0))
    'seconds is -1.0, below 0'
    >>> row_problem(Row("c", 3, "sat", "", "0", "holds", controls='{"passed": 99, "total": 3}'))
    'controls passed 99 of 3'
    >>> row_problem(Row("c", 3, "brute", "", "0", "refuted"))
    'refuted without a counterexample'
    """
    if row.status not in STATUSES:
        return f"status {row.status!r} is not one of {', '.join(STATUSES)}"
    if row.status not in DECIDED:
        return None
    if not isinstance(row.n, int) or isinstance(row.n, bool) or row.n < ALL_N_STORED:
        return f"n is {row.n!r}"
    for name in ("seconds", "instance_vars", "instance_clauses", "peak_rss_mb",
                 "controls_asked"):
        value = getattr(row, name)
        if value is None:
            continue
        if not _number(value):
            return f"{name} is {value!r}, not a number"
        if value < 0:
            return f"{name} is {value!r}, below 0"
        if name in ("instance_vars", "instance_clauses", "controls_asked") \
                and value != int(value):
            return f"{name} is {value!r}, not a whole number"
    if row.controls:
        controls = json.loads(row.controls)  # a JSON object: checked when read (Store._row)
        passed, total = controls.get("passed"), controls.get("total")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (passed, total)):
            return f"controls {row.controls!r} are not whole numbers"
        if not 0 <= passed <= total:
            return f"controls passed {passed} of {total}"
        if row.status == "holds" and passed != total:
            return f"holds with controls passed {passed} of {total}"
    if row.status == "refuted" and not (row.counterexample or "").strip():
        return "refuted without a counterexample"
    if row.status != "refuted" and row.counterexample:
        return f"{row.status} with a counterexample ({row.counterexample[:40]!r})"
    return None


ALL_N_STORED = -1
"""The n of an all-n method's row (:data:`cgsat.claims.ALL_N`); no stored n is smaller."""


def bad_row(row: Row, why: str) -> Row:
    """``row`` read as an ``error`` that names it: its fields failed their check
    (:func:`row_problem`) or its refutation does not replay (a copy; the stored row is
    never changed, and it is never reused)."""
    size = "every n" if row.n == ALL_N_STORED else f"n={row.n}"
    where = f"run {row.id} ({row.claim} {size} {row.method}"
    where += f" {row.solver})" if row.solver else ")"
    return replace(row, status="error", reason=f"{BAD_ROW}: {where}, stored as {row.status}: "
                   f"{why}; not reused")


def vet(row: Row) -> Row:
    """``row`` as read: a decided row whose fields are out of range
    (:func:`row_problem`) is an ``error`` naming it (:data:`BAD_ROW`), as is a holds or
    refuted whose certificate does not fit its answer
    (:func:`cgsat.sat.certificates.misfit`) (a copy; the stored row is never changed).

    Examples
    --------
    >>> bad = Row("c", 3, "sat", "x", "0", "holds", certificate='{"kind": "model", '
    ...           '"checker": "clause-check", "verdict": "verified", "sha256": "0", '
    ...           '"answer": "unsat"}')
    >>> vet(bad).status, vet(bad).reason.split(":")[0]
    ('error', 'certificate does not fit its answer')
    >>> vet(Row("c", 3, "sat", "x", "0", "holds")).status
    'holds'
    >>> print(vet(Row("c", 3, "sat", "x", "0", "holds", seconds=-2.0, id=7)).reason
    ...       .replace(": ", ":\\n"))
    stored row failed its check:
    run 7 (c n=3 sat x), stored as holds:
    seconds is -2.0, below 0; not reused
    """
    problem = row_problem(row)
    if problem is not None:
        return bad_row(row, problem)
    if row.status not in DECIDED or not row.certificate:
        return row
    try:
        certificate = json.loads(row.certificate)
    except ValueError:
        certificate = {"kind": "unreadable"}
    why = misfit(certificate if isinstance(certificate, dict) else {"kind": "unreadable"},
                 row.status)
    if why is None:
        return row
    return replace(row, status="error", reason=f"{MISFIT}: {why} (stored as {row.status})")


@dataclass
class Current:
    """The current verdict of one key: the run it comes from, whether the key's history
    holds both a holds and a refuted (a conflict: a bug, exit code 3), the history (vetted,
    oldest first), and the errors run after the decided verdict that stands
    (:attr:`disagreements`)."""

    row: Row
    conflict: bool
    history: list[Row]
    disagreements: list[Row] = field(default_factory=list)


def derive(history: Sequence[Row]) -> Current | None:
    """The current verdict of one key from its runs (oldest first), each :func:`vet`-ted.

    A row whose certificate does not fit its answer makes the key ``error`` whatever came
    before (the latest such row). Otherwise the latest decided run (holds or refuted),
    else the latest error or vacuous, else the latest unknown: neither an unknown nor an
    error displaces a decided verdict. An error after the decided run is a disagreement
    (:attr:`Current.disagreements`).

    Examples
    --------
    >>> rows = [Row("c", 3, "sat", "", "0", "holds", id=1),
    ...         Row("c", 3, "sat", "", "0", "unknown", reason="timeout 1s", id=2)]
    >>> derive(rows).row.status, derive(rows).conflict
    ('holds', False)
    >>> later = derive(rows + [Row("c", 3, "sat", "", "0", "error", reason="bad proof", id=3)])
    >>> later.row.status, [r.reason for r in later.disagreements]
    ('holds', ['bad proof'])
    >>> died = Row("c", 3, "sat", "", "0", "unknown", reason="worker died (exit -6)", id=4)
    >>> [r.reason for r in derive(rows + [died]).disagreements]
    ['worker died (exit -6)']
    >>> derive(rows + [Row("c", 3, "sat", "", "0", "refuted", counterexample="x",
    ...                    id=3)]).conflict
    True
    """
    if not history:
        return None
    vetted = [vet(r) for r in history]
    misfits = [r for r in vetted if r.status == "error" and (r.reason or "").startswith(MISFIT)]
    statuses = {r.status for r in vetted}
    conflict = {"holds", "refuted"} <= statuses
    if misfits:
        return Current(misfits[-1], conflict, vetted)
    for tier in (DECIDED, ("error", "vacuous"), ("unknown",)):
        at = [i for i, r in enumerate(vetted) if r.status in tier]
        if at:
            break
    row = vetted[at[-1]]
    later = [r for r in vetted[at[-1] + 1:] if disagrees(r)] \
        if row.status in DECIDED else []
    return Current(row, conflict, vetted, later)


def now_utc() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Store:
    """The SQLite results store.

    Examples
    --------
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "r.sqlite")
    >>> with Store(path) as s:
    ...     s.put(Row("timber.thm2.3", 4, "sat", "cadical195", "0.1.0", "holds", 0.01,
    ...               fingerprint="f"))
    ...     s.put(Row("timber.thm2.3", 4, "sat", "cadical195", "0.1.0", "unknown",
    ...               fingerprint="f"))
    ...     s.current("timber.thm2.3", 4, "sat", "cadical195", "f").row.status
    'holds'
    """

    def __init__(self, path: str, readonly: bool = False):
        self.path = path
        self.read_only: str | None = None  # why writes are refused (a read-only file)
        self.replay: Callable[[Row], Row] | None = None  # the stored refutations' check
        parent = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(parent):
            raise CgsatInputError(f"--db: directory {parent!r} does not exist")
        if readonly:
            self._open_readonly(path)
            return
        why = not_writable(path)
        if why is not None:  # reuse what it holds; a run that must store anything is refused
            if not os.path.exists(path):
                raise CgsatInputError(f"--db: cannot create the results store {path!r}: "
                                      f"{why}")
            self._open_readonly(path)
            self.read_only = why
            return
        try:
            self.conn = sqlite3.connect(path, timeout=60.0, isolation_level=None)
        except sqlite3.DatabaseError as exc:
            raise CgsatInputError(f"--db: cannot use {path!r} as a results store ({exc})") \
                from None
        try:
            self.conn.execute("PRAGMA busy_timeout = 60000")
            recognise(self.conn, path, _FIELDS)  # before anything is written into it
            self._writing(lambda: self._retry(
                lambda: self.conn.execute("PRAGMA journal_mode=WAL")))
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self._writing(lambda: self._retry(self._create))
        except BaseException as exc:
            self.conn.close()  # a refused file is left as it was, with no log beside it
            if isinstance(exc, sqlite3.DatabaseError):
                raise CgsatInputError(f"--db: cannot use {path!r} as a results store "
                                      f"({exc})") from None
            raise

    def _open_readonly(self, path: str) -> None:
        """Open ``path`` without ever writing it (``cgsat report``): the file is copied
        into memory (through a read-only connection when a write-ahead log beside it holds
        writes of a run in progress), where an old schema is brought up to date; a
        damaged file or one that is not a store is bad input."""
        if not is_store_file(path):
            raise CgsatInputError(f"--db: {path!r} is not a results store (not an SQLite "
                                  "file)")
        try:
            self.conn = sqlite3.connect(":memory:", isolation_level=None)
            if not os.path.exists(path + "-wal"):  # the file holds every committed write
                with open(path, "rb") as fh:
                    data = bytearray(fh.read())
                data[18:20] = b"\x01\x01"  # the copy in memory is not in WAL mode
                self.conn.deserialize(bytes(data))
            else:  # another run is writing it: SQLite reads the file and its log
                src = sqlite3.connect(
                    f"file:{urllib.parse.quote(os.path.abspath(path))}?mode=ro", uri=True,
                    timeout=60.0)
                try:
                    src.backup(self.conn)
                finally:
                    src.close()
            recognise(self.conn, path, _FIELDS)
            self._create(mark=False)
        except CgsatInputError:
            self.conn.close()
            raise
        except sqlite3.DatabaseError as exc:
            raise CgsatInputError(f"--db: cannot read {path!r} as a results store ({exc})") \
                from None

    @staticmethod
    def _retry(action: Callable[[], object], attempts: int = 20) -> None:
        """Run ``action``; a store another run is opening at the same moment can be
        locked beyond the busy handler (schema changes), so retry a few times."""
        for i in range(attempts):
            try:
                action()
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or i == attempts - 1:
                    raise
                time.sleep(0.05 * (i + 1))

    def _rollback(self) -> None:
        """Roll back the transaction in progress, if any: SQLite has already rolled back
        one a full disk (or an I/O error) ended, and a ROLLBACK then would hide that error
        behind "cannot rollback - no transaction is active" (issue 38)."""
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    def _writing(self, action: Callable[[], None]) -> None:
        """Run ``action``, a write; a full disk, a file-size limit, an I/O error or a
        read-only file is one line naming the store (:class:`StoreWriteError`), never
        "the file is damaged" (issue 38)."""
        try:
            action()
        except sqlite3.OperationalError as exc:
            raise StoreWriteError(write_problem(self.path, exc)) from None

    def _create(self, mark: bool = True) -> None:
        """The tables (an old schema brought up to date); with ``mark`` the file is
        marked as a cgsat store (:data:`APPLICATION_ID`, :data:`SCHEMA_VERSION`)."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            if mark:
                if self.conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                    self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                if self.conn.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                    self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self.conn.execute(statement)
            tables = {name for (name,) in self.conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            columns = {c[1] for c in self.conn.execute("PRAGMA table_info(runs)")}
            if "git_commit" not in columns:  # a store from before commits were recorded
                self.conn.execute("ALTER TABLE runs ADD COLUMN git_commit TEXT")
            if "peak_rss_mb" not in columns:  # a store from before peaks were recorded
                self.conn.execute("ALTER TABLE runs ADD COLUMN peak_rss_mb REAL")
            for column in ("executor", "worker"):
                if column not in columns:  # a store from before they were recorded
                    self.conn.execute(f"ALTER TABLE runs ADD COLUMN {column} TEXT")
            old = self.conn.execute("SELECT sql FROM sqlite_master WHERE name = 'runs'").fetchone()
            if old and "'proved'" not in old[0]:  # a store from before all-n proofs
                self._allow_proved([c[1] for c in self.conn.execute("PRAGMA table_info(runs)")])
            if "results" in tables:  # a store from before fingerprints
                for statement in _LEGACY.split(";"):
                    if statement.strip():
                        self.conn.execute(statement)
            self.conn.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise

    def _allow_proved(self, columns: list[str]) -> None:
        """Rebuild ``runs`` with the status ``proved`` allowed (SQLite cannot change a
        CHECK constraint in place); every row is copied unchanged, ids included."""
        cols = ", ".join(columns)
        self.conn.execute("ALTER TABLE runs RENAME TO runs_before_proved")
        self.conn.execute("DROP INDEX IF EXISTS runs_key")
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                self.conn.execute(statement)
        self.conn.execute(f"INSERT INTO runs ({cols}) SELECT {cols} FROM runs_before_proved")
        self.conn.execute("DROP TABLE runs_before_proved")

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def refuse_writes(self, what: str) -> None:
        """Bad input when the store is read-only (:attr:`read_only`): ``what`` would
        have to be stored (issue 38: "a read-only store says read-only")."""
        if self.read_only is not None:
            raise CgsatInputError(f"results store {self.path} is read-only ({self.read_only})"
                                  f": {what} would have to be stored; make it writable or "
                                  "give another store with --db")

    def put(self, row: Row) -> None:
        """Append one run, in its own committed transaction."""
        self.refuse_writes(f"the run of {row.claim} n={row.n} {row.method}")
        if not row.time:
            row.time = now_utc()
        if row.python is None:
            row.python = sys.version.split()[0]
        values = asdict(row)
        values.pop("revalidated")
        placeholders = ", ".join("?" for _ in _COLUMNS)

        def insert() -> None:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                cur = self.conn.execute(
                    f"INSERT INTO runs ({', '.join(_COLUMNS)}) VALUES ({placeholders})",
                    [values[c] for c in _COLUMNS],
                )
                self.conn.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
            row.id = cur.lastrowid

        self._writing(lambda: self._retry(insert))

    def aliases(self) -> dict[tuple[str, str, str], str]:
        """Fingerprint aliases, (claim, method, old) -> new (the latest recorded)."""
        found = self.conn.execute(
            "SELECT claim, method, old, new FROM fingerprint_aliases ORDER BY time")
        return {(c, m, old): new for c, m, old, new in found}

    def add_alias(self, claim: str, method: str, old: str, new: str, how: str) -> None:
        """Record that the runs of ``claim``/``method`` under fingerprint ``old`` were
        decided by the code whose fingerprint is ``new`` (see the module docstring);
        ``how`` says how that is known."""
        if old == new:
            return
        self.refuse_writes(f"a fingerprint alias of {claim} {method}")

        def insert() -> None:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                self.conn.execute(
                    "INSERT OR IGNORE INTO fingerprint_aliases VALUES (?, ?, ?, ?, ?, ?)",
                    (claim, method, old, new, how, now_utc()))
                self.conn.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise

        self._writing(lambda: self._retry(insert))

    @staticmethod
    def _resolve(claim: str, method: str, fingerprint: str,
                 aliases: dict[tuple[str, str, str], str]) -> str:
        seen = {fingerprint}
        while (claim, method, fingerprint) in aliases:
            fingerprint = aliases[claim, method, fingerprint]
            if fingerprint in seen:
                break
            seen.add(fingerprint)
        return fingerprint

    def _keys(self, claim: str, method: str, fingerprint: str,
              aliases: dict[tuple[str, str, str], str]) -> list[str]:
        """``fingerprint`` and every fingerprint of ``claim``/``method`` an alias resolves
        to it."""
        return [fingerprint] + [old for (c, m, old) in aliases
                                if (c, m) == (claim, method) and old != fingerprint
                                and self._resolve(c, m, old, aliases) == fingerprint]

    def _row(self, found: Sequence[Any], aliases: dict[tuple[str, str, str], str]) -> Row:
        """A stored row, checked (a row a tool or a damaged file left with a size that is
        not a whole number, or ``controls``/``certificate`` that are not JSON objects, is
        bad input naming the file and the row: exit 2, not an error deep in the report),
        with its fingerprint resolved through ``aliases``."""
        row = Row(*found)
        where = f"results store {self.path}: row {row.id} ({row.claim} n={row.n!r} {row.method})"
        if not isinstance(row.n, int) or isinstance(row.n, bool):
            raise CgsatInputError(f"{where}: n is not a whole number")
        for column in ("controls", "certificate"):
            text = getattr(row, column)
            if text is None or text == "":
                continue
            try:
                ok = isinstance(json.loads(text), dict)
            except (TypeError, ValueError):
                ok = False
            if not ok:
                raise CgsatInputError(f"{where}: {column} is not a JSON object "
                                      f"({str(text)[:40]!r})")
        now = self._resolve(row.claim, row.method, row.fingerprint, aliases)
        if now != row.fingerprint:
            row.fingerprint, row.revalidated = now, True
        if self.replay is not None and row.status == "refuted":
            row = self.replay(row)  # issue 38: a stored refutation is replayed when read
        return row

    def history(self, claim: str, n: int, method: str, solver: str,
                fingerprint: str) -> list[Row]:
        """Every run of one key, oldest first (through fingerprint aliases)."""
        aliases = self.aliases()
        keys = self._keys(claim, method, fingerprint, aliases)
        cur = self.conn.execute(
            f"SELECT {', '.join(_FIELDS)} FROM runs WHERE claim = ? AND n = ? AND method = ? "
            f"AND solver = ? AND fingerprint IN ({', '.join('?' for _ in keys)}) ORDER BY id",
            (claim, n, method, solver, *keys),
        )
        return [self._row(found, aliases) for found in cur]

    def current(self, claim: str, n: int, method: str, solver: str,
                fingerprint: str) -> Current | None:
        """The current verdict of one key (:func:`derive`), or None if it never ran."""
        return derive(self.history(claim, n, method, solver, fingerprint))

    def lane(self, claim: str, method: str, solver: str,
             fingerprint: str) -> dict[int, Current]:
        """n -> current verdict, for every size of one (claim, method, solver, fingerprint)."""
        aliases = self.aliases()
        keys = self._keys(claim, method, fingerprint, aliases)
        cur = self.conn.execute(
            f"SELECT {', '.join(_FIELDS)} FROM runs WHERE claim = ? AND method = ? "
            f"AND solver = ? AND fingerprint IN ({', '.join('?' for _ in keys)}) ORDER BY id",
            (claim, method, solver, *keys),
        )
        by_n: dict[int, list[Row]] = defaultdict(list)
        for found in cur:
            row = self._row(found, aliases)
            by_n[row.n].append(row)
        return {n: derive(rows) for n, rows in by_n.items()}  # type: ignore[misc]  # rows: never None

    def rows(self, claim: str | None = None) -> Iterator[Row]:
        """Every run (of one claim), ordered by claim, method, n, then as run."""
        query = f"SELECT {', '.join(_FIELDS)} FROM runs"
        args: tuple[str, ...] = ()
        if claim is not None:
            query += " WHERE claim = ?"
            args = (claim,)
        query += " ORDER BY claim, method, n, id"
        aliases = self.aliases()
        for found in self.conn.execute(query, args):
            yield self._row(found, aliases)

    def current_rows(self, claim: str | None = None) -> list[Current]:
        """The current verdict of every key (of one claim)."""
        by_key: dict[tuple[str, int, str, str, str], list[Row]] = defaultdict(list)
        for row in self.rows(claim):
            by_key[row.key].append(row)
        return [derive(rows) for rows in by_key.values()]  # type: ignore[misc]  # rows: never None
