#!/usr/bin/env bash
# Issue 27: UNSAT certificates with the backward, core-first DRAT checker (the default) against
# the forward one (SCHEDCERT_DRAT_CHECK=forward), in the same run.
#  1. A sample of alpha(7) k = 21 cubes, solved and checked twice from two copies of one run
#     directory (same cubes, same CaDiCaL proofs): per-cube solve CPU vs proof-check CPU (our
#     DRAT check + the Coq-verified LRAT check), from the cube results.
#  2. The same cubes' proofs (kept) and the synthesis refutations below through drat_check_bench:
#     DRAT CPU, LRAT size and the verified checker's CPU, forward vs backward, per proof.
# Usage: bash bench/drat_check.sh BUILD_DIR [WORK_DIR] [LIMIT] [SEED]
#   (defaults: /tmp/schedcert-drat-bench-work, 15 cubes, seed 1). Run it at low priority on a
#   shared machine: nice -n 10 bash bench/drat_check.sh build
set -euo pipefail
build=$(cd "${1:?usage: drat_check.sh BUILD_DIR [WORK_DIR] [LIMIT] [SEED]}" && pwd)
work=${2:-/tmp/schedcert-drat-bench-work}
limit=${3:-15}
seed=${4:-1}
sc=$build/schedcert
mkdir -p "$work"
cd "$work"

# ---- 1. the cube sample ----
if [ ! -d a7k21 ]; then
  # One cube run first (a fixed one, seed 12345) just to create the directory and its coverage.
  "$sc" cube alpha --dim 7 --max-size 21 --dir a7k21 --limit 1 --sample-seed 12345 --jobs 1 -q >/dev/null || true
fi
rm -rf fwd bwd
cp -r a7k21 fwd
cp -r a7k21 bwd
SCHEDCERT_DRAT_CHECK=forward "$sc" cube resume fwd --limit "$limit" --sample-seed "$seed" --jobs 1 --keep-proofs -q >/dev/null || true
"$sc" cube resume bwd --limit "$limit" --sample-seed "$seed" --jobs 1 -q >/dev/null || true
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
        out[r['id']] = dict(cpu=r['cpu_seconds'], check=r['check_seconds'], drat=drat, coq=coq, lrat=lb, st=r['status'])
    return out
f, b = load('fwd'), load('bwd')
ids = sorted(set(f) & set(b))
print(f"| cube | status | solve CPU fwd / bwd (s) | check CPU forward (s) | check CPU backward (s) | of which DRAT fwd / bwd | Coq fwd / bwd | LRAT KB fwd / bwd |")
print("|---|---|---|---|---|---|---|---|")
T = dict(sf=0, sb=0, cf=0, cb=0, df=0, db=0, qf=0, qb=0, lf=0, lb=0)
for i in ids:
    x, y = f[i], b[i]
    sf, sb = x['cpu'] - x['check'], y['cpu'] - y['check']
    print(f"| {i} | {x['st']}/{y['st']} | {sf:.3f} / {sb:.3f} | {x['check']:.3f} | {y['check']:.3f} | {x['drat']:.3f} / {y['drat']:.3f} | {x['coq']:.3f} / {y['coq']:.3f} | {x['lrat']/1e3:.0f} / {y['lrat']/1e3:.0f} |")
    for k, v in (('sf', sf), ('sb', sb), ('cf', x['check']), ('cb', y['check']), ('df', x['drat']), ('db', y['drat']),
                 ('qf', x['coq']), ('qb', y['coq']), ('lf', x['lrat']), ('lb', y['lrat'])):
        T[k] += v
n = max(len(ids), 1)
print(f"\n{len(ids)} cubes, per cube: solve {T['sf']/n:.3f} s (forward run) / {T['sb']/n:.3f} s (backward run); "
      f"check forward {T['cf']/n:.3f} s (DRAT {T['df']/n:.3f}, Coq {T['qf']/n:.3f}), backward {T['cb']/n:.3f} s "
      f"(DRAT {T['db']/n:.3f}, Coq {T['qb']/n:.3f}); LRAT {T['lf']/n/1e3:.0f} KB -> {T['lb']/n/1e3:.0f} KB")
print(f"check / solve: forward {T['cf']/max(T['sf'],1e-9):.2f}x, backward {T['cb']/max(T['sb'],1e-9):.2f}x; "
      f"check CPU forward / backward = {T['cf']/max(T['cb'],1e-9):.2f}x")
EOF

# ---- 2. per proof: the kept cube proofs and synthesis refutations ----
rm -rf synth && mkdir -p synth
TMPDIR=$work/synth SCHEDCERT_KEEP_PROOFS=1 "$build/bench/sccl_exact_bench" --only T=7 >/dev/null 2>&1 || true
TMPDIR=$work/synth SCHEDCERT_KEEP_PROOFS=1 "$sc" synthesize -n Q3 -m shout-whisper -p successive-broadcast \
  --allocation free -q >/dev/null 2>&1 || true
# Every kept query directory holds q.cnf and q.drat; the bench skips the satisfiable ones (neither
# checker verifies a proof without a refutation) and counts them.
"$build/bench/drat_check_bench" --keep "$work/lrat" --cube-run fwd --dir synth
