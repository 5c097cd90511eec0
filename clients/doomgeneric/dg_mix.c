#include "dg_mix.h"

#include <string.h>

/* frames mixed at a time into the 32-bit accumulator on the stack */
#define CHUNK 256
#define DMX_PAD 16

static int
clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void
set_gains(struct dg_mix_channel *c, int vol, int sep)
{
	vol = clamp(vol, 0, DG_MIX_VOLUME_MAX);
	sep = clamp(sep, 0, DG_MIX_SEP_MAX);
	c->gain_left = (DG_MIX_SEP_MAX - sep) * vol;
	c->gain_right = sep * vol;
}

void
dg_mix_init(struct dg_mix *m, uint32_t rate)
{
	memset(m, 0, sizeof(*m));
	m->rate = rate;
}

int
dg_mix_start(struct dg_mix *m, int channel, const struct dg_mix_sound *sound, int vol, int sep)
{
	if (channel < 0 || channel >= DG_MIX_CHANNELS || !sound->pcm || sound->length == 0 ||
		sound->rate == 0 || m->rate == 0) {
		return -1;
	}
	struct dg_mix_channel *c = &m->channels[channel];
	c->pcm = sound->pcm;
	c->length = sound->length;
	c->pos = 0;
	/* once a sound: a 64-bit division is a library call on ARMv5 */
	c->step = ((uint64_t)sound->rate << 32) / m->rate;
	set_gains(c, vol, sep);
	c->playing = true;
	return channel;
}

void
dg_mix_set_params(struct dg_mix *m, int channel, int vol, int sep)
{
	if (channel >= 0 && channel < DG_MIX_CHANNELS && m->channels[channel].playing) {
		set_gains(&m->channels[channel], vol, sep);
	}
}

void
dg_mix_stop(struct dg_mix *m, int channel)
{
	if (channel >= 0 && channel < DG_MIX_CHANNELS) {
		m->channels[channel].playing = false;
	}
}

bool
dg_mix_playing(const struct dg_mix *m, int channel)
{
	return channel >= 0 && channel < DG_MIX_CHANNELS && m->channels[channel].playing;
}

/* Adds n frames of channel c into acc; stops c at the end of its sound. */
static void
mix_channel(struct dg_mix_channel *c, int32_t *acc, size_t n)
{
	const uint8_t *pcm = c->pcm;
	uint64_t pos = c->pos, step = c->step;
	uint64_t end = (uint64_t)c->length << 32;
	int32_t gl = c->gain_left, gr = c->gain_right;

	for (size_t i = 0; i < n; i++) {
		if (pos >= end) {
			c->playing = false;
			break;
		}
		int32_t s = (int32_t)pcm[pos >> 32] - 128;
		acc[2 * i] += s * gl;
		acc[2 * i + 1] += s * gr;
		pos += step;
	}
	c->pos = pos;
	if (pos >= end) {
		c->playing = false;
	}
}

static int16_t
clip(int32_t v)
{
	/* the gains carry 7 bits more than S16 (254 * 127 against 256 * 128) */
	v >>= 7;
	return (int16_t)(v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v);
}

void
dg_mix_run(struct dg_mix *m, int16_t *out, size_t frames)
{
	int32_t acc[2 * CHUNK];

	while (frames > 0) {
		size_t n = frames < CHUNK ? frames : CHUNK;
		memset(acc, 0, 2 * n * sizeof(acc[0]));
		for (int ch = 0; ch < DG_MIX_CHANNELS; ch++) {
			if (m->channels[ch].playing) {
				mix_channel(&m->channels[ch], acc, n);
			}
		}
		for (size_t i = 0; i < 2 * n; i++) {
			out[i] = clip(acc[i]);
		}
		out += 2 * n;
		frames -= n;
	}
}

bool
dg_mix_parse_dmx(const uint8_t *lump, size_t len, struct dg_mix_sound *sound)
{
	if (len < 8 || lump[0] != 3 || lump[1] != 0) {
		return false;
	}
	uint32_t rate = (uint32_t)lump[2] | (uint32_t)lump[3] << 8;
	uint32_t count = (uint32_t)lump[4] | (uint32_t)lump[5] << 8 | (uint32_t)lump[6] << 16 |
		(uint32_t)lump[7] << 24;
	if (rate == 0 || count > len - 8) {
		return false;
	}
	sound->pcm = lump + 8;
	sound->length = count;
	sound->rate = rate;
	if (count > 2 * DMX_PAD) {
		sound->pcm += DMX_PAD;
		sound->length -= 2 * DMX_PAD;
	}
	return true;
}
