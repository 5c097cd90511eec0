#include "log.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"

#define SLOTS 8 /* distinct lines remembered, the least recently seen replaced */
#define LINE_STACK 1024 /* a longer line is formatted again on the heap, never cut */
#define TEXT_KEPT 200 /* of a line not shown, for its count at flush */
#define PERIOD_NS 1000000000LL

struct line {
	uint64_t hash; /* 0: a free slot */
	size_t len; /* of the first such line, whose text is kept */
	int64_t shown_ns, seen_ns;
	unsigned hidden; /* not shown since shown_ns */
	char text[TEXT_KEPT];
};

static struct {
	struct line lines[SLOTS];
	FILE *out;
	int64_t (*now_ns)(void);
	enum pw_log_level level;
	pw_log_sink_fn sink;
	void *sink_data;
} logger = {.level = PW_LOG_INFO};

static int64_t
now(void)
{
	return logger.now_ns ? logger.now_ns() : pw_now_ns();
}

/*
 * One line out: "[seconds.ms] who: text suffix" to the file, in one call (one write on an
 * unbuffered or line-buffered stream), or "who: text suffix" to the sink (without "picowl: ",
 * which syslog's ident gives). The timestamp is CLOCK_MONOTONIC, as the kernel's log has it
 * (decision 4.60).
 */
static void
put(enum pw_log_level level, int64_t ns, const char *who, const char *text, size_t len,
	const char *suffix)
{
	if (logger.sink) {
		bool own = strcmp(who, "picowl") == 0;
		char stack[LINE_STACK];
		size_t need = (own ? 0 : strlen(who) + 2) + len + strlen(suffix) + 1;
		char *buf = need <= sizeof(stack) ? stack : malloc(need);
		if (!buf) {
			return;
		}
		snprintf(buf, need, "%s%s%.*s%s", own ? "" : who, own ? "" : ": ", (int)len, text,
			suffix);
		logger.sink(level, buf, logger.sink_data);
		if (buf != stack) {
			free(buf);
		}
		return;
	}
	long long ms = ns / 1000000;
	fprintf(logger.out ? logger.out : stderr, "[%5lld.%03lld] %s: %.*s%s\n", ms / 1000,
		ms % 1000, who, (int)len, text, suffix);
}

/* `fmt` formatted whole: into `stack`, or onto the heap when longer (free it if != stack). */
static char *
format(char *stack, size_t size, size_t *len, const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(stack, size, fmt, ap);
	char *buf = stack;
	if (n < 0) {
		n = 0;
		stack[0] = '\0';
	} else if ((size_t)n >= size) {
		buf = malloc((size_t)n + 1);
		if (buf) {
			vsnprintf(buf, (size_t)n + 1, fmt, again);
		} else {
			buf = stack; /* out of memory: the line cut, rather than none */
			n = (int)size - 1;
		}
	}
	va_end(again);
	size_t l = (size_t)n;
	while (l > 0 && buf[l - 1] == '\n') {
		l--;
	}
	*len = l;
	return buf;
}

/* Digits left out: the same line about another pid or count is a repeat. */
static uint64_t
hash(const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ull;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9') {
			h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
		}
	}
	return h ? h : 1;
}

static void
write_count(const struct line *l, int64_t t)
{
	char text[TEXT_KEPT + 96];
	int n = snprintf(text, sizeof(text), "log: %u more in %.1f s of: picowl: %s%s", l->hidden,
		(double)(t - l->shown_ns) / 1e9, l->text, l->len >= TEXT_KEPT ? "..." : "");
	put(PW_LOG_WARNING, t, "picowl", text, n < (int)sizeof(text) ? (size_t)n : 0, "");
}

static void
emit(enum pw_log_level level, const char *text, size_t len, int64_t t)
{
	struct line *slot = NULL, *oldest = &logger.lines[0];
	uint64_t h = hash(text, len);
	for (int i = 0; i < SLOTS && !slot; i++) {
		struct line *l = &logger.lines[i];
		if (l->hash == h) {
			slot = l;
		} else if (!l->hash || (oldest->hash && l->seen_ns < oldest->seen_ns)) {
			oldest = l;
		}
	}
	if (slot && t - slot->shown_ns < PERIOD_NS) {
		slot->hidden++;
		slot->seen_ns = t;
		return;
	}
	if (slot && slot->hidden) {
		char suffix[96];
		snprintf(suffix, sizeof(suffix), " (and %u more like it in %.1f s)", slot->hidden,
			(double)(t - slot->shown_ns) / 1e9);
		put(level, t, "picowl", text, len, suffix);
	} else {
		if (!slot && oldest->hash && oldest->hidden) {
			write_count(oldest, t);
		}
		put(level, t, "picowl", text, len, "");
	}
	slot = slot ? slot : oldest;
	slot->hash = h;
	slot->len = len;
	size_t keep = len < TEXT_KEPT - 1 ? len : TEXT_KEPT - 1;
	memcpy(slot->text, text, keep);
	slot->text[keep] = '\0';
	slot->hidden = 0;
	slot->shown_ns = slot->seen_ns = t;
}

void
pw_log_set_level(enum pw_log_level level)
{
	logger.level = level;
}

bool
pw_log_enabled(enum pw_log_level level)
{
	return level <= logger.level;
}

void
pw_log_va(enum pw_log_level level, const char *fmt, va_list ap)
{
	if (!pw_log_enabled(level)) {
		return;
	}
	char stack[LINE_STACK];
	size_t len;
	char *buf = format(stack, sizeof(stack), &len, fmt, ap);
	int64_t t = now();
	/* A message of several lines: each its own, with its time. */
	for (const char *p = buf, *end = buf + len; p <= end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		put(level, t, "picowl", p, n, "");
		p += n + 1;
	}
	if (buf != stack) {
		free(buf);
	}
}

void
pw_log(enum pw_log_level level, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	pw_log_va(level, fmt, ap);
	va_end(ap);
}

void
pw_log_lines(enum pw_log_level level, const char *text)
{
	if (!pw_log_enabled(level)) {
		return;
	}
	int64_t t = now();
	for (const char *p = text; *p;) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		put(level, t, "picowl", p, len, "");
		p += len + (end ? 1 : 0);
	}
}

void
pw_log_program(enum pw_log_level level, const char *who, const char *text, size_t len)
{
	if (pw_log_enabled(level)) {
		put(level, now(), who, text, len, "");
	}
}

void
pw_log_limited_va(enum pw_log_level level, const char *prefix, const char *fmt, va_list ap)
{
	if (!pw_log_enabled(level)) {
		return;
	}
	char stack[LINE_STACK];
	size_t plen = strlen(prefix);
	if (plen >= sizeof(stack) / 2) {
		plen = 0;
	}
	memcpy(stack, prefix, plen);
	size_t len;
	char *body = format(stack + plen, sizeof(stack) - plen, &len, fmt, ap);
	if (body == stack + plen) {
		emit(level, stack, plen + len, now());
		return;
	}
	/* A long line: the prefix joins it on the heap. */
	char *whole = malloc(plen + len + 1);
	if (whole) {
		memcpy(whole, prefix, plen);
		memcpy(whole + plen, body, len);
		emit(level, whole, plen + len, now());
		free(whole);
	}
	free(body);
}

void
pw_log_limited(enum pw_log_level level, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	pw_log_limited_va(level, "", fmt, ap);
	va_end(ap);
}

void
pw_log_flush(void)
{
	int64_t t = now();
	for (int i = 0; i < SLOTS; i++) {
		struct line *l = &logger.lines[i];
		if (l->hash && l->hidden) {
			write_count(l, t);
		}
		l->hash = 0;
	}
}

void
pw_log_set_output(FILE *file, int64_t (*now_ns)(void))
{
	logger.out = file;
	logger.now_ns = now_ns;
}

void
pw_log_set_sink(pw_log_sink_fn sink, void *data)
{
	logger.sink = sink;
	logger.sink_data = data;
}
