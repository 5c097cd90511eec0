/* The calibration written into the config file (calibrate_save.h). */
#include "calibrate_save.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config_edit.h"

/* A config file is small; a larger one is not edited. */
#define MAX_FILE (1 << 20)

static char *
read_all(FILE *f, char *err, size_t errlen)
{
	char *text = malloc(MAX_FILE + 1);
	if (!text) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	size_t n = fread(text, 1, MAX_FILE + 1, f);
	if (ferror(f) || n > MAX_FILE || memchr(text, '\0', n)) {
		snprintf(err, errlen, "cannot read it whole");
		free(text);
		return NULL;
	}
	text[n] = '\0';
	return text;
}

static bool
write_over(const char *path, const char *text, mode_t mode, char *err, size_t errlen)
{
	char tmp[PATH_MAX];
	if (snprintf(tmp, sizeof(tmp), "%s.calibrate-XXXXXX", path) >= (int)sizeof(tmp)) {
		snprintf(err, errlen, "its name is too long");
		return false;
	}
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "cannot write beside it (%s)", strerror(errno));
		return false;
	}
	size_t len = strlen(text), done = 0;
	while (done < len) {
		ssize_t k = write(fd, text + done, len - done);
		if (k < 0 && errno == EINTR) {
			continue;
		}
		if (k <= 0) {
			break;
		}
		done += (size_t)k;
	}
	bool ok = done == len && fchmod(fd, mode & 07777) == 0 && fsync(fd) == 0;
	int saved = errno;
	ok = close(fd) == 0 && ok;
	if (ok && rename(tmp, path) != 0) {
		saved = errno;
		ok = false;
	}
	if (!ok) {
		unlink(tmp);
		snprintf(err, errlen, "cannot write it (%s)", strerror(saved));
	}
	return ok;
}

bool
pw_calibrate_save(const char *path, const char *value, char *err, size_t errlen)
{
	if (!path) {
		snprintf(err, errlen, "picowl runs without a config file");
		return false;
	}
	/* The file itself, not a link to it, is replaced. */
	char real[PATH_MAX];
	if (!realpath(path, real)) {
		snprintf(err, errlen, "%s is gone (%s)", path, strerror(errno));
		return false;
	}
	char why[160];
	struct stat st;
	FILE *f = fopen(real, "r");
	if (!f || fstat(fileno(f), &st) != 0 || access(real, W_OK) != 0) {
		snprintf(err, errlen, "%s is not writable (%s)", path, strerror(errno));
		if (f) {
			fclose(f);
		}
		return false;
	}
	char *text = read_all(f, why, sizeof(why));
	fclose(f);
	if (!text) {
		snprintf(err, errlen, "%s: %s", path, why);
		return false;
	}
	char *edited = pw_config_edit_set(text, "input", "calibration", value);
	free(text);
	if (!edited) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	bool ok = write_over(real, edited, st.st_mode, why, sizeof(why));
	free(edited);
	if (!ok) {
		snprintf(err, errlen, "%s: %s", path, why);
	}
	return ok;
}
