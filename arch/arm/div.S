/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unsigned 32-bit division for the ARM run-time ABI (ARM IHI 0043,
 * "Run-time ABI for the ARM Architecture", 4.3.1: __aeabi_uidiv and
 * __aeabi_uidivmod, quotient in r0, remainder in r1). The Cortex-A8 has no
 * UDIV; libgcc's unrolled version is 600 bytes of the ROM-loaded part, this
 * bit-at-a-time loop is 30 and takes about 0.4 µs, which nothing at boot
 * notices. Division by zero returns 0xFFFFFFFF and the dividend as
 * remainder instead of trapping (tests/fixtures/sim-div.S checks it).
 */
	.syntax	unified
	.thumb

	.section .text.__aeabi_uidiv, "ax"
	.global	__aeabi_uidiv
	.global	__aeabi_uidivmod
	.type	__aeabi_uidiv, %function
	.type	__aeabi_uidivmod, %function
	.thumb_func
__aeabi_uidiv:
	.thumb_func
__aeabi_uidivmod:
	movs	r2, #0			/* remainder */
	movs	r3, #32
1:	lsls	r0, r0, #1		/* next dividend bit into C; quotient bit 0 free */
	adcs	r2, r2, r2
	bcs	2f			/* remainder passed 32 bits: above any divisor */
	cmp	r2, r1
	blo	3f
2:	subs	r2, r2, r1
	orr	r0, r0, #1
3:	subs	r3, r3, #1
	bne	1b
	mov	r1, r2
	bx	lr
	.size	__aeabi_uidiv, . - __aeabi_uidiv
