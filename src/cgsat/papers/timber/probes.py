"""Probes of *The Game of timber!*: Phyminoes on non-bipartite graphs (Problem 4.3).

``phyminoes``: for every connected non-bipartite graph with n vertices (the networkx graph
atlas, which holds every graph with at most 7 vertices) and every orientation up to the
graph's automorphisms, the normal-play nim-value and the misère outcome by the direct
solver (:mod:`cgsat.cgt.impartial`, memoized on isomorphism-invariant keys), in both
readings of the distances (:mod:`cgsat.games.phyminoes`: ``minus-edge`` and ``graph``).

One table row per (graph, reading): ``graph6``, ``vertices``, ``edges``, ``reading``,
``orientations`` (up to automorphisms), ``p_normal`` and ``p_misere`` (how many of those
are P-positions), ``all_N`` (every orientation is an N-position in normal play),
``all_N_misere`` (likewise in misère play) and ``nim_values`` (the set of normal-play
nim-values, space-separated). The second method: ``labelled`` (``2^m``),
``p_normal_labelled`` and ``p_misere_labelled`` (P-orientations among all labelled ones, by
the direct solver on each), the same counted by SAT (``..._sat``: the kernel encoding with
symbolic orientations, pyganak projected onto the orientation variables) and
``sat_agrees``; the orbit counts are the labelled ones with each orbit counted once
(:mod:`cgsat.papers.timber.phyminoes.count`).

The data (``size``) is in :mod:`cgsat.papers.timber.phyminoes.count` and
:mod:`cgsat.papers.timber.graphs.probe`, so that the stored sizes depend on that
code only (the fingerprint). The mined rules and their tests past the data are claims.
"""

from __future__ import annotations

from typing import Any

from cgsat.papers.timber.graphs.probe import ATLAS_MAX_VERTICES, READINGS
from cgsat.papers.timber.path.values import PATH_VALUES
from cgsat.papers.timber.phyminoes.count import COLUMNS as COUNT_COLUMNS
from cgsat.papers.timber.phyminoes.count import size
from cgsat.papers.timber.phyminoes.reductions import COLUMNS as REDUCTION_COLUMNS
from cgsat.papers.timber.phyminoes.reductions import size as reductions_size
from cgsat.papers.timber.trees.probes import TIMBER_REDUCTIONS, TREE_P_COUNTS
from cgsat.probes import Probe, Sizes, TableRow

__all__ = [
    "table",
    "summary",
    "plot",
    "PHYMINOES",
    "reductions_table",
    "reductions_summary",
    "reductions_plot",
    "PHYMINOES_REDUCTIONS",
    "PROBES",
]


def table(sizes: Sizes, up_to: int) -> list[TableRow]:
    """Every graph's rows, by number of vertices (atlas order).

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3.
    """
    return [r for n in range(3, up_to + 1) for r in sizes[n]]


def summary(sizes: Sizes, up_to: int) -> list[str]:
    """Markdown lines: per vertex count and reading, graphs, orientations, P-counts, the
    labelled counts and whether enumeration and SAT counting agree on every graph.

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3.
    """
    lines = ["| vertices | reading | graphs | orientations | P (normal) | P (misère) | "
             "graphs all N (normal) | nim-values seen | labelled orientations | "
             "labelled P (normal) | labelled P (misère) | enumeration = SAT count |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for n in range(3, up_to + 1):
        for reading in READINGS:
            rows = [r for r in sizes[n] if r["reading"] == reading]
            nims = sorted({int(k) for r in rows for k in r["nim_values"].split()})
            lines.append(
                f"| {n} | {reading} | {len(rows)} | {sum(r['orientations'] for r in rows)} | "
                f"{sum(r['p_normal'] for r in rows)} | {sum(r['p_misere'] for r in rows)} | "
                f"{sum(r['all_N'] for r in rows)} | {' '.join(map(str, nims))} | "
                f"{sum(r['labelled'] for r in rows)} | "
                f"{sum(r['p_normal_labelled'] for r in rows)} | "
                f"{sum(r['p_misere_labelled'] for r in rows)} | {_agreement(rows)} |")
    return lines


def _agreement(rows: list[TableRow]) -> str:
    """"all N graphs", or the graphs on which the two labelled counts differ."""
    bad = [r["graph6"] for r in rows if not r["sat_agrees"]]
    return f"all {len(rows)} graphs" if not bad else f"DIFFER on {', '.join(bad)}"


def plot(ax: Any, sizes: Sizes, up_to: int) -> None:
    """Share of P-orientations (normal and misère) per vertex count and reading.

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3.
    """
    xs = list(range(3, up_to + 1))
    for reading in READINGS:
        for key, style in (("p_normal", "-"), ("p_misere", "--")):
            ys = []
            for n in xs:
                rows = [r for r in sizes[n] if r["reading"] == reading]
                total = sum(r["orientations"] for r in rows)
                ys.append(sum(r[key] for r in rows) / total if total else 0.0)
            ax.plot(xs, ys, style, marker="o", label=f"{reading}, {key[2:]}")
    ax.set_xlabel("vertices")
    ax.set_ylabel("share of P-orientations")
    ax.legend(fontsize=8)


PHYMINOES = Probe(
    name="phyminoes",
    source="The Game of timber!, §4, Problem 4.3 (Phyminoes on non-bipartite graphs)",
    up_to="largest number of vertices (3 to 7, the networkx graph atlas)",
    default_up_to=5,
    base=3,
    max_up_to=ATLAS_MAX_VERTICES,
    size=size,
    table=table,
    columns=("graph6", "vertices", "edges", "reading", "orientations", "p_normal",
             "p_misere", "all_N", "all_N_misere", "nim_values") + COUNT_COLUMNS,
    summary=summary,
    plot=plot,
    rules=("timber.phyminoes-odd-cycle", "timber.phyminoes-odd-cycle-pendant",
           "timber.phyminoes-complete", "timber.phyminoes-complete-minus-edge",
           "timber.phyminoes-odd-cycle-path", "timber.phyminoes-bipartite"),
)


# -- phyminoes-reductions ----------------------------------------------------------------------
_CONCLUDED = {"3.2 flatten": "outcome", "3.3 merge": "nim"}
"""What each lemma concludes for Timber (the control: no Timber failure of it)."""


def reductions_table(sizes: Sizes, up_to: int) -> list[TableRow]:
    """Every graph's rows (one per lemma and game), by number of vertices.

    References
    ----------
    Nowakowski et al., *The Game of timber!*, Lemmas 3.2 and 3.3, Problem 4.3.
    """
    return [r for n in range(5, up_to + 1) for r in sizes[n]]


def reductions_summary(sizes: Sizes, up_to: int) -> list[str]:
    """Markdown lines: failures per vertex count, lemma and game; the minimal
    counterexample of each (lemma, game, value) with its SAT confirmation; the control.

    References
    ----------
    Nowakowski et al., *The Game of timber!*, Lemmas 3.2 and 3.3, Problem 4.3.
    """
    rows = reductions_table(sizes, up_to)
    keys = list(dict.fromkeys((r["lemma"], r["game"]) for r in rows))
    lines = ["| vertices | lemma | game | graphs applied | applications | outcome fails | "
             "nim-value fails | misère fails |", "|---|---|---|---|---|---|---|---|"]
    for n in range(5, up_to + 1):
        for lemma, game in keys:
            rs = [r for r in sizes[n] if (r["lemma"], r["game"]) == (lemma, game)]
            lines.append(f"| {n} | {lemma} | {game} | {sum(r['applications'] > 0 for r in rs)} "
                         f"| {sum(r['applications'] for r in rs)} | "
                         + " | ".join(str(sum(r[f"{k}_fails"] for r in rs))
                                      for k in ("outcome", "nim", "misere")) + " |")
    lines += ["", "Minimal counterexamples (fewest vertices, then atlas order; T => [where] "
              "T', values by the direct solver; SAT: re-evaluated by the kernel and Grundy "
              "encodings):", ""]
    for lemma, game in keys:
        for k in ("outcome", "nim", "misere"):
            first = next((r for r in rows if (r["lemma"], r["game"]) == (lemma, game)
                          and r[f"{k}_cx"]), None)
            what = (f"`{first[f'{k}_cx']}` (SAT confirms: "
                    f"{'yes' if first['confirmed'] else 'NO'})" if first
                    else f"none up to {up_to} vertices")
            lines.append(f"- {lemma}, {game}, {k}: {what}")
    bad = [r["graph6"] for r in rows if r["game"] == "timber"
           and r[f"{_CONCLUDED[r['lemma']]}_fails"]]
    lines += ["", "Control (Timber, where the lemmas are theorems: 3.2 keeps the outcome, 3.3 "
              "the nim-value): " + ("no failure." if not bad
                                   else f"FAILS on {', '.join(bad)}: the reductions are wrong.")]
    return lines


def reductions_plot(ax: Any, sizes: Sizes, up_to: int) -> None:
    """Share of applications that change the normal-play outcome, per lemma and game.

    References
    ----------
    Nowakowski et al., *The Game of timber!*, Lemmas 3.2 and 3.3, Problem 4.3.
    """
    xs = list(range(5, up_to + 1))
    keys = list(dict.fromkeys((r["lemma"], r["game"]) for n in xs for r in sizes[n]))
    for lemma, game in keys:
        ys = []
        for n in xs:
            rs = [r for r in sizes[n] if (r["lemma"], r["game"]) == (lemma, game)]
            total = sum(r["applications"] for r in rs)
            ys.append(sum(r["outcome_fails"] for r in rs) / total if total else 0.0)
        ax.plot(xs, ys, marker="o", label=f"{lemma}, {game}")
    ax.set_xlabel("vertices")
    ax.set_ylabel("share of applications changing the outcome")
    ax.legend(fontsize=8)


PHYMINOES_REDUCTIONS = Probe(
    name="phyminoes-reductions",
    source="The Game of timber!, Lemmas 3.2 (flatten) and 3.3 (merge) on Phyminoes, "
           "Problem 4.3",
    up_to="largest number of vertices (5 to 7, the networkx graph atlas)",
    default_up_to=6,
    base=5,
    max_up_to=ATLAS_MAX_VERTICES,
    size=reductions_size,
    table=reductions_table,
    columns=REDUCTION_COLUMNS,
    summary=reductions_summary,
    plot=reductions_plot,
    notes="Every application of each lemma to every orientation (up to automorphisms) of "
          "every connected non-bipartite graph, in Phyminoes (both readings) and Timber "
          "(the control); values before and after by the direct solver, each recorded "
          "failure re-evaluated by SAT (phyminoes_reductions).",
)

PROBES = [PHYMINOES, PHYMINOES_REDUCTIONS, PATH_VALUES, TREE_P_COUNTS, TIMBER_REDUCTIONS]
