/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Entry from the OMAP3 boot ROM and the exception vectors (ARM ARM B1.8
 * "Exceptions", Cortex-A8 TRM 3.2 "c12, Vector Base Address Register").
 *
 * The ROM jumps to the GP header's load address in ARM state. The mode it
 * leaves is not guaranteed (real ROMs: SVC; qemu-linaro: SYS with its stack
 * inside our image), so everything here is set up from scratch: SVC mode
 * with IRQ/FIQ masked, our own vector table, one stack per mode we can be
 * in, a zeroed bss and the VFP, which -mfloat-abi=hard code may use
 * anywhere. r0 is the ROM's boot-parameter block (SPRUF98/SPRUGN4
 * "Initialization", boot parameters); it is copied before the stacks are
 * touched, because the ROM keeps the block in SRAM where our stack may
 * grow.
 */
	.syntax unified
	.arm
	.fpu	vfpv3-d16

#define MODE_USR	0x10
#define MODE_FIQ	0x11
#define MODE_IRQ	0x12
#define MODE_SVC	0x13
#define MODE_ABT	0x17
#define MODE_UND	0x1b
#define MODE_SYS	0x1f
#define PSR_I		0x80
#define PSR_F		0x40

#include "arch/arm/omap3/mlo_layout.h"

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
 * that the build tools find it (docs/design.md "The ROM-loaded part"): the bytes the ROM must load
 * (the early part, linker.ld), the whole image's length and the CRC-32 of
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
	 * writes the running image back to NAND (linker.ld: .pristine). */
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

	/* VFP: CPACR cp10/cp11 full access, then FPEXC.EN. */
	mrc	p15, 0, r0, c1, c0, 2
	orr	r0, r0, #(0xf << 20)
	mcr	p15, 0, r0, c1, c0, 2
	isb
	mov	r0, #0x40000000
	vmsr	fpexc, r0

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
	/* arm_exception() is part of the cold part (linker.ld): until that is
	 * unpacked, a short message from the early part instead. */
	ldr	r4, =cold_loaded
	ldr	r4, [r4]
	cmp	r4, #0
	beq	exc_before_rest
	b	exc_cold

	/* The rest of the path is the late part's: cold_loaded says it is
	 * there. */
	.section .late.text.exc_cold, "ax"
	.global exc_cold
	.type exc_cold, %function
exc_cold:
	/* An abort on a page of the cold part's second stream, which cold.c
	 * unpacks on first touch: unpack it, then run the access again
	 * (ARM ARM B1.9.7, B1.9.8: the return is lr - 4 for a prefetch abort,
	 * lr - 8 for a data abort, in either instruction set). */
	mov	r5, r0
	bl	cold_fault
	cmp	r0, #0
	mov	r0, r5
	beq	1f
	cmp	r5, #3
	ldmfd	sp!, {r0-r12, lr}
	subseq	pc, lr, #4
	subs	pc, lr, #8
1:	mrs	r2, spsr
	mrs	r3, cpsr
	and	r4, r2, #0x1f
	cmp	r4, #MODE_USR
	moveq	r4, #MODE_SYS
	orr	r4, r4, #(PSR_I | PSR_F)
	msr	cpsr_c, r4
	mov	r5, sp
	mov	r6, lr
	msr	cpsr_c, r3
	stmfd	sp!, {r5, r6}
	mov	r1, sp
	bl	arm_exception
5:	b	5b

	.ltorg

	.data
	.align	2
	.global rom_bootinfo_copy
rom_bootinfo_copy:
	.space	BOOTINFO_BYTES

	/* Set by cold_load() (arch/arm/cold.c) once the cold part is
	 * unpacked; read by exc_common above. In the early part's bss, which
	 * is in SRAM from the start (the late part's is not). */
	.bss
	.align	2
	.global cold_loaded
cold_loaded:
	.space	4
