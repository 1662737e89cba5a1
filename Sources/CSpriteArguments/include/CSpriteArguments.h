// CSpriteArguments: the command line, captured at start-up, for the Swift runtime.
//
// Linked into the `sprite-theme` executable only. On Linux with glibc, this target also defines
// the two functions through which the Swift runtime reads the command line
// (`_swift_stdlib_getUnsafeArgvArgc` and `_swift_stdlib_overrideUnsafeArgvArgc`, which
// `CommandLine.arguments` calls). When the runtime is linked statically, as the release build
// does, the linker then takes them from here and leaves out the runtime's own file that defines
// them, whose start-up initialiser finds `argv` by reading and parsing `/proc/self/maps` in every
// process (about 0.15 ms a start). glibc hands the executable's initialisers `argc` and `argv`
// directly.
// With the runtime as a shared library (debug builds) the runtime keeps its own; nothing changes.
#ifndef CSPRITEARGUMENTS_H
#define CSPRITEARGUMENTS_H

#ifdef __cplusplus
extern "C" {
#endif

/// The arguments this process was started with, as glibc passed them to the executable's
/// initialisers (`argv`, with their number in `*count`), or NULL with `*count` 0 where they
/// are not captured (not glibc, or not yet initialised).
char *const *CSpriteArguments_arguments(int *count);

#ifdef __cplusplus
}
#endif

#endif  // CSPRITEARGUMENTS_H
