/*
 * A screen and window recorder for the capture tests (decision 4.89): ext-foreign-toplevel-list,
 * ext-image-capture-source and ext-image-copy-capture, which no Debian 12 client speaks.
 *
 *   capclient STATE_FILE DIR TITLE
 *
 * Lists the windows ("toplevel IDENTIFIER APP_ID TITLE" each, then "listed N"), captures the
 * output in XRGB8888 into DIR/output1.ppm and the window titled TITLE in the first format its
 * session offers (the output's own) into DIR/toplevel1.ppm, then asks for a second frame of
 * each, says "waiting", and once both came (they wait for the content to change) writes
 * DIR/output2.ppm and DIR/toplevel2.ppm. A frame's line:
 *   frame NAME N W H FORMAT TRANSFORM DAMAGE   (DAMAGE: x,y,w,h;... as sent)
 * then "finished"; "error WHAT" and exit status 1 on a failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "client.h"
#include "ext-foreign-toplevel-list-v1-client-protocol.h"
#include "ext-image-capture-source-v1-client-protocol.h"
#include "ext-image-copy-capture-v1-client-protocol.h"
#include "test_client.h"

#define MAX_TOPLEVELS 16

struct toplevel {
	struct ext_foreign_toplevel_handle_v1 *handle;
	char identifier[64], app_id[64], title[64];
};

struct capture {
	const char *name;
	struct ext_image_copy_capture_session_v1 *session;
	struct ext_image_copy_capture_frame_v1 *frame;
	uint32_t width, height, format;
	bool has_format, done, stopped, ended, ready;
	uint32_t transform;
	char damage[1024];
	struct wl_buffer *buffer;
	void *data;
	size_t size;
	int stride;
};

static struct toplevel toplevels[MAX_TOPLEVELS];
static int n_toplevels;

static void
copy_text(char *dst, size_t size, const char *text)
{
	snprintf(dst, size, "%s", text && *text ? text : "-");
	for (char *p = dst; *p; p++) {
		if (*p == ' ') {
			*p = '_';
		}
	}
}

static void
handle_closed(void *data, struct ext_foreign_toplevel_handle_v1 *h)
{
}

static void
handle_done(void *data, struct ext_foreign_toplevel_handle_v1 *h)
{
}

static void
handle_title(void *data, struct ext_foreign_toplevel_handle_v1 *h, const char *title)
{
	copy_text(((struct toplevel *)data)->title, 64, title);
}

static void
handle_app_id(void *data, struct ext_foreign_toplevel_handle_v1 *h, const char *app_id)
{
	copy_text(((struct toplevel *)data)->app_id, 64, app_id);
}

static void
handle_identifier(void *data, struct ext_foreign_toplevel_handle_v1 *h, const char *identifier)
{
	copy_text(((struct toplevel *)data)->identifier, 64, identifier);
}

static const struct ext_foreign_toplevel_handle_v1_listener handle_listener = {
	.closed = handle_closed,
	.done = handle_done,
	.title = handle_title,
	.app_id = handle_app_id,
	.identifier = handle_identifier,
};

static void
list_toplevel(void *data, struct ext_foreign_toplevel_list_v1 *list,
	struct ext_foreign_toplevel_handle_v1 *h)
{
	if (n_toplevels == MAX_TOPLEVELS) {
		return;
	}
	struct toplevel *t = &toplevels[n_toplevels++];
	t->handle = h;
	ext_foreign_toplevel_handle_v1_add_listener(h, &handle_listener, t);
}

static void
list_finished(void *data, struct ext_foreign_toplevel_list_v1 *list)
{
}

static const struct ext_foreign_toplevel_list_v1_listener list_listener = {
	.toplevel = list_toplevel,
	.finished = list_finished,
};

static void
session_buffer_size(void *data, struct ext_image_copy_capture_session_v1 *s, uint32_t width,
	uint32_t height)
{
	struct capture *cap = data;
	cap->width = width;
	cap->height = height;
}

/* The first format offered: the output's own (XRGB8888 when a capture asks for it). */
static void
session_shm_format(void *data, struct ext_image_copy_capture_session_v1 *s, uint32_t format)
{
	struct capture *cap = data;
	if (!cap->has_format) {
		cap->format = format;
		cap->has_format = true;
	}
}

static void
session_dmabuf_device(void *data, struct ext_image_copy_capture_session_v1 *s,
	struct wl_array *device)
{
}

static void
session_dmabuf_format(void *data, struct ext_image_copy_capture_session_v1 *s, uint32_t format,
	struct wl_array *modifiers)
{
}

static void
session_done(void *data, struct ext_image_copy_capture_session_v1 *s)
{
	((struct capture *)data)->done = true;
}

static void
session_stopped(void *data, struct ext_image_copy_capture_session_v1 *s)
{
	struct capture *cap = data;
	cap->stopped = cap->done = true;
}

static const struct ext_image_copy_capture_session_v1_listener session_listener = {
	.buffer_size = session_buffer_size,
	.shm_format = session_shm_format,
	.dmabuf_device = session_dmabuf_device,
	.dmabuf_format = session_dmabuf_format,
	.done = session_done,
	.stopped = session_stopped,
};

static void
frame_transform(void *data, struct ext_image_copy_capture_frame_v1 *f, uint32_t transform)
{
	((struct capture *)data)->transform = transform;
}

static void
frame_damage(void *data, struct ext_image_copy_capture_frame_v1 *f, int32_t x, int32_t y,
	int32_t width, int32_t height)
{
	struct capture *cap = data;
	size_t len = strlen(cap->damage);
	snprintf(cap->damage + len, sizeof(cap->damage) - len, "%s%d,%d,%d,%d", len ? ";" : "", x,
		y, width, height);
}

static void
frame_presentation_time(void *data, struct ext_image_copy_capture_frame_v1 *f, uint32_t hi,
	uint32_t lo, uint32_t nsec)
{
}

static void
frame_ready(void *data, struct ext_image_copy_capture_frame_v1 *f)
{
	struct capture *cap = data;
	cap->ready = cap->ended = true;
}

static void
frame_failed(void *data, struct ext_image_copy_capture_frame_v1 *f, uint32_t reason)
{
	struct capture *cap = data;
	cap->ended = true;
	test_client_say("error %s frame failed %u", cap->name, reason);
}

static const struct ext_image_copy_capture_frame_v1_listener frame_listener = {
	.transform = frame_transform,
	.damage = frame_damage,
	.presentation_time = frame_presentation_time,
	.ready = frame_ready,
	.failed = frame_failed,
};

/* Opens the session, waits for its constraints and makes its buffer. */
static bool
open_session(struct pw_client *client, struct capture *cap,
	struct ext_image_copy_capture_manager_v1 *manager, struct ext_image_capture_source_v1 *src)
{
	cap->session = ext_image_copy_capture_manager_v1_create_session(manager, src, 0);
	ext_image_copy_capture_session_v1_add_listener(cap->session, &session_listener, cap);
	ext_image_capture_source_v1_destroy(src);
	if (pw_client_dispatch_until(client, &cap->done, 5000) != 1 || cap->stopped ||
		!cap->has_format) {
		test_client_say("error %s session gave no constraints", cap->name);
		return false;
	}
	int bpp = pw_client_format_bpp(cap->format);
	cap->stride = ((int)cap->width * bpp + 3) & ~3;
	cap->size = (size_t)cap->stride * cap->height;
	int fd = pw_client_memfd(cap->size);
	cap->data = fd < 0 ? MAP_FAILED
			   : mmap(NULL, cap->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (!bpp || cap->data == MAP_FAILED) {
		test_client_say("error %s buffer", cap->name);
		return false;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(client->shm, fd, (int32_t)cap->size);
	cap->buffer = wl_shm_pool_create_buffer(pool, 0, (int32_t)cap->width, (int32_t)cap->height,
		cap->stride, cap->format);
	wl_shm_pool_destroy(pool);
	close(fd);
	return true;
}

static void
start_frame(struct capture *cap)
{
	cap->ended = cap->ready = false;
	cap->damage[0] = 0;
	cap->frame = ext_image_copy_capture_session_v1_create_frame(cap->session);
	ext_image_copy_capture_frame_v1_add_listener(cap->frame, &frame_listener, cap);
	ext_image_copy_capture_frame_v1_attach_buffer(cap->frame, cap->buffer);
	ext_image_copy_capture_frame_v1_damage_buffer(cap->frame, 0, 0, (int32_t)cap->width,
		(int32_t)cap->height);
	ext_image_copy_capture_frame_v1_capture(cap->frame);
}

/* The buffer as a binary PPM; RGB565 channels widened as pixman does (high bits repeated). */
static bool
write_ppm(const struct capture *cap, const char *dir, int n)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s%d.ppm", dir, cap->name, n);
	FILE *f = fopen(path, "wb");
	if (!f) {
		return false;
	}
	fprintf(f, "P6\n%u %u\n255\n", cap->width, cap->height);
	for (uint32_t y = 0; y < cap->height; y++) {
		const uint8_t *row = (const uint8_t *)cap->data + (size_t)y * (size_t)cap->stride;
		for (uint32_t x = 0; x < cap->width; x++) {
			uint8_t rgb[3];
			if (cap->format == WL_SHM_FORMAT_RGB565) {
				uint16_t p = ((const uint16_t *)row)[x];
				uint8_t r = p >> 11, g = (p >> 5) & 0x3f, b = p & 0x1f;
				rgb[0] = (uint8_t)(r << 3 | r >> 2);
				rgb[1] = (uint8_t)(g << 2 | g >> 4);
				rgb[2] = (uint8_t)(b << 3 | b >> 2);
			} else {
				uint32_t p = ((const uint32_t *)row)[x];
				rgb[0] = (uint8_t)(p >> 16);
				rgb[1] = (uint8_t)(p >> 8);
				rgb[2] = (uint8_t)p;
			}
			fwrite(rgb, 1, 3, f);
		}
	}
	return fclose(f) == 0;
}

static bool
finish_frame(struct capture *cap, const char *dir, int n)
{
	if (!cap->ready || !write_ppm(cap, dir, n)) {
		test_client_say("error %s frame %d", cap->name, n);
		return false;
	}
	test_client_say("frame %s %d %u %u %u %u %s", cap->name, n, cap->width, cap->height,
		cap->format, cap->transform, cap->damage[0] ? cap->damage : "-");
	ext_image_copy_capture_frame_v1_destroy(cap->frame);
	return true;
}

/* Both frames of a round: captured together, each written once it came. */
static bool
capture_round(struct pw_client *client, struct capture *caps, const char *dir, int n)
{
	start_frame(&caps[0]);
	start_frame(&caps[1]);
	if (n > 1) {
		wl_display_flush(client->display);
		test_client_say("waiting");
	}
	while (!caps[0].ended || !caps[1].ended) {
		bool never = false;
		if (pw_client_dispatch_until(client, &never, 100) < 0) {
			test_client_say("error connection");
			return false;
		}
	}
	return finish_frame(&caps[0], dir, n) && finish_frame(&caps[1], dir, n);
}

int
main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: capclient STATE_FILE DIR TITLE\n");
		return 2;
	}
	if (!test_client_open("capclient", argv[1], "@@CAP")) {
		return 1;
	}
	struct ext_foreign_toplevel_list_v1 *list = NULL;
	struct ext_output_image_capture_source_manager_v1 *outputs = NULL;
	struct ext_foreign_toplevel_image_capture_source_manager_v1 *windows = NULL;
	struct ext_image_copy_capture_manager_v1 *manager = NULL;
	const struct pw_client_global globals[] = {
		{&ext_foreign_toplevel_list_v1_interface, 1, (void **)&list, &list_listener, NULL},
		{&ext_output_image_capture_source_manager_v1_interface, 1, (void **)&outputs, NULL,
			NULL},
		{&ext_foreign_toplevel_image_capture_source_manager_v1_interface, 1,
			(void **)&windows, NULL, NULL},
		{&ext_image_copy_capture_manager_v1_interface, 1, (void **)&manager, NULL, NULL},
		{NULL},
	};
	struct pw_client client = {.name = "capclient", .globals = globals};
	const struct pw_client_versions want = {.shm = 1, .output = 3};
	if (!pw_client_connect(&client, &want, 5000)) {
		return 1;
	}
	int status = 1;
	if (!list || !outputs || !windows || !manager || !client.output ||
		pw_client_roundtrip(&client, 5000) != 1) {
		test_client_say("error the capture globals are not offered");
		goto out;
	}
	struct toplevel *target = NULL;
	for (int i = 0; i < n_toplevels; i++) {
		struct toplevel *t = &toplevels[i];
		test_client_say("toplevel %s %s %s", t->identifier, t->app_id, t->title);
		target = strcmp(t->title, argv[3]) == 0 ? t : target;
	}
	test_client_say("listed %d", n_toplevels);
	if (!target) {
		test_client_say("error no window titled %s", argv[3]);
		goto out;
	}
	/* the output asked for in XRGB8888, the second format its sessions offer */
	struct capture caps[2] = {{.name = "output",
					  .format = WL_SHM_FORMAT_XRGB8888,
					  .has_format = true},
		{.name = "toplevel"}};
	if (!open_session(&client, &caps[0], manager,
		    ext_output_image_capture_source_manager_v1_create_source(outputs,
			    client.output)) ||
		!open_session(&client, &caps[1], manager,
			ext_foreign_toplevel_image_capture_source_manager_v1_create_source(windows,
				target->handle)) ||
		!capture_round(&client, caps, argv[2], 1) ||
		!capture_round(&client, caps, argv[2], 2)) {
		goto out;
	}
	test_client_say("finished");
	status = 0;
	for (int i = 0; i < 2; i++) {
		ext_image_copy_capture_session_v1_destroy(caps[i].session);
		wl_buffer_destroy(caps[i].buffer);
		munmap(caps[i].data, caps[i].size);
	}
out:
	pw_client_disconnect(&client);
	test_client_close();
	return status;
}
