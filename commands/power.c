// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Power commands: battery (TWL4030 MADC channels 12 and 9,
 * STS_HW_CONDITIONS, BB_CFG), poweroff (DEVOFF) and reset (the PRM's
 * global warm reset). TPS65950 TRM chapters "MADC", "Backup Battery",
 * "Power Management"; OMAP3 TRM chapter 4 "PRCM".
 */
#include "arch/arm/cpu.h"
#include "common/cli.h"
#include "common/console.h"
#include "common/storage.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

#define ADDR_PM  0x4B
#define BB_CFG   0x6D
#define BBCHEN   0x10

static struct twl4030 *pmic(void)
{
	struct twl4030 *t = storage_twl();

	if (!t)
		pr_err("error: the TWL4030 is not available\n");
	return t;
}

static int do_battery(int argc, char *const argv[])
{
	static const unsigned short bb_mv[4] = { 2500, 3000, 3100, 3200 };
	static const unsigned short bb_ua[4] = { 25, 150, 500, 1000 };
	struct twl4030 *t = pmic();
	unsigned mv, bmv;
	uint8_t hw, bb;
	int err;

	if (argc != 1)
		return cmd_usage(argv);
	if (!t)
		return -ENODEV;
	err = twl4030_battery_mv(t, &mv);
	if (!err)
		err = twl4030_backup_battery_mv(t, &bmv);
	if (!err)
		err = twl4030_hw_conditions(t, &hw);
	if (!err)
		err = twl4030_read(t, ADDR_PM, BB_CFG, &bb);
	if (err) {
		pr_err("error: battery: TWL4030 access failed (%s)\n", errname(err));
		return err;
	}
	printf("battery: %u mV\ncharger: %s, USB: %s\n", mv,
	       hw & TWL4030_HW_CHG ? "present" : "absent",
	       hw & (TWL4030_HW_USB | TWL4030_HW_VBUS) ? "present" : "absent");
	printf("backup battery: %u mV, charger %s at %u mV, %u uA (BB_CFG 0x%02x)\n", bmv,
	       bb & BBCHEN ? "enabled" : "disabled", bb_mv[(bb >> 2) & 3], bb_ua[bb & 3], bb);
	return 0;
}
CMD(battery, "battery", do_battery, "battery",
    "battery voltages, charger and USB presence, backup-battery charger");

static int do_poweroff(int argc, char *const argv[])
{
	struct twl4030 *t = pmic();

	if (argc != 1)
		return cmd_usage(argv);
	if (!t)
		return -ENODEV;
	printf("Powering off\n");
	console_flush();
	return twl4030_power_off(t);
}
CMD(poweroff, "poweroff", do_poweroff, "poweroff", "switch the board off (TWL4030 DEVOFF)");

/* -w (U-Boot's warm reset) is what reset does anyway on OMAP3: U-Boot's
 * reset_cpu() there is the same global warm reset (PRM_RSTCTRL.RST_DPLL3)
 * with or without it. */
static int do_reset(int argc, char *const argv[])
{
	if (argc > 2 || (argc == 2 && strcmp(argv[1], "-w")))
		return cmd_usage(argv);
	printf("resetting ...\n");
	console_flush();
	cpu_reset();
}
CMD(reset, "reset", do_reset, "reset [-w]", "reset the CPU (the global warm reset; -w: the same, as in U-Boot on OMAP3)");
