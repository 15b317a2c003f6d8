// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The board commands of Letux's U-Boot that its GTA04 boot script
 * (docs/references.md, "Letux board commands") calls and whose
 * results decide its path: status (LEDs and buttons), lcm (panel), tsc
 * (touch screen), charge (common/charge.c) and onenand (unzip is commands/image.c). The LEDs are the board's
 * (board.h status_leds: the GTA04's TCA6507 on I2C2, datasheet SCPS164C;
 * the Beagle's USR0/USR1 GPIOs, TRM chapter 24); the buttons are AUX/USER
 * (board.h button_held) and the TWL4030's power button (STS_HW_CONDITIONS,
 * TPS65950 TRM "Power Management"). lcm works on gtaboot's own screen
 * (common/display.c); tsc on the touch screen (board.h touch_screen: the
 * GTA04's TSC2007 on I2C2, common/touch.c) with Letux's cell
 * numbering (board/goldelico/letux-gta04/commands.c do_tsc_choose()).
 * What gtaboot does not do is refused with a message naming why, so that
 * the script takes its other branch (docs/letux.md).
 */
#include "arch/arm/platform.h"
#include "board/board.h"
#include "common/autoboot.h"
#include "common/charge.h"
#include "common/display.h"
#include "common/memcheck.h"
#include "common/cli.h"
#include "common/console.h"
#include "common/sysinfo.h"
#include "common/storage.h"
#include "drivers/leds/tca6507.h"
#include "drivers/gpio/omap_gpio.h"
#include "common/leds.h"
#include "common/touch.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

/* Letux's button bits ("Letux board commands"): AUX 0, power 3. Its
 * GTA04-only inputs (external GPS antenna 1, pen 4, key IRQ 5) are not
 * read: nothing in its boot script asks for them. */
#define BTN_AUX		0x01
#define BTN_POWER	0x08

/* Letux's status blink and mirror run until a key or a touch; here they
 * are bounded, since a script waiting for a human must not hang a board
 * nobody watches. */
#define LOOP_MS		10000u
#define STEP_MS		100u
#define POLL_MS		10u

/* Letux's commands take any unambiguous start of a subcommand's name
 * (it compares two letters): "se" and "set" alike. */
static bool sub_is(const char *arg, const char *name)
{
	size_t n = strlen(arg);

	return n >= 2 && !strncmp(arg, name, n);
}

/* The index of the subcommand arg starts in names[n], or -1. */
static int sub_index(const char *arg, const char *const names[], int n)
{
	while (--n >= 0 && !sub_is(arg, names[n]))
		;
	return n;
}

static int unknown_sub(char *const argv[])
{
	return cmd_error(argv, "unknown subcommand '%s'", argv[1]);
}

static int not_supported(char *const argv[])
{
	pr_err("error: %s: %s: not supported by gtaboot\n", argv[0], argv[1]);
	return -ENOTSUP;
}

/* ---- status: LEDs and buttons ---- */

static struct {
	bool ready;
	struct omap_i2c bus;
	struct tca6507_config tca;
	unsigned value;               /* the pattern status set last showed */
} st;

static int leds_init(void)
{
	const struct board_status_leds *l = status_leds;
	uint32_t states;
	int err;

	if (st.ready)
		return 0;
	if (!l) {
		pr_err("error: status: %s has no status LEDs\n", board.name);
		return -ENODEV;
	}
	plat_pads_apply(l->pads, l->npads);
	if (l->i2c_bus) {
		err = plat_i2c_init(l->i2c_bus, &st.bus, 400000);
		if (err) {
			pr_err("error: status: i2c%u did not come up (%s)\n", l->i2c_bus,
			       errname(err));
			return err;
		}
		st.tca = (struct tca6507_config){ .bus = &st.bus, .addr = l->i2c_addr };
		err = tca6507_read(&st.tca, &states);
		if (err) {
			pr_err("error: status: TCA6507 on i2c%u 0x%02x: %s\n", l->i2c_bus,
			       l->i2c_addr, err == -ENXIO ? "no acknowledge" : errname(err));
			return err;
		}
	}
	st.ready = true;
	return 0;
}

static int leds_show(unsigned value)
{
	const struct board_status_leds *l = status_leds;
	uint8_t mask = 0, on = 0;
	int err = leds_init();

	for (size_t i = 0; !err && i < l->nleds; i++) {
		bool lit = value & l->leds[i].bits;

		if (l->i2c_bus) {
			mask |= (uint8_t)(1u << l->leds[i].pin);
			on |= lit ? (uint8_t)(1u << l->leds[i].pin) : 0;
		} else {
			err = plat_gpio_output(l->leds[i].pin, lit);
		}
	}
	if (!err && l->i2c_bus)
		err = tca6507_set(&st.tca, mask, on);
	if (err && err != -ENODEV && st.ready)
		pr_err("error: status: LEDs not set (%s)\n",
		       err == -ENXIO ? "no acknowledge" : errname(err));
	return err;
}

int board_led_get(size_t i)
{
	const struct board_led *led = &status_leds->leds[i];
	uint32_t states;
	uintptr_t bank;
	int err = leds_init();

	if (err)
		return err;
	if (status_leds->i2c_bus) {
		err = tca6507_read(&st.tca, &states);
		return err ? err : (states >> (4 * led->pin) & 7) != 0;
	}
	bank = plat_gpio_bank(led->pin);
	return bank ? omap_gpio_value(bank, led->pin % 32) : -ENODEV;
}

int board_led_set(size_t i, bool on)
{
	const struct board_led *led = &status_leds->leds[i];
	uint8_t bit = (uint8_t)(1u << led->pin);
	int err = leds_init();

	if (err)
		return err;
	if (status_leds->i2c_bus)
		return tca6507_set(&st.tca, bit, on ? bit : 0);
	return plat_gpio_output(led->pin, on);
}

static unsigned buttons(void)
{
	struct twl4030 *t = storage_twl();
	unsigned v = sys_button_held() ? BTN_AUX : 0;
	uint8_t sts;

	if (t && !twl4030_hw_conditions(t, &sts) && (sts & TWL4030_HW_PWON))
		v |= BTN_POWER;
	return v;
}

/* Blink (a counter through the LEDs, as Letux does) or mirror the
 * buttons, every 100 ms for at most 10 s; a key ends both (and is
 * consumed), a button newly pressed ends blink. The pattern status set
 * showed comes back afterwards. */
static int leds_loop(bool mirror)
{
	unsigned held = buttons(), v = 0;
	uint64_t end = timer_us() + LOOP_MS * 1000ull;
	bool stop = false;
	int err = 0;

	printf("status: %s for %u s (%s stops)\n",
	       mirror ? "AUX and power mirrored to the LEDs" : "blinking the LEDs",
	       LOOP_MS / 1000, mirror ? "a key" : "a key, AUX or the power button");
	while (!err && !stop && timer_us() < end) {
		err = leds_show(mirror ? held : v++);
		/* The buttons are looked at every POLL_MS of the step, not once
		 * per step: a short press between two steps would be missed. */
		for (unsigned t = 0; !err && !stop && t < STEP_MS; t += POLL_MS) {
			unsigned b = buttons(), was = held;

			held = b;
			stop = console_getc_timeout(POLL_MS) >= 0 || (!mirror && (b & ~was));
			if (mirror && b != was)
				break;     /* show the change at once */
		}
	}
	return err ? err : leds_show(st.value);
}

static int do_status(int argc, char *const argv[])
{
	const char *sub = argc > 1 ? argv[1] : "";
	unsigned long v;
	unsigned b;
	int err;

	if (argc < 2 || argc > 3)
		return cmd_usage(argv);
	if (sub_is(sub, "init") && argc == 2) {
		err = leds_init();
		if (!err && status_leds->i2c_bus)
			printf("status: LEDs on a TCA6507, i2c%u 0x%02x\n",
			       status_leds->i2c_bus, status_leds->i2c_addr);
		else if (!err)
			printf("status: LEDs on GPIOs\n");
		return err;
	}
	if (sub_is(sub, "set")) {
		if (argc == 3 && arg_hex(argv, 2, "value", 0xFF, &v))
			return -EINVAL;
		/* without a value Letux counts on from the last one */
		v = argc == 3 ? v : (st.value + 1) & 0xFF;
		err = leds_show((unsigned)v);
		if (!err)
			st.value = (unsigned)v;
		return err;
	}
	if (sub_is(sub, "check")) {
		/* A condition: true while a button of the (hex) mask is held. */
		if (argc != 3 || arg_hex(argv, 2, "mask", 0xFF, &v))
			return argc != 3 ? cmd_usage(argv) : -EINVAL;
		return buttons() & v ? 0 : 1;
	}
	if (sub_is(sub, "get") && argc == 2) {
		b = buttons();
		printf("button status: %02x\nAUX: %s Power: %s\n", b, b & BTN_AUX ? "on" : "off",
		       b & BTN_POWER ? "on" : "off");
		return 0;
	}
	if ((sub_is(sub, "blink") || sub_is(sub, "mirror")) && argc == 2) {
		err = leds_init();
		return err ? err : leds_loop(sub[0] == 'm');
	}
	if (sub_is(sub, "flash") || sub_is(sub, "vibra"))
		return not_supported(argv);
	return unknown_sub(argv);
}
CMD(status, "status", do_status,
    "status init | set [hex] | check <hex mask> | get | blink | mirror",
    "Letux's LEDs and buttons: set the LED pattern, test AUX (1) / power (8)");

/* ---- lcm: the panel ---- */

/* gtaboot owns the panel (common/display.c: console, progress, menu, the
 * simple-framebuffer Linux gets): lcm start shows gtaboot's frame
 * lit (starting the screen if the boot did not), color shows a colour
 * alone as Letux's does, fb another frame in free SDRAM (0: the colour),
 * backlight 0..255, power 0 and off blank it. The hand-off shows
 * gtaboot's frame again. */
static uint32_t lcm_colour;

enum { L_START, L_OFF, L_COLOR, L_FB, L_BACKLIGHT, L_POWER };

static int do_lcm(int argc, char *const argv[])
{
	static const char *const subs[] = {
		"start", "off", "color", "fb", "backlight", "power",
	};
	const struct board_display *d = board.display;
	int i = argc > 1 ? sub_index(argv[1], subs, 6) : 0;
	unsigned long v = 0;

	if (argc < 2 || argc > 3 || (i >= L_COLOR) != (argc == 3))
		return cmd_usage(argv);
	if (i < 0)
		return unknown_sub(argv);
	if (!d) {
		pr_err("error: lcm: %s has no panel\n", board.name);
		return -ENODEV;
	}
	if (i >= L_BACKLIGHT ? arg_dec(argv, 2, "level", i == L_POWER ? 2 : 255, &v) :
	    i >= L_COLOR ? arg_hex(argv, 2, "value", i == L_FB ? ~0ul : 0xFFFFFF, &v) : 0)
		return -EINVAL;
	/* start starts the screen if the boot did not (video=off: it
	 * fails), the rest need it on */
	if (i < L_OFF ? !display_start() : !display_active()) {
		pr_err("error: lcm: the screen is off\n");
		return -EIO;
	}
	switch (i) {
	case L_COLOR:
		lcm_colour = (uint32_t)v;
		display_show(0, lcm_colour);
		return 0;
	case L_FB:
		if (v && mem_check_free("lcm fb", (uint32_t)v,
					(uint32_t)d->mode.width * d->mode.height * 2))
			return -EINVAL;
		display_show((uint32_t)v, lcm_colour);
		return 0;
	case L_POWER:
		v = v ? 255 : 0;
		break;
	case L_OFF:
	case L_BACKLIGHT:
		break;
	default:
		display_show(sys.fb_start, 0);
		v = 255;
	}
	if (!v)
		display_show(0, 0);
	display_backlight((unsigned)v);
	return 0;
}
CMD(lcm, "lcm", do_lcm, "lcm start | off | color <rgb> | fb <addr> | backlight <n> | power <n>",
    "Letux's panel commands");

/* ---- tsc: the touch screen ---- */

/* Letux's tsc choose waits for a touch for ever; here a key, AUX or the
 * power button ends it, and so does this bound. */
#define CHOOSE_MS	30000u

/* tsc choose's cell, 0: none */
static unsigned long choice;

/* Letux's choice (commands.c do_tsc_choose()): the plates' 0..4095 over
 * the whole panel, y from the bottom; cells counted from 1, top left,
 * row by row. */
static int tsc_choose(char *const argv[])
{
	unsigned long cols, rows;
	unsigned held = buttons(), b, hits = 0;
	uint64_t end = timer_us() + CHOOSE_MS * 1000ull;
	uint16_t x, y;
	int err;

	choice = 0;
	if (arg_dec(argv, 2, "columns", 16, &cols) || arg_dec(argv, 3, "rows", 16, &rows))
		return -EINVAL;
	if (!cols || !rows)
		return cmd_error(argv, "no cells");
	err = touch_init();
	if (!err) {
		printf("Choosing by waiting for touch.\n");
		for (unsigned i = 1; i <= cols * rows; i++)
			printf("%u%c", i, i % cols ? ' ' : '\n');
		printf("Press touch or any key to stop\n\n");
	}
	touch_claim(true);
	while (!err && timer_us() < end) {
		err = touch_read(&x, &y);
		/* Letux's debounce: touched in two samples 10 ms apart */
		hits = err == 1 ? hits + 1 : 0;
		if (hits == 1)
			err = 0;
		b = buttons();
		if (err || console_getc_timeout(10) >= 0 || (b & ~held))
			break;
		held = b;
	}
	touch_claim(false);
	if (err == 1) {
		x = (uint16_t)(x * cols / 4096);
		y = (uint16_t)((4095u - y) * rows / 4096);
		choice = 1 + x + y * cols;
		printf("did choose %u/%u -> %lu\n", x, y, choice);
		return 0;
	}
	/* Nothing chosen: Letux's script would only come back to this menu
	 * (its while true), so the script ends here and the boot goes on as
	 * after any failed bootcmd: the prompt, the menu on the screen. */
	printf("tsc: %s: the script stops\n", err ? "no touch screen" :
	       timer_us() < end ? "stopped" : "timeout");
	cli_stop_scripts();
	return 1;
}

static int do_tsc(int argc, char *const argv[])
{
	const char *sub = argc > 1 ? argv[1] : "";
	unsigned long n;

	if (argc < 2 || argc > 4)
		return cmd_usage(argv);
	if (sub_is(sub, "selection")) {
		/* A condition, silent: was cell n the last tsc choose's (0:
		 * none was, as Letux's)? */
		if (argc != 3)
			return cmd_usage(argv);
		return arg_dec(argv, 2, "selection", ~0ul, &n) ? -EINVAL : n != choice;
	}
	if (sub_is(sub, "choose"))
		return argc == 4 ? tsc_choose(argv) : cmd_usage(argv);
	if (argc != 2)
		return cmd_usage(argv);
	if (sub_is(sub, "init"))
		return touch_init();
	/* Letux's read-outs of the raw values (its loop too: unknown here) */
	if (sub_is(sub, "get") || sub_is(sub, "gloop"))
		return not_supported(argv);
	return unknown_sub(argv);
}
CMD(tsc, "tsc", do_tsc, "tsc init | choose <cols> <rows> | selection <n>",
    "Letux's touch screen");

/* ---- charge, onenand ---- */

/* Letux's three forms (commands.c do_charge()); with none, the status
 * where Letux only says that the subcommand is missing. */
static int do_charge(int argc, char *const argv[])
{
	if (argc > 2)
		return cmd_usage(argv);
	if (argc == 1)
		return charge_status();
	if (sub_is(argv[1], "auto"))
		return charge_auto();
	if (sub_is(argv[1], "off"))
		return charge_off();
	if (sub_is(argv[1], "continuous"))
		return charge_continuous();
	return unknown_sub(argv);
}
CMD(charge, "charge", do_charge, "charge [auto | off | continuous]",
    "main-battery charging: automatic (AC or USB, fast), off, linear; no argument: status");

static int do_onenand(int argc, char *const argv[])
{
	pr_err("error: onenand: gtaboot has no OneNAND driver\n");
	return -ENOTSUP;
}
CMD(onenand, "onenand", do_onenand, "onenand read|write|erase ...",
    "OneNAND (GTA04 A5 and later): not supported");

