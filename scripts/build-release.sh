#!/usr/bin/env bash
# Builds sprite-theme in release and prints the binary's path. Installs missing system packages
# first (scripts/install-deps.sh). The Swift runtime is linked in (--static-swift-stdlib), so the
# binary needs no Swift libraries where it runs, only the system's libpng, zlib and
# libcurl. Extra arguments go to `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --static-swift-stdlib --product sprite-theme "$@" >&2
echo "$(swift build -c release --show-bin-path)/sprite-theme"
