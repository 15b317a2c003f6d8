/* SPDX-License-Identifier: GPL-2.0-or-later */
/* `flash mlo`'s SoC half: the MLO into NAND blocks 0-3 for the boot ROM
 * (arch/arm/omap3/mlo_flash.c). */
#ifndef ARCH_ARM_OMAP3_MLO_FLASH_H
#define ARCH_ARM_OMAP3_MLO_FLASH_H

#include <stddef.h>
#include <stdint.h>

#include "drivers/mtd/nand.h"

struct mlo_src;

/* The image to write: the file at [file, file + len) in RAM, or the
 * running image with file NULL. NULL when it is no MLO the ROM would
 * load, with why (n bytes) saying so when the fault is the file's; the
 * running image's damage is printed. */
const struct mlo_src *omap3_mlo_prepare(const uint8_t *file, uint32_t len, char *why, size_t n);
/* Its copies, each erased, programmed header page last, read back and
 * compared, each step printed. 0 with at least one good copy, -EIO with
 * none, -EFBIG for an image larger than a block. */
int omap3_mlo_write(struct nand_chip *c, const struct mlo_src *m);

#endif
