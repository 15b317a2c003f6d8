// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/boot/fdt_fixup: open an arbitrary blob and, when it
 * is accepted, run every fix-up and pack; the result must still pass
 * fdt_check_full. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <libfdt.h>
#include "lib/boot/fdt_fixup.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t work[64 * 1024];
	struct mem_bank bank = { 0x80000000, 0x20000000 };
	const char *why = NULL;
	uint32_t packed;

	/* Half the runs with a tight workspace, to reach the NOSPACE paths. */
	if (fdtfix_open(work, (size & 1) ? size + 64 : sizeof(work), data, size, &why)) {
		if (!why)
			abort();
		return 0;
	}
	fdtfix_memory(work, &bank, 1, &why);
	fdtfix_chosen(work, "console=ttyO2,115200n8", "serial2:115200n8", 0x83000000,
		      0x83100000, &why);
	fdtfix_chosen(work, NULL, NULL, 0, 0, &why);
	fdtfix_twl4030_bci(work, 3200000, 150, &why);
	{
		struct fdt_simplefb fb = { 0xbfe00000, 614400, 480, 640, 960, "r5g6b5" };

		fdtfix_simplefb(work, &fb, &why);
	}
	if (fdtfix_pack(work, &packed, &why) == 0 && fdt_check_full(work, packed) != 0)
		abort();
	return 0;
}
