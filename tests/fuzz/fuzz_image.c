// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/boot/image: kernel and initrd header checks on
 * arbitrary files, and script images; an accepted image's payload must lie
 * inside the file; what image_identify() names has a size that fits its
 * header's own rules. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/boot/image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct image_info info;
	const char *why = NULL;
	uint32_t total = 0;
	int ret;

	switch (image_identify(data, size, &total)) {
	case IMAGE_UIMAGE:
		if (total <= 64)
			abort();
		break;
	case IMAGE_FDT:
		if (total < 40)
			abort();
		break;
	case IMAGE_ZIMAGE:
		if (!total)
			abort();
		break;
	default:
		break;
	}

	if (size >= 64) {
		uint32_t off, n;

		for (unsigned i = 0; i < 4 && !image_multi_part(data, size, i, &off, &n); i++)
			if ((uint64_t)off + n > size)
				abort();
	}
	ret = image_check_kernel(data, size, true, &info, &why);
	if (ret && !why)
		abort();
	if (!ret && ((uint64_t)info.offset + info.size > size || strlen(info.name) > 32))
		abort();
	ret = image_check_initrd(data, size, size & 1, &info, &why);
	if (!ret && (uint64_t)info.offset + info.size > size)
		abort();
	ret = image_check_script(data, size, &info, &why);
	if (ret && !why)
		abort();
	if (!ret && ((uint64_t)info.offset + info.size > size || info.offset < 68))
		abort();
	/* iminfo's and nboot's reading of a header: the name always ends */
	if (size >= UIMAGE_HEADER_SIZE) {
		struct uimage_header h;

		if (image_uimage_header(data, &h) == 0 &&
		    (strlen(h.name) > 32 || !image_is_uimage(data)))
			abort();
		if (image_uimage_data_ok(data, UIMAGE_HEADER_SIZE) && size < UIMAGE_HEADER_SIZE)
			abort();
	}
	return 0;
}
