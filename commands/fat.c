// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File system commands on the SD card (lib/fs/fs: FAT or ext2/3/4, whichever
 * the partition holds): ls/fatls/ext4ls and load/fatload/ext4load with
 * U-Boot's syntax, and the partition map (part list, mmc part).
 */
#include "common/boot.h"
#include "common/bootfs.h"
#include "common/cli.h"
#include "common/escape.h"
#include "common/memcheck.h"
#include "common/storage.h"
#include "common/environment.h"
#include "lib/log.h"
#include "lib/fs/part.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

/* Index of the first argument after U-Boot's optional "mmc <dev[:part]>".
 * mmc1 is what U-Boot calls mmc 0; without a partition (or with "auto")
 * the boot file system is used, else partition N (1-4 primary, 5..
 * logical). *fs is NULL with *err set when that cannot be mounted. */
struct boot_last_load boot_last_load;

static int dev_args(int argc, char *const argv[], struct fs **fs, int *err)
{
	*fs = boot_fs();
	*err = 0;
	if (argc < 2 || strcmp(argv[1], "mmc"))
		return 1;
	/* "ls mmc": device 0, its boot partition */
	if (cmd_part_fs(argv, argc > 2 ? argv[2] : "0", fs, err))
		return -EINVAL;
	return 3;
}

static int no_fs(char *const argv[], int err)
{
	pr_err("error: %s: %s\n", argv[0], err ? errname(err) : "no file system on mmc1");
	return err ? err : -ENODEV;
}

static int ls_entry(void *arg, const char *name, uint32_t size, bool is_dir)
{
	unsigned *n = arg;

	if (is_dir)
		printf("            %s/\n", esc(name));
	else
		printf("  %9u %s\n", (unsigned)size, esc(name));
	n[is_dir]++;
	return 0;
}

static int do_ls(int argc, char *const argv[])
{
	struct fs *fs;
	unsigned n[2] = { 0, 0 };
	int err, i = dev_args(argc, argv, &fs, &err);

	if (i < 0)
		return i;
	if (argc > i + 1)
		return cmd_usage(argv);
	if (!fs)
		return no_fs(argv, err);
	err = fs_list(fs, argc > i ? argv[i] : "/", ls_entry, n);
	if (err)
		return no_fs(argv, err);
	printf("%u file(s), %u dir(s)\n", n[0], n[1]);
	return 0;
}
CMD(ls, "ls", do_ls, "ls [mmc 0[:part]] [path]", "list a directory (FAT or ext2/3/4)");
CMD(fatls, "fatls", do_ls, "fatls [mmc 0[:part]] [path]", "list a directory (FAT or ext2/3/4)");
CMD(ext4ls, "ext4ls", do_ls, "ext4ls [mmc 0[:part]] [path]",
    "list a directory (FAT or ext2/3/4)");
CMD(ext2ls, "ext2ls", do_ls, "ext2ls [mmc 0[:part]] [path]",
    "list a directory (FAT or ext2/3/4)");

static int do_load(int argc, char *const argv[])
{
	struct fs *fs;
	struct fs_stat st;
	unsigned long addr, bytes = 0, pos = 0;
	uint32_t len, us;
	uint64_t t0;
	int err, i = dev_args(argc, argv, &fs, &err);

	if (i < 0)
		return i;
	/* U-Boot's "load mmc 0:1 [addr]": loadaddr and bootfile stand in */
	if (i == 3 && argc < i + 2) {
		char *a[8] = { argv[0], argv[1], argv[2], NULL, NULL };
		char abuf[12];
		const char *file = var_get("bootfile");

		if (!file) {
			pr_err("** No boot file defined **\n");
			return -ENOENT;
		}
		snprintf(abuf, sizeof(abuf), "%x", (unsigned)var_addr("loadaddr", KERNEL_ADDR_R));
		a[3] = argc > 3 ? argv[3] : abuf;
		a[4] = (char *)file;
		return do_load(5, a);
	}
	if (argc < i + 2 || argc > i + 4)
		return cmd_usage(argv);
	if (arg_hex(argv, i, "address", 0xFFFFFFFFul, &addr) ||
	    (argc > i + 2 && arg_hex(argv, i + 2, "byte count", 0xFFFFFFFFul, &bytes)) ||
	    (argc > i + 3 && arg_hex(argv, i + 3, "position", 0xFFFFFFFFul, &pos)))
		return -EINVAL;
	if (!fs)
		return no_fs(argv, err);
	err = fs_stat(fs, argv[i + 1], &st);
	if (!err && st.is_dir)
		err = -EISDIR;
	if (err) {
		/* U-Boot's line first (fs/ext4/ext4fs.c, fs/fs.c): labs match it */
		if (err == -ENOENT)
			pr_err("** File not found %s **\n", argv[i + 1]);
		pr_err("error: %s: %s: %s\n", argv[0], argv[i + 1], errname(err));
		return err;
	}
	if (pos > st.size) {
		pr_err("error: %s: %s: position 0x%lx is past its end (0x%x bytes)\n", argv[0],
		       argv[i + 1], pos, (unsigned)st.size);
		return -EINVAL;
	}
	/* The file readers read whole files: with a position, the file is
	 * read at addr and the part asked for moved down, so the whole file
	 * must fit there. */
	err = mem_check_free(argv[0], addr, st.size);
	if (err)
		return err;
	t0 = timer_us();
	err = fs_read(fs, argv[i + 1], (void *)addr, st.size, &len);
	us = (uint32_t)(timer_us() - t0);
	if (err)
		return no_fs(argv, err);
	if (pos || (bytes && bytes < len)) {
		len -= (uint32_t)pos;
		if (bytes && bytes < len)
			len = (uint32_t)bytes;
		memmove((void *)addr, (const void *)(addr + pos), len);
	}
	printf("%u bytes read in %u ms\n", (unsigned)len, (unsigned)(us / 1000));
	boot_last_load.fs = pos ? NULL : fs;
	boot_last_load.addr = (uint32_t)addr;
	boot_last_load.size = len;
	snprintf(boot_last_load.path, sizeof(boot_last_load.path), "%s", argv[i + 1]);
	var_set_hex("filesize", len);
	var_set_hex("fileaddr", addr);
	return 0;
}
CMD(load, "load", do_load, "load [mmc 0[:part]] <addr> <path> [bytes [pos]]",
    "read a file into RAM; sets filesize");
CMD(fatload, "fatload", do_load, "fatload [mmc 0[:part]] <addr> <path> [bytes [pos]]",
    "read a file into RAM; sets filesize");
CMD(ext4load, "ext4load", do_load, "ext4load [mmc 0[:part]] <addr> <path> [bytes [pos]]",
    "read a file into RAM; sets filesize");
CMD(ext2load, "ext2load", do_load, "ext2load [mmc 0[:part]] <addr> <path> [bytes [pos]]",
    "read a file into RAM; sets filesize");

/* U-Boot's partition map of an MBR disk: number, start, size, PARTUUID,
 * type, and whether it is bootable. */
int cmd_print_parts(void)
{
	struct part_info p[PART_SCAN_MAX];
	uint32_t sig;
	char uuid[12];
	int err, n = bootfs_parts(p, &sig, &err);

	if (err)
		return no_fs((char *const[]){ "part", NULL }, err);
	if (!p[0].num) {
		pr_err("## Unknown partition table type 0\n");
		return 0;
	}
	printf("\nPartition Map for MMC device 0  --   Partition Type: DOS\n\n");
	printf("Part\tStart Sector\tNum Sectors\tUUID\t\tType\n");
	for (int i = 0; i < n; i++) {
		mbr_part_uuid(uuid, sig, p[i].num);
		printf("%3u\t%-10u\t%-10u\t%s\t%02x%s\n", p[i].num, (unsigned)p[i].start,
		       (unsigned)p[i].size, uuid, p[i].type, p[i].active ? " Boot" : "");
	}
	return 0;
}

/* "0" or "0:N" for part's commands; *num 0 without a partition. */
static int part_dev(char *const argv[], const char *d, unsigned *num)
{
	char *end;

	*num = 0;
	if (d[0] != '0' || (d[1] && d[1] != ':'))
		return cmd_error(argv, "bad device 'mmc %s' (only mmc 0[:part])", d);
	if (d[1]) {
		*num = (unsigned)strtoul(d + 2, &end, 16);
		if (end == d + 2 || *end || !*num || *num > 255)
			return cmd_error(argv, "bad partition '%s'", d + 2);
	}
	return 0;
}

static int do_part(int argc, char *const argv[])
{
	struct part_info p[PART_SCAN_MAX];
	const char *sub = argc > 1 ? argv[1] : "";
	char uuid[12], list[PART_SCAN_MAX * 3 + 1];
	unsigned num;
	uint32_t sig;
	bool bootable = false;
	int err, n, a = 4;

	if (!strcmp(sub, "start") || !strcmp(sub, "size") || !strcmp(sub, "number") ||
	    !strcmp(sub, "name"))
		return cmd_part_info(argc, argv);
	if (strcmp(sub, "uuid") && strcmp(sub, "list"))
		return cmd_usage(argv);
	if (argc < 4 || strcmp(argv[2], "mmc"))
		return cmd_error(argv, "only 'part %s mmc 0...' (the SD card)", sub);
	if (part_dev(argv, argv[3], &num))
		return -EINVAL;
	if (!strcmp(sub, "list") && argc > a && !strcmp(argv[a], "-bootable")) {
		bootable = true;
		a++;
	}
	if (argc > a + 1)
		return cmd_usage(argv);
	if (!strcmp(sub, "list") && argc == a && !bootable)
		return cmd_print_parts();
	n = bootfs_parts(p, &sig, &err);
	if (err)
		return no_fs(argv, err);
	if (!strcmp(sub, "uuid")) {
		for (int i = 0; i < n; i++) {
			if (p[i].num != (num ? num : 1) || !p[i].num)
				continue;
			mbr_part_uuid(uuid, sig, p[i].num);
			if (argc > a)
				return var_set(argv[a], uuid);
			printf("%s\n", uuid);
			return 0;
		}
		pr_err("error: part: no partition %u on mmc 0\n", num ? num : 1);
		return -ENOENT;
	}
	list[0] = 0;
	for (int i = 0, l = 0; i < n; i++) {
		if (p[i].num && (!bootable || p[i].active))
			l += snprintf(list + l, sizeof(list) - (size_t)l, "%s%x", l ? " " : "",
				      p[i].num);
	}
	if (argc > a)
		return list[0] ? var_set(argv[a], list) : (env_unset(&sysenv, argv[a]), 0);
	printf("%s\n", list);
	return 0;
}
CMD(part, "part", do_part, "part uuid mmc 0:<part> [var] | list mmc 0 [-bootable] [var] | "
    "start|size|number|name mmc 0 <part> [var]",
    "partitions of the SD card: PARTUUID (MBR signature-number), list, start, size");
