/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ext2/ext3/ext4 on a struct blockdev: reading (lib/fs/ext4.c: extents and
 * indirect blocks, linear and htree directories, symlinks, metadata_csum)
 * and creating files and symlinks (lib/fs/ext4_write.c). */
#ifndef LIB_FS_EXT4_H
#define LIB_FS_EXT4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/fs/blockdev.h"

/* printf-like; messages start with "ext4: " and end in "\n". */
typedef void (*ext4_log_fn)(const char *fmt, ...);

/* The work buffer holds three blocks (a directory block, an extent or
 * indirect block, an inode): EXT4_WORK_SIZE is enough for 64 KiB blocks. */
#define EXT4_WORK_SIZE (3 * 65536)

/* A path may grow through symlinks to this many bytes; this many symlinks
 * are followed in one lookup (Linux: 40; U-Boot: 8). */
#define EXT4_PATH_MAX 1024
#define EXT4_SYMLINKS_MAX 8

/* What is kept of an inode while its blocks are read. */
struct ext4_inode {
	uint32_t ino;
	uint32_t seed;          /* metadata_csum seed of this inode */
	uint32_t flags;
	uint16_t mode;
	uint32_t size;          /* saturated at 4 GiB - 1 */
	uint8_t iblock[60];     /* extent root, block map or fast symlink */
};

struct ext4_fs {
	struct blockdev *bd;
	ext4_log_fn log;
	uint8_t shift;          /* log2 of 512-byte sectors per block */
	uint8_t ishift;         /* log2 of the inode size */
	uint8_t gshift;         /* log2 of the group descriptor size */
	bool csum;              /* metadata_csum */
	bool ext4;              /* extents, 64bit or flex_bg: the name to show */
	bool journal;
	uint32_t bsize;         /* block size in bytes */
	uint32_t incompat;
	/* Block and sector numbers are 32-bit: a partition has at most
	 * 2^32 sectors (MBR), so a larger file system is refused. */
	uint32_t blocks;        /* blocks in the file system */
	uint32_t first_block;   /* s_first_data_block */
	uint32_t ipg;           /* inodes per group */
	uint32_t inodes;
	uint32_t seed;          /* crc32c seed for metadata checksums */
	uint8_t *blk;           /* a directory block or a file's last sector */
	uint8_t *node;          /* an extent or indirect block ... */
	uint32_t node_blk;      /* ... this one (0: none) */
	uint32_t node_ino;      /* ... of this inode */
	uint32_t ind_blk;       /* last-level indirect block last used ... */
	uint32_t ind_key;       /* ... for this level and span */
	uint8_t *ibuf;          /* the inode being read */
};

/* A file or directory opened for reads at any offset (ext4_open,
 * ext4_read_at): its inode, so no read looks the path up again. */
struct ext4_file {
	struct ext4_inode in;
	bool is_dir;
};

struct ext4_stat {
	uint32_t size;          /* saturated at 4 GiB - 1 */
	bool is_dir;
};

/* Checks the superblock of bd and prepares fs; work (EXT4_WORK_SIZE bytes,
 * or three blocks of this file system) stays in use until fs is
 * dropped. Returns 0, -ENOENT (nothing logged) when there is no ext
 * superblock, -EINVAL or -EBADMSG for one that is not usable (the reason
 * goes to log: revision, block size, features by name, geometry,
 * checksum), or the device's error. A journal that needs
 * recovery is a warning: the file system is read as last written back. */
int ext4_mount(struct ext4_fs *fs, struct blockdev *bd, void *work, size_t work_size,
	       ext4_log_fn log);

/* The name of what is mounted: "ext2", "ext3" or "ext4". */
const char *ext4_kind(const struct ext4_fs *fs);

/* Looks up path ("/"-separated, from the root; symlinks are followed, the
 * last one too). Returns 0, -ENOENT, -ENOTDIR, -ELOOP, -ENAMETOOLONG,
 * -EBADMSG for corrupt metadata or a checksum mismatch (named in the log),
 * -EOPNOTSUPP for an encrypted, compressed or inline-data inode, or an I/O
 * error. */
int ext4_stat(struct ext4_fs *fs, const char *path, struct ext4_stat *st);

/* Called for each entry of a listed directory except "." and "..". Return
 * 0 to go on, anything else to stop with that value. It must not call
 * back into the same ext4_fs. */
typedef int (*ext4_list_fn)(void *arg, const char *name, uint32_t size, bool is_dir);

int ext4_list(struct ext4_fs *fs, const char *path, ext4_list_fn fn, void *arg);

/* Reads the file at path into buf (max bytes); *size (may be NULL) gets
 * its size. Holes read as zeros; physically contiguous blocks are read
 * with one multi-block read. Returns 0, -EFBIG when the file is larger
 * than max, -EISDIR, or the errors of ext4_stat. */
int ext4_read(struct ext4_fs *fs, const char *path, void *buf, size_t max, uint32_t *size);
/* The same, but a file larger than max has its first max bytes read (no
 * -EFBIG); *size is still the whole file's size. */
int ext4_read_head(struct ext4_fs *fs, const char *path, void *buf, size_t max, uint32_t *size);

/* Opens path (symlinks followed, as ext4_stat) into f (lib/fs/ext4_at.c:
 * for the EFI image, not linked into the MLO). Returns 0 or the
 * errors of ext4_stat; -ENOTSUP for a file whose data this reader does not
 * follow (encrypted, compressed, inline). */
int ext4_open(struct ext4_fs *fs, const char *path, struct ext4_file *f);
/* Reads up to len bytes of f from byte off into buf; *got gets the count
 * (0 at or past the end). Holes read as zeros; blocks that follow on the
 * device join one multi-block read, and the extent block last used stays
 * cached, so reads in order cost one walk of the tree. Returns 0, -EISDIR,
 * -EBADMSG for a block out of range, or an I/O error. */
int ext4_read_at(struct ext4_fs *fs, struct ext4_file *f, uint64_t off, void *buf, size_t len,
		 size_t *got);

/*
 * Creates the regular file path (size bytes of buf) or the symlink path
 * (pointing at target) in an existing linear directory of an ext4 file
 * system (extents): data, bitmaps and descriptors, the inode, and last the
 * directory entry with one sector write (into a directory block, or a new
 * block the directory's inode takes in), so that a power cut leaves at
 * worst blocks and an inode e2fsck frees. An existing regular file (extents
 * at depth 0) is replaced: new blocks, then its inode rewritten in one
 * sector, then the old blocks freed. Refused before any write, the reason
 * logged: -EROFS (the journal needs recovery, errors), -ENOTSUP (no
 * extents, a feature not kept, an htree directory, blocks over 4 KiB),
 * -EEXIST (a symlink's name exists), -ENOSPC (no blocks or
 * inode, more than four extents, a full directory with four extents), the
 * lookup errors, or the device's error.
 */
int ext4_write_file(struct ext4_fs *fs, const char *path, const void *buf, uint32_t size);
int ext4_symlink(struct ext4_fs *fs, const char *target, const char *path);

#endif
