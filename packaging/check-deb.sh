#!/usr/bin/env bash
# Checks that a built docshape .deb holds what an installation needs:
#   bash packaging/check-deb.sh build-package/docshape_<version>_amd64.deb
# Fails naming every file that is missing (`dpkg -c`), or a dependency
# list that dpkg-shlibdeps did not fill.
set -euo pipefail

deb=${1:?usage: bash packaging/check-deb.sh DEB}
contents=$(dpkg -c "$deb" | awk '{ print $NF }' | sed 's|^\./|/|')
examples=$(cd "$(dirname "$0")/../resources/examples" && ls ./*.docshape | sed 's|^\./||')

expected=(
    /usr/bin/docshape
    /usr/bin/docshape-cli
    /usr/share/applications/org.docshape.DocShape.desktop
    /usr/share/mime/packages/org.docshape.DocShape.xml
    /usr/share/metainfo/org.docshape.DocShape.metainfo.xml
    /usr/share/man/man1/docshape.1.gz
    /usr/share/man/man1/docshape-cli.1.gz
    /usr/share/icons/hicolor/scalable/apps/org.docshape.DocShape.svg
    /usr/share/icons/hicolor/scalable/mimetypes/application-x-docshape+json.svg
)
for size in 16 22 24 32 48 64 128 256; do
    expected+=("/usr/share/icons/hicolor/${size}x$size/apps/org.docshape.DocShape.png"
        "/usr/share/icons/hicolor/${size}x$size/mimetypes/application-x-docshape+json.png")
done
for e in $examples; do
    expected+=("/usr/share/docshape/examples/$e")
done

missing=()
for f in "${expected[@]}"; do
    grep -qxF "$f" <<<"$contents" || missing+=("$f")
done
if [ ${#missing[@]} -gt 0 ]; then
    printf "docshape: $deb lacks %s\n" "${missing[@]}" >&2
    exit 1
fi

# The man pages say where the examples are: where the package puts them.
for page in docshape docshape-cli; do
    dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/share/man/man1/$page.1.gz" | zcat |
        grep -xF '.I /usr/share/docshape/examples' >/dev/null || {
        echo "docshape: $deb: $page(1) does not name /usr/share/docshape/examples" >&2
        exit 1
    }
done

depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6widgets6 libbson-1.0-0 libc6; do
    grep -q "$lib" <<<"$depends" || {
        echo "docshape: $deb does not depend on $lib (Depends: $depends)" >&2
        exit 1
    }
done
echo "docshape: $deb holds all ${#expected[@]} files checked: the programs, the desktop entry, the MIME type," \
    "the icons, the metainfo, the man pages and the examples"
