#!/usr/bin/env bash
# SCCL (msccl-tools) least-steps Allreduce on the issue-28 instances, for the side-by-side table
# of docs/synthesis.md ("Allreduce", "Against SCCL"). Needs an extracted msccl-tools source
# (`fetch github:microsoft/msccl-tools`, `git archive HEAD | tar -x -C DIR`) and Debian's
# python3-z3, python3-lxml, python3-dataclasses-json, python3-humanfriendly, python3-tabulate,
# python3-argcomplete, python3-igraph (tests/fixtures/msccl/sccl/README.md).
#   bash bench/sccl_allreduce.sh MSCCL_DIR OUT_DIR [SECONDS=300] [INSTANCE...]
# INSTANCE: Ring:N (msccl's built-in ring), DGX1, or a schedcert network name Qd / KaxKb written
# as a custom topology by bench/sccl_make_topology.py. Prints one line per instance: the least
# steps SCCL reported (or "none"), its last lines, wall and CPU seconds (of the whole process
# tree, children included; on a loaded machine CPU is the fair figure). SCCL_NICE (default 15)
# sets its priority.
set -euo pipefail
msccl="$1" out="$2" secs="${3:-300}"; shift 3 || true
[ $# -gt 0 ] || set -- Ring:7 Ring:8 Q4 K4xK2
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out" && cd "$out"
export PYTHONPATH="$msccl"
for inst in "$@"; do
  case "$inst" in
    Ring:*) topo=(Ring -n "${inst#Ring:}") ;;
    DGX1) topo=(DGX1) ;;
    *) /usr/bin/python3 "$here/sccl_make_topology.py" "$inst" >/dev/null; topo=(custom --topology-file "$inst.topology.json") ;;
  esac
  log="sccl-allreduce-${inst/:/}.log"
  set +e
  /usr/bin/time -f "%e %U %S" -o "$log.time" timeout "$secs" nice -n "${SCCL_NICE:-15}" \
    /usr/bin/python3 -m msccl solve least-steps "${topo[@]}" Allreduce > "$log" 2>&1
  rc=$?
  set -e
  read -r wall user sys < <(tail -1 "$log.time")
  steps="$(grep -o -E 'steps=[0-9]+' "$log" | tail -1 || true)"
  tried="$(grep -c -i unsat "$log" || true)"
  echo "$inst: exit $rc, ${steps:-no algorithm}, $tried unsatisfiable answers, wall ${wall}s, CPU $(echo "$user + $sys" | bc)s; last: $(tail -1 "$log" | cut -c1-100)"
done
