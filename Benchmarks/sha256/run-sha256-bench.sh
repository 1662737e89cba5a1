#!/bin/sh
# SHA-256 throughput of SpriteTheme's portable Swift implementation at a commit (default: the
# working tree): builds it with `swiftc -O` into a small driver and prints MB/s for 1,000-byte
# and 9,300-byte messages (a small and an average supertux sprite) and a 1 MB one, per second of CPU time.
#   Benchmarks/sha256/run-sha256-bench.sh [COMMIT]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/sha256-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ $# -gt 0 ]; then
  git -C "$root" show "$1:Sources/SpriteTheme/Internal/SHA256.swift" > "$work/SHA256.swift"
else
  cp "$root/Sources/SpriteTheme/Internal/SHA256.swift" "$work/SHA256.swift"
fi
swiftc -O -module-name SHA256Bench "$work/SHA256.swift" "$here/main.swift" -o "$work/sha256-bench"
"$work/sha256-bench"
