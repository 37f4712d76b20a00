#!/usr/bin/env bash
# Issue 29: measures the README's first command on a fresh Debian 12, as a newcomer runs it:
# a debootstrap (minbase) chroot with nothing installed or cached, a clone of SOURCE, then
# `bash scripts/dev.sh demo` inside it; prints the phases and the whole wall time.
#   apt-get install debootstrap && debootstrap --variant=minbase bookworm /srv/demo-root
#   bash scripts/measure-demo.sh /srv/demo-root [SOURCE (default: this checkout)]
# Runs as root (chroot, mounts). The clone goes to ROOT/root/schedcert (replaced if present).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: bash scripts/measure-demo.sh CHROOT_DIR [SOURCE]" >&2; exit 2; }
R="$1"; SRC="${2:-$(cd "$(dirname "$0")/.." && pwd)}"
[ -x "$R/bin/bash" ] || { echo "measure-demo: $R is not a debootstrap root (no bin/bash)" >&2; exit 2; }
# Unmount on exit: a later `rm -rf ROOT` must not reach the host's /dev through a bind mount.
trap 'umount -l "$R/proc" "$R/dev" "$R/sys" 2>/dev/null || true' EXIT
mountpoint -q "$R/proc" || mount -t proc proc "$R/proc"
mountpoint -q "$R/dev" || mount --bind /dev "$R/dev"
mountpoint -q "$R/sys" || mount --bind /sys "$R/sys"
cp /etc/resolv.conf "$R/etc/resolv.conf"
rm -rf "$R/root/schedcert"
git clone -q "$SRC" "$R/root/schedcert"
echo "== measuring $(git -C "$R/root/schedcert" log --oneline -1); $(uptime)"
start=$(date +%s) code=0
chroot "$R" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb \
  /bin/bash -c 'cd /root/schedcert && bash scripts/dev.sh demo' || code=$?
echo "== demo exit $code, wall $(( $(date +%s) - start )) s; $(uptime)"
