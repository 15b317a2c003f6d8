// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/fs/fat_write: the input is a FAT image (served
 * whole, writable, from a copy); files are created, replaced, written at
 * a position and removed, directories made and removed, then the volume
 * is listed and read again. A hang, a read or write outside the device
 * or the buffers, or a crash on the image as written is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/fs/blockdev.h"
#include "lib/fs/fat.h"

struct wbd {
	struct blockdev bd;
	uint8_t *data;
};

static int wbd_read(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf)
{
	struct wbd *m = (struct wbd *)bd;

	if (lba + count > bd->nblocks)
		abort();
	memcpy(buf, m->data + lba * 512, (size_t)count * 512);
	return 0;
}

static int wbd_write(struct blockdev *bd, uint64_t lba, uint32_t count, const void *buf)
{
	struct wbd *m = (struct wbd *)bd;

	if (lba + count > bd->nblocks)
		abort();
	memcpy(m->data + lba * 512, buf, (size_t)count * 512);
	return 0;
}

static int list_cb(void *arg, const char *name, uint32_t size, bool is_dir)
{
	(void)size, (void)is_dir;
	if (strlen(name) > FAT_NAME_MAX)
		abort();
	++*(unsigned *)arg;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t work[FAT_WORK_SIZE], payload[9000], back[16384];
	static uint8_t img[1 << 20];
	struct wbd m = { 0 };
	struct fat_fs fs;
	unsigned n = 0;
	uint32_t got;

	if (size > sizeof(img) || size < 1024)
		return 0;
	memcpy(img, data, size);
	m.data = img;
	m.bd.name = "fuzz";
	m.bd.nblocks = size / 512;
	m.bd.read = wbd_read;
	m.bd.write = wbd_write;
	if (fat_mount(&fs, &m.bd, work, sizeof(work), NULL))
		return 0;
	memset(payload, 0x5a, sizeof(payload));
	fat_write(&fs, "/zImage", payload, sizeof(payload));
	fat_mkdir(&fs, "/new dir");
	fat_write(&fs, "/new dir/A long file name.txt", payload, 700);
	fat_write_at(&fs, "/zImage", payload, 100, 8000);
	fat_write_root(&fs, "uboot.env", payload, 4096);
	fat_unlink(&fs, "/boot/extlinux/extlinux.conf");
	fat_unlink(&fs, "/boot/extlinux");
	fat_unlink(&fs, "/Long Directory Name");
	if (fat_mount(&fs, &m.bd, work, sizeof(work), NULL))
		return 0;
	fat_list(&fs, "/", list_cb, &n);
	fat_list(&fs, "/new dir", list_cb, &n);
	fat_read(&fs, "/zImage", back, sizeof(back), &got);
	return 0;
}
