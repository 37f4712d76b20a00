#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine (run as root):
#   bash scripts/dev.sh demo    install what the CLI needs, build it (quiet: build/demo.log), certify the built-ins
#   bash scripts/dev.sh test    install what is missing, build, run the whole test suite (ctest)
#   bash scripts/dev.sh bench   install, build, run the benchmarks (figures go to docs/benchmarks.md)
#   bash scripts/dev.sh asan    install, build with clang: AddressSanitizer + UBSan + the integer
#                               sanitizer in one build, run the fast tests (intsan: the same)
#   bash scripts/dev.sh asan-gcc  the same fast tests under g++'s ASan + UBSan (not in CI)
#   bash scripts/dev.sh fuzz [SECONDS]  libFuzzer (ASan+UBSan) on the loader, the network parser
#                               and native-vs-reference; findings go to tests/fuzz/regressions/
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-demo}"

# Build: cmake g++ and the libraries (CaDiCaL: the SAT backend with DRAT proofs; nauty: automorphism
# groups; OpenMPI: the distributed cube-and-conquer binary schedcert-mpi; coq + ocaml + ocaml-findlib +
# libsha-ocaml-dev + libcoq-core-ocaml-dev (Coq's kernel Parray/Uint63 for the fast checker, issue 27):
# the Coq-verified LRAT checker, coq/lrat). Tests: z3 and cvc5 re-check exported SMT-LIB2, coq checks
# the Coq witnesses, pdflatex (texlive) and graphviz compile the figures, chromium renders the
# HTML viewer headless, clang with its runtime builds the fuzz targets and the integer-sanitizer
# build, python3 runs the second reference checker (tests/reference).
# What the build needs (compilers, libraries, Coq and OCaml for the verified checker, pybind11
# for the Python module) ...
build_packages=(cmake g++ make ccache libz3-dev libcli11-dev doctest-dev nlohmann-json3-dev libbenchmark-dev
                libcadical-dev libnauty2-dev libpugixml-dev libopenmpi-dev openmpi-bin libssl-dev coq ocaml
                ocaml-findlib libsha-ocaml-dev libcoq-core-ocaml-dev libgraphviz-dev pybind11-dev python3-pybind11 python3-dev python3)
# ... and what only the tests and the later CI stages run (found on PATH at run time, never by
# cmake): the CLI re-checkers, LaTeX, graphviz's dot, headless Chromium, clang for the sanitizer
# and fuzz stages, numpy and pytest for the Python tests.
test_packages=(cadical nauty z3 cvc5 texlive-latex-base texlive-pictures graphviz chromium fonts-dejavu-core
               clang libclang-rt-14-dev python3-numpy python3-pytest)
packages=("${build_packages[@]}" "${test_packages[@]}")
# The demo needs only the library, the CLI and the verified LRAT checker (issue 29): no MPI,
# Python, LaTeX, Chromium, clang, re-checkers or benchmarks.
demo_packages=(cmake g++ make ccache libz3-dev libcli11-dev doctest-dev nlohmann-json3-dev libcadical-dev
               libnauty2-dev libpugixml-dev libgraphviz-dev libssl-dev coq ocaml ocaml-findlib libsha-ocaml-dev
               libcoq-core-ocaml-dev)
missing_of() {  # missing_of PACKAGE...: prints the ones not installed
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}
install_missing() {  # install_missing PACKAGE...
  local missing
  mapfile -t missing < <(missing_of "$@")
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "== installing ${#missing[@]} package(s): ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}
# `test` on a fresh machine (issue 29, CI time): the build packages first, then the test-only
# ones are downloaded and installed in the background while the build runs (apt is mostly network
# and disk, the build is CPU); ctest starts only after that install ended, and a failed install
# fails the command with its log. Everything else installs everything up front.
bg_install_pid=""
if [ "$what" = demo ]; then
  install_missing "${demo_packages[@]}"
elif [ "$what" = test ] && [ -n "$(missing_of "${test_packages[@]}")" ]; then
  install_missing "${build_packages[@]}"
  mkdir -p build
  echo "== installing the test-only packages in the background while building (log: build/apt-test-packages.log)"
  install_missing "${test_packages[@]}" >build/apt-test-packages.log 2>&1 &
  bg_install_pid=$!
else
  install_missing "${packages[@]}"
fi
wait_bg_install() {
  [ -n "$bg_install_pid" ] || return 0
  local rc=0
  wait "$bg_install_pid" || rc=$?
  bg_install_pid=""
  if [ "$rc" -ne 0 ]; then
    tail -30 build/apt-test-packages.log
    echo "== installing the test-only packages failed (exit $rc): build/apt-test-packages.log" >&2
    exit 1
  fi
  echo "== test-only packages installed"
}

jobs="$(nproc)"
build() {  # build DIR [cmake args...]
  local dir="$1"; shift
  # Options the demo turns off are turned back on (a cached OFF would otherwise stick).
  # SCHEDCERT_UNITY: one translation unit per source folder (half the cold build; CMakeLists.txt).
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DSCHEDCERT_UNITY=ON -USCHEDCERT_PYTHON -DSCHEDCERT_BENCHMARKS=ON "$@" >/dev/null \
    || return
  cmake --build "$dir" -j"$jobs"
}

# The fast tests (everything but the cases tagged slow) of a doctest binary, split into $jobs
# processes that run at once (doctest's --first/--last over the selected cases), so a sanitizer
# stage uses every core as ctest -j does. Each shard's output is printed when it ends; the
# result fails if any shard failed.
# A shard that runs longer than SCHEDCERT_SHARD_TIMEOUT seconds (default 1500; a shard takes
# 3-4 min under ASan on 2 cores) is stopped with SIGTERM: doctest then names the test case that
# was running ("test case CRASHED: SIGTERM"), so a hang fails the stage loudly and says where,
# instead of eating the CI's time limit. Each case's duration is recorded (-d); the slowest five
# of each shard are printed.
fast_tests_sharded() {  # fast_tests_sharded BINARY
  local bin="$1" n per i first last code=0 rc dir limit="${SCHEDCERT_SHARD_TIMEOUT:-1500}"
  n="$("$bin" -tce="*slow*" -tse=slow --count | sed -n 's/.*current filters: //p')"
  [ -n "$n" ] || { echo "dev.sh: cannot count the test cases of $bin" >&2; return 1; }
  per=$(( (n + jobs - 1) / jobs ))
  dir="$(mktemp -d)"
  local pids=()
  for ((i = 0; i < jobs; i++)); do
    first=$(( i * per + 1 )); last=$(( (i + 1) * per ))
    [ "$first" -le "$n" ] || break
    echo "== shard $((i + 1)) started $(date -u +%T): cases $first..$(( last < n ? last : n )) of $n, limit $limit s"
    timeout -k 60 "$limit" "$bin" -tce="*slow*" -tse=slow --first="$first" --last="$last" -d \
      >"$dir/shard$i" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    rc=0
    wait "${pids[$i]}" || rc=$?
    echo "== shard $((i + 1))/${#pids[@]} ended $(date -u +%T), exit $rc"
    grep -vE '^[0-9]+\.[0-9]+ s: ' "$dir/shard$i" || true
    echo "-- slowest cases of shard $((i + 1)):"
    grep -E '^[0-9]+\.[0-9]+ s: ' "$dir/shard$i" | sort -rn | head -5 || true
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
      echo "== shard $((i + 1)) TIMED OUT after $limit s: the case named CRASHED: SIGTERM above did not finish" >&2
    fi
    [ "$rc" -eq 0 ] || code=1
  done
  rm -rf "$dir"
  return "$code"
}

# Runs the fast tests of DIR/tests/schedcert_tests with every sanitizer report sent to
# DIR/sanitizer-logs/; fails when a shard failed or any report was written.
san_logs() {  # san_logs DIR
  local logs="$PWD/$1/sanitizer-logs" code=0
  rm -rf "$logs" && mkdir -p "$logs"
  ASAN_OPTIONS="detect_leaks=1:exitcode=86:log_path=$logs/asan" \
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=0:log_path=$logs/ubsan" \
    fast_tests_sharded "./$1/tests/schedcert_tests" || code=$?
  if [ -n "$(ls -A "$logs")" ]; then
    echo "== sanitizer findings ($1/sanitizer-logs):"
    cat "$logs"/* | grep -E "runtime error|ERROR: (Address|Leak)Sanitizer" | sort | uniq -c | sort -rn
    echo "== first report in full:"
    head -60 "$(ls "$logs"/* | head -1)"
    return 1
  fi
  return "$code"
}

case "$what" in
  demo)
    # Quiet phases with the elapsed time; the full output goes to build/demo.log.
    # Elapsed time from the start of this script, so the phases include the package install.
    t0=0
    mkdir -p build
    log="$PWD/build/demo.log"
    : > "$log"
    phase() { printf '== [%02d:%02d] %s\n' $(( (SECONDS - t0) / 60 )) $(( (SECONDS - t0) % 60 )) "$*"; }
    phase "packages installed; configuring (log: build/demo.log)"
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSCHEDCERT_UNITY=ON -DSCHEDCERT_PYTHON=OFF -DSCHEDCERT_BENCHMARKS=OFF >>"$log" 2>&1 \
      || { tail -30 "$log"; echo "== configure failed: build/demo.log has the full output" >&2; exit 1; }
    phase "building schedcert and the Coq-verified LRAT checker (first time: several minutes)"
    cmake --build build -j"$jobs" --target schedcert >>"$log" 2>&1 \
      || { tail -30 "$log"; echo "== build failed: build/demo.log has the full output" >&2; exit 1; }
    phase "built: build/schedcert; running the default job: schedcert certify"
    # The default job: every built-in construction, both engines. Exit 1 means some paper's
    # claim does not hold (the table says which, and why); that is a finding, reported loudly,
    # not a broken build. Any other non-zero code is an error.
    code=0
    ./build/schedcert certify || code=$?
    if [ "$code" -eq 1 ]; then
      echo "== schedcert certify exit 1: the rows marked CLAIM NOT MET above are paper claims that"
      echo "   do not hold for the generated (verified) schedules; see docs/findings.md"
    elif [ "$code" -ne 0 ]; then
      phase "schedcert certify failed (exit $code)"
      exit "$code"
    fi
    phase "done"
    ;;
  test)
    build_rc=0
    build build || build_rc=$?
    wait_bg_install
    [ "$build_rc" -eq 0 ] || exit "$build_rc"
    ctest --test-dir build --output-on-failure -j"$jobs" --timeout 900
    ;;
  bench)
    build build
    for b in build/bench/*_bench; do "$b"; done
    ;;
  asan|intsan)
    # One clang build with AddressSanitizer, UBSan and the integer sanitizer (issues 13, 29:
    # `intsan` is the same stage; before 2026-11-28 they were two builds and two test runs).
    # The fast tests: everything but the cases tagged slow (test-case-exclude on the name, and
    # test-suite-exclude on the "slow" suite that doctest::test_suite("slow") puts them in).
    # Every process (the test binary and each schedcert, schedcert-lrat it runs) writes its
    # reports to build-asan/sanitizer-logs/ (ASan: asan.PID, exit code 86 so that a report can
    # never pass for an expected exit 1; UBSan and the integer checks: ubsan.PID, recoverable so
    # that one run lists them all); the stage fails when any was written.
    build build-asan -DCMAKE_CXX_COMPILER=clang++ -DSCHEDCERT_SANITIZE=ON -DSCHEDCERT_SANITIZE_INTEGER=ON \
      -DSCHEDCERT_BENCHMARKS=OFF
    san_logs build-asan
    ;;
  asan-gcc)
    # The g++ build with ASan + UBSan (vptr included), not in CI since the clang stage above.
    build build-asan-gcc -DSCHEDCERT_SANITIZE=ON -DSCHEDCERT_BENCHMARKS=OFF
    san_logs build-asan-gcc
    ;;
  fuzz)
    bash tests/fuzz/run_fuzz.sh "${2:-60}" build-fuzz
    ;;
  *)
    echo "usage: bash scripts/dev.sh demo|test|bench|asan|intsan|asan-gcc|fuzz [SECONDS]" >&2
    exit 2
    ;;
esac
