/* SPDX-License-Identifier: GPL-2.0-or-later */
/* FAT12/16/32 with VFAT long names, on a struct blockdev: reading
 * (lib/fs/fat.c) and writing files and directories (lib/fs/fat_write.c). */
#ifndef LIB_FS_FAT_H
#define LIB_FS_FAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/fs/blockdev.h"

/* printf-like; messages end in "\n". NULL: no messages. */
typedef void (*fat_log_fn)(const char *fmt, ...);

/* Longest long name in bytes of UTF-8, without the NUL. */
#define FAT_NAME_MAX 765

/* The work buffer holds one sector, the long-name assembly area and the
 * FAT cache; what lies past FAT_WORK_MIN caches more FAT sectors, up to
 * FAT_CACHE_SECTORS (FAT_WORK_SIZE bytes in all): 64 sectors are 8192 FAT32
 * clusters, so the FAT of a 32 MiB file at 4 KiB clusters is read once. */
#define FAT_WORK_MIN (512 + 520 + 768 + 2 * 512)
#define FAT_CACHE_SECTORS 64
#define FAT_WORK_SIZE (512 + 520 + 768 + FAT_CACHE_SECTORS * 512)

/* Where a directory entry lies, for lib/fs/fat_write.c: the sectors holding
 * its long-name entries and its short entry (the last one), the index of
 * the first of them in sec[0] and of the short entry in sec[nsec - 1], and
 * the first cluster of the directory (0: the root). nsec 0: the root
 * itself, which has no entry. */
struct fat_loc {
	uint64_t sec[3];
	uint8_t nsec, first, idx;
	uint32_t dir;
};

struct fat_fs {
	struct blockdev *bd;
	fat_log_fn log;
	uint8_t bits;           /* 12, 16 or 32 */
	uint8_t spc_shift;      /* log2 of sectors per cluster */
	uint32_t fat_start;     /* first sector of the FAT in use */
	uint32_t fat_sectors;
	uint32_t root_start;    /* FAT12/16: the fixed root directory */
	uint32_t root_sectors;
	uint32_t root_cluster;  /* FAT32 */
	uint32_t data_start;    /* sector of cluster 2 */
	uint32_t nclusters;     /* valid clusters: 2 .. nclusters + 1 */
	uint8_t *sec;           /* one sector */
	uint16_t *lfn;          /* long name, UTF-16, 20 entries x 13 */
	char *name;             /* the current entry's name, UTF-8 */
	uint8_t *fat;           /* cached FAT sectors */
	uint32_t fat_cap;       /* sectors the cache can hold */
	uint32_t fat_first;     /* first cached sector, relative to fat_start */
	uint32_t fat_count;     /* 0: cache empty */
	/* for lib/fs/fat_write.c */
	uint8_t nfats;          /* FAT copies kept up to date (from fat_start) */
	uint16_t fsinfo;        /* FAT32: the FSInfo sector, 0 or 0xffff: none */
	struct fat_loc run;     /* dir_scan: the current entry's place */
	uint32_t alloc_hint;    /* where the next free cluster is looked for */
};

/* A walk along a cluster chain. Brent's cycle check (compare with a mark
 * moved at powers of two) catches a loop within about twice its length,
 * the step count catches everything else. */
struct fat_chain {
	uint32_t cur, mark, steps, power;
};

/* A file or directory opened for reads at any offset (fat_open,
 * fat_read_at). The chain position of the last read is kept, so reads in
 * order walk the cluster chain once; a read before it starts again from
 * the first cluster. */
struct fat_file {
	uint32_t size;          /* 0 for a directory */
	uint32_t first;         /* first cluster; 0 for an empty file */
	bool is_dir;
	uint32_t idx;           /* ch.cur is the file's cluster number idx */
	struct fat_chain ch;
};

struct fat_stat {
	uint32_t size;
	uint32_t cluster;       /* first cluster; 0 for the FAT12/16 root */
	bool is_dir;
	struct fat_loc loc;
};

/* Checks the boot sector of bd and prepares fs. work (at least FAT_WORK_MIN
 * bytes, word-aligned, typically in SDRAM) stays in use until fs is
 * dropped. Returns 0, -EINVAL for a BPB that is not a sane FAT (the reason
 * goes to log), or the device's error. */
int fat_mount(struct fat_fs *fs, struct blockdev *bd, void *work, size_t work_size,
	      fat_log_fn log);

/* Looks up path ("/boot/extlinux/extlinux.conf"; "/" separated, matched
 * without regard to ASCII case, "." and ".." allowed). Returns 0, -ENOENT,
 * -ENOTDIR, -ENAMETOOLONG, -EBADMSG for a corrupt directory, or an I/O
 * error. */
int fat_stat(struct fat_fs *fs, const char *path, struct fat_stat *st);

/* Called for each entry of a listed directory except "." and "..".
 * Return 0 to go on, anything else to stop the listing with that value.
 * It must not call back into the same fat_fs. */
typedef int (*fat_list_fn)(void *arg, const char *name, uint32_t size, bool is_dir);

int fat_list(struct fat_fs *fs, const char *path, fat_list_fn fn, void *arg);

/* Reads the file at path into buf (max bytes). Sets *size (may be NULL) to
 * the file size. Returns 0, -EFBIG when the file is larger than max,
 * -EISDIR, the lookup errors of fat_stat, -EBADMSG for a corrupt cluster
 * chain, or an I/O error. Consecutive clusters are read as one multi-block
 * read. */
int fat_read(struct fat_fs *fs, const char *path, void *buf, size_t max, uint32_t *size);
/* The same, but a file larger than max has its first max bytes read (no
 * -EFBIG); *size is still the whole file's size. */
int fat_read_head(struct fat_fs *fs, const char *path, void *buf, size_t max, uint32_t *size);

/* Opens path (a file or a directory, looked up as fat_stat) into f
 * (lib/fs/fat_at.c).
 * Returns 0, the lookup errors, or -EBADMSG for a file whose size does not
 * fit its first cluster or the volume. */
int fat_open(struct fat_fs *fs, const char *path, struct fat_file *f);
/* Reads up to len bytes of f from byte off into buf; *got gets the count
 * (0 at or past the end). Returns 0, -EISDIR, -EBADMSG for a cluster chain
 * shorter than the size or looping, or an I/O error (*got then says what
 * was read). Consecutive clusters are read with one multi-block read. */
int fat_read_at(struct fat_fs *fs, struct fat_file *f, uint64_t off, void *buf, size_t len,
		size_t *got);

/*
 * Writes size bytes of buf as the file name in the root directory, so that
 * a power cut at any block write leaves either the file as it was (or no
 * file) or the new one, and no other file touched:
 *  - an existing file whose cluster chain holds size bytes is overwritten
 *    in place: its data sectors only (and its directory entry last when
 *    the size changes);
 *  - a missing file is created: free clusters are found, the data written
 *    to them, then the chain into every FAT copy, the FAT32 FSInfo, and
 *    last the directory entry (8.3, with a VFAT long name when the name
 *    is not 8.3) in one directory sector.
 * Returns 0, -ENOSPC (no free clusters, no free directory slots, or an
 * existing file too short), -EINVAL (a name FAT cannot hold), -EISDIR,
 * -EBADMSG for a corrupt volume, or the device's error (-EROFS).
 */
int fat_write_root(struct fat_fs *fs, const char *name, const void *buf, uint32_t size);

/*
 * Writes size bytes of buf as the file at path, in an existing directory:
 * the data goes to free clusters and is chained in every FAT copy, then
 * one directory sector write creates the entry (8.3, or a VFAT long name
 * with its alias) or switches an existing file's entry to the new chain,
 * and only then is the old chain freed; a power cut at any block write
 * leaves the old file or the new one (at worst lost clusters fsck frees).
 * A full directory grows by a cluster (not the FAT12/16 root). Returns 0,
 * -ENOSPC (not enough free clusters for the whole new file, or no room in
 * the root), -ENOENT/-ENOTDIR (the directory), -EISDIR, -EINVAL (a name
 * FAT cannot hold), -EBADMSG for a corrupt volume, or the device's error.
 */
int fat_write(struct fat_fs *fs, const char *path, const void *buf, uint32_t size);
/* U-Boot's fatwrite at a position: the existing file becomes its first
 * pos bytes then buf (pos 0: fat_write). Written in place as U-Boot does,
 * so a cut may leave the data part old, part new (the metadata ordered:
 * new clusters chained before they are linked, the size last, clusters
 * past the end freed after). -EINVAL when pos is past the file's end or
 * the file does not exist. */
int fat_write_at(struct fat_fs *fs, const char *path, const void *buf, uint32_t size,
		 uint32_t pos);
/* Removes the file or empty directory at path: its entries are marked
 * deleted (the short entry's sector first), then its clusters freed.
 * -EEXIST for a directory not empty (as POSIX's rmdir may), -EINVAL for the root, or the lookup and device errors. */
int fat_unlink(struct fat_fs *fs, const char *path);
/* Makes the directory path (its parent must exist): the new cluster with
 * "." and "..", its FAT entry, then the entry in the parent. -EEXIST when
 * the name is taken; the other errors as fat_write. */
int fat_mkdir(struct fat_fs *fs, const char *path);

#endif
