// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the TWL4030's USB transceiver as I2C slave 0x48 shows it
 * (TPS65950 TRM SWCU050, "USB"; the register layout of the ULPI 1.1
 * specification for 0x00-0x0C). What Linux's phy-twl4030-usb and
 * twl4030_charger use at boot, with no cable attached:
 *  - the ULPI vendor and product IDs (0x0451, 0x5710);
 *  - FUNC_CTRL, IFC_CTRL, OTG_CTRL (0x04, 0x07, 0x0A) with their SET and
 *    CLR aliases at +1 and +2, reset values as ULPI 1.1 gives them
 *    (0x41, 0x00, 0x06). They belong to the PHY's clock domain: written
 *    while the PHY DPLL clock is stopped they keep their value, which is
 *    why drivers request the clock first (PHY_CLK_CTRL.REQ_PHY_DPLL_CLK);
 *  - POWER_CTRL (0xAC, SET 0xAD, CLR 0xAE): OTG_ENAB;
 *  - ID_STATUS (0xBB): no cable, the ID pin floats (ID_RES_FLOAT);
 *  - PHY_PWR_CTRL (0xFD, PHYPWD set at reset: the PHY is powered down),
 *    PHY_CLK_CTRL (0xFE) and PHY_CLK_CTRL_STS (0xFF): the DPLL clock runs
 *    while it is requested and the PHY is powered. Its lock time is not
 *    modelled (no figure at hand): it runs from the next read on.
 * The ULPI link to the OMAP's USB OTG controller (musb.c) runs while the
 * PHY is powered (PHYPWD clear) on its three supplies VUSB1V5, VUSB1V8
 * and VUSB3V1 (0x4B:0xCC, 0xCF, 0xD2: PM_RECEIVER 0x71, 0x74, 0x77 as
 * Linux's phy-twl4030-usb addresses them; twl4030_usb_phy_up()); the
 * PHY's own 60 MHz ULPI clock is then taken to run (no lock time).
 * Anything else on 0x48 stops the run.
 */
#include "tools/sim/twl4030_usb.h"

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define FUNC_CTRL        0x04
#define IFC_CTRL         0x07
#define OTG_CTRL         0x0A
#define POWER_CTRL       0xAC
#define ID_STATUS        0xBB
#define PHY_PWR_CTRL     0xFD
#define PHY_CLK_CTRL     0xFE
#define PHY_CLK_CTRL_STS 0xFF

#define PHYPWD           BIT(0)
#define REQ_PHY_DPLL_CLK BIT(0)
#define PHY_DPLL_CLK     BIT(0)

/* The three-address (write, SET, CLR) registers. */
static const uint8_t setclr[] = { FUNC_CTRL, IFC_CTRL, OTG_CTRL, POWER_CTRL };

static bool dpll_runs(const struct twl_usb *u)
{
	return (u->reg[PHY_CLK_CTRL] & REQ_PHY_DPLL_CLK) && !(u->reg[PHY_PWR_CTRL] & PHYPWD);
}

bool twl_usb_powered(const struct twl_usb *u)
{
	return !(u->reg[PHY_PWR_CTRL] & PHYPWD);
}

void twl_usb_init(struct twl_usb *u)
{
	static const uint8_t ids[4] = { 0x51, 0x04, 0x10, 0x57 };

	for (int i = 0; i < 4; i++) {
		u->reg[i] = ids[i];
		u->modelled[i] = true;
	}
	for (unsigned i = 0; i < ARRAY_SIZE(setclr); i++)
		for (int k = 0; k < 3; k++)
			u->modelled[setclr[i] + k] = true;
	u->reg[FUNC_CTRL] = 0x41;          /* XcvrSelect FS, SuspendM */
	u->reg[OTG_CTRL] = 0x06;           /* DpPulldown, DmPulldown */
	u->modelled[ID_STATUS] = true;
	u->reg[ID_STATUS] = 0x10;          /* ID_RES_FLOAT */
	u->modelled[PHY_PWR_CTRL] = u->modelled[PHY_CLK_CTRL] = true;
	u->modelled[PHY_CLK_CTRL_STS] = true;
	u->reg[PHY_PWR_CTRL] = PHYPWD;
}

/* The register a SET or CLR alias acts on, or -1. */
static int base_of(uint8_t r)
{
	for (unsigned i = 0; i < ARRAY_SIZE(setclr); i++)
		if (r >= setclr[i] && r < setclr[i] + 3)
			return setclr[i];
	return -1;
}

bool twl_usb_read(struct sim *s, struct twl_usb *u, uint8_t r, uint8_t *v)
{
	int b = base_of(r);

	if (!u->modelled[r]) {
		sim_stop(s, SIM_FAULT, "TWL4030 0x48:0x%02X not modelled", r);
		return false;
	}
	if (r == PHY_CLK_CTRL_STS)
		*v = dpll_runs(u) ? PHY_DPLL_CLK : 0;
	else
		*v = u->reg[b >= 0 ? b : r];   /* SET and CLR read as the register */
	return true;
}

void twl_usb_write(struct sim *s, struct twl_usb *u, uint8_t r, uint8_t v)
{
	int b = base_of(r);

	if (!u->modelled[r]) {
		sim_stop(s, SIM_FAULT, "TWL4030 0x48:0x%02X not modelled", r);
		return;
	}
	if (r < 4 || r == ID_STATUS || r == PHY_CLK_CTRL_STS)
		return;                          /* read-only */
	if (b < 0) {
		u->reg[r] = v;
		return;
	}
	if (b != POWER_CTRL && !dpll_runs(u)) {
		model_warn_once(&u->warn_noclk, "TWL4030 USB 0x48:0x%02X written while the PHY "
				"DPLL clock is stopped: not updated", r);
		return;
	}
	if (r == b)
		u->reg[b] = v;
	else if (r == b + 1)
		u->reg[b] |= v;
	else
		u->reg[b] &= (uint8_t)~v;
}
