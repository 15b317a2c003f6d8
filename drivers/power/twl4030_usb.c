// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The TWL4030's USB PHY for the OMAP3 OTG controller, over ULPI (TPS65950
 * TRM SWCU050: "USB Transceiver", the ULPI-mapped registers of I2C slave
 * 0x48 and their _SET/_CLR aliases; "Power Management", the VUSB LDOs of
 * slave 0x4B). The order is the one docs/references.md, "TWL4030 USB PHY"
 * names: the LDOs, the PHY out of power-down with its clocks, its DPLL
 * requested for I2C access while the mode is set, then handed to ULPI.
 */
#include "drivers/power/twl4030_usb.h"

#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"

#define ADDR_USB		0x48
#define ADDR_PM			0x4B

/* 0x48, USB */
#define FUNC_CTRL_CLR		0x06
#define  XCVRSELECT_MASK	0x03
#define  OPMODE_MASK		0x18
#define IFC_CTRL_CLR		0x09
#define  CARKITMODE		BIT(2)
#define POWER_CTRL_SET		0xAD
#define  OTG_ENAB		BIT(5)
#define PHY_PWR_CTRL		0xFD
#define  PHYPWD			BIT(0)
#define PHY_CLK_CTRL		0xFE
#define  REQ_PHY_DPLL_CLK	BIT(0)
#define  CLK32K_EN		BIT(1)
#define  CLOCKGATING_EN		BIT(2)
#define PHY_CLK_CTRL_STS	0xFF
#define  PHY_DPLL_CLK		BIT(0)

/* 0x4B, power management */
#define PROTECT_KEY		0x44
#define STS_HW_CONDITIONS	0x45
#define  STS_VBUS		BIT(7)
#define VUSB1V5_DEV_GRP		0xCC
#define VUSB1V8_DEV_GRP		0xCF
#define VUSB3V1_DEV_GRP		0xD2
#define VUSB_TYPE(grp)		((grp) + 1)
#define VUSB_DEDICATED1		0xD8
#define VUSB_DEDICATED2		0xD9
#define DEV_GRP_P1		0x20

/* The PHY's DPLL locks in well under a millisecond; U-Boot allows 1 s. */
#define DPLL_LOCK_US		100000

static int update(struct twl4030 *twl, uint8_t addr, uint8_t reg, uint8_t clr, uint8_t set)
{
	uint8_t v;
	int err = twl4030_read(twl, addr, reg, &v);

	if (err)
		return err;
	return twl4030_write(twl, addr, reg, (uint8_t)((v & ~clr) | set));
}

/* The VUSB LDOs on (P1) or off. Their registers are written with the
 * power registers unlocked, and locked again whatever happened. */
static int ldos(struct twl4030 *twl, bool on)
{
	static const uint8_t grp[3] = { VUSB3V1_DEV_GRP, VUSB1V5_DEV_GRP, VUSB1V8_DEV_GRP };
	int err, lock;
	unsigned i;

	err = twl4030_write(twl, ADDR_PM, PROTECT_KEY, 0xC0);
	if (!err)
		err = twl4030_write(twl, ADDR_PM, PROTECT_KEY, 0x0C);
	if (on) {
		/* VUSB3V1 active, fed from VBAT rather than VBUS, so that the
		 * PHY works before the host supplies VBUS */
		if (!err)
			err = twl4030_write(twl, ADDR_PM, VUSB_DEDICATED2, 0x00);
		if (!err)
			err = twl4030_write(twl, ADDR_PM, VUSB_DEDICATED1, 0x14);
	}
	for (i = 0; i < 3 && !err; i++) {
		err = twl4030_write(twl, ADDR_PM, grp[i], on ? DEV_GRP_P1 : 0);
		if (!err && on)
			err = twl4030_write(twl, ADDR_PM, VUSB_TYPE(grp[i]), 0x00);
	}
	lock = twl4030_write(twl, ADDR_PM, PROTECT_KEY, 0);
	return err ? err : lock;
}

int twl4030_usb_phy_on(struct twl4030 *twl)
{
	uint64_t end;
	uint8_t sts = 0;
	int err, late;

	err = ldos(twl, true);
	if (!err)
		err = update(twl, ADDR_USB, PHY_PWR_CTRL, PHYPWD, 0);
	if (!err)
		err = update(twl, ADDR_USB, PHY_CLK_CTRL, 0, CLOCKGATING_EN | CLK32K_EN);
	/* The PHY's registers need its DPLL while I2C writes them. */
	if (!err)
		err = update(twl, ADDR_USB, PHY_CLK_CTRL, 0, REQ_PHY_DPLL_CLK);
	if (err)
		return err;
	end = deadline_in(DPLL_LOCK_US);
	for (;;) {
		late = deadline_passed(end);
		err = twl4030_read(twl, ADDR_USB, PHY_CLK_CTRL_STS, &sts);
		if (err)
			return err;
		if (sts & PHY_DPLL_CLK)
			break;
		if (late)
			return -ETIMEDOUT;
		udelay(10);
	}
	err = twl4030_write(twl, ADDR_USB, IFC_CTRL_CLR, CARKITMODE);
	if (!err)
		err = twl4030_write(twl, ADDR_USB, POWER_CTRL_SET, OTG_ENAB);
	if (!err)
		err = twl4030_write(twl, ADDR_USB, FUNC_CTRL_CLR, OPMODE_MASK | XCVRSELECT_MASK);
	/* from now on the controller's ULPI requests the DPLL */
	if (!err)
		err = update(twl, ADDR_USB, PHY_CLK_CTRL, REQ_PHY_DPLL_CLK, 0);
	return err;
}

int twl4030_usb_phy_off(struct twl4030 *twl)
{
	int err = update(twl, ADDR_USB, PHY_PWR_CTRL, 0, PHYPWD);
	int off = ldos(twl, false);

	return err ? err : off;
}

int twl4030_usb_vbus(struct twl4030 *twl, bool *present)
{
	uint8_t v;
	int err = twl4030_read(twl, ADDR_PM, STS_HW_CONDITIONS, &v);

	if (!err)
		*present = v & STS_VBUS;
	return err;
}
