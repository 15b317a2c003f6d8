/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Entry from the OMAP3 boot ROM and the exception vectors (ARM ARM B1.8
 * "Exceptions", Cortex-A8 TRM 3.2 "c12, Vector Base Address Register").
 *
 * The ROM jumps to the GP header's load address in ARM state. The mode it
 * leaves is not guaranteed (real ROMs: SVC; qemu-linaro: SYS with its stack
 * inside our image), so everything here is set up from scratch: SVC mode
 * with IRQ/FIQ masked, our own vector table, one stack per mode we can be
 * in and a zeroed bss; the VFP stays off (the firmware is soft-float:
 * Makefile FW_ARCH). r0 is the ROM's boot-parameter block (SPRUF98/SPRUGN4
 * "Initialization", boot parameters); it is copied before the stacks are
 * touched, because the ROM keeps the block in SRAM where our stack may
 * grow.
 */
	.syntax unified
	.arm

#include "arch/arm/omap3/mlo_layout.h"
#include "arch/arm/psr.h"

#define BOOTINFO_BYTES	12

	.section .vectors, "ax"
	.global _start
	.type _start, %function
_start:
	b	reset
	ldr	pc, vec_undef
	ldr	pc, vec_swi
	ldr	pc, vec_pabt
	ldr	pc, vec_dabt
	ldr	pc, vec_unused
	ldr	pc, vec_irq
	ldr	pc, vec_fiq
vec_undef:	.word	exc_undef
vec_swi:	.word	exc_swi
vec_pabt:	.word	exc_pabt
vec_dabt:	.word	exc_dabt
vec_unused:	.word	exc_unused
vec_irq:	.word	exc_irq
vec_fiq:	.word	exc_fiq

/*
 * The MLO descriptor, at a fixed offset (MLO_DESC_OFF, mlo_layout.h) so
 * that the build tools find it (docs/design.md "Two images"): the bytes the ROM must load
 * (this image, arch/arm/early.ld), the whole MLO's length and the CRC-32 of
 * what lies between the two, which also ends the image as its last word.
 * tools/packcold.py fills in the last two.
 */
	.if	. - _start - MLO_DESC_OFF
	.error	"the MLO descriptor is not at MLO_DESC_OFF (mlo_layout.h)"
	.endif
	.global mlo_desc
mlo_desc:
	.word	MLO_DESC_MAGIC		/* "GMLO" */
	.word	__early_end - MLO_LOAD
	.word	0			/* image bytes, trailer included */
	.word	0			/* CRC-32 of the rest */

	.section .text.reset, "ax"
reset:
	mov	r4, r0

	/* Keep .data as loaded, before anything writes to it: `flash mlo`
	 * writes the running image back to NAND (early.ld: .pristine). */
	ldr	r0, =__data_start
	ldr	r1, =__data_end
	ldr	r2, =__data_pristine
0:	cmp	r0, r1
	ldrlo	r3, [r0], #4
	strlo	r3, [r2], #4
	blo	0b

	/* SVC, IRQ and FIQ masked; msr works from any privileged mode. */
	mrs	r0, cpsr
	bic	r0, r0, #0x1f
	orr	r0, r0, #(MODE_SVC | PSR_I | PSR_F)
	msr	cpsr_c, r0

	/*
	 * SCTLR: low vectors (V = 0) so that VBAR is used, exceptions taken
	 * in ARM state (TE = 0) since the stubs below are ARM code.
	 */
	mrc	p15, 0, r0, c1, c0, 0
	bic	r0, r0, #(1 << 13)
	bic	r0, r0, #(1 << 30)
	mcr	p15, 0, r0, c1, c0, 0
	ldr	r0, =_start
	mcr	p15, 0, r0, c12, c0, 0
	isb

	/*
	 * Keep the ROM's block only if all of it lies in SRAM and is word
	 * aligned; an emulator's r0 into ROM space or a stale value is not
	 * trusted, and C then falls back to SYS_BOOT.
	 */
	ldr	r1, =SRAM_BASE
	sub	r2, r4, r1
	ldr	r3, =(SRAM_END - SRAM_BASE - BOOTINFO_BYTES)
	cmp	r2, r3
	bhi	1f
	tst	r4, #3
	bne	1f
	ldm	r4, {r5-r7}
	ldr	r4, =rom_bootinfo_copy
	stm	r4, {r5-r7}
	b	2f
1:	mov	r4, #0
2:
	/* Exception stacks: the handlers only report and reset. */
	cps	#MODE_UND
	ldr	sp, =__und_stack_top
	cps	#MODE_ABT
	ldr	sp, =__abt_stack_top
	cps	#MODE_IRQ
	ldr	sp, =__abt_stack_top
	cps	#MODE_FIQ
	ldr	sp, =__abt_stack_top
	cps	#MODE_SVC
	ldr	sp, =__svc_stack_top

	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r2, #0
3:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	3b

	mov	r0, r4
	bl	main
	bl	cpu_reset
4:	b	4b

/*
 * Exception stubs. Each saves r0-r12 and the exception lr on its mode's
 * stack, then fetches the interrupted mode's banked sp and lr (SYS for
 * USR), and calls arm_exception(type, frame, spsr). Frame layout, low to
 * high: sp, lr, r0..r12, exception lr (struct exc_frame in cpu.h).
 */
	.macro	EXC_STUB name, type
\name:
	stmfd	sp!, {r0-r12, lr}
	mov	r0, #\type
	b	exc_common
	.endm

	EXC_STUB exc_undef, 1
	EXC_STUB exc_swi, 2
	EXC_STUB exc_pabt, 3
	EXC_STUB exc_dabt, 4
	EXC_STUB exc_unused, 5
	EXC_STUB exc_irq, 6
	EXC_STUB exc_fiq, 7

exc_common:
	/* The exception path of the image that runs: once the SDRAM image is
	 * unpacked, its late part's (late.S: exc_next); until then a short
	 * message from this one. */
	ldr	r4, =exc_next
	ldr	r4, [r4]
	cmp	r4, #0
	beq	exc_before_rest
	bx	r4

	.ltorg

	.data
	.align	2
	.global rom_bootinfo_copy
rom_bootinfo_copy:
	.space	BOOTINFO_BYTES

	/* Set by cold_enter() (arch/arm/cold.c) once the SDRAM image is
	 * unpacked: where exc_common goes on (late.S's exc_late). */
	.bss
	.align	2
	.global exc_next
exc_next:
	.space	4
