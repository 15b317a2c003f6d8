// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unpacking the cold part (linker.ld): raw LZMA1 and the Thumb BCJ filter
 * (arch/arm/omap3/mlo_layout.h) from behind the hot image in SRAM, or from
 * its staging area in SDRAM, to COLD_BASE, then the cache maintenance that
 * turns freshly written data into instructions (ARM ARM B2.2.9: clean the
 * D-cache to the point of unification, invalidate the I-cache and branch
 * predictor).
 */
#include "arch/arm/cold.h"

#include <stddef.h>

#include "arch/arm/mmu.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/lzma.h"
#include "lib/string.h"
#include "arch/arm/omap3/mlo_layout.h"

/* Defined in start.S, whose exception entry reads it: arm_exception() is
 * cold code. */
extern uint32_t cold_loaded;

extern char __cold_start[], __cold_end[], __cold_bss_start[], __cold_bss_end[];

/* The decoder's probabilities: this object's bss, which linker.ld places
 * in the cold part's bss in SDRAM (used once, before it is zeroed). */
static uint16_t lzma_work[LZMA_PROBS(MLO_LZMA_LC, MLO_LZMA_LP)];

int cold_load(const uint8_t *packed)
{
	size_t want = (size_t)(__cold_end - __cold_start), got = 0;
	uint32_t zlen = get_le32(packed);
	int err;

	/* packcold.py keeps it within the staging area: more is damage */
	if (zlen > COLD_STAGE_MAX - 8)
		return -EBADMSG;
	err = lzma_decode(__cold_start, want, packed + 4, zlen, MLO_LZMA_LC, MLO_LZMA_LP,
			  MLO_LZMA_PB, lzma_work, sizeof(lzma_work), &got);
	if (!err && got != want)
		err = -EBADMSG;
	if (err)
		return err;
	bcj_thumb_decode((uint8_t *)__cold_start, want, 0);
	memset(__cold_bss_start, 0, (size_t)(__cold_bss_end - __cold_bss_start));
	cache_dcache_clean_inv_all();
	cache_icache_inv_all();
	cold_loaded = 1;
	return 0;
}
