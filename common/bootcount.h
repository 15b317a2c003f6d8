/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The boot counter, kept in the TWL4030's battery-backed backup registers
 * so that it survives resets and a removed main battery (while the backup
 * battery lasts). Layout (0x4B, BACKUP_REG_E..G = 0x18..0x1A):
 *   0x18  magic 'G' (0x47)
 *   0x19  count
 *   0x1A  check = count ^ 0xA5
 * Anything else, garbage included, reads as 0. Linux userspace resets it
 * after a good boot with `i2cset -y -f 1 0x4b 0x18 0x00` (clears the magic).
 */
#ifndef COMMON_BOOTCOUNT_H
#define COMMON_BOOTCOUNT_H

/* The stored count (0 when unset or invalid), or -ENODEV without PMIC. */
int bootcount_read(void);
/* Store count; 0 or a negative errno. */
int bootcount_write(unsigned count);

#endif
