// CSpriteSystem: see include/CSpriteSystem.h.
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "CSpriteSystem.h"

#include <unistd.h>

int CSpriteSystem_available_processors(void) {
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    int count = CPU_COUNT(&set);
    if (count > 0) return count;
  }
#endif
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? (int)online : 1;
}
