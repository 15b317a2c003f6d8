/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The TWL4030/TPS65950 main-battery charger (the BCI) over I2C: which
 * source is there, the charger's modes, and its MADC readings. Register
 * facts from Linux drivers/power/supply/twl4030_charger.c and
 * drivers/iio/adc/twl4030-madc.c, and goldelico/letux-uboot
 * board/goldelico/letux-gta04/twl4030-additions.c (docs/power.md).
 */
#ifndef DRIVERS_POWER_TWL4030_BCI_H
#define DRIVERS_POWER_TWL4030_BCI_H

#include <stdbool.h>

#include "drivers/power/twl4030.h"

struct bci_sources {
	bool ac;                /* STS_HW_CONDITIONS CHG: a charger on VAC */
	bool vbus;              /* STS_HW_CONDITIONS STS_VBUS */
	bool battery;           /* BCIMFSTS3 BATSTSMCHG or BCIMFSTS1 BATSTSPCHG */
};

int bci_sources(struct twl4030 *t, struct bci_sources *s);

/*
 * Fast charging at ma (at most 852): AC through BOOT_BCI BCIAUTOAC; USB
 * through BCIAUTOUSB, the USB PHY powered and BCIMFSTS4 USBFASTMCHG, as
 * Letux's twl4030_usb_charger_enable() and Linux's
 * twl4030_charger_enable_usb() do. The current goes to BCIIREF behind
 * its BCIMFKEY key.
 */
int bci_charge_ac(struct twl4030 *t, unsigned ma);
int bci_charge_usb(struct twl4030 *t, unsigned ma);
/* Only the current reference (BCIIREF), e.g. to back off a sagging VBUS. */
int bci_set_current(struct twl4030 *t, unsigned ma);
/* Linux's CHARGE_LINEAR mode on the USB path (Letux's "continuous"). */
int bci_charge_linear(struct twl4030 *t);
/* Both automatic modes off and the linear charger in off mode. */
int bci_charge_off(struct twl4030 *t);

/* BCIMSTATEC: the main charger's state machine, low nibble 0 off, 2..7
 * QUICK1..7 (charging), 0x0B..0x0E COMPLETE1..4; bit 4 the USB path,
 * bit 5 AC (Linux twl4030_bci_state_to_status()). */
#define BCI_STATE_MASK	0x0F
int bci_state(struct twl4030 *t, unsigned *state);

/* BOOT_BCI's low bits (BCIAUTOAC 1, BCIAUTOUSB 2, CVENAC 4). */
int bci_boot_bci(struct twl4030 *t, unsigned *bits);

/* MADC: VBUS (ch 8), VAC (ch 11) in mV, the charge current (ch 10, with
 * BCICTL1 CGAIN) in mA; VBAT is twl4030_battery_mv(). */
int bci_vbus_mv(struct twl4030 *t, unsigned *mv);
int bci_vac_mv(struct twl4030 *t, unsigned *mv);
int bci_ichg_ma(struct twl4030 *t, int *ma);

#endif
