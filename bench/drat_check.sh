#!/usr/bin/env bash
# Issue 27: the cost of the UNSAT certificates of cube runs, an older checker against this build's,
# in one run on the same files.
#   A = REF_BUILD (a build of an older commit: its schedcert and bench/drat_check_bench), or, without
#       REF_BUILD, this build with SCHEDCERT_DRAT_CHECK=forward (the checker before issue 27);
#   B = this build (backward, core-first DRAT check, trimmed LRAT).
#  1. The pipeline: one run directory of `cube alpha --dim 7 --max-size 21`, copied twice, the same
#     sample of cubes (those of `cube alpha ... --limit LIMIT --sample-seed SEED` in a fresh
#     directory) solved and checked in each copy, by A and by B: per cube, solve CPU, our DRAT
#     check CPU, the Coq-verified checker's CPU, check / solve (from the cube results).
#  2. Per proof, our DRAT check alone (`drat_check_bench --profile backward`, writing LRAT), A's
#     binary and B's alternately on the same files, ROUNDS times, the minimum CPU of each: the
#     sample's kept cube proofs, the coverage CNF of the run directory (447,106 clauses), and the
#     refutations of `synthesize -n Q3 -m shout-whisper -p successive-broadcast --allocation free`.
#  3. B's LRAT proofs of all of them through the Coq-verified checker (must accept every one).
# Usage: bash bench/drat_check.sh BUILD_DIR [WORK_DIR] [LIMIT] [SEED] [REF_BUILD] [ROUNDS]
#   (defaults: /tmp/schedcert-drat-bench-work, 15 cubes, seed 1, no reference, 3 rounds). Run it
#   at low priority on a shared machine: nice -n 10 bash bench/drat_check.sh build ...
# A reference build of the checker before its rewrite (commit da37ecd, which already has
# drat_check_bench --profile): git worktree add /tmp/ref da37ecd && cmake -S /tmp/ref -B
# /tmp/ref/build -DCMAKE_BUILD_TYPE=Release -DSCHEDCERT_PYTHON=OFF -DSCHEDCERT_UNITY=ON &&
# cmake --build /tmp/ref/build --target schedcert drat_check_bench
set -euo pipefail
build=$(cd "${1:?usage: drat_check.sh BUILD_DIR [WORK_DIR] [LIMIT] [SEED] [REF_BUILD] [ROUNDS]}" && pwd)
work=${2:-/tmp/schedcert-drat-bench-work}
limit=${3:-15}
seed=${4:-1}
ref=${5:-}
rounds=${6:-3}
sc=$build/schedcert
if [ -n "$ref" ]; then
  ref=$(cd "$ref" && pwd)
  asc=$ref/schedcert
  abench=$ref/bench/drat_check_bench
  aenv=()
  aname="reference ($ref)"
else
  asc=$sc
  abench=""
  aenv=(SCHEDCERT_DRAT_CHECK=forward)
  aname="forward (this build)"
fi
mkdir -p "$work"
cd "$work"

# ---- 0. the run directory (one cube run, seed 12345, to create it) and its coverage proof ----
if [ ! -d a7k21 ]; then
  rm -rf cov && mkdir -p cov
  TMPDIR=$work/cov SCHEDCERT_KEEP_PROOFS=1 "$sc" cube alpha --dim 7 --max-size 21 --dir a7k21 --limit 1 \
    --sample-seed 12345 --jobs 1 -q >/dev/null || true
  for f in cov/schedcert-coverage-*; do
    case $f in
      *.cnf) mv "$f" cov/coverage.cnf ;;
      *.lrat) rm -f "$f" ;;
      *) mv "$f" cov/coverage.drat ;;
    esac
  done
  # Forget that cube: the sample below is then that of a fresh directory, i.e. the cubes of
  # `cube alpha --dim 7 --max-size 21 --limit LIMIT --sample-seed SEED` (search/runner.cpp
  # pending_cubes: a shuffle of the pending ids with the seed).
  rm -f a7k21/results/*.json
fi

# ---- 1. the pipeline ----
rm -rf runA runB
cp -r a7k21 runA
cp -r a7k21 runB
env "${aenv[@]}" "$asc" cube resume runA --limit "$limit" --sample-seed "$seed" --jobs 1 -q >/dev/null || true
"$sc" cube resume runB --limit "$limit" --sample-seed "$seed" --jobs 1 --keep-proofs -q >/dev/null || true
echo "## 1. pipeline, per cube: A = $aname, B = this build"
python3 - "$work" <<'EOF'
import json, os, re, sys
work = sys.argv[1]
def load(d):
    out = {}
    done0 = set(os.listdir(os.path.join(work, 'a7k21', 'results')))
    for f in os.listdir(os.path.join(work, d, 'results')):
        if f in done0: continue
        r = json.load(open(os.path.join(work, d, 'results', f)))
        m = r['proof']['message']
        drat = float(re.search(r'lemmas, ([0-9.e-]+) s CPU', m).group(1))
        coq = float(re.search(r'VERIFIED UNSAT, ([0-9.e-]+) s CPU', m).group(1)) if 'VERIFIED' in m else float('nan')
        lb = int(re.search(r'LRAT \(([0-9]+) bytes', m).group(1))
        out[r['id']] = dict(solve=r['cpu_seconds'] - r['check_seconds'], check=r['check_seconds'], drat=drat, coq=coq,
                            lrat=lb, ok=r['status'] == 'unsat' and r['proof']['checked'] and r['proof']['lrat_verified'])
    return out
a, b = load('runA'), load('runB')
ids = sorted(set(a) & set(b))
print("| cube | solve A / B (s) | DRAT check A / B (s) | verified A / B (s) | check A / B (s) | LRAT KB A / B | both checks passed A / B |")
print("|---|---|---|---|---|---|---|")
T = {k: [0.0, 0.0] for k in ('solve', 'drat', 'coq', 'check', 'lrat')}
for i in ids:
    x, y = a[i], b[i]
    print(f"| {i} | {x['solve']:.3f} / {y['solve']:.3f} | {x['drat']:.3f} / {y['drat']:.3f} | {x['coq']:.3f} / {y['coq']:.3f} | "
          f"{x['check']:.3f} / {y['check']:.3f} | {x['lrat']/1e3:.0f} / {y['lrat']/1e3:.0f} | {x['ok']} / {y['ok']} |")
    for k in T:
        T[k][0] += x[k]; T[k][1] += y[k]
n = max(len(ids), 1)
print(f"\n{len(ids)} cubes, per cube (mean), A / B:")
for k, name in (('solve', 'solve CPU'), ('drat', 'our DRAT check CPU'), ('coq', 'verified checker CPU'),
                ('check', 'proof-check CPU (all of the check)')):
    print(f"  {name}: {T[k][0]/n:.4f} / {T[k][1]/n:.4f} s")
print(f"  LRAT: {T['lrat'][0]/n/1e3:.0f} / {T['lrat'][1]/n/1e3:.0f} KB")
print(f"  check / solve: A {T['check'][0]/max(T['solve'][0],1e-9):.2f}x, B {T['check'][1]/max(T['solve'][1],1e-9):.2f}x; "
      f"DRAT check A / B = {T['drat'][0]/max(T['drat'][1],1e-9):.2f}x")
print(f"  passed both checks: A {sum(a[i]['ok'] for i in ids)}, B {sum(b[i]['ok'] for i in ids)} of {len(ids)}")
EOF

# ---- 2. per proof, the DRAT check alone, A's binary against B's ----
rm -rf synth && mkdir -p synth
TMPDIR=$work/synth SCHEDCERT_KEEP_PROOFS=1 "$sc" synthesize -n Q3 -m shout-whisper -p successive-broadcast \
  --allocation free -q >/dev/null 2>&1 || true
# Every kept query directory holds q.cnf and q.drat; the satisfiable ones have no refutation: left
# out (drat_check_bench stops at a proof it does not verify).
for d in synth/schedcert-sat-*; do
  [ -f "$d/q.drat" ] || continue
  "$build/bench/drat_check_bench" --profile backward --keep "$work/tmp-lrat" "$d/q.cnf" "$d/q.drat" >/dev/null 2>&1 ||
    rm -rf "$d"
done
args=(--cube-run runB --dir synth)
[ -f cov/coverage.drat ] && args+=(cov/coverage.cnf cov/coverage.drat)
rm -rf prof && mkdir -p prof
for r in $(seq 1 "$rounds"); do
  if [ -n "$abench" ]; then
    "$abench" --profile backward --keep prof/A "${args[@]}" >"prof/A.$r"
  else
    "$build/bench/drat_check_bench" --profile forward --keep prof/A "${args[@]}" >"prof/A.$r"
  fi
  "$build/bench/drat_check_bench" --profile backward --keep prof/B "${args[@]}" >"prof/B.$r"
done
echo
echo "## 2. per proof, our DRAT check alone (min of $rounds rounds): A = $aname, B = this build"
python3 - "$work" "$rounds" <<'EOF'
import re, sys, os
work, rounds = sys.argv[1], int(sys.argv[2])
def label(p):  # the same proof has the same label in A's and B's output
    if 'cube-' in p: return 'cube ' + re.search(r'cube-([0-9]+)', p).group(1)
    if 'coverage' in p: return 'coverage CNF'
    return 'Q3 ' + os.path.basename(os.path.dirname(p))
def load(side):
    best = {}
    for r in range(1, rounds + 1):
        for line in open(os.path.join(work, 'prof', f'{side}.{r}')):
            m = re.match(r'(\S+): ([0-9.]+) s, (.*)', line)
            if not m: continue
            name, cpu, msg = label(m.group(1)), float(m.group(2)), m.group(3)
            lem = re.search(r'([0-9]+) lemmas', msg)
            core = re.search(r'([0-9]+) in the core', msg)
            prev = best.get(name)
            if prev is None or cpu < prev[0]:
                best[name] = (cpu, int(lem.group(1)) if lem else 0, int(core.group(1)) if core else 0)
    return best
A, B = load('A'), load('B')
groups = {}
print("| proof | lemmas | core (A / B) | A DRAT s | B DRAT s | A / B |")
print("|---|---|---|---|---|---|")
for p in sorted(B, key=lambda p: (p.split()[0], B[p][1])):
    if p not in A: continue
    a, b = A[p], B[p]
    print(f"| {p} | {b[1]:,} | {a[2]:,} / {b[2]:,} | {a[0]:.3f} | {b[0]:.3f} | {a[0]/max(b[0],1e-9):.2f}x |")
    g = groups.setdefault(p.split()[0], [0, 0.0, 0.0])
    g[0] += 1; g[1] += a[0]; g[2] += b[0]
for k, (n, a, b) in groups.items():
    print(f"\n{k}: {n} proofs, A {a:.3f} s, B {b:.3f} s CPU in all: {a/max(b,1e-9):.2f}x less", end='')
print()
EOF

# ---- 3. B's LRAT proofs through the Coq-verified checker ----
echo
echo "## 3. this build's LRAT proofs, checked by the Coq-verified checker"
"$build/bench/drat_check_bench" --profile backward --verify --keep prof/V "${args[@]}" |
  awk '/verified checker:/ {n++; if ($3 == "VERIFIED,") ok++; c += $4} END {printf "%d of %d accepted, %.2f s CPU of the verified checker\n", ok, n, c}'
