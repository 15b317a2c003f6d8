/* SPDX-License-Identifier: GPL-2.0-or-later */
/* `flash mlo`'s SoC half: the MLO into NAND blocks 0-3 for the boot ROM
 * (arch/arm/omap3/mlo_flash.c). */
#ifndef ARCH_ARM_OMAP3_MLO_FLASH_H
#define ARCH_ARM_OMAP3_MLO_FLASH_H

#include <stddef.h>
#include <stdint.h>

#include "drivers/mtd/nand.h"

struct mlo_src;

/* plat_mlo_prepare (the running image's damage is printed) and
 * plat_mlo_write (each copy erased, programmed header page last, read back
 * and compared, each step printed; -EIO with no good copy, -EFBIG for an
 * image larger than a block): arch/arm/platform.h. */
#include "arch/arm/platform.h"

#endif
