#!/usr/bin/env bash
# test-windows.sh checks hexslinger on Windows, under Debian's Wine on this
# Linux machine (make test-windows, which builds the zip first):
#  1. the pure packages' tests, cross-compiled and run under Wine in a fresh
#     prefix (scripts/wine: the bcryptprimitives.dll shim Go needs under
#     Wine 8, and a Go overlay so that t.TempDir's cleanup works there);
#  2. the zip's contents, and its console started under Wine and Xvfb to
#     make a move, quit and reopen the fight (e2e/wine_test.go).
# Screenshots of the second go to build/wine/shots.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
source scripts/wine/env.sh
pkgs=(./hexmap ./rules/... ./app/session ./app/session/transport ./internal/...)

echo "test-windows: a fresh Wine prefix"
scripts/wine/prefix.sh
# _overlay: a folder whose name starts with _ is skipped by go ./... patterns
scripts/wine/overlay.sh "$WINE_BUILD/_overlay"
trap 'wineserver -k 2>/dev/null || true' EXIT

# -short: the tests that bound a long journal's memory (a heap sampler's
# peak, which under Wine's scheduling the GC lets overshoot: 3.4× to 5.9×
# against 3×, now and then) and the random fights' longer runs are the
# same on every system and run in make test; here the OS's part counts.
# A package that fails is run again once, and says so: under Wine, on a
# shared machine, the transport's timing can slip.
units() {
  GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $GO test -short -count=1 \
    -overlay "$WINE_BUILD/_overlay/overlay.json" \
    -exec "$PWD/scripts/wine/exec.sh" "$@"
}
echo "test-windows: the pure packages' tests under Wine: ${pkgs[*]}"
log=$WINE_BUILD/units.log
if ! units "${pkgs[@]}" 2>&1 | tee "$log"; then
  failed=($(sed -n 's/^FAIL\t\(hexslinger[^[:space:]]*\).*/\1/p' "$log" | sort -u))
  [ ${#failed[@]} -gt 0 ] || { echo "test-windows: the tests under Wine failed (above)" >&2; exit 1; }
  echo "test-windows: failed once under Wine (output above): ${failed[*]}; running those again"
  units "${failed[@]}"
fi

# Real windows under Wine on a shared machine are timing-sensitive, as
# make e2e's are: one failure is run again once, and says so.
echo "test-windows: the zip, and its console under Wine"
smoke() { scripts/xvfb.sh $GO test -count=1 -tags wine -v -run 'TestWindowsZip|TestWindowsSmoke' ./e2e/; }
smoke || { echo "test-windows: the zip's console failed once under Wine (output above); running it again"; smoke; }
