#!/usr/bin/env bash
# Issue 29: the README's first command on a fresh Debian 12 chroot; see scripts/measure-fresh.sh.
#   apt-get install debootstrap && debootstrap --variant=minbase bookworm /srv/demo-root
#   bash scripts/measure-demo.sh /srv/demo-root [SOURCE (default: this checkout)]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: bash scripts/measure-demo.sh CHROOT_DIR [SOURCE]" >&2; exit 2; }
exec bash "$(dirname "$0")/measure-fresh.sh" "$1" demo "${@:2}"
