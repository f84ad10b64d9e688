#!/usr/bin/env bash
# exec.sh PROGRAM.exe [ARGS...] runs a Windows program under Wine in the
# harness's prefix (WINEPREFIX, default build/wine/prefix: make it with
# prefix.sh), quietly: the runner for `GOOS=windows go test -exec`.
# go test runs it in the package's folder, which Wine sees as Z:\…, so the
# tests' testdata is found as on Windows.
set -euo pipefail
source "$(dirname "$0")/env.sh"
[ -d "$WINEPREFIX/drive_c" ] || { echo "exec.sh: no Wine prefix at $WINEPREFIX (run scripts/wine/prefix.sh)" >&2; exit 1; }
# The first Wine program of a session starts the wineserver and Wine's
# services (explorer, plugplay, …), which inherit its standard output and
# outlive it: go test then waits a minute for a test's output to close
# ("Test I/O incomplete"). So a server is started here first, staying 60 s
# after its last program, and the services with it, all with no stdio. The
# lock keeps two test programs started at once from racing to do it.
exec 9>"$WINEPREFIX/.exec.lock"
flock 9
if wineserver -p60 </dev/null >/dev/null 2>&1; then
  wine cmd /c exit </dev/null >/dev/null 2>&1 || true
fi
flock -u 9
exec 9>&-
exec wine "$@"
