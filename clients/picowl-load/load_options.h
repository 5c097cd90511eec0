/* picowl-load's command line (load_options.c). */
#ifndef PW_LOAD_OPTIONS_H
#define PW_LOAD_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

enum damage_kind {
	DAMAGE_FULL,
	DAMAGE_ROWS,
	DAMAGE_RECT,
	DAMAGE_NONE,
};

struct options {
	enum damage_kind damage;
	int damage_w, damage_h; /* rows: damage_h rows; rect: damage_w x damage_h */
	uint32_t shm_format;
	int bpp;
	double rate; /* 0: paced by frame callbacks alone */
	long frames; /* 0: no limit */
	long warmup;
	double seconds; /* 0: no limit */
	bool fullscreen;
	bool hold; /* after the last frame: report, stay connected until SIGTERM */
	int width, height;
	bool oversize; /* --size whatever the compositor asks: a client scaled to fit (4.50) */
	double alpha; /* 0: none; else wp_alpha_modifier_v1's factor (4.93) */
};

/* Reads the command line into `opt`; false after a message on stderr (--help exits 0). */
bool parse_options(int argc, char **argv, struct options *opt);

#endif
