// SPDX-License-Identifier: GPL-2.0-or-later
/* Dispatch from the common file-system interface to lib/fs/fat and lib/fs/ext4. */
#include "lib/fs/fs.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

int fs_mount(struct fs *fs, struct blockdev *bd, void *work, size_t work_size, fs_log_fn log)
{
	int ret;

	fs->type = FS_NONE;
	fs->tried = FS_EXT4;
	ret = ext4_mount(&fs->u.ext4, bd, work, work_size, log);
	/* No ext superblock, or none that could be read (FAT needs only
	 * sector 0): try FAT; when that fails too after a read error, the
	 * read error is the news. */
	if (ret && ret != -EINVAL && ret != -EBADMSG) {
		int fret = fat_mount(&fs->u.fat, bd, work, work_size, log);

		if (!fret || ret == -ENOENT) {
			fs->tried = FS_FAT;
			ret = fret;
		}
	}
	if (!ret)
		fs->type = fs->tried;
	return ret;
}

const char *fs_kind(const struct fs *fs)
{
	if (fs->type == FS_EXT4)
		return ext4_kind(&fs->u.ext4);
	if (fs->type != FS_FAT)
		return "none";
	return fs->u.fat.bits == 12 ? "FAT12" : fs->u.fat.bits == 16 ? "FAT16" : "FAT32";
}

const char *fs_type_name(const struct fs *fs)
{
	return fs->type == FS_EXT4 ? "ext4" : fs->type == FS_FAT ? "fat" : NULL;
}

int fs_volume_id(struct fs *fs, uint8_t *sector, char uuid[37], char label[17])
{
	static const char hex[] = "0123456789abcdef";
	const uint8_t *id;
	int ret;

	if (fs->type == FS_EXT4) {
		/* the superblock: 1024 bytes from byte 1024 */
		ret = blk_read(fs->u.ext4.bd, 2, 2, sector);
		if (ret)
			return ret;
		id = sector + 0x68;
		for (unsigned i = 0, o = 0; i < 16; i++) {
			if (i == 4 || i == 6 || i == 8 || i == 10)
				uuid[o++] = '-';
			uuid[o++] = hex[id[i] >> 4];
			uuid[o++] = hex[id[i] & 15];
			uuid[o] = 0;
		}
		if (label) {
			memcpy(label, sector + 0x78, 16);
			label[16] = 0;
		}
		return 0;
	}
	if (fs->type != FS_FAT)
		return -ENODEV;
	ret = blk_read(fs->u.fat.bd, 0, 1, sector);
	if (ret)
		return ret;
	/* the extended BPB: after the FAT32 fields, or right after the BPB */
	id = sector + (fs->u.fat.bits == 32 ? 0x43 : 0x27);
	for (unsigned i = 0, o = 0; i < 4; i++) {
		if (i == 2)
			uuid[o++] = '-';
		uuid[o++] = "0123456789ABCDEF"[id[3 - i] >> 4];
		uuid[o++] = "0123456789ABCDEF"[id[3 - i] & 15];
		uuid[o] = 0;
	}
	if (label) {
		memcpy(label, id + 4, 11);
		label[11] = 0;
	}
	return 0;
}

int fs_stat(struct fs *fs, const char *path, struct fs_stat *st)
{
	struct ext4_stat es = { 0, false };
	struct fat_stat fst;
	int ret;

	if (fs->type == FS_EXT4) {
		ret = ext4_stat(&fs->u.ext4, path, &es);
		st->size = (uint32_t)MIN(es.size, 0xffffffffu);
		st->is_dir = es.is_dir;
		return ret;
	}
	if (fs->type != FS_FAT)
		return -ENODEV;
	ret = fat_stat(&fs->u.fat, path, &fst);
	st->size = fst.size;
	st->is_dir = fst.is_dir;
	return ret;
}

int fs_list(struct fs *fs, const char *path, fs_list_fn fn, void *arg)
{
	if (fs->type == FS_EXT4)
		return ext4_list(&fs->u.ext4, path, fn, arg);
	if (fs->type == FS_FAT)
		return fat_list(&fs->u.fat, path, fn, arg);
	return -ENODEV;
}

int fs_read(struct fs *fs, const char *path, void *buf, size_t max, uint32_t *size)
{
	if (fs->type == FS_EXT4)
		return ext4_read(&fs->u.ext4, path, buf, max, size);
	if (fs->type == FS_FAT)
		return fat_read(&fs->u.fat, path, buf, max, size);
	return -ENODEV;
}

int fs_read_head(struct fs *fs, const char *path, void *buf, size_t max, uint32_t *size)
{
	if (fs->type == FS_EXT4)
		return ext4_read_head(&fs->u.ext4, path, buf, max, size);
	if (fs->type == FS_FAT)
		return fat_read_head(&fs->u.fat, path, buf, max, size);
	return -ENODEV;
}
