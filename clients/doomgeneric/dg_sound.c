/*
 * The engine's sound module (DG_sound_module) on ALSA, and a silent music module
 * (DG_music_module): the engine needs both when it is built with FEATURE_SOUND.
 *
 * Effects are mixed by dg_mix.c into S16 stereo at the rate the device takes (-audio-rate is
 * only asked for). Two ways to feed the device, after seed 002:
 *
 *   thread (default)  a mixing thread mixes one period and blocks in snd_pcm_writei, or in
 *                     snd_pcm_wait where writes stay non-blocking after snd_pcm_nonblock(0)
 *                     (they did on snd-dummy: the kernel keeps the O_NONBLOCK of the open)
 *   tick              the game's tick (the module's Update, once a frame) mixes and writes, non
 *                     blocking, as much as the device takes to stay -audio-periods ahead: no
 *                     thread, so no wakeups of its own
 *
 * The engine's -nosound never calls Init: nothing is opened. A device that cannot be opened
 * or set up gives one line on stderr, and the engine goes on silent; alsa-lib's own messages
 * are silenced, and the device is opened non-blocking so that a busy one fails at once instead
 * of waiting for its owner.
 *
 * A device that takes frames faster than real time (ALSA's null plugin, which the tests put
 * behind the file plugin) is held to the clock: no more than the buffer plus one second is
 * written ahead of the time since the stream (re)started, so the stream keeps the game's time
 * and the thread does not spin. The second of slack keeps a real device's clock drift from
 * ever reaching the limit.
 */
#include <alsa/asoundlib.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dg_mix.h"
#include "dg_options.h"
#include "doomtype.h"
#include "i_sound.h"
#include "m_argv.h"
#include "w_wad.h"
#include "z_zone.h"

/* i_sound.c binds these configuration variables when FEATURE_SOUND is defined; unused here */
int use_libsamplerate = 0;
float libsamplerate_scale = 0.65f;

static struct {
	struct dg_options opt;
	snd_pcm_t *pcm;
	bool prefix; /* the engine's use_sfx_prefix: lumps are DS<name> */
	unsigned rate;
	snd_pcm_uframes_t period, buffer;
	int16_t *buf; /* one period, interleaved */

	pthread_mutex_t lock; /* the mixer, in thread mode */
	struct dg_mix mix;

	/* the clock guard: frames written since the stream (re)started at start_us */
	uint64_t start_us, written;
	/* for -dgstats: frames written in all, underruns recovered, waits for a full device */
	uint64_t total;
	unsigned xruns, waits;

	/* thread mode */
	pthread_t thread;
	bool thread_started;
	atomic_bool stop;
	bool thread_done; /* under lock; signalled on done */
	bool dead; /* under lock: the device failed, every channel is silent */
	pthread_cond_t done;
} snd = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.done = PTHREAD_COND_INITIALIZER,
};

static uint64_t
now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void
quiet_alsa(const char *file, int line, const char *function, int err, const char *fmt, ...)
{
	(void)file, (void)line, (void)function, (void)err, (void)fmt;
}

static void
restart_clock(void)
{
	snd.start_us = now_us();
	snd.written = 0;
}

/* Frames the clock guard lets be written now. */
static uint64_t
clock_allows(void)
{
	uint64_t elapsed = (now_us() - snd.start_us) * snd.rate / 1000000u;
	uint64_t limit = elapsed + snd.buffer + snd.rate;
	return limit > snd.written ? limit - snd.written : 0;
}

/* Recovers from an underrun or a suspend; false when the device is gone. */
static bool
recover(snd_pcm_sframes_t err)
{
	if (snd_pcm_recover(snd.pcm, (int)err, 1) < 0) {
		fprintf(stderr, "picowl-dg: sound stopped: %s\n", snd_strerror((int)err));
		return false;
	}
	snd.xruns++;
	restart_clock();
	return true;
}

/* Each step of the setup, named for the message when it fails. */
#define STEP(name, call)               \
	do {                           \
		*what = name;          \
		int step_r = (call);   \
		if (step_r < 0) {      \
			return step_r; \
		}                      \
	} while (0)

/* Negotiates S16 stereo at about the asked rate and period; 0, or a negative errno. */
static int
setup(snd_pcm_t *pcm, const char **what)
{
	snd_pcm_hw_params_t *hw;
	snd_pcm_sw_params_t *sw;
	unsigned periods = (unsigned)snd.opt.audio_periods;
	int dir = 0;

	snd_pcm_hw_params_alloca(&hw);
	snd_pcm_sw_params_alloca(&sw);
	snd.rate = (unsigned)snd.opt.audio_rate;
	snd.period = (snd_pcm_uframes_t)snd.opt.audio_period;
	STEP("hw params", snd_pcm_hw_params_any(pcm, hw));
	STEP("access", snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED));
	STEP("S16", snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16));
	STEP("stereo", snd_pcm_hw_params_set_channels(pcm, hw, 2));
	/* no resampling in alsa-lib: the mixer steps to whatever rate the device runs at */
	snd_pcm_hw_params_set_rate_resample(pcm, hw, 0);
	STEP("rate", snd_pcm_hw_params_set_rate_near(pcm, hw, &snd.rate, &dir));
	STEP("period size", snd_pcm_hw_params_set_period_size_near(pcm, hw, &snd.period, &dir));
	STEP("periods", snd_pcm_hw_params_set_periods_near(pcm, hw, &periods, &dir));
	STEP("hw params", snd_pcm_hw_params(pcm, hw));
	STEP("hw params", snd_pcm_hw_params_get_period_size(hw, &snd.period, &dir));
	STEP("hw params", snd_pcm_hw_params_get_buffer_size(hw, &snd.buffer));
	STEP("hw params", snd_pcm_hw_params_get_rate(hw, &snd.rate, &dir));
	STEP("hw params",
		snd.rate == 0 || snd.period == 0 || snd.buffer < snd.period ? -EINVAL : 0);
	/* start at the first write; wake the thread when a period is free */
	STEP("sw params", snd_pcm_sw_params_current(pcm, sw));
	STEP("sw params", snd_pcm_sw_params_set_start_threshold(pcm, sw, 1));
	STEP("sw params", snd_pcm_sw_params_set_avail_min(pcm, sw, snd.period));
	STEP("sw params", snd_pcm_sw_params(pcm, sw));
	return 0;
}

/*
 * Writes frames of snd.buf. In tick mode stops at a full device; the thread waits for room
 * (a device that will not block, whatever it was asked, must not make it spin). Returns the
 * frames written, or -1 when the device is gone.
 */
static snd_pcm_sframes_t
write_frames(snd_pcm_uframes_t frames)
{
	snd_pcm_uframes_t done = 0;
	while (done < frames) {
		snd_pcm_sframes_t n = snd_pcm_writei(snd.pcm, snd.buf + 2 * done, frames - done);
		if (n == -EAGAIN) {
			snd.waits++;
			if (snd.opt.audio_mode == DG_AUDIO_TICK || atomic_load(&snd.stop)) {
				break;
			}
			int w = snd_pcm_wait(snd.pcm, 1000);
			if (w < 0 && !recover(w)) {
				return -1;
			}
			continue;
		}
		if (n < 0) {
			return recover(n) ? (snd_pcm_sframes_t)done : -1;
		}
		done += (snd_pcm_uframes_t)n;
	}
	snd.written += done;
	snd.total += done;
	return (snd_pcm_sframes_t)done;
}

static void *
mix_thread(void *data)
{
	(void)data;
	while (!atomic_load(&snd.stop)) {
		pthread_mutex_lock(&snd.lock);
		dg_mix_run(&snd.mix, snd.buf, snd.period);
		pthread_mutex_unlock(&snd.lock);
		if (write_frames(snd.period) < 0) {
			pthread_mutex_lock(&snd.lock);
			snd.dead = true;
			dg_mix_init(&snd.mix, snd.rate);
			pthread_mutex_unlock(&snd.lock);
			break;
		}
		/* a device faster than the clock: sleep until the guard lets a period through */
		uint64_t allows = clock_allows();
		if (allows < snd.period && !atomic_load(&snd.stop)) {
			uint64_t us = (snd.period - allows) * 1000000u / snd.rate;
			struct timespec ts = {(time_t)(us / 1000000u),
				(long)(us % 1000000u) * 1000};
			nanosleep(&ts, NULL);
		}
	}
	pthread_mutex_lock(&snd.lock);
	snd.thread_done = true;
	pthread_cond_signal(&snd.done);
	pthread_mutex_unlock(&snd.lock);
	return NULL;
}

/* Tick mode: top the device up to its buffer, never waiting. */
static void
update_tick(void)
{
	snd_pcm_sframes_t avail = snd_pcm_avail_update(snd.pcm);
	if (avail < 0) {
		if (!recover(avail)) {
			snd_pcm_close(snd.pcm);
			snd.pcm = NULL;
			return;
		}
		avail = snd_pcm_avail_update(snd.pcm);
		if (avail < 0) {
			return;
		}
	}
	uint64_t frames = clock_allows();
	if ((uint64_t)avail < frames) {
		frames = (uint64_t)avail;
	}
	while (frames > 0) {
		snd_pcm_uframes_t n = frames < snd.period ? (snd_pcm_uframes_t)frames : snd.period;
		dg_mix_run(&snd.mix, snd.buf, n);
		snd_pcm_sframes_t w = write_frames(n);
		if (w < 0) {
			snd_pcm_close(snd.pcm);
			snd.pcm = NULL;
			return;
		}
		if ((snd_pcm_uframes_t)w < n) {
			break;
		}
		frames -= n;
	}
}

static void
sound_shutdown(void)
{
	if (!snd.pcm) {
		return;
	}
	if (snd.thread_started) {
		/* a blocked write returns within a period; a hung device is left to exit() */
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += 1;
		atomic_store(&snd.stop, true);
		pthread_mutex_lock(&snd.lock);
		while (!snd.thread_done) {
			if (pthread_cond_timedwait(&snd.done, &snd.lock, &until) == ETIMEDOUT) {
				break;
			}
		}
		bool done = snd.thread_done;
		pthread_mutex_unlock(&snd.lock);
		if (!done) {
			return;
		}
		pthread_join(snd.thread, NULL);
		snd.thread_started = false;
	}
	if (snd.opt.stats) {
		fprintf(stderr,
			"picowl-dg: sound: %llu frames written (%.1f s), %u underruns, "
			"%u writes to a full device\n",
			(unsigned long long)snd.total, (double)snd.total / snd.rate, snd.xruns,
			snd.waits);
	}
	snd_pcm_drop(snd.pcm);
	snd_pcm_close(snd.pcm);
	snd.pcm = NULL;
	free(snd.buf);
	snd.buf = NULL;
}

static boolean
sound_init(boolean use_sfx_prefix)
{
	char err[160];
	const char *what = "open";
	snd_pcm_t *pcm = NULL;
	int r;

	dg_options_defaults(&snd.opt);
	if (!dg_options_parse(&snd.opt, myargc, myargv, err, sizeof(err))) {
		fprintf(stderr, "picowl-dg: no sound: %s\n", err);
		return false;
	}
	snd.prefix = use_sfx_prefix;
	snd_lib_error_set_handler(quiet_alsa);
	r = snd_pcm_open(&pcm, snd.opt.audio_device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK);
	if (r < 0) {
		goto fail;
	}
	if ((r = setup(pcm, &what)) < 0) {
		goto fail;
	}
	snd.buf = malloc(snd.period * 2 * sizeof(int16_t));
	if (!snd.buf) {
		what = "buffer";
		r = -ENOMEM;
		goto fail;
	}
	dg_mix_init(&snd.mix, snd.rate);
	snd.pcm = pcm;
	restart_clock();
	if (snd.opt.audio_mode == DG_AUDIO_THREAD) {
		what = "thread";
		if ((r = snd_pcm_nonblock(pcm, 0)) < 0) {
			goto fail_buf;
		}
		atomic_store(&snd.stop, false);
		snd.thread_done = false;
		if ((r = -pthread_create(&snd.thread, NULL, mix_thread, NULL)) < 0) {
			goto fail_buf;
		}
		snd.thread_started = true;
	}
	printf("picowl-dg: sound: ALSA '%s' at %u Hz, period %lu frames, buffer %lu, %s mode\n",
		snd.opt.audio_device, snd.rate, (unsigned long)snd.period,
		(unsigned long)snd.buffer,
		snd.opt.audio_mode == DG_AUDIO_THREAD ? "thread" : "tick");
	return true;

fail_buf:
	free(snd.buf);
	snd.buf = NULL;
	snd.pcm = NULL;
fail:
	fprintf(stderr, "picowl-dg: no sound: ALSA '%s': %s: %s\n", snd.opt.audio_device, what,
		snd_strerror(r));
	if (pcm) {
		snd_pcm_close(pcm);
	}
	return false;
}

static int
sound_lump(sfxinfo_t *sfx)
{
	char name[16];

	if (sfx->link) {
		sfx = sfx->link;
	}
	snprintf(name, sizeof(name), snd.prefix ? "ds%s" : "%s", sfx->name);
	return W_CheckNumForName(name);
}

/* The sound of sfx, read once and kept: the mixer reads it, so the zone must never purge it. */
static const struct dg_mix_sound *
sound_of(sfxinfo_t *sfx)
{
	struct dg_mix_sound *s = sfx->driver_data;

	if (s || sfx->lumpnum < 0) {
		return s;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		return NULL;
	}
	const uint8_t *lump = W_CacheLumpNum(sfx->lumpnum, PU_STATIC);
	if (!dg_mix_parse_dmx(lump, (size_t)W_LumpLength((unsigned)sfx->lumpnum), s)) {
		s->length = 0; /* not a sound: cached as silence */
	}
	sfx->driver_data = s;
	return s;
}

static void
lock(void)
{
	if (snd.thread_started) {
		pthread_mutex_lock(&snd.lock);
	}
}

static void
unlock(void)
{
	if (snd.thread_started) {
		pthread_mutex_unlock(&snd.lock);
	}
}

static int
sound_start(sfxinfo_t *sfx, int channel, int vol, int sep)
{
	if (!snd.pcm) {
		return -1;
	}
	const struct dg_mix_sound *s = sound_of(sfx);
	if (!s || s->length == 0) {
		return -1;
	}
	lock();
	int r = snd.dead ? -1 : dg_mix_start(&snd.mix, channel, s, vol, sep);
	unlock();
	return r;
}

static void
sound_params(int channel, int vol, int sep)
{
	lock();
	dg_mix_set_params(&snd.mix, channel, vol, sep);
	unlock();
}

static void
sound_stop(int channel)
{
	lock();
	dg_mix_stop(&snd.mix, channel);
	unlock();
}

static boolean
sound_playing(int channel)
{
	lock();
	bool r = dg_mix_playing(&snd.mix, channel);
	unlock();
	return r;
}

static void
sound_update(void)
{
	if (snd.pcm && !snd.thread_started) {
		update_tick();
	}
}

static void
sound_cache(sfxinfo_t *sounds, int num_sounds)
{
	/* read when first played */
	(void)sounds, (void)num_sounds;
}

static snddevice_t sound_devices[] = {
	SNDDEVICE_SB,
	SNDDEVICE_PAS,
	SNDDEVICE_GUS,
	SNDDEVICE_WAVEBLASTER,
	SNDDEVICE_SOUNDCANVAS,
	SNDDEVICE_AWE32,
};

sound_module_t DG_sound_module = {
	.sound_devices = sound_devices,
	.num_sound_devices = (int)arrlen(sound_devices),
	.Init = sound_init,
	.Shutdown = sound_shutdown,
	.GetSfxLumpNum = sound_lump,
	.Update = sound_update,
	.UpdateSoundParams = sound_params,
	.StartSound = sound_start,
	.StopSound = sound_stop,
	.SoundIsPlaying = sound_playing,
	.CacheSounds = sound_cache,
};

/* Music: silent (seed 002 played none either); songs are accepted and ignored. */
static boolean
music_init(void)
{
	return true;
}

static void
music_nothing(void)
{
}

static void
music_volume(int volume)
{
	(void)volume;
}

static void *
music_register(void *data, int len)
{
	(void)data, (void)len;
	return NULL;
}

static void
music_unregister(void *handle)
{
	(void)handle;
}

static void
music_play(void *handle, boolean looping)
{
	(void)handle, (void)looping;
}

static boolean
music_playing(void)
{
	return false;
}

music_module_t DG_music_module = {
	.sound_devices = NULL,
	.num_sound_devices = 0,
	.Init = music_init,
	.Shutdown = music_nothing,
	.SetMusicVolume = music_volume,
	.PauseMusic = music_nothing,
	.ResumeMusic = music_nothing,
	.RegisterSong = music_register,
	.UnRegisterSong = music_unregister,
	.PlaySong = music_play,
	.StopSong = music_nothing,
	.MusicIsPlaying = music_playing,
	.Poll = NULL,
};
