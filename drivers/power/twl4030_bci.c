// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The TWL4030 main-battery charger (twl4030_bci.h). Offsets: Linux
 * twl4030_charger.c's, relative to its MAIN_CHARGE (0x4A:0x74),
 * PRECHARGE (0x4A:0xAA) and PM_MASTER (0x4B:0x36) modules; the key values
 * and sequences are Linux's and Letux's twl4030-additions.c.
 */
#include "drivers/power/twl4030_bci.h"

#include "drivers/power/twl4030_usb.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/power/charge.h"

#define ADDR_BCI	0x4A
#define ADDR_PM		0x4B
#define MAIN_CHARGE	0x74
#define BCIMDKEY	(MAIN_CHARGE + 0x01)
#define BCIMSTATEC	(MAIN_CHARGE + 0x02)
#define BCIMFSTS3	(MAIN_CHARGE + 0x0F)
#define BATSTSMCHG	BIT(6)
#define BCIMFSTS4	(MAIN_CHARGE + 0x10)
#define USBFASTMCHG	BIT(2)
#define BCIMFKEY	(MAIN_CHARGE + 0x11)
#define BCIMFEN3	(MAIN_CHARGE + 0x14)
#define BCIWDKEY	(MAIN_CHARGE + 0x21)
#define BCICTL1		(MAIN_CHARGE + 0x23)
#define CGAIN		BIT(5)
#define BCIIREF1	(MAIN_CHARGE + 0x27)
#define BCIIREF2	(MAIN_CHARGE + 0x28)
#define BCIMFSTS1	(0xAA + 0x01)
#define BATSTSPCHG	BIT(2)
#define BOOT_BCI	(0x36 + 0x07)
#define BCIAUTOAC	BIT(0)
#define BCIAUTOUSB	BIT(1)
#define CONFIG_DONE	BIT(4)
#define BCIAUTOWEN	BIT(5)

static int update(struct twl4030 *t, uint8_t addr, uint8_t reg, uint8_t clr, uint8_t set)
{
	uint8_t v;
	int err = twl4030_read(t, addr, reg, &v);

	return err ? err : twl4030_write(t, addr, reg, (uint8_t)((v & ~clr) | set));
}

/* Linux's twl4030_clear_set_boot_bci(): CONFIG_DONE and BCIAUTOWEN always. */
static int boot_bci(struct twl4030 *t, uint8_t clr, uint8_t set)
{
	return update(t, ADDR_PM, BOOT_BCI, clr, CONFIG_DONE | BCIAUTOWEN | set);
}

/* A run of (register, value) writes to the BCI, stopping at the first error. */
static int writes(struct twl4030 *t, const uint8_t *rv, unsigned n)
{
	int err = 0;

	for (unsigned i = 0; i < n && !err; i++)
		err = twl4030_write(t, ADDR_BCI, rv[2 * i], rv[2 * i + 1]);
	return err;
}

int bci_sources(struct twl4030 *t, struct bci_sources *s)
{
	uint8_t hw, m3, m1;
	int err = twl4030_hw_conditions(t, &hw);

	if (!err)
		err = twl4030_read(t, ADDR_BCI, BCIMFSTS3, &m3);
	if (!err)
		err = twl4030_read(t, ADDR_BCI, BCIMFSTS1, &m1);
	if (err)
		return err;
	s->ac = hw & TWL4030_HW_CHG;
	s->vbus = hw & TWL4030_HW_VBUS;
	/* Letux's twl4030_init_battery_charging() presence test */
	s->battery = (m3 & BATSTSMCHG) || (m1 & BATSTSPCHG);
	return 0;
}

int bci_set_current(struct twl4030 *t, unsigned ma)
{
	unsigned code = bci_iref_code(ma);
	/* BCIMFKEY 0xE7 opens BCIIREF1/2 for one write each (Linux
	 * twl4030_charger_update_current(): BCIIREF2 first, 2 or 3 for bit 8) */
	const uint8_t rv[] = {
		BCIMFKEY, 0xE7, BCIIREF2, (code & 0x100) ? 3 : 2,
		BCIMFKEY, 0xE7, BCIIREF1, (uint8_t)code,
	};

	return writes(t, rv, 4);
}

int bci_charge_ac(struct twl4030 *t, unsigned ma)
{
	int err = bci_set_current(t, ma);

	return err ? err : boot_bci(t, 0, BCIAUTOAC);
}

int bci_charge_usb(struct twl4030 *t, unsigned ma)
{
	int err = bci_set_current(t, ma);

	if (!err)
		err = boot_bci(t, 0, BCIAUTOUSB);
	/* Letux: the ULPI PHY up, 50 ms, then USBFASTMCHG; Linux keeps the PHY
	 * powered while it charges ("Need to keep phy powered"). */
	if (!err)
		err = twl4030_usb_phy_on(t);
	if (!err) {
		mdelay(50);
		err = update(t, ADDR_BCI, BCIMFSTS4, 0, USBFASTMCHG);
	}
	return err;
}

int bci_charge_linear(struct twl4030 *t)
{
	/* Linux twl4030_charger_enable_usb() with CHARGE_LINEAR: WOVF
	 * acknowledged, off mode, linear USB path, watchdog stopped, MFEN3
	 * opened for the end-of-charge and low-current monitors. */
	static const uint8_t rv[] = {
		BCIWDKEY, 0x33, BCIMDKEY, 0x2A, BCIMDKEY, 0x26,
		BCIWDKEY, 0xF3, BCIMFKEY, 0x9C, BCIMFEN3, 0xF0,
	};
	int err = boot_bci(t, BCIAUTOAC | BCIAUTOUSB | BIT(2), 0);

	return err ? err : writes(t, rv, 6);
}

int bci_charge_off(struct twl4030 *t)
{
	static const uint8_t rv[] = { BCIMDKEY, 0x2A };
	int err = writes(t, rv, 1);

	return err ? err : boot_bci(t, BCIAUTOAC | BCIAUTOUSB, 0);
}

int bci_state(struct twl4030 *t, unsigned *state)
{
	uint8_t v;
	int err = twl4030_read(t, ADDR_BCI, BCIMSTATEC, &v);

	if (!err)
		*state = v;
	return err;
}

int bci_boot_bci(struct twl4030 *t, unsigned *bits)
{
	uint8_t v;
	int err = twl4030_read(t, ADDR_PM, BOOT_BCI, &v);

	if (!err)
		*bits = v & 7;
	return err;
}

static int madc_mv(struct twl4030 *t, unsigned ch, unsigned num, unsigned den, unsigned *mv)
{
	unsigned code;
	int err = twl4030_madc_raw(t, ch, &code);

	if (!err)
		*mv = madc_code_mv(code, num, den);
	return err;
}

/* The prescalers of Linux twl4030-madc.c twl4030_divider_ratios[] */
int bci_vbus_mv(struct twl4030 *t, unsigned *mv) { return madc_mv(t, 8, 3, 14, mv); }
int bci_vac_mv(struct twl4030 *t, unsigned *mv) { return madc_mv(t, 11, 15, 100, mv); }

int bci_ichg_ma(struct twl4030 *t, int *ma)
{
	unsigned code;
	uint8_t ctl;
	int err = twl4030_madc_raw(t, 10, &code);

	if (!err)
		err = twl4030_read(t, ADDR_BCI, BCICTL1, &ctl);
	if (!err)
		*ma = bci_code_ma(code, ctl & CGAIN);
	return err;
}
