// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Stopping the MPU watchdog WDT2, which the ROM leaves running (TRM chapter
 * 16 "Timers", watchdog timers, start/stop sequence; SPRUF98/SPRUGN4 "Timers", watchdog).
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/soc.h"
#include "lib/errno.h"

#define WDT_WWPS	0x34
#define WDT_WSPR	0x48
/* A posted write completes within 3 cycles of the 32 kHz clock (92 us). */
#define WWPS_TIMEOUT_US	2000

int omap3_wdt2_stop(void)
{
	uintptr_t base = OMAP3_WDT2_BASE;
	int idle, ret;

	setbits32(CM_FCLKEN_WKUP, WKUP_WDT2);
	setbits32(CM_ICLKEN_WKUP, WKUP_WDT2);
	/* The module's IDLEST may not clear in time (the GTA04 X-Loader
	 * notes an issue here and goes on; docs/references.md, "WDT2 IDLEST"):
	 * the sequence is written anyway, since leaving
	 * WDT2 running resets the board for certain. The error is still
	 * reported. */
	idle = poll32(CM_IDLEST_WKUP, WKUP_WDT2, 0, 1000);
	/* The second half of the sequence is lost if written while the
	 * first is still posted, so each write waits for WWPS. */
	writel(0xAAAA, base + WDT_WSPR);
	ret = poll32(base + WDT_WWPS, ~0u, 0, WWPS_TIMEOUT_US);
	writel(0x5555, base + WDT_WSPR);
	if (!ret)
		ret = poll32(base + WDT_WWPS, ~0u, 0, WWPS_TIMEOUT_US);
	return ret ? ret : idle;
}
