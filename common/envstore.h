/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where the U-Boot environment is stored (the board's NAND, see
 * board/board.h struct board_env_nand, or uboot.env on the SD card's boot
 * FAT partition: docs/environment.md) and saveenv. */
#ifndef COMMON_ENVSTORE_H
#define COMMON_ENVSTORE_H

#include "lib/env/env.h"

/*
 * Reads both copies of the stored environment and imports the one U-Boot
 * would choose into e, over the defaults it holds: from NAND after a NAND
 * boot on a board that keeps one there, else from uboot.env and
 * uboot-redund.env on the boot FAT partition (after storage_init()).
 * Prints U-Boot's "Loading Environment from NAND... OK" (or "FAT"), or its
 * "*** Warning - bad CRC, using default environment" (the defaults stay),
 * and which copy was refused and why.
 */
void envstore_load(struct env *e);

/*
 * Writes e into the copy that is not the current one, with the current
 * counter + 1 (lib/env/ubenv.h), and makes it current once it has been read
 * back; the other copy is not touched, so a power cut leaves it good.
 * 0, -ENODEV (no medium: said), -ENOSPC, -EIO.
 */
int envstore_save(const struct env *e);

#endif
