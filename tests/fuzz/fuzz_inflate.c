// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: lib/compress/inflate on arbitrary input must stay inside its buffers. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "lib/compress/inflate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t out[1 << 16];
	size_t n;

	inflate_raw(out, sizeof(out), data, size, &n);
	return 0;
}
