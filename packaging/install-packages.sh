#!/usr/bin/env bash
# Installs what packaging/debian-packages.txt lists for MODE (a mode of
# packaging/quickstart.sh, or `fresh`), skipping what is already installed:
#   bash packaging/install-packages.sh MODE
set -euo pipefail

mode=${1:?usage: bash packaging/install-packages.sh MODE}
list="$(dirname "$0")/debian-packages.txt"

# A line is `package [mode...]`; without modes the package serves every mode.
wanted=$(awk -v mode="$mode" '
    /^[[:space:]]*(#|$)/ { next }
    NF == 1 { print $1; next }
    { for (i = 2; i <= NF; ++i) if ($i == mode) { print $1; next } }
' "$list")

missing=()
for p in $wanted; do
    # node and npm from elsewhere (a newer NodeSource build) serve as well.
    case "$p" in
    nodejs) command -v node >/dev/null 2>&1 && continue ;;
    npm) command -v npm >/dev/null 2>&1 && continue ;;
    esac
    [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "docshape: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Another apt may hold the lock (unattended upgrades on a new machine): wait.
apt_get() { apt-get -o DPkg::Lock::Timeout=600 "$@"; }
apt_get update -qq
apt_get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
