// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bootefi: UEFI lives in efi.img, an image of its own beside MLO on the boot
 * FAT partition (docs/design.md "The EFI image"). This part, all the MLO
 * holds of it, maps EFI_MAX bytes of gtaboot's buffers at EFI_BASE, reads
 * efi.img there once, refuses one that is corrupt or was built for another
 * gtaboot, and runs it with the command's arguments (docs/uefi.md).
 */
#include "arch/arm/cold.h"
#include "arch/arm/mmu.h"
#include "arch/arm/omap3/memmap.h"
#include "common/bootfs.h"
#include "common/command.h"
#include "common/cli.h"
#include "common/sysinfo.h"
#include "lib/efi/efiimg.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

#define PAGE          0x1000u
#define L1_TABLE      0x1u
/* small page, normal memory, write-back write-allocate (arch/arm/cold.c) */
#define PTE_NORMAL_WB (0x2u | (1u << 2) | (1u << 3) | (3u << 4) | (1u << 6))

static uint8_t *efi_mem;   /* EFI_MAX bytes at EFI_BASE, page-aligned */
static bool efi_loaded;    /* and it holds a checked efi.img */

/* EFI_MAX bytes of gtaboot's buffers, then a second-level table that shows
 * them at EFI_BASE (the rest of that megabyte faults). */
static int efi_map(void)
{
	uint8_t *p;
	uint32_t *pte, *l1;

	if (efi_mem)
		return 0;
	p = scratch_alloc(EFI_MAX + PAGE + 0x400);
	if (!p) {
		pr_err("bootefi: no room for efi.img in gtaboot's buffers\n");
		return -ENOMEM;
	}
	efi_mem = (uint8_t *)(((uintptr_t)p + PAGE - 1) & ~(uintptr_t)(PAGE - 1));
	pte = (uint32_t *)(efi_mem + EFI_MAX);
	for (uint32_t i = 0; i < 256; i++)
		pte[i] = i < EFI_MAX / PAGE ? ((uint32_t)(uintptr_t)efi_mem + i * PAGE) | PTE_NORMAL_WB : 0;
	l1 = (uint32_t *)(uintptr_t)mmu_table_base() + (EFI_BASE >> 20);
	*l1 = (uint32_t)(uintptr_t)pte | L1_TABLE;
	cache_dcache_clean_inv_all();
	__asm__ volatile("dsb\n\t"
			 "mcr p15, 0, %0, c8, c7, 0\n\t"   /* TLBIALL */
			 "mcr p15, 0, %0, c7, c5, 6\n\t"   /* BPIALL */
			 "dsb\n\tisb" : : "r"(0) : "memory");
	return 0;
}

static int efi_load(void)
{
	struct fat_fs *fs = bootfs_fat(&(int){ 0 });
	const char *why;
	uint32_t size;
	int err = fs ? fat_read(fs, "/efi.img", efi_mem, EFI_FILE_MAX, &size) : -ENODEV;

	if (err) {
		pr_err("bootefi: efi.img not read from the SD card's boot FAT partition (%s)\n",
		       errname(err));
		return err;
	}
	err = efi_img_check(efi_mem, size, EFI_BASE, EFI_MAX, cold_image_id(), &why);
	if (err == -ENOTSUP)
		pr_err("bootefi: efi.img was built for another gtaboot (SDRAM image %08x, this one is %08x)\n",
		       (unsigned)((const struct efi_img_header *)efi_mem)->sdram_id,
		       (unsigned)cold_image_id());
	else if (err)
		pr_err("bootefi: efi.img is corrupt (%s)\n", why);
	if (err)
		return err;
	cache_dcache_clean_inv_all();
	cache_icache_inv_all();
	efi_loaded = true;
	return 0;
}

static int do_bootefi(int argc, char *const argv[])
{
	int err;

	if (argc < 2)
		return cmd_usage(argv);
	err = efi_map();
	if (!err && !efi_loaded)
		err = efi_load();
	if (err)
		return err;
	return ((efi_img_entry)((const struct efi_img_header *)efi_mem)->entry)(argc, argv);
}
CMD(bootefi, "bootefi", do_bootefi, "bootefi <image>[:<size>] [<initrd>:<size>] [<fdt>]",
    "boot an EFI application in memory (UEFI from efi.img)");
