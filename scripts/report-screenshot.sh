#!/usr/bin/env bash
# Takes examples/report-samples.png, the README's picture of the report: `batch samples/sprites
# --thumbnails 32,96 --report` into a temporary folder, then a 1280x800 screenshot of the page in
# headless Chromium with the network off (the browser test's harness in
# Tests/SpriteReportTests/Scripts; Selenium and Pillow go into a throwaway venv). Installs missing
# system packages first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --product sprite-theme >&2
bin="$(swift build --show-bin-path)/sprite-theme"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin" batch samples/sprites --out "$work/samples" --thumbnails 32,96 --report --quiet
mkdir -p examples
PIP_EXTRA=pillow Tests/SpriteReportTests/Scripts/with-browser.sh "$work/venv" \
  Tests/SpriteReportTests/Scripts/screenshot.py "$work/samples/report/index.html" \
  examples/report-samples.png "${1:-1280x800}"
