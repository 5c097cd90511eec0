/* Night light's tint of a frame; see output_tint.h. */
#include "output_tint.h"

#include "backend.h"
#include "gamma.h"
#include "output.h"

void
pw_output_tint(struct pw_output *output, pixman_image_t *image, enum pw_path path,
	const pixman_region32_t *exact, const pixman_region32_t *rows)
{
	if (!output->gamma || path == PW_PATH_NONE) {
		return;
	}
	bool exact_only = path == PW_PATH_COMPOSITE && output->rotation == 0 &&
		output->damage_mode != PW_DAMAGE_FULL;
	struct pw_pixmap pixmap = {pixman_image_get_data(image), pixman_image_get_width(image),
		pixman_image_get_height(image), pixman_image_get_stride(image),
		output->backend->format};
	pw_gamma_apply(output->gamma, pixmap, exact_only ? exact : rows);
}
