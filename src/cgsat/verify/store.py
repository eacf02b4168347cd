"""The results store: one SQLite table of verdicts (DESIGN.md, "Results and reports").

Location: ``--db PATH``, else ``$CGSAT_DB``, else ``./cgsat-results.sqlite``.

One row per (claim, n, method, solver, cgsat version). ``solver`` is the canonical PySAT
name for methods that use a SAT solver, and the empty string for the others (so a brute
force result is reused whatever ``--solver`` says). Each result is written in its own
transaction as soon as it is reported, in WAL mode, so an interrupted run (SIGINT or
SIGKILL) loses nothing already reported, and the next run resumes from the store. Only the
parent process of a run writes; workers return their verdicts to it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime

from cgsat.errors import CgsatInputError

DEFAULT_DB = "cgsat-results.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    claim TEXT NOT NULL,
    n INTEGER NOT NULL,
    method TEXT NOT NULL,
    solver TEXT NOT NULL,
    version TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('holds', 'refuted', 'unknown')),
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
    PRIMARY KEY (claim, n, method, solver, version)
);
"""


def db_path(explicit: str | None = None) -> str:
    """``explicit``, else ``$CGSAT_DB``, else ``./cgsat-results.sqlite``.

    Examples
    --------
    >>> db_path("x.sqlite")
    'x.sqlite'
    """
    return explicit or os.environ.get("CGSAT_DB") or DEFAULT_DB


@dataclass
class Row:
    """One stored result (see the table's columns)."""

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

    @property
    def instance(self) -> dict[str, int] | None:
        if self.instance_vars is None or self.instance_clauses is None:
            return None
        return {"vars": self.instance_vars, "clauses": self.instance_clauses}

    @property
    def certificate_dict(self) -> dict[str, str] | None:
        return json.loads(self.certificate) if self.certificate else None


_COLUMNS = [f for f in Row.__dataclass_fields__]


def now_utc() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Store:
    """The SQLite results store.

    Examples
    --------
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "r.sqlite")
    >>> with Store(path) as s:
    ...     s.put(Row("timber.thm2.3", 4, "sat", "cadical195", "0.1.0", "holds", 0.01))
    ...     s.get("timber.thm2.3", 4, "sat", "cadical195", "0.1.0").status
    'holds'
    """

    def __init__(self, path: str):
        self.path = path
        parent = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(parent):
            raise CgsatInputError(f"--db: directory {parent!r} does not exist")
        try:
            self.conn = sqlite3.connect(path, timeout=30.0, isolation_level=None)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise CgsatInputError(f"--db: cannot use {path!r} as a results store ({exc})") \
                from None

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def put(self, row: Row) -> None:
        """Insert or replace one row, in its own committed transaction."""
        if not row.time:
            row.time = now_utc()
        if row.python is None:
            row.python = sys.version.split()[0]
        values = asdict(row)
        placeholders = ", ".join("?" for _ in _COLUMNS)
        with self.conn:  # a transaction per result
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute(
                f"INSERT OR REPLACE INTO results ({', '.join(_COLUMNS)}) "
                f"VALUES ({placeholders})",
                [values[c] for c in _COLUMNS],
            )
            self.conn.execute("COMMIT")

    def get(self, claim: str, n: int, method: str, solver: str, version: str) -> Row | None:
        cur = self.conn.execute(
            f"SELECT {', '.join(_COLUMNS)} FROM results "
            "WHERE claim = ? AND n = ? AND method = ? AND solver = ? AND version = ?",
            (claim, n, method, solver, version),
        )
        found = cur.fetchone()
        return Row(*found) if found else None

    def rows(self, claim: str | None = None) -> Iterator[Row]:
        """Every row (of one claim), ordered by claim, method, n, time."""
        query = f"SELECT {', '.join(_COLUMNS)} FROM results"
        args: tuple[str, ...] = ()
        if claim is not None:
            query += " WHERE claim = ?"
            args = (claim,)
        query += " ORDER BY claim, method, n, time"
        for found in self.conn.execute(query, args):
            yield Row(*found)
