// CSpriteArguments: see include/CSpriteArguments.h.
#include "CSpriteArguments.h"

#include <stddef.h>
#include <stdlib.h>  // Defines __GLIBC__ on glibc.

static char **captured_argv;
static int captured_argc;

char *const *CSpriteArguments_arguments(int *count) {
  *count = captured_argv ? captured_argc : 0;
  return captured_argv;
}

#if defined(__linux__) && defined(__GLIBC__)
// glibc calls the executable's initialisers with (argc, argv, envp) (csu/libc-start.c,
// call_init), before any Swift code runs.
__attribute__((constructor)) static void capture(int argc, char **argv, char **envp) {
  (void)envp;
  captured_argc = argc;
  captured_argv = argv;
}

// The runtime declares both with the Swift calling convention (SWIFT_CC(swift) in
// stdlib/public/CommandLineSupport/CommandLine.cpp); for these argument and result types it
// passes them in the same registers as C, and clang spells it out where it can.
#if defined(__has_attribute) && __has_attribute(swiftcall)
#define SPRITE_SWIFTCALL __attribute__((swiftcall))
#else
#define SPRITE_SWIFTCALL
#endif

// Set by `_swift_stdlib_overrideUnsafeArgvArgc` (the runtime's hook for embedders and the
// interpreter), which takes precedence, as in the runtime's own version.
static char **override_argv;
static int override_argc;

SPRITE_SWIFTCALL char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);
SPRITE_SWIFTCALL void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

SPRITE_SWIFTCALL char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  static char *empty[] = {NULL};
  if (override_argv) {
    *outArgLen = override_argc;
    return override_argv;
  }
  if (!captured_argv) {
    *outArgLen = 0;
    return empty;
  }
  *outArgLen = captured_argc;
  return captured_argv;
}

SPRITE_SWIFTCALL void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  override_argv = argv;
  override_argc = argc;
}
#endif
