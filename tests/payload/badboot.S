/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A zImage wrapper for a negative test of the payload: it enters the
 * payload (appended at offset 0x100 by tests/system/test_payload.py)
 * against the ARM boot protocol (Documentation/arch/arm/booting.rst):
 * r0 = 1, r1 = 0, IRQ unmasked. r2 (the DTB) is passed on untouched.
 * The test writes the total size into the header's end field at 0x2c.
 */
	.syntax unified
	.arm
	.text
	.global _start
_start:
	.rept	8
	mov	r0, r0
	.endr
	b	1f
	.word	0x016f2818		@ 0x24 zImage magic
	.word	0			@ 0x28 start
	.word	0			@ 0x2c end: set by the test
	.word	0x04030201
1:	mov	r0, #1
	mov	r1, #0
	cpsie	i
	adr	r3, _start
	add	r3, r3, #0x100
	bx	r3
	.org	0x100
