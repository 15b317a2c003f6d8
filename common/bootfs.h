/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The file systems on the SD card: which partition the boot flow reads,
 * and any partition the console names (U-Boot's "mmc 0:N"). */
#ifndef COMMON_BOOTFS_H
#define COMMON_BOOTFS_H

#include "lib/fs/fat.h"
#include "lib/fs/fs.h"
#include "lib/fs/part.h"

/* Mounts the partitions of mmc1 in the order distributions expect
 * (lib/fs/part.h: part_scan) as FAT or ext2/3/4 and keeps the first that
 * holds one of paths; without any, the first that mounts. Prints the
 * partition (0: the whole card, which has no MBR) and file system chosen. Returns the file system or NULL (the
 * reason printed; *err gets it). */
struct fs *bootfs_scan(const char *const paths[], unsigned npaths, int *err);

/* Partition num of mmc1 (1-4 primary, 5.. logical) mounted for the
 * console; the boot file system when num is the one bootfs_scan chose.
 * NULL with *err set when there is no such partition or file system. */
struct fs *bootfs_get(unsigned num, int *err);

/* The FAT partition the ROM reads MLO from, where saveenv keeps
 * uboot.env: the first active FAT partition, else the first FAT partition
 * in table order (U-Boot's TI default ENV_FAT_DEVICE_AND_PART "0:1" on the
 * usual card). The boot's or the console's mount when one holds it, else
 * mounted quietly in the console's place. NULL with *err set: -ENODEV (no
 * card), -ENOENT (no FAT partition), -ENOMEM or the card's error. */
struct fat_fs *bootfs_fat(int *err);

/* The console's mount is stale (mmc rescan): the next bootfs_get reads
 * the partition table and mounts again. */
void bootfs_forget(void);
/* The card was written (saveenv): cached FAT sectors may be stale. */
void bootfs_changed(void);

/* The partitions of mmc1 (lib/fs/part.h part_scan) and the MBR's disk
 * signature (0 without an MBR). Returns their number; 0 with *err set
 * when the card cannot be read. */
int bootfs_parts(struct part_info p[PART_SCAN_MAX], uint32_t *disksig, int *err);

#endif
