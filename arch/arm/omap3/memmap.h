/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot's memory map on the OMAP3, the one place it is written down: the
 * linker scripts (arch/arm/early.ld and gtaboot.ld INCLUDE it as
 * build/<board>/memmap.ld), the C code, the host tools
 * (mkmlo) and the Makefile all take it from here. SRAM: DM37x TRM SPRUGN4 /
 * OMAP35x TRM SPRUF98, chapter "Initialization", the ROM's SRAM map.
 * docs/design.md "Memory map" explains each line.
 *
 * Plain #defines only, with MM_U() for unsigned constants, so that this
 * file means the same to C, assembler and the linker script.
 */
#ifndef ARCH_ARM_OMAP3_MEMMAP_H
#define ARCH_ARM_OMAP3_MEMMAP_H

#if defined(__ASSEMBLER__) || defined(__LINKER__)
#define MM_U(x) x
#else
#define MM_U(x) x##u
#endif

/* ---- SRAM (64 KiB) */
#define SRAM_BASE        MM_U(0x40200000)
/* The ROM's public area (its stack and scratch) from here: the ROM loads
 * no image that reaches it, and gtaboot's early SVC stack lives there once
 * the ROM is done. */
#define SRAM_PUBLIC      MM_U(0x4020F000)
#define SRAM_END         MM_U(0x40210000)
/* The most the ROM loads of an image (GP size). */
#define SRAM_IMAGE_MAX   MM_U(0xE000)
/* gtaboot's SRAM .bss, pristine .data copy and exception stacks: the hot
 * image (and a whole-image MLO.full) must end below. */
#define SRAM_BSS_BASE    MM_U(0x4020E7C0)
#define SRAM_HOT_MAX     (SRAM_BSS_BASE - SRAM_BASE)
/* The early part, all the ROM reads: goal 16 KiB (the build warns), past
 * 24 KiB the link fails. */
#define ROM_PART_GOAL    MM_U(0x4000)
#define ROM_PART_MAX     MM_U(0x6000)
#define EXC_STACK_SIZE   MM_U(0x200)

/* ---- SDRAM
 * gtaboot's own area is the top GTABOOT_AREA bytes of the first contiguous
 * RAM, wherever that ends (sizing finds it): the low SDRAM stays free for
 * what U-Boot users load there (uImages at 0x80008000, scriptaddr
 * 0x80000000, kernel_addr_r 0x82000000, fdt_addr_r 0x88000000, ...), as
 * U-Boot relocates itself to the top of RAM.
 *
 *   top - 3 MiB  the cold part's window, seen at COLD_BASE (below)
 *   top - 2 MiB  gtaboot's buffers (MMU table, SDRAM stack, file-system
 *                work areas, console ring, the shell's memory and the
 *                scripts it runs, the environment's flash block...), 1:1
 *
 * The cold part is linked at a fixed virtual address, COLD_BASE, which
 * arch/arm/mmu.c maps onto the window's physical megabyte: one link serves
 * every RAM size. COLD_BASE lies in the OMAP3's reserved 0xC0000000 range,
 * so the 1:1 map has nothing there to hide.
 */
#define GTABOOT_AREA     MM_U(0x300000)
#define SCRATCH_SIZE     MM_U(0x200000)
#define COLD_WINDOW      MM_U(0x100000)     /* one MMU section */
#define COLD_BASE        MM_U(0xC0000000)
/* cold .text/.rodata/.data, then its .bss */
#define COLD_MAX         MM_U(0x80000)
/* Where the early part reads the packed cold part to, right behind; a
 * sector of scratch follows. Kept until the second stream is unpacked
 * (arch/arm/cold.c), and for `flash mlo`. */
#define COLD_STAGE       (COLD_BASE + COLD_MAX)
#define COLD_STAGE_MAX   MM_U(0x40000)
#define COLD_STAGE_END   (COLD_STAGE + COLD_STAGE_MAX + MM_U(0x200))
/* Behind it, page-aligned: the LZMA decoder's probabilities, which both
 * streams use, and the second-level page table that maps the window page
 * by page, so that the second stream's pages fault until it is unpacked
 * (arch/arm/cold.c; ARM ARM B3.5 "Short-descriptor translation table
 * format": 256 small-page entries, 1 KiB, 1 KiB aligned). */
#define COLD_WORK        (COLD_BASE + MM_U(0xC1000))
#define COLD_WORK_MAX    MM_U(0x8000)
#define COLD_PTE         (COLD_WORK + COLD_WORK_MAX)
#define COLD_PTE_BYTES   MM_U(0x400)
/* Then, page-aligned, to the window's end: the decoder's dictionary, the
 * cold part as packed (before the BCJ filter is undone), the first
 * stream's, which the second refers back into, then the second's as it
 * is unpacked (arch/arm/cold.c). */
#define COLD_DICT        (COLD_BASE + MM_U(0xCA000))
#define COLD_DICT_MAX    MM_U(0x36000)
#define COLD_WINDOW_END  (COLD_DICT + COLD_DICT_MAX)

/* The UEFI image (docs/design.md "The EFI image", docs/uefi.md): linked
 * at EFI_BASE, a virtual address in the megabyte behind the cold part's,
 * which `bootefi` (commands/efi.c) maps page by page onto EFI_MAX bytes of
 * gtaboot's buffers; its code, data, bss and stack must fit. */
#define EFI_BASE         (COLD_BASE + COLD_WINDOW)
#define EFI_MAX          MM_U(0x40000)
/* The part of it the file may fill (code and data; the rest is bss). */
#define EFI_FILE_MAX     MM_U(0x20000)

/* ---- Where users load: U-Boot's ti_armv7_common.h values under the same
 * variable names (kernel_addr_r ...), so that boot scripts written for
 * U-Boot find them; common/environment.c makes them the variables' defaults and
 * every command's fallback. scriptaddr is U-Boot's 0x80000000. With less
 * than 256 MiB of RAM (the BeagleBoard B and C1-C3) the fdt and ramdisk
 * ones are the older OMAP3 ones, clear of gtaboot's area at the top. */
#define KERNEL_ADDR_R         MM_U(0x82000000)
#define FDT_ADDR_R            MM_U(0x88000000)
#define RAMDISK_ADDR_R        MM_U(0x88080000)
#define PXEFILE_ADDR_R        MM_U(0x80100000)
#define SCRIPT_ADDR           MM_U(0x80000000)
#define FDT_ADDR_R_SMALL      MM_U(0x81C00000)
#define RAMDISK_ADDR_R_SMALL  MM_U(0x83000000)

#endif
