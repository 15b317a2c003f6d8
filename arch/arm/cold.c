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
	memset(__cold_bss_start, 0, (size_t)(__cold_bss_end - __cold_bss_start));
	cache_dcache_clean_inv_all();
	cache_icache_inv_all();
	return 0;
}
