"""Refutations that explain (``cgsat check``, issue 39): the counterexample's value and
outcome, and which part of a predicate failed.

For a refuted claim of the kit (a user's ``--claims`` file, or a paper's kit record), the
counterexample is solved again by the direct solver (:func:`cgsat.api.value`): its value
and invariants (partizan rulesets) or its nim-value, and its outcome. For an
``every(predicate)`` statement, the predicate's source is read back (:func:`failed_part`):
when it is one expression (a ``lambda``, or a ``def`` whose body is one ``return``), its
parts are evaluated on the counterexample, and the first part of a conjunction that is
false, or the operands of a comparison that is false, are named with their values. Where
the source cannot be read (a predicate built by a function, a callable object), only the
value and outcome are given.

Nothing here changes a verdict: the lines are printed after the refutation, and an
explanation that fails (the value is too large to compute, the predicate raises on a part)
is left out.
"""

from __future__ import annotations

import ast
import linecache
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from cgsat.api import GameValue, value
from cgsat.claims import Claim
from cgsat.commands.game import shown, summary, time_budget
from cgsat.errors import CgsatInputError
from cgsat.user import Family, Position, Statement

__all__ = ["EXPLAIN_SECONDS", "explain", "failed_part"]

EXPLAIN_SECONDS = 30
"""Most seconds for one counterexample's explanation (its value and the predicate's
parts); beyond, it is left out."""

_MAX_TEXT = 200


def _ruleset_of(family: Family) -> tuple[str, str | None]:
    """The ``cgsat value`` ruleset of a family's positions, with its distances (phyminoes)."""
    name = family.ruleset.name
    if name.startswith("phyminoes"):
        return "phyminoes", family.distances
    return name, None


def explain(claim: Claim, n: int | None, text: str) -> list[str]:
    """Lines that explain a refutation of ``claim`` at ``text`` (size ``n``): the value and
    outcome of the counterexample, and the failed part of a predicate; empty for a claim
    that is not a kit record.

    Examples
    --------
    >>> from cgsat.user import claim, every, rows
    >>> c = claim("user.cool", rows(), every(lambda p: p.n < 9 and p.value.temperature() <= 1))
    >>> for line in explain(c, 4, "LLLE"):
    ...     print(line)
    LLLE has value {3|0} (outcome N, temperature 3/2, mean 3/2, left stop 3, right stop 0)
    the predicate fails at p.value.temperature() <= 1: p.value.temperature() is 3/2
    """
    family = getattr(claim, "family", None)
    statement = getattr(claim, "test", None)
    if not isinstance(family, Family) or not isinstance(statement, Statement) or not text:
        return []
    lines: list[str] = []
    try:
        with time_budget(EXPLAIN_SECONDS, f"the value of {text}"):
            name, distances = _ruleset_of(family)
            solved = value(name, text, distances=distances)
            if solved.value is not None:
                v = solved.value
                lines.append(f"{solved.position} has value {shown(str(v), v)} ({summary(v)})")
            else:
                lines.append(f"{solved.position} has nim-value {solved.nim}, outcome "
                             f"{solved.outcome}")
            if statement.form == "every" and statement.test is not None:
                p = Position(family, family.normalize(text), n if n is not None else 0)
                why = failed_part(statement.test, p)
                if why is not None:
                    lines.append(f"the predicate fails at {why}")
    except CgsatInputError as exc:  # too large to solve here, or out of time
        lines.append(f"(not explained: {exc})")
    return lines


# --- reading a predicate back ---------------------------------------------------------


def _source_and_node(test: Callable[..., Any]) -> tuple[str, ast.expr, str] | None:
    """The source text, the predicate's expression and its parameter's name, when the
    predicate is a lambda or a one-``return`` function whose source can be read."""
    code = getattr(test, "__code__", None)
    if code is None or code.co_argcount != 1:
        return None
    source = "".join(linecache.getlines(code.co_filename))
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    line = code.co_firstlineno
    if getattr(test, "__name__", "") == "<lambda>":
        lambdas = [node for node in ast.walk(tree)
                   if isinstance(node, ast.Lambda) and node.lineno == line]
        if len(lambdas) > 1:  # several on the line: the one whose columns hold the code's
            cols = {c for _, _, c, _ in code.co_positions() if c is not None}
            lambdas = [node for node in lambdas
                       if any(node.col_offset <= c <= (node.end_col_offset or 0) for c in cols)
                       and not any(other is not node and node.col_offset < other.col_offset
                                   and any(other.col_offset <= c for c in cols)
                                   for other in lambdas)]
        if len(lambdas) != 1:
            return None
        node = lambdas[0]
        return source, node.body, node.args.args[0].arg
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef) or fn.name != test.__name__:
            continue
        first = min([fn.lineno, *(d.lineno for d in fn.decorator_list)])
        if first != line:
            continue
        body = fn.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
            return source, body[0].value, fn.args.args[0].arg
    return None


def _text(value: object) -> str:
    """A value as the explanation prints it: games in CGSuite notation, exact numbers."""
    if isinstance(value, GameValue):
        out = shown(str(value), value)
    elif isinstance(value, Fraction):
        out = str(value)
    else:
        out = repr(value)
    return out if len(out) <= _MAX_TEXT else out[:_MAX_TEXT - 3] + "..."


def failed_part(test: Callable[..., Any], p: Any) -> str | None:
    """Which part of the predicate ``test`` is false at ``p``, with the values of its
    operands; None when the source cannot be read back or a part cannot be evaluated.

    Examples
    --------
    >>> from fractions import Fraction
    >>> class P:
    ...     n, value = 3, Fraction(3, 2)
    >>> failed_part(lambda p: p.n > 1 and p.value <= 1, P())
    'p.value <= 1: p.value is 3/2'
    >>> failed_part(lambda p: not p.n, P())
    'not p.n: p.n is 3'
    >>> failed_part(lambda p: p.n < 0 or p.n > 5, P())
    'every part of p.n < 0 or p.n > 5: p.n < 0: p.n is 3; p.n > 5: p.n is 3'
    """
    found = _source_and_node(test)
    if found is None:
        return None
    source, node, arg = found
    env: dict[str, Any] = dict(getattr(test, "__globals__", {}))
    code = test.__code__  # _source_and_node checked it
    for name, cell in zip(code.co_freevars, getattr(test, "__closure__", None) or (),
                          strict=False):
        try:
            env[name] = cell.cell_contents
        except ValueError:  # an empty cell
            return None
    env[arg] = p

    def ev(part: ast.expr) -> Any:
        return eval(compile(ast.Expression(part), "<predicate>", "eval"), env)  # noqa: S307 - the user's own predicate, run again on one position

    def seg(part: ast.expr) -> str:
        return ast.get_source_segment(source, part) or ast.unparse(part)

    def why(part: ast.expr) -> str:
        if isinstance(part, ast.BoolOp) and isinstance(part.op, ast.And):
            for item in part.values:
                if not ev(item):
                    return why(item)
            return f"{seg(part)}: holds here"
        if isinstance(part, ast.BoolOp):  # or: every part is false
            return f"every part of {seg(part)}: " + "; ".join(why(x) for x in part.values)
        if isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not):
            return f"{seg(part)}: {seg(part.operand)} is {_text(ev(part.operand))}"
        if isinstance(part, ast.Compare):
            shown_ = [f"{seg(x)} is {_text(ev(x))}" for x in [part.left, *part.comparators]
                      if not isinstance(x, ast.Constant)]
            return f"{seg(part)}: {', '.join(shown_)}" if shown_ else seg(part)
        return f"{seg(part)} is {_text(ev(part))}"

    try:
        return why(node)
    except Exception:  # noqa: BLE001 - a part the predicate never evaluated may raise
        return None
