/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cortex-A8 helpers (ARM ARM B4 "CP15"): fault status and address
 * registers, and the interface between start.S and C.
 */
#ifndef ARCH_ARM_CPU_H
#define ARCH_ARM_CPU_H

#include <stdint.h>

/* The frame start.S's exception stubs build (low to high address). */
struct exc_frame {
	uint32_t sp, lr;      /* banked registers of the interrupted mode */
	uint32_t r[13];
	uint32_t exc_lr;      /* lr of the exception mode */
};

enum exc_type {
	EXC_UNDEF = 1, EXC_SWI, EXC_PABT, EXC_DABT, EXC_UNUSED, EXC_IRQ, EXC_FIQ,
};

/* Called by start.S; reports on the console and resets. */
void arm_exception(unsigned type, struct exc_frame *f, uint32_t spsr)
	__attribute__((noreturn));

/* A global reset of the SoC; provided by the SoC code (arch/arm/omap3). */
void cpu_reset(void) __attribute__((noreturn));

/* The ROM's boot-parameter block as copied by start.S (12 bytes). */
extern uint8_t rom_bootinfo_copy[12];

#define CP15_READ(op1, crn, crm, op2) ({                                   \
	uint32_t _v;                                                       \
	__asm__ volatile("mrc p15, " #op1 ", %0, " #crn ", " #crm ", " #op2 \
			 : "=r"(_v));                                      \
	_v; })

static inline uint32_t cpu_dfsr(void) { return CP15_READ(0, c5, c0, 0); }
static inline uint32_t cpu_ifsr(void) { return CP15_READ(0, c5, c0, 1); }
static inline uint32_t cpu_dfar(void) { return CP15_READ(0, c6, c0, 0); }
static inline uint32_t cpu_ifar(void) { return CP15_READ(0, c6, c0, 2); }
static inline uint32_t cpu_midr(void) { return CP15_READ(0, c0, c0, 0); }

#endif
