// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * U-Boot's gpio and led commands. gpio numbers are U-Boot's for the OMAP3
 * (0..191: bank n/32, bit n%32, TRM chapter 24 "General-Purpose
 * Interface"); only the six GPIO banks are touched (plat_gpio_bank).
 * The pin's pad mux is left as the board set it, as U-Boot does. LED
 * names are Linux's labels for the board (board.h status_leds).
 */
#include "arch/arm/platform.h"
#include "board/board.h"
#include "common/cli.h"
#include "common/leds.h"
#include "common/sysinfo.h"
#include "drivers/gpio/omap_gpio.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

#define NGPIO 192

/* U-Boot's bank names on the OMAP3: "gpio@<base>_" */
static void bank_name(unsigned n, char *buf)
{
	snprintf(buf, 20, "gpio@%08x_", (unsigned)plat_gpio_bank(n));
}

/* The bank whose name s starts with (case as U-Boot ignores it), its
 * first pin in *first and the rest of s in *rest; -EINVAL: none. */
static int bank_prefix(const char *s, unsigned *first, const char **rest)
{
	char name[20];
	size_t len;

	for (unsigned b = 0; b < NGPIO; b += 32) {
		bank_name(b, name);
		len = strlen(name);
		if (!strncasecmp(s, name, len)) {
			*first = b;
			*rest = s + len;
			return 0;
		}
	}
	return -EINVAL;
}

/* "7" (decimal, as U-Boot's gpio_lookup_name) or "gpio@49056000_21". */
static int lookup(const char *s, unsigned *n)
{
	unsigned long v;
	const char *rest;
	unsigned b;

	if (!parse_ulong_dec(s, &v) && v < NGPIO) {
		*n = (unsigned)v;
		return 0;
	}
	if (!bank_prefix(s, &b, &rest) && !parse_ulong_dec(rest, &v) && v < 32) {
		*n = b + (unsigned)v;
		return 0;
	}
	return -EINVAL;
}

/* The pins the board drives itself (its LEDs): claimed, as U-Boot shows. */
static const char *claimed(unsigned n)
{
	const struct board_status_leds *l = status_leds;

	for (size_t i = 0; l && !l->i2c_bus && i < l->nleds; i++)
		if (l->leds[i].pin == n)
			return "led";
	return NULL;
}

static void status_line(unsigned n)
{
	uintptr_t bank = plat_gpio_bank(n);
	const char *label = claimed(n);
	char name[20];

	bank_name(n, name);
	printf("%s%u: %s: %d [%c]%s%s\n", name, n % 32,
	       omap_gpio_is_output(bank, n % 32) ? "output" : "input",
	       omap_gpio_value(bank, n % 32), label ? 'x' : ' ', label ? " " : "",
	       label ? label : "");
}

/* U-Boot's status: every bank's claimed pins (all with -a) under a
 * "Bank" line, or one bank (<bank>, as U-Boot's "gpio@49056000_"), or
 * one pin with its bank's line. */
static int gpio_status(bool all, const char *pin)
{
	unsigned n, first = 0, last = NGPIO, shown = NGPIO;
	const char *rest;
	char name[20];

	if (pin && !bank_prefix(pin, &first, &rest) && !*rest) {
		last = first + 32;
	} else if (pin) {
		if (lookup(pin, &n)) {
			pr_err("GPIO: '%s' not found\nCommand 'gpio' failed: Error %d\n", pin,
			       -EINVAL);
			return 1;
		}
		first = n;
		last = n + 1;
		all = true;
	}
	for (n = first; n < last; n++) {
		if (!all && !claimed(n))
			continue;
		if (n / 32 != shown) {
			bank_name(n, name);
			printf("%sBank %s:\n", shown < NGPIO ? "\n" : "", name);
			shown = n / 32;
		}
		status_line(n);
	}
	return 0;
}

static int do_gpio(int argc, char *const argv[])
{
	const char *sub = argc > 1 ? argv[1] : "";
	uintptr_t bank;
	unsigned n, bit;
	int v;

	if (argc < 2)
		return cmd_usage(argv);
	if (!strncmp(sub, "status", 2)) {
		bool all = argc > 2 && !strcmp(argv[2], "-a");

		if (argc > 3 + all)
			return cmd_usage(argv);
		return gpio_status(all, argc > 2 + all ? argv[2 + all] : NULL);
	}
	if (argc != 3 || !strchr("isct", sub[0]))
		return cmd_usage(argv);
	if (lookup(argv[2], &n)) {
		pr_err("GPIO: '%s' not found\nCommand 'gpio' failed: Error %d\n", argv[2],
		       -EINVAL);
		return 1;
	}
	bank = plat_gpio_bank(n);
	bit = n % 32;
	if (!bank)
		return cmd_error(argv, "GPIO %u has no bank", n);
	if (sub[0] == 'i') {
		v = omap_gpio_input(bank, bit);
	} else {
		v = sub[0] == 's' ? 1 : sub[0] == 'c' ? 0 : !omap_gpio_value(bank, bit);
		omap_gpio_output(bank, bit, v);
	}
	printf("gpio: pin %s (gpio %u) value is %d\n", argv[2], n, v);
	if (sub[0] != 'i' && omap_gpio_value(bank, bit) != v) {
		printf("   Warning: value of pin is still %d\n", !v);
		return 1;
	}
	/* as U-Boot's: input's status is the pin's level (Debian's
	 * userbutton runs `if gpio input 7`) */
	return sub[0] == 'i' ? v : 0;
}
CMD(gpio, "gpio", do_gpio, "gpio <input|set|clear|toggle> <pin> | status [-a] [<bank> | <pin>]",
    "query and control gpio pins (0..191)");

static int led_find(const char *name)
{
	const struct board_status_leds *l = status_leds;

	for (size_t i = 0; l && i < l->nleds; i++)
		if (!strcmp(l->leds[i].name, name))
			return (int)i;
	return -1;
}

static int led_show(size_t i)
{
	int v = board_led_get(i);

	if (v < 0)
		pr_err("Error %d\n", v);
	else
		printf("%s\n", v ? "on" : "off");
	return v;
}

static int do_led(int argc, char *const argv[])
{
	static const char *const states[] = { "off", "on", "toggle" };
	int i, st = 3, v;

	if (argc < 2 || argc > 3)
		return cmd_usage(argv);
	if (!strncmp(argv[1], "list", 4)) {
		for (size_t k = 0; status_leds && k < status_leds->nleds; k++) {
			printf("%-15s ", status_leds->leds[k].name);
			led_show(k);
		}
		return 0;
	}
	/* U-Boot takes a state's prefix: "t" is toggle */
	for (int k = 0; argc > 2 && k < 3; k++)
		if (!strncmp(argv[2], states[k], strlen(argv[2])) && argv[2][0])
			st = k;
	if (argc > 2 && st == 3)
		return cmd_usage(argv);
	i = led_find(argv[1]);
	if (i < 0) {
		pr_err("LED '%s' not found (err=%d)\n", argv[1], -ENODEV);
		return 1;
	}
	if (st == 3) {
		printf("LED '%s': ", argv[1]);
		return led_show((size_t)i) < 0;
	}
	v = st == 2 ? board_led_get((size_t)i) : st;
	if (v >= 0)
		v = board_led_set((size_t)i, st == 2 ? !v : v);
	if (v < 0) {
		pr_err("LED '%s' operation failed (err=%d)\n", argv[1], v);
		return 1;
	}
	return 0;
}
CMD_REP(led, "led", do_led, "led <led_label> [on|off|toggle] | list",
	"manage LEDs (Linux's labels: led list)");
