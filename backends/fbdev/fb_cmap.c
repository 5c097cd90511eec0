/* The framebuffer's colour map as a gamma table (4.102); see fb_cmap.h. */
#include "fb_cmap.h"
#include "gamma.h"
#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

static int
put_cmap(struct pw_fb_cmap *c, uint16_t *table)
{
	size_t n = (size_t)c->size;
	struct fb_cmap cmap = {0, (uint32_t)n, table, table + n, table + 2 * n, NULL};
	return ioctl(c->fd, FBIOPUTCMAP, &cmap) == 0 ? 0 : -errno;
}

int
pw_fb_cmap_init(struct pw_fb_cmap *c, int fd, const struct fb_var_screeninfo *var,
	const struct fb_fix_screeninfo *fix)
{
	*c = (struct pw_fb_cmap){.fd = fd};
	const struct fb_bitfield *f[3] = {&var->red, &var->green, &var->blue};
	int size = 0;
	for (int i = 0; i < 3; i++) {
		c->levels[i] = f[i]->length >= 1 && f[i]->length <= 12 ? 1 << f[i]->length : 0;
		size = c->levels[i] > size ? c->levels[i] : size;
	}
	if (fix->visual != FB_VISUAL_DIRECTCOLOR || !c->levels[0] || !c->levels[1] ||
		!c->levels[2]) {
		return 0;
	}
	c->saved = calloc((size_t)size * 3, sizeof(uint16_t));
	struct fb_cmap cmap = {0, (uint32_t)size, c->saved, c->saved + size, c->saved + 2 * size,
		NULL};
	if (!c->saved || ioctl(fd, FBIOGETCMAP, &cmap) != 0) {
		free(c->saved);
		c->saved = NULL;
		return 0;
	}
	c->size = size;
	pw_log_info("fbdev: DIRECTCOLOR cmap of %d as the gamma table\n", size);
	return size;
}

bool
pw_fb_cmap_load(struct pw_fb_cmap *c, bool ours)
{
	if (!c->size) {
		return false;
	}
	uint16_t *table = ours ? c->table : NULL;
	if (!table && !c->loaded) {
		return true;
	}
	int ret = put_cmap(c, table ? table : c->saved);
	if (ret != 0) {
		pw_log_warning("fbdev: FBIOPUTCMAP: %s\n", strerror(-ret));
		return false;
	}
	c->loaded = table != NULL;
	return true;
}

bool
pw_fb_cmap_set(struct pw_fb_cmap *c, const uint16_t *ramp, size_t size, bool load)
{
	if (!c->size) {
		return false;
	}
	free(c->table);
	c->table = NULL;
	if (ramp && size >= 2) {
		size_t n = (size_t)c->size;
		c->table = malloc(n * 3 * sizeof(*c->table));
		if (!c->table) {
			return false;
		}
		for (size_t ch = 0; ch < 3; ch++) {
			size_t levels = (size_t)c->levels[ch];
			for (size_t i = 0; i < n; i++) {
				size_t at = i < levels ? i : levels - 1;
				c->table[ch * n + i] =
					pw_gamma_resample(ramp + ch * size, size, at, levels);
			}
		}
	}
	if (!load || pw_fb_cmap_load(c, true)) {
		return true;
	}
	free(c->table);
	c->table = NULL;
	return false;
}

void
pw_fb_cmap_finish(struct pw_fb_cmap *c)
{
	pw_fb_cmap_load(c, false);
	free(c->table);
	free(c->saved);
	*c = (struct pw_fb_cmap){.fd = -1};
}
