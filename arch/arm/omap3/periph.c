// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The SoC services only the SDRAM part uses (the Makefile's part lists
 * place this file there): the I2C controllers (TRM chapter 4 "PRCM",
 * CM_FCLKEN1_CORE/CM_ICLKEN1_CORE EN_I2C1..3 bits 15..17; chapter 18
 * "I2C"), GPIO outputs (chapter 24 "General-Purpose Interface"), MMC1's
 * write path, the NAND chip on GPMC CS0 and the boot devices' names.
 */
#include "arch/arm/omap3/periph.h"

#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/gpmc_nand.h"
#include "arch/arm/omap3/soc.h"
#include "arch/arm/omap3/storage.h"
#include "drivers/gpio/omap_gpio.h"
#include "lib/bitops.h"
#include "lib/errno.h"

#define OMAP3_96M_HZ	96000000u

int omap3_i2c_init(unsigned n, struct omap_i2c *bus, uint32_t speed_hz)
{
	static struct omap_i2c_config cfg[3] = {
		{ .name = "i2c1", .base = 0x48070000u, .fclk_hz = OMAP3_96M_HZ },
		{ .name = "i2c2", .base = 0x48072000u, .fclk_hz = OMAP3_96M_HZ },
		{ .name = "i2c3", .base = 0x48060000u, .fclk_hz = OMAP3_96M_HZ },
	};
	uint32_t bit;
	int err;

	if (n < 1 || n > 3)
		return -EINVAL;
	bit = BIT(14 + n);
	setbits32(CM_FCLKEN1_CORE, bit);
	setbits32(CM_ICLKEN1_CORE, bit);
	err = poll32(CM_IDLEST1_CORE, bit, 0, 1000);
	if (err)
		return err;
	cfg[n - 1].speed_hz = speed_hz;
	return omap_i2c_init(bus, &cfg[n - 1]);
}

int omap3_gpio_output(unsigned n, int level)
{
	uintptr_t bank = omap3_gpio_bank(n);

	if (!bank)
		return -ENODEV;
	omap_gpio_output(bank, n % 32, level);
	return 0;
}

void omap3_mmc1_enable_writes(void)
{
	mmc_enable_writes(omap3_mmc1(), &omap_hsmmc_write_ops);
}

struct nand_chip *omap3_nand(int *err)
{
	/* zero-initialised (bss), so that `flash mlo` of the running image
	 * never writes a "probed" flag into the NAND copy */
	static struct nand_chip chip;
	static bool probed;
	static int state;

	if (!probed) {
		state = nand_probe(&chip, omap3_nand_port());
		probed = true;
	}
	if (err)
		*err = state;
	return state ? NULL : &chip;
}

const char *omap3_bootdev_name(uint8_t dev)
{
	switch (dev) {
	case BOOTDEV_XIP:
	case BOOTDEV_XIPWAIT:	return "XIP";
	case BOOTDEV_NAND:	return "NAND";
	case BOOTDEV_ONENAND:	return "OneNAND";
	case BOOTDEV_MMC2:
	case BOOTDEV_MMC2_2:	return "MMC2";
	case BOOTDEV_MMC1:	return "MMC1";
	case BOOTDEV_UART:	return "UART";
	case BOOTDEV_USB:	return "USB";
	default:		return "unknown";
	}
}
