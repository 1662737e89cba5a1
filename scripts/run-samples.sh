#!/usr/bin/env bash
# The main job on samples/: builds sprite-theme in release (scripts/build-release.sh), then
# runs `batch` over samples/sprites, writing out/samples/themes/<name>.json, 32 px and 96 px
# thumbnails in out/samples/thumbs/ and out/samples/index.json. Installs missing system packages
# first.
# Extra arguments go to `batch` (e.g. --palette-size 12, --jobs 1).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(scripts/build-release.sh)"
"$bin" batch samples/sprites --out out/samples --thumbnails 32,96 "$@"
echo "index: out/samples/index.json; for one sprite in full: $bin analyze samples/sprites/crawl-red-devil.png" >&2
