// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The I2C2/I2C3 controllers and GPIO outputs for the board commands (TRM
 * chapter 4 "PRCM", CM_FCLKEN1_CORE/CM_ICLKEN1_CORE EN_I2C2 bit 16 and
 * EN_I2C3 bit 17; chapter 18 "I2C"; chapter 24 "General-Purpose
 * Interface"). Cold code: linker.ld places this file in the SDRAM part.
 */
#include "arch/arm/omap3/periph.h"

#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/soc.h"
#include "drivers/gpio/omap_gpio.h"
#include "lib/bitops.h"
#include "lib/errno.h"

#define OMAP3_96M_HZ	96000000u

int omap3_i2c_init(unsigned n, struct omap_i2c *bus, uint32_t speed_hz)
{
	static struct omap_i2c_config cfg[2] = {
		{ .name = "i2c2", .base = 0x48072000u, .fclk_hz = OMAP3_96M_HZ },
		{ .name = "i2c3", .base = 0x48060000u, .fclk_hz = OMAP3_96M_HZ },
	};
	uint32_t bit;
	int err;

	if (n != 2 && n != 3)
		return -EINVAL;
	bit = BIT(14 + n);
	setbits32(CM_FCLKEN1_CORE, bit);
	setbits32(CM_ICLKEN1_CORE, bit);
	err = poll32(CM_IDLEST1_CORE, bit, 0, 1000);
	if (err)
		return err;
	cfg[n - 2].speed_hz = speed_hz;
	return omap_i2c_init(bus, &cfg[n - 2]);
}

int omap3_gpio_output(unsigned n, int level)
{
	uintptr_t bank = omap3_gpio_bank(n);

	if (!bank)
		return -ENODEV;
	omap_gpio_output(bank, n % 32, level);
	return 0;
}
