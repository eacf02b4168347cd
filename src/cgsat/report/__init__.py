"""The verified-bounds report (``cgsat report``): one job per module.

- :mod:`~cgsat.report.data` (with :mod:`~cgsat.report.proved`,
  :mod:`~cgsat.report.probes` and :mod:`~cgsat.report.user` for their parts): the
  ``bounds.json`` document from the store (findings, the paper's bounds against cgsat's,
  every claim's bounds, scope, controls, fingerprints, counterexamples and runs);
- :mod:`~cgsat.report.model`: that document as one typed report, section by section;
- :mod:`~cgsat.report.markdown`, :mod:`~cgsat.report.html` (with
  :mod:`~cgsat.report.plots`) and :mod:`~cgsat.report.latex`: one renderer per format,
  each rendering the model (plain texts shared in :mod:`~cgsat.report.text`);
- :mod:`~cgsat.report.folder`: the one check of an ``--out`` folder;
- :func:`write_report`: builds the document and the model once and writes the files.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence

from cgsat.claims import Claim
from cgsat.engine.replay_stored import stored_replay
from cgsat.engine.store import Store
from cgsat.errors import CgsatInputError
from cgsat.papers.registry import all_claims
from cgsat.report import html, latex, markdown
from cgsat.report.data import build_report, claim_summary
from cgsat.report.folder import prepare_out
from cgsat.report.html import render_html
from cgsat.report.latex import render_latex
from cgsat.report.markdown import render_markdown
from cgsat.report.model import Report, build_model
from cgsat.report.user import user_data

__all__ = ["FORMATS", "REPORT_FILES", "build_report", "claim_summary", "render_html",
           "render_latex", "render_markdown", "write_report"]

RENDERERS: dict[str, tuple[tuple[str, Callable[[Report], str]], ...]] = {
    "html": (("bounds.md", markdown.render), ("bounds.html", html.render)),
    "latex": (("bounds.tex", latex.render),),
}
"""Per ``--format``, the files written beside ``bounds.json`` and their renderers."""
FORMATS = tuple(RENDERERS)
REPORT_FILES = "the report is a directory of files"
"""What ``--out -`` of ``cgsat report`` is told (:func:`cgsat.report.folder.prepare_out`)."""


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
    names = ["bounds.json"] + [name for name, _ in RENDERERS[fmt]]
    prepare_out(out_dir, REPORT_FILES, names)
    # a stored refutation is reported only if the direct solver replays it (issue 38)
    store.replay = stored_replay([*all_claims(), *own])
    doc = build_report(store)
    doc.update({k: v for k, v in user_data(store, own).items() if v})  # only when any
    model = build_model(doc, own)
    texts = [json.dumps(doc, indent=2)] + [render(model) for _, render in RENDERERS[fmt]]
    paths = []
    for name, text in zip(names, texts, strict=True):
        path = os.path.join(out_dir, name)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        paths.append(path)
    return paths
