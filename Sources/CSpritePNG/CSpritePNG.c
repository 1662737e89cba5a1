#include "CSpritePNG.h"
int CSpritePNG_placeholder(void) { return 0; }
