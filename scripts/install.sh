#!/usr/bin/env bash
# Builds Cascade (release) and installs it with its theme:
#   ${DESTDIR}${PREFIX}/bin/cascade
#   ${DESTDIR}${PREFIX}/share/cascade/Templates   (where the binary looks for its theme)
# PREFIX defaults to $HOME/.local; DESTDIR (default empty) stages the tree for a package.
# CASCADE_BINARY=path installs that binary instead of building one (the tests use it).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-$HOME/.local}"
root="${DESTDIR:-}${prefix}"

if [ -n "${CASCADE_BINARY:-}" ]; then
    binary="$CASCADE_BINARY"
else
    bash scripts/setup.sh
    swift build -c release --static-swift-stdlib --product cascade
    binary="$(swift build -c release --show-bin-path)/cascade"
fi
[ -x "$binary" ] || { echo "install: no cascade binary at '$binary'" >&2; exit 1; }

mkdir -p "$root/bin" "$root/share/cascade"
# Each part is copied beside its final name and renamed into place, so a
# failed install never leaves a half-copied binary or theme.
cp "$binary" "$root/bin/.cascade-install"
chmod 755 "$root/bin/.cascade-install"
mv -f "$root/bin/.cascade-install" "$root/bin/cascade"
rm -rf "$root/share/cascade/.Templates-install"
cp -R Templates "$root/share/cascade/.Templates-install"
rm -rf "$root/share/cascade/Templates"
mv "$root/share/cascade/.Templates-install" "$root/share/cascade/Templates"

echo "$root/bin/cascade"
if [ -z "${DESTDIR:-}" ]; then
    case ":$PATH:" in
        *":$prefix/bin:"*) ;;
        *) echo "install: $prefix/bin is not on PATH; add it, e.g. export PATH=\"$prefix/bin:\$PATH\"" >&2 ;;
    esac
fi
