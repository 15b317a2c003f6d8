// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/fs/part's partition scan and lib/fs/ext4 through
 * lib/fs/fs: the input is a disk image served by a memory block device; each
 * partition found is mounted (ext2/3/4, else FAT), listed, and some paths
 * are looked up and read, symlinks among them. A hang or a read outside
 * the device or the buffers is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/fs/blockdev.h"
#include "lib/fs/fs.h"
#include "lib/fs/part.h"
#include "tests/fuzz/membd.h"

static int list_cb(void *arg, const char *name, uint32_t size, bool is_dir)
{
	(void)size;
	(void)is_dir;
	if (strlen(name) > 255)
		abort();
	*(size_t *)arg += strlen(name);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t work[FS_WORK_SIZE];
	static uint8_t buf[512 * 1024];
	static const char *paths[] = {
		"/boot/extlinux/extlinux.conf", "/vmlinuz", "/link", "/dir/../link", "/a/b/c",
		"/slow", "/loop",
	};
	struct membd m = { 0 };
	struct part_info p[PART_SCAN_MAX];
	struct blockdev part;
	struct fs fs;
	struct fs_stat st;
	uint8_t sector[512];
	size_t names = 0;
	uint32_t fsize;
	int n;

	membd_init(&m, data, size);
	n = part_scan(&m.bd, sector, p);
	for (int i = 0; i < n && i < 3; i++) {
		struct mbr_part mp = { .type = p[i].type, .start = p[i].start, .size = p[i].size };

		part_init(&part, &m.bd, &mp, "fuzzp");
		if (fs_mount(&fs, &part, work, sizeof(work), NULL))
			continue;
		fs_list(&fs, "/", list_cb, &names);
		fs_list(&fs, "/dir", list_cb, &names);
		for (size_t k = 0; k < sizeof(paths) / sizeof(paths[0]); k++) {
			if (!fs_stat(&fs, paths[k], &st) && st.size <= sizeof(buf))
				fs_read(&fs, paths[k], buf, sizeof(buf), &fsize);
		}
		fs_read(&fs, "/big", buf, sizeof(buf), &fsize);
		fs_read_head(&fs, "/big", buf, 1000, &fsize);
	}
	return 0;
}
