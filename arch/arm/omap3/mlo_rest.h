/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The rest of the MLO behind the ROM-loaded early part (docs/design.md
 * "Two images"). */
#ifndef ARCH_ARM_OMAP3_MLO_REST_H
#define ARCH_ARM_OMAP3_MLO_REST_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/arm/omap3/mlo_layout.h"

/* The descriptor at MLO_DESC_OFF of the image (arch/arm/start.S,
 * mlo_layout.h). */
struct mlo_desc {
	uint32_t magic;         /* "GMLO" */
	uint32_t early;         /* bytes the ROM loads (the GP size of MLO) */
	uint32_t total;         /* image bytes, CRC trailer included */
	uint32_t crc;           /* CRC-32 of image bytes [early, total - 4) */
};
extern const struct mlo_desc mlo_desc;

/*
 * Before SDRAM: when the rest has to come from the SD card, bring MMC1 up
 * and start the card's power-up (ACMD41), which then runs while SDRAM is
 * set up. bootdev is the ROM's boot device (BOOTDEV_*).
 */
void mlo_rest_begin(uint8_t bootdev);

/*
 * After SDRAM and the MMU: the late hot part in place in SRAM and the
 * packed cold part (u32 length, raw deflate) readable. When the ROM loaded
 * the whole image (MLO.full) that is already so; otherwise the rest is
 * read from where the ROM found the MLO (MMC1 FAT file or raw sectors,
 * NAND blocks 0-3), then from the other places in turn; NAND only when
 * the memory package has one (nand_fitted). Returns the packed cold part,
 * or NULL after printing why nothing worked.
 */
const uint8_t *mlo_rest_load(uint8_t bootdev, bool nand_fitted);

/* Where the packed cold part was found (for `flash mlo`); NULL before. */
const uint8_t *mlo_rest_packed(void);

#endif
