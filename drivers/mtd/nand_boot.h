/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Finding and loading the kernel and the DTB stored raw in the NAND's
 * kernel partition (board.h: nand_kernel_off/size), each image at the
 * start of a block and recognised by its header: uImage (0x27051956),
 * zImage (0x016F2818 at 0x24) or flattened device tree (0xd00dfeed).
 */
#ifndef DRIVERS_MTD_NAND_BOOT_H
#define DRIVERS_MTD_NAND_BOOT_H

#include <stdint.h>

#include "drivers/mtd/nand.h"

enum nand_img_kind { NAND_IMG_NONE, NAND_IMG_UIMAGE, NAND_IMG_ZIMAGE, NAND_IMG_FDT };

struct nand_img {
	enum nand_img_kind kind;
	uint32_t nand_off;   /* where it starts in the NAND */
	uint32_t addr;       /* where it was loaded */
	uint32_t size;       /* bytes loaded (whole image, header included) */
};

/* The kind and total size of an image from its first bytes (>= 64), or
 * NAND_IMG_NONE. Pure: host-testable. */
enum nand_img_kind nand_img_identify(const uint8_t *hdr, uint32_t *size);

/*
 * Scan [off, off + len) block by block (bad blocks skipped) for the first
 * kernel (uImage or zImage) and the first FDT; load the kernel at
 * kaddr (at most kmax bytes) and the FDT at faddr (at most fmax). A kind
 * not found is left NAND_IMG_NONE in the result. Returns 0 when a kernel
 * was found and loaded, -ENOENT when none, -EFBIG when an image exceeds its
 * room, -EBADMSG for an uncorrectable ECC error, -ETIMEDOUT.
 */
int nand_load_boot_images(struct nand_chip *c, uint32_t off, uint32_t len,
			  uint32_t kaddr, uint32_t kmax, uint32_t faddr, uint32_t fmax,
			  struct nand_img *kernel, struct nand_img *fdt);

#endif
