// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for `flash mlo`'s reading of an MLO file in RAM
 * (arch/arm/omap3/mlo_flash.c, built here with its NAND and running-image
 * ends stubbed): with or without a CH, whatever GP size and descriptor
 * the file claims, an accepted image lies inside the file and fits what
 * the ROM loads; a refused one says why. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The running image's linker symbols, renamed: the host's C start-up has
 * its own _start and __data_start. Never used: prepare() gets a file. */
#define _start fz_start
#define __data_start fz_data_start
#define __data_end fz_data_end
#define __data_pristine fz_data_pristine
#include "arch/arm/omap3/mlo_flash.c"

char _start[4], __data_start[4], __data_end[4], __data_pristine[4], __late_start[4], __late_end[4];
const struct mlo_desc mlo_desc;
const uint8_t *mlo_rest_packed(void) { return NULL; }
int nand_erase_block(struct nand_chip *c, uint32_t b) { (void)c; (void)b; return -EIO; }
int nand_write_page(struct nand_chip *c, uint32_t p, const uint8_t *d)
{ (void)c; (void)p; (void)d; return -EIO; }
int nand_write_page_raw(struct nand_chip *c, uint32_t p, const uint8_t *d, const uint8_t *s)
{ (void)c; (void)p; (void)d; (void)s; return -EIO; }
int nand_read_page(struct nand_chip *c, uint32_t p, uint8_t *d, uint8_t *s)
{ (void)c; (void)p; (void)d; (void)s; return -EIO; }
void nand_page_ecc(const uint8_t *d, uint8_t *s) { (void)d; (void)s; }
int nand_block_is_bad(struct nand_chip *c, uint32_t b) { (void)c; (void)b; return 1; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char why[128];
	const struct mlo_src *m;
	uint8_t *copy;
	uint32_t sum = 0;

	if (size > 1u << 20)
		return 0;
	/* its own buffer, so that a read past the file is ASan's to see */
	copy = malloc(size ? size : 1);
	memcpy(copy, data, size);
	m = plat_mlo_prepare(copy, (uint32_t)size, why, sizeof(why));
	if (!m) {
		if (!why[0])
			abort();
	} else {
		if ((uint64_t)m->size + GP > size || get_le32(m->hdr) > MLO_MAX)
			abort();
		for (uint32_t pos = 0; pos < m->size + GP; pos++)
			sum += mlo_byte(m, pos);
	}
	free(copy);
	return (int)(sum & 0);
}
