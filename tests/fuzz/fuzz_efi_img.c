// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/efi/efiimg: efi.img's header check reads only
 * the file it is given (ASan), names every refusal, and what it accepts
 * keeps its promises: the length, the span and an entry inside the file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/efi/efiimg.h"

#define LOAD 0xC0100000u
#define MAX  0x40000u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct efi_img_header h;
	const char *why = NULL;
	uint8_t *copy = malloc(size ? size : 1);
	int err;

	if (!copy)
		abort();
	memcpy(copy, data, size);
	err = efi_img_check(copy, (uint32_t)size, LOAD, MAX, 0x12345678u, &why);
	if (err) {
		if (!why)
			abort();
	} else {
		memcpy(&h, copy, sizeof(h));
		if (h.length != size || h.entry < LOAD + sizeof(h) || h.entry >= LOAD + size ||
		    h.end - LOAD > MAX || h.sdram_id != 0x12345678u)
			abort();
	}
	free(copy);
	return 0;
}
