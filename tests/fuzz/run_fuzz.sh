#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz/ with clang (ASan + UBSan) and runs each for a
# bounded time. Needs clang and libclang-rt-14-dev.
#   bash tests/fuzz/run_fuzz.sh [SECONDS_PER_TARGET=60] [OUT_DIR=build-fuzz]
#   bash tests/fuzz/run_fuzz.sh --ci [OUT_DIR=build-fuzz-ci]
#   FUZZ_TARGETS=fuzz_network_spec bash tests/fuzz/run_fuzz.sh 600   (one target only)
# Targets: fuzz_schedule_loader, fuzz_network_spec, fuzz_verify (native vs reference),
# fuzz_huge_sizes (issue 13: huge networks against a 128-bit reference; not in --ci) and
# fuzz_cli_args (the CLI's argument parsing: cli/*.cpp but main.cpp, compiled with coverage
# and sanitizers, linked against the g++ library SCHEDCERT_LIB, default build/libschedcert_core.a (with
# build/libschedcert_lrat_sha.a next to it)
# as `bash scripts/dev.sh test` leaves it; without it the whole library is compiled with clang,
# which takes many minutes; FUZZ_JOBS=N parallel compiles, default 2).
# Seeds: every tests/fixtures/**/*.json (loader, verify), a list of network specs (network),
# tests/fuzz/corpus/<target>/ (committed), plus the saved regressions.
# --ci: first replays tests/fuzz/regressions/ and the committed corpus through every target
# (-runs=0), then fuzzes each target for FUZZ_CI_SECONDS (default 40) from a scratch copy of the
# committed seeds, so 4 targets take under 3 minutes after the build.
# A crash, leak, timeout (10 s) or OOM (2 GB) is copied to tests/fuzz/regressions/
# (name: <target>-<libFuzzer artifact name>), its path is printed with the command that replays
# it, and the script exits 1. Exit 0: no finding.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
ci=0
if [ "${1:-}" = "--ci" ]; then
  ci=1
  shift
  secs="${FUZZ_CI_SECONDS:-40}"
  out="${1:-$root/build-fuzz-ci}"
else
  secs="${1:-60}"
  out="${2:-$root/build-fuzz}"
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cxx="${CXX_FUZZ:-clang++}"
jobs="${FUZZ_JOBS:-2}"
flags=(-std=c++20 -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -I"$root" -DSCHEDCERT_VERSION=\"fuzz\" -DSCHEDCERT_COQ_DIR=\"$root/coq\")
objflags=("${flags[@]/-fsanitize=fuzzer,address,undefined/-fsanitize=fuzzer-no-link,address,undefined}")
# The library sources the parsers need: schedules/ (top level with io/ and budget/, minus the
# registry, which pulls in every construction; the rule names are schedules/rule.cpp) and the
# native verifier (fuzz_verify).
mapfile -t small_lib < <(ls "$root"/schedules/*.cpp "$root"/schedules/io/*.cpp "$root"/schedules/budget/*.cpp \
                            "$root"/schedules/transforms/*.cpp \
                            "$root"/verifier/native*.cpp |
                          grep -v -e '/registry.cpp$' -e '/automorphisms.cpp$' -e '/sha256.cpp$')
# The CLI target: the front end's sources minus cli/main.cpp, over the library (as CMake globs it).
mapfile -t cli_srcs < <(ls "$root"/cli/*.cpp | grep -v -e '/main.cpp$' -e '/app.cpp$')
mapfile -t full_lib < <(find "$root"/schedules "$root"/verifier "$root"/encodings "$root"/search "$root"/certify "$root"/papers \
                            "$root"/witnesses "$root"/interop -name '*.cpp' | sort)
lib_a="${SCHEDCERT_LIB:-$root/build/libschedcert_core.a}"
# The checker's SHA-256 (generated after schedcert-lrat is linked) is a library of its own.
lib_sha="$(dirname "$lib_a")/libschedcert_lrat_sha.a"
objdir="$out/obj"
mkdir -p "$objdir"
# One translation unit per source folder, as the CMake unity build (SCHEDCERT_UNITY) groups
# them (a name in an anonymous namespace is unique within its folder): the headers are parsed
# once per folder instead of once per file (issue 29, CI time). unit_objs prints the object of
# each folder's unit; compile_units compiles the stale ones, FUZZ_JOBS at a time.
unit_of() { echo "$objdir/unit_$(echo "${1#$root/}" | tr / _)"; }
unit_objs() {  # sources... -> the objects, one per folder
  local d
  for d in $(for s in "$@"; do dirname "$s"; done | sort -u); do echo "$(unit_of "$d").o"; done
}
compile_units() {  # sources...
  local d todo=() unit s
  for d in $(for s in "$@"; do dirname "$s"; done | sort -u); do
    unit="$(unit_of "$d")"
    { for s in "$@"; do [ "$(dirname "$s")" = "$d" ] && echo "#include \"$s\""; done; } >"$unit.cpp.new"
    if cmp -s "$unit.cpp.new" "$unit.cpp"; then rm "$unit.cpp.new"; else mv "$unit.cpp.new" "$unit.cpp"; fi
    local stale=0
    [ -f "$unit.o" ] && [ ! "$unit.cpp" -nt "$unit.o" ] || stale=1
    for s in "$@"; do
      [ "$(dirname "$s")" = "$d" ] && [ "$s" -nt "$unit.o" ] && stale=1
    done
    [ "$stale" -eq 0 ] || todo+=("$unit")
  done
  [ "${#todo[@]}" -eq 0 ] && return 0
  echo "== compiling ${#todo[@]} folder unit(s) with $cxx (ASan + UBSan + fuzzer coverage)"
  export cxx
  printf '%s\n' "${todo[@]}" | xargs -P "$jobs" -I{} bash -c \
    'u="$1"; shift; "$cxx" "$@" -c "$u.cpp" -o "$u.o.tmp" && mv "$u.o.tmp" "$u.o"' \
    _ {} "${objflags[@]}"
}
cadical="$(ls /usr/lib/*/libcadical.a 2>/dev/null | head -1 || true)"
# The command library also needs nauty (schedules/automorphisms, for `cube`), libcrypto
# (schedules/io/sha256, for the Coq witnesses), pugixml (interop/, for `import msccl`) and nauty's
# headers when compiled here.
nauty="$(ls /usr/lib/*/libnauty.a 2>/dev/null | head -1 || true)"
objflags+=(-I/usr/include/x86_64-linux-gnu/nauty -I/usr/include/nauty)

status=0
finding() {  # target artifact
  local name="$1" a="$2"
  local keep="$root/tests/fuzz/regressions/$name-$(basename "$a")"
  cp "$a" "$keep"
  echo "!! FUZZ FINDING in $name: reproducer saved as ${keep#$root/}"
  echo "!!   replay: $out/$name '$keep'   (log: $out/$name.log)"
  status=1
}
build_target() {  # name -> $out/name
  local name="$1" objs=()
  if [ "$name" = fuzz_cli_args ]; then
    local srcs=("${cli_srcs[@]}")
    if [ -f "$lib_a" ]; then
      echo "== $name: cli/ instrumented, library from $lib_a (without fuzzer coverage)"
    else
      echo "== $name: no $lib_a: compiling the whole library with $cxx"
      srcs+=("${full_lib[@]}")
    fi
    compile_units "${srcs[@]}"
    mapfile -t objs < <(unit_objs "${srcs[@]}")
    [ -f "$lib_a" ] && objs+=("$lib_a") && { [ -f "$lib_sha" ] && objs+=("$lib_sha"); true; }
    "$cxx" "${flags[@]}" "$root/tests/fuzz/$name.cpp" "${objs[@]}" ${cadical:+"$cadical"} ${nauty:+"$nauty"} -lz3 -lcrypto -lpugixml -lcgraph -o "$out/$name"
  else
    compile_units "${small_lib[@]}"
    mapfile -t objs < <(unit_objs "${small_lib[@]}")
    "$cxx" "${flags[@]}" "$root/tests/fuzz/$name.cpp" "${objs[@]}" -lcgraph -o "$out/$name"
  fi
}
run_target() {  # name seed_dirs...
  local name="$1"
  shift
  local bin="$out/$name" corpus="$out/corpus-$name" art="$out/artifacts-$name/"
  rm -rf "$art"
  mkdir -p "$corpus" "$art"
  local common=(-timeout=10 -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$art")
  set +e
  if [ "$ci" -eq 1 ]; then
    echo "== $name: replay regressions and committed seeds"
    "$bin" "${common[@]}" -runs=0 "$root/tests/fuzz/regressions" "$@" >"$out/$name.replay.log" 2>&1
    local rc=$?
    if [ "$rc" -ne 0 ]; then
      echo "!! $name failed on a saved input (exit $rc); tail of $out/$name.replay.log:"
      tail -20 "$out/$name.replay.log"
      status=1
    fi
    rm -rf "$corpus"
    mkdir -p "$corpus"
  fi
  echo "== $name: ${secs}s"
  "$bin" "${common[@]}" -max_total_time="$secs" -print_final_stats=1 "$corpus" "$@" \
    "$root/tests/fuzz/regressions" 2>&1 | tee "$out/$name.log" |
    grep -E "^(#[0-9]+.*DONE|==[0-9]+==ERROR|SUMMARY|stat::number_of_executed_units|Done)" || true
  local rc=${PIPESTATUS[0]}
  set -e
  for a in "$art"*; do
    [ -e "$a" ] || continue
    finding "$name" "$a"
  done
  if [ "$rc" -ne 0 ]; then
    echo "!! $name exited $rc; tail of $out/$name.log:"
    tail -20 "$out/$name.log"
    status=1
  fi
}

seeds_loader="$out/seeds-loader"
rm -rf "$seeds_loader"
mkdir -p "$seeds_loader"
find "$root/tests/fixtures" -name '*.json' -exec cp {} "$seeds_loader/" \;
seeds_net="$out/seeds-network"
mkdir -p "$seeds_net"
i=0
for s in Q0 Q1 Q4 Q30 C3 C5 P4 K2 K3 K5 C3xC3 C5xP4xK3 C3^4 Q2xC3 P3xK2 all-port MLA SLA \
         shout-whisper single-port-half broadcast total-exchange successive-broadcast; do
  printf '%s' "$s" > "$seeds_net/seed$i"; i=$((i + 1))
done
committed() {  # target: the committed corpus directory, if any
  local d="$root/tests/fuzz/corpus/$1"
  [ -d "$d" ] && echo "$d"
  return 0
}
# fuzz_huge_sizes (issue 13) runs outside --ci: its property form, tests/fuzz/huge_sizes_test.cpp,
# is in ctest and in the sanitizer stage already.
default_targets="fuzz_schedule_loader fuzz_network_spec fuzz_verify fuzz_cli_args"
[ "$ci" -eq 1 ] || default_targets="$default_targets fuzz_huge_sizes"
targets="${FUZZ_TARGETS:-$default_targets}"
run_one() {  # target: runs it, its status in $out/TARGET.status
  local t="$1"
  case "$t" in
    fuzz_schedule_loader) run_target "$t" "$seeds_loader" $(committed "$t") ;;
    fuzz_network_spec) run_target "$t" "$seeds_net" $(committed "$t") ;;
    fuzz_verify) run_target "$t" "$seeds_loader" $(committed "$t") ;;
    fuzz_cli_args) run_target "$t" "$root/tests/fuzz/corpus/fuzz_cli_args" ;;
    fuzz_huge_sizes) run_target "$t" $(committed "$t") ;;
    *) echo "unknown target $t" >&2; status=2 ;;
  esac
  echo "$status" >"$out/$t.status"
}
# $jobs targets at a time, each on one core for its $secs seconds (the same fuzzing per target
# as one after the other, in less wall time); each target's output is printed when it ends.
running=()
finish_oldest() {
  local t="${running[0]}"
  wait "${pids[0]}" || true
  cat "$out/$t.stage.log"
  [ "$(cat "$out/$t.status" 2>/dev/null || echo 1)" -eq 0 ] || status=1
  running=("${running[@]:1}")
  pids=("${pids[@]:1}")
}
# Built first, one after the other (each compiles FUZZ_JOBS files at a time; the targets share
# object files, so they must not be compiled by two builds at once).
for t in $targets; do build_target "$t"; done
pids=()
for t in $targets; do
  [ "${#running[@]}" -lt "$jobs" ] || finish_oldest
  rm -f "$out/$t.status"
  run_one "$t" >"$out/$t.stage.log" 2>&1 &
  running+=("$t")
  pids+=($!)
done
while [ "${#running[@]}" -gt 0 ]; do finish_oldest; done
if [ "$status" -ne 0 ]; then
  echo "!! fuzzing found something: see the lines marked !! above (reproducers in tests/fuzz/regressions/)"
fi
exit "$status"
