#!/usr/bin/env bash
# Issue 27: proof-check CPU against solve CPU on a sample of alpha(7) k = 21 cubes, for three ways
# of checking every cube twice (our DRAT checker, then the Coq-verified LRAT checker), in one run:
#   forward   SCHEDCERT_DRAT_CHECK=forward --check-batch 1   (the checking before issue 27)
#   backward  --check-batch 1        (backward, core-first DRAT check, trimmed LRAT; one verified run per cube)
#   batched   --check-batch B        (the same, and one verified run per batch of B cubes, lrat_batch.hpp)
# One run directory of `cube alpha --dim 7 --max-size 21` is made once (its coverage checked once),
# copied three times, and the same cubes (`--limit N --sample-seed S --jobs 1`) are solved and
# checked in each copy. Per cube: solve CPU = cpu_seconds - check_seconds, check CPU =
# check_seconds (our DRAT check + the verified checker's CPU, child processes included) from
# the results. Prints the table of docs/cube-and-conquer.md.
# Usage: bash bench/check_batch.sh BUILD_DIR [WORK_DIR] [N] [SEED] [B]
#   (defaults: /tmp/schedcert-check-batch-work, 32 cubes, seed 1, B = 16). At low priority on a
#   shared machine: nice -n 10 bash bench/check_batch.sh build
set -euo pipefail
build=$(cd "${1:?usage: check_batch.sh BUILD_DIR [WORK_DIR] [N] [SEED] [B]}" && pwd)
work=${2:-/tmp/schedcert-check-batch-work}
limit=${3:-32}
seed=${4:-1}
batch=${5:-16}
sc=$build/schedcert
mkdir -p "$work"
cd "$work"
if [ ! -d a7k21 ]; then
  # One fixed cube (seed 12345) just to create the directory and check its coverage.
  "$sc" cube alpha --dim 7 --max-size 21 --dir a7k21 --limit 1 --sample-seed 12345 --jobs 1 -q >/dev/null || true
fi
for mode in forward backward batched; do
  rm -rf "$mode"
  cp -r a7k21 "$mode"
done
SCHEDCERT_DRAT_CHECK=forward "$sc" cube resume forward --limit "$limit" --sample-seed "$seed" --jobs 1 --check-batch 1 -q >/dev/null || true
"$sc" cube resume backward --limit "$limit" --sample-seed "$seed" --jobs 1 --check-batch 1 -q >/dev/null || true
"$sc" cube resume batched --limit "$limit" --sample-seed "$seed" --jobs 1 --check-batch "$batch" -q >/dev/null || true
python3 - "$work" "$batch" <<'EOF'
import json, os, re, sys
work, batch = sys.argv[1], sys.argv[2]
done0 = set(os.listdir(os.path.join(work, 'a7k21', 'results')))
def load(d):
    out = {}
    for f in os.listdir(os.path.join(work, d, 'results')):
        if f in done0: continue
        r = json.load(open(os.path.join(work, d, 'results', f)))
        out[r['id']] = r
    return out
runs = {m: load(m) for m in ('forward', 'backward', 'batched')}
ids = sorted(set.intersection(*(set(v) for v in runs.values())))
def stats(rs):
    n = len(ids)
    solve = sum(rs[i]['cpu_seconds'] - rs[i]['check_seconds'] for i in ids)
    check = sum(rs[i]['check_seconds'] for i in ids)
    unsat = sum(rs[i]['status'] == 'unsat' for i in ids)
    both = sum(rs[i]['status'] == 'unsat' and rs[i]['proof']['checked'] and rs[i]['proof']['lrat_verified'] for i in ids)
    batched = sum('its share of one run on the batch CNF' in rs[i]['proof'].get('message', '') for i in ids)
    # From each result's message: our DRAT check's CPU, the verified checker's CPU (its share of
    # the batch run when batched), the LRAT size, the batch sizes.
    def num(pat, m):
        x = re.search(pat, m)
        return float(x.group(1)) if x else float('nan')
    msgs = [rs[i]['proof'].get('message', '') for i in ids]
    drat = sum(num(r'lemmas, ([0-9.e-]+) s CPU', m) for m in msgs)
    coq = sum(num(r'VERIFIED UNSAT, ([0-9.e-]+) s CPU', m) for m in msgs)
    lrat = sum(num(r'LRAT \(([0-9]+) bytes', m) for m in msgs)
    sizes = sorted({int(x) for m in msgs for x in re.findall(r'batch CNF of ([0-9]+) cubes', m)})
    return dict(n=n, solve=solve / max(n, 1), check=check / max(n, 1), ratio=check / max(solve, 1e-9),
                unsat=unsat, both=both, batched=batched, drat=drat / max(n, 1), coq=coq / max(n, 1),
                lrat=lrat / max(n, 1) / 1e3, sizes=sizes)
S = {m: stats(r) for m, r in runs.items()}
print(f"{len(ids)} cubes of `cube alpha --dim 7 --max-size 21` (the same ids in each copy)\n")
print(f"| per cube (mean of {len(ids)}) | forward, 1 verified run per cube (before issue 27) | backward, 1 run per cube | backward, 1 run per {batch} cubes (batched) |")
print("|---|---|---|---|")
print("| solve CPU | " + " | ".join(f"{S[m]['solve']:.3f} s" for m in runs) + " |")
print("| proof-check CPU (our DRAT check + verified LRAT check) | " + " | ".join(f"{S[m]['check']:.3f} s" for m in runs) + " |")
print("| of which our DRAT check (incl. writing the LRAT) | " + " | ".join(f"{S[m]['drat']:.3f} s" for m in runs) + " |")
print("| of which the Coq-verified checker (its share of the batch run) | " + " | ".join(f"{S[m]['coq']:.3f} s" for m in runs) + " |")
print("| LRAT proof | " + " | ".join(f"{S[m]['lrat']:.0f} KB" for m in runs) + " |")
print("| **check / solve** | " + " | ".join(f"**{S[m]['ratio']:.2f}x**" for m in runs) + " |")
print("| UNSAT, both checks passed | " + " | ".join(f"{S[m]['both']} of {S[m]['n']}" for m in runs) + " |")
print("| accepted in a batch run (batch sizes) | " + " | ".join(f"{S[m]['batched']} {S[m]['sizes'] or ''}" for m in runs) + " |")
EOF
