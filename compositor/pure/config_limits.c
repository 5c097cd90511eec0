/* The [limits] keys whose values are sizes or "auto" (decisions 4.37, 4.39, 4.80). */
#include "config_limits.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Bytes, with an optional K, M or G (binary); 0 (no limit) or least..most. */
static bool
parse_bytes(const char *value, unsigned long long least, unsigned long long most, size_t *out)
{
	char *end;
	unsigned long long v = strtoull(value, &end, 10);
	if (end == value || value[0] == '-' || v > most) {
		return false;
	}
	unsigned shift = *end == 'K' || *end == 'k' ? 10
		: *end == 'M' || *end == 'm'        ? 20
		: *end == 'G' || *end == 'g'        ? 30
						    : 0;
	if ((shift && end[1] != '\0') || (!shift && *end != '\0')) {
		return false;
	}
	v <<= shift;
	if (v != 0 && (v < least || v > most)) {
		return false;
	}
	*out = (size_t)v;
	return true;
}

bool
pw_config_limits_memory(struct pw_config_private *priv, const char *value)
{
	return parse_bytes(value, 64u << 10, 1ull << 30, &priv->config.limits.client_memory);
}

size_t
pw_config_limits_mapped_auto(void)
{
	return sizeof(void *) == 4 ? (size_t)64 << 20 : (size_t)((uint64_t)16 << 30);
}

bool
pw_config_limits_mapped(struct pw_config_private *priv, const char *value)
{
	if (strcmp(value, "auto") == 0) {
		priv->config.limits.client_mapped = pw_config_limits_mapped_auto();
		return true;
	}
	unsigned long long most = sizeof(void *) == 4 ? 3ull << 30 : 1ull << 40;
	return parse_bytes(value, 1u << 20, most, &priv->config.limits.client_mapped);
}

bool
pw_config_limits_fds(struct pw_config_private *priv, const char *value)
{
	if (strcmp(value, "auto") == 0) {
		priv->config.limits.client_fds = 0;
		return true;
	}
	return pw_config_keys_parse_int(value, 8, 65536, &priv->config.limits.client_fds);
}
