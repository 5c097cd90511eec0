/*
 * config_edit.c: the key replaced in place, added to its section, or the section added; the
 * rest of the file kept byte for byte; commented-out lines and other sections' keys left alone.
 */
#include <stdlib.h>
#include <string.h>

#include "config_edit.h"

#include "check.h"

static void
expect(const char *in, const char *want)
{
	char *out = pw_config_edit_set(in, "input", "calibration", "1 0 0 0 1 0");
	CHECK(out && strcmp(out, want) == 0);
	if (out && strcmp(out, want) != 0) {
		fprintf(stderr, "got:\n%s---\nwanted:\n%s---\n", out, want);
	}
	free(out);
}

int
main(void)
{
	/* Replaced, spacing normalised, the comment before it and the next section kept. */
	expect("[input]\n; the matrix\ncalibration=2 0 0 0 2 0\nlayout = us\n\n[panel]\nheight = "
	       "9\n",
		"[input]\n; the matrix\ncalibration = 1 0 0 0 1 0\nlayout = us\n\n[panel]\n"
		"height = 9\n");
	/* A commented-out line and another section's key of the same name stay. */
	expect("[panel]\ncalibration = x\n[input]\n;calibration = 3 0 0 0 3 0\nlayout = us\n\n"
	       "[power]\n",
		"[panel]\ncalibration = x\n[input]\n;calibration = 3 0 0 0 3 0\nlayout = us\n"
		"calibration = 1 0 0 0 1 0\n\n[power]\n");
	/* No [input]: added at the end, also to a file without a final newline. */
	expect("[panel]\nheight = 9\n",
		"[panel]\nheight = 9\n\n[input]\ncalibration = 1 0 0 0 1 0\n");
	expect("[panel]\nheight = 9",
		"[panel]\nheight = 9\n\n[input]\ncalibration = 1 0 0 0 1 0\n");
	expect("", "[input]\ncalibration = 1 0 0 0 1 0\n");
	/* The last [input] is the one read; its key is the last too. */
	expect("[ input ]\ncalibration = 5 0 0 0 5 0\n[input]\n  calibration = 6 0 0 0 6 0\r\n",
		"[ input ]\ncalibration = 5 0 0 0 5 0\n[input]\ncalibration = 1 0 0 0 1 0\n");
	/* The key on the last line without a newline; a section header without keys. */
	expect("[input]\ncalibration = 2 0 0 0 2 0", "[input]\ncalibration = 1 0 0 0 1 0");
	expect("[input]\n", "[input]\ncalibration = 1 0 0 0 1 0\n");
	/* A key whose name only starts like it. */
	expect("[input]\ncalibration_x = 1\n",
		"[input]\ncalibration_x = 1\ncalibration = 1 0 0 0 1 0\n");
	return check_summary();
}
