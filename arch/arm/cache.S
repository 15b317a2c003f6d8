/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whole-cache maintenance by set/way for the Cortex-A8 (ARM ARM B2.2.6 and
 * B4.2.1, "Cache maintenance operations"; Cortex-A8 TRM chapter 7): walk
 * CLIDR up to the level of coherency and touch every set and way.
 *
 * void cache_dcache_inv_all(void)        before the D-cache is turned on:
 *                                        after reset its lines are unknown
 * void cache_dcache_clean_inv_all(void)  before it is turned off
 * void cache_icache_inv_all(void)        I-cache and branch predictor
 */
	.syntax unified
	.arm

/*
 * One walk for both D-cache operations: r0 = 0 invalidates (DCISW, c7 c6 2),
 * else cleans and invalidates (DCCISW, c7 c14 2). The MCR encodes its
 * operation, so the walk picks one of two by the flag (ARM conditional
 * execution) rather than being assembled once per operation.
 */
	.section .text.cache_dcache_setway, "ax"
	.type cache_dcache_setway, %function
cache_dcache_setway:
	push	{r4-r7, r10, r11, lr}
	mov	r10, r0			@ 0: invalidate, else clean too
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
	cmp	r10, #0
	mcreq	p15, 0, r12, c7, c6, 2	@ DCISW
	mcrne	p15, 0, r12, c7, c14, 2	@ DCCISW
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
	pop	{r4-r7, r10, r11, pc}
	.ltorg
	.size cache_dcache_setway, . - cache_dcache_setway

	.section .text.cache_dcache_inv_all, "ax"
	.global cache_dcache_inv_all
	.type cache_dcache_inv_all, %function
cache_dcache_inv_all:
	mov	r0, #0
	b	cache_dcache_setway
	.size cache_dcache_inv_all, . - cache_dcache_inv_all

	.section .text.cache_dcache_clean_inv_all, "ax"
	.global cache_dcache_clean_inv_all
	.type cache_dcache_clean_inv_all, %function
cache_dcache_clean_inv_all:
	mov	r0, #1
	b	cache_dcache_setway
	.size cache_dcache_clean_inv_all, . - cache_dcache_clean_inv_all

	.section .text.cache_icache_inv_all, "ax"
	.global cache_icache_inv_all
	.type cache_icache_inv_all, %function
cache_icache_inv_all:
	mov	r0, #0
	mcr	p15, 0, r0, c7, c5, 0	@ ICIALLU
	mcr	p15, 0, r0, c7, c5, 6	@ BPIALL
	dsb
	isb
	bx	lr
	.size cache_icache_inv_all, . - cache_icache_inv_all
