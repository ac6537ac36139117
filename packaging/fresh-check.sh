#!/usr/bin/env bash
# DocShape on a fresh Debian 12 machine, as a newcomer meets it. As root:
#   bash packaging/fresh-check.sh
#
# 1. A minimal bookworm root (debootstrap --variant=minbase) gets a clean
#    clone of this commit (HEAD, not the working tree) and runs the README's
#    commands exactly as written, as root with a clean environment and no
#    display, in the README's order: `studio` (from nothing: its one-line
#    note, then the analysis), `test` (every test passes), then `package`.
#    The studio built there then runs on an X server (Xvfb, outside the
#    root), so the xcb platform and the fonts must come from the package
#    list alone.
# 2. A second pristine root, without any -dev package, installs the .deb with
#    `apt-get install ./docshape_*.deb` (no recommends: its declared
#    dependencies only) and runs `docshape --version`, `docshape-cli
#    --version`, `docshape-cli analyze` on an installed example and the
#    studio's --screenshot on the offscreen platform; then, with the desktop's
#    own databases installed, checks that a .docshape file is a DocShape model
#    that opens the studio, and that `man -l` renders the man page.
#
# The pristine base root is made once and kept as a tarball in
# /var/cache/docshape-fresh, beside the .debs apt downloaded (later runs
# download less); every run starts from fresh copies of it. Fails at the first
# step that fails, with its log; the roots are unmounted and removed on any
# exit, Ctrl+C included.
#
# The tests read the conformance cases in ../shared beside the repository
# (shared/README.md: every CI machine has it); the check copies it beside the
# clone. DOCSHAPE_SHARED=DIR takes it from DIR instead.
# DOCSHAPE_FRESH_DISPLAY=N runs Xvfb on display :N (default: the first free).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cache=/var/cache/docshape-fresh
base=$cache/bookworm-minbase.tar.gz
mirror=http://deb.debian.org/debian
logs=${DOCSHAPE_FRESH_LOGS:-/var/tmp/docshape-fresh-logs}
root_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# The machine's own TLS trust: CAs it added beside Debian's (an egress proxy
# that intercepts TLS signs with one). A root trusts what the machine trusts,
# so that npm inside it reaches the registry the machine reaches; on a machine
# without such CAs nothing is added.
host_cas=(/usr/local/share/ca-certificates/*.crt)
[ -e "${host_cas[0]}" ] || host_cas=()
extra_ca=/etc/docshape-fresh-host-ca.pem

say() { echo "docshape-fresh: $*"; }
fail() {
    echo "docshape-fresh: FAILED: $*" >&2
    exit 1
}

[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap, chroot and mount need it)"
shared=${DOCSHAPE_SHARED:-$(dirname "$repo")/shared}
[ -d "$shared/conformance" ] ||
    fail "no shared/conformance at $shared: the tests read it there (set DOCSHAPE_SHARED=DIR)"
bash "$repo/packaging/install-packages.sh" fresh

commit=$(git -C "$repo" rev-parse HEAD)
version=$(sed -n 's/^project(DocShape VERSION \([0-9.]*\).*/\1/p' "$repo/CMakeLists.txt")
[ -n "$version" ] || fail "no version in CMakeLists.txt's project()"
[ -z "$(git -C "$repo" status --porcelain --untracked-files=no)" ] ||
    say "note: uncommitted changes are not part of this check; it checks $commit"

mkdir -p "$cache/archives/partial" "$logs"
# One check at a time on this machine: each uses both cores for minutes.
exec {lock}>"$cache/lock"
flock -n "$lock" || { say "waiting for another fresh check to finish"; flock "$lock"; }
rm -f "$logs"/*.log "$logs"/*.png "$logs"/*.deb
xvfb_pid=
step_pid=

# Deepest first, so that nothing is left mounted under DIR.
unmount_under() {
    local dir=$1 m
    for m in $(awk -v d="$dir/" 'index($2, d) == 1 { print $2 }' /proc/self/mounts | sort -r); do
        umount "$m" 2>/dev/null || umount -l "$m"
    done
}
# What still runs inside DIR's roots: what apt started in sessions of its
# own (dpkg) outlives the step's process group.
kill_inside() {
    local dir=$1 proc root
    for proc in /proc/[0-9]*; do
        root=$(readlink "$proc/root" 2>/dev/null) || continue
        case "$root" in "$dir"/*) kill -KILL "${proc#/proc/}" 2>/dev/null ;; esac
    done
    for _ in $(seq 50); do
        local alive=
        for proc in /proc/[0-9]*; do
            root=$(readlink "$proc/root" 2>/dev/null) || continue
            case "$root" in "$dir"/*) alive=1 && break ;; esac
        done
        [ -z "$alive" ] && return 0
        sleep 0.2
    done
}

# Never removes a directory with anything still mounted under it (a bound
# /dev would go with it).
remove_run() {
    local dir=$1
    kill_inside "$dir"
    unmount_under "$dir"
    if awk -v d="$dir/" 'index($2, d) == 1 { found = 1 } END { exit !found }' /proc/self/mounts; then
        echo "docshape-fresh: something is still mounted under $dir; not removing it" >&2
    else
        rm -rf --one-file-system "$dir"
    fi
}
cleanup() {
    local status=$?
    # Cleaning up goes to the end, whatever fails on the way or arrives.
    set +e
    trap '' INT TERM
    if [ -n "$step_pid" ]; then
        kill -TERM -- -"$step_pid" 2>/dev/null
        for _ in $(seq 50); do kill -0 -- -"$step_pid" 2>/dev/null || break; sleep 0.2; done
    fi
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    remove_run "$run"
    exit "$status"
}
# Holding the lock, any run directory left is a killed run's: clear it first.
for stale in /var/tmp/docshape-fresh.*; do
    [ -d "$stale" ] || continue
    say "removing what a killed run left: $stale"
    remove_run "$stale"
done
run=$(mktemp -d /var/tmp/docshape-fresh.XXXXXX)
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

make_base() {
    [ -s "$base" ] && return
    say "making the base root once: debootstrap --variant=minbase bookworm ($mirror)"
    local tmp=$run/base
    debootstrap --variant=minbase bookworm "$tmp/root" "$mirror" >"$logs/debootstrap.log" 2>&1 ||
        { tail -20 "$logs/debootstrap.log" >&2; fail "debootstrap (log: $logs/debootstrap.log)"; }
    # What a Debian 12 installation starts with: the release, its updates and
    # the security archive.
    cat >"$tmp/root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
    rm -f "$tmp/root/var/cache/apt/archives/"*.deb
    tar -C "$tmp/root" --numeric-owner -czpf "$tmp/base.tar.gz" .
    mv "$tmp/base.tar.gz" "$base"
    remove_run "$tmp"
}

# A pristine copy of the base with /proc, /sys and /dev, the host's resolver
# and the shared download cache.
new_root() {
    local root=$1
    mkdir -p "$root"
    tar -C "$root" --numeric-owner -xzpf "$base"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    if [ "${#host_cas[@]}" -gt 0 ]; then
        # ca-certificates, when a step installs it, adds them to the system
        # store; Node.js reads its own store plus NODE_EXTRA_CA_CERTS.
        mkdir -p "$root/usr/local/share/ca-certificates"
        cp "${host_cas[@]}" "$root/usr/local/share/ca-certificates/"
        cat "${host_cas[@]}" >"$root$extra_ca"
    fi
    # No services start inside the root (they would keep it busy).
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
    chmod +x "$root/usr/sbin/policy-rc.d"
    mount -t proc proc "$root/proc"
    mount -t sysfs -o ro sysfs "$root/sys"
    mount --rbind /dev "$root/dev"
    mount --make-rslave "$root/dev"
    mount --bind "$cache/archives" "$root/var/cache/apt/archives"
    mount --make-private "$root/var/cache/apt/archives"
    chroot "$root" chown _apt:root /var/cache/apt/archives/partial
}

# in_root ROOT LOG COMMAND: COMMAND as root in ROOT with a clean environment
# (HOME and PATH only: no DISPLAY; NODE_EXTRA_CA_CERTS when the machine has
# CAs of its own, see host_cas); its output goes to LOG. It runs in a
# session of its own, waited for, so that Ctrl+C reaches the traps at once
# and cleanup can end all of it (apt-get would see the Ctrl+C out).
in_root() {
    local root=$1 log=$2 status=0
    shift 2
    local trust=()
    [ "${#host_cas[@]}" -gt 0 ] && trust=(NODE_EXTRA_CA_CERTS="$extra_ca")
    setsid chroot "$root" /usr/bin/env -i HOME=/root PATH="$root_path" "${trust[@]}" bash -c "$*" >"$log" 2>&1 &
    step_pid=$!
    wait "$step_pid" || status=$?
    step_pid=
    return "$status"
}

# step NAME ROOT COMMAND: in_root with a timing and, on failure, the log's tail.
step() {
    local name=$1 root=$2 start=$SECONDS
    shift 2
    say "$name: $*"
    if ! in_root "$root" "$logs/$name.log" "$@"; then
        tail -40 "$logs/$name.log" >&2
        fail "$name (log: $logs/$name.log)"
    fi
    say "$name: ok ($((SECONDS - start)) s)"
}

# A screenshot that is a real picture: the window's size and many colours (a
# blank or failed render has one or two).
check_png() {
    local png=$1 w h colours
    [ -s "$png" ] || fail "$png is missing or empty"
    read -r w h colours < <(identify -format '%w %h %k\n' "$png")
    say "$(basename "$png"): ${w}x$h, $colours colours"
    [ "$w" -ge 800 ] && [ "$h" -ge 500 ] || fail "$png is ${w}x$h, smaller than the window"
    [ "$colours" -ge 32 ] || fail "$png has $colours colours: blank"
}

start=$SECONDS
make_base

# 1. The README's commands on a fresh machine.
build_root=$run/build-root
new_root "$build_root"
git clone --quiet "$repo" "$build_root/root/docshape"
git -C "$build_root/root/docshape" checkout --quiet --detach "$commit"
cp -aL "$shared/." "$build_root/root/shared"
# The machine's compiler cache, when it has one, is the root's too: what the
# README installs (ccache among it) and compiles is the same, but objects this
# machine compiled before are not compiled again. A missing header or library
# still fails: ccache checks each include file it recorded and links nothing.
if host_ccache=$(ccache -k cache_dir 2>/dev/null) && [ -d "$host_ccache" ]; then
    mkdir -p "$build_root/root/.cache/ccache"
    mount --bind "$host_ccache" "$build_root/root/.cache/ccache"
    mount --make-private "$build_root/root/.cache/ccache"
    say "compiler cache: $host_ccache"
fi
say "build root: $build_root, commit $commit"
# The README's order: `studio` first, from nothing, then `test`.
step studio "$build_root" 'cd /root/docshape && bash packaging/quickstart.sh studio'
note=$(grep -n '^docshape: no display' "$logs/studio.log" | cut -d: -f1)
[ "$(wc -l <<<"$note")" -eq 1 ] && [ -n "$note" ] ||
    fail "studio without a display did not print its one-line note once (log: $logs/studio.log)"
grep -q 'document size' < <(tail -n +"$((note + 1))" "$logs/studio.log") ||
    fail "studio without a display printed no analysis after its note (log: $logs/studio.log)"
step test "$build_root" 'cd /root/docshape && bash packaging/quickstart.sh test'
grep -q "100% tests passed" "$logs/test.log" || fail "ctest did not report 100% tests passed"

# The studio on a display: Xvfb here, its socket shared with the root.
mkdir -p "$build_root/tmp/.X11-unix"
if [ -n "${DOCSHAPE_FRESH_DISPLAY:-}" ]; then
    Xvfb ":$DOCSHAPE_FRESH_DISPLAY" -screen 0 1600x1000x24 -nolisten tcp >"$logs/xvfb.log" 2>&1 &
    xvfb_pid=$!
    display=$DOCSHAPE_FRESH_DISPLAY
else
    Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp 3>"$run/display" >"$logs/xvfb.log" 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 50); do [ -s "$run/display" ] && break; sleep 0.2; done
    display=$(cat "$run/display")
fi
for _ in $(seq 50); do [ -S "/tmp/.X11-unix/X${display:-none}" ] && break; sleep 0.2; done
[ -S "/tmp/.X11-unix/X${display:-none}" ] || fail "Xvfb did not start (log: $logs/xvfb.log)"
mount --bind /tmp/.X11-unix "$build_root/tmp/.X11-unix"
mount --make-private "$build_root/tmp/.X11-unix"
step studio-xcb "$build_root" "cd /root/docshape && DISPLAY=:$display build/app/studio/docshape \
    --example order-aggregate --screenshot /tmp/studio-xcb.png"
! grep -q 'qt.qpa\|Could not' "$logs/studio-xcb.log" || fail "the studio on X warned (log: $logs/studio-xcb.log)"
cp "$build_root/tmp/studio-xcb.png" "$logs/"
check_png "$logs/studio-xcb.png"
kill "$xvfb_pid"
xvfb_pid=

step package "$build_root" 'cd /root/docshape && bash packaging/quickstart.sh package'
deb=$(cd "$build_root/root/docshape/build" && ls docshape_*_amd64.deb)
[ "$deb" = "docshape_${version}_amd64.deb" ] || fail "the package is $deb, not docshape_${version}_amd64.deb"
cp "$build_root/root/docshape/build/$deb" "$logs/"
remove_run "$build_root"

# 2. The package on a machine without the build's packages.
install_root=$run/install-root
new_root "$install_root"
cp "$logs/$deb" "$install_root/tmp/"
step install "$install_root" "cd /tmp && apt-get update -qq && \
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ./$deb"
dev=$(chroot "$install_root" dpkg-query -W -f '${Package}\n' | grep -e '-dev$' || true)
[ -z "$dev" ] || fail "installing the package brought -dev packages: $dev"
step cli-version "$install_root" 'docshape-cli --version'
[ "$(cat "$logs/cli-version.log")" = "docshape-cli $version" ] ||
    fail "docshape-cli --version printed '$(cat "$logs/cli-version.log")', not 'docshape-cli $version'"
step studio-version "$install_root" 'docshape --version'
[ "$(cat "$logs/studio-version.log")" = "DocShape $version" ] ||
    fail "docshape --version printed '$(cat "$logs/studio-version.log")', not 'DocShape $version'"
step cli-analyze "$install_root" 'docshape-cli analyze /usr/share/docshape/examples/order-aggregate.docshape'
grep -q 'document size' "$logs/cli-analyze.log" || fail "analyze printed no analysis"
step cli-example "$install_root" 'docshape-cli analyze --example order-aggregate'
cmp -s "$logs/cli-analyze.log" "$logs/cli-example.log" ||
    fail "analyze --example order-aggregate differs from analyze on the installed file"
step screenshot "$install_root" 'cd /tmp && QT_QPA_PLATFORM=offscreen docshape --example order-aggregate \
    --screenshot /tmp/installed.png'
cp "$install_root/tmp/installed.png" "$logs/"
check_png "$logs/installed.png"

# What a desktop adds: the MIME and desktop databases (their triggers index
# the package's files) and man.
step desktop "$install_root" 'DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    shared-mime-info desktop-file-utils man-db'
grep -qx 'application/x-docshape+json:\*.docshape' <(cut -d: -f2- "$install_root/usr/share/mime/globs2") ||
    fail "the MIME database has no application/x-docshape+json for *.docshape"
grep -q '^application/x-docshape+json=.*org.docshape.DocShape.desktop' \
    "$install_root/usr/share/applications/mimeinfo.cache" ||
    fail "no desktop entry opens application/x-docshape+json"
step man "$install_root" 'MANWIDTH=80 man --warnings -l /usr/share/man/man1/docshape-cli.1.gz 2>/tmp/man.err; \
    status=$?; cat /tmp/man.err; [ $status -eq 0 ] && [ ! -s /tmp/man.err ]'
grep -q 'docshape-cli analyze' "$logs/man.log" || fail "man -l rendered no docshape-cli analyze"

say "all passed in $((SECONDS - start)) s; logs, the package and the screenshots in $logs"
