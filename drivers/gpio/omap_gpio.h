/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One OMAP GPIO bank, given its base address (TRM chapter 24 "General-Purpose Interface"). */
#ifndef DRIVERS_GPIO_OMAP_GPIO_H
#define DRIVERS_GPIO_OMAP_GPIO_H

#include <stdint.h>

/* Make bit an input and return its level (0 or 1). */
int omap_gpio_input(uintptr_t bank, unsigned bit);
/* Drive bit as an output at level. */
void omap_gpio_output(uintptr_t bank, unsigned bit, int level);

#endif
