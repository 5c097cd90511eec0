/*
 * The executable's code pages leave picowl's page tables once the session has started (decision
 * 4.57): what runs after that maps its pages again at its first run, and what only the start ran
 * stays out of the RSS. Only the executable: a library's text may carry relocations written into
 * private copies of its pages, which a drop would throw away.
 */
#define _GNU_SOURCE
#include "start_text.h"

#include <link.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

static int
drop_code(struct dl_phdr_info *info, size_t size, void *data)
{
	uintptr_t page = *(const uintptr_t *)data;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X) || (ph->p_flags & PF_W)) {
			continue;
		}
		uintptr_t start = (info->dlpi_addr + ph->p_vaddr + page - 1) & ~(page - 1);
		uintptr_t end = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz) & ~(page - 1);
		if (end > start) {
			madvise((void *)start, end - start, MADV_DONTNEED);
		}
	}
	return 1; /* the first object is the executable: the rest are libraries */
}

void
pw_start_text_drop(void)
{
	long page = sysconf(_SC_PAGESIZE);
	if (page > 0) {
		uintptr_t size = (uintptr_t)page;
		dl_iterate_phdr(drop_code, &size);
	}
}
