// CSpriteSystem: operating-system queries Swift's Glibc module does not export.
#ifndef CSPRITESYSTEM_H
#define CSPRITESYSTEM_H

#ifdef __cplusplus
extern "C" {
#endif

/// The number of processors this process may run on (its CPU affinity mask on Linux, where
/// `taskset` and container CPU sets narrow it), else the online processors; at least 1.
int CSpriteSystem_available_processors(void);

#ifdef __cplusplus
}
#endif

#endif  // CSPRITESYSTEM_H
