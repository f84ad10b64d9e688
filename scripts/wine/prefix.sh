#!/usr/bin/env bash
# prefix.sh [DIR] makes a fresh 64-bit Wine prefix at DIR (default
# build/wine/prefix; an old one there is removed) for running Go programs
# under Debian's Wine 8: it builds the bcryptprimitives.dll shim with mingw
# (into build/wine, never into a package) and copies it into the prefix's
# windows/system32. Test harness only.
set -euo pipefail
source "$(dirname "$0")/env.sh"
[ $# -gt 0 ] && export WINEPREFIX=$1
here=$(cd "$(dirname "$0")" && pwd)
for tool in wine wineboot x86_64-w64-mingw32-gcc; do
  command -v "$tool" >/dev/null || { echo "prefix.sh: $tool is missing (scripts/deps.sh windows-test installs it)" >&2; exit 1; }
done

mkdir -p "$WINE_BUILD"
dll=$WINE_BUILD/bcryptprimitives.dll
if [ ! -f "$dll" ] || [ "$here/bcryptprimitives.c" -nt "$dll" ] || [ "$here/bcryptprimitives.def" -nt "$dll" ]; then
  x86_64-w64-mingw32-gcc -shared -O2 -o "$dll" "$here/bcryptprimitives.c" "$here/bcryptprimitives.def" -ladvapi32
fi

case $WINEPREFIX in
  /|"") echo "prefix.sh: refusing WINEPREFIX '$WINEPREFIX'" >&2; exit 1 ;;
esac
rm -rf "$WINEPREFIX"
mkdir -p "$(dirname "$WINEPREFIX")"
# wineboot -i makes the prefix; -u would also wait on a display for its
# dialogs, which the override in env.sh keeps away.
wineboot -i >/dev/null 2>&1 || true
wineserver -w
sys=$WINEPREFIX/drive_c/windows/system32
[ -d "$sys" ] || { echo "prefix.sh: wineboot made no $sys" >&2; exit 1; }
cp "$dll" "$sys/bcryptprimitives.dll"
echo "prefix.sh: Wine prefix $WINEPREFIX ready (with the bcryptprimitives.dll shim)"
