#!/usr/bin/env bash
# DocShape quick start on Debian 12, as root:
#   bash packaging/quickstart.sh studio   install, build, open the studio on an example
#   bash packaging/quickstart.sh test     install, build, run every test (ctest)
# Extra modes used by CI and developers:
#   bash packaging/quickstart.sh sanitize build the model tests with ASan+UBSan and run them
#   bash packaging/quickstart.sh bench    build in Release and run the benchmarks
set -euo pipefail

mode=${1:-}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jobs=${DOCSHAPE_JOBS:-2}
example=resources/examples/order-aggregate.docshape

install_packages() {
    local wanted missing=()
    wanted=$(grep -v '^#' packaging/debian-packages.txt | grep -v '^$')
    for p in $wanted; do
        # node and npm from elsewhere (a newer NodeSource build) serve as well.
        case "$p" in
        nodejs) command -v node >/dev/null 2>&1 && continue ;;
        npm) command -v npm >/dev/null 2>&1 && continue ;;
        esac
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "docshape: installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

build() { # build DIR [cmake options...]
    local dir=$1
    shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
    cmake --build "$dir" -j"$jobs"
}

case "$mode" in
studio)
    install_packages
    build build -DDOCSHAPE_BENCH=OFF
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
        echo "docshape: no display here; the same analysis on the command line: build/app/cli/docshape-cli analyze $example"
        exec build/app/cli/docshape-cli analyze "$example"
    fi
    exec build/app/studio/docshape "$example"
    ;;
test)
    install_packages
    build build
    cd build
    exec ctest --output-on-failure -j"$jobs" --timeout 600
    ;;
sanitize)
    install_packages
    build build-asan -DDOCSHAPE_SANITIZE=ON -DDOCSHAPE_STUDIO=OFF -DDOCSHAPE_BENCH=OFF
    cd build-asan
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        exec ctest --output-on-failure -j"$jobs" --timeout 900
    ;;
bench)
    install_packages
    build build-release -DCMAKE_BUILD_TYPE=Release
    # bench_import runs mongodb-schema beside DocShape when node has its packages.
    if command -v npm >/dev/null 2>&1; then
        (cd bench/import && npm ci --no-audit --no-fund --silent) || echo "docshape: npm ci in bench/import failed; bench_import runs without mongodb-schema"
    fi
    for b in build-release/bench/bench_*; do
        [ -x "$b" ] || continue
        echo "== $(basename "$b")"
        "$b" || echo "   ($(basename "$b") reports a missed budget)"
    done
    ;;
*)
    echo "usage: bash packaging/quickstart.sh studio|test|sanitize|bench" >&2
    exit 2
    ;;
esac
