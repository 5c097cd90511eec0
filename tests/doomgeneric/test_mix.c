/* Unit tests of the sound mixer (clients/doomgeneric/dg_mix.c) and of the sound options. */
#include <stdlib.h>
#include <string.h>

#include "dg_mix.h"
#include "dg_options.h"

#include "check.h"

#define FRAMES 4096

static int16_t out[2 * FRAMES];

/* The value the mixer gives for sample u at volume vol and separation sep, left or right. */
static int16_t
expect(uint8_t u, int vol, int sep, bool right)
{
	int32_t gain = right ? sep * vol : (254 - sep) * vol;
	int32_t v = (((int32_t)u - 128) * gain) >> 7;
	return (int16_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
}

static bool
all_zero(const int16_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i] != 0) {
			return false;
		}
	}
	return true;
}

static void
test_silence(void)
{
	struct dg_mix m;
	dg_mix_init(&m, 44100);
	memset(out, 0x55, sizeof(out));
	dg_mix_run(&m, out, FRAMES);
	CHECK(all_zero(out, 2 * FRAMES));
	for (int ch = 0; ch < DG_MIX_CHANNELS; ch++) {
		CHECK(!dg_mix_playing(&m, ch));
	}
}

static void
test_resample(void)
{
	/* 11025 -> 44100: each source sample held for exactly 4 frames */
	static const uint8_t pcm[] = {128, 255, 0, 200, 64, 129};
	struct dg_mix_sound s = {pcm, sizeof(pcm), 11025};
	struct dg_mix m;
	dg_mix_init(&m, 44100);
	CHECK(dg_mix_start(&m, 3, &s, 127, 128) == 3);
	dg_mix_run(&m, out, 64);
	bool ok = true;
	for (size_t i = 0; i < 24; i++) {
		uint8_t u = pcm[i / 4];
		ok = ok && out[2 * i] == expect(u, 127, 128, false) &&
			out[2 * i + 1] == expect(u, 127, 128, true);
	}
	CHECK(ok);
	/* centred at full volume: (255 - 128) * 126 * 127 / 128 and * 128 * 127 / 128 */
	CHECK(out[2 * 4] == 15876 && out[2 * 4 + 1] == 16129);
	CHECK(out[2 * 8] == -16002 && out[2 * 8 + 1] == -16256);
	/* the sound ended after 24 frames: silence after it, and the channel is free */
	CHECK(all_zero(out + 2 * 24, 2 * (64 - 24)));
	CHECK(!dg_mix_playing(&m, 3));

	/* 22050 -> 44100 holds 2 frames; 11025 -> 22050 too; 44100 -> 22050 skips one of two */
	struct dg_mix_sound s2 = {pcm, sizeof(pcm), 22050};
	dg_mix_init(&m, 44100);
	dg_mix_start(&m, 0, &s2, 127, 0);
	dg_mix_run(&m, out, 16);
	CHECK(out[0] == 0 && out[2 * 2] == expect(255, 127, 0, false) && out[2 * 3] == out[2 * 2] &&
		out[2 * 4] == expect(0, 127, 0, false));
	CHECK(all_zero(out + 2 * 12, 2 * 4));
	struct dg_mix_sound s3 = {pcm, sizeof(pcm), 44100};
	dg_mix_init(&m, 22050);
	dg_mix_start(&m, 0, &s3, 127, 0);
	dg_mix_run(&m, out, 4);
	CHECK(out[0] == 0 && out[2] == expect(0, 127, 0, false) &&
		out[4] == expect(64, 127, 0, false) && out[6] == 0);

	/*
	 * a step that is no whole number: 11025 -> 48000 plays each sample 4 or 5 times; the step
	 * is rounded down, so a frame may still show the sample before the exact one
	 */
	static uint8_t ramp[200];
	for (size_t i = 0; i < sizeof(ramp); i++) {
		ramp[i] = (uint8_t)i;
	}
	struct dg_mix_sound r = {ramp, sizeof(ramp), 11025};
	dg_mix_init(&m, 48000);
	dg_mix_start(&m, 0, &r, 127, 0);
	dg_mix_run(&m, out, 1000);
	ok = true;
	size_t frames = 0;
	for (size_t i = 0; i < 1000; i++) {
		size_t src = i * 11025 / 48000;
		if (src < sizeof(ramp)) {
			frames++;
			int16_t a = expect(ramp[src], 127, 0, false);
			int16_t b = src > 0 ? expect(ramp[src - 1], 127, 0, false) : a;
			ok = ok && (out[2 * i] == a || out[2 * i] == b);
		}
	}
	CHECK(ok);
	/* 200 samples at 48000 / 11025 frames each: 870.7 frames, the last partly */
	CHECK(frames == 871 && out[2 * 870] != 0 && all_zero(out + 2 * 871, 2 * (1000 - 871)));
}

static void
test_separation_volume(void)
{
	static const uint8_t pcm[] = {228, 28, 228, 28};
	struct dg_mix_sound s = {pcm, sizeof(pcm), 44100};
	struct dg_mix m;

	/* separation 0: everything left, at full scale for volume 127 */
	dg_mix_init(&m, 44100);
	dg_mix_start(&m, 0, &s, 127, 0);
	dg_mix_run(&m, out, 4);
	CHECK(out[0] == (100 * 254 * 127) >> 7 && out[1] == 0);
	CHECK(out[2] == (-100 * 254 * 127) >> 7 && out[3] == 0);
	/* 254: everything right */
	dg_mix_init(&m, 44100);
	dg_mix_start(&m, 0, &s, 127, 254);
	dg_mix_run(&m, out, 4);
	CHECK(out[0] == 0 && out[1] == (100 * 254 * 127) >> 7);
	/* out of range is clamped, as the engine's own check does */
	dg_mix_init(&m, 44100);
	dg_mix_start(&m, 0, &s, 500, 999);
	dg_mix_run(&m, out, 1);
	CHECK(out[0] == 0 && out[1] == (100 * 254 * 127) >> 7);

	/* volume scales linearly: 64 is about half of 127, 0 is silence */
	int16_t full, half;
	dg_mix_init(&m, 44100);
	dg_mix_start(&m, 0, &s, 127, 0);
	dg_mix_run(&m, out, 1);
	full = out[0];
	dg_mix_init(&m, 44100);
	dg_mix_start(&m, 0, &s, 64, 0);
	dg_mix_run(&m, out, 1);
	half = out[0];
	CHECK(half == (100 * 254 * 64) >> 7 && abs(2 * half - full) < 300);
	dg_mix_init(&m, 44100);
	dg_mix_start(&m, 0, &s, 0, 64);
	dg_mix_run(&m, out, 3);
	CHECK(all_zero(out, 6));
	CHECK(dg_mix_playing(&m, 0)); /* silent, but still playing */

	/* new params on a playing channel: from the next frame on */
	dg_mix_init(&m, 44100);
	dg_mix_start(&m, 0, &s, 127, 0);
	dg_mix_run(&m, out, 1);
	dg_mix_set_params(&m, 0, 127, 254);
	dg_mix_run(&m, out + 2, 1);
	CHECK(out[0] > 0 && out[1] == 0 && out[2] == 0 && out[3] < 0);
}

static void
test_sum_and_clip(void)
{
	static const uint8_t hi[] = {255, 255}, lo[] = {0, 0}, mid[] = {160, 160};
	struct dg_mix_sound h = {hi, 2, 11025}, l = {lo, 2, 11025}, md = {mid, 2, 11025};
	struct dg_mix m;

	/* two channels add */
	dg_mix_init(&m, 11025);
	dg_mix_start(&m, 0, &md, 127, 0);
	dg_mix_start(&m, 1, &md, 127, 0);
	dg_mix_run(&m, out, 1);
	CHECK(out[0] == (2 * 32 * 254 * 127) >> 7);
	/* four loud ones clip to S16 instead of wrapping, both ways */
	dg_mix_init(&m, 11025);
	for (int ch = 0; ch < 4; ch++) {
		dg_mix_start(&m, ch, &h, 127, 0);
	}
	dg_mix_run(&m, out, 2);
	CHECK(out[0] == 32767 && out[2] == 32767 && out[1] == 0);
	dg_mix_init(&m, 11025);
	for (int ch = 0; ch < DG_MIX_CHANNELS; ch++) {
		CHECK(dg_mix_start(&m, ch, &l, 127, 254) == ch);
	}
	dg_mix_run(&m, out, 1);
	CHECK(out[0] == 0 && out[1] == -32768);
}

static void
test_channels(void)
{
	static const uint8_t a[] = {200, 200, 200, 200, 200, 200, 200, 200};
	static const uint8_t b[] = {100, 100};
	struct dg_mix_sound sa = {a, sizeof(a), 11025}, sb = {b, sizeof(b), 11025};
	struct dg_mix m;

	/* a channel ends exactly when its sample ends, and stays silent */
	dg_mix_init(&m, 11025);
	dg_mix_start(&m, 5, &sa, 127, 0);
	dg_mix_run(&m, out, 7);
	CHECK(dg_mix_playing(&m, 5));
	dg_mix_run(&m, out, 1);
	CHECK(out[0] == expect(200, 127, 0, false));
	dg_mix_run(&m, out, 1);
	CHECK(!dg_mix_playing(&m, 5) && out[0] == 0);
	/* ... also when it ends inside a run */
	dg_mix_start(&m, 5, &sa, 127, 0);
	dg_mix_run(&m, out, 100);
	CHECK(!dg_mix_playing(&m, 5) && out[2 * 7] != 0 && all_zero(out + 2 * 8, 2 * 92));

	/* StartSound on a busy channel replaces its sound: b alone, from b's start */
	dg_mix_init(&m, 11025);
	dg_mix_start(&m, 2, &sa, 127, 0);
	dg_mix_run(&m, out, 3);
	CHECK(dg_mix_start(&m, 2, &sb, 127, 0) == 2);
	dg_mix_run(&m, out, 4);
	CHECK(out[0] == expect(100, 127, 0, false) && out[2] == out[0] && out[4] == 0 &&
		out[6] == 0);
	CHECK(!dg_mix_playing(&m, 2));

	/* stop, bad channels and empty sounds */
	dg_mix_start(&m, 1, &sa, 127, 0);
	dg_mix_stop(&m, 1);
	CHECK(!dg_mix_playing(&m, 1));
	dg_mix_run(&m, out, 4);
	CHECK(all_zero(out, 8));
	struct dg_mix_sound empty = {a, 0, 11025}, norate = {a, 8, 0};
	CHECK(dg_mix_start(&m, -1, &sa, 127, 0) == -1);
	CHECK(dg_mix_start(&m, DG_MIX_CHANNELS, &sa, 127, 0) == -1);
	CHECK(dg_mix_start(&m, 0, &empty, 127, 0) == -1 && !dg_mix_playing(&m, 0));
	CHECK(dg_mix_start(&m, 0, &norate, 127, 0) == -1);
	CHECK(!dg_mix_playing(&m, -1) && !dg_mix_playing(&m, DG_MIX_CHANNELS));
	dg_mix_set_params(&m, 99, 1, 1);
	dg_mix_stop(&m, -5);
}

static void
test_parse(void)
{
	uint8_t lump[8 + 64];
	struct dg_mix_sound s;

	memset(lump, 0, sizeof(lump));
	lump[0] = 3;
	lump[2] = 0x11; /* 11025 = 0x2b11 */
	lump[3] = 0x2b;
	lump[4] = 64;
	for (int i = 0; i < 64; i++) {
		lump[8 + i] = (uint8_t)(i + 1);
	}
	CHECK(dg_mix_parse_dmx(lump, sizeof(lump), &s));
	/* the 16 padding samples at each end are left out */
	CHECK(s.rate == 11025 && s.length == 32 && s.pcm == lump + 8 + 16 && s.pcm[0] == 17);
	lump[4] = 20;
	CHECK(dg_mix_parse_dmx(lump, sizeof(lump), &s) && s.length == 20 && s.pcm == lump + 8);
	lump[4] = 65; /* longer than the lump */
	CHECK(!dg_mix_parse_dmx(lump, sizeof(lump), &s));
	lump[4] = 64;
	lump[0] = 2; /* not format 3 (a PC speaker sound is format 0) */
	CHECK(!dg_mix_parse_dmx(lump, sizeof(lump), &s));
	lump[0] = 3;
	CHECK(!dg_mix_parse_dmx(lump, 7, &s));
	lump[2] = lump[3] = 0;
	CHECK(!dg_mix_parse_dmx(lump, sizeof(lump), &s));
}

static bool
parse(struct dg_options *o, const char *a, const char *b, const char *c)
{
	char *argv[] = {"doom", (char *)a, (char *)b, (char *)c, NULL};
	char err[160];
	int argc = c ? 4 : b ? 3 : 2;
	dg_options_defaults(o);
	return dg_options_parse(o, argc, argv, err, sizeof(err));
}

static void
test_options(void)
{
	struct dg_options o;

	dg_options_defaults(&o);
	CHECK(o.audio_mode == DG_AUDIO_THREAD && o.audio_period == 512 && o.audio_periods == 4 &&
		o.audio_rate == 22050 && strcmp(o.audio_device, "default") == 0);
	CHECK(parse(&o, "-audio-mode", "tick", NULL) && o.audio_mode == DG_AUDIO_TICK);
	CHECK(parse(&o, "-audio-mode", "thread", NULL) && o.audio_mode == DG_AUDIO_THREAD);
	CHECK(!parse(&o, "-audio-mode", "poll", NULL));
	CHECK(!parse(&o, "-audio-mode", NULL, NULL));
	CHECK(parse(&o, "-audio-period", "1024", NULL) && o.audio_period == 1024);
	CHECK(parse(&o, "-audio-periods", "2", NULL) && o.audio_periods == 2);
	CHECK(!parse(&o, "-audio-periods", "1", NULL));
	CHECK(!parse(&o, "-audio-period", "12x", NULL));
	CHECK(!parse(&o, "-audio-period", "", NULL));
	CHECK(!parse(&o, "-audio-period", "99999", NULL));
	CHECK(parse(&o, "-audio-rate", "44100", NULL) && o.audio_rate == 44100);
	CHECK(!parse(&o, "-audio-rate", "100", NULL));
	CHECK(parse(&o, "-audio-device", "hw:0", "-nosound") &&
		strcmp(o.audio_device, "hw:0") == 0);
	CHECK(!parse(&o, "-audio-device", NULL, NULL));
}

int
main(void)
{
	test_silence();
	test_resample();
	test_separation_volume();
	test_sum_and_clip();
	test_channels();
	test_parse();
	test_options();
	return check_summary();
}
