// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * `flash mlo`'s SoC half: an MLO in NAND blocks 0-3, where the boot ROM
 * looks for it (SPRUF98/SPRUGN4 chapter "Initialization", NAND boot; the
 * layout is mlo_layout.h's), one block at a time so that a power cut never
 * leaves the NAND without a good copy. The image is a file in RAM (a CH in
 * front skipped) or the running one, put together from its pieces.
 * commands/nand.c parses the command and reaches this through arch/arm/platform.h.
 */
#include "arch/arm/omap3/mlo_flash.h"

#include <stdbool.h>

#include "arch/arm/omap3/mlo_rest.h"
#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

/*
 * The running MLO: the early image (arch/arm/early.ld), which the ROM
 * loaded, header excluded, and the SDRAM image's late part behind it
 * (arch/arm/gtaboot.ld), which keeps no variables. The early image's
 * .data has changed since (every initialised variable written at run
 * time), so `flash mlo` takes .data from the untouched copy start.S keeps
 * in __data_pristine.
 */
extern char _start[], __data_start[], __data_end[], __data_pristine[];
extern char __late_start[], __late_end[];

#define GP            MLO_GP_BYTES
/* What the ROM loads of an image (memmap.h): at most SRAM_IMAGE_MAX
 * bytes, from SRAM_BASE up to its public area. */
#define SRAM_LOAD_MIN SRAM_BASE
#define SRAM_LOAD_END SRAM_PUBLIC
#define MLO_MAX       SRAM_IMAGE_MAX

/* The MLO as it lies in NAND: the 8-byte GP header, then the image in up
 * to five pieces (early text + rodata; .data from its pristine copy; the
 * late part; the packed SDRAM image; the CRC trailer, see docs/design.md
 * "Two images"). The GP size, which is all the
 * ROM reads, may be less than size: the early part reads the rest. */
#define MLO_SEGS 5
struct mlo_src {
	uint8_t hdr[GP];
	const uint8_t *seg[MLO_SEGS];
	uint32_t len[MLO_SEGS];
	uint32_t size;          /* image bytes written: the sum of len[] */
};

static uint8_t mlo_byte(const struct mlo_src *m, uint32_t pos)
{
	if (pos < GP)
		return m->hdr[pos];
	pos -= GP;
	for (int i = 0; i < MLO_SEGS; i++) {
		if (pos < m->len[i])
			return m->seg[i][pos];
		pos -= m->len[i];
	}
	return 0xFF;
}

static void mlo_bytes(const struct mlo_src *m, uint32_t pos, uint8_t *out, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		out[i] = mlo_byte(m, pos + i);
}

static bool mlo_same(const struct mlo_src *m, uint32_t pos, const uint8_t *got, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (got[i] != mlo_byte(m, pos + i))
			return false;
	return true;
}

/*
 * Erase block b, program the image into it, read it back with the ECC
 * check and compare. The first page, which holds the GP header, is
 * programmed last, in two partial programs: first everything but the
 * 8-byte GP header, with the ECC of the finished page, then the header
 * alone. Until the last program completes the ROM finds no valid GP header
 * in this block (0xFFFFFFFF, or one "corrected" bit of it: still no valid
 * size or load address) and moves on to the next copy. A single program of
 * the whole page would not do: a program cut before the ECC bytes leaves
 * them 0xFF, and for a sector whose bits have odd parity the ROM's 1-bit
 * Hamming check takes 0xFF ECC for a correctable error, "corrects" a good
 * bit and runs the damaged copy. A copy that fails is erased again.
 */
static int write_copy(struct nand_chip *c, uint32_t b, const struct mlo_src *m)
{
	uint8_t page[NAND_PAGE_SIZE], spare[NAND_OOB_SIZE];
	uint32_t total = m->size + GP, first = b * c->pages_per_block;
	uint32_t npages = (total + c->page_size - 1) / c->page_size;
	const char *step = "erase";
	int r = nand_erase_block(c, b);

	for (uint32_t i = 1; !r && i < npages; i++) {
		uint32_t pos = i * c->page_size;
		uint32_t n = MIN(total - pos, c->page_size);

		memset(page, 0xFF, sizeof(page));
		mlo_bytes(m, pos, page, n);
		step = "program";
		r = nand_write_page(c, first + i, page);
	}
	if (!r) {
		/* The header page: body and final ECC, then the header. */
		memset(page, 0xFF, sizeof(page));
		mlo_bytes(m, 0, page, MIN(total, c->page_size));
		nand_page_ecc(page, spare);
		memset(page, 0xFF, GP);
		r = nand_write_page_raw(c, first, page, spare);
		if (!r) {
			memset(page, 0xFF, sizeof(page));
			memset(spare, 0xFF, sizeof(spare));
			mlo_bytes(m, 0, page, GP);
			r = nand_write_page_raw(c, first, page, spare);
		}
	}
	for (uint32_t pos = 0; !r && pos < total; pos += c->page_size) {
		uint32_t n = MIN(total - pos, c->page_size);

		step = "verify";
		r = nand_read_page(c, first + pos / c->page_size, page, NULL);
		/* a fresh page that already needs correcting is not a good copy */
		if (r > 0 || (!r && !mlo_same(m, pos, page, n)))
			r = -EIO;
	}
	if (r) {
		printf("block %u: %s failed (%s), copy dropped\n", (unsigned)b, step, errname(r));
		nand_erase_block(c, b);
	}
	return r;
}

static int mlo_from_ram(const uint8_t *p, uint32_t len, struct mlo_src *m, char *why,
			size_t n)
{
	uint32_t gp;

	/* a raw-boot MLO starts with the 512-byte configuration header */
	if (len >= MLO_CH_BYTES + GP && !memcmp(p + MLO_CH_NAME_OFF, "CHSETTINGS", 10)) {
		p += MLO_CH_BYTES;
		len -= MLO_CH_BYTES;
	}
	if (len < GP) {
		snprintf(why, n, "image too short");
		return -EINVAL;
	}
	memcpy(m->hdr, p, GP);
	gp = get_le32(p);
	if (!gp || gp > len - GP) {
		snprintf(why, n, "no GP header: size 0x%x does not fit the 0x%x bytes given",
			 (unsigned)gp, (unsigned)len);
		return -EINVAL;
	}
	m->size = gp;
	/* gtaboot's short MLO: the GP size covers the early part, the image
	 * runs on to the length its descriptor gives (start.S) */
	if (gp >= MLO_DESC_OFF + MLO_DESC_BYTES &&
	    get_le32(p + GP + MLO_DESC_OFF) == MLO_DESC_MAGIC &&
	    get_le32(p + GP + MLO_DESC_OFF + MLO_DESC_EARLY) == gp) {
		uint32_t total = get_le32(p + GP + MLO_DESC_OFF + MLO_DESC_TOTAL);

		if (total < gp || total > len - GP) {
			snprintf(why, n, "MLO of %u bytes, only 0x%x given", (unsigned)total,
				 (unsigned)len);
			return -EINVAL;
		}
		m->size = total;
	}
	memset(m->seg, 0, sizeof(m->seg));
	memset(m->len, 0, sizeof(m->len));
	m->seg[0] = p + GP;
	m->len[0] = m->size;
	return 0;
}

static int mlo_running(struct mlo_src *m)
{
	uint32_t load = (uint32_t)(uintptr_t)_start, crc = 0;
	const uint8_t *packed = mlo_rest_packed();

	m->seg[0] = (const uint8_t *)_start;
	m->len[0] = (uint32_t)(__data_start - _start);
	m->seg[1] = (const uint8_t *)__data_pristine;
	m->len[1] = (uint32_t)(__data_end - __data_start);
	m->seg[2] = (const uint8_t *)__late_start;
	m->len[2] = (uint32_t)(__late_end - __late_start);
	/* The packed cold part, where the early part found it: its length
	 * word, the deflated bytes; then the CRC trailer. */
	m->seg[3] = packed;
	m->len[3] = packed ? 4 + get_le32(packed) : 0;
	m->seg[4] = (const uint8_t *)&mlo_desc.crc;
	m->len[4] = MLO_TRAILER_BYTES;
	m->size = m->len[0] + m->len[1] + m->len[2] + m->len[3] + m->len[4];
	if (packed && m->size == mlo_desc.total) {
		crc = crc32(0, m->seg[2], m->len[2]);
		crc = crc32(crc, m->seg[3], m->len[3]);
	}
	/* The packed part lies in SDRAM after an SD or NAND boot, where a
	 * load may since have overwritten it. */
	if (!packed || m->size != mlo_desc.total || crc != mlo_desc.crc) {
		printf("error: flash: the running image's packed part was overwritten since the\n"
		       "boot (a load to 0x%08x..0x%08x?); load the MLO file into RAM and use\n"
		       "'flash mlo <addr> <len>'\n", COLD_STAGE, COLD_STAGE + COLD_STAGE_MAX);
		return -EBADMSG;
	}
	for (int i = 0; i < 4; i++) {
		m->hdr[i] = (uint8_t)(mlo_desc.early >> (8 * i));
		m->hdr[4 + i] = (uint8_t)(load >> (8 * i));
	}
	return 0;
}


const struct mlo_src *plat_mlo_prepare(const uint8_t *file, uint32_t len, char *why, size_t n)
{
	static struct mlo_src m;
	uint32_t load, gp;

	why[0] = 0;
	if (file ? mlo_from_ram(file, len, &m, why, n) : mlo_running(&m))
		return NULL;
	load = get_le32(m.hdr + 4);
	gp = get_le32(m.hdr);
	if (gp > MLO_MAX || load < SRAM_LOAD_MIN || load + gp > SRAM_LOAD_END) {
		snprintf(why, n, "0x%x bytes at 0x%08x: the ROM loads at most 0x%x bytes into "
			 "SRAM 0x%08x-0x%08x", (unsigned)gp, (unsigned)load, MLO_MAX,
			 SRAM_LOAD_MIN, SRAM_LOAD_END);
		return NULL;
	}
	return &m;
}

int plat_mlo_write(struct nand_chip *c, const struct mlo_src *m)
{
	unsigned good = 0;

	if (m->size + GP > c->block_size) {
		printf("error: flash: image larger than a block\n");
		return -EFBIG;
	}
	printf("MLO: %u bytes (the ROM loads %u), load address 0x%08x, into blocks 0-%u\n",
	       (unsigned)m->size, (unsigned)get_le32(m->hdr), (unsigned)get_le32(m->hdr + 4),
	       MLO_NAND_COPIES - 1);
	/* one block at a time: the others keep whatever good copy they hold */
	for (uint32_t b = 0; b < MLO_NAND_COPIES; b++) {
		int r = nand_block_is_bad(c, b);

		if (r) {
			printf("block %u: %s, skipped\n", (unsigned)b, r > 0 ? "bad" : errname(r));
			continue;
		}
		if (write_copy(c, b, m))
			continue;
		printf("block %u: written and verified\n", (unsigned)b);
		good++;
	}
	printf("%u of %u copies good\n", good, MLO_NAND_COPIES);
	if (!good) {
		printf("error: no good copy: the board will not boot from NAND; keep the SD card\n");
		return -EIO;
	}
	return 0;
}
