#!/usr/bin/env bash
# DocShape quick start on Debian 12, as root:
#   bash packaging/quickstart.sh studio   install, build, open the studio on an example
#   bash packaging/quickstart.sh test     install, build, run every test (ctest)
#   bash packaging/quickstart.sh package  build docshape_<version>_amd64.deb in build/
# Extra modes used by CI and developers:
#   bash packaging/quickstart.sh sanitize build the model tests with ASan+UBSan and run them
#   bash packaging/quickstart.sh bench    build in Release and run the benchmarks
#   bash packaging/quickstart.sh fresh    the quick start and the package on fresh Debian 12
#                                         roots (packaging/fresh-check.sh)
#   bash packaging/quickstart.sh fuzz [SECONDS]
#                                         build the libFuzzer targets (tests/fuzz) with clang
#                                         in build-fuzz and run each SECONDS (60) on its corpus,
#                                         one at a time; fails on any finding
# Each mode installs the packages packaging/debian-packages.txt lists for it.
set -euo pipefail

mode=${1:-}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jobs=${DOCSHAPE_JOBS:-2}
example=resources/examples/order-aggregate.docshape

build() { # build DIR [cmake options...]
    local dir=$1
    shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
    cmake --build "$dir" -j"$jobs"
}

case "$mode" in
studio | test | package | sanitize | bench | fresh | fuzz) bash packaging/install-packages.sh "$mode" ;;
*)
    echo "usage: bash packaging/quickstart.sh studio|test|package|sanitize|bench|fresh|fuzz" >&2
    exit 2
    ;;
esac

case "$mode" in
studio)
    # The studio and the CLI only: the tests are `test`'s to build.
    build build -DDOCSHAPE_STUDIO=ON -DDOCSHAPE_TESTS=OFF -DDOCSHAPE_BENCH=OFF
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
        echo "docshape: no display here; the same analysis on the command line: build/app/cli/docshape-cli analyze $example"
        exec build/app/cli/docshape-cli analyze "$example"
    fi
    exec build/app/studio/docshape "$example"
    ;;
test)
    # The benchmarks too, so that they keep building; they run in `bench`.
    build build -DDOCSHAPE_STUDIO=ON -DDOCSHAPE_TESTS=ON -DDOCSHAPE_BENCH=ON
    cd build
    exec ctest --output-on-failure -j"$jobs" --timeout 600
    ;;
package)
    # The build `studio` and `test` make (after them there is nothing left to
    # compile), installed under /usr, stripped.
    rm -f build/docshape_*.deb
    build build -DDOCSHAPE_STUDIO=ON -DDOCSHAPE_TESTS=OFF -DDOCSHAPE_BENCH=OFF -DDOCSHAPE_SANITIZE=OFF \
        -DCMAKE_INSTALL_PREFIX=/usr
    (cd build && cpack -G DEB >/dev/null)
    deb=$(ls build/docshape_*_amd64.deb)
    bash packaging/check-deb.sh "$deb"
    echo "docshape: $deb (install with: apt-get install ./$deb)"
    ;;
sanitize)
    build build-asan -DDOCSHAPE_SANITIZE=ON -DDOCSHAPE_STUDIO=OFF -DDOCSHAPE_BENCH=OFF
    cd build-asan
    # The desktop and man page checks build nothing the sanitizers could see.
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 LSAN_OPTIONS=suppressions="$root/packaging/lsan.supp" \
        exec ctest --output-on-failure -j"$jobs" --timeout 900 -LE packaging
    ;;
fuzz)
    seconds=${2:-60}
    targets="fuzz_project fuzz_scripts fuzz_extjson fuzz_schema fuzz_validate_bson fuzz_import_json fuzz_import_bson fuzz_import_gzip"
    cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
        -DDOCSHAPE_FUZZ=ON -DDOCSHAPE_STUDIO=OFF -DDOCSHAPE_TESTS=OFF -DDOCSHAPE_BENCH=OFF >/dev/null
    # shellcheck disable=SC2086
    cmake --build build-fuzz -j"$jobs" --target $targets
    declare -A dict=([fuzz_project]=docshape [fuzz_scripts]=docshape [fuzz_extjson]=extjson [fuzz_schema]=schema
        [fuzz_validate_bson]=bson [fuzz_import_json]=extjson [fuzz_import_bson]=bson [fuzz_import_gzip]=bson)
    for t in $targets; do
        echo "== $t ($seconds s)"
        # New inputs go to build-fuzz/corpus/<target>; the seeds are read only.
        mkdir -p "build-fuzz/corpus/$t" "build-fuzz/findings/$t"
        ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
            "build-fuzz/tests/fuzz/$t" "build-fuzz/corpus/$t" "tests/fuzz/corpus/$t" \
            -dict="tests/fuzz/${dict[$t]}.dict" -max_total_time="$seconds" -rss_limit_mb=2048 \
            -timeout=10 -max_len=65536 -print_final_stats=1 \
            -artifact_prefix="build-fuzz/findings/$t/" 2>"build-fuzz/$t.log" ||
            { tail -40 "build-fuzz/$t.log"; echo "docshape: $t found a crash, hang or leak: build-fuzz/findings/$t/" >&2; exit 1; }
        grep -E "stat::number_of_executed_units|cov:" "build-fuzz/$t.log" | tail -2
    done
    ;;
bench)
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
fresh)
    exec bash packaging/fresh-check.sh
    ;;
esac
