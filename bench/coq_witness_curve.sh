#!/usr/bin/env bash
# Sizes vs coqc times of Coq witnesses (docs/coq.md, "Practical sizes"). Each row: generate the
# construction, `schedcert export coq`, then coqc on the witness, timed with /usr/bin/time
# (CPU = user + sys, and wall). The development is compiled first (make -C coq).
#   bash bench/coq_witness_curve.sh BUILD_DIR [ROW...]     rows: name:dim (default: all below)
# Prints one markdown row per witness: construction, transmissions, item slots, CPU s, wall s.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:?build dir}"; shift
rows=("$@")
if [ "${#rows[@]}" -eq 0 ]; then
  rows=(sbt-broadcast:8 sbt-broadcast:10 sbt-broadcast:12 sbt-broadcast:14 sbt-broadcast:16
        bertsekas-te:4 bertsekas-te:5 bertsekas-te:6 bertsekas-te:7
        bertsekas-mnb:5 bertsekas-mnb:6 bertsekas-mnb:7 bertsekas-mnb:8
        bertsekas-mna:5 bertsekas-mna:6 bertsekas-mna:7
        desprez-successive-broadcasts:5 desprez-successive-broadcasts:6 desprez-successive-broadcasts:7)
fi
make -s -C "$repo/coq" >/dev/null
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "| construction | d | transmissions | item slots | coqc CPU (s) | coqc wall (s) |"
echo "|---|---:|---:|---:|---:|---:|"
for row in "${rows[@]}"; do
  name="${row%%:*}"; dim="${row##*:}"
  json="$tmp/w.json"; wit="$tmp/w_$dim.v"
  "$build/schedcert" generate "$name" --dim "$dim" -o "$json" >/dev/null 2>&1
  "$build/schedcert" export coq "$json" -o "$wit"
  read -r tx slots < <(python3 -c "
import json; d = json.load(open('$json'))
tx = [t for st in d['steps'] for t in st]
print(len(tx), sum(len(t[2]) if isinstance(t[2], list) else 1 for t in tx))")
  /usr/bin/time -f "%U %S %e" -o "$tmp/time" coqc -Q "$repo/coq" Schedcert "$wit" >/dev/null
  read -r u s e < "$tmp/time"
  cpu=$(python3 -c "print(round($u + $s, 1))")
  echo "| $name | $dim | $tx | $slots | $cpu | $e |"
done
