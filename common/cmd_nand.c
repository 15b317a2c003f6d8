// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Console commands for the on-board NAND: `nand info|bad|erase|read|write`
 * and `flash mlo`, which installs an MLO into blocks 0-3 where the boot ROM
 * looks for it (SPRUF98/SPRUGN4 chapter "Initialization", NAND boot), one
 * block at a time so that a power cut never leaves the NAND
 * without a good copy.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/arm/cold.h"
#include "arch/arm/omap3/mlo_rest.h"
#include "common/command.h"
#include "common/storage.h"
#include "common/sys.h"
#include "lib/bitops.h"
#include "lib/cmdline.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

/*
 * The running image (linker.ld): what the ROM loaded, header excluded.
 * Its .data has changed since (every initialised variable written at run
 * time), so `flash mlo` takes .data from the untouched copy start.S keeps
 * in __data_pristine.
 */
extern char _start[], __image_end[], __data_start[], __data_end[];
extern char __data_pristine[];

/* The MLO's layout (GP header, CH, descriptor, copies): mlo_layout.h. */
#define MLO_COPIES    MLO_NAND_COPIES
#define GP            MLO_GP_BYTES
/* What the ROM loads of an image (arch/arm/omap3/memmap.h): at most
 * SRAM_IMAGE_MAX bytes, from SRAM_BASE up to its public area. */
#define SRAM_LOAD_MIN SRAM_BASE
#define SRAM_LOAD_END SRAM_PUBLIC
#define MLO_MAX       SRAM_IMAGE_MAX

static struct nand_chip *chip_or_error(void)
{
	int err;
	struct nand_chip *c = storage_nand(&err);

	if (!c)
		printf("error: nand: no usable NAND chip (%s)\n", errname(err));
	return c;
}

static int num(char *const argv[], int i, const char *what, unsigned long *v)
{
	if (parse_ulong(argv[i], v))
		return cmd_error(argv, "bad %s '%s'", what, argv[i]);
	return 0;
}

/* [addr, addr + len) must be SDRAM, for a read into it or a write from it. */
static int ram_range(const char *what, unsigned long addr, unsigned long len)
{
	uint64_t end = (uint64_t)addr + len;

	if (addr < sys.dram.base[0] || end > sys_ram_end() || !sys_ram_end()) {
		printf("error: %s 0x%08lx-0x%08llx lies outside RAM\n", what, addr,
		       (unsigned long long)end);
		return -ENOSPC;
	}
	return 0;
}

static void print_size(uint64_t bytes)
{
	if (bytes >= (1u << 20))
		printf("%u MiB", (unsigned)(bytes >> 20));
	else
		printf("%u KiB", (unsigned)(bytes >> 10));
}

static int nand_info(struct nand_chip *c)
{
	printf("NAND: ID %02x %02x %02x %02x %02x", c->id[0], c->id[1], c->id[2], c->id[3],
	       c->id[4]);
	if (c->onfi)
		printf(", ONFI \"%s\"", c->model);
	printf("\n  ");
	print_size(c->size);
	printf(", x%u, page %u + %u OOB, block %u KiB, %u blocks\n", c->gpmc.x16 ? 16 : 8,
	       (unsigned)c->page_size, (unsigned)c->oob_size, (unsigned)(c->block_size >> 10),
	       (unsigned)c->nblocks);
	printf("  ECC: 1-bit Hamming (ROM layout, OOB 2-13); %u bit errors corrected so far\n",
	       c->corrected);
	return 0;
}

static int nand_bad(struct nand_chip *c)
{
	unsigned n = 0;

	for (uint32_t b = 0; b < c->nblocks; b++) {
		int r = nand_block_is_bad(c, b);

		if (r < 0) {
			printf("error: nand: block %u: %s\n", (unsigned)b, errname(r));
			return r;
		}
		if (r) {
			printf("  bad block %u (offset 0x%08x)\n", (unsigned)b,
			       (unsigned)(b * c->block_size));
			n++;
		}
	}
	printf("%u bad block%s\n", n, n == 1 ? "" : "s");
	return 0;
}

static int nand_erase(struct nand_chip *c, char *const argv[], unsigned long off,
		      unsigned long len)
{
	unsigned done = 0, skipped = 0;
	int ret = 0;

	if (off % c->block_size || len % c->block_size || !len)
		return cmd_error(argv, "offset and length must be multiples of the block size 0x%x",
				 (unsigned)c->block_size);
	for (uint32_t b = off / c->block_size; b < (off + len) / c->block_size; b++) {
		int r = nand_block_is_bad(c, b);

		if (!r)
			r = nand_erase_block(c, b);
		else if (r > 0) {
			printf("skipping bad block %u\n", (unsigned)b);
			skipped++;
			continue;
		}
		if (r) {
			printf("error: nand: erasing block %u: %s\n", (unsigned)b, errname(r));
			ret = r;
			continue;
		}
		done++;
	}
	printf("%u block%s erased, %u bad skipped\n", done, done == 1 ? "" : "s", skipped);
	return ret;
}

static int nand_read_cmd(struct nand_chip *c, unsigned long addr, unsigned long off,
			 unsigned long len)
{
	unsigned skipped;
	int r;

	if (ram_range("destination", addr, len))
		return -ENOSPC;
	r = nand_read_skip_bad(c, off, len, (uint8_t *)addr, c->size, &skipped);
	if (skipped)
		printf("skipped %u bad block%s\n", skipped, skipped == 1 ? "" : "s");
	if (r == -EBADMSG) {
		printf("error: nand: uncorrectable ECC error (data copied anyway)\n");
		return r;
	}
	if (r < 0) {
		printf("error: nand: read: %s\n", errname(r));
		return r;
	}
	printf("%lu bytes read from 0x%lx to 0x%08lx", len, off, addr);
	if (r)
		printf(", %d bit error%s corrected", r, r == 1 ? "" : "s");
	printf("\n");
	return 0;
}

static int nand_write_cmd(struct nand_chip *c, unsigned long addr, unsigned long off,
			  unsigned long len)
{
	uint8_t page[NAND_PAGE_SIZE];
	const uint8_t *src = (const uint8_t *)addr;
	uint64_t pos = off;
	unsigned long left = len;
	bool check = true;

	if (ram_range("source", addr, len))
		return -ENOSPC;
	while (left) {
		uint32_t n = left < c->page_size ? left : c->page_size;
		uint32_t pg, block = (uint32_t)(pos / c->block_size);
		int r = nand_skip_bad(c, &pos, c->size, &check);

		if (r == -ENOSPC) {
			printf("error: nand: reached the end of the chip with %lu bytes left\n", left);
			return r;
		}
		if (r < 0)
			return r;
		if (r) {
			printf("skipping bad block %u\n", (unsigned)block);
			continue;
		}
		pg = (uint32_t)(pos / c->page_size);
		memset(page, 0xFF, sizeof(page));
		memcpy(page, src, n);
		r = nand_write_page(c, pg, page);
		if (r) {
			printf("error: nand: programming page %u: %s\n", (unsigned)pg, errname(r));
			return r;
		}
		src += n;
		left -= n;
		pos += c->page_size;
	}
	printf("%lu bytes written to 0x%lx\n", len, off);
	return 0;
}

static int do_nand(int argc, char *const argv[])
{
	struct nand_chip *c;
	unsigned long addr = 0, off, len;
	const char *sub = argc > 1 ? argv[1] : "";
	bool rw = !strcmp(sub, "read") || !strcmp(sub, "write");

	if (!strcmp(sub, "info") || !strcmp(sub, "bad")) {
		if (argc != 2)
			return cmd_error(argv, "'%s' takes no arguments", sub);
	} else if (!strcmp(sub, "erase")) {
		if (argc != 4)
			return cmd_error(argv, "erase takes <off> <len>");
	} else if (rw) {
		if (argc != 5)
			return cmd_error(argv, "%s takes <addr> <off> <len>", sub);
	} else {
		return cmd_error(argv, "unknown subcommand '%s'", sub);
	}
	if ((rw && num(argv, 2, "address", &addr)) || (argc >= 4 &&
	    (num(argv, argc - 2, "offset", &off) || num(argv, argc - 1, "length", &len))))
		return -EINVAL;
	c = chip_or_error();
	if (!c)
		return -ENODEV;
	if (!strcmp(sub, "info"))
		return nand_info(c);
	if (!strcmp(sub, "bad"))
		return nand_bad(c);
	if (!len || (uint64_t)off + len > c->size)
		return cmd_error(argv, "0x%lx+0x%lx is not within the chip (0x%llx bytes)", off, len,
				 (unsigned long long)c->size);
	if (!strcmp(sub, "erase"))
		return nand_erase(c, argv, off, len);
	if (off % c->page_size)
		return cmd_error(argv, "offset must be a multiple of the page size 0x%x",
				 (unsigned)c->page_size);
	if (!strcmp(sub, "read"))
		return nand_read_cmd(c, addr, off, len);
	return nand_write_cmd(c, addr, off, len);
}

CMD(nand, "nand", do_nand, "nand info|bad|erase <off> <len>|read <addr> <off> <len>|write <addr> <off> <len>",
    "NAND: chip info, bad blocks, erase, read/write with ECC (write: erase first)");

/* ---------------------------------------------------------------- flash mlo */

/* The MLO as it lies in NAND: the 8-byte GP header, then the image in up
 * to five pieces (early text + rodata; .data from its pristine copy; the
 * late hot part; the packed cold part; the CRC trailer, see linker.ld and
 * docs/design.md "The ROM-loaded part"). The GP size, which is all the
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

static int mlo_from_ram(char *const argv[], struct mlo_src *m)
{
	unsigned long addr, len;
	const uint8_t *p;
	uint32_t gp;

	if (num(argv, 2, "address", &addr) || num(argv, 3, "length", &len))
		return -EINVAL;
	if (ram_range("image", addr, len))
		return -ENOSPC;
	p = (const uint8_t *)addr;
	/* a raw-boot MLO starts with the 512-byte configuration header */
	if (len >= MLO_CH_BYTES + GP && !memcmp(p + MLO_CH_NAME_OFF, "CHSETTINGS", 10)) {
		p += MLO_CH_BYTES;
		len -= MLO_CH_BYTES;
	}
	if (len < GP)
		return cmd_error(argv, "image too short");
	memcpy(m->hdr, p, GP);
	gp = get_le32(p);
	if (!gp || gp > len - GP)
		return cmd_error(argv, "no GP header: size 0x%x does not fit the 0x%lx bytes given",
				 (unsigned)gp, len);
	m->size = gp;
	/* gtaboot's short MLO: the GP size covers the early part, the image
	 * runs on to the length its descriptor gives (start.S) */
	if (gp >= MLO_DESC_OFF + MLO_DESC_BYTES &&
	    get_le32(p + GP + MLO_DESC_OFF) == MLO_DESC_MAGIC &&
	    get_le32(p + GP + MLO_DESC_OFF + MLO_DESC_EARLY) == gp) {
		uint32_t total = get_le32(p + GP + MLO_DESC_OFF + MLO_DESC_TOTAL);

		if (total < gp || total > len - GP)
			return cmd_error(argv, "MLO of %u bytes, only 0x%lx given", (unsigned)total,
					 len);
		m->size = total;
	}
	memset(m->seg, 0, sizeof(m->seg));
	memset(m->len, 0, sizeof(m->len));
	m->seg[0] = p + GP;
	m->len[0] = m->size;
	return 0;
}

static int mlo_running(char *const argv[], struct mlo_src *m)
{
	uint32_t load = (uint32_t)(uintptr_t)_start, crc = 0;
	const uint8_t *packed = mlo_rest_packed();

	m->seg[0] = (const uint8_t *)_start;
	m->len[0] = (uint32_t)(__data_start - _start);
	m->seg[1] = (const uint8_t *)__data_pristine;
	m->len[1] = (uint32_t)(__data_end - __data_start);
	m->seg[2] = (const uint8_t *)__data_end;
	m->len[2] = (uint32_t)(__image_end - __data_end);
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

static int do_flash(int argc, char *const argv[])
{
	struct mlo_src m;
	struct nand_chip *c;
	uint32_t load, gp;
	unsigned good = 0;
	int r;

	if (argc < 2 || strcmp(argv[1], "mlo") || (argc != 2 && argc != 4))
		return cmd_error(argv, "usage: flash mlo [<addr> <len>]");
	r = argc == 4 ? mlo_from_ram(argv, &m) : mlo_running(argv, &m);
	if (r)
		return r;
	load = get_le32(m.hdr + 4);
	gp = get_le32(m.hdr);
	if (gp > MLO_MAX || load < SRAM_LOAD_MIN || load + gp > SRAM_LOAD_END)
		return cmd_error(argv, "0x%x bytes at 0x%08x: the ROM loads at most 0x%x bytes "
				 "into SRAM 0x%08x-0x%08x", (unsigned)gp, (unsigned)load,
				 MLO_MAX, SRAM_LOAD_MIN, SRAM_LOAD_END);
	c = chip_or_error();
	if (!c)
		return -ENODEV;
	if (m.size + GP > c->block_size)
		return cmd_error(argv, "image larger than a block");
	printf("MLO: %u bytes (the ROM loads %u), load address 0x%08x, into blocks 0-%u\n",
	       (unsigned)m.size, (unsigned)gp, (unsigned)load, MLO_COPIES - 1);
	/* one block at a time: the others keep whatever good copy they hold */
	for (uint32_t b = 0; b < MLO_COPIES; b++) {
		r = nand_block_is_bad(c, b);

		if (r) {
			printf("block %u: %s, skipped\n", (unsigned)b, r > 0 ? "bad" : errname(r));
			continue;
		}
		if (write_copy(c, b, &m))
			continue;
		printf("block %u: written and verified\n", (unsigned)b);
		good++;
	}
	printf("%u of %u copies good\n", good, MLO_COPIES);
	if (!good) {
		printf("error: no good copy: the board will not boot from NAND; keep the SD card\n");
		return -EIO;
	}
	return 0;
}

CMD(flash, "flash", do_flash, "flash mlo [<addr> <len>]",
    "write the running MLO (or the image at addr) into NAND blocks 0-3 for the boot ROM");
