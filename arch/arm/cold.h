/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unpacking the SDRAM image (arch/arm/gtaboot.ld): its late part, which
 * runs from SRAM, unpacks the rest into SDRAM. The addresses (COLD_BASE,
 * COLD_STAGE, ...) are in arch/arm/omap3/memmap.h. */
#ifndef ARCH_ARM_COLD_H
#define ARCH_ARM_COLD_H

#include <stddef.h>
#include <stdint.h>

#include "arch/arm/omap3/memmap.h"

/* What the early image found, handed to the SDRAM image's main
 * (common/handoff.h). */
struct handoff;

/* The SDRAM image's main (common/main.c): steps 8-15 of the boot flow. */
typedef void cold_main_fn(const struct handoff *h);
cold_main_fn main_late __attribute__((noreturn));

/* The late part's entry, its first word (late.S), which the early image
 * calls at the end of itself (__early_end): unpack the SDRAM image from
 * packed (cold_load()), take over the exception path, and return its
 * main; NULL when packed is damaged. */
typedef cold_main_fn *cold_enter_fn(const uint8_t *packed);
cold_enter_fn cold_enter;

/* Unpack the first stream from packed (the format:
 * arch/arm/omap3/mlo_layout.h; behind the late part in SRAM, or staged in
 * SDRAM) into SDRAM at COLD_BASE, zero the bss, make it executable (caches
 * synchronised) and map the second stream's pages as faults. SDRAM must
 * work, and the MMU must be on with COLD_BASE mapped (mmu_enable): the
 * SDRAM image only ever runs with it on. packed must stay where it is
 * until cold_load_rest(). Returns 0, or -EBADMSG when the packed data is
 * damaged. */
int cold_load(const uint8_t *packed);

/* Unpack all of the second stream, if that has not been done. Returns 0,
 * or -EBADMSG when the staged stream was damaged since the boot. */
int cold_load_rest(void);

/* late.S's exception path, with the exception's type (arch/arm/cpu.h):
 * 1 when it was an abort on one of the second stream's pages, which is
 * now unpacked (with all before it), so that the access can run again; 0 for anything else,
 * with the second stream unpacked if possible (arm_exception() may lie in
 * it). */
int cold_fault(unsigned type);

/* This SDRAM image's identity, which an image linked against it names
 * (efi.img: lib/efi/efiimg.h): the MLO descriptor's CRC-32 of it
 * (arch/arm/omap3/mlo_layout.h). */
uint32_t cold_image_id(void);

/* Continue in fn(arg) on the stack whose top is sp_top. Never returns. */
void run_on_stack(cold_main_fn *fn, const struct handoff *arg, uintptr_t sp_top)
	__attribute__((noreturn));

#endif
