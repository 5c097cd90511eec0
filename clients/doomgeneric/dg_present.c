/*
 * Presenting: a small pool of shm buffers, frames paced by frame callbacks.
 *
 * Every frame presented gets a number (dg->seq); row_seq[y] is the number of the frame that last
 * changed frame row y. A buffer remembers the frame it holds, so reusing it means redrawing
 * only the rows changed since then, and a commit damages the rows changed since the last
 * commit. With -damage full every row counts as changed in every frame.
 *
 * -presentmode old: two buffers; DG_DrawFrame waits for the last frame's callback and a
 * released buffer, at most DG_COVERED_MS: past that the window counts as covered and
 * DG_DrawFrame waits no more until the callback comes back. -presentmode new: DG_DrawFrame
 * never waits. In both, while a frame callback is outstanding, or no buffer is free and the
 * pool is at its bound, the frame stays pending and the callback or the release presents the
 * newest one: a covered game goes on at its own pace.
 *
 * -presentmode fifo (decision 4.97): as new, without frame callbacks. Each commit waits for the
 * refresh that showed the one before (wp_fifo_v1 set_barrier and wait_barrier) and for its tic's
 * time (wp_commit_timer_v1): the compositor holds it, and the release of a buffer presents a
 * pending frame.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg_present.h"
#include "dg_wayland.h"

#define POOL_MAX (2 * DG_BUFFERS_MAX) /* live buffers, and stale ones waiting for release */

static void
buffer_destroy(struct dg_buffer *b)
{
	struct dg *dg = b->dg;

	for (int i = 0; i < dg->nbuffers; i++) {
		if (dg->buffers[i] == b) {
			dg->buffers[i] = dg->buffers[--dg->nbuffers];
			break;
		}
	}
	pw_client_buffer_finish(&b->shm);
	free(b);
}

static void
handle_buffer_release(struct pw_client_buffer *shm)
{
	struct dg_buffer *b = shm->user;
	struct dg *dg = b->dg;

	if (b->stale) {
		buffer_destroy(b);
		return;
	}
	if (dg->opt.presentmode != DG_PRESENT_OLD || dg->covered) {
		dg_present_try(dg);
	}
}

static struct dg_buffer *
buffer_create(struct dg *dg)
{
	struct dg_buffer *b = calloc(1, sizeof(*b));
	if (!b) {
		dg_fail("out of memory for a buffer");
	}
	b->dg = dg;
	b->shm.release = handle_buffer_release;
	b->shm.user = b;
	/* a new file reads as zeros: the border around the frame is black in both formats */
	int bw = dg->turn & 1 ? dg->height : dg->width;
	int bh = dg->turn & 1 ? dg->width : dg->height;
	if (!pw_client_buffer_init(&b->shm, dg->client.shm, bw, bh, dg->format)) {
		dg_fail("cannot make a %dx%d shared memory buffer: %s", bw, bh, strerror(errno));
	}
	dg->buffers[dg->nbuffers++] = b;
	dg->stats.buffers_created++;
	return b;
}

/* A free buffer (the one with the newest content), a new one below the bound, or NULL. */
static struct dg_buffer *
buffer_acquire(struct dg *dg, int bound)
{
	struct dg_buffer *best = NULL;
	int live = 0;

	for (int i = 0; i < dg->nbuffers; i++) {
		struct dg_buffer *b = dg->buffers[i];
		if (b->stale) {
			continue;
		}
		live++;
		if (!b->shm.busy && (!best || b->seq > best->seq)) {
			best = b;
		}
	}
	if (best) {
		return best;
	}
	if (live < bound && dg->nbuffers < POOL_MAX) {
		return buffer_create(dg);
	}
	return NULL;
}

int
dg_present_turn(const struct dg *dg)
{
	int t = dg->output_transform;
	return dg->opt.turn && dg->fullscreen && t >= 1 && t <= 3 ? t : 0;
}

void
dg_present_configure(struct dg *dg)
{
	size_t npix = (size_t)dg->fw * (size_t)dg->fh;

	if (!dg->row_seq) {
		dg->row_seq = calloc((size_t)dg->fh, sizeof(*dg->row_seq));
		dg->prev = calloc(npix, sizeof(*dg->prev));
		dg->staging = calloc(npix, (size_t)dg->bpp);
		if (!dg->row_seq || !dg->prev || !dg->staging) {
			dg_fail("out of memory for the frame copies");
		}
		for (int y = 0; y < dg->fh; y++) {
			dg->row_seq[y] = 1; /* drawn in the first frame, whatever prev says */
		}
	}
	for (int i = dg->nbuffers - 1; i >= 0; i--) {
		struct dg_buffer *b = dg->buffers[i];
		b->stale = true;
		if (!b->shm.busy) {
			buffer_destroy(b);
		}
	}
	dg->turn = dg_present_turn(dg);
	dg_fit_compute(&dg->fit, dg->fw, dg->fh, dg->width, dg->height);
	free(dg->cmap);
	free(dg->rmap);
	dg->cmap = calloc((size_t)dg->fit.dw, sizeof(*dg->cmap));
	dg->rmap = calloc((size_t)dg->fit.dh, sizeof(*dg->rmap));
	if (!dg->cmap || !dg->rmap) {
		dg_fail("out of memory for the scaling tables");
	}
	dg_fit_maps(&dg->fit, dg->fw, dg->fh, dg->cmap, dg->rmap);
	dg->committed_seq = 0;
	dg->dirty = true;
	if (getenv("PICOWL_DG_DEBUG")) {
		fprintf(stderr,
			"picowl-dg: buffer %dx%d %s, frame %dx%d at %d,%d as %dx%d%s, transform "
			"%d\n",
			dg->width, dg->height, dg->bpp == 2 ? "rgb565" : "xrgb8888", dg->fw, dg->fh,
			dg->fit.dx, dg->fit.dy, dg->fit.dw, dg->fit.dh,
			dg->fullscreen ? ", fullscreen" : "", dg->turn);
	}
}

/* The game's frame rows not yet in the staging image, converted to the buffer format. */
static void
update_staging(struct dg *dg)
{
	for (int y = 0; y < dg->fh; y++) {
		if (dg->row_seq[y] <= dg->staging_seq) {
			continue;
		}
		const uint32_t *src = dg->frame + (size_t)y * dg->fw;
		if (dg->bpp == 2) {
			dg_convert_row_565((uint16_t *)dg->staging + (size_t)y * dg->fw, src,
				dg->fw);
		} else {
			memcpy((uint32_t *)dg->staging + (size_t)y * dg->fw, src,
				(size_t)dg->fw * 4);
		}
	}
	dg->staging_seq = dg->seq;
}

/* write_row into a turned buffer: the window's row is a buffer column, or a reversed row. */
static void
write_turned_row(struct dg *dg, struct dg_buffer *b, int by, int sy, bool identity)
{
	int x, y;
	dg_turn_point(dg->turn, dg->width, dg->height, dg->fit.dx, dg->fit.dy + by, &x, &y);
	uint8_t *dst = (uint8_t *)b->shm.data + (size_t)y * (size_t)b->shm.stride +
		(size_t)x * (size_t)dg->bpp;
	long step = dg_turn_step(dg->turn, dg->bpp, b->shm.stride);
	const uint16_t *cmap = identity ? NULL : dg->cmap;
	size_t row = (size_t)sy * (size_t)dg->fw;

	if (dg->opt.present_direct && dg->bpp == 2) {
		dg_put_8888_565(dst, step, dg->frame + row, cmap, dg->fit.dw);
	} else if (dg->opt.present_direct) {
		dg_put_8888(dst, step, dg->frame + row, cmap, dg->fit.dw);
	} else if (dg->bpp == 2) {
		dg_put_565(dst, step, (const uint16_t *)dg->staging + row, cmap, dg->fit.dw);
	} else {
		dg_put_8888(dst, step, (const uint32_t *)dg->staging + row, cmap, dg->fit.dw);
	}
}

/* Buffer row dy + by from frame row sy: from the staging image, or straight from the frame. */
static void
write_row(struct dg *dg, struct dg_buffer *b, int by, int sy, bool identity)
{
	if (dg->turn) {
		write_turned_row(dg, b, by, sy, identity);
		return;
	}
	char *row = (char *)b->shm.data + (size_t)(dg->fit.dy + by) * (size_t)b->shm.stride;
	int dw = dg->fit.dw;

	if (dg->bpp == 2) {
		uint16_t *dst = (uint16_t *)row + dg->fit.dx;
		if (dg->opt.present_direct) {
			const uint32_t *src = dg->frame + (size_t)sy * dg->fw;
			if (identity) {
				dg_convert_row_565(dst, src, dw);
			} else {
				dg_sample_row_8888_565(dst, src, dg->cmap, dw);
			}
		} else {
			const uint16_t *src = (const uint16_t *)dg->staging + (size_t)sy * dg->fw;
			if (identity) {
				memcpy(dst, src, (size_t)dw * 2);
			} else {
				dg_sample_row_565(dst, src, dg->cmap, dw);
			}
		}
	} else {
		uint32_t *dst = (uint32_t *)row + dg->fit.dx;
		const uint32_t *src = dg->opt.present_direct
			? dg->frame + (size_t)sy * dg->fw
			: (const uint32_t *)dg->staging + (size_t)sy * dg->fw;
		if (identity) {
			memcpy(dst, src, (size_t)dw * 4);
		} else {
			dg_sample_row_8888(dst, src, dg->cmap, dw);
		}
	}
}

/* Damages the window's box x, y, w, h (the buffer's, turned). */
static void
damage(struct dg *dg, int x, int y, int w, int h)
{
	if (wl_surface_get_version(dg->top.surface) >= WL_SURFACE_DAMAGE_BUFFER_SINCE_VERSION) {
		int box[4] = {x, y, w, h};
		dg_turn_box(dg->turn, dg->width, dg->height, box);
		wl_surface_damage_buffer(dg->top.surface, box[0], box[1], box[2], box[3]);
	} else {
		wl_surface_damage(dg->top.surface, x, y, w, h); /* scale 1: the same coordinates */
	}
	dg->stats.rows_damaged += (uint64_t)h;
}

/*
 * The next commit's constraints in fifo mode: a refresh after the last, and a tic (1/35 s)
 * after the last commit's time, never behind the clock. The engine draws more often than it
 * runs tics (its frames between tics repeat the last): the compositor holds a frame to its
 * tic, and shows at most one a tic.
 */
static void
pace_fifo(struct dg *dg)
{
	const uint64_t tic_ns = 1000000000u / 35;
	uint64_t now = dg_now_us() * 1000u;
	dg->tic_ns = dg->tic_ns && dg->tic_ns + tic_ns > now ? dg->tic_ns + tic_ns : now;
	wp_fifo_v1_wait_barrier(dg->fifo);
	wp_fifo_v1_set_barrier(dg->fifo);
	uint64_t sec = dg->tic_ns / 1000000000u;
	wp_commit_timer_v1_set_timestamp(dg->timer, (uint32_t)(sec >> 32), (uint32_t)sec,
		(uint32_t)(dg->tic_ns % 1000000000u));
}

static void
present(struct dg *dg, struct dg_buffer *b)
{
	uint32_t seq = dg->seq + 1;
	bool identity = dg->fit.k == 1;
	int changed = dg->fh;

	if (dg->opt.damage == DG_DAMAGE_ROWS) {
		changed = dg_rows_diff(dg->frame, dg->prev, dg->fw, dg->fh, dg->row_seq, seq);
	} else {
		for (int y = 0; y < dg->fh; y++) {
			dg->row_seq[y] = seq;
		}
	}
	dg->dirty = false;
	dg->seq = seq;
	if (changed > 0 && dg->committed_seq != 0 && dg->opt.damage == DG_DAMAGE_ROWS) {
		/* scaled down, a changed frame row may be one no buffer row shows */
		changed = 0;
		for (int by = 0; by < dg->fit.dh && !changed; by++) {
			changed = dg->row_seq[dg->rmap[by]] > dg->committed_seq;
		}
	}
	if (changed == 0 && dg->committed_seq != 0) {
		dg->stats.unchanged++; /* nothing to show: no commit, no wakeup for picowl */
		return;
	}
	if (!dg->opt.present_direct) {
		update_staging(dg);
	}
	/* rows of the same frame row (scaled up) are copies of the one just written */
	int last = -1;
	for (int by = 0; by < dg->fit.dh; by++) {
		int sy = dg->rmap[by];
		if (dg->row_seq[sy] <= b->seq) {
			last = -1;
			continue;
		}
		if (last == sy && !dg->turn) {
			char *row = (char *)b->shm.data +
				(size_t)(dg->fit.dy + by) * (size_t)b->shm.stride;
			memcpy(row, row - b->shm.stride, (size_t)b->shm.stride);
		} else {
			write_row(dg, b, by, sy, identity);
		}
		last = sy;
	}
	b->seq = seq;

	if (dg->turn != dg->sent_turn) {
		wl_surface_set_buffer_transform(dg->top.surface, dg->turn);
		dg->sent_turn = dg->turn;
	}
	wl_surface_attach(dg->top.surface, b->shm.wl, 0, 0);
	if (dg->committed_seq == 0) {
		damage(dg, 0, 0, dg->width, dg->height); /* the black border, once */
	} else if (dg->opt.damage == DG_DAMAGE_FULL) {
		damage(dg, dg->fit.dx, dg->fit.dy, dg->fit.dw, dg->fit.dh);
	} else {
		int start = -1;
		for (int by = 0; by <= dg->fit.dh; by++) {
			bool hit = by < dg->fit.dh && dg->row_seq[dg->rmap[by]] > dg->committed_seq;
			if (hit && start < 0) {
				start = by;
			} else if (!hit && start >= 0) {
				damage(dg, dg->fit.dx, dg->fit.dy + start, dg->fit.dw, by - start);
				start = -1;
			}
		}
	}
	if (dg->fifo) {
		pace_fifo(dg);
	} else {
		pw_client_frame_request(&dg->top.frame, dg->top.surface);
	}
	wl_surface_commit(dg->top.surface);
	b->shm.busy = true;
	dg->committed_seq = seq;
	dg->stats.commits++;
	/* the compositor should see the frame now, not at the next dispatch */
	if (wl_display_flush(dg->client.display) < 0 && errno != EAGAIN) {
		dg_fail("lost the compositor: %s", strerror(errno));
	}
}

void
dg_present_frame_done(struct pw_client_frame *frame, uint32_t msec)
{
	struct dg *dg = frame->data;

	/* shown again: old mode waits for the next callback as before */
	dg->covered = false;
	dg_present_try(dg);
}

void
dg_present_try(struct dg *dg)
{
	if (!dg->dirty || !dg->configured || dg->top.frame.callback || !dg->frame) {
		return;
	}
	int bound = dg->opt.presentmode != DG_PRESENT_OLD ? dg->opt.buffers : DG_BUFFERS_MIN;
	struct dg_buffer *b = buffer_acquire(dg, bound);
	if (b) {
		present(dg, b);
	}
}

void
dg_present_draw(struct dg *dg)
{
	struct dg_buffer *b;

	dg->dirty = true;
	if (dg->opt.presentmode != DG_PRESENT_OLD) {
		/* read what arrived (callbacks, releases) without waiting, then present if we can
		 */
		dg_wl_dispatch(dg, 0);
		dg_present_try(dg);
		if (dg->dirty) {
			dg->stats.deferred++;
		}
		return;
	}
	if (dg->covered) {
		dg_wl_dispatch(dg, 0); /* the callback that ends it presents this frame */
		if (dg->dirty) {
			dg->stats.covered++;
		}
		return;
	}
	uint64_t t0 = dg_now_us(), end = t0 + DG_COVERED_MS * 1000u, now = t0;
	/* a frame callback that comes meanwhile presents the frame itself (dg_present_try) */
	while (dg->dirty && now < end) {
		if (!dg->top.frame.callback && (b = buffer_acquire(dg, DG_BUFFERS_MIN))) {
			present(dg, b);
			break;
		}
		dg_wl_dispatch(dg, (int)((end - now + 999) / 1000));
		now = dg_now_us();
	}
	dg->stats.wait_us += dg_now_us() - t0;
	if (dg->dirty) {
		dg->covered = true;
		dg->stats.covered++;
	}
}
