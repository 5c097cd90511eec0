/*
 * A selection (the clipboard, the primary selection) and the sources and offers of every
 * protocol that carries one: what data_device.c (wl_data_source, wl_data_offer),
 * primary_selection.c (zwp_primary_selection_*_v1) and data_control.c (zwlr_data_control_*_v1)
 * share. Internal to compositor/input.
 *
 * A kind of source embeds a pw_selection_source and owns its mime types; a kind of offer embeds
 * a pw_selection_offer. A source is at most one selection at a time, and once: it is used then.
 * When a selection changes, the old source's offers go inert (their receive does nothing) and
 * the old source is cancelled; `changed` tells every protocol to offer the new one to whom it
 * offers selections.
 */
#ifndef PW_SELECTION_H
#define PW_SELECTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wayland-server-core.h>

/*
 * No source offers more than this (DESIGN 4.22): a selection goes to clients that did not ask
 * for it, all its mime types at once, and must not fill their queues until libwayland drops them.
 */
#define PW_SELECTION_MAX_MIME_TYPES 64
#define PW_SELECTION_MAX_MIME_BYTES 16384

struct pw_selection;
struct pw_selection_source;

struct pw_selection_source_impl {
	/* Asks the source's client to write `mime_type` into `fd`; the caller closes its copy. */
	void (*send)(struct pw_selection_source *source, const char *mime_type, int32_t fd);
	/* The source is no longer the selection (replaced or cleared): tells its client. */
	void (*cancel)(struct pw_selection_source *source);
};

struct pw_selection_source {
	const struct pw_selection_source_impl *impl;
	const struct wl_array *mime_types; /* char *, owned by the kind of source */
	struct pw_selection *selection; /* the selection it is; NULL: none */
	struct wl_list offers; /* pw_selection_offer.link */
};

/* An offer of a source; inert (source NULL) once the source is no longer the selection. */
struct pw_selection_offer {
	struct pw_selection_source *source;
	struct wl_list link; /* pw_selection_source.offers, or empty */
};

struct pw_selection {
	struct pw_selection_source *source; /* NULL: empty */
	uint32_t serial; /* of the last claim (pw_selection_claim) */
	bool has_serial;
	struct wl_signal changed; /* the source changed; data: the selection */
};

void pw_selection_init(struct pw_selection *selection);
/* Empties the selection without cancelling its source; its offers go inert. */
void pw_selection_finish(struct pw_selection *selection);

/*
 * Makes `source` (NULL: nothing) the selection: the old source's offers go inert, the old source
 * is cancelled, `changed` is emitted. `source` must not be a selection already.
 */
void pw_selection_set(struct pw_selection *selection, struct pw_selection_source *source);

/*
 * The loose serial check of a client's set_selection: false when `serial` is older than that
 * of the last claim (the request lost a race); otherwise records it and returns true.
 */
bool pw_selection_claim(struct pw_selection *selection, uint32_t serial);

void pw_selection_source_init(struct pw_selection_source *source,
	const struct pw_selection_source_impl *impl, const struct wl_array *mime_types);
/* The source is going away: if it is a selection, that selection is emptied (and announced). */
void pw_selection_source_finish(struct pw_selection_source *source);

/*
 * Adds a copy of `mime_type` to `types` (char *) and its length to *bytes; past the limits
 * above it is dropped silently. False only when memory ran out.
 */
bool pw_selection_mime_add(struct wl_array *types, size_t *bytes, const char *mime_type);
/* Frees the strings and the array. */
void pw_selection_mime_release(struct wl_array *types);

/* Links `offer` to `source`; NULL makes an inert offer. */
void pw_selection_offer_init(struct pw_selection_offer *offer, struct pw_selection_source *source);
void pw_selection_offer_finish(struct pw_selection_offer *offer);
/* Asks the source to write `mime_type` into `fd`, if the offer is live; always closes `fd`. */
void pw_selection_offer_receive(struct pw_selection_offer *offer, const char *mime_type,
	int32_t fd);

#endif
