/* Requests from fuzzer input: the argument values, object ids and new ids each byte picks. */
#include <string.h>

#include "fuzz.h"

uint8_t
fz_u8(struct input *in)
{
	if (!in->left) {
		return 0;
	}
	in->left--;
	return *in->p++;
}

uint32_t
fz_u32(struct input *in)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		v = v << 8 | fz_u8(in);
	}
	return v;
}

struct object *
fz_pick_object(struct input *in, bool live)
{
	if (fz_n_objects == 0) {
		return NULL;
	}
	int start = fz_u8(in) % fz_n_objects;
	for (int k = 0; k < fz_n_objects; k++) {
		struct object *o = &fz_objects[(start + k) % fz_n_objects];
		if (o->dead != live) {
			return o;
		}
	}
	return NULL;
}

/* Mostly a live object of the type the argument wants, so requests get past libwayland. */
static uint32_t
pick_argument_object(struct input *in, const struct wl_interface *type)
{
	uint8_t sel = fz_u8(in);
	if (sel < 160 && type) {
		int matches = 0;
		for (int i = 0; i < fz_n_objects; i++) {
			matches += !fz_objects[i].dead &&
				strcmp(fz_objects[i].iface->name, type->name) == 0;
		}
		int k = matches ? fz_u8(in) % matches : -1;
		for (int i = 0; i < fz_n_objects && k >= 0; i++) {
			if (!fz_objects[i].dead &&
				strcmp(fz_objects[i].iface->name, type->name) == 0 && k-- == 0) {
				return fz_objects[i].id;
			}
		}
	}
	if (sel < 240) {
		struct object *o = fz_pick_object(in, true);
		return o ? o->id : 0;
	}
	return sel < 248 ? 0 : fz_u32(in);
}

uint32_t
fz_pick_int(struct input *in)
{
	static const uint32_t special[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 2, 16, 256};
	uint8_t sel = fz_u8(in);
	if (sel < 128) {
		return special[sel % 8];
	}
	if (sel < 192) {
		return fz_u8(in);
	}
	return fz_u32(in);
}

/* The length word of a string or array of len bytes, and its padding zeroed: the words it
 * takes, or 0 (and a length of 0 in w[0]) when they are more than room. */
static size_t
put_length(uint32_t *w, size_t room, size_t len)
{
	size_t words = 1 + (len + 3) / 4;
	if (words > room) {
		w[0] = 0;
		return 0;
	}
	w[0] = (uint32_t)len;
	memset(&w[1], 0, (words - 1) * 4);
	return words;
}

/* Appends a string argument: null, a common one, or bytes of the input. */
static size_t
put_string(struct input *in, uint32_t *w, size_t room)
{
	static const char *const common[] = {"text/plain", "xdg_wm_base", "wl_compositor", "robust",
		"x"};
	uint8_t sel = fz_u8(in);
	char buf[64];
	size_t len;

	if (sel % 8 == 0) {
		w[0] = 0;
		return 1;
	}
	if (sel % 8 < 4) {
		len = strlen(common[sel % 5]);
		memcpy(buf, common[sel % 5], len);
	} else {
		len = fz_u8(in) % 48;
		for (size_t i = 0; i < len; i++) {
			uint8_t c = fz_u8(in);
			buf[i] = c ? (char)c : 'x';
		}
	}
	buf[len++] = '\0';
	size_t words = put_length(w, room, len);
	if (words == 0) {
		return 1;
	}
	memcpy(&w[1], buf, len);
	return words;
}

static size_t
put_array(struct input *in, uint32_t *w, size_t room)
{
	size_t len = fz_u8(in) % 64;
	size_t words = put_length(w, room, len);
	if (words == 0) {
		return 1;
	}
	for (size_t i = 0; i < len; i++) {
		((uint8_t *)&w[1])[i] = fz_u8(in);
	}
	return words;
}

void
fz_request_bind(struct input *in)
{
	uint32_t w[32];
	size_t n = 2;
	int g = fz_u8(in) % fz_n_globals;
	uint8_t v = fz_u8(in);
	const char *name = fz_globals[g].iface->name;
	size_t len = strlen(name) + 1;

	/* mostly a version it offers; sometimes 0 or past it, or a global that is not there */
	w[n++] = v < 250 ? fz_globals[g].name : fz_pick_int(in);
	w[n++] = (uint32_t)len;
	memset(&w[n], 0, (len + 3) / 4 * 4);
	memcpy(&w[n], name, len);
	n += (len + 3) / 4;
	w[n++] = v < 200 ? 1 + v % fz_globals[g].version : (uint32_t)v - 200;
	w[n++] = fz_next_id;
	fz_add_object(fz_next_id++, fz_globals[g].iface);
	w[0] = 2; /* the registry */
	w[1] = (uint32_t)(n * 4) << 16 | 0;
	fz_send(w, n, 0);
}

void
fz_request(struct input *in, struct object *o)
{
	uint32_t w[1024];
	size_t n = 2;
	int n_fds = 0;
	const struct wl_interface *iface = o->iface;
	uint16_t opcode = (uint16_t)(fz_u8(in) % (iface->method_count + 1));

	if (strcmp(iface->name, "wl_registry") == 0 && opcode == 0) {
		fz_request_bind(in);
		return;
	}
	if (opcode < iface->method_count) {
		const struct wl_message *m = &iface->methods[opcode];
		/* picowl_control_v1.spawn would fork the fuzzer; run_action can spawn or quit too
		 */
		if (strcmp(iface->name, "picowl_control_v1") == 0 &&
			(strcmp(m->name, "spawn") == 0 || strcmp(m->name, "run_action") == 0)) {
			return;
		}
		int arg = 0;
		for (const char *s = m->signature; *s && n < 960; s++) {
			if ((*s >= '0' && *s <= '9') || *s == '?') {
				continue;
			}
			const struct wl_interface *type = m->types[arg++];
			switch (*s) {
			case 'i':
			case 'u':
			case 'f':
				w[n++] = fz_pick_int(in);
				break;
			case 's':
				n += put_string(in, &w[n], 1024 - n);
				break;
			case 'a':
				n += put_array(in, &w[n], 1024 - n);
				break;
			case 'h':
				if (n_fds < 4) {
					n_fds++;
				}
				break;
			case 'n':
				w[n++] = fz_next_id;
				fz_add_object(fz_next_id++, type);
				break;
			case 'o':
				w[n++] = pick_argument_object(in, type);
				break;
			}
		}
	}
	w[0] = o->id;
	w[1] = (uint32_t)(n * 4) << 16 | opcode;
	fz_send(w, n, n_fds);
}
