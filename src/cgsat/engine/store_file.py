"""Whose file a results store is, and what a write to it may meet (issue 38).

User documentation: docs/reference.md, "The results store".

- :func:`recognise`: a file is taken as a cgsat store only when it is marked as one
  (:data:`APPLICATION_ID`, :data:`SCHEMA_VERSION`) or, unmarked (the committed store,
  stores written before the marker), empty or holding cgsat's tables; another
  application's file or a newer cgsat's store is refused before anything is written.
- :func:`not_writable`: why a store cannot be written (a read-only file or folder); the
  store then opens read-only (:attr:`cgsat.engine.store.Store.read_only`).
- :func:`write_problem`: the one line of a write SQLite refused (a full disk, a file-size
  limit, an I/O error, a read-only file), raised as :class:`StoreWriteError`.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Collection

from cgsat.errors import CgsatInputError

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "StoreWriteError", "not_writable", "recognise",
           "write_problem"]

APPLICATION_ID = 0x63677361
"""The marker of a cgsat store (``PRAGMA application_id``, the ASCII of ``cgsa``), set
when a store is written. Stores written before it have none (0) and are recognised by
their tables (:func:`recognise`)."""

SCHEMA_VERSION = 1
"""The version of the store's tables this cgsat writes (``PRAGMA user_version``); a store
marked with a larger one comes from a newer cgsat and is refused before any work."""

_OWN_TABLES = frozenset({"runs", "fingerprint_aliases", "results", "runs_before_proved"})
_CORE = ("claim", "n", "method", "solver", "version", "status", "time")


class StoreWriteError(CgsatInputError):
    """A write the results store could not make: a full disk (or a file-size limit), an
    I/O error, a read-only file, a lock held too long. One line naming the store, exit 2
    (:func:`write_problem`); what was stored before it is kept."""


def write_problem(path: str, exc: sqlite3.OperationalError) -> str:
    """The one line of a write to the store at ``path`` that SQLite refused with ``exc``.

    Examples
    --------
    >>> print(write_problem("r.sqlite", sqlite3.OperationalError("database or disk is full"))
    ...       .replace("; ", ";\\n"))
    results store r.sqlite: the disk is full (ENOSPC: database or disk is full);
    nothing more can be stored there: free space, or give another store with --db
    >>> write_problem("r.sqlite", sqlite3.OperationalError("attempt to write a readonly "
    ...                                                    "database"))[:41]
    'results store r.sqlite is read-only (atte'
    """
    text = str(exc)
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name == "SQLITE_FULL" or "full" in text:
        return (f"results store {path}: the disk is full (ENOSPC: {text}); nothing more can be "
                "stored there: free space, or give another store with --db")
    if name.startswith("SQLITE_IOERR") or "I/O error" in text:
        return (f"results store {path}: the write failed ({text}): the disk may be full, "
                "a file-size limit (ulimit -f) reached, or the device failing; what was "
                "stored before is kept")
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return (f"results store {path} is read-only ({text}); make it writable or give "
                "another store with --db")
    if "locked" in text or name.startswith("SQLITE_BUSY"):
        return (f"results store {path}: {text} (another process holds it too long); "
                "try again")
    return f"results store {path}: a write failed ({text})"


def not_writable(path: str) -> str | None:
    """Why the store at ``path`` cannot be written (None when it can): the file, or the
    folder that holds it and its write-ahead log, is read-only for this user.

    Examples
    --------
    >>> import tempfile, os
    >>> not_writable(os.path.join(tempfile.mkdtemp(), "r.sqlite")) is None
    True
    """
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            return "the file is not writable"
        beside = [path + "-wal", path + "-shm"]
        if not all(os.path.exists(p) for p in beside) and not os.access(folder, os.W_OK):
            return f"its folder {folder} is not writable (SQLite writes its log beside it)"
        if not all(os.access(p, os.W_OK) for p in beside if os.path.exists(p)):
            return "its write-ahead log beside it is not writable"
        return None
    if not os.access(folder, os.W_OK):
        return f"its folder {folder} is not writable"
    return None


def recognise(conn: sqlite3.Connection, path: str, columns: Collection[str]) -> None:
    """Refuse a file that is not a cgsat results store, or one from a newer cgsat, before
    anything is written into it (issue 38: "a foreign SQLite file is taken over").

    A store is marked (``application_id`` :data:`APPLICATION_ID`, ``user_version``
    :data:`SCHEMA_VERSION`) when it is written; an unmarked file is a store when it is
    empty or its tables are cgsat's (``runs`` with cgsat's columns, or the table
    ``results`` of the stores from before fingerprints), as in the committed store and
    users' stores written before the marker. Another ``application_id``, other tables,
    or columns of ``runs`` this cgsat does not know (not among ``columns``, the store's
    own) are refused: :class:`CgsatInputError`.

    Examples
    --------
    >>> c = sqlite3.connect(":memory:")
    >>> recognise(c, "x.sqlite", ["claim"])  # empty: a new store
    >>> _ = c.execute("CREATE TABLE moz_places (id INTEGER)")
    >>> try:
    ...     recognise(c, "x.sqlite", ["claim"])
    ... except CgsatInputError as exc:
    ...     print(str(exc).replace("; ", ";\\n"))
    --db x.sqlite is not a cgsat results store (its tables: moz_places);
    give another file with --db
    """
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = sorted(name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
        "AND name NOT LIKE 'sqlite_%'"))
    if app not in (0, APPLICATION_ID):
        raise CgsatInputError(f"--db {path} is not a cgsat results store (its application_id "
                              f"is {app:#x}, not cgsat's {APPLICATION_ID:#x}); give another "
                              "file with --db")
    if (app == APPLICATION_ID or tables) and version > SCHEMA_VERSION:
        raise CgsatInputError(f"--db {path} was written by a newer cgsat (store schema "
                              f"{version}; this cgsat reads up to {SCHEMA_VERSION}): use that "
                              "cgsat, or give another store with --db")
    if not tables:
        return
    shown = ", ".join(tables[:5]) + (", ..." if len(tables) > 5 else "")
    if app == 0 and not {"runs", "results"} & set(tables):
        raise CgsatInputError(f"--db {path} is not a cgsat results store (its tables: "
                              f"{shown}); give another file with --db")
    for table in ("runs", "results"):
        if table not in tables:
            continue
        found = {c[1] for c in conn.execute(f"PRAGMA table_info({table})")}
        missing = [c for c in _CORE if c not in found]
        if missing:
            raise CgsatInputError(f"--db {path} is not a cgsat results store (its table "
                                  f"{table} has no column {missing[0]}); give another file "
                                  "with --db")
        unknown = sorted(found - set(columns)) if table == "runs" else []
        if unknown:
            raise CgsatInputError(f"--db {path} has columns this cgsat does not know "
                                  f"(runs.{unknown[0]}): a store from a newer cgsat, or "
                                  "not a cgsat store; use that cgsat, or give another "
                                  "store with --db")
    other = [t for t in tables if t not in _OWN_TABLES]
    if other:
        raise CgsatInputError(f"--db {path} has tables this cgsat does not know "
                              f"({', '.join(other[:5])}): a store from a newer cgsat, or "
                              "not a cgsat store; give another store with --db")
