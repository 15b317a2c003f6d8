/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The header of efi.img, gtaboot's UEFI image (docs/design.md "The EFI
 * image"): what `bootefi` (commands/efi.c) checks before it runs a byte of
 * it. The image is linked against one SDRAM image's symbols, so it names
 * that image: sdram_id is the CRC-32 in the MLO descriptor
 * (arch/arm/omap3/mlo_layout.h) of the MLO it was built with, which
 * covers the whole SDRAM image (arch/arm/cold.h cold_image_id()).
 * tools/mkefiimg.py fills in length, crc and sdram_id.
 */
#ifndef LIB_EFI_EFIIMG_H
#define LIB_EFI_EFIIMG_H

#include <stdint.h>

#define EFI_IMG_MAGIC   0x49464547u   /* "GEFI" */
#define EFI_IMG_VERSION 1u

/* The entry: bootefi's arguments; returns 0 or a negative errno, the
 * reason printed. */
typedef int (*efi_img_entry)(int argc, char *const argv[]);

struct efi_img_header {
	uint32_t magic;
	uint32_t version;
	uint32_t load;       /* the link address, EFI_BASE */
	uint32_t length;     /* bytes of the file, header included */
	uint32_t end;        /* the end of its bss, an address */
	uint32_t entry;      /* an address (Thumb bit set) */
	uint32_t sdram_id;   /* the MLO descriptor's CRC of the SDRAM image */
	uint32_t crc;        /* CRC-32 of the file with this field 0 */
};

/*
 * Checks efi.img as read (size bytes) before a byte of it runs: the magic
 * and version, the link address (load), the length (size), the memory it
 * spans (at most mem_max from load), the entry inside the file, the CRC,
 * then the SDRAM image it was built for. 0; -EBADMSG (corrupt or not an
 * EFI image of gtaboot's), -ENOTSUP (built for another SDRAM image), *why
 * naming it.
 */
int efi_img_check(const void *file, uint32_t size, uint32_t load, uint32_t mem_max,
		  uint32_t sdram_id, const char **why);

#endif
