/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The fuzzer's input as a block device of its whole 512-byte blocks, for
 * the file-system targets. A read beyond it is a bug of blk_read, which
 * must refuse it first. */
#ifndef TESTS_FUZZ_MEMBD_H
#define TESTS_FUZZ_MEMBD_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/fs/blockdev.h"

struct membd {
	struct blockdev bd;
	const uint8_t *data;
};

static int membd_read(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf)
{
	struct membd *m = (struct membd *)bd;

	if (lba + count > bd->nblocks)
		abort();
	memcpy(buf, m->data + lba * 512, (size_t)count * 512);
	return 0;
}

static inline void membd_init(struct membd *m, const uint8_t *data, size_t size)
{
	m->data = data;
	m->bd.name = "fuzz";
	m->bd.nblocks = size / 512;
	m->bd.read = membd_read;
}

#endif
