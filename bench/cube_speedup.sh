#!/usr/bin/env bash
# Cube-and-conquer speed-up (issue 14): each instance run with --jobs 1 and --jobs 2 on this
# machine (fresh run directories, same cubes), wall time of the cube phase from the run's summary
# (making cubes and the coverage check are the same in both and not counted), the ratio, and the
# projection to 16/64/256 workers from the measured per-cube CPU times (`schedcert cube stats`:
# list scheduling, bootstrapped from the distribution, not the mean).
# Usage: bash bench/cube_speedup.sh [BINARY=build/schedcert]   (results go to docs/cube-and-conquer.md)
set -euo pipefail
bin="${1:-build/schedcert}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
instances=(
  "alpha --dim 5 --max-size 9"
  "alpha --dim 6 --max-size 15"
  "successive -n Q3 -m shout-whisper --allocation free -T 13"
  "synthesize -n Q2 -m single-port-half -p total-exchange -T 7"
)
field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }
printf '| instance | cubes | verdict | wall jobs=1 (s) | wall jobs=2 (s) | speed-up | cube CPU (s) |\n|---|---|---|---|---|---|---|\n'
i=0
for q in "${instances[@]}"; do
  i=$((i + 1))
  for j in 1 2; do
    "$bin" cube $q --dir "$tmp/r$i-$j" --jobs "$j" -q -o "$tmp/r$i-$j.json" >/dev/null
  done
  w1="$(field "$tmp/r$i-1.json" wall_seconds)"; w2="$(field "$tmp/r$i-2.json" wall_seconds)"
  printf '| `%s` | %s | %s | %.2f | %.2f | %.2fx | %.1f |\n' "$q" "$(field "$tmp/r$i-2.json" cubes)" \
    "$(field "$tmp/r$i-2.json" verdict)" "$w1" "$w2" "$(python3 -c "print($w1 / $w2)")" \
    "$(field "$tmp/r$i-1.json" total_cube_cpu_seconds)"
done
echo
echo "Projection for the largest instance (alpha d = 6), from its measured per-cube CPU times:"
"$bin" cube stats "$tmp/r2-1" --workers 1,2,16,64,256
