// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * U-Boot's generic file-system commands beside ls/load (commands/fat.c):
 * size/fatsize/ext4size, fatinfo, fstype, fstypes, fsuuid, and the part
 * start/size/number/name queries, and the writers (fatwrite/save/fatrm/
 * fatmkdir on FAT, ext4write/ln on ext4), with U-Boot's "<interface>
 * <dev[:part]>" arguments (only mmc 0: the SD card).
 */
#include "common/boot.h"
#include "common/bootfs.h"
#include "common/cli.h"
#include "common/storage.h"
#include "common/environment.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

static uint8_t idbuf[1024] __attribute__((aligned(4)));

/* The file system of mmc "0" or "0:N" (lib/fs/part's numbering, hex). */
int cmd_part_fs(char *const argv[], const char *d, struct fs **fs, int *err)
{
	const char *n;
	unsigned num = 0;

	*fs = boot_fs();
	*err = *fs ? 0 : -ENODEV;
	if (d[0] != '0' || (d[1] && d[1] != ':'))
		return cmd_error(argv, "bad device 'mmc %s' (only mmc 0[:part])", d);
	if (d[1] && strcmp(d + 2, "auto")) {
		/* Partition numbers are hex in U-Boot, as part list prints them. */
		for (n = d + 2; num < 256 && ((*n >= '0' && *n <= '9') ||
		     (*n >= 'a' && *n <= 'f') || (*n >= 'A' && *n <= 'F')); n++)
			num = num * 16 + (unsigned)(*n <= '9' ? *n - '0' : (*n | 0x20) - 'a' + 10);
		/* 0 is the whole card, as in U-Boot: the one file system of
		 * a card without an MBR (the boot scan's "mmc 0:0") */
		if (n == d + 2 || *n || num > 255)
			return cmd_error(argv, "bad partition '%s'", d + 2);
		*fs = bootfs_get(num, err);
	}
	return 0;
}

/* The file system of argv[i] argv[i + 1] ("mmc" "0:1"), of type want
 * (FS_NONE: any). NULL after saying why. */
struct fs *cmd_fs_arg(char *const argv[], int i, enum fs_type want)
{
	struct fs *fs;
	int err;

	if (strcmp(argv[i], "mmc")) {
		pr_err("** Bad device specification %s %s **\n", argv[i], argv[i + 1]);
		return NULL;
	}
	if (cmd_part_fs(argv, argv[i + 1], &fs, &err))
		return NULL;
	if (!fs) {
		pr_err("** Unrecognized filesystem type ** (mmc %s: %s)\n", argv[i + 1],
		       errname(err ? err : -ENODEV));
		return NULL;
	}
	if (want != FS_NONE && fs->type != want) {
		pr_err("** Unrecognized filesystem type ** (mmc %s holds %s, not %s)\n",
		       argv[i + 1], fs_kind(fs), want == FS_FAT ? "FAT" : "ext2/3/4");
		return NULL;
	}
	return fs;
}

static enum fs_type want_of(const char *cmd)
{
	return !strncmp(cmd, "fat", 3) ? FS_FAT : !strncmp(cmd, "ext", 3) ? FS_EXT4 : FS_NONE;
}

static int do_size(int argc, char *const argv[])
{
	struct fs_stat st;
	struct fs *fs;
	int err;

	if (argc != 4)
		return cmd_usage(argv);
	fs = cmd_fs_arg(argv, 1, want_of(argv[0]));
	if (!fs)
		return -ENODEV;
	err = fs_stat(fs, argv[3], &st);
	if (err == -ENOENT || err == -ENOTDIR) {
		pr_err("** File not found %s **\n", argv[3]);
		return err;
	}
	if (err) {
		pr_err("error: %s: %s: %s\n", argv[0], argv[3], errname(err));
		return err;
	}
	return var_set_hex("filesize", st.is_dir ? 0 : st.size);
}
CMD(size, "size", do_size, "size <interface> <dev[:part]> <filename>",
    "determine a file's size; sets filesize");
CMD(fatsize, "fatsize", do_size, "fatsize <interface> <dev[:part]> <filename>",
    "determine a file's size (FAT); sets filesize");
CMD(ext4size, "ext4size", do_size, "ext4size <interface> <dev[:part]> <filename>",
    "determine a file's size (ext2/3/4); sets filesize");

static int do_fatinfo(int argc, char *const argv[])
{
	char uuid[37], label[17], line[64];
	struct fs *fs;
	int err;

	if (argc < 2 || argc > 3)
		return cmd_usage(argv);
	if (argc == 2 && !strcmp(argv[1], "mmc")) {
		char *a[] = { argv[0], argv[1], "0", NULL };

		return do_fatinfo(3, a);
	}
	fs = cmd_fs_arg(argv, 1, FS_NONE);
	if (!fs)
		return -ENODEV;
	mmc_describe(storage_mmc1_card(), line, sizeof(line));
	printf("Interface:  MMC\n  Device 0: %s\n", line);
	if (fs->type != FS_FAT) {
		printf("\nNo valid FAT fs found\n");
		return -EINVAL;
	}
	err = fs_volume_id(fs, idbuf, uuid, label);
	if (err) {
		pr_err("error: fatinfo: %s\n", errname(err));
		return err;
	}
	printf("Filesystem: %s \"%s\"\n", fs_kind(fs), label);
	return 0;
}
CMD(fatinfo, "fatinfo", do_fatinfo, "fatinfo <interface> [<dev[:part]>]",
    "print information about a FAT file system");

static int do_fstype(int argc, char *const argv[])
{
	struct fs *fs;

	if (argc < 3 || argc > 4)
		return cmd_usage(argv);
	fs = cmd_fs_arg(argv, 1, FS_NONE);
	if (!fs)
		return -ENODEV;
	if (argc == 4)
		return var_set(argv[3], fs_type_name(fs));
	printf("%s\n", fs_type_name(fs));
	return 0;
}
CMD(fstype, "fstype", do_fstype, "fstype <interface> <dev>:<part> [varname]",
    "print a file system's type (fat, ext4), or set varname to it");

static int do_fstypes(int argc, char *const argv[])
{
	if (argc != 1)
		return cmd_usage(argv);
	printf("Supported filesystems: fat, ext4\n");
	return 0;
}
CMD(fstypes, "fstypes", do_fstypes, "fstypes", "list the supported file system types");

static int do_fsuuid(int argc, char *const argv[])
{
	char uuid[37];
	struct fs *fs;
	int err;

	if (argc < 3 || argc > 4)
		return cmd_usage(argv);
	fs = cmd_fs_arg(argv, 1, FS_NONE);
	if (!fs)
		return -ENODEV;
	err = fs_volume_id(fs, idbuf, uuid, NULL);
	if (err) {
		pr_err("error: fsuuid: %s\n", errname(err));
		return err;
	}
	if (argc == 4)
		return var_set(argv[3], uuid);
	printf("%s\n", uuid);
	return 0;
}
CMD(fsuuid, "fsuuid", do_fsuuid, "fsuuid <interface> <dev>:<part> [varname]",
    "print a file system's UUID (FAT: volume serial), or set varname to it");

/* part start/size/number/name <interface> <dev> <part> [varname]: part is
 * a number (hex, as U-Boot reads it) or the PARTUUID; an MBR partition
 * has no name but U-Boot's generic one ("mmcsda1"). */
int cmd_part_info(int argc, char *const argv[])
{
	struct part_info p[PART_SCAN_MAX];
	const char *sub = argv[1];
	char buf[16], uuid[12], *end;
	unsigned long num;
	uint32_t sig;
	int err, n;

	if (argc < 5 || argc > 6)
		return cmd_usage(argv);
	if (strcmp(argv[2], "mmc") || strcmp(argv[3], "0")) {
		pr_err("** Bad device specification %s %s **\n", argv[2], argv[3]);
		return -ENODEV;
	}
	n = bootfs_parts(p, &sig, &err);
	if (err) {
		pr_err("error: part: mmc 0: %s\n", errname(err));
		return err;
	}
	num = strtoul(argv[4], &end, 16);
	if (end == argv[4] || *end)
		num = 0;
	for (int i = 0; i < n; i++) {
		if (!p[i].num)
			continue;
		mbr_part_uuid(uuid, sig, p[i].num);
		if (num ? p[i].num != num : strcasecmp(uuid, argv[4]))
			continue;
		if (!strcmp(sub, "start"))
			snprintf(buf, sizeof(buf), "%x", (unsigned)p[i].start);
		else if (!strcmp(sub, "size"))
			snprintf(buf, sizeof(buf), "%x", (unsigned)p[i].size);
		else if (!strcmp(sub, "number"))
			snprintf(buf, sizeof(buf), "0x%x", p[i].num);
		else
			snprintf(buf, sizeof(buf), "mmcsda%u", p[i].num);
		if (argc == 6)
			return var_set(argv[5], buf);
		printf("%s\n", buf);
		return 0;
	}
	pr_err("** Invalid partition %s **\n", argv[4]);
	return -ENOENT;
}

/* ------------------------------------------------------------- writing */

/* fatwrite/save <interface> <dev[:part]> <addr> <filename> <bytes> [pos] */
static int do_save(int argc, char *const argv[])
{
	unsigned long addr, bytes, pos = 0;
	struct fs *fs;
	uint64_t t0;
	int err;

	if (argc < 6 || argc > 7)
		return cmd_usage(argv);
	if (arg_hex(argv, 3, "address", 0xFFFFFFFFul, &addr) ||
	    arg_hex(argv, 5, "byte count", 0xFFFFFFFFul, &bytes) ||
	    (argc > 6 && arg_hex(argv, 6, "position", 0xFFFFFFFFul, &pos)))
		return -EINVAL;
	if (cmd_ram_check(argv, (uint32_t)addr, (uint32_t)bytes, 1, false))
		return -EINVAL;
	fs = cmd_fs_arg(argv, 1, want_of(argv[0]));
	if (!fs)
		return -ENODEV;
	if (fs->type == FS_EXT4 && pos) {
		pr_err("** Unable to write file %s **\n", argv[4]);
		return cmd_error(argv, "ext4: writing at a position is not supported");
	}
	t0 = timer_us();
	if (fs->type == FS_EXT4)
		err = ext4_write_file(&fs->u.ext4, argv[4], (const void *)addr, (uint32_t)bytes);
	else
		err = fat_write_at(&fs->u.fat, argv[4], (const void *)addr, (uint32_t)bytes,
				   (uint32_t)pos);
	bootfs_changed();
	if (err) {
		pr_err("** Unable to write file %s **\n", argv[4]);
		pr_err("error: %s: %s: %s\n", argv[0], argv[4], errname(err));
		return err;
	}
	printf("%lu bytes written in %u ms\n", bytes, (unsigned)((timer_us() - t0) / 1000));
	return 0;
}
CMD(save, "save", do_save, "save <interface> <dev[:part]> <addr> <filename> <bytes> [pos]",
    "write a file from RAM (FAT; ext4: new files)");
CMD(ext4write, "ext4write", do_save,
    "ext4write <interface> <dev[:part]> <addr> <absolute filename path> <bytes>",
    "create a file from RAM in an ext4 file system");

static int do_ln(int argc, char *const argv[])
{
	struct fs *fs;
	int err;

	if (argc != 5)
		return cmd_usage(argv);
	fs = cmd_fs_arg(argv, 1, FS_NONE);
	if (!fs)
		return -ENODEV;
	err = fs->type == FS_EXT4 ? ext4_symlink(&fs->u.ext4, argv[3], argv[4]) : -ENOTSUP;
	bootfs_changed();
	if (err) {
		pr_err("** Unable to create link %s -> %s **\n", argv[4], argv[3]);
		if (err == -ENOTSUP && fs->type != FS_EXT4)
			pr_err("error: ln: FAT has no symlinks\n");
		return err;
	}
	return 0;
}
CMD(ln, "ln", do_ln, "ln <interface> <dev[:part]> <target> <linkname>",
    "create a symbolic link (ext4)");
CMD(fatwrite, "fatwrite", do_save,
    "fatwrite <interface> <dev[:part]> <addr> <filename> <bytes> [pos]",
    "write a file from RAM into a FAT file system");

static int do_fatrm_mkdir(int argc, char *const argv[])
{
	bool mk = !strcmp(argv[0], "fatmkdir");
	struct fs *fs;
	int err;

	if (argc != 4)
		return cmd_usage(argv);
	fs = cmd_fs_arg(argv, 1, FS_FAT);
	if (!fs)
		return -ENODEV;
	err = mk ? fat_mkdir(&fs->u.fat, argv[3]) : fat_unlink(&fs->u.fat, argv[3]);
	bootfs_changed();
	if (!err)
		return 0;
	if (mk && err != -EEXIST)
		pr_err("** Unable to create a directory \"%s\" **\n", argv[3]);
	else if (!mk && (err == -ENOENT || err == -ENOTDIR))
		printf("%s: doesn't exist (%d)\n", argv[3], err);
	pr_err("error: %s: %s: %s\n", argv[0], argv[3], errname(err));
	return err;
}
CMD(fatrm, "fatrm", do_fatrm_mkdir, "fatrm <interface> <dev[:part]> <filename>",
    "delete a file or an empty directory (FAT)");
CMD(fatmkdir, "fatmkdir", do_fatrm_mkdir, "fatmkdir <interface> <dev[:part]> <directory>",
    "create a directory (FAT)");
