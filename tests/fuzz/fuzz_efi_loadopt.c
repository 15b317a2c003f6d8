// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/efi/loadopt: an accepted load option's parts
 * lie inside it and add up to it, its nodes walk to the end of the list,
 * and the boot file's path ends within its buffer. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/efi/loadopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct efi_load_option lo;
	struct efi_dp_node n;
	struct efi_dp_hd hd;
	const char *why = NULL;
	char path[48];
	uint32_t pos = 0;

	if (efi_load_option_parse(data, size, &lo, &why)) {
		if (!why)
			abort();
		return 0;
	}
	if (lo.desc != data + 6 || lo.paths != lo.desc + 2 * lo.desc_units ||
	    (size_t)(lo.optional - data) + lo.optional_len != size ||
	    lo.optional != lo.paths + lo.paths_len)
		abort();
	while (!efi_dp_next(lo.paths, lo.paths_len, &pos, &n))
		if (n.data < lo.paths || n.data + n.len - 4 > lo.paths + lo.paths_len)
			abort();
	if (pos != lo.paths_len)
		abort();
	for (size_t cap = 1; cap <= sizeof(path); cap += 23)
		if (!efi_dp_boot_file(lo.paths, lo.paths_len, &hd, path, cap, &why) &&
		    strnlen(path, cap) >= cap)
			abort();
	return 0;
}
