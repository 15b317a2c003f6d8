/* SPDX-License-Identifier: GPL-2.0-or-later */
/* CPSR mode and mask bits (ARM ARM B1.3.3 "Program Status Registers"),
 * for start.S and late.S. */
#ifndef ARCH_ARM_PSR_H
#define ARCH_ARM_PSR_H

#define MODE_USR	0x10
#define MODE_FIQ	0x11
#define MODE_IRQ	0x12
#define MODE_SVC	0x13
#define MODE_ABT	0x17
#define MODE_UND	0x1b
#define MODE_SYS	0x1f
#define PSR_I		0x80
#define PSR_F		0x40

#endif
