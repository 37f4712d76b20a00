#!/usr/bin/env bash
# Issue 19: the SCCL instances of issue 4 and their T - 1 refutations in exact mode (no Cayley
# phase, no counting bounds, no slack rules), next to SCCL's recorded figures (steps = rounds = T).
#   bash bench/sccl_exact.sh [BUILD_DIR] [TIMEOUT_S]
# Four runs of bench/sccl_exact_bench.cpp: CaDiCaL with the reception-count rules and the routes
# phase (the measured best; every UNSAT DRAT + LRAT checked, every schedule verified natively),
# the same without the routes phase (the exact query alone), CaDiCaL without either (the solver
# alone, as the baseline), and Z3 with both (no proofs: for comparison).
# Each run is niced and capped with `timeout`; nothing here is registered in ctest.
set -euo pipefail
build="${1:-build}"
limit="${2:-60}"
bench="$build/bench/sccl_exact_bench"
[ -x "$bench" ] || { echo "sccl_exact.sh: build $bench first (cmake --build $build --target sccl_exact_bench)" >&2; exit 2; }
cap=$(( limit * 20 + 120 ))  # 15 rows at most `limit` seconds each, plus the proof checks
for args in "" "--no-routes" "--no-counts --no-routes" "--engine z3"; do
  echo "== sccl_exact_bench --timeout $limit $args"
  # Exit 1 means an answer differed from the literature's (printed in the table); keep going.
  nice -n 10 timeout "$cap" "$bench" --timeout "$limit" $args || echo "(exit $?)"
done
