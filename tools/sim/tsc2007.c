// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the TI TSC2007 4-wire touch-screen controller (datasheet
 * SBAS405, "12-Bit Nanopower 4-Wire Micro TOUCH SCREEN CONTROLLER with I2C
 * Interface") of the GTA04: I2C2 at 0x48 (A1 = A0 = 0), PENIRQ on GPIO_160
 * (pad 0x2194, mcbsp_clks, in mode 4), active low: Linux's omap3-gta04.dtsi
 * node tsc2007@48 under &i2c2 (interrupts on gpio6 0, "GPIO_160"), Letux's
 * board/goldelico/letux-gta04/tsc2007.c (TSC2007_BUS I2C2, address 0x48).
 *
 * The command byte (datasheet "Command Byte", Linux's
 * drivers/input/touchscreen/tsc2007.h names the same fields): C3-C0 the
 * converter function (0 TEMP0, 2 AUX, 4 TEMP1, 8/9/10 drivers on, 11 the
 * setup command, 12 X, 13 Y, 14 Z1, 15 Z2; 1, 3, 5, 6, 7 are reserved and
 * stop the run), PD1-PD0 power-down and PENIRQ (00 power down between
 * cycles, PENIRQ on; 01 A/D on, PENIRQ off; 10 A/D off, PENIRQ on; 11 A/D
 * on, PENIRQ off), M the mode (0: 12 bits, read as two bytes D11-D4, then
 * D3-D0 and four zeros; 1: 8 bits, one byte). A read returns the result of
 * the last measurement command.
 *
 * The touches come from --touch X,Y@MS[+HOLD_MS] and the input script's
 * {touch X Y [HOLD_MS]}, in panel pixels (480 x 640, (0,0) top left).
 * They are turned into raw values as Letux's U-Boot turns raw values into
 * cells (commands.c do_tsc_choose(): column x * cols / 4096, row
 * (4095 - y) * rows / 4096: the plates span 0..4095 over the panel, y
 * growing upwards; Linux's DT says touchscreen-inverted-y alike): raw X
 * is the centre of pixel column px on the 0..4095 scale, raw Y the centre
 * of row py counted from the bottom. The pressure: Z1 = 1200 and Z2 from
 * the datasheet's touch-resistance formula R = Rx * X / 4096 * (Z2/Z1 - 1)
 * for R = 400 ohm and the GTA04's x-plate of 600 ohm (ti,x-plate-ohms).
 * Without a touch: Z1 = 0 (no pressure; Linux and Letux both read it so),
 * Z2, X and Y full scale (the open plates). TEMP0, TEMP1 and AUX read
 * fixed values (745, 880, 0), the model's, not a thermometer.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/i2c.h"

#define TSC2007_ADDR	0x48
#define PENIRQ_GPIO	160
#define PANEL_W		480
#define PANEL_H		640
#define Z1_TOUCH	1200u
#define R_TOUCH		400u
#define R_XPLATE	600u

struct tsc2007 {
	uint8_t cmd, setup;
	bool have_cmd, want_cmd, irq_on;
	uint16_t result;
	unsigned rbyte, commands, reads;
};

/* The touch held now, if any (the last given of those that overlap):
 * its pixel. */
static bool touch_now(struct sim *s, unsigned *px, unsigned *py)
{
	const struct sim_config *c = &s->cfg;
	uint64_t now = sim_now_ps(s);

	for (int i = c->ntouch - 1; i >= 0; i--) {
		if (now >= c->touch[i].at_ps && now < c->touch[i].until_ps) {
			*px = c->touch[i].x;
			*py = c->touch[i].y;
			return true;
		}
	}
	return false;
}

static uint16_t measure(struct sim *s, unsigned fn)
{
	unsigned px, py, x, z2;
	bool t = touch_now(s, &px, &py);

	x = t ? (2 * px + 1) * 4096 / (2 * PANEL_W) : 4095;
	switch (fn) {
	case 0x0: return 745;
	case 0x4: return 880;
	case 0xC: return (uint16_t)x;
	case 0xD: return t ? (uint16_t)(4095 - (2 * py + 1) * 4096 / (2 * PANEL_H)) : 4095;
	case 0xE: return t ? Z1_TOUCH : 0;
	case 0xF:
		if (!t)
			return 4095;
		z2 = Z1_TOUCH + Z1_TOUCH * R_TOUCH * 4096 / (R_XPLATE * (x ? x : 1));
		return (uint16_t)MIN(z2, 4095u);
	}
	return 0;        /* AUX (not connected), the drivers-on functions */
}

static bool tsc_start(struct sim *s, void *opaque, uint8_t addr, bool read)
{
	struct tsc2007 *t = opaque;

	if (!read)
		t->want_cmd = true;
	t->rbyte = 0;
	return true;
}

static bool tsc_write(struct sim *s, void *opaque, uint8_t addr, uint8_t byte)
{
	struct tsc2007 *t = opaque;
	unsigned fn = byte >> 4;

	if (!t->want_cmd) {
		sim_stop(s, SIM_FAULT, "TSC2007: a second byte 0x%02x after the command byte "
			 "(the chip takes one command byte per write)", byte);
		return false;
	}
	t->want_cmd = false;
	if (fn == 1 || fn == 3 || (fn >= 5 && fn <= 7)) {
		sim_stop(s, SIM_FAULT, "TSC2007: command byte 0x%02x: converter function %u is "
			 "reserved", byte, fn);
		return false;
	}
	t->commands++;
	if (fn == 0xB) {         /* setup: MAV filter, PENIRQ pull-up; no conversion */
		t->setup = byte;
		return true;
	}
	t->cmd = byte;
	t->have_cmd = true;
	t->irq_on = !(byte & BIT(2));     /* PD0 clear: PENIRQ enabled */
	t->result = measure(s, fn);
	return true;
}

static uint8_t tsc_read(struct sim *s, void *opaque, uint8_t addr)
{
	struct tsc2007 *t = opaque;
	unsigned b = t->rbyte++;

	t->reads++;
	if (!t->have_cmd)
		return 0;
	if (t->cmd & BIT(1))      /* M: 8-bit mode, one byte */
		return (uint8_t)(t->result >> 4);
	return b ? (uint8_t)(t->result << 4) : (uint8_t)(t->result >> 4);
}

static void tsc_stop(struct sim *s, void *opaque, uint8_t addr)
{
}

static const struct i2c_slave_ops tsc_ops = {
	.start = tsc_start, .write = tsc_write, .read = tsc_read, .stop = tsc_stop,
};

void tsc2007_init(struct sim *s)
{
	const struct sim_machine *m = s->cfg.machine;
	struct tsc2007 *t;

	/* --inject tsc2007-absent: a board whose controller does not answer */
	if (!m || !m->tsc2007_bus || sim_inject_take(s, "tsc2007-absent", -1))
		return;
	t = calloc(1, sizeof(*t));
	if (!t)
		abort();
	t->irq_on = true;         /* power-up: PD = 00 */
	s->tsc2007 = t;
	i2c_attach(s, m->tsc2007_bus - 1, TSC2007_ADDR, &tsc_ops, t);
	tsc2007_tick(s);
}

/* PENIRQ: low while a touch is held and the last command left it enabled
 * (the pull-up holds it high otherwise); the next touch edge is an event. */
void tsc2007_tick(struct sim *s)
{
	struct sim_config *c = &s->cfg;
	const struct tsc2007 *t = s->tsc2007;
	uint64_t now = sim_now_ps(s);
	unsigned px, py;
	bool low;

	if (!t)
		return;
	low = t->irq_on && touch_now(s, &px, &py);
	if (low)
		c->gpio_in[PENIRQ_GPIO / 32] &= ~BIT(PENIRQ_GPIO % 32);
	else
		c->gpio_in[PENIRQ_GPIO / 32] |= BIT(PENIRQ_GPIO % 32);
	for (int i = 0; i < c->ntouch; i++) {
		if (now < c->touch[i].at_ps)
			sim_event_at(s, c->touch[i].at_ps);
		else if (now < c->touch[i].until_ps)
			sim_event_at(s, c->touch[i].until_ps);
	}
}

void tsc2007_report(struct sim *s, FILE *f)
{
	const struct tsc2007 *t = s->tsc2007;

	if (!t) {
		fputs("null", f);
		return;
	}
	fprintf(f, "{\"commands\": %u, \"reads\": %u, \"last_command\": %u, \"setup\": %u, "
		"\"penirq\": %u, \"touches\": %d}", t->commands, t->reads, t->cmd, t->setup,
		(s->cfg.gpio_in[PENIRQ_GPIO / 32] >> (PENIRQ_GPIO % 32)) & 1, s->cfg.ntouch);
}
