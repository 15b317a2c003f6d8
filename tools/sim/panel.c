// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the GTA04's TPO TD028TTEC1 panel, its backlight and its two
 * buttons (AUX, the TWL4030's power button).
 *
 * Wiring (docs/references.md, "GTA04 display"): the controller's 3-wire SPI on
 * GPIO_12 (SCK), GPIO_19 (CS, active low), GPIO_20 (MOSI), pads etk_clk,
 * etk_d5, etk_d6 in mode 4; the backlight enable on GPIO_57 (gpmc_ncs6,
 * mode 4; an on/off GPIO). A pin counts only while its pad is in
 * GPIO mode and the GPIO is an output.
 *
 * The controller (the protocol Linux's TD028TTEC1 driver speaks):
 * 9-bit words MSB first, taken on SCK's rising edge while CS is low
 * (SPI mode 3), bit 8 = 0 a command, 1 a data byte; SCK at most 100 kHz
 * (the DT's spi-max-frequency): a half period under 5 us garbles the word.
 * A transfer is one command and its data bytes. The panel shows the RGB
 * input only after: deep standby out (POWER_ON_OFF 0xB0 <- 0x17), the RGB
 * interface on (DISPLAY_MODE 0xBC bit 7), AVDD/XVDD on (0xB0 <- 0x16),
 * OUTPUT_CONTROL (0xB8, two bytes), RGB_FORMAT (0x3A), SLEEP_OUT (0x11)
 * and last DISPLAY_ON (0x29); SLEEP_IN (0x10), DISPLAY_OFF (0x28) or
 * POWER_ON_OFF 0x00 undo it. Data with no command, or a command with the
 * wrong number of data bytes, is a protocol error: the panel stays dark.
 *
 * Power and order. The panel's supply is not switched (the DT gives it
 * none): it is there from the board's power-on, the simulation's start.
 * The module takes no command within its power-on time Tpos, 50 ms (the
 * datasheet's figure, as letux-uboot's TD028TTEC1.c quotes it; it waits
 * 90 ms): an earlier command is an error. DISPLAY_ON needs the RGB input
 * running: Linux's omapdss driver enables the DPI output before the set-up
 * sequence, letux-uboot starts the DSS before DISPLAY_ON. DISPLAY_ON while
 * the DSS's LCD output does not run (dss_lcd_running: VPLL2, clocks,
 * LCDENABLE) is an error too. Each error is reported on stderr once, and
 * the panel then shows no picture.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define SCK 12
#define CS 19
#define MOSI 20
#define BACKLIGHT 57
#define TPOS_PS (50 * PS_PER_MS)

struct panel {
	int sck, cs;                 /* last levels seen */
	uint64_t edge_ps;            /* last SCK edge */
	uint64_t select_ps;          /* the transfer's CS low */
	char errbuf[160];
	unsigned bits, nwords;
	uint16_t word, words[4];
	bool too_fast, error;
	bool standby_out, power_on, rgb_on, output_ctl, rgb_fmt, sleep_out, display_on;
	const char *err;
	bool pwr_cmdline;            /* --power-button: held for the whole run */
};

static struct panel *pn;

/* The panel is the GTA04's (machine.c's "gta04"). */
static bool has_panel(struct sim *s)
{
	return pn && s->cfg.machine && !strcmp(s->cfg.machine->name, "gta04");
}

/* Level of GPIO n as the panel sees it: -1 when not driven as a GPIO. */
static int pin(struct sim *s, unsigned n, uint32_t pad)
{
	if ((scm_pad(s, pad) & 7) != 4)
		return -1;
	return gpio_out_level(s, n);
}

static void fail(struct panel *p, const char *why)
{
	if (!p->error)
		fprintf(stderr, "sim: panel: %s\n", why);
	p->error = true;
	p->err = why;
}

/* One transfer done: a command and its data bytes. */
static void transfer(struct sim *s, struct panel *p)
{
	unsigned n = p->nwords, cmd = p->words[0], d0 = p->words[1] & 0xFF;
	const char *why;

	if (!n)
		return;
	if (p->select_ps < TPOS_PS && !p->error) {
		snprintf(p->errbuf, sizeof(p->errbuf),
			 "command 0x%02X %.1f ms after power-on, inside the panel's 50 ms (Tpos)",
			 cmd & 0xFF, (double)p->select_ps / PS_PER_MS);
		return fail(p, p->errbuf);
	}
	if (cmd & 0x100)
		return fail(p, "data byte without a command");
	for (unsigned i = 1; i < n && i < 4; i++)
		if (!(p->words[i] & 0x100))
			return fail(p, "two commands in one transfer");
	switch (cmd) {
	case 0xB0:
		if (n != 2)
			return fail(p, "POWER_ON_OFF needs one data byte");
		if (d0 == 0x17)
			p->standby_out = true;
		else if (d0 == 0x16 && p->standby_out)
			p->power_on = true;
		else if (d0 == 0x00)
			p->power_on = p->standby_out = false;
		break;
	case 0xBC:
		if (n != 2)
			return fail(p, "DISPLAY_MODE needs one data byte");
		p->rgb_on = d0 & 0x80;
		break;
	case 0xB8:
		if (n != 3)
			return fail(p, "OUTPUT_CONTROL needs two data bytes");
		p->output_ctl = true;
		break;
	case 0x3A:
		if (n != 2)
			return fail(p, "RGB_FORMAT needs one data byte");
		p->rgb_fmt = true;
		break;
	case 0x11: p->sleep_out = p->power_on; break;
	case 0x10: p->sleep_out = false; break;
	case 0x29:
		if (!dss_lcd_running(s, &why) && !p->error) {
			snprintf(p->errbuf, sizeof(p->errbuf),
				 "DISPLAY_ON while the DSS's LCD output was not running (%s)", why);
			return fail(p, p->errbuf);
		}
		p->display_on = p->power_on && p->rgb_on && p->output_ctl && p->rgb_fmt &&
				p->sleep_out;
		break;
	case 0x28: p->display_on = false; break;
	default: break;
	}
}

void panel_pins_changed(struct sim *s)
{
	struct panel *p = pn;
	int sck, cs, mosi;
	uint64_t now = sim_now_ps(s);

	if (!p)
		return;
	sck = pin(s, SCK, 0x5D8);
	cs = pin(s, CS, 0x5E6);
	mosi = pin(s, MOSI, 0x5E8);
	if (cs != p->cs) {
		if (cs == 0) {                      /* select: a new transfer */
			p->select_ps = now;
			p->bits = p->nwords = 0;
			p->word = 0;
		} else if (p->cs == 0) {            /* deselect: it ends */
			if (p->bits)
				fail(p, "transfer ended inside a 9-bit word");
			else if (!p->too_fast)
				transfer(s, p);
		}
		p->cs = cs;
	}
	if (sck != p->sck) {
		if (p->cs == 0 && p->edge_ps && now - p->edge_ps < 5 * PS_PER_US) {
			p->too_fast = true;
			fail(p, "SPI clock faster than 100 kHz");
		}
		p->edge_ps = now;
		if (sck == 1 && p->sck == 0 && p->cs == 0) {   /* rising edge: a bit */
			p->word = (uint16_t)(p->word << 1 | (mosi == 1));
			if (++p->bits == 9) {
				if (p->nwords < 4)
					p->words[p->nwords] = p->word & 0x1FF;
				p->nwords++;
				p->bits = 0;
				p->word = 0;
			}
		}
		p->sck = sck;
	}
}

bool panel_showing(struct sim *s, const char **why)
{
	struct panel *p = pn;

	if (!has_panel(s))
		return *why = "no panel on this machine", false;
	if (p->error)
		return *why = p->err, false;
	if (!p->display_on)
		return *why = "panel not initialised (no DISPLAY_ON after the set-up sequence)", false;
	return true;
}

bool panel_backlight(struct sim *s)
{
	return has_panel(s) && pin(s, BACKLIGHT, 0x0BA) == 1;
}

/* Lit at all, for a screenshot: the GPIO, or GPTIMER11's PWM on the same
 * pad (mode 3, gpt11_pwm_evt, as Linux drives it) with a duty over 0;
 * battery.c counts the level. */
bool panel_lit(struct sim *s)
{
	return panel_backlight(s) ||
	       (has_panel(s) && (scm_pad(s, 0x0BA) & 7) == 3 && gpt_pwm_duty(s, 11) > 0);
}

void panel_init(struct sim *s)
{
	pn = calloc(1, sizeof(*pn));
	if (!pn)
		abort();
	pn->sck = pn->cs = -1;
	pn->pwr_cmdline = s->cfg.power_button;
}

/* --press: AUX is the machine's button GPIO (GTA04 AUX, Beagle USER;
 * active high), the power button
 * the TWL4030's STS_HW_CONDITIONS.PWON (twl4030.c reads cfg.power_button);
 * timed --screenshot files. */
void display_tick(struct sim *s)
{
	struct sim_config *c = &s->cfg;
	uint64_t now = sim_now_ps(s);
	bool aux = c->aux, pwr;

	/* Without --press the buttons are left as configured (tests set them). */
	if (!pn || !c->npress)
		goto shots;
	pwr = pn->pwr_cmdline;
	for (int i = 0; i < c->npress; i++) {
		bool held = now >= c->press[i].at_ps && now < c->press[i].until_ps;

		if (c->press[i].power)
			pwr |= held;
		else
			aux |= held;
		if (now < c->press[i].at_ps)
			sim_event_at(s, c->press[i].at_ps);
		else if (now < c->press[i].until_ps)
			sim_event_at(s, c->press[i].until_ps);
	}
	c->power_button = pwr;
	if (c->machine) {
		if (aux)
			c->gpio_in[0] |= BIT(c->machine->aux_gpio);
		else
			c->gpio_in[0] &= ~BIT(c->machine->aux_gpio);
	}
shots:
	for (int i = 0; i < c->nshot; i++) {
		if (!c->shot[i].timed || c->shot[i].done)
			continue;
		if (now >= c->shot[i].at_ps) {
			c->shot[i].done = true;
			if (dss_screenshot(s, c->shot[i].path))
				fprintf(stderr, "sim: cannot write %s\n", c->shot[i].path);
		} else {
			sim_event_at(s, c->shot[i].at_ps);
		}
	}
}
