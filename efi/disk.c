// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The SD card for EFI applications (UEFI 2.10 13.4, 13.5, 13.9, 10.6):
 * a handle for the card (BlockIO, DevicePath) and one for each partition
 * (BlockIO, DevicePath with its HD node, and SimpleFileSystem when lib/fs
 * mounts it: FAT, ext2/3/4 read-only as U-Boot offers it), the protocols
 * wrapping lib/efi/file.c and lib/efi/devpath.c; and DevicePathToText.
 * Everything is read-only: writes are refused as the media says.
 */
#include "efi/efi.h"

#include "common/bootfs.h"
#include "common/storage.h"
#include "lib/efi/devpath.h"
#include "lib/efi/file.h"
#include "lib/errno.h"
#include "lib/fs/part.h"
#include "lib/string.h"

#define EFI_WRITE_PROTECTED_ EFIERR(8)
#define EFI_MEDIA_CHANGED_   EFIERR(13)
#define EFI_BAD_BUFFER_SIZE_ EFIERR(4)
#define DP_MAX 96

const efi_guid efi_guid_block_io = GUID(0x964e5b21, 0x6459, 0x11d2, 0x8e, 0x39, 0x00, 0xa0,
					0xc9, 0x69, 0x72, 0x3b);
const efi_guid efi_guid_sfs = GUID(0x964e5b22, 0x6459, 0x11d2, 0x8e, 0x39, 0x00, 0xa0, 0xc9,
				   0x69, 0x72, 0x3b);
static const efi_guid guid_dp_to_text = GUID(0x8b843e20, 0x8132, 0x4852, 0x90, 0xcc, 0x55,
					     0x1a, 0x4e, 0x4a, 0x7f, 0x1c);

/* EFI_BLOCK_IO_MEDIA and EFI_BLOCK_IO_PROTOCOL (13.9), revision 3 */
struct bio_media {
	uint32_t media_id;
	bool removable, present, logical, read_only, write_caching;
	uint32_t block_size, io_align;
	uint64_t last_block, lowest_aligned_lba;
	uint32_t blocks_per_physical, optimal_granularity;
};

struct block_io {
	uint64_t revision;
	struct bio_media *media;
	efi_status (*reset)(struct block_io *self, bool ext);
	efi_status (*read)(struct block_io *self, uint32_t media_id, uint64_t lba, uint32_t size,
			   void *buf);
	efi_status (*write)(struct block_io *self, uint32_t media_id, uint64_t lba, uint32_t size,
			    const void *buf);
	efi_status (*flush)(struct block_io *self);
};

/* EFI_FILE_PROTOCOL (13.5), revision 1, and SIMPLE_FILE_SYSTEM (13.4) */
struct file_proto {
	uint64_t revision;
	efi_status (*open)(struct file_proto *self, struct file_proto **out, const char16 *name,
			   uint64_t mode, uint64_t attrs);
	efi_status (*close)(struct file_proto *self);
	efi_status (*delete)(struct file_proto *self);
	efi_status (*read)(struct file_proto *self, uint32_t *size, void *buf);
	efi_status (*write)(struct file_proto *self, uint32_t *size, const void *buf);
	efi_status (*get_position)(struct file_proto *self, uint64_t *pos);
	efi_status (*set_position)(struct file_proto *self, uint64_t pos);
	efi_status (*get_info)(struct file_proto *self, const efi_guid *type, uint32_t *size,
			       void *buf);
	efi_status (*set_info)(struct file_proto *self, const efi_guid *type, uint32_t size,
			       const void *buf);
	efi_status (*flush)(struct file_proto *self);
};

struct sfs_proto {
	uint64_t revision;
	efi_status (*open_volume)(struct sfs_proto *self, struct file_proto **root);
};

struct disk;

/* A file handle: the protocol first, so This is the handle. */
struct fh {
	struct file_proto p;
	struct disk *d;
};

/* The card or one partition. */
struct disk {
	struct block_io bio;    /* first: This of BlockIO is the disk */
	struct bio_media media;
	struct blockdev part;   /* a partition's view of the card */
	struct blockdev *bd;
	unsigned num;           /* the partition's number; 0 the card */
	efi_handle h;
	uint8_t dp[DP_MAX];
	struct sfs_proto sfs;
	struct fs fs;
	struct efi_volume *vol;
	struct fh fh[EFI_FILE_HANDLES];
};

static struct disk *disks[1 + PART_SCAN_MAX];
static unsigned ndisks;

/* ---- BlockIO */

static efi_status bio_reset(struct block_io *self, bool ext)
{
	return EFI_SUCCESS;
}

static efi_status bio_check(struct block_io *self, uint32_t media_id, uint64_t lba,
			    uint32_t size, const void *buf)
{
	if (media_id != self->media->media_id)
		return EFI_MEDIA_CHANGED_;
	if (size % BLOCK_SIZE)
		return EFI_BAD_BUFFER_SIZE_;
	/* 13.9: the buffer on IoAlign, the blocks on the medium */
	if (!buf || ((uintptr_t)buf & (self->media->io_align - 1)) ||
	    lba > self->media->last_block ||
	    size / BLOCK_SIZE > self->media->last_block + 1 - lba)
		return EFI_INVALID_PARAMETER;
	return EFI_SUCCESS;
}

static efi_status bio_read(struct block_io *self, uint32_t media_id, uint64_t lba, uint32_t size,
			   void *buf)
{
	struct disk *d = (struct disk *)self;
	efi_status st = bio_check(self, media_id, lba, size, buf);

	if (st || !size)
		return st;
	return blk_read(d->bd, lba, size / BLOCK_SIZE, buf) ? EFI_DEVICE_ERROR : EFI_SUCCESS;
}

static efi_status bio_write(struct block_io *self, uint32_t media_id, uint64_t lba, uint32_t size,
			    const void *buf)
{
	efi_status st = bio_check(self, media_id, lba, size, buf);

	return st ? st : EFI_WRITE_PROTECTED_;
}

static efi_status bio_flush(struct block_io *self)
{
	return EFI_SUCCESS;
}

/* ---- EFI_FILE_PROTOCOL on lib/efi/file.c */

static struct efi_file *file_of(struct file_proto *self, struct disk **d)
{
	struct fh *fh = (struct fh *)self;

	*d = fh->d;
	return &fh->d->vol->files[fh - fh->d->fh];
}

static struct file_proto *proto_of(struct disk *d, struct efi_file *f)
{
	return &d->fh[f - d->vol->files].p;
}

static efi_status f_open(struct file_proto *self, struct file_proto **out, const char16 *name,
			 uint64_t mode, uint64_t attrs)
{
	struct disk *d;
	struct efi_file *from = file_of(self, &d), *f;
	efi_status st;

	if (!out)
		return EFI_INVALID_PARAMETER;
	st = efi_file_open(d->vol, from, &f, name, mode, attrs);
	if (!st)
		*out = proto_of(d, f);
	return st;
}

static efi_status f_close(struct file_proto *self)
{
	struct disk *d;
	struct efi_file *f = file_of(self, &d);

	return efi_file_close(d->vol, f);
}

static efi_status f_delete(struct file_proto *self)
{
	struct disk *d;
	struct efi_file *f = file_of(self, &d);

	return efi_file_delete(d->vol, f);
}

static efi_status f_read(struct file_proto *self, uint32_t *size, void *buf)
{
	struct disk *d;
	struct efi_file *f = file_of(self, &d);

	return efi_file_read(d->vol, f, (size_t *)size, buf);
}

static efi_status f_write(struct file_proto *self, uint32_t *size, const void *buf)
{
	struct disk *d;
	struct efi_file *f = file_of(self, &d);

	return efi_file_write(d->vol, f, (size_t *)size, buf);
}

static efi_status f_get_position(struct file_proto *self, uint64_t *pos)
{
	struct disk *d;
	struct efi_file *f = file_of(self, &d);

	return efi_file_get_position(d->vol, f, pos);
}

static efi_status f_set_position(struct file_proto *self, uint64_t pos)
{
	struct disk *d;
	struct efi_file *f = file_of(self, &d);

	return efi_file_set_position(d->vol, f, pos);
}

static efi_status f_get_info(struct file_proto *self, const efi_guid *type, uint32_t *size,
			     void *buf)
{
	struct disk *d;
	struct efi_file *f = file_of(self, &d);

	if (!type)
		return EFI_INVALID_PARAMETER;
	return efi_file_get_info(d->vol, f, (const uint8_t *)type, (size_t *)size, buf);
}

static efi_status f_set_info(struct file_proto *self, const efi_guid *type, uint32_t size,
			     const void *buf)
{
	struct disk *d;
	struct efi_file *f = file_of(self, &d);

	if (!type)
		return EFI_INVALID_PARAMETER;
	return efi_file_set_info(d->vol, f, (const uint8_t *)type, size, buf);
}

static efi_status f_flush(struct file_proto *self)
{
	struct disk *d;
	struct efi_file *f = file_of(self, &d);

	return efi_file_flush(d->vol, f);
}

static efi_status open_volume(struct sfs_proto *self, struct file_proto **root)
{
	struct disk *d = (struct disk *)((char *)self - offsetof(struct disk, sfs));
	struct efi_file *f;
	efi_status st;

	if (!root)
		return EFI_INVALID_PARAMETER;
	st = efi_open_volume(d->vol, &f);
	if (!st)
		*root = proto_of(d, f);
	return st;
}

/* ---- DevicePathToText (10.6) */

/* The UTF-8 text as UTF-16 in pool memory (what the caller frees), NULL
 * for a path the text functions refuse or no memory. */
static char16 *to_utf16(const char *s, int n)
{
	char16 *w;
	uint32_t k = 0;

	if (n < 0 || efi_alloc_pool(EFI_BOOT_SERVICES_DATA, 2 * ((uint32_t)n + 1), (void **)&w))
		return NULL;
	for (int i = 0; i < n; k++) {
		uint8_t c = (uint8_t)s[i];

		/* file names may be UTF-8: 2- and 3-byte forms, the rest '?' */
		if (c < 0x80) {
			w[k] = c;
			i++;
		} else if ((c & 0xe0) == 0xc0 && i + 1 < n) {
			w[k] = (char16)((c & 0x1f) << 6 | (s[i + 1] & 0x3f));
			i += 2;
		} else if ((c & 0xf0) == 0xe0 && i + 2 < n) {
			w[k] = (char16)((c & 0x0f) << 12 | (s[i + 1] & 0x3f) << 6 | (s[i + 2] & 0x3f));
			i += 3;
		} else {
			w[k] = '?';
			for (i++; i < n && ((uint8_t)s[i] & 0xc0) == 0x80; i++)
				;
		}
	}
	w[k] = 0;
	return w;
}

static char text[1024];

static char16 *node_to_text(const void *node, bool display_only, bool shortcuts)
{
	int n;

	if (!node)
		return NULL;
	n = efi_dp_node_to_text(node, 4096, text, sizeof(text));
	return to_utf16(text, n < (int)sizeof(text) ? n : (int)sizeof(text) - 1);
}

static char16 *path_to_text(const void *dp, bool display_only, bool shortcuts)
{
	int n;

	if (!dp)
		return NULL;
	n = efi_dp_to_text(dp, 4096, text, sizeof(text));
	return to_utf16(text, n < (int)sizeof(text) ? n : (int)sizeof(text) - 1);
}

static struct {
	char16 *(*node)(const void *node, bool display_only, bool shortcuts);
	char16 *(*path)(const void *dp, bool display_only, bool shortcuts);
} dp_to_text;

/* ---- the handles */

static efi_status add_disk(struct disk *d, struct blockdev *bd, bool logical, size_t dplen)
{
	efi_status st;

	d->bd = bd;
	d->media = (struct bio_media){
		.media_id = 1, .removable = true, .present = true, .logical = logical,
		.read_only = true, .block_size = BLOCK_SIZE, .io_align = 4,
		.last_block = bd->nblocks - 1, .blocks_per_physical = 1,
	};
	d->bio = (struct block_io){ 0x2001f, &d->media, bio_reset, bio_read, bio_write,
				    bio_flush };
	if (!dplen)
		return EFI_OUT_OF_RESOURCES;
	st = efi_install(&d->h, &efi_guid_block_io, &d->bio);
	if (!st)
		st = efi_install(&d->h, &efi_guid_device_path, d->dp);
	if (!st)
		disks[ndisks++] = d;
	return st;
}

static const struct file_proto file_init = {
	0x10000, f_open, f_close, f_delete, f_read, f_write, f_get_position, f_set_position,
	f_get_info, f_set_info, f_flush,
};

/* SimpleFileSystem on d when lib/fs mounts it (said nowhere: a partition
 * without a file system is no error). */
static void add_fs(struct disk *d)
{
	void *work;

	if (efi_alloc_pool(EFI_BOOT_SERVICES_DATA, FS_WORK_SIZE, &work))
		return;
	if (fs_mount(&d->fs, d->bd, work, FS_WORK_SIZE, NULL) ||
	    efi_alloc_pool(EFI_BOOT_SERVICES_DATA, sizeof(*d->vol), (void **)&d->vol)) {
		efi_free_pool(work);
		return;
	}
	efi_volume_init(d->vol, &d->fs);
	for (unsigned i = 0; i < EFI_FILE_HANDLES; i++)
		d->fh[i] = (struct fh){ file_init, d };
	d->sfs = (struct sfs_proto){ 0x10000, open_volume };
	efi_install(&d->h, &efi_guid_sfs, &d->sfs);
}

static struct disk *new_disk(void)
{
	struct disk *d;

	if (efi_alloc_pool(EFI_BOOT_SERVICES_DATA, sizeof(*d), (void **)&d))
		return NULL;
	memset(d, 0, sizeof(*d));
	return d;
}

int efi_disk_init(void)
{
	struct part_info p[PART_SCAN_MAX];
	struct blockdev *mmc = storage_mmc1();
	uint32_t sig;
	struct disk *d;
	int err, n;

	ndisks = 0;
	dp_to_text.node = node_to_text;
	dp_to_text.path = path_to_text;
	efi_handle h = NULL;

	if (efi_install(&h, &guid_dp_to_text, &dp_to_text))
		return -ENOMEM;
	if (!mmc)
		return 0;    /* no card: nothing to offer */
	n = bootfs_parts(p, &sig, &err);
	if (!n)
		return 0;
	d = new_disk();
	if (!d || add_disk(d, mmc, false, efi_dp_sd_card(d->dp, DP_MAX, 0)))
		return -ENOMEM;
	for (int i = 0; i < n; i++) {
		struct mbr_part mp = { .type = p[i].type, .start = p[i].start, .size = p[i].size };

		if (!p[i].num) {
			/* a file system from sector 0: the card itself holds it */
			add_fs(disks[0]);
			continue;
		}
		d = new_disk();
		if (!d)
			return -ENOMEM;
		part_init(&d->part, mmc, &mp, "mmc1p");
		d->num = p[i].num;
		if (add_disk(d, &d->part, true,
			     efi_dp_sd_partition(d->dp, DP_MAX, 0, p[i].num, p[i].start, p[i].size,
						 sig)))
			return -ENOMEM;
		add_fs(d);
	}
	return 0;
}

efi_handle efi_disk_part(uint32_t part, uint64_t start)
{
	for (unsigned i = 0; i < ndisks; i++)
		if (disks[i]->num == part && disks[i]->bd->offset == start && disks[i]->vol)
			return disks[i]->h;
	return NULL;
}

void efi_disk_changed(void)
{
	for (unsigned i = 0; i < ndisks; i++)
		if (disks[i]->vol && disks[i]->fs.type == FS_FAT)
			disks[i]->fs.u.fat.fat_count = 0;
}

efi_handle efi_disk_of(const struct fs *fs, const void **dp)
{
	const struct blockdev *bd = fs->type == FS_FAT ? fs->u.fat.bd : fs->u.ext4.bd;

	for (unsigned i = 0; i < ndisks; i++) {
		if (disks[i]->bd->offset == bd->offset && disks[i]->bd->nblocks == bd->nblocks) {
			*dp = disks[i]->dp;
			return disks[i]->h;
		}
	}
	return NULL;
}

efi_status efi_disk_open_file(efi_handle h, const char *path, struct fs **fs,
			      struct fs_file *f)
{
	for (unsigned i = 0; i < ndisks; i++) {
		if (disks[i]->h == h && disks[i]->vol) {
			*fs = &disks[i]->fs;
			return efi_status_of(fs_open(*fs, path, f));
		}
	}
	return EFI_NOT_FOUND;
}
