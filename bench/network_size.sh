#!/usr/bin/env bash
# Issue 28 item 5: reading and checking a network costs time and memory in proportion to what the
# verdict needs. Each row: `verify` of a schedule, CPU time (user + sys), wall time and peak
# memory from /usr/bin/time. The reference in the same run is Q31 (2^31 nodes, a plain hypercube,
# always implicit): dgx1xQ28 has the same number of nodes and should cost about as much. The graph
# files are random (a ring plus chords, python3 with a fixed seed), 4096 nodes.
#   bash bench/network_size.sh [build/schedcert]
set -euo pipefail
bin="${1:-build/schedcert}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
one() {  # network -> schedule with one transmission 0 -> 1 of a broadcast from 0
  printf '{"format":"schedcert-schedule","version":1,"network":"%s","model":"all-port","problem":{"kind":"broadcast","root":0},"steps":[[[0,1,0]]]}\n' "$1"
}
graph() {  # nodes edges file
  python3 - "$1" "$2" "$3" <<'PY'
import json, random, sys
n, m, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(28)
e = set(tuple(sorted((v, (v + 1) % n))) for v in range(n))
while len(e) < m:
    u, v = random.randrange(n), random.randrange(n)
    if u != v: e.add((min(u, v), max(u, v)))
json.dump({"format": "schedcert-graph", "name": "random", "directed": False,
           "nodes": [f"n{v}" for v in range(n)], "edges": [[f"n{u}", f"n{v}"] for u, v in sorted(e)]}, open(path, "w"))
PY
}
printf '%-44s %5s %9s %9s %10s\n' case exit "cpu (s)" "wall (s)" "peak (MB)"
row() {  # label schedule-file
  local code
  set +e
  /usr/bin/time -f '%U %S %e %M' -o "$dir/t" "$bin" verify "$2" >/dev/null 2>&1
  code=$?
  set -e
  read -r u s e m < "$dir/t"
  printf '%-44s %5s %9.2f %9.2f %10.1f\n' "$1" "$code" "$(awk -v a="$u" -v b="$s" 'BEGIN{print a+b}')" "$e" \
    "$(awk -v k="$m" 'BEGIN{print k/1024}')"
}
for net in Q31 dgx1xQ28 petersenxQ27 fattree16xQ20 'petersen^9'; do
  one "$net" > "$dir/s.json"
  row "$net, one transmission" "$dir/s.json"
done
for m in 203525 800000; do
  graph 4096 "$m" "$dir/g$m.json"
  printf '{"format":"schedcert-schedule","version":1,"network":"graph:%s","model":"all-port","problem":{"kind":"broadcast","root":0},"steps":[]}\n' "$dir/g$m.json" > "$dir/e.json"
  row "graph file 4096 nodes, $m edges, empty" "$dir/e.json"
done
