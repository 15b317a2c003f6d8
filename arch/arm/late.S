/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The head of the SDRAM image: its late part, which runs from SRAM right
 * behind the early image (arch/arm/gtaboot.ld, docs/design.md "Two
 * images"). The early image reads it there with the rest of the MLO and
 * calls its first word; the layout of its first two words is
 * arch/arm/omap3/mlo_layout.h's (MLO_LATE_*).
 */
	.syntax unified
	.arm

#include "arch/arm/omap3/mlo_layout.h"
#include "arch/arm/psr.h"

	.section .late_entry, "ax"
	.global late_entry
	.type late_entry, %function
late_entry:
	/* ARM code at an even address, so the early image's call switches
	 * state; the load of pc interworks into the Thumb C code. */
	ldr	pc, 1f
	.if	. - late_entry - MLO_LATE_LEN_OFF
	.error	"the late part's length is not at MLO_LATE_LEN_OFF (mlo_layout.h)"
	.endif
	.word	__late_end - late_entry
1:	.word	cold_enter

/*
 * The exception path once this image runs, from start.S's exc_common
 * (exc_next), with r0 the exception's type and r0-r12 and the exception
 * lr saved on the mode's stack. An abort on a page of the second stream,
 * which cold.c unpacks on first touch: unpack it, then run the access
 * again (ARM ARM B1.9.7, B1.9.8: the return is lr - 4 for a prefetch
 * abort, lr - 8 for a data abort, in either instruction set). Anything
 * else: fetch the interrupted mode's banked sp and lr (SYS for USR) and
 * report with arm_exception(type, frame, spsr) (struct exc_frame, cpu.h).
 */
	.section .text.exc_late, "ax"
	.global exc_late
	.type exc_late, %function
exc_late:
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
	.size exc_late, . - exc_late
