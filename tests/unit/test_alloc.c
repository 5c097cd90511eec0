/*
 * compositor/alloc.c, linked into this test as into picowl: the malloc contract across its
 * size classes, a reused block zeroed by calloc, realloc across classes, and the fallback to
 * glibc once its region is full (every block then freed by the right allocator). Under
 * AddressSanitizer alloc.c builds to nothing and this checks glibc's allocator instead.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED
#endif

static long
rss_kib(void)
{
	long pages = 0, rss = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (f) {
		if (fscanf(f, "%ld %ld", &pages, &rss) != 2) {
			rss = 0;
		}
		fclose(f);
	}
	return rss * 4;
}

static bool
aligned(const void *p)
{
	return ((uintptr_t)p & 15) == 0;
}

int
main(void)
{
	/* Every size up to past the largest class: aligned, usable, distinct, writable. */
	bool ok = true;
	for (size_t n = 1; n <= 600; n++) {
		unsigned char *a = malloc(n), *b = malloc(n);
		ok = ok && a && b && a != b && aligned(a) && aligned(b) &&
			malloc_usable_size(a) >= n;
		if (a && b) {
			memset(a, 0xaa, n);
			memset(b, 0x55, n);
			ok = ok && a[n - 1] == 0xaa && b[0] == 0x55;
		}
		free(a);
		free(b);
	}
	CHECK(ok);
	free(NULL);

	/* A block freed dirty comes back zeroed from calloc, at every class. */
	ok = true;
	for (size_t n = 8; n <= 512; n += n < 32 ? 8 : 16) {
		unsigned char *dirty = malloc(n);
		memset(dirty, 0xff, n);
		free(dirty);
		unsigned char *z = calloc(1, n);
		for (size_t i = 0; z && i < n; i++) {
			ok = ok && z[i] == 0;
		}
		ok = ok && z;
		free(z);
	}
	CHECK(ok);

	/* calloc's size overflows: NULL and ENOMEM. */
	volatile size_t huge = SIZE_MAX / 2; /* volatile: the compiler would refuse the call */
	errno = 0;
	CHECK(calloc(huge, 4) == NULL && errno == ENOMEM);

	/* realloc keeps the contents while it grows through every class into glibc's sizes. */
	unsigned char *r = realloc(NULL, 1);
	r[0] = 7;
	ok = r != NULL;
	for (size_t n = 2; ok && n <= 5000; n = n * 3 / 2 + 1) {
		unsigned char *g = realloc(r, n);
		ok = g != NULL && g[0] == 7 && malloc_usable_size(g) >= n;
		if (g) {
			r = g;
		}
	}
	CHECK(ok);
	unsigned char *s = realloc(r, 3); /* and shrinks back */
	CHECK(s && s[0] == 7);
	CHECK(realloc(s, 0) == NULL); /* frees, as glibc's does */

	/* More small blocks than the region holds (4 MiB): the rest come from glibc. */
	enum { N = 80000 };
	void **many = malloc(N * sizeof(*many));
	ok = many != NULL;
	for (int i = 0; ok && i < N; i++) {
		many[i] = malloc(64);
		ok = many[i] != NULL;
		if (ok) {
			memset(many[i], i & 0xff, 64);
		}
	}
	for (int i = 0; ok && i < N; i++) {
		ok = ((unsigned char *)many[i])[63] == (i & 0xff);
	}
	CHECK(ok);
	for (int i = 0; many && i < N; i++) {
		free(many[i]);
	}
	free(many);
	void *again = malloc(64); /* the lists are whole after it all */
	CHECK(again != NULL && aligned(again));
	free(again);

	/* malloc_trim gives the free pages back; they serve other classes after. */
	long before = rss_kib();
	malloc_trim(0);
	long after = rss_kib();
	fprintf(stderr, "malloc_trim: RSS %ld -> %ld KiB\n", before, after);
#ifndef SANITIZED
	CHECK(before - after >= 3 * 1024);
#endif
	enum { M = 20000 };
	unsigned char **big = malloc(M * sizeof(*big));
	ok = big != NULL;
	for (int i = 0; ok && i < M; i++) {
		big[i] = calloc(1, 200);
		ok = big[i] != NULL && aligned(big[i]) && big[i][199] == 0;
		if (ok) {
			memset(big[i], i & 0xff, 200);
		}
	}
	for (int i = 0; ok && i < M; i++) {
		ok = big[i][0] == (i & 0xff) && big[i][199] == (i & 0xff);
	}
	CHECK(ok);
	for (int i = 0; big && i < M; i++) {
		free(big[i]);
	}
	free(big);

	/* Pages given back while others keep a block: the free lists must stay whole, so that
	 * once those go too every page is given back. */
	malloc_trim(0);
	enum { K = 20000 };
	void **some = malloc(K * sizeof(*some));
	for (int i = 0; some && i < K; i++) {
		some[i] = malloc(64);
	}
	for (int i = 0; some && i < K; i++) {
		if (i % 128 != 0) {
			free(some[i]);
		}
	}
	malloc_trim(0);
	for (int i = 0; some && i < K; i += 128) {
		free(some[i]);
	}
	free(some);
	before = rss_kib();
	malloc_trim(0);
	after = rss_kib();
	fprintf(stderr, "malloc_trim, the kept blocks freed: RSS %ld -> %ld KiB\n", before, after);
#ifndef SANITIZED
	CHECK(before - after >= K * 64 / 2 / 1024 * 9 / 10); /* the pages kept by a block */
#endif
	return check_summary();
}
