#!/usr/bin/env bash
# Fuzzes the readers of what other runs wrote: the engine's state file and merge's shards
# (Tests/Fuzz/Readers, targets `state` and `merge`), each for SECONDS (default 60) under
# libFuzzer (swiftc -sanitize=fuzzer; Swift's own checks make a crash out of an overflow, an
# index out of range or a failed property). Seeds are made by the debug build of sprite-theme
# from samples/. Prints a summary line per target; libFuzzer's output goes to
# .build/fuzz-readers/<target>.log, whose tail is printed only on a finding. Exits non-zero on
# a finding (input kept beside the log; replay it with `swift run sprite-theme-fuzz TARGET FILE`).
#
#   scripts/fuzz-readers.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out=.build/fuzz-readers
mkdir -p "$out"

# The seeds' maker (the debug build swift test uses too) and the fuzzer, built apart.
swift build --product sprite-theme >"$out/build.log" 2>&1 ||
  { tail -n 20 "$out/build.log"; echo "fuzz-readers: sprite-theme did not build" >&2; exit 1; }
if ! swift build --product sprite-theme-fuzz --scratch-path "$out/build" \
  -c release -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING >>"$out/build.log" 2>&1; then
  grep -v 'Cannot export local symbol' "$out/build.log" | tail -n 20
  echo "fuzz-readers: the fuzz targets did not build" >&2
  exit 1
fi
fuzzer="$out/build/release/sprite-theme-fuzz"
binary=.build/debug/sprite-theme

work="$(mktemp -d "${TMPDIR:-/tmp}/spritetheme-fuzz.XXXXXX")"
scratch=""
trap 'rm -rf "$work" ${scratch:+"$scratch"}' EXIT
samples=(samples/sprites/*.png)
"$binary" batch "${samples[@]:0:4}" --out "$work/run" --quiet --jobs 1
mkdir -p "$work/state" "$work/merge"
cp "$work/run/.spritetheme-state.tsv" "$work/state/run.tsv"
{ printf '\001'; cat "$work/run/index.json"; } >"$work/merge/index"
{ printf '\000'; "$binary" batch --jsonl "${samples[@]:4:2}" --quiet --jobs 1; } >"$work/merge/lines"
printf '\000{"input": "x.png", "error": {"stage": "read", "message": "gone"}}\n' \
  >"$work/merge/error"

status=0
for target in state merge; do
  log="$out/$target.log"
  seeds=$(find "$work/$target" -type f | wc -l)
  # The files of each input on tmpfs when there is one: merge writes (and syncs) its output.
  scratch="$(mktemp -d "$([ -w /dev/shm ] && echo /dev/shm || echo "$work")/spritetheme-fuzz.XXXXXX")"
  SPRITETHEME_FUZZ_TARGET=$target SPRITETHEME_FUZZ_SCRATCH="$scratch" \
    "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$out/$target-" "$work/$target" >"$log" 2>&1 || status=$?
  rm -rf "$scratch"
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  edges=$(grep -a -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  size=$(find "$work/$target" -type f | wc -l)
  echo "fuzz-readers: $target ${seconds} s, ${runs:-?} runs (${speed:-?}/s)," \
    "coverage ${edges:-?} edges, corpus ${size} inputs from ${seeds} seeds"
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$log"
    echo "fuzz-readers: FINDING in $target (exit ${status}); input and log kept in ${out}/" >&2
    exit 1
  fi
done
echo "fuzz-readers: no findings"
