/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One OMAP GPIO bank, given its base address (TRM chapter 24
 * "General-Purpose Interface"). Inline: each function has one caller, one
 * in the early part (arch/arm/omap3/gpio.c), one in the SDRAM part
 * (arch/arm/omap3/periph.c). */
#ifndef DRIVERS_GPIO_OMAP_GPIO_H
#define DRIVERS_GPIO_OMAP_GPIO_H

#include <stdint.h>

#include "arch/arm/io.h"

#define OMAP_GPIO_OE			0x34	/* 1 = input */
#define OMAP_GPIO_DATAIN		0x38
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

#endif
