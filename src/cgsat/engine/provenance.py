"""Where a stored run came from: the git commit of the cgsat source that computed it.

The method fingerprint (:mod:`cgsat.engine.fingerprint`) decides whether a stored verdict
may be reused; the commit is recorded beside it for people, so that a report row can be
traced to the code in the repository's history. It is ``None`` when cgsat does not run from
a git checkout (an installed wheel), and carries ``+dirty`` when the checkout's ``src/``
has uncommitted changes, so that a row computed from uncommitted code says so.
"""

from __future__ import annotations

import functools
import os
import subprocess

__all__ = ["source_commit"]


def _git(args: list[str], cwd: str) -> str | None:
    try:
        out = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                             timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


@functools.cache
def source_commit() -> str | None:
    """The commit of the git checkout cgsat is imported from, or None.

    ``"<sha>+dirty"`` when files under the checkout's ``src/`` differ from that commit.

    Examples
    --------
    >>> c = source_commit()
    >>> c is None or len(c.split("+")[0]) == 40
    True
    """
    package = os.path.dirname(os.path.abspath(__file__))
    src = os.path.dirname(os.path.dirname(package))  # .../src when run from a checkout
    if os.path.basename(src) != "src":
        return None
    root = os.path.dirname(src)
    if not os.path.exists(os.path.join(root, ".git")):
        return None
    sha = _git(["rev-parse", "HEAD"], root)
    if not sha:
        return None
    dirty = _git(["status", "--porcelain", "--untracked-files=no", "--", "src"], root)
    return sha + ("+dirty" if dirty else "")
