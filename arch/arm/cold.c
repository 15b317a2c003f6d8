// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unpacking the cold part (linker.ld): raw deflate from behind the hot
 * image in SRAM, or from its staging area in SDRAM, to COLD_BASE, then the cache maintenance that
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

/* Defined in start.S, whose exception entry reads it: arm_exception() is
 * cold code. */
extern uint32_t cold_loaded;

extern char __cold_start[], __cold_end[], __cold_bss_start[], __cold_bss_end[];

int cold_load(const uint8_t *packed)
{
	size_t want = (size_t)(__cold_end - __cold_start), got = 0;
	uint32_t zlen = get_le32(packed);
	int err;

	/* packcold.py keeps it within the staging area: more is damage */
	if (zlen > COLD_STAGE_MAX - 8)
		return -EBADMSG;
	err = inflate_raw(__cold_start, want, packed + 4, zlen, &got);
	if (!err && got != want)
		err = -EBADMSG;
	if (err)
		return err;
	memset(__cold_bss_start, 0, (size_t)(__cold_bss_end - __cold_bss_start));
	cache_dcache_clean_inv_all();
	cache_icache_inv_all();
	cold_loaded = 1;
	return 0;
}
