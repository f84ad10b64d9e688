#!/usr/bin/env bash
# check-package.sh ARCHIVE: installs an archive made by `make package` the
# way its README line says (tar -xJf, then make install as root), starts the
# installed console with the demo fight under a virtual display, and checks
# that the console's window and the map window it starts both appear.
# Meant for a clean Debian root (../shared/tools/fresh-machine runs a
# command in one); it installs the check's own tools (Xvfb, xdotool, xz)
# first, and nothing of the app's: the archive's install step must. It
# leaves a picture of the screen in /tmp/check-package.xwd.
set -euo pipefail
archive=$(realpath "$1")
export DEBIAN_FRONTEND=noninteractive
tools=(xz-utils xvfb xdotool x11-apps)
echo "check-package: the check's own tools: ${tools[*]}"
apt-get update -qq && apt-get install -y -qq --no-install-recommends "${tools[@]}" >/dev/null

work=$(mktemp -d)
tar -xJf "$archive" -C "$work"
echo "check-package: make install"
(cd "$work/hexslinger" && make install)
for p in hexslinger hexslinger-map; do
  command -v "$p" >/dev/null || { echo "check-package: $p is not on PATH after make install" >&2; exit 1; }
done
echo "check-package: installed $(command -v hexslinger) and $(command -v hexslinger-map)"
ls /usr/local/share/applications/io.github.hexslinger.desktop /usr/local/share/pixmaps/io.github.hexslinger.png

mkfifo "$work/fd"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$work/fd" >"$work/xvfb.log" 2>&1 &
xvfb=$!
read -r -t 30 num <"$work/fd"
export DISPLAY=:$num HOME=$work/home
mkdir -p "$HOME"
hexslinger --fight demo >"$work/console.log" 2>&1 &
console=$!
trap 'kill $console $xvfb 2>/dev/null || true' EXIT
found=""
for _ in $(seq 120); do
  if xdotool search --name '^hexslinger — Showdown' >/dev/null 2>&1 &&
     xdotool search --name '^hexslinger — map' >/dev/null 2>&1; then found=yes; break; fi
  kill -0 $console 2>/dev/null || break
  sleep 0.5
done
echo "check-package: windows on $DISPLAY:"
for id in $(xdotool search --name 'hexslinger' 2>/dev/null); do
  echo "  $(xdotool getwindowname "$id") ($(xdotool getwindowgeometry "$id" | sed -n 's/.*Geometry: //p'))"
done
pgrep -a hexslinger-map || true
if [ -z "$found" ]; then
  echo "check-package: FAILED: the console and its map window did not both open; the console said:" >&2
  cat "$work/console.log" >&2
  exit 1
fi
sleep 3   # let both windows draw, then keep a picture of the screen
xwd -root -silent -out /tmp/check-package.xwd && echo "check-package: screen saved in /tmp/check-package.xwd"
echo "check-package: the installed console opened its map window"
