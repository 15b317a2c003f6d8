// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: lib/transfer/srec on arbitrary lines: a decoded record's data fits
 * its buffer and came from the line's digits. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "lib/transfer/srec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct srec r;
	const char *why;

	if (!srec_decode((const char *)data, size, &r, &why) &&
	    (r.len > SREC_DATA_MAX || 2u * r.len + 8 > size))
		abort();
	return 0;
}
