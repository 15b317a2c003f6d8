// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * U-Boot's environment boot menu (cmd/bootmenu.c, common/menu.c): the
 * entries bootmenu_0, bootmenu_1 ... ("title=commands") while they are
 * defined, an "Exit" entry after them, bootmenu_default the entry first
 * lit, bootmenu_delay (or the command's argument) the countdown. The same
 * ANSI screen, texts and keys (UP/DOWN or Ctrl-P/N, ENTER, ESC or Ctrl-C,
 * the shortcut keys 1-9 a-z, 0 for Exit). The bootmenu command opens this
 * menu when bootmenu_0 is set, gtaboot's extlinux menu otherwise
 * (common/autoboot.c).
 */
#include "common/bootmenu.h"

#include "common/cli.h"
#include "common/console.h"
#include "common/environment.h"
#include "lib/shell/cmdargs.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

#define MAX_ENTRIES 99   /* bootmenu_0 .. bootmenu_98, as U-Boot's MAX_COUNT */
#define ESC_WAIT_MS 50   /* an ESC with nothing after it is the ESC key */

enum key { K_NONE, K_UP, K_DOWN, K_SELECT, K_QUIT, K_SHORTCUT };

/* A decimal number as U-Boot's simple_strtol reads it (0 if none). */
static long dec(const char *s)
{
	bool neg = *s == '-';

	return neg ? -(long)strtoul(s + 1, NULL, 10) : (long)strtoul(s, NULL, 10);
}

static const char *entry(unsigned i)
{
	char name[16];

	snprintf(name, sizeof(name), "bootmenu_%u", i);
	return var_get(name);
}

static char shortcut(unsigned i)
{
	return i < 9 ? (char)('1' + i) : i < 35 ? (char)('a' + i - 9) : ' ';
}

/* Entry i's title as U-Boot shows it: "1. title", "0. Exit" last. */
static void draw_entry(unsigned i, unsigned count, bool active)
{
	const char *e = i + 1 < count ? entry(i) : NULL;
	const char *eq = e ? strchr(e, '=') : NULL;

	printf("\x1b[%u;7H", i + 4);
	if (active)
		printf("\x1b[7m");
	if (eq)
		printf("%c%c %.*s", shortcut(i), shortcut(i) != ' ' ? '.' : ' ', (int)(eq - e), e);
	else
		printf("0. Exit");
	if (active)
		printf("\x1b[0m");
}

static void draw(unsigned count, unsigned active)
{
	printf("\x1b[1;1H\x1b[2K\x1b[2;3H*** U-Boot Boot Menu ***\x1b[K\x1b[3;1H\x1b[2K");
	for (unsigned i = 0; i < count; i++)
		draw_entry(i, count, i == active);
	printf("\x1b[%u;1H\x1b[2K\x1b[%u;3HPress UP/DOWN to move, ENTER to select, ESC to quit"
	       "\x1b[K\x1b[%u;1H\x1b[2K", count + 5, count + 6, count + 7);
}

/* One key, waiting up to wait_ms (-1: forever); ANSI arrows decoded. */
static enum key read_key(int wait_ms, int *ch)
{
	int c;

	do
		c = console_getc_timeout(wait_ms < 0 ? 1000u : (unsigned)wait_ms);
	while (c < 0 && wait_ms < 0);
	*ch = c;
	if (c < 0)
		return K_NONE;
	if (c == 0x1b) {
		if (console_getc_timeout(ESC_WAIT_MS) != '[')
			return K_QUIT;
		c = console_getc_timeout(ESC_WAIT_MS);
		return c == 'A' ? K_UP : c == 'B' ? K_DOWN : K_NONE;
	}
	if (c == '\r' || c == '\n')
		return K_SELECT;
	if (c == 0x03)
		return K_QUIT;
	if (c == 0x10)
		return K_UP;
	if (c == 0x0e)
		return K_DOWN;
	if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return K_SHORTCUT;
	return K_NONE;
}

/* The entry a shortcut key names, or -1 (none); '0' is Exit. */
static int from_shortcut(int c, unsigned count)
{
	if (c == '0')
		return (int)count - 1;
	for (unsigned i = 0; i + 1 < count; i++)
		if (shortcut(i) == (c | 0x20) || shortcut(i) == c)
			return (int)i;
	return -1;
}

/* The entry chosen: after the countdown, a select, a shortcut or quit. */
static unsigned choose(unsigned count, unsigned active, long delay)
{
	int c, sc;

	draw(count, active);
	/* the countdown: any key stops it, as in U-Boot */
	while (delay > 0) {
		enum key k;

		printf("\x1b[%u;3HHit any key to stop autoboot: %ld ", count + 5, delay);
		k = read_key(1000, &c);
		if (c >= 0) {
			delay = -1;
			if (k == K_SELECT)
				return active;
			if (k == K_QUIT)
				return count - 1;
			if (k == K_UP && active > 0)
				active--;
			if (k == K_DOWN && active + 1 < count)
				active++;
			if (k == K_SHORTCUT && (sc = from_shortcut(c, count)) >= 0)
				return (unsigned)sc;
			break;
		}
		delay--;
	}
	printf("\x1b[%u;1H\x1b[2K", count + 5);
	if (!delay)
		return active;
	for (;;) {
		unsigned was = active;

		switch (read_key(-1, &c)) {
		case K_SELECT:
			return active;
		case K_QUIT:
			return count - 1;
		case K_UP:
			active -= active > 0;
			break;
		case K_DOWN:
			active += active + 1 < count;
			break;
		case K_SHORTCUT:
			sc = from_shortcut(c, count);
			if (sc >= 0)
				return (unsigned)sc;
			break;
		default:
			break;
		}
		if (active != was) {
			draw_entry(was, count, false);
			draw_entry(active, count, true);
		}
	}
}

int bootmenu_env(const char *delay_arg)
{
	const char *d = delay_arg ? delay_arg : var_get("bootmenu_delay");
	const char *e, *eq;
	unsigned count = 0, pick;
	long delay, active = 0;
	char cmd[CLI_LINE];

	/* U-Boot's delay: the argument, bootmenu_delay, else bootdelay */
	if (!d)
		d = var_get("bootdelay");
	delay = d ? dec(d) : 2;
	if (!delay) {
		e = entry(0);
		eq = e ? strchr(e, '=') : NULL;
		if (!eq) {
			pr_err(e ? "bootmenu option 0 is invalid\n" : "bootmenu option 0 was not found\n");
			return 0;
		}
		snprintf(cmd, sizeof(cmd), "%s", eq + 1);
		cmd_run_line(cmd);
		return 0;
	}
	while (count < MAX_ENTRIES && (e = entry(count))) {
		if (!strchr(e, '=')) {
			pr_err("Invalid bootmenu entry: %s\n", e);
			break;
		}
		count++;
	}
	count++;  /* Exit */
	e = var_get("bootmenu_default");
	if (e)
		active = dec(e);
	if (active < 0 || active >= (long)count) {
		printf("active menuitem (%ld) is outside menu (0..%u)\n", active, count - 1);
		active = 0;
	}
	printf("\x1b[?25l\x1b[2J\x1b[1;1H");
	pick = choose(count, (unsigned)active, delay);
	printf("\x1b[?25h\x1b[2J\x1b[1;1H");
	if (pick + 1 == count)
		return 0;
	/* a copy: the entry's commands may change the variable */
	e = entry(pick);
	eq = e ? strchr(e, '=') : NULL;
	if (!eq || !eq[1])
		return 0;
	snprintf(cmd, sizeof(cmd), "%s", eq + 1);
	cmd_run_line(cmd);
	/* U-Boot's bootmenu command succeeds whatever the entry did */
	return 0;
}
