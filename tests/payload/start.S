/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Entry of the test payload: an ARM zImage header (Documentation/arch/arm/
 * booting.rst, the zImage header table) and position-independent start-up.
 * The registers the boot loader handed over are captured before anything
 * else changes them; then the image relocates itself (R_ARM_RELATIVE only),
 * clears its bss, takes its stack from there and calls payload_main().
 */
	.syntax unified
	.arm
	.section .text.head, "ax"
	.global _entry
_entry:
	/* A boot loader enters at offset 0 in ARM state; the words up to the
	 * magic are code, as in a real zImage. */
	.rept	8
	mov	r0, r0
	.endr
	b	reset
	.word	0x016f2818		@ 0x24 zImage magic
	.word	0			@ 0x28 start: position-independent
	.word	_edata - _entry		@ 0x2c end = file size
	.word	0x04030201		@ 0x30 little-endian marker

reset:
	mrs	r3, cpsr
	mrc	p15, 0, r4, c1, c0, 0	@ SCTLR
	mov	r6, r0
	mov	r7, r1
	mov	r8, r2
	mov	r9, r3
	mov	r10, r4

	/* Linked at 0: where we run is the relocation delta. */
	adr	r11, _entry

	/* Apply .rel.dyn. Anything but R_ARM_RELATIVE means the link went
	 * wrong; there is no console yet, so stop with the type in r0. */
	ldr	r0, .Lrel_start
	ldr	r1, .Lrel_end
	add	r0, r0, r11
	add	r1, r1, r11
1:	cmp	r0, r1
	bhs	3f
	ldmia	r0!, {r2, r3}		@ r_offset, r_info
	and	r3, r3, #0xff
	cmp	r3, #23			@ R_ARM_RELATIVE
	bne	2f
	ldr	r4, [r2, r11]
	add	r4, r4, r11
	str	r4, [r2, r11]
	b	1b
2:	mov	r0, r3
	udf	#0x50			@ 'P': unsupported relocation
3:
	/* bss, with the stack at its top */
	ldr	r0, .Lbss_start
	ldr	r1, .Lbss_end
	add	r0, r0, r11
	add	r1, r1, r11
	mov	r2, #0
4:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	4b

	ldr	r0, .Lstack_top
	add	sp, r0, r11
	/* struct boot_regs (r0, r1, r2, cpsr, sctlr) plus one word that
	 * keeps sp 8-byte aligned, as the AAPCS requires at calls. */
	push	{r6-r11}
	mov	r0, sp
	blx	payload_main
5:	b	5b			@ payload_main does not return

	/* Offsets from _entry (= link addresses, linked at 0); plain words,
	 * so they need no relocation themselves. */
.Lrel_start:	.word	__rel_dyn_begin - _entry
.Lrel_end:	.word	__rel_dyn_end - _entry
.Lbss_start:	.word	__bss_begin - _entry
.Lbss_end:	.word	__bss_end - _entry
.Lstack_top:	.word	_stack_top - _entry
