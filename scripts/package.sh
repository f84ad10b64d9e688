#!/usr/bin/env bash
# package.sh makes build/hexslinger-VERSION-linux-ARCH.tar.xz: both programs
# (the console and the map window it opens), the icon and the menu entry,
# with a Makefile whose `sudo make install` puts them under /usr/local and
# installs the libraries they need at run time (on Debian-like systems).
#
# fyne package makes the archive from FyneApp.toml (name, id, version,
# icon) for the console; this script adds hexslinger-map beside it, since
# Fyne's packager knows one program per app, the player's map for
# browsers (hexslinger-web.wasm and wasm_exec.js, installed in
# PREFIX/share/hexslinger, where the console looks from PREFIX/bin), and
# the run-time libraries.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FYNE_TOOL=fyne.io/tools/cmd/fyne@v1.7.4   # the packager, run at a fixed version

version=$(sed -n 's/^Version *= *"\(.*\)"/\1/p' FyneApp.toml)
arch=$($GO env GOARCH)
out=build/pkg
rm -rf "$out" && mkdir -p "$out"

echo "package: building both programs (release flags)"
$GO build -ldflags "-s -w" -o "$out/hexslinger" .
$GO build -ldflags "-s -w" -o "$out/hexslinger-map" ./app/hexslinger-map
GOOS=js GOARCH=wasm $GO build -ldflags "-s -w" -o "$out/hexslinger-web.wasm" ./app/hexslinger-web
goroot=$($GO env GOROOT)
cp "$(ls "$goroot/lib/wasm/wasm_exec.js" "$goroot/misc/wasm/wasm_exec.js" 2>/dev/null | head -1)" "$out/wasm_exec.js"

echo "package: fyne package (the console, its icon and menu entry)"
rm -f hexslinger.tar.xz
# fyne package counts Build up in FyneApp.toml each run; a release's
# number is set by hand, so the file is put back as it was.
cp FyneApp.toml "$out/FyneApp.toml.orig"
trap 'cp "$out/FyneApp.toml.orig" FyneApp.toml' EXIT
$GO run "$FYNE_TOOL" package -os linux --release --exe "$out/hexslinger" --name hexslinger
mv hexslinger.tar.xz "$out/"
tar -xJf "$out/hexslinger.tar.xz" -C "$out"
stage=$out/hexslinger
[ -x "$stage/usr/local/bin/hexslinger" ] || { echo "package: fyne package made no usr/local/bin/hexslinger" >&2; exit 1; }

echo "package: adding hexslinger-map and the run-time libraries to the install step"
install -Dm0755 "$out/hexslinger-map" "$stage/usr/local/bin/hexslinger-map"
mk=$stage/Makefile
# Each line that installs or removes the console gets a twin for the map window.
sed -i \
  -e 's|^\(\tinstall -Dm00755 usr/local/bin/\)$(Exec) \(.*\)/$(Exec)$|&\n\1hexslinger-map \2/hexslinger-map|' \
  -e 's|^\(\t-rm .*/bin/\)$(Exec)$|&\n\1hexslinger-map|' \
  "$mk"
grep -q 'usr/local/bin/hexslinger-map $(DESTDIR)$(PREFIX)/bin/hexslinger-map' "$mk" ||
  { echo "package: fyne package's Makefile changed shape; cannot add hexslinger-map to it" >&2; exit 1; }
# And each line of the map window's gets twins for the browser's map, in
# share/hexslinger beside bin.
for f in hexslinger-web.wasm wasm_exec.js; do
  install -Dm0644 "$out/$f" "$stage/usr/local/share/hexslinger/$f"
  sed -i \
    -e "s|^\(\tinstall -Dm00755 usr/local/bin/hexslinger-map \(.*\)/bin/hexslinger-map\)$|\1\n\tinstall -Dm00644 usr/local/share/hexslinger/$f \2/share/hexslinger/$f|" \
    -e "s|^\(\t-rm \(.*\)/bin/hexslinger-map\)$|\1\n\t-rm \2/share/hexslinger/$f|" \
    "$mk"
done
grep -q 'usr/local/share/hexslinger/hexslinger-web.wasm $(DESTDIR)$(PREFIX)/share/hexslinger/hexslinger-web.wasm' "$mk" ||
  { echo "package: cannot add the browser's map to fyne package's Makefile" >&2; exit 1; }
sed -i -e 's|^install:$|install: runtime-deps|' -e 's|^user-install:$|user-install: runtime-deps|' "$mk"
cat >>"$mk" <<'MK'

# The libraries the two programs load: OpenGL (and Mesa's drivers, which
# render in software where there is no GPU), X11 and the X extensions GLFW
# opens, and GTK 3 for the map window's file dialogs. As root on a
# Debian-like system the missing ones are installed; otherwise listed.
RUNTIME_DEBS := libgl1 libgl1-mesa-dri libx11-6 libxcursor1 libxrandr2 libxinerama1 libxi6 libxxf86vm1 libgtk-3-0
runtime-deps:
	@if command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then \
	  missing=""; \
	  for p in $(RUNTIME_DEBS); do \
	    [ "$$(dpkg-query -W -f='$${Status}' $$p 2>/dev/null)" = "install ok installed" ] || missing="$$missing $$p"; \
	  done; \
	  if [ -z "$$missing" ]; then exit 0; fi; \
	  if [ "$$(id -u)" -ne 0 ]; then echo "hexslinger needs these packages: sudo apt-get install$$missing"; exit 0; fi; \
	  echo "installing the libraries hexslinger needs:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	else \
	  echo "hexslinger needs OpenGL (Mesa), X11 with Xcursor, Xrandr, Xinerama, Xi and Xxf86vm, and GTK 3: install them with your system's package manager"; \
	fi
MK

name=hexslinger-$version-linux-$arch.tar.xz
tar -C "$out" -cJf "build/$name" hexslinger
rm -f "$out/hexslinger.tar.xz"
echo "package: build/$name ($(du -h "build/$name" | cut -f1)); to install: tar -xJf build/$name && cd hexslinger && sudo make install"
