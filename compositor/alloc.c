/*
 * calloc for the picowl executable. libwayland-server allocates every request and event it
 * marshals (a wl_closure, a few hundred bytes) with calloc, and glibc serves calloc without its
 * per-thread cache: each message then pays a trip through the arena, about 400 instructions
 * of the 8,500 a frame callback costs. malloc takes the cache; the zeroing is the same.
 * Not under AddressSanitizer, whose own calloc must see every allocation.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)

/* Called through a pointer: a compiler would turn malloc and memset back into calloc (this). */
static void *(*volatile zero)(void *, int, size_t) = memset;

void *
calloc(size_t count, size_t size)
{
	size_t total;
	if (__builtin_mul_overflow(count, size, &total)) {
		errno = ENOMEM;
		return NULL;
	}
	void *p = malloc(total);
	if (p) {
		zero(p, 0, total);
	}
	return p;
}

#endif
