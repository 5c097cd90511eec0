/*
 * Charges live on each client's connection (struct pw_budget_account) and on each resource (struct
 * charge, its destroy listener). libwayland 1.21 tells a client's destroy listeners before it
 * destroys the client's resources, so an account outlives its client until its last charge
 * is given back.
 */
#define _GNU_SOURCE
#include "budget.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-protocol.h>

#include "log.h"

/*
 * What picowl allocates per object (its resource and this charge included), rounded up from
 * what it measured on x86-64: decision 4.37 (robust-memory checks each). A 32-bit device needs
 * less, so these bound it there too.
 */
static const struct cost {
	const char *interface;
	uint32_t bytes;
} costs[] = {
	{"wl_surface", 1536},
	{"wl_region", 320},
	{"wl_subsurface", 512},
	{"xdg_surface", 512},
	{"xdg_toplevel", 1024},
	{"xdg_popup", 512},
	{"zwlr_layer_surface_v1", 768},
	{"wl_data_source", 384},
	{"zwp_primary_selection_source_v1", 384},
	{"zwlr_data_control_source_v1", 384},
	{"ext_data_control_source_v1", 384},
	{"zwlr_virtual_pointer_v1", 1536},
};
#define DEFAULT_COST 256 /* a resource, its listener and a small object */
/* A connection: libwayland's rings, the client, its object map (decision 4.37). */
#define CONNECTION_COST (20 * 1024)
/* How long after the last client went memory is given back: once per churn of clients. */
#define TRIM_DELAY_MS 200

struct pw_budget {
	struct wl_listener client_created;
	struct wl_event_source *trim;
	size_t limit;
	size_t mapped_limit; /* bytes of wl_shm mappings a client may hold; 0: none */
	/* The last interface charged, by its name's address. */
	const char *last_interface;
	uint32_t last_cost;
	int last_count; /* enum pw_budget_count, or -1 */
	uint32_t most[PW_BUDGET_COUNTS];
};

struct pw_budget_account {
	struct pw_budget *budget; /* outlives every client (pw_budget_destroy) */
	struct wl_client *client; /* NULL once the client is gone */
	struct wl_listener client_destroy, resource_created;
	size_t bytes;
	size_t mapped; /* its pools' mappings (pw_budget_map) */
	size_t charges; /* live struct charge, and each pw_budget_mapping charged */
	uint32_t count[PW_BUDGET_COUNTS];
	bool refused;
};

struct charge {
	struct wl_listener destroy;
	struct pw_budget_account *account;
	int count; /* enum pw_budget_count, or -1 */
	uint32_t fixed;
	uint32_t slot[PW_BUDGET_SLOTS];
};

static uint32_t
cost_of(const char *interface)
{
	for (size_t i = 0; i < sizeof(costs) / sizeof(costs[0]); i++) {
		if (strcmp(costs[i].interface, interface) == 0) {
			return costs[i].bytes;
		}
	}
	return DEFAULT_COST;
}

static int
count_of(const char *interface)
{
	if (strcmp(interface, "wl_subsurface") == 0) {
		return PW_BUDGET_SUBSURFACES;
	}
	/* every wl_buffer holds a mapping: a shm pool's or a dmabuf's (4.99) */
	if (strcmp(interface, "wl_shm_pool") == 0 || strcmp(interface, "wl_buffer") == 0) {
		return PW_BUDGET_SHM;
	}
	return -1;
}

static void
account_release(struct pw_budget_account *account)
{
	if (!account->client && account->charges == 0) {
		free(account);
	}
}

/* False (and the client's error) when the account is over its limit. */
static bool
account_check(struct pw_budget_account *account)
{
	size_t limit = account->budget->limit;
	if (limit == 0 || account->bytes <= limit) {
		return true;
	}
	if (account->client && !account->refused) {
		account->refused = true;
		wl_client_post_no_memory(account->client);
	}
	return false;
}

/* False (and the client's error) when the account holds more of `count` than it may. */
static bool
account_check_count(struct pw_budget_account *account, int count)
{
	static const char *const what[PW_BUDGET_COUNTS] = {
		"subsurfaces ([limits] client_subsurfaces)",
		"wl_shm pools and buffers ([limits] client_pools)",
	};
	uint32_t most = account->budget->most[count];
	if (most == 0 || account->count[count] <= most) {
		return true;
	}
	if (account->client && !account->refused) {
		account->refused = true;
		pw_log_limited(PW_LOG_WARNING, "a client holds more than %u %s: no_memory", most,
			what[count]);
		wl_client_post_no_memory(account->client);
	}
	return false;
}

static void
handle_charge_destroy(struct wl_listener *listener, void *data)
{
	struct charge *charge = wl_container_of(listener, charge, destroy);
	struct pw_budget_account *account = charge->account;
	if (charge->count >= 0) {
		account->count[charge->count]--;
	}
	account->bytes -= charge->fixed;
	for (int i = 0; i < PW_BUDGET_SLOTS; i++) {
		account->bytes -= charge->slot[i];
	}
	account->charges--;
	wl_list_remove(&charge->destroy.link);
	free(charge);
	account_release(account);
}

static void
handle_account_resource_created(struct wl_listener *listener, void *data)
{
	struct pw_budget_account *account = wl_container_of(listener, account, resource_created);
	struct wl_resource *resource = data;
	const char *interface = wl_resource_get_class(resource);
	if (interface == wl_callback_interface.name) {
		return; /* a frame callback is charged by pw_budget_charge_callback, a sync lives on
			 */
	}
	struct charge *charge = calloc(1, sizeof(*charge));
	if (!charge) {
		wl_client_post_no_memory(account->client);
		return;
	}
	charge->account = account;
	struct pw_budget *budget = account->budget;
	if (interface != budget->last_interface) {
		budget->last_interface = interface;
		budget->last_cost = cost_of(interface);
		budget->last_count = count_of(interface);
	}
	charge->fixed = budget->last_cost;
	charge->count = budget->last_count;
	charge->destroy.notify = handle_charge_destroy;
	wl_resource_add_destroy_listener(resource, &charge->destroy);
	account->charges++;
	account->bytes += charge->fixed;
	if (charge->count >= 0) {
		account->count[charge->count]++;
		account_check_count(account, charge->count);
	}
	account_check(account);
}

static int
handle_trim_timer(void *data)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
	return 0;
}

static void
handle_account_client_destroy(struct wl_listener *listener, void *data)
{
	struct pw_budget_account *account = wl_container_of(listener, account, client_destroy);
	struct pw_budget *budget = account->budget;
	wl_list_remove(&account->client_destroy.link);
	wl_list_remove(&account->resource_created.link);
	account->client = NULL;
	account->bytes -= CONNECTION_COST;
	wl_event_source_timer_update(budget->trim, TRIM_DELAY_MS);
	account_release(account);
}

static void
handle_budget_client_created(struct wl_listener *listener, void *data)
{
	struct pw_budget *budget = wl_container_of(listener, budget, client_created);
	struct wl_client *client = data;
	struct pw_budget_account *account = calloc(1, sizeof(*account));
	if (!account) {
		wl_client_post_no_memory(client);
		return;
	}
	account->budget = budget;
	account->client = client;
	account->bytes = CONNECTION_COST;
	account->client_destroy.notify = handle_account_client_destroy;
	wl_client_add_destroy_listener(client, &account->client_destroy);
	account->resource_created.notify = handle_account_resource_created;
	wl_client_add_resource_created_listener(client, &account->resource_created);
}

struct pw_budget *
pw_budget_create(struct wl_display *display)
{
	struct pw_budget *budget = calloc(1, sizeof(*budget));
	if (!budget) {
		return NULL;
	}
	budget->trim = wl_event_loop_add_timer(wl_display_get_event_loop(display),
		handle_trim_timer, budget);
	if (!budget->trim) {
		free(budget);
		return NULL;
	}
	budget->client_created.notify = handle_budget_client_created;
	wl_display_add_client_created_listener(display, &budget->client_created);
	return budget;
}

void
pw_budget_destroy(struct pw_budget *budget)
{
	if (!budget) {
		return;
	}
	wl_list_remove(&budget->client_created.link);
	wl_event_source_remove(budget->trim);
	free(budget);
}

void
pw_budget_set_limit(struct pw_budget *budget, size_t bytes)
{
	budget->limit = bytes;
}

/* The account of a connected client; NULL on a display without a budget. */
static struct pw_budget_account *
account_of(struct wl_client *client)
{
	struct wl_listener *listener =
		wl_client_get_destroy_listener(client, handle_account_client_destroy);
	return listener
		? wl_container_of(listener, (struct pw_budget_account *)NULL, client_destroy)
		: NULL;
}

void
pw_budget_set_mapped(struct pw_budget *budget, size_t bytes)
{
	budget->mapped_limit = bytes;
}

bool
pw_budget_map(struct wl_client *client, struct pw_budget_mapping *mapping, size_t bytes)
{
	struct pw_budget_account *account =
		mapping->account ? mapping->account : account_of(client);
	if (!account) {
		return true;
	}
	size_t limit = account->budget->mapped_limit;
	size_t others = account->mapped - mapping->bytes;
	if (limit != 0 && (bytes > limit || others > limit - bytes)) {
		if (!account->refused) {
			account->refused = true;
			pw_log_limited(PW_LOG_WARNING,
				"a client maps %zu KiB of wl_shm pools and dmabufs, more than "
				"[limits] "
				"client_mapped (%zu KiB): no_memory",
				(others + bytes) >> 10, limit >> 10);
			wl_client_post_no_memory(client);
		}
		return false;
	}
	if (!mapping->account) {
		mapping->account = account;
		account->charges++;
	}
	account->mapped = others + bytes;
	mapping->bytes = bytes;
	return true;
}

void
pw_budget_unmap(struct pw_budget_mapping *mapping)
{
	struct pw_budget_account *account = mapping->account;
	if (!account) {
		return;
	}
	account->mapped -= mapping->bytes;
	mapping->account = NULL;
	mapping->bytes = 0;
	account->charges--;
	account_release(account);
}

void
pw_budget_set_most(struct pw_budget *budget, enum pw_budget_count count, uint32_t most)
{
	budget->most[count] = most;
}

/* The charge of `resource`; NULL on a display without a budget. */
static struct charge *
charge_of(struct wl_resource *resource)
{
	struct wl_listener *listener =
		wl_resource_get_destroy_listener(resource, handle_charge_destroy);
	return listener ? wl_container_of(listener, (struct charge *)NULL, destroy) : NULL;
}

bool
pw_budget_resize(struct wl_resource *resource, enum pw_budget_slot slot, size_t bytes)
{
	struct charge *charge = charge_of(resource);
	if (!charge) {
		return true;
	}
	struct pw_budget_account *account = charge->account;
	uint32_t now = bytes > UINT32_MAX ? UINT32_MAX : (uint32_t)bytes;
	account->bytes = account->bytes - charge->slot[slot] + now;
	charge->slot[slot] = now;
	return account_check(account);
}

bool
pw_budget_try_resize(struct wl_resource *resource, enum pw_budget_slot slot, size_t bytes)
{
	struct charge *charge = charge_of(resource);
	if (!charge) {
		return true;
	}
	struct pw_budget_account *account = charge->account;
	size_t limit = account->budget->limit;
	size_t others = account->bytes - charge->slot[slot];
	if (limit != 0 && (bytes > UINT32_MAX || others + bytes > limit)) {
		account->bytes = others;
		charge->slot[slot] = 0;
		return false;
	}
	account->bytes = others + bytes;
	charge->slot[slot] = (uint32_t)bytes;
	return true;
}

bool
pw_budget_resize_region(struct wl_resource *resource, enum pw_budget_slot slot,
	const pixman_region32_t *region, int copies)
{
	/* One rectangle lives in the region itself; more are an array of boxes and a header. */
	int n = pixman_region32_n_rects((pixman_region32_t *)region);
	size_t bytes = n > 1 ? (size_t)(n + 1) * sizeof(pixman_box32_t) : 0;
	return pw_budget_resize(resource, slot, bytes * (size_t)copies);
}

bool
pw_budget_charge_callback(struct wl_resource *callback)
{
	struct pw_budget_account *account = account_of(wl_resource_get_client(callback));
	if (!account) {
		return true;
	}
	account->bytes += DEFAULT_COST;
	account->charges++;
	wl_resource_set_user_data(callback, account);
	return account_check(account);
}

void
pw_budget_callback_gone(struct wl_resource *callback)
{
	struct pw_budget_account *account = wl_resource_get_user_data(callback);
	if (!account) {
		return;
	}
	account->bytes -= DEFAULT_COST;
	account->charges--;
	account_release(account);
}
