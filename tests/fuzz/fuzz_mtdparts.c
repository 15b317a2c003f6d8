// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: lib/mtdparts on arbitrary strings: every partition it
 * accepts lies inside the chip, in order, with a terminated name. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/mtdparts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char s[4096];
	struct mtd_parts t;
	const char *why;
	char id[MTDPARTS_ID_MAX];
	uint64_t chip = 256ull << 20, end = 0;

	if (size >= sizeof(s))
		return 0;
	memcpy(s, data, size);
	s[size] = 0;
	mtdids_lookup(s, "nand0", id);
	if (mtdparts_parse(s, "nand", chip, &t, &why))
		return 0;
	for (unsigned i = 0; i < t.n; i++) {
		if (t.p[i].offset < end || !t.p[i].size || t.p[i].size > chip - t.p[i].offset ||
		    strnlen(t.p[i].name, MTDPARTS_NAME_MAX) == MTDPARTS_NAME_MAX)
			abort();
		end = t.p[i].offset + t.p[i].size;
	}
	return 0;
}
