/*
 * log.c: a line repeated within a second is counted, not shown; shown again after a second
 * with its count; lines differing only in digits are one; interleaved lines are each limited;
 * the counts still open come out at flush; levels drop the lines above the one set; every line
 * has the monotonic time in ms in front and arrives whole however long (decision 4.60); another
 * program's lines carry its name; a sink gets the text without the time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

#include "check.h"

static int64_t now;

static int64_t
fake_now(void)
{
	return now;
}

static char sunk[4][64];
static enum pw_log_level sunk_level[4];
static int sunk_count;

static void
sink(enum pw_log_level level, const char *text, void *data)
{
	if (sunk_count < 4) {
		snprintf(sunk[sunk_count], sizeof(sunk[0]), "%s", text);
		sunk_level[sunk_count++] = level;
	}
}

static int
count(const char *text, const char *what)
{
	int n = 0;
	for (const char *p = text; (p = strstr(p, what)); p += strlen(what)) {
		n++;
	}
	return n;
}

int
main(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	CHECK(out != NULL);
	pw_log_set_output(out, fake_now);

	/* 10,000 tries in 2.5 s, two kinds interleaved, another pid each time */
	for (int i = 0; i < 10000; i++) {
		now = (int64_t)i * 250000;
		pw_log_limited(PW_LOG_WARNING, "cannot accept a connection: Too many open files");
		pw_log_limited(PW_LOG_WARNING,
			"libwayland: failed to read client connection (pid %d)\n", 1000 + i);
	}
	pw_log_limited(PW_LOG_WARNING, "a different line");
	fflush(out);
	CHECK(count(text, "cannot accept") == 3);
	CHECK(count(text, "failed to read client connection") == 3);
	CHECK(count(text, "(and 3999 more like it in 1.0 s)") == 4);
	CHECK(count(text, "a different line\n") == 1);
	CHECK(len < 1000);

	now += 100000;
	pw_log_limited(PW_LOG_WARNING, "cannot accept a connection: Too many open files");
	pw_log_flush();
	fflush(out);
	/* 1,999 + 1 not shown at the end of the loop, written at flush with the last text */
	CHECK(count(text, "picowl: log: 2000 more in 0.5 s of: picowl: cannot accept") == 1);
	CHECK(count(text,
		      "picowl: log: 1999 more in 0.5 s of: picowl: libwayland: failed to "
		      "read client connection (pid 9000)") == 1);
	/* forgotten at flush: shown at once */
	pw_log_limited(PW_LOG_WARNING, "a different line");
	fflush(out);
	CHECK(count(text, "a different line\n") == 2);

	/* More distinct lines than remembered: each shown, none lost. */
	for (int i = 0; i < 20; i++) {
		pw_log_limited(PW_LOG_WARNING, "line %c", 'a' + i);
	}
	fflush(out);
	CHECK(count(text, "line t\n") == 1 && count(text, "line a\n") == 1);
	/* A line longer than any buffer arrives whole, limited or not. */
	char *big = malloc(5001);
	memset(big, 'y', 4999);
	big[4999] = 'z';
	big[5000] = '\0';
	pw_log_limited(PW_LOG_WARNING, "%s", big);
	big[4999] = '\0';
	pw_log_error("long: %s!", big);
	fflush(out);
	char *whole = malloc(6000);
	snprintf(whole, 6000, "] picowl: %sz\n", big);
	CHECK(count(text, whole) == 1);
	snprintf(whole, 6000, "] picowl: long: %s!\n", big);
	CHECK(count(text, whole) == 1);
	free(whole);
	free(big);

	/* Levels: info and below by default, "picowl: " in front, one line each. */
	pw_log_debug("hidden %d", 1);
	pw_log_info("shown %d", 1);
	pw_log_error("an error\n");
	fflush(out);
	CHECK(strstr(text, "hidden 1") == NULL);
	CHECK(count(text, "picowl: shown 1\n") == 1);
	CHECK(count(text, "picowl: an error\n") == 1);
	pw_log_set_level(PW_LOG_DEBUG);
	CHECK(pw_log_enabled(PW_LOG_DEBUG));
	pw_log_debug("hidden %d", 2);
	pw_log_set_level(PW_LOG_ERROR);
	CHECK(!pw_log_enabled(PW_LOG_WARNING));
	pw_log_warning("dropped warning");
	pw_log_limited(PW_LOG_INFO, "dropped limited");
	pw_log_error("second error");
	fflush(out);
	CHECK(count(text, "picowl: hidden 2\n") == 1);
	CHECK(strstr(text, "dropped") == NULL);
	CHECK(count(text, "picowl: second error\n") == 1);
	pw_log_set_level(PW_LOG_INFO);

	/* The time in front: seconds and milliseconds of the clock, then "picowl: ". */
	now = 12345678901LL;
	pw_log_info("timed");
	now = 7000000LL;
	pw_log_info("early");
	pw_log_program(PW_LOG_INFO, "foot[42]", "its own line", 12);
	pw_log_lines(PW_LOG_ERROR, "f.ini:1: one\nf.ini:2: two\n");
	pw_log_error("first\nsecond\n");
	fflush(out);
	CHECK(count(text, "\n[   12.345] picowl: timed\n") == 1);
	CHECK(count(text, "\n[    0.007] picowl: early\n") == 1);
	CHECK(count(text, "\n[    0.007] foot[42]: its own line\n") == 1);
	CHECK(count(text,
		      "\n[    0.007] picowl: f.ini:1: one\n[    0.007] picowl: f.ini:2: two\n") ==
		1);
	CHECK(count(text, "\n[    0.007] picowl: first\n[    0.007] picowl: second\n") == 1);
	/* Every line has its time. */
	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		CHECK(p[0] == '[' && p[6] == '.' && p[10] == ']' && p[11] == ' ');
	}

	/* A sink: the level and the text without the time or "picowl: ". */
	pw_log_set_sink(sink, NULL);
	pw_log_warning("to the sink %d", 1);
	pw_log_program(PW_LOG_INFO, "foot[42]", "a child's", 9);
	pw_log_debug("not to the sink");
	pw_log_set_sink(NULL, NULL);
	CHECK(sunk_count == 2 && strcmp(sunk[0], "to the sink 1") == 0 &&
		sunk_level[0] == PW_LOG_WARNING && strcmp(sunk[1], "foot[42]: a child's") == 0 &&
		sunk_level[1] == PW_LOG_INFO);
	if (check_failed) {
		fputs(text, stderr);
	}
	fclose(out);
	free(text);
	pw_log_set_output(NULL, NULL);
	return check_summary();
}
