// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/efi/pe: an accepted image is loaded into a
 * window of exactly SizeOfImage bytes (ASan catches a byte past it) and
 * relocated twice; the entry point and every relocation lie inside it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/efi/pe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pe_reloc_info info;
	struct pe_image pe;
	const char *why = NULL;
	uint8_t *m;

	if (pe_parse(data, size, &pe, &why)) {
		if (!why)
			abort();
		return 0;
	}
	if ((pe.entry & ~1u) >= pe.size_of_image || pe.size_of_headers > size)
		abort();
	if (pe.size_of_image > (16u << 20))     /* a window this target will not allocate */
		return 0;
	m = malloc(pe.size_of_image);
	if (!m)
		abort();
	if (pe_load(&pe, data, size, m, pe.size_of_image, &why) == 0) {
		/* At ImageBase (checks only), then moved by an odd delta. */
		uint32_t at[2] = { pe.image_base, 0x80000000u };

		for (int i = 0; i < 2; i++) {
			if (pe_relocate(&pe, m, at[i], &info, &why))
				continue;
			if (info.hi && (info.lo >= info.hi || info.hi > pe.size_of_image))
				abort();
		}
	}
	free(m);
	return 0;
}
