#!/usr/bin/env bash
# Runs a Python browser check (check_report.py ...) with what it needs, set up here:
# Debian's chromium and chromium-driver (installed with apt-get when missing and running as root
# or with sudo; otherwise a loud message naming them, exit 3) and Selenium from PyPI in the
# throwaway venv VENV (created when missing; the caller removes it), axe-core's script (from the
# axe-playwright-python package), plus the PyPI packages named in $PIP_EXTRA, if any.
# usage: with-browser.sh VENV SCRIPT.py ARGS...
set -euo pipefail
venv="$1"; shift

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/lib/chromium/chromium ] || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; fi
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; }; then
    echo "with-browser: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq </dev/null >&2
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >&2
  else
    echo "with-browser: *** MISSING: ${missing[*]} *** the report's browser test needs Debian's" \
      "chromium and chromium-driver: apt-get install chromium chromium-driver" >&2
    exit 3
  fi
fi

python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv" >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "selenium>=4.20,<5" ${PIP_EXTRA:-} >&2
  # axe-core's axe.min.js (4.12.1), shipped in this package; only the file is used (axe.py),
  # so not its Playwright dependency.
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
    "axe-playwright-python==0.1.8" >&2
fi
# Selenium is given the browser and the driver: its manager must not look for them online.
export SE_OFFLINE=true
exec "$venv/bin/python" "$@"
