/*
 * Empty on purpose. The engine's i_sound.c includes <SDL_mixer.h> whenever FEATURE_SOUND is
 * defined, but uses nothing from it: picowl's sound module (dg_sound.c) is ALSA, not SDL. The
 * engine is compiled with this folder on its include path so that FEATURE_SOUND needs no SDL.
 */
#ifndef DG_SHIM_SDL_MIXER_H
#define DG_SHIM_SDL_MIXER_H
#endif
