#!/usr/bin/env bash
# Fuzzes the PNG shim: builds Tests/Fuzz/FuzzPNG.c with the CSpritePNG sources under libFuzzer,
# AddressSanitizer and UndefinedBehaviorSanitizer, seeds a temporary corpus from PngSuite
# (../shared/testdata/pngsuite or $PNGSUITE_DIR) and samples/, and runs it for SECONDS
# (default 60). Prints a short summary; libFuzzer's own output goes to .build/fuzz-png/fuzz.log,
# whose tail is printed only on a finding. Exits non-zero on a finding (input kept beside the log).
#
#   scripts/fuzz-png.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out=.build/fuzz-png
mkdir -p "$out"
scripts/install-deps.sh

# A clang that links -fsanitize=fuzzer: the Swift toolchain's (it ships libclang_rt.fuzzer),
# else the system's, else Debian's clang installed here.
flags=(-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
works() {
  echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' >"$out/probe.c"
  "$1" "${flags[@]}" "$out/probe.c" -o "$out/probe" >/dev/null 2>&1
}
cc=""
swift_bin="$(dirname "$(command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)")"
for candidate in "$swift_bin/clang" /opt/swift/usr/bin/clang "$(command -v clang || true)"; do
  if [ -n "$candidate" ] && [ -x "$candidate" ] && works "$candidate"; then
    cc="$candidate"
    break
  fi
done
if [ -z "$cc" ] && command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "fuzz-png: installing clang and libclang-rt-dev" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq </dev/null >&2
  $sudo apt-get install -y -qq --no-install-recommends clang libclang-rt-dev </dev/null >&2 ||
    $sudo apt-get install -y -qq --no-install-recommends clang libclang-rt-14-dev </dev/null >&2
  works clang && cc=clang
fi
[ -n "$cc" ] || { echo "fuzz-png: no clang with libFuzzer found" >&2; exit 1; }

# shellcheck disable=SC2046 # pkg-config prints several flags
if ! "$cc" "${flags[@]}" -g -O1 -I Sources/CSpritePNG/include \
  $(pkg-config --cflags libpng zlib libdeflate) Tests/Fuzz/FuzzPNG.c Sources/CSpritePNG/*.c \
  $(pkg-config --libs libpng zlib libdeflate) -o "$out/fuzz-png" >"$out/build.log" 2>&1; then
  grep -v 'Cannot export local symbol' "$out/build.log" | tail -n 20
  echo "fuzz-png: the fuzz target did not build" >&2
  exit 1
fi

suite="${PNGSUITE_DIR:-../shared/testdata/pngsuite}"
corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
cp samples/sprites/*.png "$corpus/" 2>/dev/null || true
if [ -d "$suite" ]; then
  cp "$suite"/*.png "$corpus/"
elif [ "${CI:-}" = "true" ]; then
  echo "fuzz-png: PngSuite is missing at $suite" >&2
  exit 1
fi
seeds=$(find "$corpus" -type f | wc -l)

status=0
"$out/fuzz-png" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -dict=Tests/Fuzz/png.dict -artifact_prefix="$out/" "$corpus" >"$out/fuzz.log" 2>&1 || status=$?

runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/fuzz.log" | tail -1)
speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/fuzz.log" | tail -1)
edges=$(grep -a -o 'cov: [0-9]*' "$out/fuzz.log" | tail -1 | cut -d' ' -f2)
size=$(find "$corpus" -type f | wc -l)
echo "fuzz-png: ${seconds} s with $(basename "$cc") $("$cc" -dumpversion)," \
  "${runs:-?} runs (${speed:-?}/s), coverage ${edges:-?} edges," \
  "corpus ${size} inputs from ${seeds} seeds"
if [ "$status" -ne 0 ]; then
  tail -n 40 "$out/fuzz.log"
  echo "fuzz-png: FINDING (exit ${status}); input and log kept in ${out}/" >&2
  exit 1
fi
echo "fuzz-png: no findings"
