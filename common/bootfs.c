// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Partition choice on the SD card, as distributions lay cards out (a FAT
 * partition for the ROM's MLO, an ext4 root with /boot/extlinux): every
 * MBR partition, primary and logical, bootable ones first, is mounted as
 * FAT or ext2/3/4 until one holds extlinux.conf. Paths in that file are
 * then relative to the partition that holds it, as with U-Boot's distro
 * boot (distro.rst, docs/references.md).
 */
#include "common/bootfs.h"

#include <stdarg.h>

#include "common/boot.h"
#include "common/escape.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/fs/fat.h"
#include "lib/fs/part.h"
#include "lib/printf.h"
#include "lib/string.h"

struct mount {
	struct fs fs;
	struct blockdev part;
	void *work;
	unsigned num;
	bool ok;
};

static struct mount boot_m, cmd_m;
static uint8_t sector[BLOCK_SIZE] __attribute__((aligned(4)));

static void fs_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vpr_log(LOG_ERR, fmt, ap);
	va_end(ap);
}

static int scan(struct part_info *p, int *err)
{
	struct blockdev *mmc = storage_mmc1();
	int n = mmc ? part_scan(mmc, sector, p) : -ENODEV;

	*err = n < 0 ? n : 0;
	return n < 0 ? 0 : n;
}

/* Mounts p as FAT or ext2/3/4, saying why not; fat_only: as FAT alone,
 * quietly (the environment's partition is looked for, not required). */
static int mount(struct mount *m, const struct part_info *p, bool fat_only)
{
	struct mbr_part mp = { .type = p->type, .start = p->start, .size = p->size };
	int err;

	m->ok = false;
	if (!m->work)
		m->work = scratch_alloc(FS_WORK_SIZE);
	if (!m->work)
		return -ENOMEM;
	part_init(&m->part, storage_mmc1(), &mp, "mmc1p");
	if (fat_only) {
		err = fat_mount(&m->fs.u.fat, &m->part, m->work, FS_WORK_SIZE, NULL);
		/* then as fs_mount leaves a FAT, for the console's use */
		m->fs.tried = FS_FAT;
		m->fs.type = err ? FS_NONE : FS_FAT;
		m->fs.u.fat.log = fs_log;
	} else {
		err = fs_mount(&m->fs, &m->part, m->work, FS_WORK_SIZE, fs_log);
		if (err && p->num)
			printf("boot: mmc1 partition %u is not a usable %s file system (%s)\n",
			       p->num, m->fs.tried == FS_EXT4 ? "ext2/3/4" : "FAT", errname(err));
	}
	m->num = p->num;
	m->ok = !err;
	return err;
}

/* 1: one of paths is there, 0: none is, -1: the file system could not be
 * read while looking (a metadata error, said): the scan moves on from it,
 * as from one that does not mount. */
static int has_any(struct fs *fs, unsigned num, const char *const paths[], unsigned npaths)
{
	struct fs_stat st;

	for (unsigned i = 0; i < npaths; i++) {
		int err = fs_stat(fs, paths[i], &st);

		if (!err)
			return 1;
		if (err != -ENOENT && err != -ENOTDIR) {
			pr_warn("boot: mmc1 partition %u: cannot read %s (%s): skipped\n", num,
			       esc(paths[i]), errname(err));
			return -1;
		}
	}
	return 0;
}

/* Step i (0 <= i < 2 n) through the n partitions p in boot order:
 * bootable partitions first, then the others, each in table order; NULL
 * for a step the order skips. */
static const struct part_info *in_boot_order(const struct part_info *p, unsigned n, unsigned i)
{
	const struct part_info *q = &p[i < n ? i : i - n];

	return q->active == (i < n) ? q : NULL;
}

struct fs *bootfs_scan(const char *const paths[], unsigned npaths, int *err)
{
	struct part_info p[PART_SCAN_MAX];
	unsigned n = (unsigned)scan(p, err);
	int first = -1;
	bool found = false;

	for (unsigned i = 0; i < 2 * n && !found; i++) {
		const struct part_info *q = in_boot_order(p, n, i);
		int has;

		if (!q || mount(&boot_m, q, false))
			continue;
		has = has_any(&boot_m.fs, q->num, paths, npaths);
		if (has < 0)
			continue;
		found = has > 0;
		if (first < 0 || found)
			first = (int)(q - p);
	}
	if (first < 0) {
		if (*err != -ENODEV)
			pr_err("boot: no boot partition on mmc1 (%s)\n",
			       errname(*err ? *err : -EINVAL));
		*err = *err ? *err : -ENOENT;
		return NULL;
	}
	if (boot_m.num != p[first].num && mount(&boot_m, &p[first], false)) {
		*err = -EIO;
		return NULL;
	}
	printf("boot: mmc1 partition %u (%s)\n", boot_m.num, fs_kind(&boot_m.fs));
	*err = 0;
	return &boot_m.fs;
}

struct fs *bootfs_get(unsigned num, int *err)
{
	struct part_info p[PART_SCAN_MAX];
	int n;

	*err = 0;
	if (boot_m.ok && boot_m.num == num)
		return &boot_m.fs;
	/* A script loads several files from one partition: mount it once,
	 * until another partition is asked for or the card is rescanned. */
	if (cmd_m.ok && cmd_m.num == num)
		return &cmd_m.fs;
	n = scan(p, err);
	for (int i = 0; i < n; i++) {
		if (p[i].num != num)
			continue;
		*err = mount(&cmd_m, &p[i], false);
		return *err ? NULL : &cmd_m.fs;
	}
	if (!*err)
		*err = -ENOENT;
	return NULL;
}

/* The mount of partition num when it holds a FAT, else NULL. */
static struct fat_fs *fat_at(struct mount *m, unsigned num)
{
	return m->ok && m->num == num && m->fs.type == FS_FAT ? &m->fs.u.fat : NULL;
}

struct fat_fs *bootfs_fat(int *err)
{
	struct part_info p[PART_SCAN_MAX];
	unsigned n = (unsigned)scan(p, err);

	if (*err)
		return NULL;
	*err = -ENOENT;
	/* A partition already mounted is used as it is. */
	for (unsigned i = 0; i < 2 * n; i++) {
		const struct part_info *q = in_boot_order(p, n, i);
		struct fat_fs *f;

		if (!q)
			continue;
		f = fat_at(&boot_m, q->num);
		if (!f)
			f = fat_at(&cmd_m, q->num);
		if (!f && !(*err = mount(&cmd_m, q, true)))
			f = &cmd_m.fs.u.fat;
		if (f) {
			*err = 0;
			return f;
		}
	}
	if (*err == -EINVAL)
		*err = -ENOENT;
	return NULL;
}

void bootfs_forget(void)
{
	cmd_m.ok = false;
}

void bootfs_changed(void)
{
	cmd_m.ok = false;
	if (boot_m.ok && boot_m.fs.type == FS_FAT)
		boot_m.fs.u.fat.fat_count = 0;
}

int bootfs_parts(struct part_info p[PART_SCAN_MAX], uint32_t *disksig, int *err)
{
	struct blockdev *mmc = storage_mmc1();
	int n = scan(p, err);

	*disksig = 0;
	if (*err)
		return 0;
	/* The MBR's disk signature: the first half of Linux's and U-Boot's
	 * PARTUUID for an MBR disk. part_scan left an EBR in sector. */
	if (p[0].num && !blk_read(mmc, 0, 1, sector))
		*disksig = mbr_disk_signature(sector);
	return n;
}
