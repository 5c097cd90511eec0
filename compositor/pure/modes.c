#include "modes.h"

#include <stddef.h>
#include <string.h>

static const char *const present_names[] = {
	[PW_PRESENT_AUTO] = "auto",
	[PW_PRESENT_SHADOW] = "shadow",
	[PW_PRESENT_DIRECT] = "direct",
	[PW_PRESENT_FLIP] = "flip",
};

static const char *const copy_names[] = {
	[PW_COPY_CPU] = "cpu",
	[PW_COPY_KERNEL] = "kernel",
	[PW_COPY_DMA] = "dma",
	[PW_COPY_AUTO] = "auto",
};

static const char *const kms_names[] = {
	[PW_KMS_AUTO] = "auto",
	[PW_KMS_ATOMIC] = "atomic",
	[PW_KMS_LEGACY] = "legacy",
};

static bool
parse(const char *const *names, size_t count, const char *name, int *out)
{
	for (size_t i = 0; i < count; i++) {
		if (strcmp(names[i], name) == 0) {
			*out = (int)i;
			return true;
		}
	}
	return false;
}

bool
pw_present_mode_parse(const char *name, enum pw_present_mode *out)
{
	int v;
	if (!parse(present_names, sizeof(present_names) / sizeof(*present_names), name, &v)) {
		return false;
	}
	*out = (enum pw_present_mode)v;
	return true;
}

const char *
pw_present_mode_name(enum pw_present_mode mode)
{
	return present_names[mode];
}

bool
pw_copy_engine_parse(const char *name, enum pw_copy_engine *out)
{
	int v;
	if (!parse(copy_names, sizeof(copy_names) / sizeof(*copy_names), name, &v)) {
		return false;
	}
	*out = (enum pw_copy_engine)v;
	return true;
}

const char *
pw_copy_engine_name(enum pw_copy_engine engine)
{
	return copy_names[engine];
}

bool
pw_kms_mode_parse(const char *name, enum pw_kms_mode *out)
{
	int v;
	if (!parse(kms_names, sizeof(kms_names) / sizeof(*kms_names), name, &v)) {
		return false;
	}
	*out = (enum pw_kms_mode)v;
	return true;
}

const char *
pw_kms_mode_name(enum pw_kms_mode mode)
{
	return kms_names[mode];
}
