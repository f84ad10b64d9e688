#!/usr/bin/env bash
# xvfb.sh runs a command with a virtual X display: the one already set in
# $DISPLAY if it answers, else a fresh Xvfb on a display number Xvfb picks
# itself (-displayfd), so that two runs, or a run in a chroot beside one
# outside it, never race for the same number.
set -euo pipefail
if [ -n "${DISPLAY:-}" ] && xdpyinfo >/dev/null 2>&1; then
  exec "$@"
fi
command -v Xvfb >/dev/null || { echo "xvfb.sh: Xvfb is not installed (scripts/deps.sh test installs it)" >&2; exit 1; }
dir=$(mktemp -d)
mkfifo "$dir/fd"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$dir/fd" >"$dir/log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$dir"' EXIT
num=""
read -r -t 30 num <"$dir/fd" || true
if [ -z "$num" ]; then
  echo "xvfb.sh: Xvfb did not start:" >&2; cat "$dir/log" >&2; exit 1
fi
export DISPLAY=:$num
"$@"
