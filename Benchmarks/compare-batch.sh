#!/usr/bin/env bash
# Times `sprite-theme batch` of two builds side by side on one corpus, in alternating rounds, and
# `analyze` of one sprite: the numbers issue 22's speed items ask for.
#
#   Benchmarks/compare-batch.sh BASELINE_BINARY CANDIDATE_BINARY CORPUS_DIR [ROUNDS] [COPIES]
#
# For each round and each binary: `batch --jobs 1` and `batch --jobs 2` over every PNG of the
# corpus, named COPIES times on the command line (default 5: thousands of sprites, so a run lasts
# long enough for process start-up not to count), into a fresh folder on /dev/shm (tmpfs, so the
# disk's phases do not decide), timed with /usr/bin/time (wall and CPU). Prints the medians, time
# per sprite, the candidate's ratio to the baseline at --jobs 1 and the candidate's --jobs 2
# speed-up, then the median of 21 `analyze` runs of the corpus's largest file. Build both binaries
# the same way (`swift build -c release`). The corpus is the SuperTux one that
# Benchmarks/peers/run-peers.sh makes, or any folder of PNGs. BATCH_ARGS is added to every batch
# run (BATCH_ARGS='--thumbnails 32,96' also prints the bytes of thumbnails each build wrote);
# JOBS='1' leaves out the --jobs 2 runs.
set -euo pipefail
[ $# -ge 3 ] || { sed -n 2,17p "$0" >&2; exit 2; }
baseline=$(realpath "$1") candidate=$(realpath "$2") corpus=$(realpath "$3") rounds=${4:-5} copies=${5:-5}
read -r -a extra <<<"${BATCH_ARGS:-}"
read -r -a jobs_list <<<"${JOBS:-1 2}"
files=$(find "$corpus" -name '*.png' | wc -l)
count=$((files * copies))
inputs=()
for _ in $(seq "$copies"); do inputs+=("$corpus"); done
[ "$files" -gt 0 ] || { echo "compare-batch: no PNG under $corpus" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "compare-batch: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d /dev/shm/compare-batch.XXXXXX)
trap 'rm -rf "$work"' EXIT

# Prints "wall cpu" in seconds for one batch run; the bytes of its thumbnails go to $work/$3-thumbs.
run_batch() {
  local binary=$1 jobs=$2 out="$work/out"
  rm -rf "$out"
  /usr/bin/time -f '%e %U %S' -o "$work/t" "$binary" batch "${inputs[@]}" --out "$out" --jobs "$jobs" \
    ${extra[@]+"${extra[@]}"} --quiet >/dev/null 2>"$work/err" || [ $? -eq 1 ] ||
    { cat "$work/err" >&2; exit 1; }
  if [ -d "$out/thumbs" ]; then
    find "$out/thumbs" -type f -printf '%s\n' | awk '{ s += $1; n++ } END { print s, n }' >"$work/$3-thumbs"
  fi
  awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$work/t"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for round in $(seq "$rounds"); do
  for who in baseline candidate; do
    binary=${!who}
    for jobs in "${jobs_list[@]}"; do
      read -r wall cpu < <(run_batch "$binary" "$jobs" "$who")
      echo "$wall" >>"$work/$who-j$jobs-wall"
      echo "$cpu" >>"$work/$who-j$jobs-cpu"
    done
  done
  echo "round $round of $rounds done" >&2
done

printf '%d sprites, %d rounds, medians (output on tmpfs)\n' "$count" "$rounds"
printf '%-10s %5s %9s %9s %12s %16s\n' build jobs wall_s cpu_s ms_per_sprite cpu_us_per_sprite
for who in baseline candidate; do
  for jobs in "${jobs_list[@]}"; do
    wall=$(median <"$work/$who-j$jobs-wall") cpu=$(median <"$work/$who-j$jobs-cpu")
    printf '%-10s %5d %9.3f %9.3f %12.3f %16.1f\n' "$who" "$jobs" "$wall" "$cpu" \
      "$(echo "$wall * 1000 / $count" | bc -l)" "$(echo "$cpu * 1000000 / $count" | bc -l)"
  done
  if [ -f "$work/$who-thumbs" ]; then
    read -r bytes files <"$work/$who-thumbs"
    printf '%-10s thumbnails: %d files, %d bytes (%d per copy of the corpus)\n' "$who" "$files" \
      "$bytes" "$((bytes / copies))"
  fi
done
b1=$(median <"$work/baseline-j1-wall") c1=$(median <"$work/candidate-j1-wall")
b1cpu=$(median <"$work/baseline-j1-cpu") c1cpu=$(median <"$work/candidate-j1-cpu")
printf 'candidate / baseline at --jobs 1: %.3fx the time per sprite, %.3fx the CPU time\n' \
  "$(echo "$c1 / $b1" | bc -l)" "$(echo "$c1cpu / $b1cpu" | bc -l)"
if [ -f "$work/candidate-j2-wall" ]; then
  c2=$(median <"$work/candidate-j2-wall")
  printf 'candidate --jobs 2 speed-up over --jobs 1: %.2fx\n' "$(echo "$c1 / $c2" | bc -l)"
fi

largest=$(find "$corpus" -name '*.png' -printf '%s %p\n' | sort -n | tail -1 | cut -d' ' -f2-)
for _ in $(seq 21); do
  /usr/bin/time -f '%e' -o "$work/a" "$candidate" analyze "$largest" --json >/dev/null
  cat "$work/a" >>"$work/analyze"
done
printf 'candidate analyze of the largest file (%s): %.0f ms median of 21\n' \
  "$(basename "$largest")" "$(echo "$(median <"$work/analyze") * 1000" | bc -l)"
