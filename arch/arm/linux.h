/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The jump into Linux (arch/arm/linux.S): caches and MMU off, SVC mode,
 * interrupts masked, the registers booting.rst asks (docs/references.md). */
#ifndef ARCH_ARM_LINUX_H
#define ARCH_ARM_LINUX_H

#include <stdint.h>

/* Start the kernel at entry with r0 = 0, r1 = machid (0xFFFFFFFF for a
 * device-tree boot) and r2 = dtb. Never returns. */
void linux_jump(uint32_t entry, uint32_t machid, uint32_t dtb) __attribute__((noreturn));

#endif
