#ifndef CSPRITEPNG_H
#define CSPRITEPNG_H
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
int CSpritePNG_placeholder(void);
#endif
