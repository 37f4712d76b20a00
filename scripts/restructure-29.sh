#!/usr/bin/env bash
# Issue 29 item 17 ("the house"): one folder per subsystem, folder = namespace. This script did
# the mechanical part of the move on main (kept so that other branches can follow it):
#   1. git mv every file of encodings/ into encodings/{sat,smt,synth,alpha,tree}/ and the file
#      I/O and the run-time budget of schedules/ into schedules/io/ and schedules/budget/
#      (the MOVES table below: old name -> new name),
#   2. rewrite every old path (#include lines, comments, docs, build and CI files) with
#      scripts/restructure-29.sed,
#   3. rewrite the namespace lines of the moved files:
#        schedcert::encodings               -> schedcert::encodings::<folder>
#        schedcert::encodings::drat_detail  -> schedcert::encodings::sat::drat_detail
#        schedcert::encodings::smt_detail   -> schedcert::encodings::smt::detail
#        schedcert::encodings::alpha_cnf    -> schedcert::encodings::alpha::cnf
#        schedcert::schedules (and schedcert, for atomic_file) -> schedcert::schedules::io|budget
#        schedcert::schedules::json         -> schedcert::schedules::io::json
# The qualified names in the code that uses them (encodings::synthesize ->
# encodings::synth::synthesize, ...) were then fixed by hand, with the compiler as the judge; the
# commits that follow this script's say so. To rebase a branch: merge main, then
#     sed -i -f scripts/restructure-29.sed <your new or changed files>
# and qualify the names the compiler no longer finds (the namespace of a name is its folder).
# Usage: bash scripts/restructure-29.sh   (from the top of a checkout of the old layout)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

# old path (under encodings/ or schedules/)   new path
MOVES=$(cat <<'END'
encodings/sat_backend.hpp encodings/sat/backend.hpp
encodings/sat_cadical.cpp encodings/sat/cadical_backend.cpp
encodings/sat_cnf.cpp encodings/sat/cnf.cpp
encodings/sat_cnf.hpp encodings/sat/cnf.hpp
encodings/sat_dimacs.cpp encodings/sat/dimacs.cpp
encodings/sat_drat.cpp encodings/sat/drat.cpp
encodings/sat_drat.hpp encodings/sat/drat.hpp
encodings/sat_drat_backward.cpp encodings/sat/drat_backward.cpp
encodings/sat_drat_backward.hpp encodings/sat/drat_backward.hpp
encodings/sat_drat_checker.hpp encodings/sat/drat_checker.hpp
encodings/sat_drat_reader.hpp encodings/sat/drat_reader.hpp
encodings/sat_lrat_writer.hpp encodings/sat/lrat_writer.hpp
encodings/sat_z3.cpp encodings/sat/z3_backend.cpp
encodings/lrat_check.cpp encodings/sat/lrat_check.cpp
encodings/lrat_check.hpp encodings/sat/lrat_check.hpp
encodings/smt_macros.cpp encodings/smt/macros.cpp
encodings/smt_query.cpp encodings/smt/query.cpp
encodings/smt_query.hpp encodings/smt/query.hpp
encodings/smt_verifier.cpp encodings/smt/verifier.cpp
encodings/smt_verifier.hpp encodings/smt/verifier.hpp
encodings/z3_interrupts.cpp encodings/smt/z3_interrupts.cpp
encodings/z3_interrupts.hpp encodings/smt/z3_interrupts.hpp
encodings/synthesis.cpp encodings/synth/synthesis.cpp
encodings/synthesis.hpp encodings/synth/synthesis.hpp
encodings/synth_allreduce.cpp encodings/synth/allreduce.cpp
encodings/synth_allreduce.hpp encodings/synth/allreduce.hpp
encodings/synth_bounds.cpp encodings/synth/bounds.cpp
encodings/synth_bounds.hpp encodings/synth/bounds.hpp
encodings/synth_cadical.cpp encodings/synth/cadical.cpp
encodings/synth_cayley.cpp encodings/synth/cayley.cpp
encodings/synth_cayley.hpp encodings/synth/cayley.hpp
encodings/synth_cayley_moves.cpp encodings/synth/cayley_moves.cpp
encodings/synth_cayley_moves.hpp encodings/synth/cayley_moves.hpp
encodings/synth_coq_cnf.cpp encodings/synth/coq_cnf.cpp
encodings/synth_coq_cnf.hpp encodings/synth/coq_cnf.hpp
encodings/synth_flow.cpp encodings/synth/flow.cpp
encodings/synth_flow.hpp encodings/synth/flow.hpp
encodings/synth_formula.cpp encodings/synth/formula.cpp
encodings/synth_formula.hpp encodings/synth/formula.hpp
encodings/synth_request.cpp encodings/synth/request.cpp
encodings/synth_request.hpp encodings/synth/request.hpp
encodings/synth_reverse.cpp encodings/synth/reverse.cpp
encodings/synth_reverse.hpp encodings/synth/reverse.hpp
encodings/synth_routes.cpp encodings/synth/routes.cpp
encodings/synth_routes.hpp encodings/synth/routes.hpp
encodings/synth_sccl.cpp encodings/synth/sccl.cpp
encodings/synth_sccl.hpp encodings/synth/sccl.hpp
encodings/synth_slack.cpp encodings/synth/slack.cpp
encodings/synth_slack.hpp encodings/synth/slack.hpp
encodings/synth_solve.cpp encodings/synth/solve.cpp
encodings/synth_successive.cpp encodings/synth/successive.cpp
encodings/synth_successive.hpp encodings/synth/successive.hpp
encodings/synth_successive_search.cpp encodings/synth/successive_search.cpp
encodings/synth_symmetry.cpp encodings/synth/symmetry.cpp
encodings/synth_symmetry.hpp encodings/synth/symmetry.hpp
encodings/synth_timeindexed.cpp encodings/synth/timeindexed.cpp
encodings/synth_timeindexed.hpp encodings/synth/timeindexed.hpp
encodings/alpha.cpp encodings/alpha/alpha.cpp
encodings/alpha.hpp encodings/alpha/alpha.hpp
encodings/alpha_cds.cpp encodings/alpha/cds.cpp
encodings/alpha_cnf.cpp encodings/alpha/cnf.cpp
encodings/alpha_cnf.hpp encodings/alpha/cnf.hpp
encodings/alpha_tree.cpp encodings/alpha/spanning_tree.cpp
encodings/leaf_bound.cpp encodings/alpha/leaf_bound.cpp
encodings/leaf_bound.hpp encodings/alpha/leaf_bound.hpp
encodings/tree_check.cpp encodings/tree/check.cpp
encodings/tree_check.hpp encodings/tree/check.hpp
encodings/tree_encode.cpp encodings/tree/encode.cpp
encodings/tree_encode.hpp encodings/tree/encode.hpp
encodings/tree_extract.cpp encodings/tree/extract.cpp
encodings/tree_extract.hpp encodings/tree/extract.hpp
encodings/tree_search.cpp encodings/tree/search.cpp
encodings/tree_search.hpp encodings/tree/search.hpp
schedules/atomic_file.cpp schedules/io/atomic_file.cpp
schedules/atomic_file.hpp schedules/io/atomic_file.hpp
schedules/input_text.cpp schedules/io/input_text.cpp
schedules/input_text.hpp schedules/io/input_text.hpp
schedules/json_cursor.cpp schedules/io/json_cursor.cpp
schedules/json_cursor.hpp schedules/io/json_cursor.hpp
schedules/json_header.cpp schedules/io/json_header.cpp
schedules/json_reader.hpp schedules/io/json_reader.hpp
schedules/json_writer.cpp schedules/io/json_writer.cpp
schedules/schedule_json.cpp schedules/io/schedule_json.cpp
schedules/schedule_json.hpp schedules/io/schedule_json.hpp
schedules/sha256.cpp schedules/io/sha256.cpp
schedules/sha256.hpp schedules/io/sha256.hpp
schedules/check_log.cpp schedules/io/check_log.cpp
schedules/check_log.hpp schedules/io/check_log.hpp
schedules/topology_dot.cpp schedules/io/topology_dot.cpp
schedules/budget.cpp schedules/budget/budget.cpp
schedules/budget.hpp schedules/budget/budget.hpp
schedules/watchdog.cpp schedules/budget/watchdog.cpp
schedules/watchdog.hpp schedules/budget/watchdog.hpp
END
)

# 1. the moves
while read -r old new; do
  [[ -e $old ]] || { echo "restructure-29: $old is missing (already moved?)" >&2; exit 1; }
  mkdir -p "$(dirname "$new")"
  git mv "$old" "$new"
done <<< "$MOVES"

# 2. every old path in tracked text files
git ls-files -z | xargs -0 grep -lIE 'encodings/|schedules/' -- 2>/dev/null \
  | grep -v -e '^scripts/restructure-29\.' -e '^docs/ledgers/' | xargs -r sed -i -f scripts/restructure-29.sed

# 3. namespace lines of the moved files
while read -r old new; do
  sub=$(basename "$(dirname "$new")")
  case $new in
    encodings/*)
      sed -i -E \
        -e "s/schedcert::encodings::drat_detail\b/schedcert::encodings::sat::drat_detail/g" \
        -e "s/schedcert::encodings::smt_detail\b/schedcert::encodings::smt::detail/g" \
        -e "s/schedcert::encodings::alpha_cnf\b/schedcert::encodings::alpha::cnf/g" \
        -e "s/^(namespace|\}  \/\/ namespace) schedcert::encodings( \{|$)/\1 schedcert::encodings::$sub\2/" \
        "$new"
      # synth_successive.hpp opened `namespace synth {` inside schedcert::encodings: now the file's
      # namespace is already encodings::synth.
      [[ $sub == synth ]] && sed -i -E -e '/^namespace synth \{$/d' -e '/^\}  \/\/ namespace synth$/d' "$new"
      ;;
    schedules/*)
      sed -i -E \
        -e "s/schedcert::schedules::json\b/schedcert::schedules::io::json/g" \
        -e "s/^(namespace|\}  \/\/ namespace) schedcert(::schedules)?( \{|$)/\1 schedcert::schedules::$sub\3/" \
        "$new" ;;
  esac
done <<< "$MOVES"
echo "restructure-29: moved $(wc -l <<< "$MOVES") files"
