// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The SoC services only the SDRAM part uses (the Makefile's part lists
 * place this file there): the I2C controllers (TRM chapter 4 "PRCM",
 * CM_FCLKEN1_CORE/CM_ICLKEN1_CORE EN_I2C1..3 bits 15..17; chapter 18
 * "I2C"), GPIO outputs (chapter 24 "General-Purpose Interface"), MMC1's
 * write path, the NAND chip on GPMC CS0, the boot devices' names, and the
 * display's part: the DSS's LCD pads and its clock (chapter 4 "PRCM",
 * CM_FCLKEN/ICLKEN/IDLEST/CLKSEL_DSS, DPLL4's M4 output; chapter 7
 * "System Control Module", the pads), and the HS USB OTG controller's
 * interface clock (CM_ICLKEN1_CORE EN_HSOTGUSB) and ULPI pads (chapter 16
 * "High-Speed USB OTG Controller").
 */
#include "arch/arm/omap3/periph.h"

#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/gpmc_nand.h"
#include "arch/arm/omap3/mux.h"
#include "arch/arm/omap3/soc.h"
#include "arch/arm/omap3/mmc1.h"
#include "drivers/gpio/omap_gpio.h"
#include "drivers/timer/timer.h"
#include "drivers/usb/musb_regs.h"
#include "drivers/usb/musb_udc.h"
#include "drivers/video/omap_dss.h"
#include "lib/bitops.h"
#include "lib/errno.h"

#define OMAP3_96M_HZ	96000000u

int plat_i2c_init(unsigned n, struct omap_i2c *bus, uint32_t speed_hz)
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

int plat_gpio_output(unsigned n, int level)
{
	uintptr_t bank = plat_gpio_bank(n);

	if (!bank)
		return -ENODEV;
	omap_gpio_output(bank, n % 32, level);
	return 0;
}

void plat_mmc1_enable_writes(void)
{
	mmc_enable_writes(plat_mmc1(), &omap_hsmmc_write_ops);
}

struct nand_chip *plat_nand(int *err)
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

void plat_lcd_pads(uint16_t first, uint16_t last)
{
	for (unsigned off = first; off <= last; off += 2)
		omap3_pad_set((uint16_t)off, PAD_OUT | PAD_MODE(0));
}

#define CM_FCLKEN_DSS	(OMAP3_CM_BASE + 0x0E00)
#define CM_ICLKEN_DSS	(OMAP3_CM_BASE + 0x0E10)
#define CM_IDLEST_DSS	(OMAP3_CM_BASE + 0x0E20)
#define EN_DSS1		BIT(0)      /* DSS1_ALWON_FCLK */
#define EN_DSS		BIT(0)      /* the interface clock */
#define ST_DSS_IDLE	BIT(1)      /* 1: the DSS idles, not accessible */
#define PWRDN_DSS1	BIT(29)     /* CM_CLKEN_PLL: DPLL4's M4 output off */

static bool dss_3630;

static int dss_clock_start(unsigned m4)
{
	clrbits32(CM_CLKEN_PLL, PWRDN_DSS1);
	clrsetbits32(CM_CLKSEL_DSS, dss_3630 ? GENMASK(5, 0) : GENMASK(4, 0), m4);
	setbits32(CM_FCLKEN_DSS, EN_DSS1);
	setbits32(CM_ICLKEN_DSS, EN_DSS);
	return poll32(CM_IDLEST_DSS, ST_DSS_IDLE, 0, 1000);
}

static void dss_clock_stop(void)
{
	clrbits32(CM_FCLKEN_DSS, EN_DSS1);
	clrbits32(CM_ICLKEN_DSS, EN_DSS);
}

/* What the early part found, for the services below. */
static const struct omap3_chip *soc_chip;
static const struct omap3_clocks *soc_clocks;

void omap3_periph_init(const struct omap3_chip *chip, const struct omap3_clocks *clk)
{
	soc_chip = chip;
	soc_clocks = clk;
}

int plat_mmc1_host_init(void)
{
	return omap3_mmc1_init(plat_mmc1()->host);
}

const struct dss_clock *plat_dss_clock(void)
{
	static struct dss_clock c = { .start = dss_clock_start, .stop = dss_clock_stop };
	const struct omap3_chip *chip = soc_chip;
	const struct omap3_clocks *clk = soc_clocks;

	dss_3630 = chip->family == OMAP3630_FAMILY;
	/* DPLL4's M4 divides what its M2 divides: per96 x M2; the 3630's
	 * divider is a bit wider */
	c.in_hz = clk->per96_hz * (readl(CM_CLKSEL3_PLL) & 0x1F);
	c.m4_max = dss_3630 ? 32 : 16;
	return &c;
}

#define EN_HSOTGUSB		BIT(4)	/* CM_ICLKEN1_CORE */
#define ST_HSOTGUSB_IDLE	BIT(4)	/* CM_IDLEST1_CORE: 1 while not accessible */
#define HSUSB0_CLK		0x1A2	/* then STP, DIR, NXT, DATA0..7 */
#define HSUSB0_STP		0x1A4
#define HSUSB0_DATA7		0x1B8

const struct musb_udc_config *plat_usb_otg(int *err)
{
	static const struct musb_udc_config cfg = { .base = MUSB_OTG_BASE };

	/* HSUSB0's ULPI pins in mode 0, as the Beagle's and GTA04's U-Boot
	 * board files set them (docs/references.md, "HSUSB0 pads"): STP an
	 * output pulled up, so that the PHY sees "stop" while the controller
	 * is in reset; CLK, DIR, NXT and DATA0..7 inputs without pulls */
	for (unsigned off = HSUSB0_CLK; off <= HSUSB0_DATA7; off += 2)
		omap3_pad_set((uint16_t)off, off == HSUSB0_STP ?
			      (PAD_OUT | PAD_PULL_ENA | PAD_PULL_UP | PAD_MODE(0)) :
			      (PAD_IN | PAD_MODE(0)));
	/* the interface clock only: the functional clock is the PHY's ULPI
	 * clock */
	setbits32(CM_ICLKEN1_CORE, EN_HSOTGUSB);
	*err = poll32(CM_IDLEST1_CORE, ST_HSOTGUSB_IDLE, 0, 1000);
	return *err ? NULL : &cfg;
}

void plat_usb_otg_off(void)
{
	clrbits32(CM_ICLKEN1_CORE, EN_HSOTGUSB);
}

/*
 * WFI until a GPTIMER1 match (the time base's timer, which keeps running:
 * only TMAR, TIER and TCLR.CE change; TRM chapter 16 "Timers") raises
 * its INTC line, input 37 (chapter 10 "Interrupt Controller", MIR_CLEAR1
 * / MIR_SET1 bit 5). The IRQ stays masked in the CPSR: WFI wakes on the
 * line alone (ARM ARM B1.8.13), no handler runs.
 */
#define GPT_TISR	0x18
#define GPT_TIER	0x1C
#define GPT_TCLR	0x24
#define GPT_TCRR	0x28
#define GPT_TMAR	0x38
#define INTC_MIR_CLEAR1	0x482000A8u
#define INTC_MIR_SET1	0x482000ACu
#define INTC_CONTROL	0x48200048u
#define GPT1_IRQ_BIT	BIT(37 - 32)

void plat_idle_ms(unsigned ms)
{
	static uint32_t per_ms;
	uintptr_t g = OMAP3_GPT1_BASE;
	uint64_t end;
	uint32_t a;

	if (!per_ms) {
		uint64_t u = timer_us();

		a = readl(g + GPT_TCRR);
		udelay(10000);
		per_ms = (uint32_t)((uint64_t)(readl(g + GPT_TCRR) - a) * 1000u / (timer_us() - u));
	}
	end = deadline_in((uint64_t)ms * 1000u);
	__asm__ volatile("cpsid i" ::: "memory");
	writel(7, g + GPT_TISR);
	writel(BIT(0), g + GPT_TIER);
	writel(readl(g + GPT_TCRR) + per_ms * ms, g + GPT_TMAR);
	writel(BIT(0) | BIT(1) | BIT(6), g + GPT_TCLR);   /* ST, AR, CE */
	writel(GPT1_IRQ_BIT, INTC_MIR_CLEAR1);
	while (!deadline_passed(end) && !(readl(g + GPT_TISR) & BIT(0)))
		__asm__ volatile("wfi" ::: "memory");
	writel(GPT1_IRQ_BIT, INTC_MIR_SET1);
	writel(0, g + GPT_TIER);
	writel(7, g + GPT_TISR);
	/* the INTC holds its active input until NEWIRQAGR (TRM 10.5.2) */
	writel(1, INTC_CONTROL);
}

/*
 * The way Linux's omap3-gta04.dtsi drives the backlight (pwm11,
 * drivers/pwm/pwm-omap-dmtimer.c): trigger on overflow and match, toggle,
 * auto-reload, from the 32 kHz clock (CM_CLKSEL_CORE bit 7 at its reset
 * 0); TLDR = -period, TMAR = TLDR + high - 1 (TRM chapter 16 "Timers").
 */
#define GPT11_BASE	0x48088000u
void plat_gpt11_pwm(uint16_t pad, uint32_t high, uint32_t period)
{
	uintptr_t g = GPT11_BASE;
	struct pad p = { pad, PAD_OUT | PAD_MODE(3) };

	setbits32(CM_FCLKEN1_CORE, BIT(12));               /* EN_GPT11 */
	setbits32(CM_ICLKEN1_CORE, BIT(12));
	writel(-period, g + 0x2C);                         /* TLDR */
	writel(-period + high - 1, g + 0x38);              /* TMAR */
	writel(-period, g + GPT_TCRR);
	writel(BIT(0) | BIT(1) | BIT(6) | 2u << 10 | BIT(12), g + GPT_TCLR);  /* ST AR CE TRG PT */
	plat_pads_apply(&p, 1);
}
