/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One interface over the file systems gtaboot reads (FAT, ext2/3/4): the
 * boot flow and the console open files by path and never ask which. */
#ifndef LIB_FS_FS_H
#define LIB_FS_FS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/fs/blockdev.h"
#include "lib/fs/ext4.h"
#include "lib/fs/fat.h"

/* Work buffer that any of them can mount with. */
#define FS_WORK_SIZE (EXT4_WORK_SIZE > FAT_WORK_SIZE ? EXT4_WORK_SIZE : FAT_WORK_SIZE)

enum fs_type { FS_NONE, FS_FAT, FS_EXT4 };

struct fs {
	enum fs_type type;
	enum fs_type tried;     /* what the last fs_mount took it for */
	union {
		struct fat_fs fat;
		struct ext4_fs ext4;
	} u;
};

struct fs_stat {
	uint32_t size;          /* saturated at 4 GiB - 1 */
	bool is_dir;
};

/* A file or directory opened for reads at any offset (fs_open,
 * fs_read_at), as EFI's File.Read and GRUB's chunked reads need. */
struct fs_file {
	enum fs_type type;      /* the fs it was opened on */
	uint32_t size;          /* saturated at 4 GiB - 1; 0 for a directory */
	bool is_dir;
	union {
		struct fat_file fat;
		struct ext4_file ext4;
	} u;
};

typedef void (*fs_log_fn)(const char *fmt, ...);
typedef int (*fs_list_fn)(void *arg, const char *name, uint32_t size, bool is_dir);

/* Mounts bd as ext2/3/4 when it holds an ext superblock, else as FAT.
 * Returns 0 or the file system's error (the reason went to log). */
int fs_mount(struct fs *fs, struct blockdev *bd, void *work, size_t work_size, fs_log_fn log);
/* "FAT16", "FAT32", "ext4", ...; "none" when nothing is mounted. */
const char *fs_kind(const struct fs *fs);

/* U-Boot's name for the type: "fat" or "ext4" (ext2/3 too), as fstype
 * prints it; NULL when nothing is mounted. */
const char *fs_type_name(const struct fs *fs);
/* The volume identity U-Boot's fsuuid prints: FAT's volume serial as
 * "XXXX-XXXX", ext's superblock UUID as 8-4-4-4-12 lowercase hex; label
 * (12 bytes, may be NULL) gets FAT's boot-sector volume label (11
 * characters, blank-padded) or ext's volume name. sector is a 1024-byte
 * buffer. Returns 0 or the device's error. */
int fs_volume_id(struct fs *fs, uint8_t *sector, char uuid[37], char label[17]);

/* As fat_stat/ext4_stat, fat_list/ext4_list and fat_read/ext4_read: paths
 * from the root, "/"-separated; -ENODEV when nothing is mounted. */
int fs_stat(struct fs *fs, const char *path, struct fs_stat *st);
int fs_list(struct fs *fs, const char *path, fs_list_fn fn, void *arg);
int fs_read(struct fs *fs, const char *path, void *buf, size_t max, uint32_t *size);
/* fs_read, but of a file larger than max only its first max bytes, no
 * -EFBIG (*size: the whole file's size): for text read line by line. */
int fs_read_head(struct fs *fs, const char *path, void *buf, size_t max, uint32_t *size);

/* Offset reads (lib/fs/fs_at.c, fat_at.c, ext4_at.c), for UEFI's file
 * protocol; the MLO's boot path reads whole files and --gc-sections
 * leaves these out of it. */
/* Opens path (a file or a directory) for fs_read_at. Returns 0, the
 * errors of fs_stat, or -EBADMSG/-ENOTSUP for a file that cannot be read. */
int fs_open(struct fs *fs, const char *path, struct fs_file *f);
/* Up to len bytes of f from byte off into buf, *got the count read (0 at
 * or past the end). Reads in order cost one walk of the file's cluster
 * chain or extent tree in all. -EISDIR for a directory, -EINVAL for f
 * opened on another kind of fs, else the file system's errors. */
int fs_read_at(struct fs *fs, struct fs_file *f, uint64_t off, void *buf, size_t len,
	       size_t *got);
/* The allocation unit (FAT cluster, ext block) in bytes and the blocks of
 * that size in the file system; 0 when nothing is mounted. */
uint32_t fs_unit_size(const struct fs *fs);
uint32_t fs_units(const struct fs *fs);

#endif
