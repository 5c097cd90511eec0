/*
 * armcount: a QEMU 7.2 TCG plugin (qemu-user) that counts the guest instructions a program
 * executes, exactly: every translated block adds its instruction count to one total each time it
 * runs (an inline add, so no callback per block). In qemu-user a block runs to its end (a system
 * call, a branch), so the total is the number of instructions executed, conditional ones
 * included, as the ARM's own "instructions executed" event counts them. The counts are of guest
 * code only: the kernel's work, and the ARM kernel's user helpers that qemu emulates (the
 * atomics at 0xffff0fc0), are not in them.
 *
 * usage: qemu-arm -plugin armcount.so,marks=FILE[,nr=N:N...][,ctl=FIFO] PROGRAM...
 *
 *   marks=FILE  at the entry of each system call numbered in nr, appends a line
 *               "NR A1 TOTAL" (the call's number, its first argument, the total so far) to FILE.
 *               By default nr is epoll_wait, epoll_pwait, epoll_pwait2, ppoll and ppoll_time64
 *               (ARM EABI 252, 346, 441, 336, 414; picowl's main loop sleeps in ppoll): the
 *               points where an event loop goes to sleep, so the last line of an idle
 *               process is its total. A program can mark its own regions with a call it never
 *               makes otherwise (present_bench: getppid, nr=64).
 *   ctl=FIFO    a FIFO the plugin reads commands from, in a thread of its own: "hist PATH"
 *               writes, to PATH, the instructions so far by block: "INSNS OBJECT OFFSET SYMBOL"
 *               (OBJECT the mapped file, OFFSET the block's offset in it, SYMBOL the main
 *               program's symbol or "-"), then a line "end". Asked while the program sleeps,
 *               as the marks show, the counts hold still.
 * At exit the plugin appends "exit 0 TOTAL" to FILE.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qemu_plugin_api.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define MAX_NRS 8

/* One translation of a block; a block translated again gets a second record. */
struct block {
	uint64_t runs; /* added to by the block's own inline op */
	uint64_t vaddr;
	uintptr_t haddr;
	uint64_t insns;
	const char *symbol;
	struct block *next;
};

static uint64_t total;
static struct block *blocks; /* published with release: the ctl thread walks it */
static FILE *marks;
static int64_t nrs[MAX_NRS];
static int n_nrs;
static char *ctl_path;

static void
handle_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	(void)id;
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct block *b = calloc(1, sizeof(*b));
	if (b == NULL) {
		/* the total must stay exact: better no figure than a wrong one */
		qemu_plugin_outs("armcount: out of memory\n");
		abort();
	}
	b->vaddr = qemu_plugin_tb_vaddr(tb);
	b->insns = n;
	if (n > 0) {
		struct qemu_plugin_insn *first = qemu_plugin_tb_get_insn(tb, 0);
		b->haddr = (uintptr_t)qemu_plugin_insn_haddr(first);
		b->symbol = qemu_plugin_insn_symbol(first);
	}
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &total, n);
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &b->runs, 1);
	b->next = blocks;
	__atomic_store_n(&blocks, b, __ATOMIC_RELEASE);
}

static void
handle_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1, uint64_t a2,
	uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8)
{
	(void)id, (void)vcpu, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6, (void)a7, (void)a8;
	for (int i = 0; i < n_nrs; i++) {
		if (num == nrs[i]) {
			fprintf(marks, "%" PRId64 " %" PRIu64 " %" PRIu64 "\n", num, a1, total);
			fflush(marks);
			return;
		}
	}
}

/* The host's mappings of files, to name the object a block's host address falls in. */
struct mapping {
	uintptr_t start, end;
	uint64_t offset;
	char path[256];
};

static int
read_mappings(struct mapping *maps, int max)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	int n = 0;
	if (f == NULL) {
		return 0;
	}
	while (n < max && fgets(line, sizeof(line), f)) {
		struct mapping *m = &maps[n];
		unsigned long start, end, offset;
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %255s", &start, &end, &offset, m->path) ==
			4) {
			m->start = start, m->end = end, m->offset = offset;
			n++;
		}
	}
	fclose(f);
	return n;
}

static void
write_histogram(const char *path)
{
	enum { MAX_MAPS = 512 };
	static struct mapping maps[MAX_MAPS];
	int n = read_mappings(maps, MAX_MAPS);
	FILE *out = fopen(path, "w");
	if (out == NULL) {
		return;
	}
	for (struct block *b = __atomic_load_n(&blocks, __ATOMIC_ACQUIRE); b; b = b->next) {
		uint64_t insns = __atomic_load_n(&b->runs, __ATOMIC_RELAXED) * b->insns;
		const char *object = "?";
		uint64_t offset = b->vaddr;
		if (insns == 0) {
			continue;
		}
		for (int i = 0; i < n; i++) {
			if (b->haddr >= maps[i].start && b->haddr < maps[i].end) {
				object = maps[i].path;
				offset = b->haddr - maps[i].start + maps[i].offset;
				break;
			}
		}
		fprintf(out, "%" PRIu64 " %s %" PRIx64 " %s\n", insns, object, offset,
			b->symbol && b->symbol[0] ? b->symbol : "-");
	}
	fprintf(out, "end\n");
	fclose(out);
}

static void *
ctl_thread(void *data)
{
	(void)data;
	for (;;) {
		FILE *f = fopen(ctl_path, "r"); /* blocks until a writer opens the FIFO */
		char line[512], path[480];
		if (f == NULL) {
			return NULL;
		}
		while (fgets(line, sizeof(line), f)) {
			if (sscanf(line, "hist %479s", path) == 1) {
				write_histogram(path);
			}
		}
		fclose(f);
	}
}

static void
handle_exit(qemu_plugin_id_t id, void *data)
{
	(void)id, (void)data;
	fprintf(marks, "exit 0 %" PRIu64 "\n", total);
	fclose(marks);
}

QEMU_PLUGIN_EXPORT int
qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	const char *marks_path = NULL;
	if (info->system_emulation) {
		fprintf(stderr, "armcount: for qemu-user only\n");
		return -1;
	}
	nrs[0] = 252, nrs[1] = 346, nrs[2] = 441, nrs[3] = 336, nrs[4] = 414, n_nrs = 5;
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "marks=", 6) == 0) {
			marks_path = argv[i] + 6;
		} else if (strncmp(argv[i], "ctl=", 4) == 0) {
			ctl_path = argv[i] + 4;
		} else if (strncmp(argv[i], "nr=", 3) == 0) {
			char *p = argv[i] + 3, *end;
			for (n_nrs = 0; *p && n_nrs < MAX_NRS; p = *end ? end + 1 : end) {
				nrs[n_nrs++] = strtoll(p, &end, 10);
				if (end == p) {
					fprintf(stderr, "armcount: bad nr= list %s\n", argv[i]);
					return -1;
				}
			}
		} else {
			fprintf(stderr, "armcount: unknown option %s\n", argv[i]);
			return -1;
		}
	}
	if (marks_path == NULL || (marks = fopen(marks_path, "a")) == NULL) {
		fprintf(stderr, "armcount: needs marks=FILE (a file it can append to)\n");
		return -1;
	}
	if (ctl_path) {
		/* the thread takes no signal: qemu's handlers expect a guest CPU's thread */
		sigset_t all, old;
		pthread_t thread;
		sigfillset(&all);
		pthread_sigmask(SIG_SETMASK, &all, &old);
		int err = pthread_create(&thread, NULL, ctl_thread, NULL);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		if (err != 0) {
			fprintf(stderr, "armcount: no ctl thread: %s\n", strerror(err));
			return -1;
		}
		pthread_detach(thread);
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, handle_tb_trans);
	qemu_plugin_register_vcpu_syscall_cb(id, handle_syscall);
	qemu_plugin_register_atexit_cb(id, handle_exit, NULL);
	return 0;
}
