"""Thermographs, mean and temperature of short partizan games.

A thermograph is a pair of walls, each a continuous piecewise-linear function of the
temperature t, defined for ``-1 <= t < infinity`` (CGSuite's subzero thermography, which
gives numbers a negative temperature). It is built by the standard recursive scaffold:

- an integer n has both walls the vertical mast at n;
- otherwise the Left scaffold is ``max over G^L of RW(G^L)(t) - t`` and the Right scaffold
  is ``min over G^R of LW(G^R)(t) + t``; each wall follows its scaffold up to the highest
  temperature t* at which the Left scaffold is still at least the Right one, and above t*
  both walls are the vertical mast at the common value. (If the Left scaffold is already
  below the Right one at t = -1, the thermograph is a vertical mast at the number closest
  to 0 between them; this does not happen for short games in canonical form.)

The *mean* is the value of the mast; the *temperature* is the highest critical point
(slope change) of either wall, or -1 if both walls are vertical lines. With these
conventions an integer has temperature -1, a number m/2^k (k >= 1, m odd) has temperature
-1/2^k, a number plus a non-zero infinitesimal has temperature 0, and a switch {a|b} with
a > b has mean (a+b)/2 and temperature (a-b)/2 — the conventions of CGSuite, which
cgt-py follows too.

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, vol. 1, ch. 6 (cooling,
   thermographs).
.. [2] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, §II.5 (thermography); CGSuite's
   subzero thermography for numbers.
.. [3] ``thinning-thickets.txt``, §4.1 (Left and Right scaffolds, Theorem 4.4).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from fractions import Fraction

from cgsat.cgt.canonical import Game

__all__ = ["Thermograph", "Trajectory", "mean", "temperature", "thermograph"]

_BASE = Fraction(-1)


@dataclass(frozen=True)
class Trajectory:
    """A continuous piecewise-linear function of temperature t on ``[-1, infinity)``.

    Attributes
    ----------
    points : tuple of (Fraction, Fraction)
        The breakpoints ``(t, value)`` in increasing t; the first has ``t = -1``. Interior
        points are genuine slope changes (collinear points are removed).
    final_slope : Fraction
        The slope for t beyond the last breakpoint.

    Examples
    --------
    >>> f = Trajectory.constant(Fraction(1)).tilt(-1)
    >>> f.value_at(Fraction(3))
    Fraction(-2, 1)
    """

    points: tuple[tuple[Fraction, Fraction], ...]
    final_slope: Fraction
    _ts: tuple[Fraction, ...] = field(init=False, repr=False, compare=False)
    _seg: tuple[Fraction, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pts = self.points
        seg = [
            (pts[i + 1][1] - pts[i][1]) / (pts[i + 1][0] - pts[i][0]) for i in range(len(pts) - 1)
        ]
        seg.append(self.final_slope)
        object.__setattr__(self, "_ts", tuple(t for t, _ in pts))
        object.__setattr__(self, "_seg", tuple(seg))

    # -- construction ------------------------------------------------------------------
    @staticmethod
    def constant(value: Fraction) -> Trajectory:
        """The vertical line (in thermograph pictures) at ``value``."""
        return Trajectory(((_BASE, Fraction(value)),), Fraction(0))

    @staticmethod
    def from_points(points: list[tuple[Fraction, Fraction]], final_slope: Fraction) -> Trajectory:
        """Build a trajectory from breakpoints (increasing t), dropping collinear ones."""
        final = Fraction(final_slope)
        pts: list[tuple[Fraction, Fraction]] = []
        slopes: list[Fraction] = []  # slopes[i]: slope from pts[i] to pts[i + 1]
        for t, v in points:
            if pts and pts[-1][0] == t:
                continue
            if pts:
                slope = (v - pts[-1][1]) / (t - pts[-1][0])
                if slopes and slopes[-1] == slope:
                    pts.pop()
                    slopes.pop()
                    slope = (v - pts[-1][1]) / (t - pts[-1][0])
                slopes.append(slope)
            pts.append((t, v))
        if slopes and slopes[-1] == final:
            pts.pop()
        return Trajectory(tuple(pts), final)

    # -- evaluation --------------------------------------------------------------------
    def value_at(self, t: Fraction) -> Fraction:
        """The value at temperature ``t >= -1``."""
        i = bisect_right(self._ts, t) - 1
        t0, v0 = self.points[i]
        return v0 + self._seg[i] * (t - t0)

    def slope_above(self, t: Fraction) -> Fraction:
        """The slope immediately above temperature ``t``."""
        return self._seg[bisect_right(self._ts, t) - 1]

    @property
    def critical_points(self) -> tuple[Fraction, ...]:
        """The temperatures above -1 where the slope changes, highest first (as CGSuite)."""
        return tuple(t for t, _ in reversed(self.points[1:]))

    @property
    def slopes(self) -> tuple[Fraction, ...]:
        """The slopes between critical points, from the top down (as CGSuite)."""
        return tuple(reversed(self._seg))

    @property
    def mast(self) -> Fraction:
        """The value at the highest critical point (the value of a vertical mast)."""
        return self.points[-1][1]

    # -- arithmetic --------------------------------------------------------------------
    def tilt(self, slope: Fraction | int) -> Trajectory:
        """Add ``slope * t`` to the function."""
        s = Fraction(slope)
        pts = [(t, v + s * t) for t, v in self.points]
        return Trajectory.from_points(pts, self.final_slope + s)

    def _combine(self, other: Trajectory, take_max: bool) -> Trajectory:
        ts = sorted({t for t, _ in self.points} | {t for t, _ in other.points})
        pick = max if take_max else min
        out: list[tuple[Fraction, Fraction]] = []
        for i, t in enumerate(ts):
            a, b = self.value_at(t), other.value_at(t)
            out.append((t, pick(a, b)))
            # A crossing strictly inside the segment up to the next breakpoint (or on the ray).
            t_next = ts[i + 1] if i + 1 < len(ts) else None
            s = self.slope_above(t) - other.slope_above(t)
            if s != 0:
                t_cross = t - (a - b) / s
                if t_cross > t and (t_next is None or t_cross < t_next):
                    out.append((t_cross, self.value_at(t_cross)))
        a, b = self.final_slope, other.final_slope
        final = (max(a, b) if take_max else min(a, b)) if a != b else a
        return Trajectory.from_points(out, final)

    def maximum(self, other: Trajectory) -> Trajectory:
        """The pointwise maximum."""
        return self._combine(other, True)

    def minimum(self, other: Trajectory) -> Trajectory:
        """The pointwise minimum."""
        return self._combine(other, False)

    def cgsuite(self) -> tuple[Fraction, tuple[Fraction, ...], tuple[Fraction, ...]]:
        """``(mast, critical points highest first, slopes from the top down)``.

        This is how CGSuite and cgt-py print a trajectory: ``Trajectory(1/2, [-1/2], [0, -1])``.
        """
        return self.mast, self.critical_points, self.slopes


@dataclass(frozen=True)
class Thermograph:
    """The thermograph of a game: its Left and Right walls.

    Examples
    --------
    >>> from cgsat.cgt.canonical import number, switch
    >>> th = thermograph(switch(number(3), number(-1)))
    >>> th.mast, th.temperature
    (Fraction(1, 1), Fraction(2, 1))
    >>> th.left_wall.value_at(Fraction(0)), th.right_wall.value_at(Fraction(0))
    (Fraction(3, 1), Fraction(-1, 1))
    """

    left_wall: Trajectory
    right_wall: Trajectory

    @property
    def temperature(self) -> Fraction:
        """The highest critical point of either wall; -1 if both are vertical lines."""
        cps = self.left_wall.critical_points[:1] + self.right_wall.critical_points[:1]
        return max(cps) if cps else _BASE

    @property
    def mast(self) -> Fraction:
        """The value of the mast, which is the mean."""
        return self.left_wall.mast


_THERMO: dict[int, Thermograph] = {}


def _scaffold_crossing(left: Trajectory, right: Trajectory) -> Fraction | None:
    """The highest t with ``left(t) >= right(t)``, or None if ``left(-1) < right(-1)``."""
    ts = sorted({t for t, _ in left.points} | {t for t, _ in right.points})
    diff = [left.value_at(t) - right.value_at(t) for t in ts]
    final = left.final_slope - right.final_slope
    if diff[0] < 0:
        return None
    # Scan from the top down for the highest point where the difference is >= 0.
    if diff[-1] >= 0:
        if final >= 0:
            raise ArithmeticError("thermograph scaffolds never meet (not a short game?)")
        return ts[-1] + diff[-1] / -final
    for i in range(len(ts) - 2, -1, -1):
        if diff[i] >= 0:
            # diff[i] >= 0 > diff[i + 1]: the crossing lies in [ts[i], ts[i + 1]).
            return ts[i] + (ts[i + 1] - ts[i]) * diff[i] / (diff[i] - diff[i + 1])
    raise AssertionError("unreachable")


def _truncate(wall: Trajectory, t_star: Fraction) -> Trajectory:
    pts = [(t, v) for t, v in wall.points if t < t_star]
    pts.append((t_star, wall.value_at(t_star)))
    return Trajectory.from_points(pts, Fraction(0))


def thermograph(g: Game) -> Thermograph:
    """The thermograph of a canonical short game, by the recursive scaffold construction.

    Parameters
    ----------
    g : Game
        A canonical short game.

    Returns
    -------
    Thermograph
        Its Left and Right walls on ``-1 <= t < infinity``.

    Examples
    --------
    >>> from cgsat.cgt.canonical import number, switch
    >>> thermograph(number(Fraction(1, 2))).left_wall.cgsuite()
    (Fraction(1, 2), (Fraction(-1, 2),), (Fraction(0, 1), Fraction(-1, 1)))
    >>> thermograph(switch(number(2), number(1))).temperature
    Fraction(1, 2)

    References
    ----------
    Winning Ways, ch. 6; Siegel, *Combinatorial Game Theory*, §II.5;
    ``thinning-thickets.txt`` §4.1.
    """
    cached = _THERMO.get(g.id)
    if cached is not None:
        return cached
    value = g.number_value() if g.is_number() else None
    if value is not None and Fraction(value).denominator == 1:
        wall = Trajectory.constant(Fraction(value))
        result = Thermograph(wall, wall)
    else:
        left_scaffold: Trajectory | None = None
        for gl in g.left:
            w = thermograph(gl).right_wall
            left_scaffold = w if left_scaffold is None else left_scaffold.maximum(w)
        right_scaffold: Trajectory | None = None
        for gr in g.right:
            w = thermograph(gr).left_wall
            right_scaffold = w if right_scaffold is None else right_scaffold.minimum(w)
        if left_scaffold is None or right_scaffold is None:
            raise AssertionError(f"canonical non-integer {g} lacks options for one player")
        left_scaffold = left_scaffold.tilt(-1)
        right_scaffold = right_scaffold.tilt(1)
        t_star = _scaffold_crossing(left_scaffold, right_scaffold)
        if t_star is None:
            # A cave from the base: the mast stands at the number closest to 0 between them.
            lo, hi = right_scaffold.value_at(_BASE), left_scaffold.value_at(_BASE)
            c = hi if hi > 0 else lo if lo < 0 else Fraction(0)
            wall = Trajectory.constant(c)
            result = Thermograph(wall, wall)
        else:
            result = Thermograph(
                _truncate(left_scaffold, t_star), _truncate(right_scaffold, t_star)
            )
    _THERMO[g.id] = result
    return result


def temperature(g: Game) -> Fraction:
    """The temperature of G (CGSuite conventions; an integer has temperature -1).

    Examples
    --------
    >>> from cgsat.cgt.canonical import number, switch, STAR, UP
    >>> games = (number(3), number(Fraction(3, 4)), STAR, UP, switch(number(1), number(-1)))
    >>> [temperature(x) for x in games]
    [Fraction(-1, 1), Fraction(-1, 4), Fraction(0, 1), Fraction(0, 1), Fraction(1, 1)]

    References
    ----------
    Winning Ways, ch. 6; Siegel, *Combinatorial Game Theory*, §II.5.
    """
    return thermograph(g).temperature


def mean(g: Game) -> Fraction:
    """The mean value of G (the mast of its thermograph).

    The mean is additive: ``mean(G + H) == mean(G) + mean(H)``.

    Examples
    --------
    >>> from cgsat.cgt.canonical import number, switch
    >>> mean(switch(number(3), number(-1))), mean(switch(number(1), number(0)))
    (Fraction(1, 1), Fraction(1, 2))

    References
    ----------
    Winning Ways, ch. 6 (the mean value theorem).
    """
    return thermograph(g).mast
