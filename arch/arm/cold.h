/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The cold part of gtaboot: code that runs from SDRAM (see linker.ld). Its
 * addresses (COLD_BASE, COLD_STAGE, ...) are in arch/arm/omap3/memmap.h. */
#ifndef ARCH_ARM_COLD_H
#define ARCH_ARM_COLD_H

#include <stdint.h>

#include "arch/arm/omap3/memmap.h"

/* Unpack the cold part's first stream from packed (the format:
 * arch/arm/omap3/mlo_layout.h; behind the hot image in SRAM, or staged in
 * SDRAM) into SDRAM at COLD_BASE, zero the bss, make it executable (caches
 * synchronised) and map the second stream's pages as faults. SDRAM must
 * work, and the MMU must be on with COLD_BASE mapped (mmu_enable): the
 * cold part only ever runs with it on. packed must stay where it is until
 * cold_load_rest(). Returns 0, or -EBADMSG when the packed data is
 * damaged. */
int cold_load(const uint8_t *packed);

/* Unpack the second stream, if that has not been done: the console calls
 * it before it takes commands (which may write anywhere, the staged
 * stream too). Returns 0, or -EBADMSG when the staged stream was damaged
 * since the boot. */
int cold_load_rest(void);

/* start.S's exception path, with the exception's type (arch/arm/cpu.h):
 * 1 when it was an abort on one of the second stream's pages, which is
 * now unpacked, so that the access can run again; 0 for anything else,
 * with the second stream unpacked if possible (arm_exception() may lie in
 * it). */
int cold_fault(unsigned type);

/* For a function of an early-part file that runs only from the SDRAM part
 * (main.c's second half, which keeps the boot flow readable in one file):
 * its section is named as the Makefile names the cold part's. */
#define COLD_FN(name) __attribute__((section(".cold.text." #name)))

/* Continue in fn on the stack whose top is sp_top. Never returns. */
void run_on_stack(void (*fn)(void), uintptr_t sp_top) __attribute__((noreturn));

#endif
