#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz/ with clang (ASan + UBSan) and runs each for a
# bounded time. Needs clang and libclang-rt-14-dev.
#   bash tests/fuzz/run_fuzz.sh [SECONDS_PER_TARGET=60] [OUT_DIR=build-fuzz]
#   FUZZ_TARGETS=fuzz_network_spec bash tests/fuzz/run_fuzz.sh 600   (one target only)
# Seeds: every tests/fixtures/**/*.json (loader) and a list of network specs (network target),
# plus the saved regressions. A crash, leak, timeout or OOM is copied to tests/fuzz/regressions/
# (name: <target>-<libFuzzer artifact name>) and the script exits 1. Exit 0: no finding.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
secs="${1:-60}"
out="${2:-$root/build-fuzz}"
mkdir -p "$out"
cxx="${CXX_FUZZ:-clang++}"
flags=(-std=c++20 -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -I"$root" -DSCHEDCERT_VERSION=\"fuzz\")
# The library sources the parsers need: schedules/ (top level, minus the registry, which pulls
# in every construction), the verdict names and the native verifier (fuzz_verify).
mapfile -t lib < <(ls "$root"/schedules/*.cpp "$root"/schedules/transforms/*.cpp \
                      "$root"/verifier/verdict.cpp "$root"/verifier/native.cpp | grep -v '/registry.cpp$')
objdir="$out/obj"
mkdir -p "$objdir"
objs=()
for src in "${lib[@]}"; do
  obj="$objdir/$(echo "${src#$root/}" | tr / _).o"
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ]; then
    "$cxx" "${flags[@]/-fsanitize=fuzzer,address,undefined/-fsanitize=fuzzer-no-link,address,undefined}" \
      -c "$src" -o "$obj"
  fi
  objs+=("$obj")
done

status=0
run_target() {  # name seed_dir
  local name="$1" seeds="$2"
  local bin="$out/$name"
  "$cxx" "${flags[@]}" "$root/tests/fuzz/$name.cpp" "${objs[@]}" -o "$bin"
  local corpus="$out/corpus-$name" art="$out/artifacts-$name/"
  mkdir -p "$corpus" "$art"
  echo "== $name: ${secs}s"
  set +e
  "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$art" -print_final_stats=1 "$corpus" "$seeds" "$root/tests/fuzz/regressions" \
    2>&1 | tee "$out/$name.log" | grep -E "^(#[0-9]+.*DONE|==[0-9]+==ERROR|SUMMARY|stat::number_of_executed_units|Done)" || true
  local rc=${PIPESTATUS[0]}
  set -e
  for a in "$art"*; do
    [ -e "$a" ] || continue
    cp "$a" "$root/tests/fuzz/regressions/$name-$(basename "$a")"
    echo "   finding saved: tests/fuzz/regressions/$name-$(basename "$a")"
    status=1
  done
  [ "$rc" -eq 0 ] || status=1
}

seeds_loader="$out/seeds-loader"
mkdir -p "$seeds_loader"
find "$root/tests/fixtures" -name '*.json' -exec cp {} "$seeds_loader/" \;
seeds_net="$out/seeds-network"
mkdir -p "$seeds_net"
i=0
for s in Q0 Q1 Q4 Q30 C3 C5 P4 K2 K3 K5 C3xC3 C5xP4xK3 C3^4 Q2xC3 P3xK2 all-port MLA SLA \
         shout-whisper single-port-half broadcast total-exchange successive-broadcast; do
  printf '%s' "$s" > "$seeds_net/seed$i"; i=$((i + 1))
done
targets="${FUZZ_TARGETS:-fuzz_schedule_loader fuzz_network_spec fuzz_verify}"
for t in $targets; do
  case "$t" in
    fuzz_schedule_loader) run_target fuzz_schedule_loader "$seeds_loader" ;;
    fuzz_network_spec) run_target fuzz_network_spec "$seeds_net" ;;
    fuzz_verify) run_target fuzz_verify "$seeds_loader" ;;
  esac
done
exit "$status"
