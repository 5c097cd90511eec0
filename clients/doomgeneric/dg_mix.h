/*
 * The sound effects mixer. Pure: no ALSA, no Wayland, no engine headers, integer arithmetic
 * only (the PXA has no FPU).
 *
 * Sounds are Doom's 8-bit unsigned mono samples at their own rate (11025 Hz for most). Each
 * channel steps through its sound by a 32.32 fixed-point step of source samples per output
 * frame (zero-order hold, as the DOS game did), scaled by a left and a right gain from the
 * engine's volume (0 to 127) and separation (0 all left, 128 centre, 254 all right):
 *
 *   left = (254 - sep) * vol, right = sep * vol        (0 to 32,258)
 *   out  = sum over channels of (sample - 128) * gain / 128, clipped to S16
 *
 * so sep 0 at volume 127 plays the sample at full scale on the left and nothing on the right,
 * and a centred sound plays at about half scale on each side (as chocolate-doom's SDL panning
 * does). The mixer holds no lock: the caller serialises the calls.
 */
#ifndef DG_MIX_H
#define DG_MIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DG_MIX_CHANNELS 16
#define DG_MIX_VOLUME_MAX 127
#define DG_MIX_SEP_MAX 254
#define DG_MIX_SEP_CENTRE 128

/* A sound: borrowed, must outlive every channel that plays it. */
struct dg_mix_sound {
	const uint8_t *pcm; /* unsigned 8-bit mono, 128 is silence */
	uint32_t length; /* samples */
	uint32_t rate; /* Hz, 1 to 65535 */
};

struct dg_mix_channel {
	const uint8_t *pcm;
	uint32_t length;
	uint64_t pos, step; /* 32.32 fixed point, in source samples */
	int32_t gain_left, gain_right;
	bool playing;
};

struct dg_mix {
	uint32_t rate; /* the output's, Hz */
	struct dg_mix_channel channels[DG_MIX_CHANNELS];
};

/* Every channel silent; rate is the output's (frames a second). */
void dg_mix_init(struct dg_mix *m, uint32_t rate);

/*
 * Plays sound on channel from its start, replacing what the channel played. vol and sep are
 * clamped to their ranges. Returns the channel, or -1 (nothing changed) for a channel out of
 * range or a sound without samples or rate.
 */
int dg_mix_start(struct dg_mix *m, int channel, const struct dg_mix_sound *sound, int vol, int sep);

/* New volume and separation for a playing channel; ignored for a silent or bad channel. */
void dg_mix_set_params(struct dg_mix *m, int channel, int vol, int sep);

void dg_mix_stop(struct dg_mix *m, int channel);

/* Whether channel still has samples to play. */
bool dg_mix_playing(const struct dg_mix *m, int channel);

/*
 * Mixes the next frames into out, interleaved left and right (2 * frames values), overwriting
 * it. A channel stops when its sound ends.
 */
void dg_mix_run(struct dg_mix *m, int16_t *out, size_t frames);

/*
 * Reads a DMX sound lump (the DS* lumps: u16 format 3, u16 rate, u32 sample count, then the
 * samples, all little-endian). The 16 padding samples DMX puts at each end of a sound longer
 * than 32 samples are left out, as the DOS game did. Returns false for a lump of another format
 * or whose count exceeds it; sound then points into lump.
 */
bool dg_mix_parse_dmx(const uint8_t *lump, size_t len, struct dg_mix_sound *sound);

#endif
