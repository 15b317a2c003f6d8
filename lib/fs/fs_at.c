// SPDX-License-Identifier: GPL-2.0-or-later
/* Offset reads through the common file-system interface (fs_open,
 * fs_read_at), dispatched to lib/fs/fat_at.c and lib/fs/ext4_at.c. */
#include "lib/fs/fs.h"
#include "lib/bitops.h"
#include "lib/errno.h"

int fs_open(struct fs *fs, const char *path, struct fs_file *f)
{
	int ret;

	f->type = fs->type;
	f->size = 0;
	f->is_dir = false;
	if (fs->type == FS_EXT4) {
		ret = ext4_open(&fs->u.ext4, path, &f->u.ext4);
		if (!ret) {
			f->is_dir = f->u.ext4.is_dir;
			f->size = f->is_dir ? 0 : (uint32_t)MIN(f->u.ext4.in.size, 0xffffffffu);
		}
		return ret;
	}
	if (fs->type != FS_FAT)
		return -ENODEV;
	ret = fat_open(&fs->u.fat, path, &f->u.fat);
	if (!ret) {
		f->is_dir = f->u.fat.is_dir;
		f->size = f->u.fat.size;
	}
	return ret;
}

int fs_read_at(struct fs *fs, struct fs_file *f, uint64_t off, void *buf, size_t len,
	       size_t *got)
{
	*got = 0;
	if (f->type != fs->type)
		return -EINVAL;
	if (fs->type == FS_EXT4)
		return ext4_read_at(&fs->u.ext4, &f->u.ext4, off, buf, len, got);
	if (fs->type == FS_FAT)
		return fat_read_at(&fs->u.fat, &f->u.fat, off, buf, len, got);
	return -ENODEV;
}

uint32_t fs_unit_size(const struct fs *fs)
{
	return fs->type == FS_EXT4 ? fs->u.ext4.bsize
	       : fs->type == FS_FAT ? 512u << fs->u.fat.spc_shift : 0;
}

uint32_t fs_units(const struct fs *fs)
{
	return fs->type == FS_EXT4 ? fs->u.ext4.blocks
	       : fs->type == FS_FAT ? fs->u.fat.nclusters : 0;
}
