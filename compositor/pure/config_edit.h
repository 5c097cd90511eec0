/*
 * One key of an ini file set in its text, the rest kept byte for byte (comments, order, blank
 * lines): how the calibration routine writes [input] calibration into the user's config.
 */
#ifndef PW_CONFIG_EDIT_H
#define PW_CONFIG_EDIT_H

/*
 * A malloc'd copy of `text` with "key = value" in [section]: the key's last line in the last
 * such section replaced (the reader keeps the last), else a line added after the section's last
 * key, else the section added at the end. NULL on no memory.
 */
char *pw_config_edit_set(const char *text, const char *section, const char *key, const char *value);

#endif
