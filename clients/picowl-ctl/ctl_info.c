/* picowl-ctl outputs and inputs: what picowl drives, over picowl_control_v1 version 6 (4.62). */
#include "ctl_info.h"

#include <string.h>

#include "picowl-control-unstable-v1-client-protocol.h"

void
ctl_print_output(struct ctl *ctl, const struct ctl_output *o)
{
	struct ctl_answer *a = &ctl->answer;
	if (!a->json) {
		printf("%s\t%dx%d\t%s\trotation %d\t%d.%03d Hz\tscale %d\t%s\n", o->name, o->width,
			o->height, o->format, o->rotation, o->refresh / 1000, o->refresh % 1000,
			o->scale, o->backend);
		return;
	}
	printf("%s{\"name\": ", a->outputs++ ? ",\n " : "[");
	ctl_json_string(stdout, o->name);
	printf(", \"width\": %d, \"height\": %d, \"rotation\": %d, \"refresh_mhz\": %d, "
	       "\"format\": ",
		o->width, o->height, o->rotation, o->refresh);
	ctl_json_string(stdout, o->format);
	printf(", \"backend\": ");
	ctl_json_string(stdout, o->backend);
	printf(", \"scale\": %d}", o->scale);
}

void
ctl_print_input(struct ctl *ctl, const char *name, const char *sysname, uint32_t caps,
	const char *calibration)
{
	static const char *const names[] = {"keyboard", "pointer", "touch", "buttons"};
	struct ctl_answer *a = &ctl->answer;
	if (!a->json) {
		char what[64] = "";
		for (int i = 0; i < 4; i++) {
			if (caps & (1u << i)) {
				strcat(what, ",");
				strcat(what, names[i]);
			}
		}
		printf("%s\t%s\t%s\t%s\n", sysname[0] ? sysname : "-", what[0] ? what + 1 : "-",
			calibration[0] ? calibration : "-", name);
		return;
	}
	printf("%s{\"name\": ", a->inputs++ ? ",\n " : "[");
	ctl_json_string(stdout, name);
	printf(", \"sysname\": ");
	ctl_json_string(stdout, sysname);
	printf(", \"capabilities\": [");
	for (int i = 0, n = 0; i < 4; i++) {
		if (caps & (1u << i)) {
			printf("%s\"%s\"", n++ ? ", " : "", names[i]);
		}
	}
	printf("], \"calibration\": ");
	double m[6];
	if (!calibration[0]) {
		printf("null");
	} else if (sscanf(calibration, "%lf %lf %lf %lf %lf %lf", &m[0], &m[1], &m[2], &m[3], &m[4],
			   &m[5]) == 6) {
		printf("[%g, %g, %g, %g, %g, %g]", m[0], m[1], m[2], m[3], m[4], m[5]);
	} else {
		ctl_json_string(stdout, calibration);
	}
	printf("}");
}

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
