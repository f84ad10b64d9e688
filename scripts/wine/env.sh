# env.sh, sourced by the other scripts here: where the Wine harness keeps
# its outputs (build/wine, gitignored) and the quiet Wine settings.
# WINE_BUILD may be set to another folder; WINEPREFIX defaults to one there.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WINE_BUILD=${WINE_BUILD:-$root/build/wine}
export WINEPREFIX=${WINEPREFIX:-$WINE_BUILD/prefix}
export WINEDEBUG=${WINEDEBUG:--all}
# No Mono or Gecko install prompts while a prefix is made: the tests need
# neither .NET nor the HTML engine.
export WINEDLLOVERRIDES=${WINEDLLOVERRIDES:-mscoree,mshtml=}
export WINEARCH=win64
