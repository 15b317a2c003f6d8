/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where `boot nand` finds the kernel and the DTB stored raw in the NAND's
 * kernel partition (board.h: nand_kernel_off/size): each image at the
 * start of a block, recognised by its header (lib/boot/image.h image_identify).
 * Boot policy over the NAND driver, not part of it.
 */
#ifndef COMMON_BOOT_NAND_H
#define COMMON_BOOT_NAND_H

#include <stdbool.h>
#include <stdint.h>

#include "drivers/mtd/nand.h"
#include "lib/boot/image.h"

struct nand_img {
	bool found;
	enum image_kind kind;  /* IMAGE_UIMAGE, IMAGE_ZIMAGE or IMAGE_FDT */
	uint32_t nand_off;     /* where it starts in the NAND */
	uint32_t addr;         /* where it was loaded */
	uint32_t size;         /* bytes loaded (whole image, header included) */
};

/*
 * Scan [off, off + len) block by block (bad blocks skipped) for the first
 * kernel (uImage or zImage) and the first FDT; load the kernel at
 * kaddr (at most kmax bytes) and the FDT at faddr (at most fmax). What was
 * not found is left with found false. Returns 0 when a kernel was found
 * and loaded, -ENOENT when none, -EFBIG when an image exceeds its room,
 * -EBADMSG for an uncorrectable ECC error, -ETIMEDOUT.
 */
int nand_load_boot_images(struct nand_chip *c, uint32_t off, uint32_t len,
			  uint32_t kaddr, uint32_t kmax, uint32_t faddr, uint32_t fmax,
			  struct nand_img *kernel, struct nand_img *fdt);

/*
 * A boot script image (mkimage -T script) stored raw at off (page aligned,
 * as Letux's map has boot.scr at 0x1b0000, inside a block), read to addr:
 * its first page, then the rest when the header says it is a script of at
 * most max bytes in all. *size gets the bytes read. -ENOENT when off holds
 * no script image header (the image itself is checked by `source`),
 * -EFBIG, -EBADMSG, -ETIMEDOUT, -EINVAL.
 */
int nand_load_script(struct nand_chip *c, uint32_t off, uint32_t max, uint32_t addr,
		     uint32_t *size);

#endif
