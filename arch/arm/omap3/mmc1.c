// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The SoC side of the early storage path: MMC1's clocks, its I/O
 * cell bias (CONTROL_PBIAS_LITE) and clock loop-back (CONTROL_DEVCONF0)
 * (TRM chapters 4 "PRCM" and 7 "System Control Module"; SPRUF98/SPRUGN4 "SCM", general registers
 * and §5.3).
 */
#include "arch/arm/omap3/mmc1.h"

#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/soc.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"

#define OMAP3_MMC1_BASE		0x4809C000u
#define OMAP3_96M_HZ		96000000u

#define CORE_MMC1		BIT(24)

#define CONTROL_DEVCONF0	(OMAP3_SCM_BASE + 0x274)
#define MMCSDIO1ADPCLKISEL	BIT(24)
#define CONTROL_PBIAS_LITE	(OMAP3_SCM_BASE + 0x520)
#define PBIAS_VMODE0		BIT(0)
#define PBIAS_PWRDNZ0		BIT(1)
#define PBIAS_SPEEDCTRL0	BIT(2)
#define PBIAS_PWRDNZ1		BIT(9)
#define CONTROL_WKUP_CTRL	(OMAP3_SCM_BASE + 0xA60)
#define GPIO_IO_PWRDNZ		BIT(6)

static int core_clock_on(uint32_t bit)
{
	setbits32(CM_FCLKEN1_CORE, bit);
	setbits32(CM_ICLKEN1_CORE, bit);
	return poll32(CM_IDLEST1_CORE, bit, 0, 1000);
}

static int mmc1_soc_setup(void)
{
	struct omap3_chip chip;
	uint32_t v;

	omap3_chip_detect(&chip);
	/* The I/O cells must be powered down while their mode is set; on
	 * the 3630 the GPIO I/O power-down follows them (SPRUF98/SPRUGN4 "SCM", general registers). */
	if (chip.family == OMAP3630_FAMILY)
		clrbits32(CONTROL_WKUP_CTRL, GPIO_IO_PWRDNZ);
	v = readl(CONTROL_PBIAS_LITE) & ~(PBIAS_PWRDNZ0 | PBIAS_PWRDNZ1);
	writel(v | PBIAS_VMODE0, CONTROL_PBIAS_LITE);
	udelay(10);
	writel(v | PBIAS_VMODE0 | PBIAS_PWRDNZ0 | PBIAS_PWRDNZ1 | PBIAS_SPEEDCTRL0,
	       CONTROL_PBIAS_LITE);
	if (chip.family == OMAP3630_FAMILY)
		setbits32(CONTROL_WKUP_CTRL, GPIO_IO_PWRDNZ);
	/* MMC1 samples its input clock from the loop-back */
	setbits32(CONTROL_DEVCONF0, MMCSDIO1ADPCLKISEL);
	return core_clock_on(CORE_MMC1);
}

/* One MMC1 card for the whole boot: the early part identifies it to read
 * the rest of the MLO, the boot flow goes on using it (common/storage.c). */
static struct omap_hsmmc mmc1_host;
static struct mmc_card mmc1;    /* bss: no room in the ROM-loaded .data */

struct mmc_card *plat_mmc1(void)
{
	if (!mmc1.ops) {
		mmc1.name = "mmc1";
		mmc1.ops = &omap_hsmmc_ops;
		mmc1.host = &mmc1_host;
	}
	return &mmc1;
}

int omap3_mmc1_init(struct omap_hsmmc *host)
{
	static const struct omap_hsmmc_config cfg = {
		.name = "mmc1", .base = OMAP3_MMC1_BASE, .fclk_hz = OMAP3_96M_HZ,
		.soc_setup = mmc1_soc_setup,
	};

	return omap_hsmmc_init(host, &cfg);
}
