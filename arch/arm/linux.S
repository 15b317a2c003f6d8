/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Hand-off to Linux (booting.rst, docs/references.md; ARM ARM B2.2 and
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
	mov	r9, r1			@ the cache maintenance call
	mov	r10, r2
	/* SVC mode: the caller is already there, but make it true here. */
	mrs	r0, cpsr
	bic	r0, r0, #0x1f
	orr	r0, r0, #0x13
	msr	cpsr_c, r0

	/* Every data/unified cache level cleaned and invalidated by set/way
	 * (cache.S; it keeps r8-r10). */
	bl	cache_dcache_clean_inv_all

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
