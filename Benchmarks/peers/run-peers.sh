#!/usr/bin/env bash
# sprite-theme against peer palette tools, on one core: throughput and palette quality (K = 8).
#
# Sets up everything outside the repository, under WORK (default ${TMPDIR:-/tmp}/sprite-theme-peers):
#   - a throwaway virtual environment with the peers from PyPI (pillow, imagequant,
#     fast-colorthief, colorthief, scikit-learn) and the evaluator's numpy and scikit-image;
#   - Debian's supertux-data (installed with apt-get when missing), from which a second corpus of
#     sprite PNGs is copied, or kept from an earlier run when it holds exactly the same files
#     (peers.py select: images/{creatures,objects,powerups,tiles}, longest
#     side <= MAX_SIDE, at least one pixel with alpha > 0, sorted by path);
#   - sprite-theme in release (scripts/build-release.sh, as shipped) and the libpng decode
#     floor (../libpng-floor/decode_floor.c, cc -O2).
# Then runs peers.py pinned to core CORE (taskset, one thread for OpenMP and BLAS), which prints
# markdown tables; they are also saved to ../.build/peers/results.md (ignored by git).
#
# Usage: Benchmarks/peers/run-peers.sh   (from anywhere)
# Environment: WORK, CORE (default 0), REPS (best of, default 5), FLOOR_ROUNDS (interleaved rounds
#   against the C decode floor, default 21), BUDGET (seconds after which a
#   Python tool's passes stop, default 60), MAX_SIDE (default 256), LIMIT (at most this many
#   supertux sprites, default 0: all), RSS_COUNT (inputs of the memory run, default 10000),
#   FRESH_VENV=1 (rebuild the virtual environment).
# Needs: python3 with venv, a C compiler, libpng-dev and pkg-config, util-linux's taskset, GNU time
# (/usr/bin/time; installed when missing), apt-get for supertux-data, and the network for PyPI.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
WORK="${WORK:-${TMPDIR:-/tmp}/sprite-theme-peers}"
CORE="${CORE:-0}"
REPS="${REPS:-5}"
FLOOR_ROUNDS="${FLOOR_ROUNDS:-21}"
BUDGET="${BUDGET:-60}"
MAX_SIDE="${MAX_SIDE:-256}"
LIMIT="${LIMIT:-0}"
RSS_COUNT="${RSS_COUNT:-10000}"
SUPERTUX=/usr/share/games/supertux2
case "$WORK" in
  "$root" | "$root"/*) echo "error: WORK must be outside the repository" >&2; exit 2 ;;
esac
mkdir -p "$WORK"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  echo "installing $* (apt-get) ..." >&2
  as_root apt-get install -y "$@" >&2 || { as_root apt-get update >&2 && as_root apt-get install -y "$@" >&2; }
}

[ -d "$SUPERTUX/images" ] || apt_install supertux-data
[ -x /usr/bin/time ] || apt_install time
pkg-config --exists libpng || apt_install libpng-dev pkg-config

venv="$WORK/venv"
if [ "${FRESH_VENV:-0}" = 1 ] || [ ! -x "$venv/bin/python" ] || [ ! -f "$venv/.installed" ]; then
  echo "creating $venv ..." >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --upgrade pip >&2
  "$venv/bin/pip" install --quiet pillow imagequant fast-colorthief colorthief scikit-learn \
    numpy scikit-image >&2
  touch "$venv/.installed"
fi

echo "building sprite-theme (scripts/build-release.sh) ..." >&2
built="$("$root/scripts/build-release.sh")"
# A copy, so that a rebuild in the working tree during the run cannot change the program measured.
cp "$built" "$WORK/sprite-theme"
sprite_theme="$WORK/sprite-theme"
echo "building decode_floor (cc -O2) ..." >&2
# shellcheck disable=SC2046  # pkg-config prints several words on purpose
cc -O2 -o "$WORK/decode_floor" "$root/Benchmarks/libpng-floor/decode_floor.c" \
  $(pkg-config --cflags --libs libpng)

supertux="$WORK/corpus/supertux"
"$venv/bin/python" "$here/peers.py" select "$SUPERTUX" "$supertux" --max-side "$MAX_SIDE" \
  --limit "$LIMIT"

results="$root/Benchmarks/.build/peers"
mkdir -p "$results" "$WORK/runs"
{
  echo "machine: $(lscpu | sed -n 's/^Model name:[[:space:]]*//p'), nproc $(nproc)"
  echo "swift: $(swift --version 2>&1 | head -1)"
  echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo ?)$( [ -z "$(git -C "$root" status --porcelain -- Sources Package.swift 2>/dev/null)" ] || echo ' with uncommitted changes in Sources/')"
  echo "date: $(date -u +%Y-%m-%d)"
  echo "output on disk: $WORK/runs, $(findmnt -no FSTYPE,OPTIONS -T "$WORK" 2>/dev/null || echo '?')"
  # A DAMON daemon that pages out cold page cache (seen on the VMs these tables come from) makes
  # a program's pages come back after idle minutes in small folios: slower starts
  # (Benchmarks/README.md, session 15).
  echo "DAMON daemons running: $(cat /sys/kernel/mm/damon/admin/kdamonds/*/state 2>/dev/null | grep -c '^on$' || true)"
  echo "supertux-data: $(dpkg-query -W -f='${Version}' supertux-data 2>/dev/null || echo '?')"
  echo "peers: $("$venv/bin/pip" freeze | grep -iE '^(pillow|imagequant|fast-colorthief|colorthief|scikit-learn|scikit-image|numpy)==' | tr '\n' ' ')"
} | tee "$results/environment.txt" >&2

# One core for everything; one thread for the libraries that would start more.
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 VECLIB_MAXIMUM_THREADS=1 \
  NUMEXPR_NUM_THREADS=1
taskset -c "$CORE" "$venv/bin/python" "$here/peers.py" run \
  --sprite-theme "$sprite_theme" --decode-floor "$WORK/decode_floor" --work "$WORK/runs" \
  --corpus "samples=$root/samples/sprites" --corpus "supertux=$supertux" \
  --reps "$REPS" --floor-rounds "$FLOOR_ROUNDS" --budget "$BUDGET" --rss-corpus "$supertux" --rss-count "$RSS_COUNT" \
  --save "$results/results.md"
echo "saved to Benchmarks/.build/peers/results.md" >&2
