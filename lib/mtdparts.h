/* SPDX-License-Identifier: GPL-2.0-or-later */
/* U-Boot's and Linux's mtdparts syntax (Linux's cmdlinepart, U-Boot's
 * cmd/mtdparts.c): "mtdparts=<mtd-id>:<size>[@<offset>][(<name>)][ro],...
 * [;<mtd-id>:...]", and mtdids "nand0=<mtd-id>[,...]". */
#ifndef LIB_MTDPARTS_H
#define LIB_MTDPARTS_H

#include <stdbool.h>
#include <stdint.h>

#define MTDPARTS_MAX      16
#define MTDPARTS_NAME_MAX 32
#define MTDPARTS_ID_MAX   32

struct mtd_part {
	char name[MTDPARTS_NAME_MAX];   /* "" becomes U-Boot's "0x<size>@0x<offset>" */
	uint64_t offset, size;
	bool ro;
};

struct mtd_parts {
	unsigned n;
	struct mtd_part p[MTDPARTS_MAX];
};

/*
 * The partitions of device id in s ("mtdparts=" in front is optional) on
 * a chip of chip_size bytes: sizes and offsets as U-Boot reads them
 * (decimal, 0x hex, a k/m/g suffix), "-" for the rest of the chip (last
 * only), each partition after the one before it and inside the chip.
 * 0; -ENOENT when s names no such device; -EINVAL with *why for bad
 * syntax or a layout that does not fit.
 */
int mtdparts_parse(const char *s, const char *id, uint64_t chip_size, struct mtd_parts *out,
		   const char **why);

/* The mtd-id mtdids gives dev ("nand0") into id (MTDPARTS_ID_MAX bytes):
 * 0, or -ENOENT. */
int mtdids_lookup(const char *mtdids, const char *dev, char *id);

/* The partition called name, or NULL. */
const struct mtd_part *mtdparts_find(const struct mtd_parts *t, const char *name);

#endif
