// SPDX-License-Identifier: GPL-2.0-or-later
/* The kernel and DTB stored raw in the NAND's kernel partition, found by
 * their headers at block starts (common/boot_nand.h). */
#include <stddef.h>

#include "common/boot_nand.h"
#include "lib/bitops.h"
#include "lib/errno.h"

int nand_load_boot_images(struct nand_chip *c, uint32_t off, uint32_t len,
			  uint32_t kaddr, uint32_t kmax, uint32_t faddr, uint32_t fmax,
			  struct nand_img *kernel, struct nand_img *fdt)
{
	uint8_t page[NAND_PAGE_SIZE];
	uint64_t end = (uint64_t)off + len;

	kernel->found = false;
	fdt->found = false;
	if (off % c->block_size || end > c->size)
		return -EINVAL;
	while (off < end && (!kernel->found || !fdt->found)) {
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
		switch (r < 0 ? IMAGE_RAW : image_identify(page, sizeof(page), &size)) {
		case IMAGE_UIMAGE:
		case IMAGE_ZIMAGE:
			img = kernel->found ? NULL : kernel;
			if (img && size > kmax)
				return -EFBIG;
			if (img)
				img->addr = kaddr;
			break;
		case IMAGE_FDT:
			img = fdt->found ? NULL : fdt;
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
		img->found = true;
		img->kind = image_identify(page, sizeof(page), &img->size);
		img->nand_off = off;
		/* the next image starts in a later block: skip what this one used */
		off += (uint32_t)ALIGN_UP((uint64_t)size, c->block_size) + skipped * c->block_size;
	}
	return kernel->found ? 0 : -ENOENT;
}

int nand_load_script(struct nand_chip *c, uint32_t off, uint32_t max, uint32_t addr,
		     uint32_t *size)
{
	uint8_t *buf = (uint8_t *)(uintptr_t)addr;
	uint32_t total;
	int r = nand_read_skip_bad(c, off, c->page_size, buf, c->size, NULL);

	if (r < 0)
		return r;
	/* byte 30 of the legacy header is its type */
	if (image_identify(buf, c->page_size, &total) != IMAGE_UIMAGE ||
	    buf[30] != UIMAGE_TYPE_SCRIPT)
		return -ENOENT;
	if (total > max)
		return -EFBIG;
	r = nand_read_skip_bad(c, off, total, buf, c->size, NULL);
	if (r < 0)
		return r;
	*size = total;
	return 0;
}
