#!/usr/bin/env bash
# xvfb.sh runs a command with a virtual X display: the one already set in
# $DISPLAY if it answers, else a fresh Xvfb on a free display number.
set -euo pipefail
if [ -n "${DISPLAY:-}" ] && xdpyinfo >/dev/null 2>&1; then
  exec "$@"
fi
disp=""
for n in $(seq 99 160); do
  if [ ! -e /tmp/.X11-unix/X$n ] && [ ! -e /tmp/.X$n-lock ]; then disp=":$n"; break; fi
done
[ -n "$disp" ] || { echo "xvfb.sh: no free X display number" >&2; exit 1; }
Xvfb "$disp" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
export DISPLAY=$disp
for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
"$@"
