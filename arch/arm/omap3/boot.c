// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which device the ROM booted from: its boot-parameter block when start.S
 * could trust r0, else the first device of the SYS_BOOT order (TRM chapter
 * 26 "Initialization", booting device order; SPRUF98/SPRUGN4 "Initialization", boot parameters).
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/soc.h"

/* First device tried for SYS_BOOT[4:0] = 0x00..0x1C ("memory preferred"
 * orders; the TRM's booting-device-order table, as also used by U-Boot). */
static const uint8_t sysboot_first[] = {
	BOOTDEV_ONENAND, BOOTDEV_NAND, BOOTDEV_ONENAND, BOOTDEV_MMC2,
	BOOTDEV_ONENAND, BOOTDEV_MMC2, BOOTDEV_MMC1, BOOTDEV_XIP,
	BOOTDEV_XIPWAIT, BOOTDEV_MMC2, BOOTDEV_XIP, BOOTDEV_XIPWAIT,
	BOOTDEV_NAND, BOOTDEV_XIP, BOOTDEV_XIPWAIT, BOOTDEV_NAND,
	BOOTDEV_ONENAND, BOOTDEV_MMC2, BOOTDEV_MMC1, BOOTDEV_XIP,
	BOOTDEV_XIPWAIT, BOOTDEV_NAND, BOOTDEV_ONENAND, BOOTDEV_MMC2,
	BOOTDEV_MMC1, BOOTDEV_XIP, BOOTDEV_XIPWAIT, BOOTDEV_NAND,
	BOOTDEV_MMC2_2,
};

static bool known_device(uint8_t d)
{
	return (d >= BOOTDEV_XIP && d <= BOOTDEV_MMC2_2 && d != 0x04) ||
	       d == BOOTDEV_UART || d == BOOTDEV_USB;
}

void omap3_boot_info(const uint8_t *rom_block, struct omap3_boot *b)
{
	unsigned sb = readl(CONTROL_STATUS) & 0x3F;

	b->sys_boot = (uint8_t)sb;
	b->reset_reason = 0;
	if (rom_block && known_device(rom_block[4])) {
		b->device = rom_block[4];
		b->reset_reason = rom_block[6];
		b->from_rom = true;
		return;
	}
	b->from_rom = false;
	sb &= 0x1F;
	b->device = sb < sizeof(sysboot_first) ? sysboot_first[sb] : 0;
}
