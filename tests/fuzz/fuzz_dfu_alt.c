// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/usb/dfu's dfu_alt_info parser: the input is the
 * variable's value (first byte: the interface, ram, nand or mmc). Every
 * entry it accepts must be named, within its window and within 4 GiB; an
 * mmc entry within 2^32 blocks, its partition a byte, its size unset. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/usb/dfu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char s[4096];
	struct dfu_alt alts[DFU_MAX_ALTS];
	char why[64];
	unsigned n = 99, i;
	int err;

	if (size < 1 || size > sizeof(s))
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = 0;
	static const char *const ifaces[] = { "ram", "nand", "mmc", "mmc" };
	const char *iface = ifaces[data[0] & 3];

	err = dfu_alt_parse(s, iface, alts, DFU_MAX_ALTS, &n, why, sizeof(why));
	if (err) {
		if (n != 0 || !why[0] || !memchr(why, 0, sizeof(why)))
			abort();
		return 0;
	}
	if (n == 0 || n > DFU_MAX_ALTS)
		abort();
	for (i = 0; i < n; i++) {
		if (!alts[i].name[0] || strlen(alts[i].name) >= DFU_NAME_MAX)
			abort();
		if (!strcmp(iface, "mmc")) {
			if (alts[i].size || alts[i].part > 255 || alts[i].dev > 255 ||
			    (uint64_t)alts[i].lba + alts[i].blocks > 0xFFFFFFFFull ||
			    alts[i].kind == DFU_ALT_RAM ||
			    (alts[i].kind == DFU_ALT_PART && !alts[i].part))
				abort();
			continue;
		}
		if (alts[i].kind != DFU_ALT_PART &&
		    (alts[i].size == 0 || (uint64_t)alts[i].start + alts[i].size > 0x100000000ull))
			abort();
	}
	return 0;
}
