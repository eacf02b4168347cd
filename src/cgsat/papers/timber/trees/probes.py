"""The probes ``tree-p-counts`` (*Timber Game with Caterpillars* §4, the number of
P-positions of a tree: table, summary with OEIS-style sequences and closed forms, plot) and
``timber-reductions`` (*The Game of timber!* Problem 4.2: value-preserving local
replacements, data in :mod:`cgsat.papers.timber.trees.reductions`).

The data (``size``) is :func:`cgsat.papers.timber.trees.counts.size`: the count of
normal-play P-orientations (all ``2^m`` orientations) of every tree with ``n`` edges, of
every binary caterpillar with spine ``n``, and of spiders and double brooms with parameter
``n``, by the dynamic programme of :mod:`cgsat.games.tree_counts`, checked
by enumeration with the direct solver on every row with at most ``ENUMERATE_UP_TO`` edges.

Closed forms tested on every row the table holds (:func:`closed_form`):

- any tree with an odd number of edges: 0 (the 2019 follow-up of the caterpillars paper);
- path with ``m`` edges: ``C(m/2)`` or 0 (*The Game of timber!* Theorem 2.5 (1));
- star ``K_{1,m}``: 1 if ``m`` is even, else 0;
- ``spider(2^n)``: ``2^(n-1)`` (n >= 1); ``spider(3^n)``: ``(3^n + 1)/2`` for even n;
  ``spider(4^n)``: ``(6^n + 4^n + (-2)^n + [n=0])/4`` (each leg's state distribution,
  ``{2:1, 0:1}``, ``{3:1, 1:2}``, ``{4:1, 2:3, 0:2}``, summed over the XOR characters);
- ``cat(a,0^(s-2),b)``: the path with ``s - 1 + (a mod 2) + (b mod 2)`` edges (Theorem 3.3,
  Corollary 3.5);
- ``cat(1^s)``: 0 (Theorem 3.2); ``cat(0^s)``: the path with ``s - 1`` edges;
- the sum over all ``2^s`` binary leg vectors of spine ``s``: the Catalan number ``C(s)``
  (found here; proof sketch: merge the states ``2L, 2L+1`` into level ``L``; a spine step
  with its optional leg moves a level by ``-1``, ``0`` (two ways) or ``+1``, so the sum
  counts Motzkin paths of length ``s - 1`` with two colours of flat steps, ``C(s)``).

References
----------
.. [1] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, Theorems 3.2, 3.3, Corollary 3.5, §4.
.. [2] R. J. Nowakowski et al., *The Game of timber!*, JCMCC 85 (2013), Theorem 2.5.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cgsat.papers.timber.trees.counts import COLUMNS, ENUMERATE_UP_TO, catalan, path_count, size
from cgsat.papers.timber.trees.reductions import COLUMNS as REDUCTION_COLUMNS
from cgsat.papers.timber.trees.reductions import PATTERN_EDGES, SEED_EDGES
from cgsat.papers.timber.trees.reductions import size as reductions_size
from cgsat.probes import Probe, Sizes, TableRow

__all__ = [
    "table",
    "closed_form",
    "Sequence",
    "sequences",
    "summary",
    "plot",
    "TREE_P_COUNTS",
    "reductions_table",
    "reductions_summary",
    "reductions_plot",
    "TIMBER_REDUCTIONS",
]


def table(sizes: Sizes, up_to: int) -> list[TableRow]:
    """Every row of sizes ``0..up_to``, by size.

    References
    ----------
    *Timber Game with Caterpillars*, §4.
    """
    return [r for n in range(0, up_to + 1) for r in sizes[n]]


def _broom_edges(name: str) -> int:
    """``cat(a,0,...,0,b)`` -> the edges of the path Corollary 3.5 reduces it to."""
    legs = [int(k) for k in name[4:-1].split(",")]
    return len(legs) - 1 + legs[0] % 2 + legs[-1] % 2


def closed_form(row: TableRow) -> int | None:
    """The count a closed form predicts for this row, or None when none applies.

    Examples
    --------
    >>> closed_form({"kind": "family", "family": "spider-3", "tree": "spider(3^2)",
    ...              "parameter": 2, "edges": 6})
    5

    References
    ----------
    *The Game of timber!*, Theorem 2.5; *Timber Game with Caterpillars*, Theorems 3.2,
    3.3, Corollary 3.5.
    """
    m, n, fam = row["edges"], row["parameter"], row["family"]
    if m % 2:
        return 0
    if fam == "path":
        return path_count(m)
    if fam == "star":
        return 1
    if fam == "spider-2":
        return 2 ** (n - 1) if n else 1
    if fam == "spider-3":
        return (3 ** n + 1) // 2
    if fam == "spider-4":
        return (6 ** n + 4 ** n + (-2) ** n + (n == 0)) // 4
    if fam == "double broom" and row["kind"] == "family":
        return path_count(_broom_edges(row["tree"]))
    if row["kind"] == "caterpillar":
        legs = row["tree"][4:-1].split(",")
        if set(legs) == {"1"}:
            return 0
        if set(legs) == {"0"}:
            return path_count(len(legs) - 1)
    return None


def _seq(values: list[int]) -> str:
    """Terms separated by commas (OEIS style)."""
    return ", ".join(str(v) for v in values)


Sequence = tuple[str, int, list[int], Callable[[int], int] | None]


def sequences(sizes: Sizes, up_to: int) -> list[Sequence]:
    """The natural families' sequences: (name, offset, terms, closed form or None).

    References
    ----------
    *Timber Game with Caterpillars*, §4.
    """
    ns = range(0, up_to + 1)

    def pick(pred: Callable[[TableRow], bool]) -> list[int]:
        return [sum(r["count"] for r in sizes[n] if pred(r)) for n in ns]

    def tree_of(family: str) -> Callable[[TableRow], bool]:
        return lambda r: r["kind"] == "tree" and r["family"] == family

    out: list[Sequence] = [
        ("all trees with n edges (sum over unlabelled trees of the labelled count)", 0,
         pick(lambda r: r["kind"] == "tree"), None),
        ("trees with n edges having a P-orientation", 0,
         [sum(r["count"] > 0 for r in sizes[n] if r["kind"] == "tree") for n in ns], None),
        ("largest count among trees with n edges", 0,
         [max(r["count"] for r in sizes[n] if r["kind"] == "tree") for n in ns], None),
        ("paths P(n) (n edges)", 0,
         [sum(r["count"] for r in sizes[n] if tree_of("path")(r)) for n in ns], path_count),
        ("stars K(1,n)", 3,
         [r["count"] for n in ns for r in sizes[n] if tree_of("star")(r)],
         lambda n: 1 - n % 2),
    ]
    for length in (2, 3, 4):
        fam = f"spider-{length}"
        # mypy infers no lambda with a default argument (f=fam binds fam)
        out.append((f"spiders spider({length}^n), n legs of length {length}", 0,  # type: ignore[arg-type]  # a lambda
                    pick(lambda r, f=fam: r["family"] == f),  # type: ignore[misc]  # f=fam
                    lambda n, f=fam: closed_form({"kind": "family", "family": f,  # type: ignore[misc]  # f=fam
                                                  "tree": "", "parameter": n,
                                                  "edges": n * int(f[-1])})))
    for a, b in ((1, 1), (2, 2), (2, 3), (3, 3)):
        name = f"cat({a},0^(n-2),{b})"
        out.append((f"double brooms {name}, spine n", 2,
                    [r["count"] for n in ns if n >= 2 for r in sizes[n]
                     if r["kind"] == "family" and r["tree"] ==
                     "cat(" + ",".join(map(str, [a] + [0] * (n - 2) + [b])) + ")"],
                    lambda n, a=a, b=b: path_count(n - 1 + a % 2 + b % 2)))  # type: ignore[misc]  # a=a, b=b
    cats = [n for n in ns if n >= 1]
    out.append(("binary caterpillars: sum over all 2^n leg vectors of spine n", 1,
                [sum(r["count"] * r["vectors"] for r in sizes[n] if r["kind"] == "caterpillar")
                 for n in cats], catalan))
    for start in (0, 1):
        out.append((f"alternating caterpillars cat({start},{1 - start},{start},...), spine n",
                    1, [r["count"] for n in cats for r in sizes[n]
                        if r["kind"] == "caterpillar" and r["tree"] in _alternating(n, start)],
                    None))
    return out


def _alternating(n: int, start: int) -> tuple[str, str]:
    """The alternating leg vector of spine n from ``start``, and its reversal (the row)."""
    legs = [(start + i) % 2 for i in range(n)]
    return ("cat(" + ",".join(map(str, legs)) + ")",
            "cat(" + ",".join(map(str, legs[::-1])) + ")")


def summary(sizes: Sizes, up_to: int) -> list[str]:
    """Markdown lines: per size the trees and counts with the enumeration check; the
    sequences (OEIS style) with their closed forms; every row's closed form check.

    References
    ----------
    *Timber Game with Caterpillars*, §4; *The Game of timber!*, Theorem 2.5.
    """
    lines = ["| n | trees (n edges) | P-orientations of all of them | share of 2^n | binary "
             "caterpillars (spine n, up to reversal) | rows enumerated | enumeration = "
             "programme |", "|---|---|---|---|---|---|---|"]
    for n in range(0, up_to + 1):
        tr = [r for r in sizes[n] if r["kind"] == "tree"]
        total = sum(r["count"] for r in tr)
        checked = [r for r in sizes[n] if r["agrees"] is not None]
        bad = [r["tree"] for r in checked if not r["agrees"]]
        lines.append(f"| {n} | {len(tr)} | {total} | {total / (len(tr) * 2 ** n):.4f} | "
                     f"{sum(r['kind'] == 'caterpillar' for r in sizes[n])} | {len(checked)} | "
                     + (f"DIFFER on {', '.join(bad)}" if bad else
                        "yes" if checked else "-") + " |")
    lines += ["", f"Counts by the dynamic programme over the tree (branch states, XOR at each "
              f"vertex: `tree_counts`); every row with at most {ENUMERATE_UP_TO} edges also "
              f"by playing all 2^m orientations with the direct solver.", "",
              "Sequences (OEIS style, `a(offset), a(offset+1), ...`):", ""]
    for name, offset, terms, form in sequences(sizes, up_to):
        check = ""
        if form is not None:
            bad = [offset + i for i, t in enumerate(terms) if form(offset + i) != t]
            last = offset + len(terms) - 1
            check = (f" Closed form holds for n = {offset}..{last}." if not bad
                     else f" Closed form FAILS at n = {bad[0]}.")
        lines.append(f"- {name}: {_seq(terms)}.{check}")
    rows = table(sizes, up_to)
    tested = [(r, closed_form(r)) for r in rows]
    tested = [(r, f) for r, f in tested if f is not None]
    fails = [r for r, f in tested if f != r["count"]]
    odd = [r for r in rows if r["edges"] % 2 and r["count"]]
    lines += ["", f"Closed forms checked row by row: {len(tested)} rows, "
              + ("all hold." if not fails else
                 f"{len(fails)} FAIL, first `{fails[0]['tree']}` ({fails[0]['count']})."),
              "Odd number of edges, no P-orientation (the 2019 theorem): "
              + ("holds on every row" if not odd else f"FAILS on `{odd[0]['tree']}`")
              + f" ({sum(r['edges'] % 2 == 1 for r in rows)} rows with odd edges)."]
    best = [max((r for r in sizes[n] if r["kind"] == "tree"), key=lambda r: r["count"])
            for n in range(2, up_to + 1, 2)]
    none = [r for r in rows if r["kind"] == "tree" and r["edges"] % 2 == 0 and not r["count"]]
    lines.append("Every tree with an even number of edges has a P-orientation: "
                 + ("holds for every tree up to " if not none else "FAILS on ")
                 + (f"{up_to} edges." if not none else f"`{none[0]['tree']}`."))
    beaten = [r for r in best if r["count"] > path_count(r["edges"])]
    lines.append("The path has the most P-orientations among the trees with n edges: "
                 + (f"holds up to {up_to} edges." if not beaten
                    else f"FAILS at {beaten[0]['edges']} edges (`{beaten[0]['tree']}`)."))
    lines.append("Tree with the most P-orientations per even n: " + "; ".join(
        f"{r['edges']}: `{r['tree']}` ({r['family']}, {r['count']})" for r in best) + ".")
    return lines


def plot(ax: Any, sizes: Sizes, up_to: int) -> None:
    """The families' counts against their parameter, log scale.

    References
    ----------
    *Timber Game with Caterpillars*, §4.
    """
    for name, offset, terms, _ in sequences(sizes, up_to):
        if name.startswith(("all trees", "paths", "spiders", "binary")):
            pts = [(offset + i, t) for i, t in enumerate(terms) if t > 0]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o",
                    label=name.split(":")[0].split(" (")[0].split(",")[0])
    ax.set_yscale("log")
    ax.set_xlabel("n (edges; legs for spiders; spine for caterpillars)")
    ax.set_ylabel("P-orientations")
    ax.legend(fontsize=7)


TREE_P_COUNTS = Probe(
    name="tree-p-counts",
    source="Timber Game with Caterpillars, §4 (the number of P-positions of a tree); "
           "The Game of timber!, Theorem 2.5 and Algorithm 3.5",
    up_to="largest number of edges of the trees; also the caterpillars' spine and the "
          "families' parameter",
    default_up_to=12,
    base=0,
    size=size,
    table=table,
    columns=COLUMNS,
    summary=summary,
    plot=plot,
    notes="Normal-play P-orientations (all 2^m) of every tree with n edges, every binary "
          "caterpillar with spine n, spiders and double brooms, by a dynamic programme "
          "over branch states (Lemmas 3.1-3.3 applied bottom-up), checked by enumeration "
          "with the direct solver on every row with at most 9 edges.",
    rules=("caterpillars.even-edges", "caterpillars.binary-sum", "caterpillars.path-most"),
)


# -- timber-reductions --------------------------------------------------------------------------
def reductions_table(sizes: Sizes, up_to: int) -> list[TableRow]:
    """Every row of sizes ``0..up_to``, by size.

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    return [r for n in range(0, up_to + 1) for r in sizes[n]]


def reductions_summary(sizes: Sizes, up_to: int) -> list[str]:
    """Markdown lines: per size, the candidates' checks and the in-branch rule's; each
    candidate beyond Lemma 3.3 and the in-branch rule with its bound or counterexample.

    References
    ----------
    *The Game of timber!*, Lemma 3.3 and Problem 4.2.
    """
    lines = ["| n (edges of the trees) | candidates checked | trees C + R checked | "
             "failures | in-branch rule applications | rule failures |",
             "|---|---|---|---|---|---|"]
    for n in range(0, up_to + 1):
        cand = [r for r in sizes[n] if r["kind"] == "candidate"]
        rule = [r for r in sizes[n] if r["kind"] == "rule"]
        lines.append(f"| {n} | {len(cand)} | {sum(r['checked'] for r in cand)} | "
                     f"{sum(r['fails'] for r in cand)} | {sum(r['checked'] for r in rule)} | "
                     f"{sum(r['fails'] for r in rule)} |")
    rows = reductions_table(sizes, up_to)
    pairs = list(dict.fromkeys((r["pattern"], r["replacement"], r["explained_by"])
                               for r in rows if r["kind"] == "candidate"))

    def verdict(pattern: str, replacement: str) -> str:
        mine = [r for r in rows if (r["pattern"], r["replacement"]) == (pattern, replacement)]
        bad = next((r for r in mine if r["fails"]), None)
        if bad:
            return f"FAILS at n = {bad['n']} ({bad['counterexample']})"
        return f"holds on every tree up to {up_to} edges"

    rule_bad = next((r for r in rows if r["kind"] == "rule" and r["fails"]), None)
    lines += ["", f"Candidates (patterns with at most {PATTERN_EDGES} edges, paired by their "
              f"values in every context with at most {SEED_EDGES} edges): {len(pairs)}; "
              + ", ".join(f"{sum(p[2] == k for p in pairs)} explained by {k}"
                          for k in ("3.3", "3.3+in-branch", "beyond")) + ".",
              "",
              "In-branch rule (an in-branch whose exit values are all fixed exits elsewhere "
              "at its vertex, or at a vertex above it on a path directed down to it, can be "
              "deleted; `tree_reductions`): "
              + (f"FAILS at n = {rule_bad['n']}: {rule_bad['counterexample']}" if rule_bad
                 else f"holds on every orientation of every tree up to {up_to} edges "
                      f"(at every vertex)") + ".",
              "", "Value-preserving replacements beyond Lemma 3.3 and the in-branch rule "
              "(R -> R'; `>` arc away from the glue vertex, `<` towards it):", ""]
    beyond = [p for p in pairs if p[2] == "beyond"]
    lines += [f"- `{a}` -> `{b}`: {verdict(a, b)}" for a, b, _ in beyond] or ["- none"]
    examples = [p for p in pairs if p[2] == "3.3+in-branch"][:6]
    lines += ["", "Examples explained by the in-branch rule: " + "; ".join(
        f"`{a}` -> `{b}` ({verdict(a, b)})" for a, b, _ in examples) + "."]
    fails33 = [p for p in pairs if p[2] != "beyond" and "FAILS" in verdict(p[0], p[1])]
    lines.append("Control (candidates explained by Lemma 3.3 or the rule never fail): "
                 + ("no failure." if not fails33 else
                    f"FAILS on `{fails33[0][0]}` -> `{fails33[0][1]}`."))
    return lines


def reductions_plot(ax: Any, sizes: Sizes, up_to: int) -> None:
    """Trees checked per size: candidate replacements and in-branch rule applications.

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    xs = list(range(0, up_to + 1))
    for kind, label in (("candidate", "candidate replacements"),
                        ("rule", "in-branch rule applications")):
        ys = [max(1, sum(r["checked"] for r in sizes[n] if r["kind"] == kind)) for n in xs]
        ax.plot(xs, ys, marker="o", label=label)
    ax.set_yscale("log")
    ax.set_xlabel("edges")
    ax.set_ylabel("trees checked")
    ax.legend(fontsize=8)


TIMBER_REDUCTIONS = Probe(
    name="timber-reductions",
    source="The Game of timber!, Problem 4.2 (other value-preserving reductions on trees)",
    up_to="largest number of edges of the trees checked",
    default_up_to=7,
    base=0,
    size=reductions_size,
    table=reductions_table,
    columns=REDUCTION_COLUMNS,
    summary=reductions_summary,
    plot=reductions_plot,
    notes="Rooted oriented patterns R (at most 4 edges) paired with smaller R' of equal "
          "values in small contexts, then checked on every tree C + R; the in-branch rule "
          "checked at every vertex of every oriented tree; nim-values by the direct solver.",
    rules=("timber.in-branch",),
)
