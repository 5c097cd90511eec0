/*
 * pw_start_text_drop (decision 4.57): a page of the executable's code that ran before the drop
 * is no longer mapped after it (/proc/self/pagemap's present bit), and runs again when called.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <unistd.h>

#include "check.h"
#include "start_text.h"

/*
 * Run before the drop, alone in its 64 kB: the kernel maps a fault's neighbours within
 * fault_around_bytes (64 kB by default), so the test's own code, run after the drop, does not
 * map this page back with its own. The second function only ends the first one's 64 kB.
 */
static int __attribute__((noinline, aligned(65536), section(".text.pw_once"))) once(int x)
{
	return x * 3 + 1;
}

static int __attribute__((noinline, aligned(65536), section(".text.pw_once"))) fence(int x)
{
	return x - 1;
}

/* Whether the page at `p` is mapped in this process, -1 if pagemap cannot tell. */
static int
mapped(const void *p)
{
	long page = sysconf(_SC_PAGESIZE);
	int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	uint64_t entry = 0;
	bool ok = fd >= 0 && page > 0 &&
		pread(fd, &entry, sizeof(entry), (off_t)((uintptr_t)p / (uintptr_t)page * 8)) ==
			(ssize_t)sizeof(entry);
	if (fd >= 0) {
		close(fd);
	}
	return ok ? (int)(entry >> 63) : -1;
}

int
main(void)
{
	CHECK(once(1) == 4 && fence(1) == 0);
	CHECK(mapped((const void *)once) == 1);
	pw_start_text_drop();
	CHECK(mapped((const void *)once) == 0);
	/* It runs on: the page maps again from the file. */
	CHECK(once(2) == 7);
	CHECK(mapped((const void *)once) == 1);
	pw_start_text_drop(); /* a second drop is harmless */
	CHECK(once(3) == 10 && fence(3) == 2);
	return check_summary();
}
