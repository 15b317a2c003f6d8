/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The NAND's partition table as U-Boot keeps it (the mtdids and mtdparts
 * variables, else the board's defaults; commands/mtd.c), for the nand
 * and nboot commands' partition names. */
#ifndef COMMON_MTD_H
#define COMMON_MTD_H

#include <stdint.h>

/* The partition called name on nand0 of chip_size bytes: 0 with *off and
 * *size; -ENOENT when there is no such partition (nothing printed), or
 * another negative errno after printing why the table is unusable. */
int mtd_part_lookup(const char *name, uint64_t chip_size, uint64_t *off, uint64_t *size);

#endif
