/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A block device as lib/ sees it: 512-byte sectors read and written in
 * runs. The MMC driver, partitions and host tests (image files) all
 * provide one. */
#ifndef LIB_FS_BLOCKDEV_H
#define LIB_FS_BLOCKDEV_H

#include <stddef.h>
#include <stdint.h>

struct blockdev {
	const char *name;         /* "mmc1", "mmc1p1" */
	uint64_t nblocks;         /* 512-byte blocks */
	/* Read count blocks from lba into buf. Returns 0 or a negative errno.
	 * Reads past nblocks must be refused by the caller, not the device. */
	int (*read)(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf);
	void *priv;
	uint64_t offset;          /* for a partition: first block on the parent */
	struct blockdev *parent;  /* for a partition: the whole device */
	/* last: the ROM-loaded MMC code sets the fields above */
	/* Write count blocks from buf to lba; NULL on a read-only device.
	 * Returns 0 once the device says the data is stored, or a negative
	 * errno (-EROFS for a write-protected medium). */
	int (*write)(struct blockdev *bd, uint64_t lba, uint32_t count, const void *buf);
};

#define BLOCK_SIZE 512u

/* While fn is set (NULL: none), reads are made in runs of at most 512
 * blocks and fn hears of each run's blocks as it completes (a progress bar). */
void blk_set_progress(void (*fn)(uint32_t blocks));

/* Bounds-checked read through bd (and its parent for partitions). */
int blk_read(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf);
/* len bytes of bd from byte skip of sector sec on: the partial first and
 * last sectors through bounce (one sector), whole sectors straight into
 * o. For the offset reads of lib/fs/fat_at.c and ext4_at.c. */
int blk_read_bytes(struct blockdev *bd, uint64_t sec, uint32_t skip, uint8_t *o, size_t len,
		   uint8_t *bounce);

/* Bounds-checked write through bd (and its parent for partitions);
 * -EROFS when the device has no write operation. */
int blk_write(struct blockdev *bd, uint64_t lba, uint32_t count, const void *buf);

#endif
