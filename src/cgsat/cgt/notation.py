"""Printing and parsing of CGSuite notation (placeholder printer; parser to follow)."""

from __future__ import annotations


def to_str(g) -> str:
    from cgsat.cgt.canonical import number_up_star

    t = number_up_star(g)
    if t is not None:
        x, k, n = t
        s1 = "" if x == 0 else str(x)
        s2 = {0: "", 1: "^", 2: "^^", -1: "v", -2: "vv"}.get(k)
        if s2 is None:
            s2 = f"^{k}" if k > 0 else f"v{-k}"
        s3 = "" if n == 0 else ("*" if n == 1 else f"*{n}")
        return (s1 + s2 + s3) or "0"
    return "{" + ",".join(map(str, g.left)) + "|" + ",".join(map(str, g.right)) + "}"
