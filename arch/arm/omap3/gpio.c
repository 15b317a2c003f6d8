// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * OMAP3 GPIO banks: which bank holds GPIO n and its interface clock (TRM
 * chapter 24 "General-Purpose Interface"; SPRUF98/SPRUGN4 "General-Purpose Interface").
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/soc.h"
#include "drivers/gpio/omap_gpio.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"

static uintptr_t bank_base(unsigned bank)
{
	return bank ? OMAP3_GPIO2_BASE + (bank - 1) * 0x2000u : OMAP3_GPIO1_BASE;
}

/* The interface clock is what makes the bank's registers reachable; the
 * functional clock only drives debouncing, which is not used. */
static int bank_enable(unsigned bank)
{
	if (!bank) {
		setbits32(CM_ICLKEN_WKUP, WKUP_GPIO1);
		return poll32(CM_IDLEST_WKUP, WKUP_GPIO1, 0, 1000);
	}
	setbits32(CM_ICLKEN_PER, PER_GPIO(bank + 1));
	return poll32(CM_IDLEST_PER, PER_GPIO(bank + 1), 0, 1000);
}

int omap3_gpio_input(unsigned n)
{
	unsigned bank = n / 32;
	int ret;

	if (bank > 5)
		return -EINVAL;
	ret = bank_enable(bank);
	if (ret)
		return ret;
	return omap_gpio_input(bank_base(bank), n % 32);
}

uintptr_t plat_gpio_bank(unsigned n)
{
	return n / 32 > 5 || bank_enable(n / 32) ? 0 : bank_base(n / 32);
}

/*
 * The revision straps both boards wire to the MCSPI1 pads (gpio_171..173,
 * pulled up, some pulled low by resistors): muxed as GPIO inputs with the
 * pull-ups on, given time to settle, then read as gpio173 << 2 | gpio172 << 1
 * | gpio171.
 */
int omap3_read_rev_straps(void)
{
	static const uint16_t pads[3] = {
		PAD_MCSPI1_CLK, PAD_MCSPI1_SIMO, PAD_MCSPI1_SOMI,
	};
	int idx = 0;

	for (int i = 0; i < 3; i++)
		omap3_pad_set(pads[i], PAD_IN_PU | PAD_MODE(4));
	/* Let the pull-ups charge the lines before sampling. */
	udelay(10);
	for (int i = 0; i < 3; i++) {
		int v = omap3_gpio_input(171 + i);

		if (v < 0)
			return v;
		idx |= v << i;
	}
	return idx;
}
