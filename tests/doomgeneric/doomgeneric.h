/*
 * The stand-in engine's copy of doomgeneric's interface: the same names, types and defaults
 * as the engine's doomgeneric.h, written for picowl's tests.
 */
#ifndef STANDIN_DOOMGENERIC_H
#define STANDIN_DOOMGENERIC_H

#include <stdint.h>
#include <stdlib.h>

#ifndef DOOMGENERIC_RESX
#define DOOMGENERIC_RESX 640
#endif
#ifndef DOOMGENERIC_RESY
#define DOOMGENERIC_RESY 400
#endif

#ifdef CMAP256
typedef uint8_t pixel_t;
#else
typedef uint32_t pixel_t;
#endif

extern pixel_t *DG_ScreenBuffer;

void doomgeneric_Create(int argc, char **argv);
void doomgeneric_Tick(void);

/* the platform's side */
void DG_Init(void);
void DG_DrawFrame(void);
void DG_SleepMs(uint32_t ms);
uint32_t DG_GetTicksMs(void);
int DG_GetKey(int *pressed, unsigned char *key);
void DG_SetWindowTitle(const char *title);

#endif
