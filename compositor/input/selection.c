/* A selection and its sources and offers, whatever protocol carries them (selection.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "selection.h"

static void
detach_offers(struct pw_selection_source *source)
{
	struct pw_selection_offer *offer, *tmp;

	wl_list_for_each_safe(offer, tmp, &source->offers, link) {
		wl_list_remove(&offer->link);
		wl_list_init(&offer->link);
		offer->source = NULL;
	}
}

void
pw_selection_init(struct pw_selection *selection)
{
	selection->source = NULL;
	selection->has_serial = false;
	selection->serial = 0;
	wl_signal_init(&selection->changed);
}

void
pw_selection_finish(struct pw_selection *selection)
{
	if (selection->source) {
		detach_offers(selection->source);
		selection->source->selection = NULL;
		selection->source = NULL;
	}
}

void
pw_selection_set(struct pw_selection *selection, struct pw_selection_source *source)
{
	struct pw_selection_source *old = selection->source;

	if (old) {
		detach_offers(old);
		old->selection = NULL;
	}
	selection->source = source;
	if (source) {
		source->selection = selection;
	}
	if (old && old != source) {
		old->impl->cancel(old);
	}
	wl_signal_emit(&selection->changed, selection);
}

bool
pw_selection_claim(struct pw_selection *selection, uint32_t serial)
{
	if (selection->has_serial && (int32_t)(serial - selection->serial) < 0) {
		return false;
	}
	selection->serial = serial;
	selection->has_serial = true;
	return true;
}

void
pw_selection_source_init(struct pw_selection_source *source,
	const struct pw_selection_source_impl *impl, const struct wl_array *mime_types)
{
	source->impl = impl;
	source->mime_types = mime_types;
	source->selection = NULL;
	wl_list_init(&source->offers);
}

void
pw_selection_source_finish(struct pw_selection_source *source)
{
	struct pw_selection *selection = source->selection;

	detach_offers(source);
	if (selection) {
		source->selection = NULL;
		selection->source = NULL;
		wl_signal_emit(&selection->changed, selection);
	}
}

bool
pw_selection_mime_add(struct wl_array *types, size_t *bytes, const char *mime_type)
{
	size_t len = strlen(mime_type);
	char **slot;

	if (types->size / sizeof(char *) >= PW_SELECTION_MAX_MIME_TYPES ||
		*bytes + len > PW_SELECTION_MAX_MIME_BYTES) {
		return true;
	}
	slot = wl_array_add(types, sizeof(*slot));
	if (!slot) {
		return false;
	}
	*slot = strdup(mime_type);
	if (!*slot) {
		types->size -= sizeof(*slot);
		return false;
	}
	*bytes += len;
	return true;
}

void
pw_selection_mime_release(struct wl_array *types)
{
	char **mime_type;

	wl_array_for_each(mime_type, types) {
		free(*mime_type);
	}
	wl_array_release(types);
}

void
pw_selection_offer_init(struct pw_selection_offer *offer, struct pw_selection_source *source)
{
	offer->source = source;
	if (source) {
		wl_list_insert(&source->offers, &offer->link);
	} else {
		wl_list_init(&offer->link);
	}
}

void
pw_selection_offer_finish(struct pw_selection_offer *offer)
{
	wl_list_remove(&offer->link);
	wl_list_init(&offer->link);
	offer->source = NULL;
}

void
pw_selection_offer_receive(struct pw_selection_offer *offer, const char *mime_type, int32_t fd)
{
	if (offer->source) {
		offer->source->impl->send(offer->source, mime_type, fd);
	}
	close(fd); /* the source's client got its own copy */
}
