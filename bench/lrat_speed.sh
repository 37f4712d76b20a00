#!/usr/bin/env bash
# Issue 27: CPU per MB of LRAT of the Coq-verified checkers, before and after, in one run on the
# same files: the fast checker (coq/lrat/LratFast.v, `schedcert-lrat`), the old one with the same
# driver (coq/lrat/Lrat.v, `schedcert-lrat --slow`) and, when given, an older schedcert-lrat binary
# (e.g. a copy of the one main built before this change). Each run's CPU is user + sys of the
# process (the minimum of REPS runs: the machine is shared), and the verdicts must agree.
#
# The pairs are WORK/pairs/NAME.cnf with NAME.bwd.lrat (trimmed, backward DRAT check: what the
# tool writes today) and NAME.fwd.lrat (every lemma, forward check). Made here when missing:
#   cube-ID:  `cube alpha --dim 7 --max-size 21 --limit 15 --sample-seed 1 --jobs 1 --keep-proofs`
#             (the cube sample of bench/drat_check.sh), CNF and LRAT rebuilt by
#             BUILD/bench/drat_check_bench --keep (a build with -DSCHEDCERT_BENCHMARKS=ON);
#   q3-K:     the UNSAT queries of `synthesize -n Q3 -m shout-whisper -p successive-broadcast
#             --allocation free` (SCHEDCERT_KEEP_PROOFS=1), LRAT by `check-unsat CNF DRAT --lrat`;
#   alpha6:   `search alpha --dim 6 --emit` (one large proof);
#   rat2000:  a made-up RAT-heavy proof: 2000 extension lemmas (v -1) over fresh variables, each a
#             RAT step whose scan visits the whole database (3002 clauses), then a refutation.
# Usage: bash bench/lrat_speed.sh BUILD_DIR [WORK_DIR] [OLD_CHECKER] [REPS]
#   nice -n 10 bash bench/lrat_speed.sh build /tmp/schedcert-lrat-speed /tmp/schedcert-lrat.main 3
set -euo pipefail
build=$(cd "${1:?usage: lrat_speed.sh BUILD_DIR [WORK_DIR] [OLD_CHECKER] [REPS]}" && pwd)
work=${2:-/tmp/schedcert-lrat-speed}
old=${3:-}
reps=${4:-3}
sc=$build/schedcert
new=$build/schedcert-lrat
mkdir -p "$work/pairs"
cd "$work"

# ---- the pairs ----
if ! ls pairs/cube-*.cnf >/dev/null 2>&1 && [ -x "$build/bench/drat_check_bench" ]; then
  rm -rf a7k21 keep
  "$sc" cube alpha --dim 7 --max-size 21 --dir a7k21 --limit 15 --sample-seed 1 --jobs 1 --keep-proofs -q >/dev/null || true
  "$build/bench/drat_check_bench" --keep "$work/keep" --cube-run a7k21 > dcb.txt
  # drat_check_bench names the proofs p0, p1, ... in the order of its table.
  i=0
  for c in $(grep -o 'a7k21-cube-[0-9]*\.cnf' dcb.txt); do
    n=${c%.cnf}; n=${n#a7k21-}
    cp "keep/$c" "pairs/$n.cnf"
    cp "keep/p$i.bwd.lrat" "pairs/$n.bwd.lrat"
    cp "keep/p$i.fwd.lrat" "pairs/$n.fwd.lrat"
    i=$((i + 1))
  done
fi
if ! ls pairs/q3-*.cnf >/dev/null 2>&1; then
  rm -rf q3 && mkdir q3
  TMPDIR=$work/q3 SCHEDCERT_KEEP_PROOFS=1 "$sc" synthesize -n Q3 -m shout-whisper -p successive-broadcast \
    --allocation free -q >/dev/null 2>&1 || true
  k=0
  for d in q3/*/; do
    [ -f "$d/q.cnf" ] || continue  # the satisfiable query keeps no CNF
    k=$((k + 1))
    cp "$d/q.cnf" "pairs/q3-$k.cnf"
    "$sc" check-unsat "$d/q.cnf" "$d/q.drat" --lrat "pairs/q3-$k.bwd.lrat" >/dev/null
    SCHEDCERT_DRAT_CHECK=forward "$sc" check-unsat "$d/q.cnf" "$d/q.drat" --lrat "pairs/q3-$k.fwd.lrat" >/dev/null
  done
fi
if [ ! -f pairs/alpha6.cnf ]; then
  rm -rf a6
  "$sc" search alpha --dim 6 --emit a6 -q >/dev/null
  cp a6/alpha-Q6-cds.cnf pairs/alpha6.cnf
  cp a6/alpha-Q6-cds.lrat pairs/alpha6.bwd.lrat
fi

if [ ! -f pairs/rat2000.cnf ]; then
  python3 - "$work/pairs" <<'EOF2'
import sys
d, n, m = sys.argv[1], 2000, 3000
cl = [[i + 1, i + 2] for i in range(m)] + [[1], [-1]]
with open(d + "/rat2000.cnf", "w") as f:
    f.write("p cnf %d %d\n" % (m + 10 + n, len(cl)) + "".join(" ".join(map(str, c)) + " 0\n" for c in cl))
with open(d + "/rat2000.ext.lrat", "w") as f:
    i = len(cl) + 1
    for k in range(n):
        f.write("%d %d -1 0 0\n" % (i, m + 10 + k)); i += 1
    f.write("%d 0 %d %d 0\n" % (i, len(cl) - 1, len(cl)))
EOF2
fi

# ---- the runs ----
cpu() {  # cpu CMD...: min over $reps runs of user + sys; the verdict line goes to $work/verdict
  local best=""
  for _ in $(seq "$reps"); do
    local t
    /usr/bin/time -f "%U %S" -o "$work/time.txt" "$@" >"$work/out.txt" 2>/dev/null || true
    t=$(tail -1 "$work/time.txt" | awk '{print $1 + $2}')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best=$t; fi
  done
  grep '^s ' "$work/out.txt" > "$work/verdict" || true
  echo "$best"
}
echo "| proof | LRAT MB | old binary CPU s | --slow (Lrat.v) CPU s | fast (LratFast.v) CPU s | slow / fast | old / fast | verdict |"
echo "|---|---|---|---|---|---|---|---|"
: > rows.txt
for cnf in pairs/*.cnf; do
  n=$(basename "$cnf" .cnf)
  for lrat in pairs/"$n".*.lrat; do
    [ -f "$lrat" ] || continue
    kind=$(basename "$lrat" .lrat); kind=${kind#"$n".}
    mb=$(stat -L -c %s "$lrat" | awk '{printf "%.3f", $1 / 1e6}')
    f=$(cpu "$new" "$cnf" "$lrat"); vf=$(cat verdict)
    s=$(cpu "$new" --slow "$cnf" "$lrat"); vs=$(cat verdict)
    o=nan; vo=$vf
    if [ -n "$old" ]; then o=$(cpu "$old" "$cnf" "$lrat"); vo=$(cat verdict); fi
    if [ "$vf" != "$vs" ] || [ "$vf" != "$vo" ]; then
      echo "DISAGREEMENT on $lrat: fast '$vf', slow '$vs', old '$vo'" >&2; exit 1
    fi
    group=${n%%-*}
    echo "$group $kind $mb $o $s $f" >> rows.txt
    awk -v n="$n.$kind" -v mb="$mb" -v o="$o" -v s="$s" -v f="$f" -v v="$vf" 'BEGIN{
      printf "| %s | %.2f | %s | %.3f | %.3f | %.2fx | %s | %s |\n", n, mb, o, s, f, s / (f > 0 ? f : 0.005),
        (o == "nan" ? "" : sprintf("%.2fx", o / (f > 0 ? f : 0.005))), v }'
  done
done
echo
echo "| group | proofs | LRAT MB | old CPU s/MB | --slow CPU s/MB | fast CPU s/MB | slow / fast | old / fast |"
echo "|---|---|---|---|---|---|---|---|"
awk '{ k = $1 " " $2; n[k]++; mb[k] += $3; o[k] += $4; s[k] += $5; f[k] += $6 }
  END { for (k in n) printf "| %s | %d | %.2f | %s | %.4f | %.4f | %.2fx | %s |\n", k, n[k], mb[k],
        (o[k] == o[k] ? sprintf("%.4f", o[k] / mb[k]) : "-"), s[k] / mb[k], f[k] / mb[k], s[k] / f[k],
        (o[k] == o[k] ? sprintf("%.2fx", o[k] / f[k]) : "-") }' rows.txt | sort
