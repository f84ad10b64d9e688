#!/usr/bin/env bash
# deps.sh installs the system packages hexslinger needs to build and test:
# the C headers Fyne, Ebiten and GTK3 (native file dialogs) link against, and
# for tests Xvfb, xdotool, ImageMagick and Chromium (the browser player's
# end-to-end test drives it headless). It installs only what is missing.
#
#   scripts/deps.sh build   # headers for building the two programs
#   scripts/deps.sh test    # build headers plus the virtual display tools
#                           # and chromium
#   scripts/deps.sh package # build headers plus xz for the release archive
#   scripts/deps.sh windows # the mingw-w64 cross compiler and zip (make windows)
#   scripts/deps.sh windows-test # those plus Wine, Xvfb, xdotool, ImageMagick
#                                # and xwininfo (make test-windows)
set -euo pipefail

what=${1:-build}
build_pkgs=(gcc pkg-config libgl1-mesa-dev xorg-dev libx11-dev libxcursor-dev
  libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev libgtk-3-dev
  libasound2-dev)
test_pkgs=(xvfb xdotool imagemagick x11-utils chromium)
package_pkgs=(xz-utils)
# The Windows package is cross-compiled: mingw-w64 for the console's cgo
# (its windres makes the icon and version resource) and zip; its test runs
# the programs under Wine (wine64 for 64-bit programs) on a virtual display.
windows_pkgs=(gcc-mingw-w64-x86-64 zip)
windows_test_pkgs=(wine wine64 xvfb xdotool imagemagick x11-utils)

pkgs=("${build_pkgs[@]}")
case $what in
  build) ;;
  test) pkgs+=("${test_pkgs[@]}") ;;
  package) pkgs+=("${package_pkgs[@]}") ;;
  # The cross build needs none of the Linux GUI headers.
  windows) pkgs=("${windows_pkgs[@]}") ;;
  windows-test) pkgs=("${windows_pkgs[@]}" "${windows_test_pkgs[@]}") ;;
  *) echo "usage: $0 build|test|package|windows|windows-test" >&2; exit 2 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "deps: this is not a Debian-like system; install these (or your system's equivalents) yourself:" >&2
  echo "  ${pkgs[*]}" >&2
  echo "  (Fedora: gcc pkgconf mesa-libGL-devel libXcursor-devel libXrandr-devel libXinerama-devel libXi-devel libXxf86vm-devel gtk3-devel alsa-lib-devel xorg-x11-server-Xvfb xdotool ImageMagick xwininfo)" >&2
  # Go on: the headers may be there under other names; the build says if not.
  exit 0
fi

missing=()
for p in "${pkgs[@]}"; do
  st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$st" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
    echo "deps: not root and no sudo; run as root: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
