// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File system commands on the SD card (lib/fs: FAT or ext2/3/4, whichever
 * the partition holds): ls/fatls/ext4ls and load/fatload/ext4load with
 * U-Boot's syntax, and mmc info (SD Physical Layer Simplified
 * Specification 3.01, chapter 5: CID, CSD, SCR).
 */
#include "common/boot.h"
#include "common/bootfs.h"
#include "common/cli.h"
#include "common/memcheck.h"
#include "common/storage.h"
#include "common/vars.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

/* Index of the first argument after U-Boot's optional "mmc <dev[:part]>".
 * mmc1 is what U-Boot calls mmc 0; without a partition (or with "auto")
 * the boot file system is used, else partition N (1-4 primary, 5..
 * logical). *fs is NULL with *err set when that cannot be mounted. */
static int dev_args(int argc, char *const argv[], struct fs **fs, int *err)
{
	const char *d, *n;
	unsigned num = 0;

	*fs = boot_fs();
	*err = 0;
	if (argc < 2 || strcmp(argv[1], "mmc"))
		return 1;
	d = argc > 2 ? argv[2] : "";
	if (d[0] != '0' || (d[1] && d[1] != ':'))
		return cmd_error(argv, "bad device 'mmc %s' (only mmc 0[:part])", d);
	if (d[1] && strcmp(d + 2, "auto")) {
		for (n = d + 2; *n >= '0' && *n <= '9' && num < 256; n++)
			num = num * 10 + (unsigned)(*n - '0');
		if (n == d + 2 || *n || !num || num > 255)
			return cmd_error(argv, "bad partition '%s'", d + 2);
		*fs = bootfs_get(num, err);
	}
	return 3;
}

static int no_fs(char *const argv[], int err)
{
	printf("error: %s: %s\n", argv[0], err ? errname(err) : "no file system on mmc1");
	return err ? err : -ENODEV;
}

static int ls_entry(void *arg, const char *name, uint32_t size, bool is_dir)
{
	unsigned *n = arg;

	if (is_dir)
		printf("            %s/\n", name);
	else
		printf("  %9u %s\n", (unsigned)size, name);
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

static int do_load(int argc, char *const argv[])
{
	struct fs *fs;
	struct fs_stat st;
	unsigned long addr;
	uint32_t len, us;
	uint64_t t0;
	int err, i = dev_args(argc, argv, &fs, &err);

	if (i < 0)
		return i;
	if (argc != i + 2)
		return cmd_usage(argv);
	if (arg_hex(argv, i, "address", 0xFFFFFFFFul, &addr))
		return -EINVAL;
	if (!fs)
		return no_fs(argv, err);
	err = fs_stat(fs, argv[i + 1], &st);
	if (!err && st.is_dir)
		err = -EISDIR;
	if (err) {
		printf("error: %s: %s: %s\n", argv[0], argv[i + 1], errname(err));
		return err;
	}
	err = mem_check_free(argv[0], addr, st.size);
	if (err)
		return err;
	t0 = timer_us();
	err = fs_read(fs, argv[i + 1], (void *)addr, st.size, &len);
	us = (uint32_t)(timer_us() - t0);
	if (err)
		return no_fs(argv, err);
	printf("%u bytes read in %u ms\n", (unsigned)len, (unsigned)(us / 1000));
	var_set_hex("filesize", len);
	var_set_hex("fileaddr", addr);
	return 0;
}
CMD(load, "load", do_load, "load [mmc 0[:part]] <addr> <path>",
    "read a file into RAM; sets filesize");
CMD(fatload, "fatload", do_load, "fatload [mmc 0[:part]] <addr> <path>",
    "read a file into RAM; sets filesize");
CMD(ext4load, "ext4load", do_load, "ext4load [mmc 0[:part]] <addr> <path>",
    "read a file into RAM; sets filesize");

static int do_mmc(int argc, char *const argv[])
{
	if (argc != 2 || strcmp(argv[1], "info"))
		return cmd_usage(argv);
	if (!storage_mmc1())
		return no_fs(argv, -ENODEV);
	mmc_print_info(storage_mmc1_card());
	return 0;
}
CMD(mmc, "mmc", do_mmc, "mmc info", "show the SD card's identity and capacity");
