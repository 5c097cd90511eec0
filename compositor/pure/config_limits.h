/* The [limits] keys whose values are sizes or "auto". Private to the config module, as
 * config_keys.h. Pure: no Wayland. Each parser returns false on a bad value. */
#ifndef PW_CONFIG_LIMITS_H
#define PW_CONFIG_LIMITS_H

#include <stdbool.h>
#include <stddef.h>

#include "config_keys.h"

/* client_memory: bytes with K, M or G; 0 (no limit) or 64K..1024M. */
bool pw_config_limits_memory(struct pw_config_private *priv, const char *value);

/*
 * client_mapped: auto, or bytes; 0 or 1M..3G on a 32-bit picowl, 1M..1024G on a 64-bit one.
 * auto is pw_config_limits_mapped_auto.
 */
bool pw_config_limits_mapped(struct pw_config_private *priv, const char *value);

/* 64 MiB of a 32-bit picowl's 3 GiB of address space, 16 GiB of a 64-bit one's 128 TiB,
 * where foot maps a 512 MiB pool for each window (decision 4.80). */
size_t pw_config_limits_mapped_auto(void);

/* client_fds: auto (0: pw_fds_default_share of the limit) or 8..65536 descriptors. */
bool pw_config_limits_fds(struct pw_config_private *priv, const char *value);

#endif
