#!/usr/bin/env bash
# Compares SpritePNG's decoder with the least a libpng decoder of the same contract can do.
#
# Builds Sources/DecodeLoop (Swift, release) and libpng-floor/decode_floor.c (cc -O2), then runs
# them alternately on each corpus with the same pass count and prints ns per pass (every file
# of the corpus decoded once) and the Swift/C ratio. Both programs fold the decoded pixels into
# a checksum; the script stops if the two disagree.
#
# Usage: ./compare-decode.sh [CORPUS ...]
#   CORPUS is a folder of PNGs, a quoted glob of PNG files, or the word `synthetic` (the 256x256
#   and 1024x1024 synthetic sprites of the benchmark suites, written by DecodeLoop), for example
#   ./compare-decode.sh ../samples/sprites synthetic '../../shared/testdata/pngsuite/[a-wyz]*.png'
#   Relative paths are taken from the current directory. Default: the package's
#   samples/sprites. Every file must be a valid PNG (both programs stop on an error).
# Environment: ROUNDS (alternating runs per corpus, default 5), REPS (repetitions per run,
#   default 5; each program reports its best), PASSES (default: calibrated by the C program
#   to about 0.2 s per repetition), TARGET (ratio to check, default 1.25), CALLGRIND=1 (also
#   count instructions per pass under valgrind's callgrind: repeatable on a busy machine).
# Exit status: 0 when the Swift/C ratio is within TARGET on every corpus, 3 when it is not (the
# instruction ratio with CALLGRIND=1, else the wall-clock one).
#
# Wall clock: each program reports the best of its REPS repetitions (the least disturbed by other
# load); the ns columns are the medians of those over the rounds, and the ratio is the median of
# the per-round Swift/C ratios (each round runs C, then Swift, right after each other, so slow
# drifts in machine load cancel).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROUNDS="${ROUNDS:-5}"
REPS="${REPS:-5}"
TARGET="${TARGET:-1.25}"
corpora=()
names=("$@")
for corpus in "$@"; do
  case "$corpus" in
    synthetic | /*) corpora+=("$corpus") ;;
    *) corpora+=("$PWD/$corpus") ;;
  esac
done
if [ ${#corpora[@]} -eq 0 ]; then
  corpora=("$here/../samples/sprites")
  names=(samples/sprites)
fi
cd "$here"

echo "building DecodeLoop (swift build -c release) ..." >&2
swift build -c release --product DecodeLoop >&2
swift_bin="$(swift build -c release --show-bin-path)/DecodeLoop"
mkdir -p .build/libpng-floor
c_bin=.build/libpng-floor/decode_floor
echo "building decode_floor (cc -O2) ..." >&2
# shellcheck disable=SC2046  # pkg-config prints several words on purpose
cc -O2 -o "$c_bin" libpng-floor/decode_floor.c $(pkg-config --cflags --libs libpng)

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

field() { sed -n "s/.*[[:space:]]$1=\([^[:space:]]*\).*/\1/p" <<<"$2"; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v s="$1" -v c="$2" 'BEGIN { printf "%.3f", s / c }'; }
label() { local t="$1"; [ ${#t} -le 28 ] || t="...${t: -25}"; printf '%s' "$t"; }

# Instructions per pass: callgrind totals at 1 and 1+K passes, difference divided by K, so
# loading, the warm-up pass and process start-up cancel out. The binary runs without its DWARF
# (valgrind 3.19 cannot read the Swift toolchain's debug info in some builds and gives up); the
# symbol table stays, and the counts do not change.
instructions_per_pass() {
  local bin="$tmp/$(basename "$1").nodebug" dir="$2" k=5 a b
  objcopy --strip-debug "$1" "$bin"
  a="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$dir" 1 1 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p')"
  b="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$dir" $((1 + k)) 1 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p')"
  if [ -z "$a" ] || [ -z "$b" ]; then
    echo "error: callgrind gave no instruction count for $1 on $dir" >&2
    exit 1
  fi
  echo $(((b - a) / k))
}

rows=()
for index in "${!corpora[@]}"; do
  corpus="${corpora[$index]}"
  if [ "$corpus" = synthetic ]; then
    dir="$tmp/synthetic"
    mkdir -p "$dir"
    "$swift_bin" --write-synthetic "$dir"
  elif [ -d "$corpus" ]; then
    dir="$corpus"
  else
    # A glob: link the matching files into a folder of their own.
    dir="$tmp/corpus-${#rows[@]}"
    mkdir -p "$dir"
    # shellcheck disable=SC2086  # the glob is meant to expand here
    for f in $corpus; do
      [ -f "$f" ] && ln -s "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" "$dir/"
    done
  fi
  if [ -z "${PASSES:-}" ]; then
    calibration="$("$c_bin" "$dir" 0 1)"
    passes="$(field passes "$calibration")"
  else
    passes="$PASSES"
  fi
  c_runs=()
  s_runs=()
  ratios=()
  for ((round = 1; round <= ROUNDS; round++)); do
    c_line="$("$c_bin" "$dir" "$passes" "$REPS")"
    s_line="$("$swift_bin" "$dir" "$passes" "$REPS")"
    echo "round $round: $c_line" >&2
    echo "round $round: $s_line" >&2
    if [ "$(field checksum "$c_line")" != "$(field checksum "$s_line")" ]; then
      echo "error: C and Swift decoded different pixels for $corpus" >&2
      exit 1
    fi
    c_runs+=("$(field best_ns "$c_line")")
    s_runs+=("$(field best_ns "$s_line")")
    ratios+=("$(ratio "${s_runs[-1]}" "${c_runs[-1]}")")
  done
  files="$(field files "$c_line")"
  c_ns="$(printf '%s\n' "${c_runs[@]}" | median)"
  s_ns="$(printf '%s\n' "${s_runs[@]}" | median)"
  r_ns="$(printf '%.2f' "$(printf '%s\n' "${ratios[@]}" | median)")"
  c_ir="-" s_ir="-" r_ir="-"
  if [ "${CALLGRIND:-0}" = 1 ]; then
    echo "counting instructions with callgrind on $corpus ..." >&2
    c_ir="$(instructions_per_pass "$c_bin" "$dir")"
    s_ir="$(instructions_per_pass "$swift_bin" "$dir")"
    r_ir="$(ratio "$s_ir" "$c_ir")"
  fi
  rows+=("${names[$index]}|$files|$passes|$c_ns|$s_ns|$r_ns|$c_ir|$s_ir|$r_ir")
done

echo
echo "Decode time per pass (every file of the corpus once): median over $ROUNDS alternating rounds"
echo "of each run's best of $REPS repetitions; ratio: median of the per-round Swift/C ratios."
if [ "${CALLGRIND:-0}" = 1 ]; then
  echo "Instructions per pass: callgrind (the verdict uses these: repeatable under load)."
fi
echo "Target: Swift <= ${TARGET}x C."
echo
fmt='| %-28s | %5s | %6s | %11s | %11s | %6s | %12s | %12s | %6s |\n'
printf "$fmt" corpus files passes "C ns" "Swift ns" ratio "C instr." "Swift instr." ratio
printf "$fmt" ---------------------------- ----- ------ ----------- ----------- ------ \
  ------------ ------------ ------
status=0
for row in "${rows[@]}"; do
  IFS='|' read -r corpus files passes c_ns s_ns r_ns c_ir s_ir r_ir <<<"$row"
  verdict="$r_ns"
  r_ir_shown="-"
  if [ "$r_ir" != - ]; then
    verdict="$r_ir"
    r_ir_shown="$(printf '%.3f' "$r_ir")x"
  fi
  printf "$fmt" "$(label "$corpus")" "$files" "$passes" "$c_ns" "$s_ns" "${r_ns}x" \
    "$c_ir" "$s_ir" "$r_ir_shown"
  if awk -v r="$verdict" -v t="$TARGET" 'BEGIN { exit !(r > t) }'; then status=3; fi
done
echo
if [ "$status" -eq 0 ]; then
  echo "OK: Swift/C ratio within ${TARGET}x on every corpus."
else
  echo "OVER TARGET: Swift/C ratio above ${TARGET}x on at least one corpus."
fi
exit "$status"
