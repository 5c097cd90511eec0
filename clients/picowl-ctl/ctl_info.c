/* picowl-ctl outputs and inputs: what picowl drives, over picowl_control_v1 version 6 (4.62). */
#include "ctl_info.h"

#include <string.h>

#include "picowl-control-unstable-v1-client-protocol.h"

/* [--json] into ctl->answer.json; false (after the usage) for anything else. */
static bool
json_option(struct ctl *ctl, int argc, char **argv, const char *name)
{
	ctl->answer.json = argc == 2 && strcmp(argv[1], "--json") == 0;
	if (argc == 1 || ctl->answer.json) {
		return true;
	}
	fprintf(stderr, "Usage: picowl-ctl %s [--json]\n", name);
	return false;
}

int
ctl_outputs(struct ctl *ctl, int argc, char **argv)
{
	if (!json_option(ctl, argc, argv, "outputs")) {
		return 2;
	}
	if (!ctl_control(ctl, 6, "outputs")) {
		return 1;
	}
	picowl_control_v1_get_outputs(ctl->control);
	return ctl_wait(ctl, &ctl->answer.outputs_done) ? 0 : 1;
}

int
ctl_inputs(struct ctl *ctl, int argc, char **argv)
{
	if (!json_option(ctl, argc, argv, "inputs")) {
		return 2;
	}
	if (!ctl_control(ctl, 6, "inputs")) {
		return 1;
	}
	picowl_control_v1_get_inputs(ctl->control);
	return ctl_wait(ctl, &ctl->answer.inputs_done) ? 0 : 1;
}
