/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * void run_on_stack(void (*fn)(const void *), const void *arg, uintptr_t
 * sp_top): continue in fn(arg) on another stack. main() uses it to leave
 * the 4 KiB SRAM stack for one in SDRAM once SDRAM works. fn may be Thumb
 * code: bx interworks.
 */
	.syntax unified
	.arm
	.section .text.run_on_stack, "ax"
	.global run_on_stack
	.type run_on_stack, %function
run_on_stack:
	bic	r2, r2, #7		@ AAPCS: 8-byte aligned at public interfaces
	mov	sp, r2
	mov	r2, r0
	mov	r0, r1
	bx	r2
	.size run_on_stack, . - run_on_stack
