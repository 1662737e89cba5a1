#!/usr/bin/env bash
# sprite-theme fetch (--download-only, and in full) against curl --parallel --parallel-max 8: 1,000
# small sprites from a local nginx.
#
# Sets up everything outside the repository, in a throwaway directory under ${TMPDIR:-/tmp}:
#   - nginx from Debian (apt-get install nginx-light, or nginx, when missing), run as the current
#     user with its own nginx.conf: 127.0.0.1 on a free port, one worker, keepalive on, access log
#     off, every path (pid, error log, temp dirs) inside the throwaway directory;
#   - COUNT (default 1000) distinct file names made by copying samples/sprites/*.png over and over,
#     and urls.txt listing http://127.0.0.1:PORT/<name> for each;
#   - sprite-theme in release (scripts/build-release.sh, as shipped),
#     copied there so that a rebuild during the run cannot change what is measured.
# Then times, wall clock, alternating, best and median of REPS (default 5):
#   curl      curl --parallel --parallel-max 8 -s -K <config of url/output pairs>, then checks
#             that every file arrived with the right size;
#   download  sprite-theme fetch --download-only --urls urls.txt --out <new dir> --cache <new dir>
#             --concurrency 8 --quiet: downloads every sprite and writes it, atomically, to
#             sprites/<name>.png, with its size, hash and validators in one manifest in the new
#             cache (the like-for-like comparison with curl), then checks that every file arrived
#             byte for byte;
#   fetch     the same without --download-only: also analyses every sprite and writes its theme;
#   batch     sprite-theme batch www --out <new dir> --quiet: the same 1,000 files analysed from
#             disk, no network, no cache (what the analysis alone costs);
# all four again with every output (and cache) under /dev/shm when it is writable (tmpfs);
# and once more, on the cache of the last fetch run, with nginx's access log on to count requests
# (within --ttl a warm cache must make none). Prints a markdown table. nginx is stopped on exit.
#
# Usage: Benchmarks/fetch/run-fetch-bench.sh   (from anywhere)
# Environment: COUNT (default 1000), REPS (default 5), CONCURRENCY (default 8), KEEP=1 (keep the
#   throwaway directory), NO_BUILD=1 (use the existing .build/release/sprite-theme).
# Needs: curl, apt-get (or nginx installed), swift.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
COUNT="${COUNT:-1000}"
REPS="${REPS:-5}"
CONCURRENCY="${CONCURRENCY:-8}"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
find_nginx() { command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true; }
NGINX="$(find_nginx)"
if [ -z "$NGINX" ]; then
  echo "installing nginx-light (apt-get) ..." >&2
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get install -y nginx-light >&2 || as_root apt-get install -y nginx >&2 ||
    { as_root apt-get update >&2 && as_root apt-get install -y nginx-light >&2; }
  NGINX="$(find_nginx)"
fi
# Under systemd, Debian's package also starts a system nginx on port 80; this script never uses it.

work="$(mktemp -d "${TMPDIR:-/tmp}/sprite-theme-fetch.XXXXXX")"
nginx_pid=""
stop_nginx() {
  if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  nginx_pid=""
}
shm=""
cleanup() {
  stop_nginx
  if [ -n "$shm" ]; then rm -rf "$shm"; fi
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

# --- sprites and URLs ------------------------------------------------------------------------
www="$work/www"
mkdir -p "$www" "$work/nginx"
# Started as root, nginx's workers run as an unprivileged user: let them read the sprites.
chmod 755 "$work" "$www"
mapfile -t samples < <(find "$root/samples/sprites" -maxdepth 1 -name '*.png' | LC_ALL=C sort)
[ "${#samples[@]}" -gt 0 ] || { echo "error: no samples/sprites/*.png" >&2; exit 1; }
i=0
while [ "$i" -lt "$COUNT" ]; do
  src="${samples[$((i % ${#samples[@]}))]}"
  base="$(basename "$src" .png)"
  cp "$src" "$www/$(printf '%04d' "$i")-$base.png"
  i=$((i + 1))
done
total_bytes="$(find "$www" -name '*.png' -printf '%s\n' | awk '{s += $1} END {print s}')"

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

write_conf() { # $1: access_log directive
  cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 256; }
http {
  access_log $1;
  default_type application/octet-stream;
  types { image/png png; }
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 10000;
  client_body_temp_path $work/nginx/client_body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  server {
    listen 127.0.0.1:$port;
    root $www;
  }
}
CONF
}
start_nginx() {
  "$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" \
    2>>"$work/nginx/stderr.log" &
  nginx_pid=$!
  local first
  first="$(cd "$www" && set -- *.png && echo "$1")"
  for _ in $(seq 100); do
    if curl -sf -o /dev/null "http://127.0.0.1:$port/$first"; then return 0; fi
    sleep 0.05
  done
  echo "error: nginx did not answer on 127.0.0.1:$port" >&2
  cat "$work/nginx/stderr.log" "$work/nginx/error.log" >&2 || true
  exit 1
}
write_conf off
start_nginx

urls="$work/urls.txt"
curl_config="$work/curl.cfg"
: > "$urls"; : > "$curl_config"
for f in $(ls "$www" | LC_ALL=C sort); do
  echo "http://127.0.0.1:$port/$f" >> "$urls"
  printf 'url = "http://127.0.0.1:%s/%s"\noutput = "%s"\n' "$port" "$f" "$f" >> "$curl_config"
done

# --- sprite-theme ----------------------------------------------------------------------------
if [ "${NO_BUILD:-0}" != 1 ]; then
  echo "building sprite-theme (scripts/build-release.sh) ..." >&2
  "$root/scripts/build-release.sh" > /dev/null
fi
cp "$root/.build/release/sprite-theme" "$work/sprite-theme"
st="$work/sprite-theme"

# --- timing ----------------------------------------------------------------------------------
now() { date +%s%N; }
ms() { awk -v n="$1" 'BEGIN {printf "%.1f", n / 1e6}'; }

run_curl() { # $1: output dir; prints ns
  local out="$1" t0 t1 n b
  mkdir -p "$out"
  t0="$(now)"
  # curl 7.88 draws its parallel progress meter even with -s: keep it off the terminal.
  (cd "$out" && curl --parallel --parallel-max "$CONCURRENCY" -s --fail -K "$curl_config" \
    2>>"$work/curl-stderr.log")
  t1="$(now)"
  n="$(find "$out" -name '*.png' | wc -l)"
  b="$(find "$out" -name '*.png' -printf '%s\n' | awk '{s += $1} END {print s}')"
  if [ "$n" != "$COUNT" ] || [ "$b" != "$total_bytes" ]; then
    echo "error: curl got $n files, $b bytes (expected $COUNT, $total_bytes)" >&2; exit 1
  fi
  echo $((t1 - t0))
}
run_fetch() { # $1: output dir, $2: cache dir; prints ns
  local out="$1" cache="$2" t0 t1 n
  t0="$(now)"
  "$st" fetch --urls "$urls" --out "$out" --cache "$cache" --concurrency "$CONCURRENCY" --quiet >&2
  t1="$(now)"
  n="$(find "$out" -name '*.json' ! -name 'index.json' ! -path '*/.cache/*' | wc -l)"
  if [ "$n" != "$COUNT" ]; then echo "error: fetch wrote $n themes (expected $COUNT)" >&2; exit 1; fi
  echo $((t1 - t0))
}

run_download() { # $1: output dir, $2: cache dir; prints ns
  local out="$1" cache="$2" t0 t1
  t0="$(now)"
  "$st" fetch --download-only --urls "$urls" --out "$out" --cache "$cache" \
    --concurrency "$CONCURRENCY" --quiet >&2
  t1="$(now)"
  if ! diff -rq "$www" "$out/sprites" > /dev/null; then
    echo "error: fetch --download-only did not write the $COUNT sprites byte for byte" >&2; exit 1
  fi
  echo $((t1 - t0))
}
run_batch() { # $1: output dir; prints ns
  local out="$1" t0 t1 n
  t0="$(now)"
  "$st" batch "$www" --out "$out" --quiet >&2
  t1="$(now)"
  n="$(find "$out/themes" -name '*.json' | wc -l)"
  if [ "$n" != "$COUNT" ]; then echo "error: batch wrote $n themes (expected $COUNT)" >&2; exit 1; fi
  echo $((t1 - t0))
}
if [ -d /dev/shm ] && [ -w /dev/shm ]; then shm="$(mktemp -d /dev/shm/sprite-theme-fetch.XXXXXX)"; fi

echo "warm-up ..." >&2
run_curl "$work/warm-curl" > /dev/null
run_download "$work/warm-download" "$work/warm-download-cache" > /dev/null
run_fetch "$work/warm-fetch" "$work/warm-fetch-cache" > /dev/null
names=(curl download fetch batch)
[ -n "$shm" ] && names+=(curl_shm download_shm fetch_shm batch_shm)
declare -A times
for r in $(seq "$REPS"); do
  echo "round $r/$REPS ..." >&2
  times[curl]+=" $(run_curl "$work/curl-$r")"
  times[download]+=" $(run_download "$work/download-$r" "$work/download-cache-$r")"
  times[fetch]+=" $(run_fetch "$work/fetch-$r" "$work/cache-$r")"
  times[batch]+=" $(run_batch "$work/batch-$r")"
  if [ -n "$shm" ]; then
    times[curl_shm]+=" $(run_curl "$shm/curl-$r")"
    times[download_shm]+=" $(run_download "$shm/download-$r" "$shm/download-cache-$r")"
    times[fetch_shm]+=" $(run_fetch "$shm/fetch-$r" "$shm/cache-$r")"
    times[batch_shm]+=" $(run_batch "$shm/batch-$r")"
    # Keep /dev/shm small.
    rm -rf "$shm/curl-$r" "$shm/download-$r" "$shm/download-cache-$r" "$shm/fetch-$r" \
      "$shm/cache-$r" "$shm/batch-$r"
  fi
done
best() { printf '%s\n' $1 | sort -n | head -1; }
median() { printf '%s\n' $1 | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
row() { # $1: label, $2: name
  local b m
  b="$(best "${times[$2]}")"; m="$(median "${times[$2]}")"
  printf '| %s | %s ms | %s ms | %s µs |\n' "$1" "$(ms "$b")" "$(ms "$m")" \
    "$(awk -v n="$b" -v c="$COUNT" 'BEGIN {printf "%.1f", n / c / 1e3}')"
}
ratio_of() { awk -v a="$(best "${times[$1]}")" -v b="$(best "${times[$2]}")" 'BEGIN {printf "%.2f", a / b}'; }
sum_ratio_of() { # $1 / ($2 + $3), bests
  awk -v a="$(best "${times[$1]}")" -v b="$(best "${times[$2]}")" -v c="$(best "${times[$3]}")" \
    'BEGIN {printf "%.2f", a / (b + c)}'
}
verdict_of() { awk -v r="$1" 'BEGIN {exit !(r > 1)}' && echo missed || echo met; }

# --- warm cache: restart nginx with an access log and count requests -------------------------
stop_nginx
write_conf "$work/nginx/access.log"
start_nginx
before="$(wc -l < "$work/nginx/access.log")"
t0="$(now)"
"$st" fetch --urls "$urls" --out "$work/fetch-$REPS" --cache "$work/cache-$REPS" \
  --concurrency "$CONCURRENCY" --quiet >&2
t1="$(now)"
warm_ns=$((t1 - t0))
warm_requests=$(($(wc -l < "$work/nginx/access.log") - before))
stop_nginx

fetch_cmd="\`sprite-theme fetch --urls urls.txt --out NEW --cache NEW --concurrency $CONCURRENCY --quiet\`"
echo
echo "$COUNT sprites ($total_bytes bytes) from nginx $("$NGINX" -v 2>&1 | sed 's/.*nginx\///') on 127.0.0.1, concurrency $CONCURRENCY, wall clock, best and median of $REPS alternating rounds:"
echo
echo "| command | best | median | per sprite (best) |"
echo "| --- | ---: | ---: | ---: |"
row "\`curl --parallel --parallel-max $CONCURRENCY -s --fail -K urls.cfg\`, files to disk (download only)" curl
row "\`sprite-theme fetch --download-only\` as below, output and cache on disk (download, cache, write sprites)" download
row "$fetch_cmd, output and cache on disk (download, cache, analyse, write themes)" fetch
row "\`sprite-theme batch www --out NEW --quiet\` on the same files, output on disk (no network)" batch
if [ -n "$shm" ]; then
  row "curl as above, files to tmpfs (/dev/shm)" curl_shm
  row "fetch --download-only as above, output and cache on tmpfs" download_shm
  row "fetch as above, output and cache on tmpfs" fetch_shm
  row "batch as above, output on tmpfs" batch_shm
fi
echo "| fetch again on the last on-disk run's cache (within --ttl) | $(ms "$warm_ns") ms (one run) | | $warm_requests requests reached nginx |"
echo
r="$(ratio_of download curl)"
echo "On disk: fetch --download-only / curl = ${r}x (target <= 1.00x): **$(verdict_of "$r")**;" \
  "fetch / curl = $(ratio_of fetch curl)x, fetch / (curl + batch) = $(sum_ratio_of fetch curl batch)x"
if [ -n "$shm" ]; then
  r="$(ratio_of download_shm curl_shm)"
  echo "On tmpfs: fetch --download-only / curl = ${r}x (target <= 1.00x): **$(verdict_of "$r")**;" \
    "fetch / curl = $(ratio_of fetch_shm curl_shm)x," \
    "fetch / (curl + batch) = $(sum_ratio_of fetch_shm curl_shm batch_shm)x"
fi
echo
for n in "${names[@]}"; do echo "$n rounds (ms):$(for t in ${times[$n]}; do printf ' %s' "$(ms "$t")"; done)"; done
