"""Cost of the controls that run with every all-n proof (issue 36): ``decide_all`` with and
without :func:`cgsat.automata.proof_controls.controls_failed`, alternating in one process
(medians of 7), on a statement without a domain (green-nim6: the well-foundedness controls
only) and one with a domain (§5 two leaves, nim 3: the closure controls too).

    python benchmarks/bench_proof_controls.py
"""

from __future__ import annotations

import statistics
import time

from cgsat.automata import methods, proof_controls
from cgsat.automata.library import nim_statement
from cgsat.papers.thickets.all_n import sec5_statement


def main() -> None:
    """Print one line per statement: with, without, ratio, the controls alone."""
    real = proof_controls.controls_failed
    for name, st in (("thickets.green-nim6", nim_statement(6)),
                     ("thickets.sec5-two-leaves-nim3", sec5_statement("two-leaves-nim3"))):
        on, off = [], []
        methods.decide_all(st, "warm", None)
        for _ in range(7):
            proof_controls.controls_failed = real
            t = time.perf_counter()
            assert methods.decide_all(st, "x", None).status == "proved"
            on.append(time.perf_counter() - t)
            proof_controls.controls_failed = lambda s, d: []
            t = time.perf_counter()
            methods.decide_all(st, "x", None)
            off.append(time.perf_counter() - t)
        proof_controls.controls_failed = real
        run = {"setops": methods.setops.decide, "product": methods.product.decide,
               "mona": methods.mona.decide}
        t = time.perf_counter()
        for _ in range(5):
            real(st, run)
        alone = (time.perf_counter() - t) / 5
        a, b = statistics.median(on), statistics.median(off)
        print(f"{name}: with controls {a:.3f} s, without {b:.3f} s (medians of 7), "
              f"ratio {a / b:.2f}; the controls alone {alone:.3f} s")


if __name__ == "__main__":
    main()
