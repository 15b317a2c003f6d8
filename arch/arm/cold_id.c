// SPDX-License-Identifier: GPL-2.0-or-later
/* The SDRAM image's identity for the images linked against it (efi.img,
 * lib/efi/efiimg.h): the CRC-32 the MLO descriptor holds of it. */
#include "arch/arm/cold.h"

#include "arch/arm/omap3/mlo_rest.h"

uint32_t cold_image_id(void)
{
	return mlo_desc.crc;
}
