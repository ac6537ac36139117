#!/usr/bin/env bash
# The node-based checks of generated migrations, run by ctest:
#   run.sh install NODE_DIR
#       npm ci of package-lock.json into NODE_DIR (once per lockfile)
#   run.sh case NODE_DIR DOCSHAPE_CLI CASE_DIR WORK_DIR
#       node --check, the mongosh --nodb dry run, the mingo migration
#   run.sh names scripts|markup NODE_DIR DOCSHAPE_CLI EXAMPLES_DIR WORK_DIR COUNT SEED
#       hostile names through the generated scripts or the report and diagram
#       (hostile-names.js)
#   run.sh types NODE_DIR DOCSHAPE_CLI EXAMPLES_DIR WORK_DIR
#       the TypeScript and Zod application types of every example under tsc
#       and Zod (types-check.js)
# Fails (never skips) when node, npm or the packages are missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mode=${1:?mode}
node_dir=${2:?node dir}

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "migrate-js: $1 is not installed (Debian packages nodejs and npm)" >&2; exit 1; }
}
need node

case "$mode" in
install)
    need npm
    mkdir -p "$node_dir"
    cp "$here/package.json" "$here/package-lock.json" "$node_dir/"
    cd "$node_dir"
    if [ -f node_modules/.docshape-lock ] && cmp -s package-lock.json node_modules/.docshape-lock; then
        echo "migrate-js: npm packages already installed from this lockfile"
        exit 0
    fi
    # No install scripts: the native add-ons they build are for mongosh's
    # connections, which a --nodb run never opens.
    npm ci --no-audit --no-fund --ignore-scripts
    cp package-lock.json node_modules/.docshape-lock
    ;;
case)
    cli=${3:?docshape-cli}
    case_dir=${4:?case dir}
    work=${5:?work dir}
    mongosh=$node_dir/node_modules/.bin/mongosh
    [ -x "$mongosh" ] || { echo "migrate-js: mongosh is not installed in $node_dir (run the install step)" >&2; exit 1; }
    rm -rf "$work"
    mkdir -p "$work"
    export NODE_PATH=$node_dir/node_modules HARNESS_DIR=$here DOCSHAPE_CLI=$cli CASE_DIR=$case_dir WORK_DIR=$work
    "$cli" migrate "$case_dir/old.docshape" "$case_dir/new.docshape" --out "$work/script" >/dev/null
    node --check "$work/script/migrate.js"
    echo "ok node --check"
    MIGRATE_JS=$work/script/migrate.js OLD_MODEL=$case_dir/old.docshape "$mongosh" --nodb --quiet "$here/dry-run.js"
    "$mongosh" --nodb --quiet "$here/mingo-migrate.js"
    ;;
names)
    kind=${2:?scripts, markup or types}
    node_dir=${3:?node dir}
    [ -d "$node_dir/node_modules/acorn" ] && [ -d "$node_dir/node_modules/parse5" ] ||
        { echo "migrate-js: acorn and parse5 are not installed in $node_dir (run the install step)" >&2; exit 1; }
    rm -rf "${6:?work dir}"
    NODE_PATH=$node_dir/node_modules HARNESS_DIR=$here exec node "$here/hostile-names.js" "$kind" "${4:?docshape-cli}" \
        "${5:?examples dir}" "$6" "${7:?count}" "${8:?seed}"
    ;;
types)
    [ -d "$node_dir/node_modules/typescript" ] && [ -d "$node_dir/node_modules/zod" ] ||
        { echo "migrate-js: typescript and zod are not installed in $node_dir (run the install step)" >&2; exit 1; }
    NODE_PATH=$node_dir/node_modules exec node "$here/types-check.js" "${3:?docshape-cli}" "${4:?examples dir}" "${5:?work dir}"
    ;;
*)
    echo "usage: run.sh install NODE_DIR | run.sh case NODE_DIR DOCSHAPE_CLI CASE_DIR WORK_DIR" >&2
    echo "       run.sh names scripts|markup NODE_DIR DOCSHAPE_CLI EXAMPLES_DIR WORK_DIR COUNT SEED" >&2
    echo "       run.sh types NODE_DIR DOCSHAPE_CLI EXAMPLES_DIR WORK_DIR" >&2
    exit 2
    ;;
esac
