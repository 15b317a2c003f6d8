// SPDX-License-Identifier: GPL-2.0-or-later
/* OMAP GPIO bank driver (SPRUF98/SPRUGN4 chapter "General-Purpose
 * Interface"). */
#include "arch/arm/io.h"
#include "drivers/gpio/omap_gpio.h"

#define GPIO_OE			0x34	/* 1 = input */
#define GPIO_DATAIN		0x38
#define GPIO_CLEARDATAOUT	0x90
#define GPIO_SETDATAOUT		0x94

int omap_gpio_input(uintptr_t bank, unsigned bit)
{
	setbits32(bank + GPIO_OE, 1u << bit);
	return (readl(bank + GPIO_DATAIN) >> bit) & 1;
}

void omap_gpio_output(uintptr_t bank, unsigned bit, int level)
{
	/* Set the level first so the pin never glitches the other way. */
	writel(1u << bit, bank + (level ? GPIO_SETDATAOUT : GPIO_CLEARDATAOUT));
	clrbits32(bank + GPIO_OE, 1u << bit);
}
