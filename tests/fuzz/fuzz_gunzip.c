// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: lib/compress/gunzip (header, deflate, trailer) on arbitrary input
 * must stay inside its buffers. */
#include <stddef.h>
#include <stdint.h>

#include "lib/compress/inflate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t out[1 << 16];
	const char *why;
	size_t n;

	gunzip(out, sizeof(out), data, size, &n, &why);
	return 0;
}
