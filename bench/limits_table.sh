#!/usr/bin/env bash
# Issue 18: the largest time-indexed synthesis query per problem and model that fits the memory
# budget, with the estimate schedcert computes before building it beside the measured peak.
#   bash bench/limits_table.sh [SCHEDCERT=build/schedcert] [SECONDS=30]
# For each problem and model, on Q_d for d = 2..12 (4096 nodes, the encodings' limit): T = the computed lower bound; the estimate of
# the exact query at T (`synthesize --estimate`); the largest d whose estimate fits the default
# --max-memory is "the largest that fits". For that d the query is then
# run with --steps T --timeout SECONDS and its peak resident size measured (/usr/bin/time).
set -uo pipefail
bin="${1:-build/schedcert}"
secs="${2:-30}"
limit=$("$bin" --help | grep -o 'default [0-9.]* [GMK]iB' | head -1 | sed 's/default //')
echo "default --max-memory on this machine: $limit"
echo
echo "| problem | model | largest Q_d that fits | T (lower bound) | estimate | measured peak (${secs} s budget) | answer | next size: estimate |"
echo "|---|---|---|---|---|---|---|---|"
to_bytes() {  # "1.5 GiB" -> bytes
  awk -v v="$1" -v u="$2" 'BEGIN { m = (u == "GiB") ? 2^30 : (u == "MiB") ? 2^20 : (u == "KiB") ? 2^10 : 1; printf "%.0f", v * m }'
}
limit_bytes=$(to_bytes $limit)
for problem in broadcast scatter multinode-broadcast total-exchange; do
  for model in all-port single-port-full single-port-half shout-whisper; do
    best=""; best_T=""; best_est=""; next_est=""
    for d in 2 3 4 5 6 7 8 9 10 11 12; do
      out=$("$bin" synthesize -n Q$d -m $model -p $problem --estimate 2>&1)
      T=$(echo "$out" | grep -o 'at T = [0-9]*' | grep -o '[0-9]*$')
      est=$(echo "$out" | grep -o 'estimated [0-9.]* [GMK]iB' | grep -o '[0-9.]* [GMK]iB$')
      [ -z "$T" ] || [ -z "$est" ] && break
      if echo "$out" | grep -q ': fits$'; then best=$d; best_T=$T; best_est=$est; else next_est="Q$d: $est"; break; fi
    done
    if [ -z "$best" ]; then echo "| $problem | $model | none | | | | | $next_est |"; continue; fi
    res=$( { /usr/bin/time -f 'PEAK %M' "$bin" synthesize -n Q$best -m $model -p $problem --steps "$best_T" --timeout "$secs" -q; } 2>&1)
    peak_kb=$(echo "$res" | grep -o 'PEAK [0-9]*' | grep -o '[0-9]*')
    ans=$(echo "$res" | grep -o '^T = [0-9]*: [a-z]*' | head -1 | sed 's/.*: //')
    peak=$(awk -v k="$peak_kb" 'BEGIN { printf "%.2f GiB", k / 2^20 }')
    echo "| $problem | $model | Q$best | $best_T | $best_est | $peak | ${ans:-unknown (the watchdog stopped it)} | $next_est |"
  done
done
