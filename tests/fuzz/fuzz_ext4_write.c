// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/fs/ext4_write: the input is an ext2/3/4 image
 * (served whole, writable, from a copy); files and a symlink are created
 * in it and a file replaced, then looked up again. A hang, a read or write outside the device
 * or the buffers, or a crash on the image as written is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/fs/blockdev.h"
#include "lib/fs/ext4.h"

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t work[EXT4_WORK_SIZE], payload[9000], back[9000];
	static uint8_t img[4 << 20];
	struct wbd m = { 0 };
	struct ext4_fs fs;
	struct ext4_stat st;
	uint32_t got;

	if (size > sizeof(img) || size < 4096)
		return 0;
	memcpy(img, data, size);
	m.data = img;
	m.bd.name = "fuzz";
	m.bd.nblocks = size / 512;
	m.bd.read = wbd_read;
	m.bd.write = wbd_write;
	if (ext4_mount(&fs, &m.bd, work, sizeof(work), NULL))
		return 0;
	memset(payload, 0x5a, sizeof(payload));
	ext4_write_file(&fs, "/boot/new", payload, sizeof(payload));
	ext4_write_file(&fs, "/e", payload, 0);
	ext4_symlink(&fs, "boot/new", "/link");
	ext4_write_file(&fs, "/vmlinuz", payload, 3000);        /* a replacement */
	if (ext4_mount(&fs, &m.bd, work, sizeof(work), NULL))
		return 0;
	if (!ext4_stat(&fs, "/link", &st) && st.size <= sizeof(back))
		ext4_read(&fs, "/link", back, sizeof(back), &got);
	return 0;
}
