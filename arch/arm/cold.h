/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The cold part of gtaboot: code that runs from SDRAM (see linker.ld). Its
 * addresses (COLD_BASE, COLD_STAGE, ...) are in arch/arm/omap3/memmap.h. */
#ifndef ARCH_ARM_COLD_H
#define ARCH_ARM_COLD_H

#include <stdint.h>

#include "arch/arm/omap3/memmap.h"

/* Unpack the cold part from packed (its u32 length, then raw LZMA1 of the
 * BCJ-filtered code, arch/arm/omap3/mlo_layout.h;
 * behind the hot image in SRAM, or staged in SDRAM) into SDRAM at
 * COLD_BASE, zero its bss and make it executable (caches synchronised).
 * SDRAM must work, and the MMU must be on with COLD_BASE mapped
 * (mmu_enable): the cold part only ever runs with it on. Returns 0, or
 * -EBADMSG when the packed data is damaged. */
int cold_load(const uint8_t *packed);

/* For a function of an early-part file that runs only from the SDRAM part
 * (main.c's second half, which keeps the boot flow readable in one file):
 * its section is named as the Makefile names the cold part's. */
#define COLD_FN(name) __attribute__((section(".cold.text." #name)))

/* Continue in fn on the stack whose top is sp_top. Never returns. */
void run_on_stack(void (*fn)(void), uintptr_t sp_top) __attribute__((noreturn));

#endif
