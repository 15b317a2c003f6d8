/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The TWL4030 main-battery charger's arithmetic and the boot policy's
 * decision, free of hardware so that the host tests run them: MADC codes
 * to mV and mA, a charge current to its BCIIREF code, and what to do with
 * a battery at a voltage with or without a charger.
 */
#ifndef LIB_POWER_CHARGE_H
#define LIB_POWER_CHARGE_H

#include <stdbool.h>

/* A 10-bit MADC code of a channel whose prescaler is num/den, in mV (1.5 V
 * full scale at the converter: Linux twl4030-madc.c
 * twl4030_madc_read_channels()). */
unsigned madc_code_mv(unsigned code, unsigned num, unsigned den);

/* ADCIN10, the charge-current amplifier, in mA (charging positive): TI's
 * formula in Linux twl4030_charger.c regval2ua(), doubled with CGAIN. */
int bci_code_ma(unsigned code, bool cgain);

/* The BCIIREF code for a charge current in mA (Linux ua2regval(), CGAIN
 * off): at least 512 (0 mA), at most 1023 (852 mA). */
unsigned bci_iref_code(unsigned ma);

/* The battery's level in % (0-100), an estimate from its voltage (the
 * TWL4030 has no fuel gauge): the open-circuit voltage VBAT - I x R, with
 * ma the cell's current (positive: charging) through mohm, on a generic
 * Li-ion OCV curve (charge.c names its source). */
unsigned battery_pct(unsigned vbat_mv, int ma, unsigned mohm);

enum charge_action {
	CHARGE_BOOT,            /* at or above the threshold: boot */
	CHARGE_WAIT,            /* below it with a charger: charge first */
	CHARGE_OFF_LOW,         /* below it and no charger: power off */
	CHARGE_OFF_NOTHING,     /* no battery and no charger */
};

struct charge_state {
	bool battery;           /* BCIMFSTS1/3 say a battery is there */
	bool charger;           /* VBUS or an AC charger present */
	bool mv_known;          /* the MADC gave VBAT */
	unsigned mv;            /* VBAT */
};

/* What the boot policy does now with a threshold of boot_mv. A battery
 * whose voltage could not be read boots (the reason is the caller's to
 * print): refusing would strand a board whose MADC alone failed. */
enum charge_action charge_decide(const struct charge_state *s, unsigned boot_mv);

#endif
