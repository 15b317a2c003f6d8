/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where the U-Boot environment is stored (the board's NAND, see
 * board/board.h struct board_env_nand, or uboot.env on the SD card's boot
 * FAT partition: docs/environment.md) and saveenv. */
#ifndef COMMON_ENVSTORE_H
#define COMMON_ENVSTORE_H

#include "lib/env.h"

/*
 * Reads both copies and imports the one U-Boot would choose into e, over
 * the defaults it holds. Prints U-Boot's "Loading Environment from
 * NAND... OK", or its "*** Warning - bad CRC, using default environment"
 * (the defaults stay), and which copy was refused and why. Nothing when
 * the board keeps no environment in NAND or has no NAND.
 */
void envstore_load(struct env *e);
/*
 * The same from uboot.env and uboot-redund.env on the boot FAT partition,
 * once the card is up (after storage_init()), for an SD boot or a board
 * without an environment in NAND: "Loading Environment from FAT... OK".
 * Nothing when the environment lives in NAND.
 */
void envstore_load_fat(struct env *e);

/*
 * Writes e into the copy that is not the current one, with the current
 * counter + 1 (lib/ubenv.h), and makes it current once it has been read
 * back; the other copy is not touched, so a power cut leaves it good.
 * 0, -ENODEV (no medium: said), -ENOSPC, -EIO.
 */
int envstore_save(const struct env *e);

#endif
