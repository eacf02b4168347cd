#!/usr/bin/env bash
# Mutation testing of cgsat (issue 24 item 6): a benchmark rerun by hand, not a CI step.
#
#   pip install -e ".[test,mutation]" && benchmarks/mutation.sh [MODULE ...]
#
# MODULE is a key of the table below (default: all of them, in priority order). Each module
# runs mutmut 3 in a scratch copy of src/ and tests/ (mutation/<module>/, git-ignored), with
# its own [tool.mutmut] section: only that module is mutated, and only the tests that
# exercise it run (quick suite, plus the module's doctests). Scores: mutation/<module>.txt
# (`mutmut results --all true`); docs/performance.md records the scores
# (docs/history/performance.md: where the survivors are listed).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

declare -A FILE TESTS
FILE[certificates]=src/cgsat/sat/certificates.py
TESTS[certificates]="tests/sat/test_drat.py tests/sat/test_second_solver.py tests/sat/test_certificates.py tests/sat/test_external.py tests/engine/test_trust_store.py src/cgsat/sat/certificates.py"
FILE[external]=src/cgsat/sat/external.py
TESTS[external]="tests/sat/test_external_solver.py tests/sat/test_certificates.py tests/sat/test_external.py src/cgsat/sat/external.py"
FILE[solve]=src/cgsat/sat/solve.py
TESTS[solve]="tests/sat/test_solve.py tests/sat/test_controls_buffers.py tests/sat/test_drat.py tests/sat/test_second_solver.py tests/engine/test_vacuous.py tests/engine/test_trust_store.py tests/commands/test_export_cnf.py src/cgsat/sat/solve.py"
FILE[kernel]=src/cgsat/encodings/kernel.py
TESTS[kernel]="tests/encodings/test_encodings_kernel.py tests/encodings/test_encodings_peaks.py tests/encodings/test_gates.py tests/encodings/test_toppling_leaders.py src/cgsat/encodings/kernel.py"
FILE[gates]=src/cgsat/encodings/gates.py
TESTS[gates]="tests/encodings/test_encodings_kernel.py tests/encodings/test_encodings_graphs.py tests/encodings/test_gates.py tests/encodings/test_toppling_leaders.py src/cgsat/encodings/gates.py"
FILE[toppling_leaders]=src/cgsat/encodings/toppling_leaders.py
TESTS[toppling_leaders]="tests/papers/toppling/test_toppling_scale.py tests/encodings/test_gates.py tests/encodings/test_toppling_leaders.py tests/encodings/test_encodings_kernel.py src/cgsat/encodings/toppling_leaders.py"
# then the other encodings (issue 24: "over encodings/")
FILE[toppling]=src/cgsat/encodings/toppling.py
TESTS[toppling]="tests/papers/toppling/test_toppling_sat.py tests/papers/toppling/test_toppling_scale.py src/cgsat/encodings/toppling.py"
FILE[timber_graphs]=src/cgsat/encodings/timber_graphs.py
TESTS[timber_graphs]="tests/encodings/test_encodings_graphs.py tests/papers/timber/test_phyminoes_families.py tests/papers/thickets/test_thickets_sat.py tests/papers/timber/test_phyminoes_sat.py tests/encodings/test_green_cordon_dfa.py tests/encodings/test_moore.py tests/encodings/test_timber_path.py tests/encodings/test_green_cordon.py src/cgsat/encodings/timber_graphs.py"
FILE[timber_trees]=src/cgsat/encodings/timber_trees.py
TESTS[timber_trees]="tests/encodings/test_encodings_trees.py src/cgsat/encodings/timber_trees.py"
FILE[green_cordon]=src/cgsat/encodings/green_cordon.py
TESTS[green_cordon]="tests/encodings/test_cordon_sat.py tests/papers/thickets/test_controls_thickets.py tests/papers/thickets/test_thickets_sat.py tests/papers/timber/test_phyminoes_sat.py tests/encodings/test_green_cordon_dfa.py tests/encodings/test_moore.py tests/encodings/test_timber_path.py tests/encodings/test_green_cordon.py tests/encodings/test_encodings_graphs.py src/cgsat/encodings/green_cordon.py"
FILE[timber_path]=src/cgsat/encodings/timber_path.py
TESTS[timber_path]="tests/encodings/test_encodings_peaks.py tests/papers/timber/test_controls_timber.py tests/papers/thickets/test_thickets_sat.py tests/papers/timber/test_phyminoes_sat.py tests/encodings/test_green_cordon_dfa.py tests/encodings/test_moore.py tests/encodings/test_timber_path.py tests/encodings/test_green_cordon.py tests/encodings/test_encodings_graphs.py src/cgsat/encodings/timber_path.py"
FILE[caterpillars]=src/cgsat/encodings/caterpillars.py
TESTS[caterpillars]="tests/encodings/test_encodings_trees.py src/cgsat/encodings/caterpillars.py"
FILE[cnf]=src/cgsat/encodings/cnf.py
TESTS[cnf]="tests/encodings/ tests/sat/test_certificates.py tests/sat/test_external.py tests/sat/test_solve.py src/cgsat/encodings/cnf.py"
FILE[green_cordon_dfa]=src/cgsat/encodings/green_cordon_dfa.py
TESTS[green_cordon_dfa]="tests/encodings/test_cordon_sat.py tests/automata/test_deciders.py tests/papers/thickets/test_controls_thickets.py tests/papers/thickets/test_thickets_sat.py tests/papers/timber/test_phyminoes_sat.py tests/encodings/test_green_cordon_dfa.py tests/encodings/test_moore.py tests/encodings/test_timber_path.py tests/encodings/test_green_cordon.py tests/encodings/test_encodings_graphs.py src/cgsat/encodings/green_cordon_dfa.py"
FILE[moore]=src/cgsat/encodings/moore.py
TESTS[moore]="tests/papers/timber/test_path_heights.py tests/papers/thickets/test_thickets_sat.py tests/papers/timber/test_phyminoes_sat.py tests/encodings/test_green_cordon_dfa.py tests/encodings/test_moore.py tests/encodings/test_timber_path.py tests/encodings/test_green_cordon.py tests/encodings/test_encodings_graphs.py src/cgsat/encodings/moore.py"
# the papers' SAT modules (issue 24: "the *_sat.py modules of the paper packages")
FILE[thickets_sat]=src/cgsat/papers/thickets/sat.py
TESTS[thickets_sat]="tests/encodings/test_cordon_sat.py tests/papers/thickets/test_controls_thickets.py tests/papers/thickets/test_thickets_sat.py tests/papers/timber/test_phyminoes_sat.py tests/encodings/test_green_cordon_dfa.py tests/encodings/test_moore.py tests/encodings/test_timber_path.py tests/encodings/test_green_cordon.py tests/encodings/test_encodings_graphs.py src/cgsat/papers/thickets/sat.py"
FILE[phyminoes_sat]=src/cgsat/papers/timber/phyminoes/sat.py
TESTS[phyminoes_sat]="tests/papers/timber/test_phyminoes_families.py tests/papers/timber/test_controls_timber.py tests/papers/thickets/test_thickets_sat.py tests/papers/timber/test_phyminoes_sat.py tests/encodings/test_green_cordon_dfa.py tests/encodings/test_moore.py tests/encodings/test_timber_path.py tests/encodings/test_green_cordon.py tests/encodings/test_encodings_graphs.py src/cgsat/papers/timber/phyminoes/sat.py"
# issue 36: the claim kit, the coverage controls and DRAT (run-time controls reach them)
FILE[kit_families]=src/cgsat/kit/families.py
TESTS[kit_families]="tests/kit/test_kit_families.py tests/kit/test_families_vocabulary.py tests/kit/test_families_answers.py src/cgsat/kit/families.py"
FILE[kit_statements]=src/cgsat/kit/statements.py
TESTS[kit_statements]="tests/kit/test_kit_families.py tests/kit/test_statements.py src/cgsat/kit/statements.py"
FILE[sat_coverage]=src/cgsat/sat/coverage.py
TESTS[sat_coverage]="tests/sat/test_model_counter.py tests/sat/test_coverage.py src/cgsat/sat/coverage.py"
FILE[drat]=src/cgsat/sat/drat.py
TESTS[drat]="tests/sat/test_drat_checker.py tests/sat/test_drat_bridges.py src/cgsat/sat/drat.py"
# the all-n path and the counts from automata (issue 36)
FILE[counting]=src/cgsat/automata/counting.py
TESTS[counting]="tests/automata/test_counting.py tests/automata/test_count_controls.py src/cgsat/automata/counting.py"
FILE[count_controls]=src/cgsat/automata/count_controls.py
TESTS[count_controls]="tests/automata/test_count_controls.py src/cgsat/automata/count_controls.py"
FILE[proof_controls]=src/cgsat/automata/proof_controls.py
TESTS[proof_controls]="tests/automata/test_proof_controls.py src/cgsat/automata/proof_controls.py"
FILE[decision]=src/cgsat/automata/decision.py
TESTS[decision]="tests/automata/test_decision.py tests/automata/test_methods.py src/cgsat/automata/decision.py"
FILE[product]=src/cgsat/automata/product.py
TESTS[product]="tests/automata/test_product.py"
FILE[setops]=src/cgsat/automata/setops.py
TESTS[setops]="tests/automata/test_decider_edges.py tests/automata/test_setops.py tests/automata/test_deciders.py tests/automata/test_proof_controls.py src/cgsat/automata/setops.py"
FILE[preimage]=src/cgsat/automata/preimage.py
TESTS[preimage]="tests/automata/test_decider_edges.py tests/automata/test_preimage.py src/cgsat/automata/preimage.py"
FILE[tables]=src/cgsat/automata/tables.py
TESTS[tables]="tests/automata/test_decider_edges.py tests/automata/test_preimage.py src/cgsat/automata/tables.py"
FILE[methods]=src/cgsat/automata/methods.py
TESTS[methods]="tests/automata/test_methods.py src/cgsat/automata/methods.py"
FILE[green_cordon_automata]=src/cgsat/search/green_cordon_automata.py
TESTS[green_cordon_automata]="tests/search/test_green_cordon_automata.py tests/automata/test_slips_caught.py src/cgsat/search/green_cordon_automata.py"
FILE[caterpillar_counts_dp]=src/cgsat/papers/caterpillars/counts_dp.py
TESTS[caterpillar_counts_dp]="tests/papers/caterpillars/test_counts_dp.py src/cgsat/papers/caterpillars/counts_dp.py"
FILE[options]=src/cgsat/automata/options.py
TESTS[options]="tests/automata/test_options.py tests/automata/test_product.py src/cgsat/automata/options.py"
FILE[tree_counts]=src/cgsat/search/tree_counts.py
TESTS[tree_counts]="tests/search/test_tree_count_controls.py tests/search/test_tree_counts.py src/cgsat/search/tree_counts.py"
# the rest of automata/ and of the claim kit (issue 36)
FILE[kit_coverage]=src/cgsat/kit/coverage.py
TESTS[kit_coverage]="tests/kit/test_coverage.py tests/engine/test_vacuous_goal.py src/cgsat/kit/coverage.py"
FILE[kit_rules]=src/cgsat/kit/rules.py
TESTS[kit_rules]="tests/user/test_rules.py tests/kit/test_families_answers.py tests/kit/test_coverage.py tests/kit/test_rules_mutants_a.py tests/kit/test_rules_mutants_b.py tests/kit/test_rules_mutants_c.py tests/kit/test_kit_families.py src/cgsat/kit/rules.py"
FILE[controls]=src/cgsat/automata/controls.py
TESTS[controls]="tests/automata/test_controls.py src/cgsat/automata/controls.py"
FILE[tk_family]=src/cgsat/automata/tk_family.py
TESTS[tk_family]="tests/automata/test_tk_family.py src/cgsat/automata/tk_family.py"
FILE[replay]=src/cgsat/automata/replay.py
TESTS[replay]="tests/automata/test_deciders.py tests/automata/test_options.py tests/automata/test_tk_family.py src/cgsat/automata/replay.py"
FILE[dfa]=src/cgsat/automata/dfa.py
TESTS[dfa]="tests/automata/test_options.py tests/automata/test_setops.py tests/automata/test_partizan.py tests/automata/test_dfa_mutants.py tests/user/test_rules.py tests/automata/test_deciders.py tests/automata/test_counting.py tests/automata/test_controls.py tests/automata/test_methods.py src/cgsat/automata/dfa.py"
FILE[automata_families]=src/cgsat/automata/families.py
TESTS[automata_families]="tests/automata/test_options.py tests/automata/test_product.py tests/automata/test_proof_controls.py tests/user/test_rules.py tests/automata/test_families_mutants.py tests/automata/test_methods.py src/cgsat/automata/families.py"
FILE[library]=src/cgsat/automata/library.py
TESTS[library]="tests/automata/test_deciders.py tests/automata/test_counting.py tests/automata/test_count_controls.py tests/automata/test_all_n_claims.py tests/automata/test_product.py tests/user/test_rules.py tests/search/test_green_cordon_automata.py tests/automata/test_library.py src/cgsat/automata/library.py"
FILE[mona]=src/cgsat/automata/mona.py
TESTS[mona]="tests/automata/test_mona.py tests/automata/test_mona_mutants.py tests/automata/test_mona_run.py tests/automata/test_partizan_mona.py tests/automata/test_deciders.py tests/automata/test_methods.py tests/automata/test_slips_caught.py tests/automata/test_proof_controls.py tests/automata/test_tk_family.py tests/user/test_rules.py tests/commands/test_check_tools.py src/cgsat/automata/mona.py"
# the partizan all-n path (issue 37), which issue 36's "automata/" covers too
FILE[partizan]=src/cgsat/automata/partizan.py
TESTS[partizan]="tests/automata/test_partizan.py tests/automata/test_partizan_statements.py src/cgsat/automata/partizan.py"
FILE[partizan_families]=src/cgsat/automata/partizan_families.py
TESTS[partizan_families]="tests/automata/test_partizan.py tests/automata/test_mona.py tests/automata/test_partizan_families.py src/cgsat/automata/partizan_families.py"
FILE[partizan_methods]=src/cgsat/automata/partizan_methods.py
TESTS[partizan_methods]="tests/automata/test_partizan.py tests/automata/test_partizan_methods.py tests/report/test_all_n_status.py src/cgsat/automata/partizan_methods.py"
FILE[partizan_mona]=src/cgsat/automata/partizan_mona.py
TESTS[partizan_mona]="tests/automata/test_partizan.py tests/automata/test_mona.py tests/automata/test_partizan_mona.py src/cgsat/automata/partizan_mona.py"
FILE[partizan_product]=src/cgsat/automata/partizan_product.py
TESTS[partizan_product]="tests/automata/test_partizan.py tests/automata/test_partizan_product.py tests/automata/test_partizan_statements.py src/cgsat/automata/partizan_product.py"
FILE[partizan_replay]=src/cgsat/automata/partizan_replay.py
TESTS[partizan_replay]="tests/automata/test_partizan.py tests/automata/test_partizan_replay.py src/cgsat/automata/partizan_replay.py"
FILE[partizan_setops]=src/cgsat/automata/partizan_setops.py
TESTS[partizan_setops]="tests/automata/test_partizan.py tests/automata/test_preimage.py tests/automata/test_partizan_setops.py tests/automata/test_partizan_statements.py src/cgsat/automata/partizan_setops.py"
# the rest of the claim kit (issue 36)
FILE[kit_records]=src/cgsat/kit/records.py
TESTS[kit_records]="tests/kit/ tests/kit/test_records_mutants.py tests/user/test_rules.py tests/user/test_refutation_explained.py tests/user/test_trial.py tests/papers/caterpillars/test_caterpillar_claims.py tests/engine/test_vacuous_goal.py src/cgsat/kit/records.py"
FILE[kit_methods]=src/cgsat/kit/methods.py
TESTS[kit_methods]="tests/kit/ tests/kit/test_methods_mutants.py tests/user/test_rules.py tests/user/test_refutation_explained.py tests/user/test_trial.py tests/papers/timber/test_kit_records.py tests/papers/thickets/test_thickets_records.py tests/papers/toppling/test_toppling_records.py src/cgsat/kit/methods.py"
FILE[kit_paper]=src/cgsat/kit/paper.py
TESTS[kit_paper]="tests/kit/ tests/kit/test_paper_record.py tests/user/test_rules.py tests/user/test_refutation_explained.py tests/user/test_trial.py tests/papers/timber/test_kit_records.py tests/papers/thickets/test_thickets_records.py tests/papers/toppling/test_toppling_records.py tests/papers/caterpillars/test_caterpillar_claims.py src/cgsat/kit/paper.py"
FILE[kit_sat]=src/cgsat/kit/sat.py
TESTS[kit_sat]="tests/kit/ tests/kit/test_sat_mutants.py tests/user/test_rules.py tests/user/test_refutation_explained.py tests/user/test_trial.py tests/engine/test_vacuous_goal.py src/cgsat/kit/sat.py"
ORDER="certificates external solve kernel gates toppling_leaders toppling timber_graphs timber_trees green_cordon timber_path caterpillars cnf green_cordon_dfa moore thickets_sat phyminoes_sat kit_families kit_statements sat_coverage drat counting count_controls proof_controls decision product setops preimage tables options methods green_cordon_automata caterpillar_counts_dp tree_counts kit_coverage kit_rules controls tk_family replay dfa automata_families library mona partizan partizan_families partizan_methods partizan_mona partizan_product partizan_replay partizan_setops kit_records kit_methods kit_paper kit_sat"

mods=("$@")
[ ${#mods[@]} -eq 0 ] && read -r -a mods <<<"$ORDER"
for m in "${mods[@]}"; do
    [ -n "${FILE[$m]:-}" ] || { echo "unknown module $m (one of: $ORDER)" >&2; exit 2; }
    work=$root/mutation/$m
    rm -rf "$work" && mkdir -p "$work"
    cp -r src tests docs pyproject.toml "$work"/  # docs (also_copy): pages run as doctests
    cat benchmarks/mutation_forks.py >>"$work/tests/conftest.py"
    tests=""
    for t in ${TESTS[$m]}; do [ -e "$t" ] && tests+="\"$t\", "; done
    # the deselected tests compare fingerprints of source files, which mutmut rewrites
    cat >>"$work/pyproject.toml" <<TOML

[tool.mutmut]
source_paths = ["src"]
also_copy = ["docs"]
only_mutate = ["${FILE[$m]}"]
pytest_add_cli_args = ["-m", "not slow", "-p", "no:cacheprovider", "-p", "no:xdist", "--deselect", "tests/user/test_own_conjectures.py::test_editing_the_file_or_a_module_beside_it_makes_the_verdict_stale", "--deselect", "tests/user/test_own_conjectures.py::test_only_a_users_own_modules_are_followed", "--deselect", "tests/user/test_own_conjectures.py::test_a_function_without_a_source_file_enters_with_its_code"]
pytest_add_cli_args_test_selection = [${tests%, }]
TOML
    # MUTMUT_TIMEOUT_MULTIPLIER (default mutmut's): how long a mutant may run, as a multiple
    # of its tests' time unmutated; 3.0 for drat, whose endless-loop mutants of propagate
    # otherwise each take mutmut's default limit (issue 36)
    mult=${MUTMUT_TIMEOUT_MULTIPLIER:-}
    [ "$m" = drat ] && mult=${mult:-3.0}
    [ -n "$mult" ] && echo "timeout_multiplier = $mult" >>"$work/pyproject.toml"
    echo "== $m: ${FILE[$m]}"
    # MUTMUT_NICE (default 19): the runs' niceness (0 to load the machine as a user would);
    # MUTMUT_TIMEOUT (default none): stop a module's run after that long (e.g. 20m); its
    # untried mutants then read "not checked" in the results
    (cd "$work" && nice -n "${MUTMUT_NICE:-19}" ${MUTMUT_TIMEOUT:+timeout -s INT -k 60 "$MUTMUT_TIMEOUT"} \
        mutmut run --max-children "${MUTMUT_CHILDREN:-2}" >run.log 2>&1 || true)
    (cd "$work" && mutmut results --all true >"$root/mutation/$m.txt" 2>&1 || true)
    awk '{print $NF}' "$root/mutation/$m.txt" | sort | uniq -c
done
