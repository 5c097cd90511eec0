#include "log.h"

#include <stdbool.h>
#include <string.h>

#include "clock.h"

#define SLOTS 8 /* distinct lines remembered, the least recently seen replaced */
#define LINE_MAX_BYTES 1024
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
} logger = {.level = PW_LOG_INFO};

#define PREFIX "picowl: "

static FILE *
out(void)
{
	return logger.out ? logger.out : stderr;
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
write_count(const struct line *l, int64_t now)
{
	fprintf(out(), PREFIX "log: %u more in %.1f s of: %s%s\n", l->hidden,
		(double)(now - l->shown_ns) / 1e9, l->text, l->len >= TEXT_KEPT ? "..." : "");
}

static void
emit(const char *text, size_t len, int64_t now)
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
	if (slot && now - slot->shown_ns < PERIOD_NS) {
		slot->hidden++;
		slot->seen_ns = now;
		return;
	}
	if (slot && slot->hidden) {
		fprintf(out(), "%.*s (and %u more like it in %.1f s)\n", (int)len, text,
			slot->hidden, (double)(now - slot->shown_ns) / 1e9);
	} else {
		if (!slot && oldest->hash && oldest->hidden) {
			write_count(oldest, now);
		}
		fprintf(out(), "%.*s\n", (int)len, text);
	}
	slot = slot ? slot : oldest;
	slot->hash = h;
	slot->len = len;
	size_t keep = len < TEXT_KEPT - 1 ? len : TEXT_KEPT - 1;
	memcpy(slot->text, text, keep);
	slot->text[keep] = '\0';
	slot->hidden = 0;
	slot->shown_ns = slot->seen_ns = now;
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
	char buf[LINE_MAX_BYTES];
	int len = vsnprintf(buf, sizeof(buf), fmt, ap);
	if (len < 0) {
		return;
	}
	size_t n = (size_t)len < sizeof(buf) ? (size_t)len : sizeof(buf) - 1;
	while (n > 0 && buf[n - 1] == '\n') {
		n--;
	}
	fprintf(out(), PREFIX "%.*s\n", (int)n, buf);
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
pw_log_limited_va(enum pw_log_level level, const char *prefix, const char *fmt, va_list ap)
{
	if (!pw_log_enabled(level)) {
		return;
	}
	char buf[LINE_MAX_BYTES];
	size_t n = snprintf(buf, sizeof(buf), PREFIX "%s", prefix);
	if (n >= sizeof(buf)) {
		n = 0;
	}
	int len = vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
	if (len < 0) {
		return;
	}
	n += (size_t)len < sizeof(buf) - n ? (size_t)len : sizeof(buf) - n - 1;
	while (n > 0 && buf[n - 1] == '\n') {
		n--;
	}
	emit(buf, n, logger.now_ns ? logger.now_ns() : pw_now_ns());
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
	int64_t now = logger.now_ns ? logger.now_ns() : pw_now_ns();
	for (int i = 0; i < SLOTS; i++) {
		struct line *l = &logger.lines[i];
		if (l->hash && l->hidden) {
			write_count(l, now);
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
