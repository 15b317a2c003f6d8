/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One OMAP GPIO bank, given its base address (TRM chapter 24
 * "General-Purpose Interface"). Inline: used in the early part
 * (arch/arm/omap3/gpio.c) and in the SDRAM part (periph.c, the gpio and
 * led commands). */
#ifndef DRIVERS_GPIO_OMAP_GPIO_H
#define DRIVERS_GPIO_OMAP_GPIO_H

#include <stdint.h>

#include "arch/arm/io.h"

#define OMAP_GPIO_OE			0x34	/* 1 = input */
#define OMAP_GPIO_DATAIN		0x38
#define OMAP_GPIO_DATAOUT		0x3C
#define OMAP_GPIO_CLEARDATAOUT		0x90
#define OMAP_GPIO_SETDATAOUT		0x94

/* Make bit an input and return its level (0 or 1). */
static inline int omap_gpio_input(uintptr_t bank, unsigned bit)
{
	setbits32(bank + OMAP_GPIO_OE, 1u << bit);
	return (readl(bank + OMAP_GPIO_DATAIN) >> bit) & 1;
}

/* Drive bit as an output at level. */
static inline void omap_gpio_output(uintptr_t bank, unsigned bit, int level)
{
	/* Set the level first so the pin never glitches the other way. */
	writel(1u << bit, bank + (level ? OMAP_GPIO_SETDATAOUT : OMAP_GPIO_CLEARDATAOUT));
	clrbits32(bank + OMAP_GPIO_OE, 1u << bit);
}

/* True when bit is driven (an output). */
static inline int omap_gpio_is_output(uintptr_t bank, unsigned bit)
{
	return !((readl(bank + OMAP_GPIO_OE) >> bit) & 1);
}

/* The level as the pin shows it: an output's DATAOUT, an input's DATAIN;
 * the direction is left as it is. */
static inline int omap_gpio_value(uintptr_t bank, unsigned bit)
{
	return (readl(bank + (omap_gpio_is_output(bank, bit) ? OMAP_GPIO_DATAOUT :
			      OMAP_GPIO_DATAIN)) >> bit) & 1;
}

#endif
