/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The cold part of gtaboot: code that runs from SDRAM (see linker.ld). */
#ifndef ARCH_ARM_COLD_H
#define ARCH_ARM_COLD_H

#include <stdint.h>

#define COLD_BASE 0x80000000u
#define COLD_MAX  0x40000u

/* Inflate the cold part from behind the hot image into SDRAM at COLD_BASE,
 * zero its bss and make it executable (caches synchronised). SDRAM must
 * work, and the MMU must be on (the cold part is only ever run with it on).
 * Returns 0, or -EBADMSG when the packed data is damaged. */
int cold_load(void);

/* Continue in fn on the stack whose top is sp_top. Never returns. */
void run_on_stack(void (*fn)(void), uintptr_t sp_top) __attribute__((noreturn));

#endif
