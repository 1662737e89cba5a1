#!/usr/bin/env bash
# Runs the whole test suite (debug build), installing missing system packages first, after
# 60 seconds of fuzzing the PNG shim (scripts/fuzz-png.sh; a finding stops the run).
# PngSuite and the PokeAPI documents are read from ../shared/testdata beside the checkout
# (or $PNGSUITE_DIR); under CI=true a missing fixture fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/fuzz-png.sh 60
exec swift test "$@"
