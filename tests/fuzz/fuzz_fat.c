// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/fs/part + lib/fs/fat: the input is a disk image served
 * by a memory block device; mount, list the root and a subdirectory, look up
 * and read some paths. A hang here is a bug (every loop is bounded). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/fs/blockdev.h"
#include "lib/fs/fat.h"
#include "lib/fs/part.h"
#include "tests/fuzz/membd.h"

static int list_cb(void *arg, const char *name, uint32_t size, bool is_dir)
{
	(void)size;
	(void)is_dir;
	/* The name must be a terminated string of sane length. */
	if (strlen(name) > FAT_NAME_MAX)
		abort();
	*(size_t *)arg += strlen(name);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t work[FAT_WORK_MIN + 4 * 512];
	static uint8_t buf[256 * 1024];
	static const char *paths[] = {
		"/boot/extlinux/extlinux.conf", "/zImage", "/MLO", "/a/b/c", "/..", "/A",
	};
	struct membd m = { 0 };
	struct blockdev part, *vol = &part;
	struct fat_fs fs;
	uint8_t sector[512];
	size_t names = 0;
	uint32_t fsize;

	membd_init(&m, data, size);
	/* Both with the partition table and as a bare file system. */
	if (part_open_boot(&m.bd, sector, &part, "fuzzp") < 0)
		vol = &m.bd;
	/* Use a small work buffer in half the runs to exercise cache misses. */
	if (fat_mount(&fs, vol, work, (size & 1) ? sizeof(work) : FAT_WORK_MIN, NULL))
		return 0;
	fat_list(&fs, "/", list_cb, &names);
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		fat_read(&fs, paths[i], buf, sizeof(buf), &fsize);
	fat_list(&fs, "/boot", list_cb, &names);
	fat_read(&fs, "/boot/zImage", buf, 1000, &fsize);
	fat_read_head(&fs, "/boot/zImage", buf, 1000, &fsize);
	return 0;
}
