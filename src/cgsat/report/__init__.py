"""The verified-bounds report (``cgsat report``): one job per module.

- :mod:`~cgsat.report.data`: the ``bounds.json`` document from the store
  (findings, the paper's bounds against cgsat's, every claim's bounds, scope, controls,
  fingerprints, counterexamples and runs);
- :mod:`~cgsat.report.markdown`, :mod:`~cgsat.report.html` (with
  :mod:`~cgsat.report.plots`) and :mod:`~cgsat.report.latex`: renderings of
  that document;
- :func:`write_report`: writes them into a directory.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence

from cgsat.claims import Claim
from cgsat.engine.store import Store, is_store_file
from cgsat.errors import CgsatInputError
from cgsat.report.data import build_report, claim_summary
from cgsat.report.html import render_html
from cgsat.report.latex import render_latex
from cgsat.report.markdown import render_markdown
from cgsat.report.user import user_data, user_html, user_markdown

__all__ = ["FORMATS", "build_report", "claim_summary", "render_html", "render_latex",
           "render_markdown", "write_report"]

FORMATS = ("html", "latex")


def write_report(store: Store, out_dir: str, fmt: str = "html",
                 own: Sequence[Claim] = ()) -> list[str]:
    """Write the report into ``out_dir``; return the paths written.

    ``fmt`` "html" writes ``bounds.json``, ``bounds.md`` and ``bounds.html``; "latex"
    writes ``bounds.json`` and ``bounds.tex``. A path that is empty, names a file, or
    cannot be created or written is bad input (:class:`~cgsat.errors.CgsatInputError`,
    exit code 2), checked before the report is built. ``own``: a user's claims
    (``--claims FILE``), in a section of their own (:mod:`cgsat.report.user`); stored
    rows of user claims not given are listed apart.
    """
    if fmt not in FORMATS:
        raise CgsatInputError(f"--format: expected one of {', '.join(FORMATS)}, got {fmt!r}")
    if not out_dir.strip():
        raise CgsatInputError("--out: the path is empty")
    if out_dir == "-":
        raise CgsatInputError("--out -: the report is a directory of files, not standard "
                              "output; give a directory")
    names = ["bounds.json"] + (["bounds.md", "bounds.html"] if fmt == "html"
                               else ["bounds.tex"])
    for name in names:
        if is_store_file(os.path.join(out_dir, name)):
            raise CgsatInputError(f"--out: {os.path.join(out_dir, name)!r} is a results "
                                  "store (SQLite); the report never overwrites one")
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise CgsatInputError(f"--out: {out_dir!r} is a file, not a directory")
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as exc:
        raise CgsatInputError(f"--out: cannot create {out_dir!r} ({exc.strerror})") from None
    if not os.access(out_dir, os.W_OK):
        raise CgsatInputError(f"--out: {out_dir!r} is not writable")
    doc = build_report(store)
    doc.update({k: v for k, v in user_data(store, own).items() if v})  # only when any
    files = [("bounds.json", json.dumps(doc, indent=2))]  # the names checked above
    if fmt == "html":
        mine = user_markdown(doc, own)
        files += [("bounds.md", render_markdown(doc) + "\n".join(mine) + ("\n" if mine else "")),
                  ("bounds.html", render_html(doc).replace(
                      "</body></html>", user_html(doc) + "</body></html>"))]
    else:
        files += [("bounds.tex", render_latex(doc))]
    paths = []
    for name, text in files:
        path = os.path.join(out_dir, name)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        paths.append(path)
    return paths
