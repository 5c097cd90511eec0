/*
 * The allocator of the picowl executable: small blocks from free lists, the rest from glibc.
 *
 * libwayland-server allocates every request and event it marshals (a wl_closure, a few hundred
 * bytes, zeroed) and frees it as soon as it is dispatched or sent, several pairs a frame, each
 * dear through glibc (decision 4.14); a free list pops and pushes a block. Blocks of up to
 * SMALL_MAX bytes come from one reserved region, cut into pages of one size class each, so that
 * free() knows a block by its address alone. Freed blocks stay on their list for the next message:
 * the region holds the peak of small blocks in use, no more, until malloc_trim (called when clients
 * have gone, core/budget.c) gives the pages whose blocks are all free back to the kernel, then
 * glibc's free memory.
 *
 * glibc documents replacing malloc, free, calloc, realloc and malloc_usable_size this way
 * ("Replacing malloc"); memalign and its kin stay glibc's, and free() hands their blocks back.
 * picowl has one thread; a spin flag keeps the lists whole should a library start another.
 * Not under AddressSanitizer, which must see every allocation (valgrind's memcheck replaces
 * these functions itself).
 */
#define _GNU_SOURCE
#include "alloc.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/single_threaded.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PW_NO_OWN_ALLOC
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define PW_NO_OWN_ALLOC
#endif

#if defined(__GLIBC__) && !defined(PW_NO_OWN_ALLOC)

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *ptr, size_t size);
void __libc_free(void *ptr);

#define REGION_SIZE ((size_t)4 << 20) /* reserved; only the pages used are ever touched */
#define PAGE_SIZE 4096
/*
 * Eleven classes, 16 to 512 bytes, a fifth to a third apart above 32: the strings and list nodes
 * of xkbcommon, libudev and libinput's quirks are mostly under 32 bytes, and a class of 64
 * held them in four times their size (decision 4.14). 16 is glibc's
 * alignment on x86-64; every class is a multiple of it.
 */
#define CLASSES 11
#define SMALL_MAX 512
#define EMPTY CLASSES /* the page class of a page given back by malloc_trim */

struct block {
	struct block *next;
};

static struct {
	char *region; /* NULL until the first small block; MAP_FAILED if it could not be had */
	size_t used; /* bytes of the region cut into pages */
	unsigned char page_class[REGION_SIZE / PAGE_SIZE];
	unsigned short free_count[REGION_SIZE / PAGE_SIZE]; /* malloc_trim's, per page */
	size_t empty_pages; /* pages of class EMPTY, for cut() to take first */
	struct block *free[CLASSES];
	char *next[CLASSES], *end[CLASSES]; /* the rest of each class's newest page */
	atomic_flag busy;
} heap = {.busy = ATOMIC_FLAG_INIT};

/*
 * Only once a second thread exists: until then no other thread can be inside, and none can
 * start inside a locked part, which creates no thread. On armel (ARMv5, no LDREX) the flag is a
 * call to the kernel's cmpxchg helper (decision 4.43).
 */
static inline void
lock(void)
{
	if (!__libc_single_threaded) {
		while (atomic_flag_test_and_set_explicit(&heap.busy, memory_order_acquire)) {
		}
	}
}

static inline void
unlock(void)
{
	if (!__libc_single_threaded) {
		atomic_flag_clear_explicit(&heap.busy, memory_order_release);
	}
}

static const unsigned short class_sizes[CLASSES] = {16, 32, 48, 64, 96, 128, 192, 256, 320, 384,
	512};

/* Of a size from 1 to SMALL_MAX. */
static int
class_of(size_t size)
{
	static const unsigned char by_16[SMALL_MAX / 16] = {0, 1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 6, 7,
		7, 7, 7, 8, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10, 10, 10};
	return by_16[(size - 1) / 16];
}

static size_t
class_size(int c)
{
	return class_sizes[c];
}

static bool
ours(const void *ptr)
{
	return (uintptr_t)ptr - (uintptr_t)heap.region < heap.used;
}

/* The size class of one of our blocks. */
static int
class_at(const void *ptr)
{
	return heap.page_class[((uintptr_t)ptr - (uintptr_t)heap.region) / PAGE_SIZE];
}

/* A page given back by malloc_trim, or NULL. */
static char *
empty_page(void)
{
	if (heap.empty_pages == 0) {
		return NULL;
	}
	for (size_t i = 0; i < heap.used / PAGE_SIZE; i++) {
		if (heap.page_class[i] == EMPTY) {
			heap.empty_pages--;
			return heap.region + i * PAGE_SIZE;
		}
	}
	return NULL;
}

/* A fresh block of class `c` from its newest page or a new one; NULL when the region is full. */
static void *
cut(int c)
{
	char *page;
	size_t size = class_size(c);
	if ((size_t)(heap.end[c] - heap.next[c]) < size && (page = empty_page())) {
		heap.page_class[(size_t)(page - heap.region) / PAGE_SIZE] = (unsigned char)c;
		heap.next[c] = page;
		heap.end[c] = page + PAGE_SIZE;
	}
	if ((size_t)(heap.end[c] - heap.next[c]) < size) {
		if (!heap.region) {
			heap.region = mmap(NULL, REGION_SIZE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		}
		if (heap.region == MAP_FAILED || heap.used == REGION_SIZE) {
			return NULL;
		}
		heap.page_class[heap.used / PAGE_SIZE] = (unsigned char)c;
		heap.next[c] = heap.region + heap.used;
		heap.end[c] = heap.next[c] + PAGE_SIZE;
		heap.used += PAGE_SIZE;
	}
	void *block = heap.next[c];
	heap.next[c] += size;
	return block;
}

/* A block from the region's free pages, or from glibc: big, or the region is full. */
static __attribute__((noinline)) void *
malloc_more(size_t size)
{
	void *block = NULL;
	if (size != 0 && size <= SMALL_MAX) {
		lock();
		block = cut(class_of(size));
		unlock();
	}
	return block ? block : __libc_malloc(size);
}

/* A freed block of the size's class, or NULL. */
static inline void *
reuse(size_t size)
{
	if (size - 1 >= SMALL_MAX) {
		return NULL;
	}
	int c = class_of(size);
	lock();
	struct block *block = heap.free[c];
	if (block) {
		heap.free[c] = block->next;
	}
	unlock();
	return block;
}

void *
malloc(size_t size)
{
	void *block = reuse(size);
	return block ? block : malloc_more(size);
}

void
free(void *ptr)
{
	if (!ours(ptr)) {
		__libc_free(ptr);
		return;
	}
	struct block *block = ptr;
	lock();
	int c = class_at(ptr);
	block->next = heap.free[c];
	heap.free[c] = block;
	unlock();
}

void *
calloc(size_t count, size_t size)
{
	size_t total;
	if (__builtin_mul_overflow(count, size, &total)) {
		errno = ENOMEM;
		return NULL;
	}
	if (total > SMALL_MAX) {
		/* glibc's calloc skips zeroing the fresh pages of a large block. */
		return __libc_calloc(count, size);
	}
	void *p = reuse(total);
	if (!p) {
		p = malloc_more(total);
	}
	if (p) {
		memset(p, 0, total);
	}
	return p;
}

void *
realloc(void *ptr, size_t size)
{
	if (!ptr) {
		return malloc(size);
	}
	if (!ours(ptr)) {
		return __libc_realloc(ptr, size);
	}
	if (size == 0) {
		free(ptr);
		return NULL;
	}
	size_t have = class_size(class_at(ptr));
	if (size <= have) {
		return ptr;
	}
	void *p = malloc(size);
	if (p) {
		memcpy(p, ptr, have);
		free(ptr);
	}
	return p;
}

/* The page of our block `ptr`. */
static size_t
page_of(const void *ptr)
{
	return ((uintptr_t)ptr - (uintptr_t)heap.region) / PAGE_SIZE;
}

/*
 * Gives back the pages whose blocks are all on their free list (the newest page of each class
 * stays: its uncut rest is on no list), then glibc's free memory. The pages stay reserved;
 * MADV_DONTNEED drops them from the RSS and the next touch maps a zero page.
 */
int
malloc_trim(size_t pad)
{
	static int (*glibc)(size_t);
	if (!glibc) {
		glibc = (int (*)(size_t))dlsym(RTLD_NEXT, "malloc_trim");
	}
	int released = 0;
	lock();
	if (heap.region && heap.region != MAP_FAILED) {
		memset(heap.free_count, 0, sizeof(heap.free_count));
		for (int c = 0; c < CLASSES; c++) {
			for (struct block *b = heap.free[c]; b; b = b->next) {
				heap.free_count[page_of(b)]++;
			}
		}
		for (int c = 0; c < CLASSES; c++) {
			if ((size_t)(heap.end[c] - heap.next[c]) >= class_size(c)) {
				heap.free_count[page_of(heap.end[c] - 1)] = 0;
			}
		}
		for (size_t i = 0; i < heap.used / PAGE_SIZE; i++) {
			int c = heap.page_class[i];
			if (c != EMPTY && heap.free_count[i] == PAGE_SIZE / class_size(c)) {
				heap.page_class[i] = EMPTY;
				heap.empty_pages++;
				heap.free_count[i] = USHRT_MAX; /* given back below */
			}
		}
		/* Off the lists before the pages go: their links are in them. */
		for (int c = 0; c < CLASSES; c++) {
			struct block **link = &heap.free[c];
			while (*link) {
				if (heap.page_class[page_of(*link)] == EMPTY) {
					*link = (*link)->next;
				} else {
					link = &(*link)->next;
				}
			}
		}
		for (size_t i = 0; i < heap.used / PAGE_SIZE; i++) {
			if (heap.free_count[i] == USHRT_MAX) {
				madvise(heap.region + i * PAGE_SIZE, PAGE_SIZE, MADV_DONTNEED);
				released = 1;
			}
		}
	}
	unlock();
	return (glibc && glibc(pad)) || released;
}

/* libudev sizes its buffers by it. */
size_t
malloc_usable_size(void *ptr)
{
	if (ours(ptr)) {
		return class_size(class_at(ptr));
	}
	static size_t (*glibc)(void *);
	if (!glibc) {
		glibc = (size_t(*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
	}
	return glibc && ptr ? glibc(ptr) : 0;
}

#endif
