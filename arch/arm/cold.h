/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The cold part of gtaboot: code that runs from SDRAM (see linker.ld). */
#ifndef ARCH_ARM_COLD_H
#define ARCH_ARM_COLD_H

#include <stdint.h>

#define COLD_BASE 0x80000000u
#define COLD_MAX  0x40000u
/* Where arch/arm/omap3/mlo_rest.c reads the rest of the MLO (the packed
 * cold part) into, right behind the cold window; dead once inflated. */
#define COLD_STAGE     (COLD_BASE + COLD_MAX)
#define COLD_STAGE_MAX 0x40000u

/* Inflate the cold part from packed (its u32 length, then raw deflate;
 * behind the hot image in SRAM, or staged in SDRAM) into SDRAM at
 * COLD_BASE, zero its bss and make it executable (caches synchronised).
 * SDRAM must work, and the MMU must be on (the cold part is only ever run
 * with it on). Returns 0, or -EBADMSG when the packed data is damaged. */
int cold_load(const uint8_t *packed);

/* Continue in fn on the stack whose top is sp_top. Never returns. */
void run_on_stack(void (*fn)(void), uintptr_t sp_top) __attribute__((noreturn));

#endif
