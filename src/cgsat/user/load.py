"""Reading a user's claims file (``--claims FILE``).

The file is a Python module with a module-level list ``CLAIMS`` of claims
(:func:`cgsat.kit.claim`, or any :class:`cgsat.claims.Claim` whose id is
``user.<label>``). It is imported under its own name (its stem; a stem that is no
identifier, or already names another module, gets a prefix), with its directory on
``sys.path``, so that it can import modules of its own beside it; the fingerprint of its
claims' methods covers the file and those modules (:mod:`cgsat.engine.fingerprint`).

Every problem is bad input, one line naming the file or the claim (exit code 2): a
missing or unreadable file, one that raises on import or defines no ``CLAIMS``, an id
that is not ``user.<label>``, or one that collides with a registered claim or another
user claim.

A worked example is in docs/own-conjectures.md.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import sys
import traceback
from collections.abc import Iterable, Sequence

from cgsat.claims import Claim
from cgsat.errors import CgsatInputError
from cgsat.kit.records import ID
from cgsat.papers.registry import all_claims

__all__ = ["module_name", "load_file", "check_ids", "load_claims"]

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def module_name(path: str) -> str:
    """The name the file at ``path`` is imported under.

    Examples
    --------
    >>> module_name("/tmp/zz_doc_conjectures.py")
    'zz_doc_conjectures'
    >>> module_name("/tmp/2026-notes.py").startswith("cgsat_user_")
    True
    """
    stem = os.path.splitext(os.path.basename(path))[0]
    if _IDENT.match(stem):
        mod = sys.modules.get(stem)
        where = getattr(mod, "__file__", None) if mod is not None else None
        if mod is None or (where and os.path.realpath(where) == os.path.realpath(path)):
            return stem
    digest = hashlib.sha256(os.path.realpath(path).encode()).hexdigest()[:8]
    return f"cgsat_user_{re.sub(r'[^A-Za-z0-9_]', '_', stem)}_{digest}"


def _where(exc: BaseException, path: str) -> str:
    """``line N`` of the innermost frame in the user's file, if any."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if os.path.realpath(frame.filename) == os.path.realpath(path):
            return f" (line {frame.lineno})"
    line = getattr(exc, "lineno", None)
    return f" (line {line})" if line else ""


def load_file(path: str) -> list[Claim]:
    """The claims of one file, in the file's order (read afresh on every call).

    Raises
    ------
    CgsatInputError
        See the module's text.
    """
    shown = f"--claims {path}"
    if not os.path.exists(path):
        raise CgsatInputError(f"{shown}: no such file")
    if os.path.isdir(path) or not os.access(path, os.R_OK):
        raise CgsatInputError(f"{shown}: not a readable file")
    path = os.path.abspath(path)
    name = module_name(path)
    folder = os.path.dirname(path)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    importlib.invalidate_caches()
    for other, mod in list(sys.modules.items()):  # modules beside it are read afresh too
        where = getattr(mod, "__file__", None)
        if where and os.path.dirname(os.path.realpath(where)) == os.path.realpath(folder):
            del sys.modules[other]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise CgsatInputError(f"{shown}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except CgsatInputError as exc:
        sys.modules.pop(name, None)
        raise CgsatInputError(f"{shown}: {exc}{_where(exc, path)}") from None
    except SystemExit as exc:  # sys.exit(0) at import must not end cgsat with exit 0
        sys.modules.pop(name, None)
        raise CgsatInputError(f"{shown}: the file calls sys.exit({exc.code!r}) when it is "
                              "imported; a claims file should only define CLAIMS") from None
    except Exception as exc:  # noqa: BLE001 - the user's file: one line, exit 2
        sys.modules.pop(name, None)
        raise CgsatInputError(f"{shown}: {type(exc).__name__}: {exc}{_where(exc, path)}") \
            from None
    found = getattr(module, "CLAIMS", None)
    if not isinstance(found, (list, tuple)):
        raise CgsatInputError(f"{shown}: defines no list CLAIMS of claims")
    for c in found:
        if not isinstance(c, Claim):
            raise CgsatInputError(f"{shown}: CLAIMS holds {c!r}, not a claim (use "
                                  "cgsat.kit.claim)")
    return list(found)


def _registered_file(claim_id: str) -> str:
    """The file of the paper module that registers ``claim_id`` (for a message)."""
    from cgsat.papers.registry import PAPER_MODULES  # only on a clash

    for module in PAPER_MODULES:
        if any(c.id == claim_id for c in module.CLAIMS):
            return str(getattr(module, "__file__", module.__name__))
    return "the registry"


def check_ids(claims: Iterable[Claim], files: Sequence[str | None] = ()) -> list[Claim]:
    """``claims`` when each id is ``user.<label>``, and none is registered or repeated.

    ``files`` names the file each claim came from (as given to ``--claims``), so that a
    clash names both files: the two claims files, or the claims file and the paper module
    that registers the id.

    Examples
    --------
    >>> from cgsat.kit import claim, rows, never
    >>> c = claim("user.a", rows("LR"), never("^*"))
    >>> [x.id for x in check_ids([c])]
    ['user.a']
    >>> check_ids([c, c])
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: user claim id 'user.a' is defined twice
    >>> check_ids([c, c], ["a.py", "b.py"])
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: user claim id 'user.a' is defined twice: in a.py and in b.py
    """
    registered = {c.id for c in all_claims()}
    seen: dict[str, str | None] = {}
    out = []
    for i, c in enumerate(claims):
        here = files[i] if i < len(files) else None
        if c.id in registered:
            where = f" (in {here}; registered in {_registered_file(c.id)})" if here else ""
            raise CgsatInputError(f"user claim id {c.id!r} collides with a registered "
                                  f"claim{where}")
        if not ID.match(c.id):
            raise CgsatInputError(f"claim id {c.id!r}: a user claim's id is user.<label>")
        if c.id in seen:
            first = seen[c.id]
            where = ""
            if first and here:
                where = (f": in {first} and in {here}" if first != here
                         else f": both in {here}")
            raise CgsatInputError(f"user claim id {c.id!r} is defined twice{where}")
        seen[c.id] = here
        out.append(c)
    return out


def load_claims(paths: Sequence[str]) -> list[Claim]:
    """The claims of every file (``--claims`` may be repeated), ids checked; a clash
    names both files."""
    claims: list[Claim] = []
    files: list[str | None] = []
    for path in paths:
        found = load_file(path)
        claims += found
        files += [path] * len(found)
    return check_ids(claims, files)
