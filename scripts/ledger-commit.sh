#!/usr/bin/env bash
# Keeps a cube run's ledger committed while the run goes on (issue 27, item 4): every MINUTES
# (default 10) it writes the ledger of RUN_DIR to LEDGER (a path inside a git work tree) with
# `schedcert cube ledger`, and commits that one file when it changed. It stops after a last
# write once process PID (the run) has ended; without --pid it runs until killed.
#   nohup nice -n 19 bash scripts/ledger-commit.sh /work/runs/a7k21 ledgers/alpha-d7-k21.jsonl \
#     --pid "$(pgrep -f 'max-size 21')" --every 10 &
# SCHEDCERT names the binary (default: build/schedcert of this checkout).
set -euo pipefail
usage() { echo "usage: bash scripts/ledger-commit.sh RUN_DIR LEDGER [--every MINUTES] [--pid PID]" >&2; exit 2; }
[ $# -ge 2 ] || usage
run="$1" ledger="$2"; shift 2
every=10 pid=""
while [ $# -gt 0 ]; do
  case "$1" in
    --every) every="$2"; shift 2 ;;
    --pid) pid="$2"; shift 2 ;;
    *) usage ;;
  esac
done
here="$(cd "$(dirname "$0")/.." && pwd)"
schedcert="${SCHEDCERT:-$here/build/schedcert}"
[ -d "$run" ] || { echo "ledger-commit: RUN_DIR '$run' is not a directory" >&2; exit 2; }
mkdir -p "$(dirname "$ledger")"
repo="$(git -C "$(dirname "$ledger")" rev-parse --show-toplevel)"
name="$(basename "$ledger" .jsonl)"

commit_once() {
  "$schedcert" cube ledger "$run" -o "$ledger" > /tmp/ledger-commit.$$ || return 1
  local what; what="$(sed 's/ -> .*//' /tmp/ledger-commit.$$)"   # "ledger: 812 of 20955 cubes finished (...)"
  if ! git -C "$repo" ls-files --error-unmatch "$ledger" >/dev/null 2>&1 || ! git -C "$repo" diff --quiet -- "$ledger"; then
    git -C "$repo" add -- "$ledger"
    for _ in 1 2 3 4 5; do  # another process may hold the index for a moment
      if git -C "$repo" commit -q -m "$name ${what#ledger: }" -- "$ledger"; then echo "$(date -u +%FT%TZ) committed: $what"; return 0; fi
      sleep 3
    done
    echo "ledger-commit: commit failed 5 times" >&2
  fi
}

while true; do
  alive=1
  if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then alive=0; fi
  commit_once || true
  [ "$alive" = 1 ] || exit 0
  sleep $(( every * 60 ))
done
