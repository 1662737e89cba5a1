#!/usr/bin/env bash
# Builds sprite-theme at REVISION in release with the Material stage left out (themes without
# `accent` and `material`): the work the program at `e9f0ade` did, so that compare-batch.sh can
# time the two at equal work, as issue 22's speed target compares them.
#
#   Benchmarks/build-equal-work.sh REVISION OUTPUT_BINARY
#
# The revision is checked out in a temporary worktree (removed afterwards); the working tree is
# not touched. Fails if ThemePipeline.theme(of:source:clock:) no longer has the Material stage
# this script expects, rather than timing something else.
set -euo pipefail
[ $# -eq 2 ] || { sed -n 2,10p "$0" >&2; exit 2; }
revision=$1 output=$(realpath -m "$2")
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/src" 2>/dev/null || true; rm -rf "$work"' EXIT
git -C "$root" worktree add --detach --quiet "$work/src" "$revision"

python3 - "$work/src/Sources/SpriteTheme/ThemePipeline.swift" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
start = text.find("    let (accent, material) = clock.time(.material) {")
end = text.find("    return Theme(", start)
if start < 0 or end < 0:
    sys.exit(f"build-equal-work: no Material stage to leave out in {path}")
stub = "    let accent: Theme.Accent? = nil\n    let material: Theme.Material? = nil\n    _ = candidates\n"
open(path, "w").write(text[:start] + stub + text[end:])
PY

cd "$work/src"
swift build -c release --product sprite-theme
cp "$(swift build -c release --show-bin-path)/sprite-theme" "$output"
echo "build-equal-work: $output ($(git rev-parse --short HEAD) without the Material stage)"
