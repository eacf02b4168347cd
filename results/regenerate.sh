#!/usr/bin/env bash
# Rebuild results from the committed results store, results/results.sqlite.
#
#   bash results/regenerate.sh            # chunks 1-10, then the report
#   bash results/regenerate.sh 11         # Toppling beyond 36 (hours; resumable)
#   bash results/regenerate.sh 3 4        # chunks 3 and 4 only, then the report
#
# Run from the repository root with cgsat installed (README, "Install"). Every chunk is a
# `cgsat check` on the committed store: a size already stored by the same code (the same
# method fingerprint) with its certificate and controls is reused, so an interrupted chunk
# resumes where it stopped, and chunks accumulate across sessions. A chunk that changes
# code invalidates exactly the methods whose code changed; they are recomputed.
#
# Certificates: every SAT chunk runs with --confirm-with minisat22 (a second solver
# re-solves each UNSAT instance: certificate kind "second-solver"); the --proof chunks add
# checked DRAT proofs (dratify and cgsat's own checker) where those are within reach
# (docs/performance.md, "Certificates and controls"). A check exits 1 when a claim is refuted (known
# refutations: thickets.thm3.1 and thm4.4 as printed, toppling.conj39, conj37-all-rows) and 5 when it stops short (a
# size timed out); the script goes on and prints each chunk's exit code.
set -u
cd "$(dirname "$0")/.."
DB=results/results.sqlite
CONFIRM="--confirm-with minisat22"

chunk() {
  case "$1" in
    # 1: every claim at its quick bound, every method (minutes); --revalidate first carries
    #    runs decided by the same code under the earlier fingerprint scheme over (issue 23)
    1) cgsat check --all --method all --revalidate $CONFIRM --db $DB ;;
    # 2: Timber Theorems 2.3-2.5 to n = 120 (minutes)
    2) cgsat check timber.thm2.3 timber.thm2.4 timber.thm2.5 --target --method sat $CONFIRM \
         --timeout 1800 --jobs 2 --db $DB ;;
    # 3: Thinning Thickets Theorems 3.2-3.5 and the section 5 statements to height 100
    3) cgsat check thickets.thm3.2 thickets.thm3.3 thickets.thm3.4 thickets.thm3.5 \
         thickets.sec5-one-leaf-nim2 thickets.sec5-two-leaves-nim2 \
         thickets.sec5-two-leaves-nim3 --target --method sat $CONFIRM --timeout 1800 \
         --jobs 2 --db $DB ;;
    # 4: Toppling Dominoes Conjecture 22, Conjecture 33 and Theorem 29 to length 36 (about
    #    half an hour with the issue-17 encoding)
    4) cgsat check toppling.conj22 toppling.conj33 toppling.thm29 --target --method sat \
         $CONFIRM --timeout 3600 --jobs 2 --db $DB ;;
    # 5: every other claim at its target bound, every method
    5) cgsat check --all --target --method all $CONFIRM --timeout 1800 --jobs 2 --db $DB ;;
    # 6-8: checked DRAT proofs where within reach (about an hour of CPU each per checker)
    6) cgsat check thickets.thm3.2 thickets.thm3.4 --target --method sat --proof \
         --timeout 3600 --jobs 2 --db $DB ;;
    7) cgsat check timber.thm2.3 --target --method sat --proof --timeout 3600 --jobs 2 \
         --db $DB ;;
    8) cgsat check thickets.thm3.3 thickets.thm3.5 --target --method sat --proof \
         --timeout 3600 --jobs 2 --db $DB ;;
    # 9: the rules mined from the probes (issues 14 and 15) at their targets, before chunk 5
    #    reaches them
    9) cgsat check timber.phyminoes-odd-cycle timber.phyminoes-odd-cycle-pendant \
         timber.phyminoes-complete-minus-edge timber.phyminoes-complete \
         timber.phyminoes-odd-cycle-path toppling.unique-switch toppling.unique-x-star \
         toppling.unique-x-zero caterpillars.binary-sum caterpillars.path-most \
         timber.in-branch --target --method all $CONFIRM --timeout 1800 --jobs 2 \
         --db $DB ;;
    # 10: every probe at a small bound (a minute in all), so that the report shows them
    10) for p in "phyminoes 5" "phyminoes-reductions 6" "toppling-uniqueness 8" \
                 "toppling-uniqueness-lr 12" "timber-path-values 16" "tree-p-counts 12" \
                 "timber-reductions 7" "green-cordon-nim 14" "thickets-tinies 4"; do
          set -- $p
          cgsat probe "$1" --up-to "$2" --db $DB --out "${TMPDIR:-/tmp}/cgsat-probe-$1" \
            > /dev/null
        done ;;
    # 11: Conjecture 22, Conjecture 33 and Theorem 29 beyond their target 36, certified, one
    #     length at a time, to 59 as the committed store holds (issue 27 item 2: 37..59
    #     took about 5.6 core-hours, docs/performance.md, "Toppling Dominoes beyond 36"). Not in the default
    #     list: run it on its own, as often as it takes; every length it finishes is stored,
    #     and a rerun resumes after it. UP_TO=60 goes on (about 0.6 core-hours more).
    11) for n in $(seq 37 "${UP_TO:-59}"); do
          cgsat check toppling.conj33 toppling.conj22 toppling.thm29 --method sat \
            --from "$n" --up-to "$n" $CONFIRM --timeout 7200 --jobs 2 --db $DB
        done ;;
    *) echo "regenerate.sh: no chunk $1 (chunks are 1-11)" >&2; exit 2 ;;
  esac
}

chunks=("$@")
[ ${#chunks[@]} -eq 0 ] && chunks=(1 2 3 4 5 6 7 8 9 10)
for c in "${chunks[@]}"; do
  echo "== chunk $c" >&2
  chunk "$c"
  echo "== chunk $c exit $?" >&2
done
cgsat report --db $DB --out results
