// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The U-Boot environment where U-Boot and Linux's fw_printenv/fw_setenv
 * (libubootenv) find it: two copies in U-Boot's redundant layout
 * (lib/env/ubenv.h), read at boot before /uEnv.txt, written by saveenv one
 * copy at a time, either
 *  - in the board's NAND (a NAND boot of a board that keeps it there),
 *    as U-Boot's NAND environment (the copy's range is erased, bad blocks in it
 *    skipped, the copy written over the good ones) through
 *    drivers/mtd/nand.h (ONFI 1.0, the ROM's HAM1 ECC layout; TRM "GPMC");
 *  - or, for an SD boot and on boards without NAND, as the files
 *    uboot.env and uboot-redund.env in the root of the boot FAT partition,
 *    as U-Boot's FAT environment with CONFIG_SYS_REDUNDAND_ENVIRONMENT
 *    (ENV_FAT_FILE, ENV_FAT_FILE_REDUND), written through lib/fs/fat_write.c.
 * docs/environment.md says which and why; docs/references.md, "Environment
 * block and copies", where the rules come from.
 */
#include "common/envstore.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "board/board.h"
#include "common/bootfs.h"
#include "common/command.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/env/envio.h"
#include "lib/errno.h"
#include "lib/fs/fat.h"
#include "lib/log.h"
#include "lib/fs/part.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "lib/env/ubenv.h"

/* The copy the environment came from (-1: none, the defaults) and its
 * counter: saveenv writes the other one with the counter + 1, as U-Boot's
 * saveenv and libubootenv's store do ("Environment block and copies"). */
static int current = -1;
static uint8_t cur_flags;
static uint8_t *blkbuf;
/* The environment came from the incumbent's single copy: the next save
 * converts (nand_save). */
static bool from_single;

static uint8_t *buffer(const struct board_env_nand *l)
{
	if (!blkbuf)
		blkbuf = scratch_alloc(l->single_size > l->size ? l->single_size : l->size);
	return blkbuf;
}

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

static int read_copy(struct nand_chip *c, const struct board_env_nand *l, int i, uint8_t *buf)
{
	int r = nand_read_skip_bad(c, l->off[i], l->size, buf, (uint64_t)l->off[i] + l->range, NULL);

	return r < 0 ? r : 0;
}

static void import_warn(void *arg, unsigned n, const char *why, const char *name)
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

/*
 * The incumbent's single copy (board_env_nand single_*), when neither
 * copy of the pair is valid: Debian's or Letux's U-Boot saved it. A
 * larger single copy (Letux: 256 KiB over both of gtaboot's blocks) is
 * also taken with its part past copy 0 read as zeros, which is what
 * U-Boot's export pads with: a conversion cut during its first write
 * (copy 1, over that padding) leaves the entries and the CRC intact.
 * 0 when imported (the line is finished), else an error.
 */
static int single_load(struct nand_chip *c, const struct board_env_nand *l, uint8_t *buf,
		       struct env *e)
{
	uint64_t end = (uint64_t)l->single_off + l->single_size;
	uint32_t first = l->single_size < l->size ? l->single_size : l->size;
	static char value[0x2000];
	struct envio_import imp = { 0 };
	bool padded = false;
	int r = nand_read_skip_bad(c, l->single_off, first, buf, end, NULL);

	if (r < 0)
		return r;
	/* the part over copy 1 may be half erased or programmed: unreadable
	 * there is as good as overwritten */
	if (l->single_size > first)
		r = nand_read_skip_bad(c, l->single_off + first, l->single_size - first,
				       buf + first, end, NULL);
	r = r < 0 ? -EBADMSG : ubenv_check(buf, l->single_size, false, NULL);
	if (r && l->single_size > l->size) {
		memset(buf + l->size, 0, l->single_size - l->size);
		r = ubenv_check(buf, l->single_size, false, NULL);
		padded = !r;
	}
	if (r)
		return r;
	printf("OK\n");
	printf("env: U-Boot's single-copy environment at 0x%x (%u KiB%s) is used; the next saveenv "
	       "converts it to gtaboot's redundant pair at 0x%x and 0x%x\n",
	       (unsigned)l->single_off, (unsigned)(l->single_size >> 10),
	       padded ? ", its padding lost to a conversion cut short" : "",
	       (unsigned)l->off[0], (unsigned)l->off[1]);
	from_single = true;
	current = -1;
	/* U-Boot's own copy, read by U-Boot's rules: its export escaped each
	 * '\\' in a value with another, its import drops them (libubootenv,
	 * which gtaboot's pair serves, does neither) */
	imp.sep = '\0';
	imp.warn = import_warn;
	imp.tmp = value;
	imp.tmp_size = sizeof(value);
	envio_import(e, (const char *)buf + UBENV_HDR_SINGLE, l->single_size - UBENV_HDR_SINGLE,
		     &imp);
	return 0;
}

static void nand_load(struct env *e)
{
	const struct board_env_nand *l = board_env.nand;
	struct ubenv_copy cp[2];
	struct nand_chip *c = chip(l, true);
	uint8_t *buf;
	int rd[2], chk[2], pick;

	if (!c)
		return;
	buf = buffer(l);
	if (!buf) {
		pr_err("env: no memory for the NAND environment\n");
		return;
	}
	printf("Loading Environment from NAND... ");
	for (int i = 0; i < 2; i++) {
		cp[i].ok = false;
		rd[i] = read_copy(c, l, i, buf);
		chk[i] = rd[i] ? 0 : ubenv_check(buf, l->size, true, &cp[i]);
	}
	pick = ubenv_pick(&cp[0], &cp[1]);
	if (pick < 0 && l->single_size && !single_load(c, l, buf, e))
		return;
	if (pick < 0) {
		/* U-Boot's words, so that scripts and users recognise it */
		pr_warn("*** Warning - bad CRC, using default environment\n");
		/* erased blocks are the normal first boot: no detail then */
		for (int i = 0; i < 2; i++)
			if (rd[i] || chk[i] != -EBADMSG)
				printf("env: copy %d at 0x%x: %s\n", i, (unsigned)l->off[i],
				       why(rd[i], chk[i]));
		return;
	}
	if (pick == 0 && read_copy(c, l, 0, buf)) {
		pr_err("FAILED (copy 0 unreadable)\n");
		return;
	}
	printf("OK\n");
	if (!cp[!pick].ok)
		pr_warn("env: copy %d at 0x%x refused (%s), using copy %d\n", !pick,
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

/* Writes e into copy target with counter flags; on success it is the
 * current copy. */
static int save_copy(struct nand_chip *c, const struct board_env_nand *l, uint8_t *buf,
		     const struct env *e, int target, uint8_t flags, const char *kept)
{
	int r = ubenv_export(e, buf, l->size, true, flags);

	if (r) {
		pr_err("error: saveenv: the environment does not fit %u bytes\n", (unsigned)l->size);
		return r;
	}
	printf("Saving Environment to NAND... Erasing %sNAND...\n", target ? "redundant " : "");
	printf("Writing to %sNAND... ", target ? "redundant " : "");
	r = write_copy(c, l, target, buf);
	if (r) {
		pr_err("FAILED! (%s)\nenv: %s still holds the environment saved before\n",
		       errname(r), kept);
		return r == -ETIMEDOUT ? r : -EIO;
	}
	printf("OK\n");
	current = target;
	cur_flags = flags;
	return 0;
}

static int nand_save(const struct env *e)
{
	const struct board_env_nand *l = board_env.nand;
	struct nand_chip *c = chip(l, false);
	uint8_t *buf;
	int r;

	if (!c)
		return -ENODEV;
	buf = buffer(l);
	if (!buf) {
		pr_err("error: saveenv: no memory for the environment block\n");
		return -ENOMEM;
	}
	if (from_single) {
		/* Copy 1 first: it holds none of the single copy's entries,
		 * so until it is whole the old copy still reads; then copy 0
		 * over the old one, with copy 1 good meanwhile. */
		printf("env: converting U-Boot's single-copy environment at 0x%x to gtaboot's "
		       "redundant pair (0x%x, 0x%x)\n", (unsigned)l->single_off,
		       (unsigned)l->off[0], (unsigned)l->off[1]);
		r = save_copy(c, l, buf, e, 1, 1, "U-Boot's single copy");
		if (r)
			return r;
		from_single = false;
		return save_copy(c, l, buf, e, 0, ubenv_next_flags(1), "copy 1");
	}
	/* with no valid copy U-Boot's first save writes copy 0, counter 1 */
	return save_copy(c, l, buf, e, current < 0 ? 0 : !current,
			 current < 0 ? 1 : ubenv_next_flags(cur_flags), "the other copy");
}

/* ---------------------------------------------------------------- FAT */

/* U-Boot's Kconfig defaults for ENV_FAT_FILE and ENV_FAT_FILE_REDUND. */
static const char *const fat_name[2] = { "uboot.env", "uboot-redund.env" };
/* A new file's size: CONFIG_ENV_SIZE of TI's boards (and the NAND copies
 * here), so that the same fw_env.config size fits both files. */
#define FAT_ENV_SIZE	0x20000u
/* Larger files are refused: they would not fit the buffer. */
#define FAT_ENV_MAX	0x20000u

static struct fat_fs envfs;
static struct blockdev envpart;
static unsigned envpart_num;
static void *envwork;
static uint8_t *fatbuf;
static uint8_t sector[BLOCK_SIZE] __attribute__((aligned(4)));
static bool in_fat;

/* SD boots (the card holds what booted) and boards without an environment
 * in NAND keep it on the card; a NAND boot keeps it in NAND. */
static bool env_on_fat(void)
{
	bool sd_boot = sys.boot_media == BOOT_MEDIA_SD;

	return sd_boot || !board_env.nand || !storage_has_nand();
}

static void fat_log(const char *fmt, ...)
{
	(void)fmt;   /* the caller says what failed; lib/fs/fat's detail is noise here */
}

/*
 * The partition the ROM reads MLO from: the first active FAT partition,
 * else the first FAT partition in table order (U-Boot's TI default
 * ENV_FAT_DEVICE_AND_PART "0:1" is the same partition on the usual card).
 */
static int fat_mount_env(void)
{
	struct part_info p[PART_SCAN_MAX];
	struct blockdev *mmc = storage_mmc1();
	int n, err = -ENOENT;

	if (!mmc)
		return -ENODEV;
	if (!envwork)
		envwork = scratch_alloc(FAT_WORK_SIZE);
	if (!fatbuf)
		fatbuf = scratch_alloc(FAT_ENV_MAX);
	if (!envwork || !fatbuf)
		return -ENOMEM;
	n = part_scan(mmc, sector, p);
	if (n < 0)
		return n;
	for (int i = 0; i < 2 * n; i++) {
		const struct part_info *q = &p[i < n ? i : i - n];
		struct mbr_part mp = { .type = q->type, .start = q->start, .size = q->size };

		if (q->active != (i < n))
			continue;
		part_init(&envpart, mmc, &mp, "mmc1p");
		err = fat_mount(&envfs, &envpart, envwork, FAT_WORK_SIZE, fat_log);
		if (!err) {
			envpart_num = q->num;
			return 0;
		}
	}
	return err == -EINVAL ? -ENOENT : err;
}

/* Reads one file; *size its length. */
static int fat_read_copy(int i, uint32_t *size)
{
	char path[24];
	int err;

	snprintf(path, sizeof(path), "/%s", fat_name[i]);
	*size = 0;
	err = fat_read(&envfs, path, fatbuf, FAT_ENV_MAX, size);
	if (!err && *size < 8)
		err = -EBADMSG;
	return err;
}

static const char *fat_why(int rd, int chk)
{
	if (rd)
		return rd == -ENOENT ? "not found" : rd == -EFBIG ? "larger than 128 KiB" : errname(rd);
	return chk == -EBADMSG ? "bad CRC" : "no valid entries";
}

static void fat_load(struct env *e)
{
	struct ubenv_copy cp[2];
	uint32_t size[2];
	int rd[2], chk[2], pick, err;

	in_fat = true;
	printf("Loading Environment from FAT... ");
	err = fat_mount_env();
	if (err) {
		pr_warn("Unable to use mmc1: no FAT partition (%s); using default environment\n",
			errname(err));
		return;
	}
	for (int i = 0; i < 2; i++) {
		cp[i].ok = false;
		rd[i] = fat_read_copy(i, &size[i]);
		chk[i] = rd[i] ? 0 : ubenv_check(fatbuf, size[i], true, &cp[i]);
	}
	pick = ubenv_pick(&cp[0], &cp[1]);
	if (pick < 0) {
		pr_warn("*** Warning - bad CRC, using default environment\n");
		for (int i = 0; i < 2; i++)
			if (rd[i] != -ENOENT && (rd[i] || chk[i] != -EBADMSG))
				printf("env: %s: %s\n", fat_name[i], fat_why(rd[i], chk[i]));
		return;
	}
	if (pick == 0 && fat_read_copy(0, &size[0])) {
		pr_err("FAILED (%s unreadable)\n", fat_name[0]);
		return;
	}
	printf("OK\n");
	if (!cp[!pick].ok && rd[!pick] != -ENOENT)
		pr_warn("env: %s refused (%s), using %s\n", fat_name[!pick],
			fat_why(rd[!pick], chk[!pick]), fat_name[pick]);
	current = pick;
	cur_flags = cp[pick].flags;
	ubenv_import(e, fatbuf, size[pick], true, import_warn, NULL);
}

static int fat_save(const struct env *e)
{
	struct fat_stat st;
	char path[24];
	uint32_t size = FAT_ENV_SIZE;
	uint8_t flags;
	int target, r;

	target = current < 0 ? 0 : !current;
	flags = current < 0 ? 1 : ubenv_next_flags(cur_flags);
	printf("Saving Environment to FAT... ");
	r = envfs.bd ? 0 : fat_mount_env();
	if (r) {
		pr_err("Unable to use mmc1: no FAT partition (%s)\n", errname(r));
		return r == -ENOMEM ? r : -ENODEV;
	}
	/* an existing file keeps its size (its fw_env.config line); a new one
	 * takes its twin's */
	for (int k = 0; k < 2; k++) {
		snprintf(path, sizeof(path), "/%s", fat_name[k ? !target : target]);
		if (!fat_stat(&envfs, path, &st) && !st.is_dir && st.size >= 8) {
			size = st.size;
			break;
		}
	}
	if (size > FAT_ENV_MAX) {
		pr_err("FAILED! (%s is %u bytes, more than %u)\n", path, (unsigned)size,
		       (unsigned)FAT_ENV_MAX);
		return -EFBIG;
	}
	r = ubenv_export(e, fatbuf, size, true, flags);
	if (r) {
		pr_err("FAILED! (the environment does not fit %u bytes)\n", (unsigned)size);
		return r;
	}
	r = fat_write_root(&envfs, fat_name[target], fatbuf, size);
	/* the boot partition's mount may cache the FAT just changed */
	bootfs_changed();
	if (r) {
		pr_err("FAILED! (%s: %s)\n", fat_name[target], errname(r));
		if (current >= 0)
			printf("env: %s still holds the environment saved before\n", fat_name[current]);
		return r;
	}
	printf("OK\n");
	/* The first save also creates the twin, holding the same with the
	 * lower counter (never preferred), so that fw_env.config's two lines
	 * work at once: libubootenv refuses a configured file that is
	 * missing. Written after the real copy, so a cut here loses nothing. */
	snprintf(path, sizeof(path), "/%s", fat_name[!target]);
	if (current < 0 && fat_stat(&envfs, path, &st) == -ENOENT &&
	    !ubenv_export(e, fatbuf, size, true, (uint8_t)(flags - 1))) {
		r = fat_write_root(&envfs, fat_name[!target], fatbuf, size);
		bootfs_changed();
		if (r)
			printf("env: %s not created (%s); fw_printenv needs it with two lines in "
			       "fw_env.config\n", fat_name[!target], errname(r));
	}
	current = target;
	cur_flags = flags;
	return 0;
}

void envstore_load(struct env *e)
{
	if (env_on_fat())
		fat_load(e);
	else
		nand_load(e);
}

int envstore_save(const struct env *e)
{
	return in_fat || env_on_fat() ? fat_save(e) : nand_save(e);
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
