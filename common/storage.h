/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The storage path for the boot flow: PMIC, SD card power and MMC1. */
#ifndef COMMON_STORAGE_H
#define COMMON_STORAGE_H

#include "drivers/mmc/mmc.h"
#include "drivers/mtd/nand.h"
#include "drivers/power/twl4030.h"
#include "lib/fs/blockdev.h"

/*
 * Bring up I2C1, the TWL4030 (VMMC1 for the card) and MMC1, and print
 * the card line
 * ("mmc1: SDHC 7.4 GiB, 4-bit, 48 MHz") or what failed. 0 when a card is
 * ready; a negative errno otherwise (-ENODEV: no card).
 */
int storage_init(void);

/* The SD card, or NULL when storage_init() found none. */
struct blockdev *storage_mmc1(void);
struct mmc_card *storage_mmc1_card(void);
/*
 * The board's NAND on GPMC CS0, probed on first use, or NULL with *err:
 * -ENOTSUP when the memory package's flash is OneNAND, -ENODEV when it
 * has no flash or no chip answers, -ETIMEDOUT. The package's reason is
 * printed ("nand: this board has OneNAND ...").
 */
struct nand_chip *storage_nand(int *err);
/* Whether the memory package says its flash is NAND (or is unknown), so
 * that storage_nand() is worth asking without its printed refusal. */
bool storage_has_nand(void);
/* The PMIC, or NULL when I2C1 or the TWL4030 did not come up. */
struct twl4030 *storage_twl(void);

#endif
