#!/bin/sh
# SHA-256 throughput of SpriteTheme's portable Swift implementation at a commit (default: the
# working tree): builds it with `swiftc -O` into a small driver and prints MB/s for 1,000-byte
# and 9,300-byte messages (a small and an average supertux sprite) and a 1 MB one, per second of CPU time.
# With CALLGRIND=1 it also counts the instructions per byte of one 4,000,000-byte message under
# valgrind's callgrind, which stays repeatable on a loaded machine.
#   [CALLGRIND=1] Benchmarks/sha256/run-sha256-bench.sh [COMMIT]
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
swiftc -O -module-name HashBench "$work/SHA256.swift" "$here/main.swift" -o "$work/hash-bench"
"$work/hash-bench"
if [ "${CALLGRIND:-0}" = 1 ]; then
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$work/hash-bench" --once \
    > /dev/null 2>&1
  callgrind_annotate --inclusive=yes "$work/callgrind.out" | awk '/SHA256O3hex/ {
    v = $1; gsub(",", "", v); v += 0; if (v > best) best = v } END {
    printf "instructions per byte (callgrind): %.1f\n", best / 4000000 }'
fi
