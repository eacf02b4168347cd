"""The thermograph PNG of ``cgsat game EXPR --plot`` (issue 39), checked by its pixels as
the report's screenshot test checks its page: the colours of the walls, where they stand,
and the ink; an integer, whose thermograph is a mast alone, is the control."""

from __future__ import annotations

from pathlib import Path

from cgsat.report.thermograph_plot import LEFT_COLOUR, RIGHT_COLOUR


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _pixels(path: Path, colour: str) -> list[tuple[int, int]]:
    """The (x, y) of the pixels within a small distance of ``colour``."""
    from PIL import Image  # matplotlib's own dependency

    target = _rgb(colour)
    with Image.open(path) as im:
        rgb = im.convert("RGB")
        w, h = rgb.size
        data = rgb.load()
        return [(x, y) for y in range(h) for x in range(w)
                if sum(abs(a - b) for a, b in zip(data[x, y], target, strict=True)) < 40]


def _ink(path: Path) -> tuple[tuple[int, int], int, int]:
    """The size, the number of distinct colours, and the pixels not the background."""
    from PIL import Image  # matplotlib's own dependency

    with Image.open(path) as im:
        size = im.size
        colours = im.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None
    background = max(colours)[0]
    return size, len(colours), sum(c for c, _ in colours) - background


def test_the_thermograph_of_2_minus_1(cli, tmp_path):
    png = tmp_path / "t.png"
    r = cli("game", "{2|-1}", "--plot", str(png))
    assert r.code == 0 and r.out.splitlines()[0] == "{2|-1}"
    assert f"thermograph written to {png}" in r.err
    size, colours, ink = _ink(png)
    assert size == (600, 450) and colours > 50
    assert ink > 0.02 * 600 * 450
    blue, red = _pixels(png, LEFT_COLOUR), _pixels(png, RIGHT_COLOUR)
    assert len(blue) > 300 and len(red) > 300
    # Left's wall stands on the left (positive values on Left's side), Right's on the
    # right; both rise from the base (bottom) to the temperature, where they meet
    mean_x = lambda pts: sum(x for x, _ in pts) / len(pts)  # noqa: E731
    assert mean_x(blue) < mean_x(red)
    assert max(y for _, y in blue) > 0.7 * 450 and max(y for _, y in red) > 0.7 * 450

    control = tmp_path / "three.png"
    assert cli("game", "3", "--plot", str(control)).code == 0
    assert len(_pixels(control, LEFT_COLOUR)) < 20 and len(_pixels(control, RIGHT_COLOUR)) < 20
    assert _ink(control)[2] > 0  # the mast and the axes are drawn
