/*
 * doomgeneric's platform interface on Wayland, and the program's main(): doomgeneric's own
 * platform files each carry a main() that creates the game and ticks it forever.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "dg.h"
#include "dg_input.h"
#include "dg_present.h"
#include "dg_wayland.h"
#include "doomgeneric.h"

#ifdef CMAP256
#error "picowl's platform layer takes the 32-bit frame: build the engine without CMAP256"
#endif

/* the engine's argument list (m_argv.h), set by doomgeneric_Create before DG_Init */
extern int myargc;
extern char **myargv;
/* the engine's tic counter (d_loop.c): weak, as an engine may not have it */
extern int gametic __attribute__((weak));

/* -dgstats: SIGTERM ends the game at the next frame or sleep, through exit and the stats */
static volatile sig_atomic_t terminated;

static void
handle_term(int sig)
{
	terminated = 1;
}

static int
game_tic(void)
{
	return &gametic ? gametic : 0;
}

static struct dg dg;

static uint64_t
cpu_us(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) < 0) {
		return 0;
	}
	return (uint64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000u +
		(uint64_t)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

static int
compare_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static void
print_stats(void)
{
	struct dg_stats *s = &dg.stats;
	uint32_t n = s->draws < DG_STATS_SAMPLES ? s->draws : DG_STATS_SAMPLES;
	uint64_t span = s->last_draw_us - s->first_draw_us;

	if (!dg.opt.stats || s->draws == 0) {
		return;
	}
	qsort(s->samples, n, sizeof(s->samples[0]), compare_u32);
	fprintf(stderr,
		"picowl-dg: %u frames in %.1f ms: %.2f fps; DG_DrawFrame mean %.0f us, "
		"median %u us, p95 %u us, max %u us; waited %.1f ms; CPU %.0f us a frame\n",
		s->draws, (double)span / 1000.0,
		span ? (double)(s->draws - 1) * 1e6 / (double)span : 0.0,
		(double)s->draw_us / s->draws, s->samples[n / 2], s->samples[n * 95 / 100],
		s->samples[n - 1], (double)s->wait_us / 1000.0,
		s->draws > 1 ? (double)(cpu_us() - s->first_cpu_us) / (s->draws - 1) : 0.0);
	fprintf(stderr,
		"picowl-dg: %u commits, %u unchanged, %u deferred, %u covered; %.1f rows damaged a "
		"commit; "
		"%u buffers %dx%d %s; damage %s, %s, presentmode %s\n",
		s->commits, s->unchanged, s->deferred, s->covered,
		s->commits ? (double)s->rows_damaged / s->commits : 0.0, s->buffers_created,
		dg.width, dg.height, dg.bpp == 2 ? "rgb565" : "xrgb8888",
		dg.opt.damage == DG_DAMAGE_ROWS ? "rows" : "full",
		dg.opt.present_direct ? "direct" : "staging",
		dg.opt.presentmode == DG_PRESENT_FIFO          ? "fifo"
			: dg.opt.presentmode == DG_PRESENT_NEW ? "new"
							       : "old");
	if (&gametic) {
		int tics = s->last_gametic - s->first_gametic;
		fprintf(stderr, "picowl-dg: %d game tics in %.1f ms: %.2f tics a second\n", tics,
			(double)span / 1000.0, span ? (double)tics * 1e6 / (double)span : 0.0);
	}
}

/*
 * -dump-last-frame FILE, at exit (the engine ends with exit(), after the timedemo too): the
 * buffer of the last commit as "picowl-dg-frame W H rgb565|xrgb8888\n" and the window's rows
 * (a turned buffer read back unturned), W pixels each in the buffer's format and the machine's
 * byte order. The process then stays, its window showing that buffer, so that a test can
 * compare the screen with the file.
 */
static void
dump_last_frame(void)
{
	const char *path = dg.opt.dump_last_frame;
	struct dg_buffer *shown = NULL;
	char tmp[4096];

	/* a frame still pending (new mode, a covered window) goes first: the engine's last */
	for (int i = 0; i < 100 && dg.dirty; i++) {
		dg_present_try(&dg);
		if (dg.dirty) {
			dg_wl_dispatch(&dg, 10);
		}
	}
	for (int i = 0; i < dg.nbuffers; i++) {
		struct dg_buffer *b = dg.buffers[i];
		if (!b->stale && dg.committed_seq != 0 && b->seq == dg.committed_seq) {
			shown = b;
		}
	}
	if (!shown) {
		fprintf(stderr, "picowl-dg: -dump-last-frame: no frame shown\n");
		return;
	}
	const struct pw_client_buffer *shm = &shown->shm;
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	FILE *f = fopen(tmp, "wb");
	bool ok = f != NULL;
	if (f) {
		fprintf(f, "picowl-dg-frame %d %d %s\n", dg.width, dg.height,
			dg.bpp == 2 ? "rgb565" : "xrgb8888");
		/* the window's rows: a turned buffer's pixels read back in the window's order */
		for (int y = 0; y < dg.height && ok; y++) {
			for (int x = 0; x < dg.width && ok; x++) {
				int bx, by;
				dg_turn_point(dg.turn, dg.width, dg.height, x, y, &bx, &by);
				const char *px = (const char *)shm->data +
					(size_t)by * (size_t)shm->stride +
					(size_t)bx * (size_t)dg.bpp;
				ok = fwrite(px, (size_t)dg.bpp, 1, f) == 1;
			}
		}
		ok = fclose(f) == 0 && ok;
	}
	if (!ok || rename(tmp, path) < 0) {
		fprintf(stderr, "picowl-dg: cannot write %s: %s\n", path, strerror(errno));
		return;
	}
	fprintf(stderr, "picowl-dg: frame %u, %dx%d, written to %s; staying until killed\n",
		shown->seq, dg.width, dg.height, path);
	fflush(stderr);
	/* with -dgstats SIGTERM only sets the flag: it ends the stay too (exit has run already) */
	while (!terminated) {
		pause();
	}
	_exit(0);
}

void
DG_Init(void)
{
	char err[160];

	dg.fw = DOOMGENERIC_RESX;
	dg.fh = DOOMGENERIC_RESY;
	dg_options_defaults(&dg.opt);
	if (!dg_options_parse(&dg.opt, myargc, myargv, err, sizeof(err))) {
		fprintf(stderr, "picowl-dg: %s\n%s", err, dg_options_usage);
		exit(2);
	}
	dg.stats.start_us = dg_now_us();
	dg_wl_init(&dg);
	if (dg.opt.dump_last_frame) {
		atexit(dump_last_frame); /* after print_stats: atexit runs the last one first */
	}
	atexit(print_stats);
	if (dg.opt.stats) {
		signal(SIGTERM, handle_term);
	}
}

void
DG_DrawFrame(void)
{
	uint64_t t0 = dg_now_us();

	if (terminated) {
		exit(0);
	}
	dg.frame = (const uint32_t *)DG_ScreenBuffer;
	dg_present_draw(&dg);
	uint64_t t1 = dg_now_us();
	if (dg.stats.draws == 0) {
		dg.stats.first_draw_us = t1;
		dg.stats.first_cpu_us = cpu_us();
		dg.stats.first_gametic = game_tic();
	}
	dg.stats.last_draw_us = t1;
	dg.stats.last_gametic = game_tic();
	if (dg.stats.draws < DG_STATS_SAMPLES) {
		dg.stats.samples[dg.stats.draws] = (uint32_t)(t1 - t0);
	}
	dg.stats.draws++;
	dg.stats.draw_us += t1 - t0;
}

void
DG_SleepMs(uint32_t ms)
{
	/* sleep in poll on the connection: frame callbacks and keys are handled meanwhile */
	uint64_t end = dg_now_us() + (uint64_t)ms * 1000u;
	if (dg.opt.presentmode == DG_PRESENT_FIFO) {
		/*
		 * The engine sleeps 1 ms at a time until its next tic (TryRunTics): with no frame
		 * callback to wait for, fifo mode sleeps to the tic at once (4.97), in the engine's
		 * own clock, DG_GetTicksMs at 35 a second.
		 */
		uint64_t tic = (uint64_t)DG_GetTicksMs() * 35u / 1000u;
		uint64_t at = dg.stats.start_us + ((tic + 1) * 1000u + 34u) / 35u * 1000u;
		end = at > end ? at : end;
	}
	for (;;) {
		uint64_t now = dg_now_us();
		if (terminated) {
			exit(0);
		}
		if (now >= end) {
			break;
		}
		dg_wl_dispatch(&dg, (int)((end - now + 999) / 1000));
	}
}

uint32_t
DG_GetTicksMs(void)
{
	return (uint32_t)((dg_now_us() - dg.stats.start_us) / 1000u);
}

int
DG_GetKey(int *pressed, unsigned char *key)
{
	if (dg.keys.head == dg.keys.tail) {
		dg_wl_dispatch(&dg, 0);
	}
	return dg_keyqueue_pop(&dg.keys, pressed, key) ? 1 : 0;
}

void
DG_SetWindowTitle(const char *title)
{
	dg_wl_set_title(&dg, title);
}

int
main(int argc, char **argv)
{
	doomgeneric_Create(argc, argv);
	for (;;) {
		doomgeneric_Tick();
	}
	return 0;
}
