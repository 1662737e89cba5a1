#!/usr/bin/env bash
# The main job on samples/: builds sprite-theme in release, then for every sprite in
# samples/sprites writes its theme JSON and 32 px and 96 px thumbnails under out/samples/
# and prints a one-sprite summary. Installs missing system packages first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product sprite-theme >&2
bin="$(swift build -c release --show-bin-path)/sprite-theme"
out="${1:-out/samples}"
mkdir -p "$out/themes" "$out/thumbs"
count=0
for png in samples/sprites/*.png; do
  name="$(basename "$png" .png)"
  "$bin" analyze "$png"
  "$bin" analyze "$png" --json > "$out/themes/$name.json.tmp" && mv "$out/themes/$name.json.tmp" "$out/themes/$name.json"
  for size in 32 96; do
    "$bin" thumbnail "$png" --size "$size" -o "$out/thumbs/$name-$size.png"
  done
  count=$((count + 1))
done
echo "wrote $count themes to $out/themes and $((count * 2)) thumbnails to $out/thumbs" >&2
