/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Hand-off to Linux (Documentation/arch/arm/booting.rst; ARM ARM B2.2 and
 * the Cortex-A8 TRM's cache chapter): data cache cleaned and off, MMU off,
 * instruction cache and branch predictor invalidated, SVC mode, IRQ/FIQ
 * masked, r0 = 0, r1 = machine type (0xFFFFFFFF for DT boots), r2 = DTB.
 *
 * void linux_jump(uint32_t entry, uint32_t machid, uint32_t dtb)
 * Never returns.
 */
	.syntax unified
	.arm
	.text
	.section .text.linux_jump, "ax"
	.global linux_jump
	.type linux_jump, %function
linux_jump:
	cpsid	aif
	mov	r8, r0			@ keep the arguments out of the way of
	mov	r9, r1			@ the cache loop, which uses r0-r7, r10, r11
	mov	r10, r2
	/* SVC mode: the caller is already there, but make it true here. */
	mrs	r0, cpsr
	bic	r0, r0, #0x1f
	orr	r0, r0, #0x13
	msr	cpsr_c, r0

	/*
	 * Clean and invalidate every data/unified cache level by set/way,
	 * walking CLIDR up to the level of coherency. On the Cortex-A8 this
	 * covers L1 and the integrated L2.
	 */
	mrc	p15, 1, r0, c0, c0, 1	@ CLIDR
	ands	r3, r0, #0x07000000	@ LoC
	mov	r3, r3, lsr #23		@ LoC * 2
	beq	5f
	mov	r11, #0			@ level * 2
1:	add	r2, r11, r11, lsr #1	@ level * 3
	mov	r1, r0, lsr r2
	and	r1, r1, #7		@ cache type at this level
	cmp	r1, #2
	blt	4f			@ no data cache here
	mcr	p15, 2, r11, c0, c0, 0	@ CSSELR
	isb
	mrc	p15, 1, r1, c0, c0, 0	@ CCSIDR
	and	r2, r1, #7
	add	r2, r2, #4		@ log2(line length)
	ldr	r4, =0x3ff
	ands	r4, r4, r1, lsr #3	@ ways - 1
	clz	r5, r4			@ way shift
	ldr	r7, =0x7fff
	ands	r7, r7, r1, lsr #13	@ sets - 1
2:	mov	r6, r4			@ way counter
3:	orr	r12, r11, r6, lsl r5
	orr	r12, r12, r7, lsl r2
	mcr	p15, 0, r12, c7, c14, 2	@ DCCISW
	subs	r6, r6, #1
	bge	3b
	subs	r7, r7, #1
	bge	2b
4:	add	r11, r11, #2
	cmp	r3, r11
	bgt	1b
5:	mov	r11, #0
	mcr	p15, 2, r11, c0, c0, 0	@ back to CSSELR = L1
	dsb
	isb

	/* Data cache, MMU and alignment checking off; I-cache may stay on. */
	mrc	p15, 0, r0, c1, c0, 0
	bic	r0, r0, #0x0007		@ M, A, C
	mcr	p15, 0, r0, c1, c0, 0
	isb
	mov	r0, #0
	mcr	p15, 0, r0, c7, c5, 0	@ ICIALLU
	mcr	p15, 0, r0, c7, c5, 6	@ BPIALL
	mcr	p15, 0, r0, c8, c7, 0	@ TLBIALL
	dsb
	isb

	mov	r0, #0
	mov	r1, r9
	mov	r2, r10
	bx	r8			@ entry has bit 0 clear: ARM state
	.ltorg
	.size linux_jump, . - linux_jump
