/* Present modes and copy engines (modes.c): each name both ways, and the names refused. */
#include <string.h>

#include "modes.h"

#include "check.h"

static void
test_present(void)
{
	static const struct {
		const char *name;
		enum pw_present_mode mode;
	} table[] = {
		{"auto", PW_PRESENT_AUTO},
		{"shadow", PW_PRESENT_SHADOW},
		{"direct", PW_PRESENT_DIRECT},
		{"flip", PW_PRESENT_FLIP},
	};
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		enum pw_present_mode m = (enum pw_present_mode) - 1;
		CHECK(pw_present_mode_parse(table[i].name, &m) && m == table[i].mode);
		CHECK(strcmp(pw_present_mode_name(table[i].mode), table[i].name) == 0);
	}
	static const char *const bad[] = {"", "Auto", "SHADOW", "shadow ", " flip", "fli", "flips",
		"cpu", "none", "double"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		enum pw_present_mode m = PW_PRESENT_DIRECT;
		CHECK(!pw_present_mode_parse(bad[i], &m));
		CHECK(m == PW_PRESENT_DIRECT);
	}
}

static void
test_copy(void)
{
	static const struct {
		const char *name;
		enum pw_copy_engine engine;
	} table[] = {
		{"cpu", PW_COPY_CPU},
		{"kernel", PW_COPY_KERNEL},
		{"dma", PW_COPY_DMA},
		{"auto", PW_COPY_AUTO},
	};
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		enum pw_copy_engine e = (enum pw_copy_engine) - 1;
		CHECK(pw_copy_engine_parse(table[i].name, &e) && e == table[i].engine);
		CHECK(strcmp(pw_copy_engine_name(table[i].engine), table[i].name) == 0);
	}
	static const char *const bad[] = {"", "CPU", "Dma", "dma ", "kern", "kernels", "Auto",
		"shadow", "memcpy"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		enum pw_copy_engine e = PW_COPY_KERNEL;
		CHECK(!pw_copy_engine_parse(bad[i], &e));
		CHECK(e == PW_COPY_KERNEL);
	}
}

static void
test_kms(void)
{
	static const struct {
		const char *name;
		enum pw_kms_mode mode;
	} table[] = {
		{"auto", PW_KMS_AUTO},
		{"atomic", PW_KMS_ATOMIC},
		{"legacy", PW_KMS_LEGACY},
	};
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		enum pw_kms_mode m = (enum pw_kms_mode) - 1;
		CHECK(pw_kms_mode_parse(table[i].name, &m) && m == table[i].mode);
		CHECK(strcmp(pw_kms_mode_name(table[i].mode), table[i].name) == 0);
	}
	static const char *const bad[] = {"", "Legacy", "atomic ", "nonatomic", "cpu", "flip"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		enum pw_kms_mode m = PW_KMS_LEGACY;
		CHECK(!pw_kms_mode_parse(bad[i], &m));
		CHECK(m == PW_KMS_LEGACY);
	}
}

int
main(void)
{
	test_present();
	test_copy();
	test_kms();
	return check_summary();
}
