// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/fs/part: MBR parsing and the boot partition choice
 * on arbitrary first sectors and device sizes; the partition found must lie
 * within the device. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/fs/blockdev.h"
#include "lib/fs/part.h"

static const uint8_t *sector0;

static int one_sector(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf)
{
	(void)bd;
	if (lba != 0 || count != 1)
		abort();
	memcpy(buf, sector0, 512);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct blockdev disk = { .name = "fuzz", .read = one_sector };
	struct blockdev part;
	struct mbr_part p[MBR_NPART];
	uint8_t sector[512];
	int ret;

	if (size < 520)
		return 0;
	sector0 = data;
	memcpy(&disk.nblocks, data + 512, 8);
	if (!disk.nblocks)
		disk.nblocks = 1;
	ret = part_open_boot(&disk, sector, &part, "fuzzp");
	if (ret >= 0 && (part.offset > disk.nblocks || part.nblocks > disk.nblocks - part.offset))
		abort();
	if (!mbr_parse(data, disk.nblocks, p, NULL)) {
		ret = mbr_pick_boot(p);
		if (ret >= 0 && (!p[ret].type || p[ret].start + (uint64_t)p[ret].size > disk.nblocks))
			abort();
	}
	return 0;
}
