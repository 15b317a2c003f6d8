// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the machines it plays, as one const table (adding a machine
 * is one entry here), and the list of models every machine is built from.
 */
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"
#include "tools/sim/musb.h"
#include "tools/sim/usbredir.h"

/*
 * GTA04 revision straps GPIO171..173 (bank 6, bits 11..13): the board
 * decodes idx = g173 << 2 | g172 << 1 | g171 into {A9, A6, A7, A3, A8, A4,
 * A5, A2}; the BeagleBoard's (C4: 5, xM C: 2) sit on the same pins.
 */
static const struct sim_machine machines[] = {
	{
		.name = "gta04", .soc = SOC_DM3730,
		.idcode = 0x1B89102F,                  /* DM3730 (3630 ES1.1) */
		.default_rev = "A5",
		/* A3/A4: Micron NAND + DDR; A5: Samsung OneNAND + DDR */
		.revs = { { "A3", 3, "micron-2c-bc" }, { "A4", 5, "micron-2c-bc" },
			  { "A5", 6, "samsung-onenand" } },
		.aux_gpio = 7, .die_id0 = 0x6A7C0013,
		/* the status LEDs on a TCA6507 on I2C2, every revision (the
		 * GTA04's Linux DT: ports 0/1 AUX red/green, 3/4 power
		 * red/green, 6 the WLAN reset; docs/references.md, "Status LEDs") */
		.tca6507_bus = 2,
		/* the touch screen's TSC2007 on I2C2 (omap3-gta04.dtsi
		 * tsc2007@48, Letux's tsc2007.c) */
		.tsc2007_bus = 2,
	}, {
		.name = "beagle", .soc = SOC_OMAP3530,
		.idcode = 0x4B7AE02F,                  /* OMAP3530 ES3.1 */
		.default_rev = "C4",
		.revs = { { "C4", 5, "micron-2c-ba" } },
		.aux_gpio = 7, .die_id0 = 0x4C6E0017,
		/* USR0/USR1 (Linux's Beagle DT: gpio5 22 and 21; "Status LEDs") */
		.gpio_leds = { { "usr0", 150 }, { "usr1", 149 } },
	}, {
		/* BeagleBoard-xM rev C: DM3730, 2 x 256 MB Micron PoP without
		 * NAND; the USER button is on GPIO_4. */
		.name = "beaglexm", .soc = SOC_DM3730,
		.idcode = 0x2B89102F,                  /* DM3730 (3630 ES1.2) */
		.default_rev = "C",
		.revs = { { "C", 2, "micron-xm" } },
		.aux_gpio = 4, .die_id0 = 0x4C6E0017,
		/* USR0/USR1 (Linux's xM DT: gpio5 22 and 21; "Status LEDs") */
		.gpio_leds = { { "usr0", 150 }, { "usr1", 149 } },
	},
};

const struct sim_machine *sim_machine_find(const char *name)
{
	for (size_t i = 0; name && i < ARRAY_SIZE(machines); i++) {
		if (!strcmp(machines[i].name, name))
			return &machines[i];
	}
	return NULL;
}

int sim_config_machine(struct sim_config *c, const char *name, const char *rev)
{
	const struct sim_machine *m = sim_machine_find(name);
	const struct sim_machine_rev *r = NULL;

	if (!m)
		return -1;
	if (!rev || !*rev)
		rev = m->default_rev;
	for (size_t i = 0; i < ARRAY_SIZE(m->revs) && m->revs[i].rev; i++) {
		if (!strcmp(rev, m->revs[i].rev))
			r = &m->revs[i];
	}
	if (!r)
		return -1;
	c->machine = m;
	c->soc = m->soc;
	c->idcode = m->idcode;
	snprintf(c->rev, sizeof(c->rev), "%s", r->rev);
	c->part = *sim_part_find(r->part);     /* parts.c */
	c->sdram_cs_bytes[0] = c->sdram_cs_bytes[1] = (uint32_t)sim_part_cs_bytes(&c->part);
	c->sys_boot = 0x0F;  /* every machine: NAND, USB, UART3, MMC1 */
	c->gpio_in[5] &= ~GENMASK(13, 11);
	c->gpio_in[5] |= (r->strap & 7) << 11;
	/* AUX (GTA04) / USER (Beagle): active high on a GPIO1 pin, and
	 * sys_boot5 as well. */
	if (c->aux) {
		c->sys_boot |= 0x20;
		c->gpio_in[0] |= BIT(m->aux_gpio);
	}
	return 0;
}

void sim_models_init(struct sim *s)
{
	prcm_init(s);
	scm_init(s);
	sdrc_init(s);
	uart_init(s);
	wdt_init(s);
	timers_init(s);
	gpio_init(s);
	misc_init(s);
	i2c_init(s);
	twl4030_init(s);
	tca6507_init(s);    /* after i2c_init: a slave of I2C2 */
	tsc2007_init(s);    /* the same */
	hsmmc_init(s);
	l3pm_init(s);
	intc_init(s);       /* interrupts, timers, resets: what Linux needs */
	sysc_init(s);
	coresight_init(s);  /* ETM, ETB: IDs only */
	rng_init(s);        /* RNG: what omap-rng reads */
	musb_init(s);       /* USB OTG (musb.c); the usbredir bridge with --usb */
	usbredir_init(s);
	sdma_init(s);
	gpmc_init(s);
	dss_init(s);        /* display: dss.c, panel.c */
	panel_init(s);
	watch_init(s);      /* --watch-writes */
}
