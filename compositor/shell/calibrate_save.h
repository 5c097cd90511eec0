/* Writing the new matrix into the config file for the calibration routine (calibrate.h). */
#ifndef PW_CALIBRATE_SAVE_H
#define PW_CALIBRATE_SAVE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Sets [input] calibration = `value` in the file `path` (the rest of it kept: config_edit.h),
 * replacing it whole (a new file renamed over it, its mode kept) so a crash leaves the old or
 * the new. False with the reason in `err` when there is no file or it cannot be written.
 */
bool pw_calibrate_save(const char *path, const char *value, char *err, size_t errlen);

#endif
