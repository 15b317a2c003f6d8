// SPDX-License-Identifier: GPL-2.0-or-later
/* Block device reads and writes: bounds checks, and partitions mapped onto
 * their parent. */
#include "lib/fs/blockdev.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

/* Partitions of partitions are not expected; the bound keeps a bad parent
 * link (a cycle) from looping. */
#define MAX_DEPTH 4

#define PROGRESS_RUN 512u

static void (*progress)(uint32_t blocks);

void blk_set_progress(void (*fn)(uint32_t blocks))
{
	progress = fn;
}

static int dev_read(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf)
{
	uint8_t *p = buf;
	int err;

	if (!progress)
		return bd->read(bd, lba, count, buf);
	while (count) {
		uint32_t n = count < PROGRESS_RUN ? count : PROGRESS_RUN;

		err = bd->read(bd, lba, n, p);
		if (err)
			return err;
		progress(n);
		lba += n;
		count -= n;
		p += n * BLOCK_SIZE;
	}
	return 0;
}

int blk_read(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf)
{
	int depth;

	for (depth = 0; depth < MAX_DEPTH; depth++) {
		if (!bd)
			return -ENODEV;
		if (lba > bd->nblocks || count > bd->nblocks - lba)
			return -ERANGE;
		if (!count)
			return 0;
		if (!bd->parent) {
			if (!bd->read)
				return -ENODEV;
			return dev_read(bd, lba, count, buf);
		}
		lba += bd->offset;
		bd = bd->parent;
	}
	return -ELOOP;
}

int blk_write(struct blockdev *bd, uint64_t lba, uint32_t count, const void *buf)
{
	for (int depth = 0; depth < MAX_DEPTH; depth++) {
		if (!bd)
			return -ENODEV;
		if (lba > bd->nblocks || count > bd->nblocks - lba)
			return -ERANGE;
		if (!count)
			return 0;
		if (!bd->parent)
			return bd->write ? bd->write(bd, lba, count, buf) : -EROFS;
		lba += bd->offset;
		bd = bd->parent;
	}
	return -ELOOP;
}

int blk_read_bytes(struct blockdev *bd, uint64_t sec, uint32_t skip, uint8_t *o, size_t len,
		   uint8_t *bounce)
{
	size_t c, whole;
	int ret;

	if (skip || len < BLOCK_SIZE) {
		ret = blk_read(bd, sec++, 1, bounce);
		if (ret)
			return ret;
		c = MIN(BLOCK_SIZE - skip, len);
		memcpy(o, bounce + skip, c);
		o += c;
		len -= c;
	}
	whole = len / BLOCK_SIZE;
	if (whole) {
		ret = blk_read(bd, sec, (uint32_t)whole, o);
		if (ret)
			return ret;
		sec += whole;
		o += whole * BLOCK_SIZE;
		len %= BLOCK_SIZE;
	}
	if (len) {
		ret = blk_read(bd, sec, 1, bounce);
		if (ret)
			return ret;
		memcpy(o, bounce, len);
	}
	return 0;
}
