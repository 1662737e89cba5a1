#!/usr/bin/env bash
# Installs the system packages SpriteTheme builds against, when they are missing:
# libpng-dev, zlib1g-dev, libdeflate-dev, libcurl4-openssl-dev and pkg-config (Debian/Ubuntu), or
# libpng, zlib, libdeflate and curl (Homebrew).
set -euo pipefail

have_deps() {
  command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libpng zlib libdeflate libcurl
}

# The CSS export's browser test needs headless Chromium and its WebDriver (Debian's chromium and
# chromium-driver), the Android test aapt and the framework's resources (aapt,
# android-framework-res); the tests fail, never skip, without them.
have_browser() {
  command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 \
    && command -v aapt >/dev/null 2>&1 && [ -f /usr/share/android-framework-res/framework-res.apk ]
}
if ! have_browser && command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo"
  if [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; then
    echo "install-deps: installing chromium chromium-driver aapt android-framework-res" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq </dev/null >&2
    $sudo apt-get install -y -qq --no-install-recommends chromium chromium-driver aapt \
      android-framework-res </dev/null >&2
  else
    echo "install-deps: chromium, chromium-driver, aapt or android-framework-res are missing" \
      "(the browser and Android tests will fail)" >&2
  fi
fi

if have_deps; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "install-deps: need root or sudo to install libpng-dev zlib1g-dev libdeflate-dev libcurl4-openssl-dev pkg-config" >&2; exit 1; }
    sudo="sudo"
  fi
  echo "install-deps: installing libpng-dev zlib1g-dev libdeflate-dev libcurl4-openssl-dev pkg-config" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq </dev/null >&2
  $sudo apt-get install -y -qq --no-install-recommends libpng-dev zlib1g-dev libdeflate-dev libcurl4-openssl-dev pkg-config </dev/null >&2
elif command -v brew >/dev/null 2>&1; then
  brew install libpng zlib libdeflate curl pkg-config >&2
else
  echo "install-deps: install libpng (>= 1.6), zlib, libdeflate (>= 1.14), libcurl (>= 7.85) and pkg-config with your package manager" >&2
  exit 1
fi

have_deps || { echo "install-deps: libpng, zlib, libdeflate or libcurl still not found by pkg-config" >&2; exit 1; }
