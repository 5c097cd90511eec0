/* The CHECK macro the C tests share, and their closing line "N passed, N failed". */
#ifndef PW_TEST_CHECK_H
#define PW_TEST_CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(expr)                                                                              \
	do {                                                                                     \
		if (expr) {                                                                      \
			check_passed++;                                                          \
		} else {                                                                         \
			check_failed++;                                                          \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #expr); \
		}                                                                                \
	} while (0)

/* Prints the closing line; returns main's exit status. */
static inline int
check_summary(void)
{
	printf("%d passed, %d failed\n", check_passed, check_failed);
	return check_failed ? 1 : 0;
}

#endif
