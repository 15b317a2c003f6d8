/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The boot flow: find what to boot on the SD card (extlinux.conf, else the
 * default file names for this board), load it, fix the device tree up and
 * hand over to Linux. Each failure is printed and the next entry tried.
 */
#ifndef COMMON_BOOT_H
#define COMMON_BOOT_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/extlinux.h"
#include "lib/fs.h"

/* Default load addresses (the U-Boot variable names, same meaning). */
#define KERNEL_ADDR_R   0x82000000u
#define FDT_ADDR_R      0x88000000u
#define RAMDISK_ADDR_R  0x88080000u
/* Room the DTB gets to grow by when it is patched. */
#define FDT_HEADROOM    0x10000u
#define FDT_MAX         0x100000u

/* Mount the boot partition of the SD card (common/bootfs.c: the first
 * partition with extlinux.conf, FAT or ext2/3/4) and read extlinux.conf if
 * there is one. Returns 0 when a file system is mounted. */
int boot_scan(void);
/* The mounted boot file system, or NULL. */
struct fs *boot_fs(void);
/* The parsed extlinux.conf, or NULL. */
const struct extlinux_conf *boot_conf(void);
/* Autoboot delay in ms: extlinux TIMEOUT when given, else bootdelay. */
unsigned boot_delay_ms(void);

/* One extlinux label (index into boot_conf()). Returns only on failure. */
int boot_label(unsigned idx);
/* The whole chain: DEFAULT, the other labels in order, then the default
 * file names. Returns only when nothing could be booted. */
int boot_default_chain(void);

/* Boot what is in memory (the console's bootz/bootm): kernel at kaddr
 * (zImage, or uImage when is_uimage), optional initrd [iaddr, iaddr+isize)
 * (isize 0: none), DTB at faddr. Returns only on failure. */
int boot_memory(uint32_t kaddr, bool is_uimage, uint32_t iaddr, uint32_t isize, uint32_t faddr,
		const char *bootargs);

#endif
