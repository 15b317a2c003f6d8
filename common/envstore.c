// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The U-Boot environment where U-Boot and Linux's fw_printenv/fw_setenv
 * (libubootenv) find it: two copies in U-Boot's redundant layout
 * (lib/env/ubenv.h), read at boot before /uEnv.txt, written by saveenv one
 * copy at a time. The choice of copy is lib/env/envcopies.c's; this file is
 * the two media it runs over, either
 *  - in the board's NAND (a NAND boot of a board that keeps it there),
 *    as U-Boot's NAND environment (the copy's range is erased, bad blocks in it
 *    skipped, the copy written over the good ones) through
 *    drivers/mtd/nand.h (ONFI 1.0, the ROM's HAM1 ECC layout; TRM "GPMC");
 *  - or, for an SD boot and on boards without NAND, as the files
 *    uboot.env and uboot-redund.env in the root of the boot FAT partition,
 *    as U-Boot's FAT environment with CONFIG_SYS_REDUNDAND_ENVIRONMENT
 *    (ENV_FAT_FILE, ENV_FAT_FILE_REDUND), on common/bootfs.c's mount,
 *    written through lib/fs/fat_write.c.
 * docs/environment.md says which and why; docs/references.md, "Environment
 * block and copies", where the rules come from.
 */
#include "common/envstore.h"

#include <stdbool.h>
#include <stdint.h>

#include "board/board.h"
#include "common/bootfs.h"
#include "common/command.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/env/envcopies.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/fs/fat.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "lib/env/ubenv.h"

static struct nand_chip *nandc;

/* A medium's buffer, allocated at its first use. */
static uint8_t *buffer(uint8_t **buf, uint32_t size)
{
	if (!*buf)
		*buf = scratch_alloc(size);
	return *buf;
}

/* ---------------------------------------------------------------- NAND */

static struct nand_chip *chip(const struct board_env_nand *l, bool quiet)
{
	struct nand_chip *c;
	int err;

	if (!l || !storage_has_nand()) {
		if (!quiet)
			pr_err("error: saveenv: this board keeps no environment in NAND (no NAND)\n");
		return NULL;
	}
	c = storage_nand(&err);
	if (!c && !quiet)
		pr_err("error: saveenv: no usable NAND chip (%s)\n", errname(err));
	/* a copy is whole pages in whole blocks of its own */
	if (c && (l->size % c->page_size || l->range % c->block_size || l->off[0] % c->block_size ||
		  l->off[1] % c->block_size || l->size > l->range ||
		  l->single_size % c->block_size || l->single_off % c->block_size)) {
		pr_err("error: env: NAND layout 0x%x/0x%x does not fit the chip's blocks\n",
		       (unsigned)l->size, (unsigned)l->range);
		return NULL;
	}
	return c;
}

static int nand_read(struct envcopies *m, int i, uint32_t *size)
{
	const struct board_env_nand *l = board_env.nand;
	int r = nand_read_skip_bad(nandc, l->off[i], l->size, m->buf,
				   (uint64_t)l->off[i] + l->range, NULL);

	*size = l->size;
	return r < 0 ? r : 0;
}

/* The single copy in two reads: the part over copy 0, and the rest,
 * which may be half erased or programmed by a conversion cut short. */
static int nand_read_single(struct envcopies *m)
{
	const struct board_env_nand *l = board_env.nand;
	uint64_t end = (uint64_t)l->single_off + l->single_size;
	uint32_t first = l->single_size < l->size ? l->single_size : l->size;
	int r = nand_read_skip_bad(nandc, l->single_off, first, m->buf, end, NULL);

	if (r < 0)
		return r;
	if (l->single_size > first &&
	    nand_read_skip_bad(nandc, l->single_off + first, l->single_size - first,
			       m->buf + first, end, NULL) < 0)
		return 1;
	return 0;
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

static int nand_write(struct envcopies *m, const struct env *e, int target, uint8_t flags,
		      const char *kept)
{
	const struct board_env_nand *l = board_env.nand;
	int r = ubenv_export(e, m->buf, l->size, true, flags);

	if (r) {
		pr_err("error: saveenv: the environment does not fit %u bytes\n", (unsigned)l->size);
		return r;
	}
	printf("Saving Environment to NAND... Erasing %sNAND...\n", target ? "redundant " : "");
	printf("Writing to %sNAND... ", target ? "redundant " : "");
	r = write_copy(nandc, l, target, m->buf);
	if (r) {
		pr_err("FAILED! (%s)\nenv: %s still holds the environment saved before\n",
		       errname(r), kept);
		return r == -ETIMEDOUT ? r : -EIO;
	}
	printf("OK\n");
	return 0;
}

static struct envcopies nand_m = {
	.ecc = true,
	.read = nand_read,
	.read_single = nand_read_single,
	.write = nand_write,
	.current = -1,
};

/* The chip and a buffer for the medium: 0, -ENODEV or -ENOMEM (said,
 * the lack of a chip only when !quiet). */
static int nand_medium(bool quiet)
{
	static uint8_t *buf;
	const struct board_env_nand *l = board_env.nand;

	nandc = chip(l, quiet);
	if (!nandc)
		return -ENODEV;
	nand_m.buf = buffer(&buf, l->single_size > l->size ? l->single_size : l->size);
	if (!nand_m.buf) {
		printf(quiet ? "env: no memory for the NAND environment\n" :
		       "error: saveenv: no memory for the environment block\n");
		return -ENOMEM;
	}
	nand_m.off[0] = l->off[0];
	nand_m.off[1] = l->off[1];
	nand_m.size = l->size;
	nand_m.single_off = l->single_off;
	nand_m.single_size = l->single_size;
	return 0;
}

/* ---------------------------------------------------------------- FAT */

/* U-Boot's Kconfig defaults for ENV_FAT_FILE and ENV_FAT_FILE_REDUND. */
static const char *const fat_name[2] = { "uboot.env", "uboot-redund.env" };
/* A new file's size: CONFIG_ENV_SIZE of TI's boards (and the NAND copies
 * here), so that the same fw_env.config size fits both files. */
#define FAT_ENV_SIZE	0x20000u
/* Larger files are refused: they would not fit the buffer. */
#define FAT_ENV_MAX	0x20000u

static bool in_fat;

/* SD boots (the card holds what booted) and boards without an environment
 * in NAND keep it on the card; a NAND boot keeps it in NAND. */
static bool env_on_fat(void)
{
	bool sd_boot = sys.boot_media == BOOT_MEDIA_SD;

	return sd_boot || !board_env.nand || !storage_has_nand();
}

static struct fat_fs *envfs;
static fat_log_fn envfs_log;

/* The FAT's log as it was before fat_get. */
static void fat_put(void)
{
	if (envfs)
		envfs->log = envfs_log;
	envfs = NULL;
}

/* The boot FAT (common/bootfs.c) in envfs, quiet while the environment
 * uses it: the caller says what failed, lib/fs/fat's detail is noise here. */
static struct fat_fs *fat_get(struct envcopies *m, int *err)
{
	static uint8_t *buf;

	fat_put();
	m->buf = buffer(&buf, FAT_ENV_MAX);
	if (!m->buf) {
		*err = -ENOMEM;
		return NULL;
	}
	envfs = bootfs_fat(err);
	if (envfs) {
		envfs_log = envfs->log;
		envfs->log = NULL;
	}
	return envfs;
}

/* Reads one file; *size its length. */
static int fat_read_copy(struct envcopies *m, int i, uint32_t *size)
{
	char path[24];
	int err;

	snprintf(path, sizeof(path), "/%s", fat_name[i]);
	*size = 0;
	err = fat_read(envfs, path, m->buf, FAT_ENV_MAX, size);
	if (!err && *size < 8)
		err = -EBADMSG;
	return err;
}

static int fat_write_copy(struct envcopies *m, const struct env *e, int target, uint8_t flags,
			  const char *kept)
{
	struct fat_stat st;
	char path[24];
	uint32_t size = FAT_ENV_SIZE;
	int r;

	printf("Saving Environment to FAT... ");
	if (!fat_get(m, &r)) {
		pr_err("Unable to use mmc1: no FAT partition (%s)\n", errname(r));
		return r == -ENOMEM ? r : -ENODEV;
	}
	/* an existing file keeps its size (its fw_env.config line); a new one
	 * takes its twin's */
	for (int k = 0; k < 2; k++) {
		snprintf(path, sizeof(path), "/%s", fat_name[k ? !target : target]);
		if (!fat_stat(envfs, path, &st) && !st.is_dir && st.size >= 8) {
			size = st.size;
			break;
		}
	}
	if (size > FAT_ENV_MAX) {
		pr_err("FAILED! (%s is %u bytes, more than %u)\n", path, (unsigned)size,
		       (unsigned)FAT_ENV_MAX);
		return -EFBIG;
	}
	m->size = size;
	r = ubenv_export(e, m->buf, size, true, flags);
	if (r) {
		pr_err("FAILED! (the environment does not fit %u bytes)\n", (unsigned)size);
		return r;
	}
	r = fat_write_root(envfs, fat_name[target], m->buf, size);
	/* the boot partition's mount may cache the FAT just changed */
	bootfs_changed();
	if (r) {
		pr_err("FAILED! (%s: %s)\n", fat_name[target], errname(r));
		if (kept)
			printf("env: %s still holds the environment saved before\n", kept);
		return r;
	}
	printf("OK\n");
	return 0;
}

/* The first save's twin (envcopies.h), of the size just written. */
static void fat_twin(struct envcopies *m, const struct env *e, int i, uint8_t flags)
{
	struct fat_stat st;
	char path[24];
	int r;

	snprintf(path, sizeof(path), "/%s", fat_name[i]);
	if (fat_get(m, &r) && fat_stat(envfs, path, &st) == -ENOENT &&
	    !ubenv_export(e, m->buf, m->size, true, flags)) {
		r = fat_write_root(envfs, fat_name[i], m->buf, m->size);
		bootfs_changed();
		if (r)
			printf("env: %s not created (%s); fw_printenv needs it with two lines in "
			       "fw_env.config\n", fat_name[i], errname(r));
	}
}

static struct envcopies fat_m = {
	.file = fat_name,
	.read = fat_read_copy,
	.write = fat_write_copy,
	.twin = fat_twin,
	.current = -1,
};

static void fat_load(struct env *e)
{
	int err;

	in_fat = true;
	printf("Loading Environment from FAT... ");
	if (!fat_get(&fat_m, &err)) {
		pr_warn("Unable to use mmc1: no FAT partition (%s); using default environment\n",
		       errname(err));
		return;
	}
	envcopies_load(&fat_m, e);
	fat_put();
}

void envstore_load(struct env *e)
{
	if (env_on_fat()) {
		fat_load(e);
	} else if (!nand_medium(true)) {
		printf("Loading Environment from NAND... ");
		envcopies_load(&nand_m, e);
	}
}

int envstore_save(const struct env *e)
{
	int r;

	if (!in_fat && !env_on_fat())
		return (r = nand_medium(false)) ? r : envcopies_save(&nand_m, e);
	r = envcopies_save(&fat_m, e);
	fat_put();
	return r;
}

static int do_saveenv(int argc, char *const argv[])
{
	(void)argc;
	(void)argv;
	return envstore_save(&sysenv);
}
CMD(saveenv, "saveenv", do_saveenv, "saveenv",
    "save the environment in U-Boot's format to NAND or to uboot.env on the SD card "
    "(fw_printenv reads it)");
