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

#include "arch/arm/omap3/memmap.h"
#include "lib/boot/extlinux.h"
#include "lib/fs/fs.h"

/* The default load addresses (KERNEL_ADDR_R ...) are the memory map's. */
/* Room the DTB gets to grow by when it is patched. */
#define FDT_HEADROOM    0x10000u
#define FDT_MAX         0x100000u

/* Mount the boot partition of the SD card (common/bootfs.c: the first
 * partition with extlinux.conf, FAT or ext2/3/4) and read extlinux.conf if
 * there is one. Returns 0 when a file system is mounted. */
int boot_scan(void);
/* The mounted boot file system, or NULL. */
struct fs *boot_fs(void);
/* The last file `load` read from the card, for bootefi to tell the image
 * where it came from (U-Boot's efi_set_bootdev): its file system (NULL:
 * none yet), address, size and path. */
struct boot_last_load {
	struct fs *fs;
	uint32_t addr, size;
	char path[256];
};
extern struct boot_last_load boot_last_load;
/* The parsed extlinux.conf, or NULL. */
const struct extlinux_conf *boot_conf(void);
/* Autoboot delay in ms: extlinux TIMEOUT when given, else bootdelay. */
unsigned boot_delay_ms(void);

/* One extlinux label (index into boot_conf()). Returns only on failure. */
int boot_label(unsigned idx);
/* The whole chain: DEFAULT, the other labels in order, then the default
 * file names, then NAND. Returns only when nothing could be booted. The
 * distro scan (common/distro.c) runs the same steps one by one: */
int boot_default_chain(void);
/* Once per autoboot: the boot count (when bootlimit is set). */
void boot_chain_begin(void);
/* boot_conf()'s labels: DEFAULT (or altboot past bootlimit), then the
 * others in order. Returns only when none booted. */
int boot_extlinux_chain(void);
/* zImage/uImage and the board's DTB on the boot partition. */
int boot_default_files(void);
/* The boot script in NAND (board_env.nand_script_off), run with source
 * when there is one. Returns when there is none or it did not boot. */
int boot_nand_script(void);
/* The NAND kernel partition; "boot: nothing booted" when it fails. */
int boot_nand_partition(void);
/* extlinux.conf at path on fs (partition num) becomes boot_conf(), its
 * paths read from fs; the boot partition's own is used as it is. */
int boot_use_conf(struct fs *fs, const char *path);
/* Back to the boot partition's extlinux.conf after boot_use_conf. */
void boot_restore_conf(void);

/* The distro scan of the targets ("mmc0 nand0"), common/distro.c.
 * Returns only when nothing booted. */
int distro_boot(const char *targets);
/* Autoboot: the bootcmd variable run as a script (the distro scan by
 * default; uEnv.txt may set another), or the scan when it is unset. */
int boot_run_bootcmd(void);
/* The autoboot's choice, as U-Boot's bootdelay_process makes it: with
 * boot counting on (bootlimit set) the bootcount variable is the count
 * this boot will hand over with, and when it exceeds a non-zero bootlimit
 * altbootcmd runs instead of bootcmd (when set; else the chain's altboot
 * label). Returns only when nothing booted. */
int boot_autoboot(void);
/* The boot count this boot hands over with, or -1 when not counting. */
int boot_count_next(void);

/* Boot what is in memory (the console's bootz/bootm): kernel at kaddr
 * (zImage, or uImage when is_uimage), optional initrd [iaddr, iaddr+isize)
 * (isize 0: none), DTB at faddr. Returns only on failure. */
int boot_memory(uint32_t kaddr, bool is_uimage, uint32_t iaddr, uint32_t isize, uint32_t faddr,
		const char *bootargs);
/* bootm without an fdt: the DTB at fdt_addr_r when there is a valid one,
 * else the board's loaded there from the boot partition (printed which). */
int boot_fdt_for_bootm(uint32_t *faddr);

#endif
