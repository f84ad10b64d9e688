#!/usr/bin/env bash
# overlay.sh OUTDIR writes OUTDIR/overlay.json for `go build/test -overlay`:
# a copy of this machine's GOROOT src/internal/syscall/windows/at_windows.go
# whose Deleteat also falls back to the older delete when Wine 8 answers
# STATUS_NOT_IMPLEMENTED (0xC0000002) or STATUS_INVALID_DEVICE_REQUEST
# (0xC0000010) to FILE_DISPOSITION_INFORMATION_EX, as it does when the file
# system lacks it (STATUS_NOT_SUPPORTED). Without it os.RemoveAll, and so
# t.TempDir's cleanup, fails under Wine ("unlinkat …: Invalid function").
# Test harness only: the package is built without it. GOROOT differs from
# machine to machine, so the copy is made from the local one each time, and
# a GOROOT whose file changed shape fails here, loudly.
set -euo pipefail
out=${1:?usage: overlay.sh OUTDIR}
GO=${GO:-go}
goroot=$($GO env GOROOT)
src=$goroot/src/internal/syscall/windows/at_windows.go
mkdir -p "$out"
dst=$(cd "$out" && pwd)/at_windows.go
if [ ! -f "$src" ]; then
  # Go before 1.24 had no Deleteat here: nothing to patch.
  echo '{"Replace":{}}' >"$out/overlay.json"
  echo "overlay.sh: $src does not exist; empty overlay" >&2
  exit 0
fi
want='		STATUS_NOT_SUPPORTED:     // the file system doesn'"'"'t support FILE_DISPOSITION_INFORMATION_EX or one of the flags'
if ! grep -qxF "$want" "$src"; then
  echo "overlay.sh: $src has no line" >&2
  echo "  $want" >&2
  echo "  to patch (Go $($GO env GOVERSION)); update scripts/wine/overlay.sh for it" >&2
  exit 1
fi
awk -v want="$want" '
  $0 == want {
    print "\t\tSTATUS_NOT_SUPPORTED, // the file system doesn'"'"'t support FILE_DISPOSITION_INFORMATION_EX or one of the flags"
    print "\t\tNTStatus(0xC0000002), NTStatus(0xC0000010): // Wine 8: not implemented, invalid device request"
    n++; next
  }
  { print }
  END { if (n != 1) exit 1 }
' "$src" >"$dst"
grep -q 'NTStatus(0xC0000002), NTStatus(0xC0000010):' "$dst" || { echo "overlay.sh: the patch did not apply to $src" >&2; exit 1; }
printf '{"Replace":{"%s":"%s"}}\n' "$src" "$dst" >"$out/overlay.json"
