/* picowl-ctl calibrate (calibrate.h). */
#include "ctl_calibrate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "picowl-control-unstable-v1-client-protocol.h"

int
ctl_calibrate(struct ctl *ctl, int argc, char **argv)
{
	unsigned long timeout = 0;
	if (argc == 3 && strcmp(argv[1], "--timeout") == 0) {
		char *end;
		timeout = strtoul(argv[2], &end, 10);
		if (end == argv[2] || *end != '\0' || timeout > 3600000) {
			argc = 0;
		}
	}
	if (argc != 1 && argc != 3) {
		fprintf(stderr, "Usage: picowl-ctl calibrate [--timeout MS]\n");
		return 2;
	}
	if (!ctl_control(ctl, 4, "calibrate")) {
		return 1;
	}
	picowl_control_v1_calibrate(ctl->control, (uint32_t)timeout);
	fprintf(stderr,
		"picowl-ctl: tap each target on the screen as it appears (a key "
		"cancels)\n");
	if (!ctl_wait(ctl, &ctl->answer.calibration_done)) {
		return 1;
	}
	const struct ctl_answer *a = &ctl->answer;
	printf("%s\n", a->calibration_message ? a->calibration_message : "");
	return a->calibration_result == PICOWL_CONTROL_V1_CALIBRATION_RESULT_SAVED ||
			a->calibration_result == PICOWL_CONTROL_V1_CALIBRATION_RESULT_APPLIED
		? 0
		: 1;
}
