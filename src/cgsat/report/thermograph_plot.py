"""A thermograph as a PNG (``cgsat game EXPR --plot FILE.png``; matplotlib, imported on use).

The picture follows the usual drawing (Winning Ways, ch. 6; CGSuite): temperature t upward
from the subzero base t = -1, values along the horizontal axis with positive values to the
*left* (Left's side), the Left wall in blue, the Right wall in red, and the mast (both
walls, above the temperature) in black with an arrow, to show that it goes on upward.

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, vol. 1, ch. 6.
.. [2] A. N. Siegel, *Combinatorial Game Theory*, §II.5; CGSuite's ``Thermograph`` plots.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from cgsat.errors import CgsatInputError

if TYPE_CHECKING:
    from cgsat.cgt.thermograph import Thermograph, Trajectory

__all__ = ["LEFT_COLOUR", "MAST_COLOUR", "RIGHT_COLOUR", "draw_thermograph"]

LEFT_COLOUR = "#1f5fbf"
"""The Left wall (blue, Left's colour)."""
RIGHT_COLOUR = "#d62728"
"""The Right wall (red, Right's colour)."""
MAST_COLOUR = "#000000"
"""The mast."""


def _wall(wall: Trajectory, top: Fraction) -> tuple[list[float], list[float]]:
    """The wall's points ``(values, temperatures)`` from the base up to ``top`` (the
    temperature, where the mast starts; a wall vertical below it is drawn up to it)."""
    pts = [(t, v) for t, v in wall.points if t <= top]
    if pts[-1][0] < top:
        pts.append((top, wall.value_at(top)))
    return [float(v) for _, v in pts], [float(t) for t, _ in pts]


def draw_thermograph(th: Thermograph, path: str, title: str) -> None:
    """Write the thermograph ``th`` as a PNG to ``path``.

    Parameters
    ----------
    th : Thermograph
        From :func:`cgsat.cgt.thermograph.thermograph` (or ``GameValue.thermograph()``).
    path : str
        A file name ending in ``.png``, in a directory that exists.
    title : str
        The game's text, shown as the title.

    Raises
    ------
    CgsatInputError
        For a name that does not end in ``.png``, or a directory that does not exist or
        cannot be written (one line).

    Examples
    --------
    >>> import tempfile, os
    >>> from cgsat.cgt.value import GameValue
    >>> with tempfile.TemporaryDirectory() as d:
    ...     draw_thermograph(GameValue("{2|-1}").thermograph(), os.path.join(d, "t.png"), "")
    ...     os.path.getsize(os.path.join(d, "t.png")) > 1000
    True
    """
    target = Path(path)
    if target.suffix.lower() != ".png":
        raise CgsatInputError(f"--plot {path}: the file name must end in .png")
    if not target.parent.is_dir():
        raise CgsatInputError(f"--plot {path}: no directory {str(target.parent)!r}")
    import matplotlib  # heavy (~200 ms), needed only for plots

    matplotlib.use("Agg")  # no display: must come before pyplot is imported
    import matplotlib.pyplot as plt  # heavy, and only after matplotlib.use("Agg")

    temperature = th.temperature
    mast = th.mast
    top = temperature + max(Fraction(1), abs(temperature) / 2)  # room above for the mast
    fig, ax = plt.subplots(figsize=(6, 4.5), dpi=100)
    lx, lt = _wall(th.left_wall, temperature)
    rx, rt = _wall(th.right_wall, temperature)
    if temperature > -1:  # walls apart below the temperature
        ax.plot(lx, lt, color=LEFT_COLOUR, linewidth=2.5, label="Left wall")
        ax.plot(rx, rt, color=RIGHT_COLOUR, linewidth=2.5, label="Right wall")
    ax.annotate("", xy=(float(mast), float(top)), xytext=(float(mast), float(temperature)),
                arrowprops={"arrowstyle": "->", "color": MAST_COLOUR, "linewidth": 2.5})
    ax.axhline(0, color="#999999", linewidth=0.8, linestyle=":")
    xs = [*lx, *rx, float(mast)]
    span = max(xs) - min(xs)
    pad = max(0.5, span * 0.1)
    ax.set_xlim(max(xs) + pad, min(xs) - pad)  # positive values on the left (Left's side)
    ax.set_ylim(-1, float(top))
    ax.set_xlabel("value (Left's side on the left)")
    ax.set_ylabel("temperature")
    ax.set_title(f"thermograph of {title}" if len(title) <= 60 else "thermograph")
    ax.grid(True, alpha=0.3)
    if temperature > -1:
        ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    try:
        fig.savefig(target, format="png")
    except OSError as exc:
        raise CgsatInputError(f"--plot {path}: cannot write it ({exc.strerror or exc})"
                              ) from None
    finally:
        plt.close(fig)
