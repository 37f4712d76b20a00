#!/usr/bin/env bash
# Issue 29: measures one of the README's commands, or the CI, on a fresh Debian 12 as a newcomer
# (or a CI runner) meets it: a debootstrap (minbase) chroot with nothing installed or cached, a
# clone of SOURCE, then inside it
#   demo: bash scripts/dev.sh demo          (the README's first command)
#   ci:   bash .ci/run                      (the whole CI: packages, builds, every stage)
# and prints the phases and the whole wall time.
#   apt-get install debootstrap && debootstrap --variant=minbase bookworm /srv/fresh-root
#   bash scripts/measure-fresh.sh /srv/fresh-root demo|ci [SOURCE (default: this checkout)]
# A root can be used once (its packages are installed afterwards): copy it first (cp -a) to
# measure again. Runs as root (chroot, mounts). The clone goes to ROOT/root/schedcert.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: bash scripts/measure-fresh.sh CHROOT_DIR demo|ci [SOURCE]" >&2; exit 2; }
R="$1"; what="$2"; SRC="${3:-$(cd "$(dirname "$0")/.." && pwd)}"
case "$what" in
  demo) cmd='bash scripts/dev.sh demo' ;;
  ci) cmd='bash .ci/run' ;;
  *) echo "measure-fresh: the second argument must be demo or ci, not '$what'" >&2; exit 2 ;;
esac
[ -x "$R/bin/bash" ] || { echo "measure-fresh: $R is not a debootstrap root (no bin/bash)" >&2; exit 2; }
# Unmount on exit: a later `rm -rf ROOT` must not reach the host's /dev through a bind mount.
trap 'umount -R -l "$R/dev" 2>/dev/null; umount -l "$R/proc" "$R/sys" 2>/dev/null || true' EXIT
mountpoint -q "$R/proc" || mount -t proc proc "$R/proc"
# --rbind: /dev/shm and /dev/pts come along (Chromium and OpenMPI use shared memory).
mountpoint -q "$R/dev" || mount --rbind /dev "$R/dev"
mountpoint -q "$R/sys" || mount --bind /sys "$R/sys"
cp /etc/resolv.conf "$R/etc/resolv.conf"
rm -rf "$R/root/schedcert"
git clone -q "$SRC" "$R/root/schedcert"
echo "== measuring '$cmd' on $(git -C "$R/root/schedcert" log --oneline -1); $(uptime)"
start=$(date +%s) code=0
chroot "$R" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb \
  /bin/bash -c "cd /root/schedcert && $cmd" || code=$?
echo "== $what exit $code, wall $(( $(date +%s) - start )) s; $(uptime)"
exit "$code"
