"""``bounds.tex``: the report's tables for a paper (``cgsat report --format latex``).

Booktabs tables, ready to ``\\input``: the findings (published statements refuted, with
the counterexample and the direct solver's explanation) and the bounds (the paper's bound,
cgsat's verified and certified bounds, the target). Needs ``\\usepackage{booktabs}``.
Values are typeset from CGSuite notation: ``^`` as ``\\uparrow``, ``v`` as
``\\downarrow``, ``*`` as ``\\ast``, ``a/b`` as ``\\frac{a}{b}``, ``+-`` as ``\\pm``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cgsat.cgt.notation import parse
from cgsat.claims import Claim
from cgsat.errors import CgsatInputError
from cgsat.report.model import Report, build_model

__all__ = ["latex_escape", "latex_value", "latex_text", "render_latex", "render"]

_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
            "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
            "^": r"\textasciicircum{}"}


def latex_escape(text: str) -> str:
    r"""Plain text for LaTeX.

    Examples
    --------
    >>> latex_escape("50% of {a_b}")
    '50\\% of \\{a\\_b\\}'
    """
    return "".join(_SPECIAL.get(ch, ch) for ch in text)


def latex_value(text: str) -> str:
    r"""A value in CGSuite notation as LaTeX math (without the dollars).

    Examples
    --------
    >>> latex_value("{*,^|*,v}")
    '\\{\\ast,\\uparrow\\mid\\ast,\\downarrow\\}'
    >>> latex_value("1/2+*"), latex_value("+-(1+*)"), latex_value("^3*2")
    ('\\frac{1}{2}+\\ast', '\\pm(1+\\ast)', '\\uparrow^{3}\\ast 2')
    """
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        m = re.match(r"(\d+)/(\d+)", text[i:])
        if m:
            out.append(rf"\frac{{{m.group(1)}}}{{{m.group(2)}}}")
            i += m.end()
            continue
        if text.startswith("+-", i):
            out.append(r"\pm")
            i += 2
            continue
        if ch in "^v":
            arrow = r"\uparrow" if ch == "^" else r"\downarrow"
            j = i + 1
            while j < len(text) and text[j] == ch:
                j += 1
            count = j - i
            m = re.match(r"\d+", text[j:])
            if m and count == 1:
                out.append(f"{arrow}^{{{m.group()}}}")
                j += m.end()
            else:
                out.append(arrow * count)
            i = j
            continue
        if ch == "*":
            m = re.match(r"\d+", text[i + 1:])
            out.append(r"\ast" + (f" {m.group()}" if m else ""))
            i += 1 + (m.end() if m else 0)
            continue
        out.append({"{": r"\{", "}": r"\}", "|": r"\mid"}.get(ch, ch))
        i += 1
    return "".join(out)


def _is_value(text: str) -> bool:
    try:
        parse(text)
    except (CgsatInputError, ValueError):
        return False
    return True


def latex_text(text: str) -> str:
    r"""An explanation: plain text, with each value after ``= `` (up to ``,`` or ``:``)
    typeset as math when it reads as a value.

    Examples
    --------
    >>> latex_text("RLLRRL = {*,^|*,v}, not 0")
    'RLLRRL = $\\{\\ast,\\uparrow\\mid\\ast,\\downarrow\\}$, not 0'
    """
    out = []
    i = 0
    while i < len(text):
        j = text.find("= ", i)
        if j < 0:
            out.append(latex_escape(text[i:]))
            break
        out.append(latex_escape(text[i:j + 2]))
        k, depth = j + 2, 0
        while k < len(text) and (depth > 0 or text[k] not in ",:;"):
            depth += {"{": 1, "(": 1, "}": -1, ")": -1}.get(text[k], 0)
            k += 1
        value = text[j + 2:k].strip()
        if value and _is_value(value):
            out.append(f"${latex_value(value)}$" + text[j + 2:k][len(text[j + 2:k].rstrip()):])
        else:
            out.append(latex_escape(text[j + 2:k]))
        i = k
    return "".join(out)


def _b(v: int | None) -> str:
    return "--" if v is None else str(v)


def render_latex(doc: dict[str, Any], own: Sequence[Claim] = ()) -> str:
    """The LaTeX tables of a ``bounds.json`` document (:func:`render` of its model)."""
    return render(build_model(doc, own))


def render(r: Report) -> str:
    """The LaTeX tables: findings, proved for every size, bounds."""
    lines = [f"% cgsat report, generated {r.generated} by cgsat "
             f"{r.cgsat_version}; needs \\usepackage{{booktabs}}", "",
             r"\begin{table}[ht]", r"\centering", r"\caption{Published statements refuted "
             r"by cgsat (smallest counterexample).}", r"\label{tab:cgsat-findings}",
             r"\begin{tabular}{llrl p{0.4\linewidth}}", r"\toprule",
             r"Claim & Source & $n$ & Counterexample & Explanation \\", r"\midrule"]
    for f in r.findings:
        why = "; ".join(latex_text(w) for _, w in f.explanations)
        lines.append(rf"\texttt{{{latex_escape(f.claim)}}} & {latex_escape(f.source)}"
                     rf" & {f.n} & \texttt{{{latex_escape(f.position)}}} & {why} \\")
    if not r.findings:
        lines.append(r"\multicolumn{5}{l}{None.} \\")
    lines += [r"\bottomrule", r"\end{tabular}", r"\end{table}", ""]
    lines += _proved(r)
    lines += [r"\begin{table}[ht]", r"\centering",
              r"\caption{Bounds: every size up to the bound checked (verified), and every "
              r"UNSAT answer certified by a checked proof or a second solver.}",
              r"\label{tab:cgsat-bounds}", r"\begin{tabular}{lp{0.35\linewidth}rrrr}",
              r"\toprule", r"Claim & Source & Paper & Verified & Certified & Target \\",
              r"\midrule"]
    for s in r.sections:
        ver = [m.verified for m in s.methods if m.verified is not None]
        cert = [m.certified for m in s.methods if m.certified is not None]
        flag = r" (refuted)" if s.counterexamples else ""
        lines.append(rf"\texttt{{{latex_escape(s.id)}}}{flag} & "
                     rf"{latex_escape(s.source)} & {_b(s.paper_bound)} & "
                     rf"{_b(max(ver, default=None))} & {_b(max(cert, default=None))} & "
                     rf"{s.target_bound} \\")
    lines += [r"\bottomrule", r"\end{tabular}", r"\end{table}"]
    return "\n".join(lines) + "\n"


def _proved(r: Report) -> list[str]:
    """The table of the claims proved for every size."""
    lines = [r"\begin{table}[ht]", r"\centering",
             r"\caption{Proved for every size: two deciders of four at least (set "
             r"operations, pre-images, MONA, product search), none refuting.}",
             r"\label{tab:cgsat-proved}", r"\begin{tabular}{lp{0.3\linewidth}rp{0.3\linewidth}}",
             r"\toprule", r"Claim & Automata & States & Deciders \\", r"\midrule"]
    for row in r.proved:
        autos = ", ".join(latex_escape(name) for name, _ in row.automata)
        states = sum(n for _, n in row.automata)
        lines.append(rf"\texttt{{{latex_escape(row.claim)}}} & {autos} & {states} & "
                     rf"{latex_escape(row.deciders)} \\")
    if not r.proved:
        lines.append(r"\multicolumn{4}{l}{None.} \\")
    return lines + [r"\bottomrule", r"\end{tabular}", r"\end{table}", ""]
