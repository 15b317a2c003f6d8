// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The U-Boot environment in the board's NAND, where U-Boot and Linux's
 * fw_printenv/fw_setenv (libubootenv) find it: two copies in U-Boot's
 * redundant layout (lib/ubenv.h), read at boot before /uEnv.txt, written
 * by saveenv one copy at a time. The NAND side follows U-Boot's
 * env/nand.c (the copy's range is erased, bad blocks in it skipped, the
 * copy written over the good ones) through drivers/mtd/nand.h (ONFI 1.0,
 * the ROM's HAM1 ECC layout; TRM "GPMC").
 */
#include "common/envstore.h"

#include <stdbool.h>
#include <stdint.h>

#include "board/board.h"
#include "common/command.h"
#include "common/storage.h"
#include "common/sys.h"
#include "common/vars.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "lib/ubenv.h"

/* The copy the environment came from (-1: none, the defaults) and its
 * counter: saveenv writes the other one with the counter + 1, as U-Boot's
 * env/nand.c saveenv and libubootenv's libuboot_env_store do. */
static int current = -1;
static uint8_t cur_flags;
static uint8_t *blkbuf;

static uint8_t *buffer(const struct board_env_nand *l)
{
	if (!blkbuf)
		blkbuf = scratch_alloc(l->size);
	return blkbuf;
}

static struct nand_chip *chip(const struct board_env_nand *l, bool quiet)
{
	struct nand_chip *c;
	int err;

	if (!l || !storage_has_nand()) {
		if (!quiet)
			printf("error: saveenv: this board keeps no environment in NAND (no NAND)\n");
		return NULL;
	}
	c = storage_nand(&err);
	if (!c && !quiet)
		printf("error: saveenv: no usable NAND chip (%s)\n", errname(err));
	/* a copy is whole pages in whole blocks of its own */
	if (c && (l->size % c->page_size || l->range % c->block_size || l->off[0] % c->block_size ||
		  l->off[1] % c->block_size || l->size > l->range)) {
		printf("error: env: NAND layout 0x%x/0x%x does not fit the chip's blocks\n",
		       (unsigned)l->size, (unsigned)l->range);
		return NULL;
	}
	return c;
}

static int read_copy(struct nand_chip *c, const struct board_env_nand *l, int i, uint8_t *buf)
{
	int r = nand_read_skip_bad(c, l->off[i], l->size, buf, (uint64_t)l->off[i] + l->range, NULL);

	return r < 0 ? r : 0;
}

static void import_warn(void *arg, unsigned n, const char *why)
{
	(void)arg;
	printf("env: variable %u of the stored environment skipped: %s\n", n, why);
}

/* Why a copy was refused, for the console. */
static const char *why(int rd, int chk)
{
	if (rd)
		return rd == -EBADMSG ? "uncorrectable ECC error" : errname(rd);
	return chk == -EBADMSG ? "bad CRC" : "no valid entries";
}

void envstore_load(struct env *e)
{
	const struct board_env_nand *l = board.env_nand;
	struct ubenv_copy cp[2];
	struct nand_chip *c = chip(l, true);
	uint8_t *buf;
	int rd[2], chk[2], pick;

	if (!c)
		return;
	buf = buffer(l);
	if (!buf) {
		printf("env: no memory for the NAND environment\n");
		return;
	}
	printf("Loading Environment from NAND... ");
	for (int i = 0; i < 2; i++) {
		cp[i].ok = false;
		rd[i] = read_copy(c, l, i, buf);
		chk[i] = rd[i] ? 0 : ubenv_check(buf, l->size, true, &cp[i]);
	}
	pick = ubenv_pick(&cp[0], &cp[1]);
	if (pick < 0) {
		/* U-Boot's words, so that scripts and users recognise it */
		printf("*** Warning - bad CRC, using default environment\n");
		/* erased blocks are the normal first boot: no detail then */
		for (int i = 0; i < 2; i++)
			if (rd[i] || chk[i] != -EBADMSG)
				printf("env: copy %d at 0x%x: %s\n", i, (unsigned)l->off[i],
				       why(rd[i], chk[i]));
		return;
	}
	if (pick == 0 && read_copy(c, l, 0, buf)) {
		printf("FAILED (copy 0 unreadable)\n");
		return;
	}
	printf("OK\n");
	if (!cp[!pick].ok)
		printf("env: copy %d at 0x%x refused (%s), using copy %d\n", !pick,
		       (unsigned)l->off[!pick], why(rd[!pick], chk[!pick]), pick);
	current = pick;
	cur_flags = cp[pick].flags;
	ubenv_import(e, buf, l->size, true, import_warn, NULL);
}

/* Erase the copy's range (bad blocks skipped), program it with the first
 * page last, so that until the end the copy has no CRC a reader could take,
 * and compare what reads back. */
static int write_copy(struct nand_chip *c, const struct board_env_nand *l, int i,
		      const uint8_t *blk)
{
	static uint8_t page[NAND_PAGE_SIZE];
	uint64_t end = (uint64_t)l->off[i] + l->range, pos;
	bool check;
	int r;

	for (uint32_t b = l->off[i] / c->block_size; b < end / c->block_size; b++) {
		r = nand_block_is_bad(c, b);
		if (r > 0)
			continue;
		if (!r)
			r = nand_erase_block(c, b);
		if (r)
			return r;
	}
	for (int pass = 0; pass < 2; pass++) {
		pos = l->off[i];
		check = true;
		for (uint32_t done = 0; done < l->size; done += c->page_size, pos += c->page_size) {
			while ((r = nand_skip_bad(c, &pos, end, &check)) == 1)
				;
			if (r)
				return r;
			if ((pass == 0) == (done == 0))
				continue;       /* pass 0: all but the first; pass 1: it */
			r = nand_write_page(c, (uint32_t)(pos / c->page_size), blk + done);
			if (r)
				return r;
		}
	}
	pos = l->off[i];
	check = true;
	for (uint32_t done = 0; done < l->size; done += c->page_size, pos += c->page_size) {
		while ((r = nand_skip_bad(c, &pos, end, &check)) == 1)
			;
		if (r)
			return r;
		r = nand_read_page(c, (uint32_t)(pos / c->page_size), page, NULL);
		if (r < 0 || memcmp(page, blk + done, c->page_size))
			return -EIO;
	}
	return 0;
}

int envstore_save(const struct env *e)
{
	const struct board_env_nand *l = board.env_nand;
	struct nand_chip *c = chip(l, false);
	uint8_t *buf, flags;
	int target, r;

	if (!c)
		return -ENODEV;
	buf = buffer(l);
	if (!buf) {
		printf("error: saveenv: no memory for the environment block\n");
		return -ENOMEM;
	}
	/* with no valid copy U-Boot's first save writes copy 0, counter 1 */
	target = current < 0 ? 0 : !current;
	flags = current < 0 ? 1 : ubenv_next_flags(cur_flags);
	r = ubenv_export(e, buf, l->size, true, flags);
	if (r) {
		printf("error: saveenv: the environment does not fit %u bytes\n", (unsigned)l->size);
		return r;
	}
	printf("Saving Environment to NAND... Erasing %sNAND...\n", target ? "redundant " : "");
	printf("Writing to %sNAND... ", target ? "redundant " : "");
	r = write_copy(c, l, target, buf);
	if (r) {
		printf("FAILED! (%s)\nenv: the other copy still holds the environment saved before\n",
		       errname(r));
		return r == -ETIMEDOUT ? r : -EIO;
	}
	printf("OK\n");
	current = target;
	cur_flags = flags;
	return 0;
}

static int do_saveenv(int argc, char *const argv[])
{
	(void)argc;
	(void)argv;
	return envstore_save(&sysenv);
}
CMD(saveenv, "saveenv", do_saveenv, "saveenv",
    "save the environment to NAND in U-Boot's format (fw_printenv reads it)");
