#!/usr/bin/env bash
# Builds sprite-theme in release the way it is shipped and prints the binary's path. Installs
# missing system packages first (scripts/install-deps.sh).
#
# - The Swift runtime is linked in (--static-swift-stdlib): no Swift libraries to install.
# - So is the C++ runtime the Swift runtime uses, when its static archive is installed (it is
#   with the toolchain's libstdc++-N-dev dependency): the toolchain's link line asks for
#   -lstdc++, and a folder holding only the archives to link in, searched first, makes that
#   the archive.
#   Loading libstdc++.so and binding its ~4,300 symbol references cost about 1 ms of every run.
# - No $ORIGIN run path (--disable-local-rpath): with nothing to find beside the binary, it only
#   made the loader look for each library in four folders next to it first.
# - GCC's unwinder linked in too (-static-libgcc): libgcc_s.so was one more library to map and
#   bind at every start (about 0.1 ms); the C++ runtime linked in above is its only user.
# - libdeflate linked in the same way (-ldeflate), when its static archive is installed
#   (libdeflate-dev ships it): one library fewer to map and bind at every start (about 0.1 ms,
#   1.5% of a batch over the samples). libm stays shared: glibc's static libm needs libc's
#   private symbols.
# - Generic metadata reached through its accessor, not by demangling a mangled name
#   (-disable-concrete-type-metadata-mangled-name-accessors): the names save a little code,
#   but the first use of each concrete type (an array of SIMD4<Float>, of palette entries, ...)
#   went through the runtime's demangler, about 0.3 M instructions per run in all, 2% of a
#   batch over the samples.
# - No exported symbols (--no-export-dynamic, after SwiftPM's --export-dynamic): SwiftPM exports
#   every public symbol of an executable (2,214 here) so that tests can link against it. Nothing
#   loads this binary's symbols by name (libpng and libcurl are handed function pointers), and a
#   large export table made every symbol the loader binds, and the runtime's one dladdr at
#   start-up, search it first: -0.2 ms per start, -0.4 ms per batch over the samples.
# - The command line is captured by CSpriteArguments (see its header): with the runtime linked
#   in, its own capture, which reads and parses /proc/self/maps at every start, is left out
#   (-0.15 ms per start). Checked below by the symbol that capture leaves behind.
# Extra arguments go to `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
flags=(-c release --static-swift-stdlib --disable-local-rpath --product sprite-theme)
flags+=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
[[ "$(uname -s)" == Linux ]] && flags+=(-Xlinker --no-export-dynamic)
if [[ "$(uname -s)" == Linux ]]; then
  # A folder holding only the archives to link in, searched before the system's, so that the
  # link line's -lstdc++ and -ldeflate find them first. Made afresh: a stale link would stay.
  folder="$PWD/.build/static-archives"
  rm -rf "$folder"
  mkdir -p "$folder"
  # The toolchain's own clang knows where GCC's C++ runtime and libdeflate are installed; it
  # prints the bare name when it finds nothing.
  clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
  archive="$("$clang" -print-file-name=libstdc++.a 2>/dev/null || true)"
  if [[ "$archive" == /* && -f "$archive" ]]; then
    ln -s "$archive" "$folder/libstdc++.a"
    flags+=(-Xswiftc -Xclang-linker -Xswiftc -static-libgcc)
  else
    echo "build-release: no libstdc++.a found; linking libstdc++ dynamically" >&2
  fi
  archive="$("$clang" -print-file-name=libdeflate.a 2>/dev/null || true)"
  if [[ "$archive" == /* && -f "$archive" ]]; then
    ln -s "$archive" "$folder/libdeflate.a"
  fi
  flags+=(-Xlinker -L"$folder")
fi
swift build "${flags[@]}" "$@" >&2
binary="$(swift build -c release --show-bin-path)/sprite-theme"
if [[ "$(uname -s)" == Linux ]] && grep -q -a argvGrabber "$binary"; then
  echo "build-release: the Swift runtime's own command-line capture is linked in" \
    "(CSpriteArguments no longer replaces it with this toolchain)" >&2
fi
echo "$binary"
