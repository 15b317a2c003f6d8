// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unpacking the cold part (linker.ld): raw deflate from behind the hot
 * image in SRAM to COLD_BASE in SDRAM, then the cache maintenance that
 * turns freshly written data into instructions (ARM ARM B2.2.9: clean the
 * D-cache to the point of unification, invalidate the I-cache and branch
 * predictor).
 */
#include "arch/arm/cold.h"

#include <stddef.h>

#include "arch/arm/mmu.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/inflate.h"
#include "lib/string.h"

extern char __image_end[], __cold_start[], __cold_end[], __cold_bss_start[], __cold_bss_end[];

int cold_load(void)
{
	const uint8_t *packed = (const uint8_t *)__image_end;
	size_t want = (size_t)(__cold_end - __cold_start), got = 0;
	uint32_t zlen = get_le32(packed);
	int err;

	/* The ROM copied at most 0xE000 bytes: a length past that is damage. */
	if (zlen > 0xE000 - (uint32_t)(uintptr_t)(__image_end - 0x40200000))
		return -EBADMSG;
	err = inflate_raw(__cold_start, want, packed + 4, zlen, &got);
	if (!err && got != want)
		err = -EBADMSG;
	if (err)
		return err;
	/* Undo tools/packcold.py's branch filter: the offsets of Thumb-2
	 * BL/BLX pairs were stored as targets (counted from __cold_start), so
	 * that calls to one function look alike to deflate. The marker bits
	 * tested are never changed, so this walk stops where packcold's did. */
	for (size_t i = 0; i + 4 <= want; i += 2) {
		uint8_t *b = (uint8_t *)__cold_start + i;
		uint32_t v;

		if ((b[1] & 0xf8) != 0xf0 || (b[3] & 0xf8) != 0xf8)
			continue;
		v = ((b[1] & 7u) << 19 | (uint32_t)b[0] << 11 | (b[3] & 7u) << 8 | b[2]) -
		    (uint32_t)((i + 4) >> 1);
		b[0] = (uint8_t)(v >> 11);
		b[1] = (uint8_t)(0xf0 | ((v >> 19) & 7));
		b[2] = (uint8_t)v;
		b[3] = (uint8_t)(0xf8 | ((v >> 8) & 7));
		i += 2;
	}
	memset(__cold_bss_start, 0, (size_t)(__cold_bss_end - __cold_bss_start));
	cache_dcache_clean_inv_all();
	cache_icache_inv_all();
	return 0;
}
