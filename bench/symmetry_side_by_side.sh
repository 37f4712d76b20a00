#!/usr/bin/env bash
# Issue 27, item 2: the symmetry rules side by side, on the same instances in one run.
#  1. Successive broadcasts (shout-whisper, CaDiCaL, every UNSAT proof checked: our DRAT check,
#     then the Coq-verified LRAT checker): the coordinate rules ("rules", the default), the
#     lex-leader constraints over Aut(Q_d) (--lex-leader) and no symmetry rule (--no-symmetry),
#     on Q3 free T = 13 / 14, Q3 Gray T = 13 / 14 and Q4 free T = 28.
#  2. The exact time-indexed query, Q3 shout-whisper multinode broadcast T = 11: the anchor rules
#     against --lex-leader (with the default sender-count and idle rules), 600 s each.
#  3. The alpha(7) k = 21 cube sample (15 cubes, seed 1, one job): without and with the
#     stabiliser lex-leader (cube alpha --lex-leader), each in its own run directory created the
#     way bench/drat_check.sh creates one (a fixed first cube, seed 12345), then copied and
#     resumed; per cube the solve CPU and the proof-check CPU from the cube results
#     (ALPHA_K, ALPHA_LIMIT, ALPHA_SEED: another k or sample).
# CPU = user + sys of the command (GNU time: the verified checker, a child, included).
# Usage: bash bench/symmetry_side_by_side.sh BUILD_DIR [WORK_DIR] [PARTS]   (PARTS: e.g. "1 2 3")
#   Run it at low priority on a shared machine: nice -n 10 bash bench/symmetry_side_by_side.sh build
set -uo pipefail
build=$(cd "${1:?usage: symmetry_side_by_side.sh BUILD_DIR [WORK_DIR] [PARTS]}" && pwd)
work=${2:-/tmp/schedcert-symmetry-work}
parts=${3:-1 2 3}
sc=$build/schedcert
mkdir -p "$work"
cd "$work"

# One command, timed: prints "| label | answer | CPU | DRAT CPU | LRAT CPU | query |".
timed() {
  local label=$1
  shift
  local log
  log=$work/$(echo "$label" | tr -c 'A-Za-z0-9=\n' '_').log
  /usr/bin/time -f "TIME %U %S %e" "$@" >"$log" 2>&1
  python3 - "$label" "$log" <<'EOF'
import re, sys
label, path = sys.argv[1], sys.argv[2]
text = open(path).read()
u, s, e = re.findall(r'TIME ([0-9.]+) ([0-9.]+) ([0-9.]+)', text)[-1]
answer = re.findall(r'T = \d+: (found|impossible|unknown)', text)
answer = answer[-1] if answer else 'no answer line'
drat = re.findall(r'DRAT checked \(([0-9]+) lemmas, ([0-9.e-]+) s CPU\)', text)
lrat = re.findall(r'VERIFIED UNSAT, ([0-9.e-]+) s CPU', text)
query = re.findall(r'query: (vars [0-9]+, clauses [0-9]+)[^;]*?symmetry: ([^\]\n;]*?)(?:, vars|\n|$)', text)
sym = query[-1][1] if query else 'none'
size = query[-1][0] if query else re.findall(r'vars [0-9]+, clauses [0-9]+', text)[-1:] or ['?']
size = size if isinstance(size, str) else size[0]
cpu = float(u) + float(s)
d = float(drat[-1][1]) if drat else 0.0
l = float(lrat[-1]) if lrat else 0.0
print(f"| {label} | {answer} | {cpu:.2f} | {max(cpu - d - l, 0):.2f} | {d:.2f} ({drat[-1][0] if drat else 0} lemmas) | {l:.2f} | {float(e):.0f} | {size}; {sym[:90]} |")
EOF
}

if [[ " $parts " == *" 1 "* ]]; then
  echo "## 1. successive broadcasts, shout-whisper"
  echo "| instance / setting | answer | CPU s | solve (CPU - checks) s | our DRAT check s | verified LRAT s | wall s | query; symmetry |"
  echo "|---|---|---|---|---|---|---|---|"
  # SUCC_INSTANCES: "NET ALLOCATION T TIMEOUT;..." to run others.
  IFS=';' read -r -a insts <<<"${SUCC_INSTANCES:-Q3 free 13 600;Q3 free 14 600;Q3 gray 13 600;Q3 gray 14 600;Q4 free 28 900}"
  for inst in "${insts[@]}"; do
    set -- $inst
    for setting in rules lex none; do
      flag=""
      [ "$setting" = lex ] && flag="--lex-leader"
      [ "$setting" = none ] && flag="--no-symmetry"
      timed "$1 $2 T=$3 $setting" nice -n 10 "$sc" synthesize -n "$1" -m shout-whisper -p successive-broadcast \
        --allocation "$2" -T "$3" $flag --timeout "$4"
    done
  done
fi

if [[ " $parts " == *" 1 "* ]]; then
  echo "## 1b. the same as cube runs: cube successive -n Q3 --allocation free -T 13, one job"
  echo "| setting | cubes | answer | cube CPU s (of which checks) | command CPU s |"
  echo "|---|---|---|---|---|"
  for setting in rules lex none; do
    flag=""
    [ "$setting" = lex ] && flag="--lex-leader"
    [ "$setting" = none ] && flag="--no-symmetry"
    rm -rf "cube-q3-$setting"
    /usr/bin/time -f "TIME %U %S %e" nice -n 10 "$sc" cube successive -n Q3 -m shout-whisper --allocation free -T 13 \
      $flag --dir "cube-q3-$setting" --jobs 1 -q >"cube-q3-$setting.log" 2>&1 || true
    python3 - "$setting" "cube-q3-$setting.log" <<'EOF2'
import re, sys
t = open(sys.argv[2]).read()
u, s, e = re.findall(r'TIME ([0-9.]+) ([0-9.]+) ([0-9.]+)', t)[-1]
n = re.search(r'run directory: \S+ \(([0-9]+) cubes\)', t)
a = re.search(r'answer: (\w+)', t)
c = re.search(r'cube CPU total [^(]*\(([0-9.]+) s, of which proof checks ([0-9.]+) s\)', t)
print(f"| {sys.argv[1]} | {n.group(1) if n else '?'} | {a.group(1) if a else '?'} | {float(c.group(1)):.2f} ({float(c.group(2)):.2f}) | {float(u)+float(s):.2f} |" if c else f"| {sys.argv[1]} | ? | ? | ? | {float(u)+float(s):.2f} |")
EOF2
  done
fi

if [[ " $parts " == *" 2 "* ]]; then
  echo "## 2. exact query: Q3 shout-whisper multinode broadcast, T = 11"
  echo "| setting | answer | CPU s | solve (CPU - checks) s | our DRAT check s | verified LRAT s | wall s | query; symmetry |"
  echo "|---|---|---|---|---|---|---|---|"
  for setting in anchor lex; do
    flag=""
    [ "$setting" = lex ] && flag="--lex-leader"
    timed "Q3 MNB T=11 $setting" nice -n 10 "$sc" synthesize -n Q3 -m shout-whisper -p multinode-broadcast -T 11 \
      --engine cadical $flag --timeout 600
  done
fi

if [[ " $parts " == *" 3 "* ]]; then
  # ALPHA_K, ALPHA_LIMIT, ALPHA_SEED: another k or sample (default: k = 21, 15 cubes, seed 1).
  k=${ALPHA_K:-21}
  limit=${ALPHA_LIMIT:-15}
  seed=${ALPHA_SEED:-1}
  echo "## 3. alpha(7) k = $k, $limit sampled cubes (seed $seed), one job"
  for v in plain lex; do
    flag=""
    [ "$v" = lex ] && flag="--lex-leader"
    if [ ! -d "a7k$k-$v" ]; then
      /usr/bin/time -f "create a7k$k-$v: %U+%S s CPU, %e s wall" \
        "$sc" cube alpha --dim 7 --max-size "$k" $flag --dir "a7k$k-$v" --limit 1 --sample-seed 12345 --jobs 1 -q \
        >/dev/null 2>"a7k$k-$v.create.log" || true
      tail -1 "a7k$k-$v.create.log"
    fi
    rm -rf "run$k-$v"
    cp -r "a7k$k-$v" "run$k-$v"
    nice -n 10 "$sc" cube resume "run$k-$v" --limit "$limit" --sample-seed "$seed" --jobs 1 -q >/dev/null 2>&1 || true
  done
  python3 - "$work" "$k" <<'EOF'
import json, os, re, sys
work, k = sys.argv[1], sys.argv[2]
def load(v):
    out = {}
    done0 = set(os.listdir(os.path.join(work, f'a7k{k}-{v}', 'results')))
    for f in os.listdir(os.path.join(work, f'run{k}-{v}', 'results')):
        if f in done0: continue
        r = json.load(open(os.path.join(work, f'run{k}-{v}', 'results', f)))
        m = r['proof'].get('message', '')
        lem = re.search(r'DRAT checked \(([0-9]+) lemmas', m)
        lb = re.search(r'LRAT \(([0-9]+) bytes', m)
        out[r['id']] = dict(cpu=r['cpu_seconds'], check=r['check_seconds'], st=r['status'],
                            lemmas=int(lem.group(1)) if lem else 0, lrat=int(lb.group(1)) if lb else 0,
                            ok=r['proof'].get('checked', False) and r['proof'].get('lrat_verified', False))
    return out
a, b = load('plain'), load('lex')
ids = sorted(set(a) & set(b))
# |H_c|: the coordinate permutations keeping the cube's pattern (they fix node 0, so for d >= 3
# they are the whole stabiliser in Aut(Q_7)); 1 means the lex run added no clause to that cube.
import itertools
cubes = {c['id']: c['lits'] for c in json.load(open(os.path.join(work, f'a7k{k}-lex', 'cubes.json')))['cubes']}
def stab(lits):
    pat = {abs(l) - 1: l > 0 for l in lits}
    pat[0] = True
    n = 0
    for pi in itertools.permutations(range(7)):
        def img(v):
            return sum(1 << pi[i] for i in range(7) if (v >> i) & 1)
        n += all(pat.get(img(v)) == val for v, val in pat.items())
    return n
print(f"same sample in both: {sorted(a) == sorted(b)} ({len(ids)} cubes)")
print("| cube | status | stabiliser order | solve CPU s plain / lex | check CPU s plain / lex | DRAT lemmas plain / lex | LRAT KB plain / lex |")
print("|---|---|---|---|---|---|---|")
T = dict(sa=0, sb=0, ca=0, cb=0, la=0, lb=0)
for i in ids:
    x, y = a[i], b[i]
    sa, sb = x['cpu'] - x['check'], y['cpu'] - y['check']
    ok = 'both checks' if x['ok'] and y['ok'] else 'CHECK MISSING'
    print(f"| {i} | {x['st']}/{y['st']} ({ok}) | {stab(cubes[i])} | {sa:.3f} / {sb:.3f} | {x['check']:.3f} / {y['check']:.3f} | {x['lemmas']} / {y['lemmas']} | {x['lrat']/1e3:.0f} / {y['lrat']/1e3:.0f} |")
    for k, v in (('sa', sa), ('sb', sb), ('ca', x['check']), ('cb', y['check']), ('la', x['lrat']), ('lb', y['lrat'])):
        T[k] += v
n = max(len(ids), 1)
print(f"\nper cube (mean of {len(ids)}): solve {T['sa']/n:.3f} s plain / {T['sb']/n:.3f} s lex; check {T['ca']/n:.3f} / "
      f"{T['cb']/n:.3f} s; LRAT {T['la']/n/1e3:.0f} / {T['lb']/n/1e3:.0f} KB; "
      f"solve + check {(T['sa']+T['ca'])/n:.3f} / {(T['sb']+T['cb'])/n:.3f} s")
EOF
fi
