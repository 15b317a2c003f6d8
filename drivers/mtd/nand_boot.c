// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel and DTB stored raw in the NAND's kernel partition, found by
 * their headers at block starts (uImage: U-Boot's legacy header; zImage:
 * Linux's ARM boot header; FDT: the devicetree specification's header).
 */
#include <stddef.h>

#include "drivers/mtd/nand_boot.h"
#include "lib/bitops.h"
#include "lib/errno.h"

#define UIMAGE_MAGIC 0x27051956u
#define ZIMAGE_MAGIC 0x016F2818u
#define FDT_MAGIC    0xD00DFEEDu

enum nand_img_kind nand_img_identify(const uint8_t *h, uint32_t *size)
{
	if (get_be32(h) == UIMAGE_MAGIC) {
		uint32_t n = get_be32(h + 12);

		if (n && n <= 0x7FFFFFFFu - 64) {
			*size = 64 + n;
			return NAND_IMG_UIMAGE;
		}
	}
	if (get_le32(h + 0x24) == ZIMAGE_MAGIC) {
		uint32_t start = get_le32(h + 0x28), end = get_le32(h + 0x2C);

		if (end > start) {
			*size = end - start;
			return NAND_IMG_ZIMAGE;
		}
	}
	if (get_be32(h) == FDT_MAGIC) {
		uint32_t n = get_be32(h + 4);

		if (n >= 40) {
			*size = n;
			return NAND_IMG_FDT;
		}
	}
	return NAND_IMG_NONE;
}

int nand_load_boot_images(struct nand_chip *c, uint32_t off, uint32_t len,
			  uint32_t kaddr, uint32_t kmax, uint32_t faddr, uint32_t fmax,
			  struct nand_img *kernel, struct nand_img *fdt)
{
	uint8_t page[NAND_PAGE_SIZE];
	uint64_t end = (uint64_t)off + len;

	kernel->kind = NAND_IMG_NONE;
	fdt->kind = NAND_IMG_NONE;
	if (off % c->block_size || end > c->size)
		return -EINVAL;
	while (off < end && (!kernel->kind || !fdt->kind)) {
		uint32_t block = off / c->block_size, size = 0;
		struct nand_img *img;
		unsigned skipped;
		int r = nand_block_is_bad(c, block);

		if (r < 0)
			return r;
		if (r) {
			off += c->block_size;
			continue;
		}
		r = nand_read_page(c, block * c->pages_per_block, page, NULL);
		if (r < 0 && r != -EBADMSG)
			return r;
		switch (r < 0 ? NAND_IMG_NONE : nand_img_identify(page, &size)) {
		case NAND_IMG_UIMAGE:
		case NAND_IMG_ZIMAGE:
			img = kernel->kind ? NULL : kernel;
			if (img && size > kmax)
				return -EFBIG;
			if (img)
				img->addr = kaddr;
			break;
		case NAND_IMG_FDT:
			img = fdt->kind ? NULL : fdt;
			if (img && size > fmax)
				return -EFBIG;
			if (img)
				img->addr = faddr;
			break;
		default:
			img = NULL;
			break;
		}
		if (!img) {
			off += c->block_size;
			continue;
		}
		r = nand_read_skip_bad(c, off, size, (uint8_t *)(uintptr_t)img->addr, end,
				       &skipped);
		if (r < 0)
			return r;
		img->kind = nand_img_identify(page, &img->size);
		img->nand_off = off;
		/* the next image starts in a later block: skip what this one used */
		off += (uint32_t)ALIGN_UP((uint64_t)size, c->block_size) + skipped * c->block_size;
	}
	return kernel->kind ? 0 : -ENOENT;
}
