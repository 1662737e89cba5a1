#!/usr/bin/env bash
# Runs the whole test suite (debug build), installing missing system packages first, after
# checking the house style (`swift format lint --strict`, the toolchain's swift-format) and
# fuzzing the PNG shim and the state-file and merge readers for FUZZ_SECONDS each (default 60;
# 0 skips them) with scripts/fuzz-png.sh and scripts/fuzz-readers.sh (a finding stops the
# run). Extra arguments go to `swift test` (e.g. --filter SpritePNGTests).
# PngSuite and the PokeAPI documents are read from ../shared/testdata beside the checkout
# (or $PNGSUITE_DIR); under CI=true a missing fixture fails the run.
# The tests that need PyPI, headless Chromium or Java (the `.externalTools` trait) run too:
# SPRITETHEME_EXTERNAL_TESTS=1; a plain `swift test` skips them.
set -euo pipefail
cd "$(dirname "$0")/.."
export SPRITETHEME_EXTERNAL_TESTS=1
scripts/install-deps.sh
swift format lint --strict --recursive --parallel \
  Sources Tests Benchmarks/Sources Package.swift Benchmarks/Package.swift
seconds="${FUZZ_SECONDS:-60}"
if [ "$seconds" -gt 0 ]; then
  scripts/fuzz-png.sh "$seconds"
  scripts/fuzz-readers.sh "$seconds"
fi
exec swift test "$@"
