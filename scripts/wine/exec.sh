#!/usr/bin/env bash
# exec.sh PROGRAM.exe [ARGS...] runs a Windows program under Wine in the
# harness's prefix (WINEPREFIX, default build/wine/prefix: make it with
# prefix.sh), quietly: the runner for `GOOS=windows go test -exec`.
# go test runs it in the package's folder, which Wine sees as Z:\…, so the
# tests' testdata is found as on Windows.
set -euo pipefail
source "$(dirname "$0")/env.sh"
[ -d "$WINEPREFIX/drive_c" ] || { echo "exec.sh: no Wine prefix at $WINEPREFIX (run scripts/wine/prefix.sh)" >&2; exit 1; }
exec wine "$@"
