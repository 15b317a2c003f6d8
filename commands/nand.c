// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Console commands for the on-board NAND: `nand info|bad|erase|read|write`
 * and `flash mlo`, which installs an MLO into blocks 0-3 where the boot ROM
 * looks for it, one block at a time so that a power cut never leaves the
 * NAND without a good copy (the SoC's half: arch/arm/omap3/mlo_flash.c).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/arm/cold.h"
#include "arch/arm/platform.h"
#include "common/command.h"
#include "common/mtd.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "lib/bitops.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

static struct nand_chip *chip_or_error(void)
{
	int err;
	struct nand_chip *c = storage_nand(&err);

	if (!c)
		pr_err("error: nand: no usable NAND chip (%s)\n", errname(err));
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
		pr_err("error: %s 0x%08lx-0x%08llx lies outside RAM\n", what, addr,
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
			pr_err("error: nand: block %u: %s\n", (unsigned)b, errname(r));
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
			pr_err("error: nand: erasing block %u: %s\n", (unsigned)b, errname(r));
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
		pr_err("error: nand: uncorrectable ECC error (data copied anyway)\n");
		return r;
	}
	if (r < 0) {
		pr_err("error: nand: read: %s\n", errname(r));
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
			pr_err("error: nand: reached the end of the chip with %lu bytes left\n", left);
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
			pr_err("error: nand: programming page %u: %s\n", (unsigned)pg, errname(r));
			return r;
		}
		src += n;
		left -= n;
		pos += c->page_size;
	}
	printf("%lu bytes written to 0x%lx\n", len, off);
	return 0;
}

/* <off|partition> [<len>] at argv[i]: a partition gives both, its length
 * the default and the limit, as U-Boot's arg_off_size(). */
static int off_len(char *const argv[], int argc, int i, struct nand_chip *c, unsigned long *off,
		   unsigned long *len)
{
	uint64_t poff, psize;
	int err;

	if (parse_ulong(argv[i], off)) {
		err = mtd_part_lookup(argv[i], c->size, &poff, &psize);
		if (err == -ENOENT)
			return cmd_error(argv, "no partition or offset '%s'", argv[i]);
		if (err)
			return err;
		*off = (unsigned long)poff;
		*len = (unsigned long)psize;
		if (argc > i + 1 && (num(argv, i + 1, "length", len) || *len > psize))
			return cmd_error(argv, "length '%s' is not within partition '%s'",
					 argv[i + 1], argv[i]);
		return 0;
	}
	if (argc <= i + 1)
		return cmd_error(argv, "a length is needed after an offset");
	return num(argv, i + 1, "length", len);
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
		if (argc != 3 && argc != 4)
			return cmd_error(argv, "erase takes <off> <len> or <partition> [<len>]");
	} else if (rw) {
		if (argc != 4 && argc != 5)
			return cmd_error(argv, "%s takes <addr> <off> <len> or <addr> <partition> "
					 "[<len>]", sub);
	} else {
		return cmd_error(argv, "unknown subcommand '%s'", sub);
	}
	if (rw && num(argv, 2, "address", &addr))
		return -EINVAL;
	c = chip_or_error();
	if (!c)
		return -ENODEV;
	if (!strcmp(sub, "info"))
		return nand_info(c);
	if (!strcmp(sub, "bad"))
		return nand_bad(c);
	if (off_len(argv, argc, rw ? 3 : 2, c, &off, &len))
		return -EINVAL;
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

CMD(nand, "nand", do_nand, "nand info|bad|erase <off|part> [len]|read <addr> <off|part> [len]|write <addr> <off|part> [len]",
    "NAND: chip info, bad blocks, erase, read/write with ECC (write: erase first)");

/* ---------------------------------------------------------------- flash mlo */

/* The MLO's format and how its copies go into NAND are the SoC's
 * (plat_mlo_prepare, plat_mlo_write: arch/arm/omap3/mlo_flash.c); here the command line and RAM. */
static int do_flash(int argc, char *const argv[])
{
	unsigned long addr = 0, len = 0;
	const struct mlo_src *m;
	struct nand_chip *c;
	char why[128];

	if (argc < 2 || strcmp(argv[1], "mlo") || (argc != 2 && argc != 4))
		return cmd_error(argv, "usage: flash mlo [<addr> <len>]");
	if (argc == 4) {
		if (num(argv, 2, "address", &addr) || num(argv, 3, "length", &len))
			return -EINVAL;
		if (ram_range("image", addr, len))
			return -ENOSPC;
	}
	m = plat_mlo_prepare(argc == 4 ? (const uint8_t *)addr : NULL, (uint32_t)len, why,
				 sizeof(why));
	if (!m)
		return why[0] ? cmd_error(argv, "%s", why) : -EBADMSG;
	c = chip_or_error();
	if (!c)
		return -ENODEV;
	return plat_mlo_write(c, m);
}

CMD(flash, "flash", do_flash, "flash mlo [<addr> <len>]",
    "write the running MLO (or the image at addr) into NAND blocks 0-3 for the boot ROM");
