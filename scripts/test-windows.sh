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
scripts/wine/overlay.sh "$WINE_BUILD/overlay"
trap 'wineserver -k 2>/dev/null || true' EXIT

echo "test-windows: the pure packages' tests under Wine: ${pkgs[*]}"
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $GO test -count=1 \
  -overlay "$WINE_BUILD/overlay/overlay.json" \
  -exec "$PWD/scripts/wine/exec.sh" "${pkgs[@]}"

echo "test-windows: the zip, and its console under Wine"
scripts/xvfb.sh $GO test -count=1 -tags wine -v -run 'TestWindowsZip|TestWindowsSmoke' ./e2e/
