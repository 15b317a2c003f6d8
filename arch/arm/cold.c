// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unpacking the SDRAM image (arch/arm/gtaboot.ld) in two streams (the format:
 * arch/arm/omap3/mlo_layout.h). cold_load() unpacks the first, what the
 * boot path runs, and maps the second's pages as faults. An access that
 * faults on one of them (cold_fault(), from late.S's abort path) unpacks
 * the second stream as far as that page. Both are decoded into the
 * dictionary at COLD_DICT, where the second's matches find the first's
 * bytes as packed, then copied into place and filtered there.
 * A boot that needs only the first stream hands over without spending the
 * time on the rest; the console unpacks what its commands touch, so the
 * order gtaboot.ld gives the sections decides speed, never correctness.
 * This file is the late part's (SRAM): it runs before the rest exists.
 *
 * After each stream: the cache maintenance that turns freshly written
 * data into instructions (ARM ARM B2.2.9: clean the D-cache to the point
 * of unification, invalidate the I-cache and branch predictor).
 */
#include "arch/arm/cold.h"

#include <stddef.h>

#include "arch/arm/cpu.h"
#include "arch/arm/mmu.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/compress/lzma.h"
#include "lib/string.h"
#include "arch/arm/omap3/mlo_layout.h"

/* Defined in start.S, whose exception entry goes on there once set. */
extern uint32_t exc_next;
/* late.S: the exception path of this image. */
extern char exc_late[];

extern char __cold_start[], __cold_tail[], __cold_end[], __cold_bss_start[], __cold_bss_end[];

#define PAGE          0x1000u
/* Short-descriptor format (ARM ARM B3.5.1): a first-level entry pointing
 * at a second-level table (domain 0), and a small page of Normal memory,
 * inner and outer write-back write-allocate (TEX 001, C, B), read/write at
 * any privilege, executable; 0 is a translation fault. */
#define L1_TABLE      0x1u
#define PTE_NORMAL_WB (0x2u | BIT(2) | BIT(3) | (3u << 4) | (1u << 6))
/* DFSR/IFSR status FS[4:0] (FS[4] is bit 10): translation fault, page. */
#define FS_XLATE_PAGE 0x7u

_Static_assert(LZMA_WORK_BYTES(MLO_LZMA_LC, MLO_LZMA_LP) <= COLD_WORK_MAX,
	       "the LZMA probabilities outgrow COLD_WORK");
_Static_assert(COLD_WINDOW_END - COLD_BASE <= COLD_WINDOW, "COLD_PTE outside the window");

/* The second stream until it is unpacked: in the SDRAM image's bss, set
 * by cold_load() once it has cleared that. rest_dec unpacks it into
 * COLD_DICT behind the first in steps, and the pages below __cold_tail +
 * rest_final hold their final code. */
static int rest_pending;
static struct lzma_dec rest_dec;
static uint32_t rest_final;

#define DICT ((uint8_t *)COLD_DICT)

/* The second stream's pages, from __cold_tail (page-aligned, gtaboot.ld)
 * up to the page the first byte of the bss starts (also page-aligned). */
static uint32_t tail_pages_end(void)
{
	return ((uint32_t)(uintptr_t)__cold_end + PAGE - 1) & ~(PAGE - 1);
}

/* Point the window's first-level entry at COLD_PTE, with the second
 * stream's pages present below present_end, faulting from there. The table
 * walk reads memory uncached (mmu.c): the D-cache is cleaned before the
 * TLB forgets the old entry. */
static void map_window(uint32_t present_end)
{
	uint32_t *l1 = (uint32_t *)(uintptr_t)mmu_table_base() + (COLD_BASE >> 20);
	uint32_t *pte = (uint32_t *)COLD_PTE;
	uint32_t pa = *l1 & 0xFFF00000u;   /* mmu_enable()'s section */
	uint32_t hi = tail_pages_end();

	/* or already our table, which lies in the window it maps */
	if ((*l1 & 3u) == L1_TABLE)
		pa = (*l1 & ~0x3FFu) - (COLD_PTE - COLD_BASE);
	for (uint32_t i = 0; i < COLD_WINDOW / PAGE; i++) {
		uint32_t va = COLD_BASE + i * PAGE;

		pte[i] = va >= present_end && va < hi ? 0 : (pa + i * PAGE) | PTE_NORMAL_WB;
	}
	*l1 = (pa + (COLD_PTE - COLD_BASE)) | L1_TABLE;
	cache_dcache_clean_inv_all();
	__asm__ volatile("dsb\n\t"
			 "mcr p15, 0, %0, c8, c7, 0\n\t"   /* TLBIALL */
			 "mcr p15, 0, %0, c7, c5, 6\n\t"   /* BPIALL */
			 "dsb\n\tisb" : : "r"(0) : "memory");
}

int cold_load(const uint8_t *packed)
{
	size_t head = (size_t)(__cold_tail - __cold_start), got = 0;
	uint32_t zlen = get_le32(packed), alen;
	int err;

	/* packcold.py keeps it within the staging area: more is damage */
	if (zlen > COLD_STAGE_MAX - 8 || zlen < 4)
		return -EBADMSG;
	alen = get_le32(packed + 4);
	if (alen > zlen - 4)
		return -EBADMSG;
	err = lzma_decode(DICT, head, packed + 8, alen, MLO_LZMA_LC, MLO_LZMA_LP, MLO_LZMA_PB,
			  (void *)COLD_WORK, COLD_WORK_MAX, &got);
	if (!err && got != head)
		err = -EBADMSG;
	if (err)
		return err;
	memcpy(__cold_start, DICT, head);
	bcj_thumb_decode((uint8_t *)__cold_start, head, 0);
	memset(__cold_bss_start, 0, (size_t)(__cold_bss_end - __cold_bss_start));
	if ((uintptr_t)__cold_end > (uintptr_t)__cold_tail) {
		/* behind the first, as its preset dictionary (mlo_layout.h);
		 * a failure here is rest_dec's, which its first run returns */
		lzma_dec_init(&rest_dec, DICT, (size_t)(__cold_end - __cold_start),
			      packed + 8 + alen, zlen - 4 - alen, MLO_LZMA_LC, MLO_LZMA_LP,
			      MLO_LZMA_PB, (void *)COLD_WORK, COLD_WORK_MAX);
		rest_dec.pos = head;
		rest_pending = 1;
		map_window((uint32_t)(uintptr_t)__cold_tail);
	}
	cache_dcache_clean_inv_all();
	cache_icache_inv_all();
	return 0;
}

cold_main_fn *cold_enter(const uint8_t *packed)
{
	if (cold_load(packed))
		return NULL;
	exc_next = (uint32_t)(uintptr_t)exc_late;
	return main_late;
}

/*
 * The second stream's first `need` bytes (or all of it) in place, as code:
 * unpacked into the dictionary (the output of the BCJ filter cannot serve
 * as LZMA's dictionary, whose matches refer to the bytes before it, the
 * first stream's among them), then copied behind __cold_tail and filtered
 * there. A pair the filter has not
 * seen whole waits for the next step, and with it the page it starts in.
 * Once only after a failure: a second try would read the same.
 */
static __attribute__((noinline)) int unpack_rest_to(uint32_t need)
{
	uint32_t head = (uint32_t)(__cold_tail - __cold_start);
	uint32_t len = (uint32_t)(__cold_end - __cold_tail), got, fin;
	int err;

	err = lzma_dec_run(&rest_dec, head + (need + 4 < len ? need + 4 : len));
	got = (uint32_t)rest_dec.pos - head;
	/* All of it: then the end marker must follow (nothing more, nothing
	 * less), as for the first stream. */
	if (!err && got == len && !rest_dec.done)
		err = lzma_dec_run(&rest_dec, SIZE_MAX);
	if (!err && got < len && rest_dec.done)
		err = -EBADMSG;
	if (err) {
		rest_pending = 0;
		return err;
	}
	map_window(tail_pages_end());   /* writable while we fill them */
	memcpy(__cold_tail + rest_final, DICT + head + rest_final, got - rest_final);
	fin = rest_final + (uint32_t)bcj_thumb_decode((uint8_t *)__cold_tail + rest_final,
						      got - rest_final, head + rest_final);
	rest_final = got == len ? len : fin;
	if (rest_final == len)
		rest_pending = 0;
	/* cleans the D-cache, the copy with it, before the TLB changes */
	map_window(rest_final == len ? tail_pages_end() :
		   ((uint32_t)(uintptr_t)__cold_tail + rest_final) & ~(PAGE - 1));
	cache_icache_inv_all();
	return 0;
}

int cold_load_rest(void)
{
	return rest_pending ? unpack_rest_to((uint32_t)(__cold_end - __cold_tail)) : 0;
}

int cold_fault(unsigned type)
{
	uint32_t fsr, far;

	if (type == EXC_PABT) {
		__asm__ volatile("mrc p15, 0, %0, c5, c0, 1" : "=r"(fsr));   /* IFSR */
		__asm__ volatile("mrc p15, 0, %0, c6, c0, 2" : "=r"(far));   /* IFAR */
	} else if (type == EXC_DABT) {
		__asm__ volatile("mrc p15, 0, %0, c5, c0, 0" : "=r"(fsr));   /* DFSR */
		__asm__ volatile("mrc p15, 0, %0, c6, c0, 0" : "=r"(far));   /* DFAR */
	} else {
		fsr = far = 0;
	}
	if (rest_pending && ((fsr & 0xFu) | ((fsr >> 6) & 0x10u)) == FS_XLATE_PAGE &&
	    far - (uint32_t)(uintptr_t)__cold_tail < tail_pages_end() - (uint32_t)(uintptr_t)__cold_tail) {
		uint32_t page_end = ((far | (PAGE - 1)) + 1) - (uint32_t)(uintptr_t)__cold_tail;

		return unpack_rest_to(page_end) == 0;
	}
	/* Any other exception: arm_exception() reports it, and may itself lie
	 * in the second stream. */
	cold_load_rest();
	return 0;
}
