#!/usr/bin/env bash
# windows.sh makes build/hexslinger-VERSION-windows-amd64.zip on Linux, with
# no Windows machine: hexslinger.exe (the console: cgo, built with Debian's
# mingw-w64 cross compiler), hexslinger-map.exe (the map window: no cgo) and
# README.txt, and the player's map for browsers (hexslinger-web.wasm,
# wasm_exec.js), which the console serves. Both programs carry their icon
# and version information (from FyneApp.toml: scripts/winres writes the
# .ico and .rc, mingw's windres compiles them into a .syso that go build
# links; the .syso sits in the package's folder for the build only). Both
# are GUI programs (-H windowsgui): a double-click opens no terminal
# window.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
CC_WIN=${CC_WIN:-x86_64-w64-mingw32-gcc}
WINDRES=${WINDRES:-x86_64-w64-mingw32-windres}
for tool in "$CC_WIN" "$WINDRES" zip; do
  command -v "$tool" >/dev/null || { echo "windows: $tool is missing (scripts/deps.sh windows installs it)" >&2; exit 1; }
done

version=$(sed -n 's/^Version *= *"\(.*\)"/\1/p' FyneApp.toml)
[ -n "$version" ] || { echo "windows: FyneApp.toml has no Version" >&2; exit 1; }
out=build/windows
stage=$out/hexslinger-$version-windows-amd64
zip=build/hexslinger-$version-windows-amd64.zip
rm -rf "$stage" "$zip" && mkdir -p "$stage" "$out/res"

# The .syso files live in the source tree only while go build runs.
syso=(rsrc_windows_amd64.syso app/hexslinger-map/rsrc_windows_amd64.syso)
trap 'rm -f "${syso[@]}"' EXIT
res() { # res NAME.exe DESCRIPTION SYSO
  local name=${1%.exe}
  $GO run ./scripts/winres -app FyneApp.toml -exe "$1" -desc "$2" -o "$out/res/$name"
  (cd "$out/res" && "$WINDRES" -O coff -o "$name.syso" "$name.rc")
  cp "$out/res/$name.syso" "$3"
}
res hexslinger.exe "hexslinger, the Judge's console" "${syso[0]}"
res hexslinger-map.exe "hexslinger's map window" "${syso[1]}"

ldflags="-s -w -H windowsgui"
echo "windows: building hexslinger-map.exe"
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $GO build -ldflags "$ldflags" -o "$stage/hexslinger-map.exe" ./app/hexslinger-map
echo "windows: building hexslinger.exe (cgo with $CC_WIN; minutes on a cold build cache)"
GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=$CC_WIN $GO build -ldflags "$ldflags" -o "$stage/hexslinger.exe" .
rm -f "${syso[@]}"
# The player's map for browsers, which the console serves beside it.
echo "windows: building hexslinger-web.wasm"
GOOS=js GOARCH=wasm $GO build -ldflags "-s -w" -o "$stage/hexslinger-web.wasm" ./app/hexslinger-web
goroot=$($GO env GOROOT)
cp "$(ls "$goroot/lib/wasm/wasm_exec.js" "$goroot/misc/wasm/wasm_exec.js" 2>/dev/null | head -1)" "$stage/wasm_exec.js"

# README.txt in Windows' line endings, for Notepad.
sed "s/@VERSION@/$version/" scripts/windows-readme.txt | sed 's/$/\r/' >"$stage/README.txt"

(cd "$out" && zip -q -X -r "../$(basename "$zip")" "$(basename "$stage")")
echo "windows: $zip ($(du -h "$zip" | cut -f1)): unzip it on Windows and double-click hexslinger.exe"
