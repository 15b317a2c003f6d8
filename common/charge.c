// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The main battery before Linux (charge.h, docs/power.md). Letux's U-Boot
 * has `charge auto` in its boot.scr (goldelico/letux-uboot
 * board/goldelico/letux-gta04/commands.c); gtaboot also holds the boot
 * of a drained battery until the charger has lifted it, so that the
 * board does not brown out under Linux's load and start again for ever.
 */
#include "common/charge.h"

#include "arch/arm/platform.h"
#include "board/board.h"
#include "common/console.h"
#include "common/display.h"
#include "common/environment.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/touch.h"
#include "drivers/power/twl4030_bci.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/power/charge.h"
#include "lib/printf.h"
#include "lib/string.h"

/* Defaults (docs/power.md): Letux's and the owners' 3.5 V; Linux's
 * 500 mA for USB with allow_usb and for AC (ac_cur). */
#define BOOT_MV		3500
#define CHARGE_MA	500
#define STATUS_S	10u          /* a status line this often */
#define STEP_MS		250u         /* asleep between looks at the keys */
#define TOUCH_MS	50u          /* the same while the screen is lit (a tap) */
/* Linux's twl4030_current_worker() backs off below 4.75 V; the charger
 * stops under about 4.4 V (issue #36): step down at 4.5 V. */
#define VBUS_LOW_MV	4500
#define NO_CHARGE_S	120u         /* the charger off this long: give up */
/* The charging screen of a drained cell: the charger held this long with
 * this much net current (ICHG, the MPU awake) first. */
#define SCREEN_S	5u
/* The cell's internal resistance for the level's I x R (docs/power.md):
 * the estimate the simulator's model uses too. */
#define CELL_MOHM	200
#define SCREEN_MA	100

static bool usb_set;

static struct twl4030 *pmic(void)
{
	struct twl4030 *t = storage_twl();

	if (!t)
		pr_err("error: charge: the TWL4030 is not available\n");
	return t;
}

static bool var_no(const char *name)
{
	const char *v = var_get(name);

	return v && (!strcmp(v, "no") || !strcmp(v, "off") || !strcmp(v, "0"));
}

const char *charge_cmdline(void)
{
	return usb_set && !var_no("charge_allow_usb") ? "twl4030_charger.allow_usb=1" : NULL;
}

/* Fast charging from what is there: AC before USB, as Letux chooses. */
static int start(struct twl4030 *t, const struct bci_sources *s, bool usb_anyway, unsigned ma)
{
	int err;

	if (s->ac) {
		err = bci_charge_ac(t, ma);
		printf("charge: AC charger, charging at %u mA\n", ma);
	} else if (s->vbus || usb_anyway) {
		err = bci_charge_usb(t, ma);
		/* Linux's allow_usb only for a port that is there now */
		usb_set = !err && s->vbus;
		printf("charge: USB%s, charging at %u mA\n", s->vbus ? "" : " (no VBUS now)", ma);
	} else {
		return 0;
	}
	if (err)
		pr_err("error: charge: the charger did not take its settings (%s)\n", errname(err));
	return err;
}

int charge_auto(void)
{
	struct twl4030 *t = pmic();
	struct bci_sources s;
	int err;

	if (!t)
		return -ENODEV;
	err = bci_sources(t, &s);
	if (!err && !s.battery)
		printf("charge: no battery\n");
	/* Letux enables USB charging with or without VBUS, so that it
	 * starts when a cable comes. */
	if (!err && s.battery)
		err = start(t, &s, true, (unsigned)var_num("charge_ma", CHARGE_MA));
	return err ? err : charge_status();
}

int charge_continuous(void)
{
	struct twl4030 *t = pmic();
	int err = t ? bci_charge_linear(t) : -ENODEV;

	if (!err)
		printf("charge: continuous (linear) charging on the USB path\n");
	return err;
}

int charge_off(void)
{
	struct twl4030 *t = pmic();
	int err = t ? bci_charge_off(t) : -ENODEV;

	if (!err) {
		usb_set = false;
		printf("charge: off\n");
	}
	return err;
}

/* One line of what the charger does now; -errno of the first failure. */
static int status_line(struct twl4030 *t, const char *pre, unsigned *vbat, int *ma,
		       unsigned *vbus)
{
	int err = twl4030_battery_mv(t, vbat);

	if (!err)
		err = bci_ichg_ma(t, ma);
	if (!err)
		err = bci_vbus_mv(t, vbus);
	if (!err)
		printf("%sbattery %u mV, %d mA, VBUS %u mV", pre, *vbat, *ma, *vbus);
	return err;
}

int charge_status(void)
{
	static const char *const mode[4] = { "off", "automatic AC", "automatic USB",
					     "automatic AC and USB" };
	struct twl4030 *t = pmic();
	struct bci_sources s;
	unsigned vbat, vbus, vac, bb;
	int ma, err;

	if (!t)
		return -ENODEV;
	err = bci_sources(t, &s);
	if (!err)
		err = status_line(t, "charge: ", &vbat, &ma, &vbus);
	if (!err)
		err = bci_vac_mv(t, &vac);
	if (!err)
		err = bci_boot_bci(t, &bb);
	if (err) {
		pr_err("\nerror: charge: TWL4030 access failed (%s)\n", errname(err));
		return err;
	}
	printf(", AC %u mV\ncharge: battery %s, USB %s, AC charger %s; charging %s\n", vac,
	       s.battery ? "present" : "absent", s.vbus ? "present" : "absent",
	       s.ac ? "present" : "absent", mode[bb & 3]);
	return 0;
}

/* The power button as the TWL4030 sees it now. */
static bool power_button(struct twl4030 *t)
{
	uint8_t hw;

	return !twl4030_hw_conditions(t, &hw) && (hw & TWL4030_HW_PWON);
}

static void power_off(struct twl4030 *t, const char *why, unsigned mv)
{
	printf("charge: %s (battery %u mV): powering off\n", why, mv);
	console_flush();
	twl4030_power_off(t);
}

/*
 * Below the threshold with a charger (or started by it: plug): charge
 * asleep (WFI between looks) until VBAT reaches boot_mv (not after a
 * plug-in), a key, the power button or a new touch on the lit charging
 * screen asks to boot now, or the charger goes away (power-off). The
 * charging screen: at once for a cell at or above the threshold at the
 * start (strong); for a drained one only once the charger has held for
 * SCREEN_S with ICHG (read with the MPU awake) over SCREEN_MA, so that
 * the screen's ~50 mA still leave the cell gaining; dark again when the
 * charger stops, VBUS runs low or the cell loses (docs/power.md).
 */
static void hold(struct twl4030 *t, unsigned boot_mv, bool plug, bool strong)
{
	unsigned ma = (unsigned)var_num("charge_ma", CHARGE_MA);
	uint64_t t0 = timer_us(), last_on = t0, next = t0;
	bool pressed = power_button(t), say = true;
	/* The touch screen (board.h touch_screen), read while the charging
	 * screen is lit; touched until seen untouched, so that a finger
	 * already on the panel does not boot. */
	bool touch = touch_screen && !touch_init(), touched = true;
	uint16_t x, y;
	unsigned steady = 0;    /* secs when the charger last did not hold */
	int screen = 0;         /* 1 on, -1 not to be had (video=off) */
	struct bci_sources s;
	unsigned vbat, vbus, state;
	int ichg;

	for (;;) {
		uint64_t now = timer_us();
		unsigned secs = (unsigned)((now - t0) / 1000000u);
		bool low, unsteady;

		if (bci_sources(t, &s) || twl4030_battery_mv(t, &vbat) || bci_state(t, &state) ||
		    bci_ichg_ma(t, &ichg) || bci_vbus_mv(t, &vbus)) {
			printf("charge: readings failed: booting\n");
			return;
		}
		if (!s.ac && !s.vbus)
			power_off(t, "the charger went away", vbat);
		if (!plug && vbat >= boot_mv) {
			printf("charge: %u mV after %u:%02u: booting\n", vbat, secs / 60, secs % 60);
			return;
		}
		low = !(state & BCI_STATE_MASK) || (!s.ac && vbus < VBUS_LOW_MV);
		unsteady = !strong && (low || ichg < (screen > 0 ? 0 : SCREEN_MA));
		if (unsteady)
			steady = secs;
		if (unsteady && screen > 0) {
			display_stop();
			screen = 0;
			printf("charge: ICHG %d mA, VBUS %u mV: screen off\n", ichg, vbus);
		}
		if (!screen && (strong || secs - steady >= SCREEN_S)) {
			screen = display_start() ? 1 : -1;
			say |= screen > 0;
			display_charging(true);
			next = now;
		}
		if (say) {
			if (plug)
				printf("charge: powered on by the charger: charging");
			else
				printf("charge: below %u mV: charging before the boot", boot_mv);
			printf("; a key or the power button boots now%s\n",
			       touch && screen > 0 ? ", as does a touch" : "");
			say = false;
		}
		if (now >= next) {
			printf("charge: %u:%02u battery ~%u%%, %u mV, charging at %u mA (ICHG %d mA), "
			       "VBUS %u mV\n", secs / 60, secs % 60, battery_pct(vbat, ichg, CELL_MOHM),
			       vbat, ma, ichg, vbus);
			next = now + STATUS_S * 1000000u;
		}
		/* The charger stops when VBUS falls under about 4.4 V
		 * (issue #36) and the state machine goes back to off: start it
		 * again with less, as Linux's current worker backs off, and
		 * step down before that while VBUS runs low. */
		if (state & BCI_STATE_MASK)
			last_on = now;
		else if (now - last_on > NO_CHARGE_S * 1000000ull)
			power_off(t, "the charger does not charge", vbat);
		if (low && ma > 100) {
			ma -= state & BCI_STATE_MASK ? 50 : 100;
			printf("charge: VBUS %u mV, charger %s: again at %u mA\n", vbus,
			       state & BCI_STATE_MASK ? "on" : "stopped", ma);
			start(t, &s, false, ma);
		}
		for (unsigned i = 0, ms = touch && screen > 0 ? TOUCH_MS : STEP_MS; i < 1000 / ms;
		     i++) {
			bool on;

			plat_idle_ms(ms);
			if (console_getc() >= 0) {
				printf("charge: key: booting\n");
				return;
			}
			if (power_button(t) && !pressed) {
				printf("charge: power button: booting\n");
				return;
			}
			pressed = power_button(t);
			if (!touch || screen <= 0) {
				touched = true;
				continue;
			}
			on = touch_get(&x, &y) == 1;
			if (on && !touched) {
				printf("charge: touch: booting\n");
				return;
			}
			touched = on;
		}
	}
}

void charge_boot_policy(void)
{
	const char *p = var_get("charge_policy");
	unsigned boot_mv = (unsigned)var_num("charge_boot_mv", BOOT_MV);
	struct charge_state st = { 0 };
	struct bci_sources s;
	struct twl4030 *t;
	uint8_t hw;
	bool plug;
	int err;

	if (p ? strcmp(p, "on") : !board_env.main_battery)
		return;
	t = pmic();
	if (!t || bci_sources(t, &s) || twl4030_hw_conditions(t, &hw))
		return;
	st.battery = s.battery;
	st.charger = s.ac || s.vbus;
	if (st.battery)
		start(t, &s, false, (unsigned)var_num("charge_ma", CHARGE_MA));
	err = twl4030_battery_mv(t, &st.mv);
	st.mv_known = !err;
	if (err && st.battery)
		printf("charge: battery voltage unknown (%s): booting\n", errname(err));
	/* Started by a charger, not the button (docs/power.md): no
	 * register for the start event is known; U-Boot's
	 * board/lg/sniper/sniper.c takes STS_HW_CONDITIONS's levels as the
	 * power-on reasons. Here the button not held now while a charger
	 * is there counts as a plug-in. Not
	 * after a ROM boot over USB: someone at a PC un-bricks the board. */
	p = var_get("charge_on_plug");
	plug = st.battery && st.charger && !(hw & TWL4030_HW_PWON) && !(p && !strcmp(p, "boot")) &&
	       sys.boot_media != BOOT_MEDIA_USB;
	switch (charge_decide(&st, plug ? ~0u : boot_mv)) {
	case CHARGE_BOOT:
		return;
	case CHARGE_WAIT:
		/* The charging screen: the console's lines, the status every
		 * 10 s among them, on the panel at a low backlight. */
		hold(t, boot_mv, plug, st.mv >= boot_mv);
		display_charging(false);
		return;
	case CHARGE_OFF_LOW:
		power_off(t, "battery too low to boot and no charger", st.mv);
		return;
	case CHARGE_OFF_NOTHING:
		power_off(t, "no battery and no charger", 0);
		return;
	}
}
