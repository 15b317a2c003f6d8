// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * OMAP3 early initialisation and module clock enables (TRM chapter 4
 * "PRCM", module clock control; SPRUF98/SPRUGN4 "PRCM", CM registers).
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/soc.h"
#include "drivers/serial/omap_uart.h"
#include "drivers/timer/timer.h"

#define CLKSEL_WKUP_GPT1_SYSCLK	(1u << 0)

int omap3_early_init(struct omap3_chip *chip)
{
	uint32_t sys_hz;

	/*
	 * Only register writes until the time base runs: sys_clk is fixed
	 * first because GPTIMER1 counts it, and it does not change again
	 * when the DPLLs are programmed.
	 */
	omap3_chip_detect(chip);
	sys_hz = omap3_sysclk_init(chip);
	setbits32(CM_CLKSEL_WKUP, CLKSEL_WKUP_GPT1_SYSCLK);
	setbits32(CM_FCLKEN_WKUP, WKUP_GPT1);
	setbits32(CM_ICLKEN_WKUP, WKUP_GPT1 | WKUP_32KSYNC);
	timer_init(OMAP3_GPT1_BASE, sys_hz);

	return omap3_wdt2_stop();
}

int omap3_uart3_enable(void)
{
	setbits32(CM_FCLKEN_PER, PER_UART3);
	setbits32(CM_ICLKEN_PER, PER_UART3);
	return poll32(CM_IDLEST_PER, PER_UART3, 0, 1000);
}

const struct console_dev *omap3_console_init(const struct omap3_clocks *clk)
{
	/* UART3's functional clock is the 48 MHz half of DPLL4's 96 MHz. */
	static struct omap_uart uart3 = {
		.base = OMAP3_UART3_BASE,
		.baud = 115200,
	};
	static const struct console_dev con = { .ops = &omap_uart_console_ops, .port = &uart3 };

	uart3.clk_hz = clk->per96_hz / 2;
	if (omap3_uart3_enable() || omap_uart_init(&uart3))
		return NULL;
	return &con;
}
