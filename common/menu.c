// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The boot menu of the extlinux labels, on the serial console and, when
 * the board has one, on its screen. Serial: one digit per label, Enter the
 * default, any other key the prompt. Buttons: AUX (the board's button,
 * gpio_7 on the GTA04) moves the selection, the power button (TWL4030
 * STS_HW_CONDITIONS.STS_PWON) boots it, a touch on an entry's row (the
 * GTA04's touch screen) boots that one. Opened by AUX held at power-on,
 * it boots the default when the timeout (extlinux TIMEOUT, else 10 s)
 * runs out. Buttons and timeout only on a board with a screen: the
 * Beagle's menu is the serial one it always was. After the autoboot chain failed, the menu stays on the screen
 * while the serial prompt runs: the buttons still work from there.
 */
#include "board/board.h"
#include "common/autoboot.h"
#include "common/boot.h"
#include "common/cli.h"
#include "common/console.h"
#include "common/sysinfo.h"
#include "common/display.h"
#include "common/escape.h"
#include "common/storage.h"
#include "common/touch.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

#define MENU_MAX	9
#define POLL_US		20000u	/* buttons read every 20 ms: also their debounce */

static struct {
	const struct extlinux_conf *conf;
	unsigned n, sel;
	int held;
	bool touch;
	uint16_t ty;              /* raw Y of the touch held, common/touch.h */
	uint64_t next_us;
} m;

static const char hint[] = "AUX: next   POWER: boot";

static const char *item(unsigned i)
{
	const struct extlinux_label *l = &m.conf->labels[i];

	return esc(l->menu[0] ? l->menu : l->name);
}

/* AUX in bit 0, the power button in bit 1, a touch in bit 2. */
static int levels(void)
{
	struct twl4030 *t = storage_twl();
	uint8_t sts;
	uint16_t x;
	int v = sys_button_held();

	if (m.touch && touch_get(&x, &m.ty) == 1)
		v |= 4;
	if (t && !twl4030_hw_conditions(t, &sts) && (sts & TWL4030_HW_PWON))
		v |= 2;
	return v;
}

/* The labels; the selection on the default. Buttons already held count
 * as released only once they are let go. */
static const struct extlinux_conf *setup(void)
{
	const struct extlinux_conf *conf = boot_conf();
	int def;

	if (!conf)
		return NULL;
	m.conf = conf;
	m.n = conf->nlabels < MENU_MAX ? conf->nlabels : MENU_MAX;
	def = extlinux_default(conf);
	m.sel = def > 0 && (unsigned)def < m.n ? (unsigned)def : 0;
	/* The touch screen (board.h touch_screen); with the screen off no
	 * touch falls on a row (display_menu_row()) */
	m.touch = touch_screen && !touch_init();
	m.held = levels();
	m.next_us = timer_us() + POLL_US;
	return conf;
}

static void draw(void)
{
	display_menu(m.conf->title[0] ? esc(m.conf->title) : "Boot menu", item, m.n, m.sel, hint);
}

/* 1: AUX pressed (the selection moved), 2: power pressed, 0: neither. */
static int buttons(void)
{
	uint64_t now = timer_us();
	int v, pressed;

	if (now < m.next_us)
		return 0;
	m.next_us = now + POLL_US;
	v = levels();
	pressed = v & ~m.held;
	m.held = v;
	/* A new touch on an entry's row boots it, as power the selected one */
	if (pressed & 4) {
		v = display_menu_row(m.ty);
		if ((unsigned)v < m.n) {
			m.sel = (unsigned)v;
			return 2;
		}
	}
	if (pressed & 1) {
		m.sel = (m.sel + 1) % m.n;
		draw();
	}
	return pressed & 2 ? 2 : pressed;
}

static int boot_selected(unsigned idx)
{
	int err;

	display_menu_close();
	err = boot_label(idx);
	pr_err("boot: label '%s' failed (%s)\n", esc(boot_conf()->labels[idx].name), errname(err));
	return err;
}

int menu_run(int stop)
{
	const struct extlinux_conf *conf = setup();
	unsigned i, timeout_ms;
	uint64_t end;
	int c;

	if (!conf)
		return -ENOENT;
	timeout_ms = conf->has_timeout && conf->timeout ? conf->timeout * 100 : 10000;
	end = timer_us() + timeout_ms * 1000ull;
	printf("%s\n", conf->title[0] ? esc(conf->title) : "Boot menu");
	for (i = 0; i < m.n; i++)
		printf("  %u  %s%s\n", i + 1, item(i), i == m.sel ? " (default)" : "");
	printf("1-%u: boot that entry, Enter: the default, any other key: prompt\n", m.n);
	draw();
	for (;;) {
		c = console_getc();
		/* The LF of a CR LF that stopped the countdown is no choice. */
		if (c == '\n' && stop == '\r') {
			stop = -2;
			continue;
		}
		if (c >= 0)
			break;
		/* The buttons and the timeout are the screen's menu: a board
		 * without one (Beagle) keeps the serial menu as it was. */
		if (!board.display)
			continue;
		if (buttons() == 2)
			return boot_selected(m.sel);
		/* Opened by the button: nobody may be at the serial console. */
		if (stop == -1 && timer_us() >= end) {
			printf("menu: timeout\n");
			display_menu_close();
			return 0;
		}
	}
	display_menu_close();
	if (c == '\r' || c == '\n')
		return 0;
	if (c < '1' || c >= '1' + (int)m.n)
		return -ECANCELED;
	return boot_selected((unsigned)(c - '1'));
}

static void failure_poll(void)
{
	if (buttons() != 2)
		return;
	console_set_poll(0);
	boot_selected(m.sel);
	draw();
	console_set_poll(failure_poll);
}

void menu_after_failure(void)
{
	if (!display_active() || !setup())
		return;
	draw();
	console_set_poll(failure_poll);
}
