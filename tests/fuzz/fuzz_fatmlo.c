// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/fs/fatmlo: the input is a disk image; look up MLO
 * in the active partition's root directory and read parts of it. Every
 * read must stay inside the destination and the image; a hang is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/fs/fatmlo.h"

struct img {
	const uint8_t *data;
	size_t len;
	uint32_t dst_sectors;
	uint32_t reads;
};

static int mem_read(void *ctx, uint32_t lba, uint32_t count, void *buf)
{
	struct img *m = ctx;

	if (++m->reads > 100000)
		abort(); /* bounded walks only */
	if ((uint64_t)(lba + (uint64_t)count) * 512 > m->len)
		return -5;
	memcpy(buf, m->data + (size_t)lba * 512, (size_t)count * 512);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t dst[64 * 512 + 512], sec[512];
	struct img m = { .data = data, .len = size };
	static const struct { uint32_t off, len; } asks[] = {
		{ 0, 8 }, { 512, 3000 }, { 0, 64 * 512 }, { 1024, 0 },
	};

	for (size_t i = 0; i < sizeof(asks) / sizeof(asks[0]); i++) {
		m.reads = 0;
		/* a guard after the ask's last whole sector must stay untouched */
		uint32_t room = (asks[i].len + 511) / 512 * 512;

		memset(dst + room, 0xA5, 512);
		fatmlo_read(mem_read, &m, "MLO        ", asks[i].off, asks[i].len, dst, sec);
		for (int k = 0; k < 512; k++)
			if (dst[room + k] != 0xA5)
				abort();
	}
	return 0;
}
