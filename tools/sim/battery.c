// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the GTA04's main battery, its charger sources, the TWL4030's
 * battery charger interface (BCI) and its under-voltage lock-out.
 *
 * The cell (the Freerunner's FIC HF08x, 1200 mAh 1S Li-ion): state of charge
 * integrated over virtual time from the current into it; terminal voltage
 * = OCV(soc) + I * R (I > 0 charging). The board's draw is estimated from
 * what the simulator knows: the MPU clock (s->mpu_hz), WFI, the backlight
 * (gpio_57 or GPT11's PWM), the panel, the SD card's supply and transfers. Figures and their sources: README.md,
 * "Battery model"; every estimate is marked as one here too.
 *
 * The charger, from the TPS65950 TRM (SWCU050) chapter "Battery Charger
 * Interface" with the register offsets and key values Linux's
 * drivers/power/supply/twl4030_charger.c and goldelico/letux-uboot
 * board/goldelico/letux-gta04/twl4030-additions.c use (MAIN_CHARGE module
 * at 0x4A:0x74, PRECHARGE at 0x4A:0xAA, BOOT_BCI in PM_MASTER 0x4B:0x3D):
 *  - with a source (VBUS or VAC) and the cell's OCV below 3.2 V, the
 *    hardware precharges at 80 mA whatever software does;
 *  - BOOT_BCI.BCIAUTOAC with VAC: main charging at the BCIIREF current;
 *  - BOOT_BCI.BCIAUTOUSB (or BCIMDKEY 0x26, "linear charge, USB path")
 *    with VBUS: 100 mA, or the BCIIREF current once BCIMFSTS4.USBFASTMCHG
 *    is set with the USB PHY powered (Letux: ULPI set-up, then
 *    USBFASTMCHG); AC wins over USB;
 *  - the source's limit caps the current (USB 100/500 mA, AC 1000 mA),
 *    the constant-voltage phase holds the cell at 4.2 V, and USB charging
 *    stops while VBUS under load sags below 4.4 V (--vbus-sag-mv, from
 *    a given time on);
 *  - BCIMFKEY unlocks one write: 0xE7 for BCIIREF1/2 and BCIMFTH9, 0xF4 for
 *    BCIMFTH8, 0x9C for BCIMFEN3 (Linux's values); a write without the key
 *    is ignored with a warning.
 * UVLO: the board browns out when VBAT under load falls below 2.7 V; off,
 * a source's start-on event starts it again once VBAT reaches 3.2 V.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/battery.h"
#include "tools/sim/models.h"
#include "tools/sim/sdcard.h"

/* 0x4A: MAIN_CHARGE (+0x74) and PRECHARGE (+0xAA) registers */
#define BCI_FIRST   0x74
#define BCI_LAST    0xB8
#define BCIMDEN     0x74
#define BCIMDKEY    0x75
#define BCIMSTATEC  0x76
#define BCIVBAT     0x78    /* 10-bit results: LSB, then bits 9:8 */
#define BCITBAT     0x7A
#define BCIICHG     0x7C
#define BCIVAC      0x7E
#define BCIVBUS     0x80
#define BCIMFSTS2   0x82
#define BCIMFSTS3   0x83
#define BCIMFSTS4   0x84
#define BCIMFKEY    0x85
#define BCIMFEN3    0x88
#define BCIMFTH8    0x91
#define BCIMFTH9    0x92
#define BCIWDKEY    0x95
#define BCICTL1     0x97
#define BCICTL2     0x98
#define BCIIREF1    0x9B
#define BCIIREF2    0x9C
#define BCIMFSTS1   0xAB    /* PRECHARGE + 0x01 */
/* 0x4B: PM_MASTER + 0x07 */
#define BOOT_BCI    0x3D

#define BCIAUTOAC   BIT(0)  /* BOOT_BCI */
#define BCIAUTOUSB  BIT(1)
#define USBFASTMCHG BIT(2)  /* BCIMFSTS4 */
#define BATSTSMCHG  BIT(6)  /* BCIMFSTS3 */
#define BATSTSPCHG  BIT(2)  /* BCIMFSTS1 */
#define MESBAT      BIT(1)  /* BCICTL1 */
#define ITHEN       BIT(3)
#define TYPEN       BIT(4)
#define CGAIN       BIT(5)
#define MSTATEC_USB BIT(4)
#define MSTATEC_AC  BIT(5)

/* Sources' limits (mA): USB per --charger-src; an AC adapter: 1 A
 * (estimate: the GTA04's wall charger is a 5 V 1 A type). */
#define AC_LIMIT_MA 1000
#define USB_SLOW_MA 100     /* USB main charge before USBFASTMCHG */

/* Board draw (mA, from the battery at ~3.7 V); README.md, "Battery model",
 * gives each source. Goldelico's GTA04 Power-Management page: ~75 mA idle
 * with the screen off, ~200 mA with it on; H. N. Schaller (gta04-owner,
 * 2011-05-20): the SoC 90-450 mA by clock, the backlight's step-up 23 mA
 * at 13.5 V (310 mW: 93 mA from 3.7 V at 90 %). The split is estimated,
 * so that a bootloader at 600 MHz with the screen on draws about 400 mA
 * (issue #36). */
#define LOAD_BASE_MA       60    /* PMIC, SDRAM, oscillators, idle peripherals */
#define LOAD_CPU_MA_PER_MHZ 0.33 /* MPU + core domain running: ~200 mA at 600 MHz */
#define LOAD_WFI_MA        10    /* MPU in WFI: with base and SD, the 75 mA idle */
#define LOAD_BACKLIGHT_MA  93    /* LED backlight at full (Schaller's 310 mW) */
#define LOAD_PANEL_MA      32    /* panel and DSS scan-out: the rest of ~200 mA */
#define LOAD_SD_MA         5     /* SD card powered, idle */
#define LOAD_SD_ACTIVE_MA  60    /* SD card reading or writing */

#define MAX_LOG 512
#define MAX_BROWN 64
#define PS_PER_H (3600 * PS_PER_S)

enum { ST_NONE, ST_PRE, ST_FAST, ST_CV, ST_DONE, ST_VBUS_LOW };
static const char *const state_name[] = {
	"off", "precharge", "fast", "constant-voltage", "complete", "vbus-low",
};
/* BCIMSTATEC's low nibble per state: Linux reads 0x02-0x07 as charging
 * (QUICK1..7) and 0x0B-0x0E as complete; 0x01 for precharge is the
 * model's (not read by Linux as charging). */
static const uint8_t state_code[] = { 0x00, 0x01, 0x02, 0x07, 0x0B, 0x00 };

struct flow {
	double chg_ma, load_ma, cell_ma;
	unsigned vbus_mv, vac_mv;
	int state;
	bool usb_path, ac_path;
};

struct sample { uint64_t ps; int mv, ma; unsigned soc; };

struct battery {
	bool present;
	const struct sim_config *cfg;   /* the sources: --vbus, --charger (live) */
	double cap_mah, r_ohm;
	unsigned usb_limit, sag_mv;
	uint64_t unplug_ps, sag_ps;
	const char *src_name;

	double soc;                 /* 0..1 */
	uint64_t last_ps, wfi_ps, sd_transfers;
	bool on;
	struct flow f;
	unsigned restarts;

	uint8_t reg[BCI_LAST - BCI_FIRST + 1];
	uint8_t boot_bci, mfkey;
	bool linear_usb, warn_key;

	struct sample log[MAX_LOG];
	unsigned nlog;
	uint64_t log_every, next_log;
	struct { struct sample at; uint64_t restart_ps; } brown[MAX_BROWN];
	unsigned nbrown;
};

/* OCV against state of charge (0.01 %) of a 1S LiCoO2 cell at rest, room
 * temperature: a generic curve (estimate: the shape of published 1S Li-ion
 * OCV tables, 4.20 V full, the datasheets' 3.0 V discharge cut-off near
 * empty, then the steep knee down to 2.5 V, where a pack's protection
 * circuit disconnects the cell: "0 %" here is that point). */
static const struct { unsigned soc, mv; } ocv_tab[] = {
	{ 0, 2500 }, { 20, 2750 }, { 50, 3000 }, { 100, 3200 }, { 200, 3350 }, { 300, 3450 },
	{ 500, 3550 }, { 1000, 3650 }, { 1500, 3690 }, { 2000, 3720 },
	{ 3000, 3770 }, { 4000, 3800 }, { 5000, 3840 }, { 6000, 3880 },
	{ 7000, 3950 }, { 8000, 4020 }, { 9000, 4100 }, { 10000, 4200 },
};
#define NOCV ARRAY_SIZE(ocv_tab)

static double ocv_of(double soc)
{
	double c = soc * 10000;

	if (c <= 0)
		return ocv_tab[0].mv;
	for (unsigned i = 1; i < NOCV; i++)
		if (c <= ocv_tab[i].soc)
			return ocv_tab[i - 1].mv + (c - ocv_tab[i - 1].soc) *
			       (double)(ocv_tab[i].mv - ocv_tab[i - 1].mv) /
			       (ocv_tab[i].soc - ocv_tab[i - 1].soc);
	return ocv_tab[NOCV - 1].mv;
}

static double soc_of(unsigned mv)
{
	if (mv <= ocv_tab[0].mv)
		return 0;
	for (unsigned i = 1; i < NOCV; i++)
		if (mv <= ocv_tab[i].mv)
			return (ocv_tab[i - 1].soc + (mv - ocv_tab[i - 1].mv) *
				(double)(ocv_tab[i].soc - ocv_tab[i - 1].soc) /
				(ocv_tab[i].mv - ocv_tab[i - 1].mv)) / 10000;
	return 1;
}

unsigned battery_ocv_mv(unsigned soc_centi)
{
	return (unsigned)(ocv_of(soc_centi / 10000.0) + 0.5);
}

struct battery *battery_new(const struct sim_config *c)
{
	struct battery *b = calloc(1, sizeof(*b));

	if (!b)
		abort();
	b->present = !c->no_battery;
	b->cap_mah = c->battery_mah ? c->battery_mah : 1200;
	b->r_ohm = (c->battery_mohm ? c->battery_mohm : 200) / 1000.0;
	b->soc = c->battery_soc_set ? c->battery_soc_centi / 10000.0 :
		 soc_of(c->battery_mv ? c->battery_mv : 3800);
	b->cfg = c;
	b->usb_limit = c->usb_limit_ma ? c->usb_limit_ma : 500;
	b->sag_mv = c->vbus_sag_mv;
	b->sag_ps = c->vbus_sag_ps;
	b->unplug_ps = c->unplug_ps ? c->unplug_ps : UINT64_MAX;
	b->log_every = 100 * PS_PER_MS;
	b->on = true;
	return b;
}

static void regs_reset(struct battery *b)
{
	memset(b->reg, 0, sizeof(b->reg));
	/* BCIIREF2 bits 1:0 = 3: Letux writes BCIIREF1 = 0xFF alone for the
	 * 852 mA its comment names, code 0x3FF (the reset value is not in
	 * the sources at hand) */
	b->reg[BCIIREF2 - BCI_FIRST] = 0x03;
	b->boot_bci = 0;
	b->mfkey = 0;
	b->linear_usb = false;
}

void battery_attach(struct sim *s)
{
	struct battery *b = s->batt;

	if (!b)
		b = s->batt = battery_new(&s->cfg);
	b->cfg = &s->cfg;   /* this machine's (a restart copies it) */
	regs_reset(b);
	b->last_ps = sim_now_ps(s);
	b->wfi_ps = 0;
	b->sd_transfers = 0;
	b->on = true;
	if (b->unplug_ps != UINT64_MAX && b->unplug_ps > b->last_ps && s->core)
		sim_event_at(s, b->unplug_ps);
}

static bool vbus_at(const struct battery *b, uint64_t ps)
{
	return b->cfg->vbus && ps < b->unplug_ps;
}

static bool vac_at(const struct battery *b, uint64_t ps)
{
	return b->cfg->charger && ps < b->unplug_ps;
}

bool battery_vbus(struct sim *s)
{
	return s->batt ? vbus_at(s->batt, sim_now_ps(s)) : s->cfg.vbus;
}

bool battery_vac(struct sim *s)
{
	return s->batt ? vac_at(s->batt, sim_now_ps(s)) : s->cfg.charger;
}

/* BCIIREF as a current: TI's formula in Linux's regval2ua(),
 * (code * 1.6618 - 850) mA, twice that with BCICTL1.CGAIN. */
static double iref_ma(const struct battery *b)
{
	unsigned code = (b->reg[BCIIREF2 - BCI_FIRST] & 3) << 8 | b->reg[BCIIREF1 - BCI_FIRST];
	double ma = code * 1.6618 - 850;

	if (b->reg[BCICTL1 - BCI_FIRST] & CGAIN)
		ma *= 2;
	return ma > 0 ? ma : 0;
}

/* The GTA04's backlight enable: gpmc_ncs6 as gpio_57 (on/off, panel.c)
 * or as gpt11_pwm_evt (pad mode 3, Linux's omap3-gta04.dtsi pwm-backlight
 * on timer 11): the step-up converter is on for the PWM's high share. */
static double backlight_level(struct sim *s)
{
	double duty;

	if (!s->gpio || !s->cfg.machine || strcmp(s->cfg.machine->name, "gta04"))
		return 0;
	if (panel_backlight(s))
		return 1;
	if ((scm_pad(s, 0x0BA) & 7) != 3)
		return 0;
	duty = gpt_pwm_duty(s, 11);
	return duty < 0 ? 0 : duty;
}

static double board_ma(struct sim *s, double wfi)
{
	uint64_t moved = sdcard_transfers(s->sd);
	bool sd_active = moved != s->batt->sd_transfers;
	double mhz = s->mpu_hz ? s->mpu_hz / 1e6 : 26;   /* sys_clk before DPLL1 */
	double ma = LOAD_BASE_MA + LOAD_CPU_MA_PER_MHZ * mhz * (1 - wfi) + LOAD_WFI_MA * wfi;
	const char *why;

	ma += LOAD_BACKLIGHT_MA * backlight_level(s);
	if (s->gpio && panel_showing(s, &why))
		ma += LOAD_PANEL_MA;
	if (s->twl && twl4030_vmmc1_mv(s))
		ma += LOAD_SD_MA + (sd_active ? LOAD_SD_ACTIVE_MA : 0);
	s->batt->sd_transfers = moved;
	return ma;
}

/* What flows at ps with the board drawing load_ma. */
static void flows(struct sim *s, const struct battery *b, uint64_t ps, double load_ma,
		  struct flow *f)
{
	double ocv = ocv_of(b->soc), want = 0, limit = 0;
	bool vbus = vbus_at(b, ps), vac = vac_at(b, ps);

	memset(f, 0, sizeof(*f));
	f->load_ma = load_ma;
	f->vbus_mv = vbus ? 5000 : 0;
	f->vac_mv = vac ? 5000 : 0;
	if (!b->present)
		return;
	if (vac && (b->boot_bci & BCIAUTOAC)) {
		want = iref_ma(b);
		limit = AC_LIMIT_MA;
		f->ac_path = true;
	} else if (vbus && ((b->boot_bci & BCIAUTOUSB) || b->linear_usb)) {
		bool fast = (b->reg[BCIMFSTS4 - BCI_FIRST] & USBFASTMCHG) && twl4030_usb_phy_up(s);

		want = fast ? iref_ma(b) : USB_SLOW_MA;
		limit = b->usb_limit;
		f->usb_path = true;
	}
	f->state = want > 0 ? ST_FAST : ST_NONE;
	if ((vac || vbus) && ocv < BAT_PRECHARGE_MV && want < BAT_PRECHARGE_MA) {
		want = BAT_PRECHARGE_MA;
		limit = vac ? AC_LIMIT_MA : b->usb_limit;
		f->ac_path = vac;
		f->usb_path = !vac;
		f->state = ST_PRE;
	}
	if (want > limit)
		want = limit;
	if (want > 0 && ocv + (want - load_ma) * b->r_ohm > BAT_CV_MV) {
		double cell = (BAT_CV_MV - ocv) / b->r_ohm;

		want = cell + load_ma > 0 ? cell + load_ma : 0;
		f->state = cell < BAT_EOC_MA ? ST_DONE : ST_CV;
	}
	if (f->usb_path && want > 0 && b->sag_mv && ps >= b->sag_ps) {
		double v = 5000 - b->sag_mv * want / 500;

		if (v < BAT_VBUS_MIN_MV) {
			want = 0;
			f->state = ST_VBUS_LOW;
		} else {
			f->vbus_mv = (unsigned)v;
		}
	}
	f->chg_ma = want;
	f->cell_ma = want - load_ma;
}

static double terminal_mv(const struct battery *b, const struct flow *f)
{
	if (!b->present)   /* the charger's output alone holds VBAT */
		return f->vbus_mv || f->vac_mv ? BAT_CV_MV : 0;
	return ocv_of(b->soc) + f->cell_ma * b->r_ohm;
}

static void log_sample(struct battery *b, uint64_t ps)
{
	if (ps < b->next_log)
		return;
	if (b->nlog == MAX_LOG) {   /* full: keep every other, sample half as often */
		for (unsigned i = 0; i < MAX_LOG / 2; i++)
			b->log[i] = b->log[2 * i];
		b->nlog = MAX_LOG / 2;
		b->log_every *= 2;
	}
	b->log[b->nlog++] = (struct sample){ ps, (int)terminal_mv(b, &b->f), (int)b->f.cell_ma,
					     (unsigned)(b->soc * 10000 + 0.5) };
	b->next_log = ps + b->log_every;
}

/* Move the cell from b->last_ps to ps with the board drawing load_ma. */
static void integrate(struct sim *s, struct battery *b, uint64_t ps, double load_ma)
{
	uint64_t dt = ps - b->last_ps;

	flows(s, b, b->last_ps, load_ma, &b->f);
	if (b->present) {
		b->soc += b->f.cell_ma * ((double)dt / PS_PER_H) / b->cap_mah;
		if (b->soc < 0)
			b->soc = 0;
		if (b->soc > 1)
			b->soc = 1;
	}
	b->last_ps = ps;
	log_sample(b, ps);
}

void battery_sync(struct sim *s)
{
	struct battery *b = s->batt;
	uint64_t now = sim_now_ps(s), slept = 0;
	double wfi = 0, mv;

	if (!b || now <= b->last_ps)
		return;
	if (s->core) {
		sim_wfi_sleeps(s, &slept);
		wfi = (double)(slept - b->wfi_ps) / (double)(now - b->last_ps);
		wfi = wfi < 0 ? 0 : wfi > 1 ? 1 : wfi;
		b->wfi_ps = slept;
	}
	integrate(s, b, now, b->on ? board_ma(s, wfi) : BAT_OFF_MA);
	mv = terminal_mv(b, &b->f);
	if (b->on && !s->result && mv < BAT_UVLO_MV) {
		struct sample at = { now, (int)mv, (int)b->f.cell_ma,
				     (unsigned)(b->soc * 10000 + 0.5) };

		if (b->nbrown < MAX_BROWN)
			b->brown[b->nbrown] = (typeof(b->brown[0])){ at, UINT64_MAX };
		b->nbrown++;
		b->on = false;
		if (!b->present)
			sim_stop(s, SIM_BROWNOUT, "brown-out: no battery and the charger went away");
		else
			sim_stop(s, SIM_BROWNOUT, "brown-out: VBAT %d mV under %d mA (board %.0f mA, "
				 "charger %.0f mA) fell below the TWL4030's %d mV lock-out",
				 (int)mv, (int)b->f.cell_ma, b->f.load_ma, b->f.chg_ma,
				 BAT_UVLO_MV);
	}
}

uint64_t battery_next_start_ps(struct sim *s, uint64_t limit, const char **why)
{
	struct battery *b = s->batt;
	uint64_t t = b->last_ps, step = 100 * PS_PER_MS;

	/* Off: the TWL4030 lost its settings with its supply; only the
	 * hardware precharge goes on. */
	bool first = !b->nbrown;

	b->on = false;
	regs_reset(b);
	for (;;) {
		bool src = vbus_at(b, t) || vac_at(b, t);
		struct flow f;

		flows(s, b, t, BAT_OFF_MA, &f);
		if (!b->present && !src)
			return *why = "no battery and no charger: nothing powers the board", UINT64_MAX;
		if (!b->present)
			return t;
		/* a source's level is a start-on event; without one only the
		 * first power-on (the button, a battery put in) starts it */
		if ((first || src) && (terminal_mv(b, &f) >= BAT_START_MV ||
				       ocv_of(b->soc) >= BAT_START_MV))
			return t;
		if (!src)
			return *why = first ? "VBAT below the TWL4030's start threshold and no "
					      "charger: the board does not start" :
					       "VBAT below the TWL4030's start threshold and no charger "
					       "to start it again: the board stays off", UINT64_MAX;
		if (f.chg_ma <= BAT_OFF_MA)
			return *why = "the charger cannot lift VBAT to the start threshold",
			       UINT64_MAX;
		if (limit && t + step > limit)
			return *why = "--max-ms reached while the board was off", UINT64_MAX;
		integrate(s, b, t + step, BAT_OFF_MA);
		t += step;
	}
}

void battery_restarted(struct sim *s)
{
	struct battery *b = s->batt;

	if (b->nbrown && b->nbrown <= MAX_BROWN)
		b->brown[b->nbrown - 1].restart_ps = sim_now_ps(s);
	b->restarts++;
}

unsigned battery_restarts(const struct sim *s)
{
	return s->batt ? s->batt->restarts : 0;
}

unsigned battery_soc_centi(struct sim *s)
{
	battery_sync(s);
	return (unsigned)(s->batt->soc * 10000 + 0.5);
}

int battery_terminal_mv(struct sim *s)
{
	battery_sync(s);
	return (int)(terminal_mv(s->batt, &s->batt->f) + 0.5);
}

int battery_cell_ma(struct sim *s)
{
	battery_sync(s);
	return (int)(s->batt->f.cell_ma + (s->batt->f.cell_ma < 0 ? -0.5 : 0.5));
}

int battery_board_ma(struct sim *s)
{
	battery_sync(s);
	return (int)(s->batt->f.load_ma + 0.5);
}

/* ---------------------------------------------------------------- BCI */

static void put10(struct battery *b, uint8_t reg, double code)
{
	unsigned c = code < 0 ? 0 : code > 1023 ? 1023 : (unsigned)(code + 0.5);

	b->reg[reg - BCI_FIRST] = c & 0xFF;
	b->reg[reg + 1 - BCI_FIRST] = c >> 8;
}

/* BCIICHG's code for the cell current: TI's formula (Linux's
 * regval2ua() inverted), 512 = no current, CGAIN doubles the range. */
static double ichg_code(const struct battery *b)
{
	double ma = b->f.cell_ma;

	if (b->reg[BCICTL1 - BCI_FIRST] & CGAIN)
		ma /= 2;
	return (ma + 850) / 1.6618;
}

/* The monitoring results, as read now (the BCI converts continuously). */
static void results(struct battery *b)
{
	double mv = terminal_mv(b, &b->f);
	uint8_t st = state_code[b->f.state];

	put10(b, BCIVBAT, mv * 100 / 588);             /* Letux: 5.88 mV a step */
	put10(b, BCITBAT, b->present ? 68 : 1023);     /* 10 kOhm NTC at 25 C, 10 uA */
	put10(b, BCIICHG, ichg_code(b));
	put10(b, BCIVAC, b->f.vac_mv * 100 / 735);     /* Letux: 7.35 mV a step */
	put10(b, BCIVBUS, b->f.vbus_mv * 1000 / 6843); /* Linux: 6.843 mV a step */
	if (b->f.state != ST_NONE && b->f.state != ST_VBUS_LOW)
		st |= b->f.ac_path ? MSTATEC_AC : MSTATEC_USB;
	b->reg[BCIMSTATEC - BCI_FIRST] = st;
	b->reg[BCIMFSTS3 - BCI_FIRST] = b->present ? BATSTSMCHG : 0;
	b->reg[BCIMFSTS1 - BCI_FIRST] = b->present ? BATSTSPCHG : 0;
}

bool bci_read(struct sim *s, uint8_t slave, uint8_t reg, uint8_t *v)
{
	struct battery *b = s->batt;

	if (!b)
		return false;
	if (slave == 0x4B && reg == BOOT_BCI) {
		*v = b->boot_bci;
		return true;
	}
	if (slave != 0x4A || reg < BCI_FIRST || reg > BCI_LAST)
		return false;
	battery_sync(s);
	results(b);
	*v = b->reg[reg - BCI_FIRST];
	return true;
}

/* The key BCIMFKEY needs before a write to reg, 0 for none. */
static uint8_t key_for(uint8_t reg)
{
	switch (reg) {
	case BCIIREF1: case BCIIREF2: case BCIMFTH9: return 0xE7;
	case BCIMFTH8: return 0xF4;
	case BCIMFEN3: return 0x9C;
	}
	return 0;
}

static bool read_only(uint8_t reg)
{
	return (reg >= BCIMSTATEC && reg <= BCIMFSTS3) || reg == BCIMFSTS1;
}

bool bci_write(struct sim *s, uint8_t slave, uint8_t reg, uint8_t v)
{
	struct battery *b = s->batt;
	uint8_t key;

	if (!b)
		return false;
	if (slave == 0x4B && reg == BOOT_BCI) {
		battery_sync(s);    /* the old settings up to now */
		b->boot_bci = v;
		return true;
	}
	if (slave != 0x4A || reg < BCI_FIRST || reg > BCI_LAST)
		return false;
	battery_sync(s);
	if (reg == BCIMFKEY) {
		b->mfkey = v;
		b->reg[reg - BCI_FIRST] = v;
		return true;
	}
	key = key_for(reg);
	if (key && b->mfkey != key) {
		model_warn_once(&b->warn_key, "TWL4030 BCI 0x4A:0x%02X written without its BCIMFKEY "
				"key 0x%02X: ignored", reg, key);
		b->mfkey = 0;
		return true;
	}
	b->mfkey = 0;          /* a key opens one write */
	if (read_only(reg))
		return true;
	if (reg == BCIMDKEY) { /* Linux: 0x2A off mode, 0x26 linear charge (USB path) */
		if (v == 0x2A)
			b->linear_usb = false;
		else if (v == 0x26)
			b->linear_usb = true;
	}
	b->reg[reg - BCI_FIRST] = v;
	return true;
}

/* ---------------------------------------------------------------- MADC */

/* Inputs and prescalers: Linux drivers/iio/adc/twl4030-madc.c
 * (twl4030_divider_ratios: ch8 3/14, ch9 1/3, ch11 15/100, ch12 1/4;
 * ch10 the current, no prescaler). */
unsigned battery_madc_mv(struct sim *s, unsigned ch, unsigned *num, unsigned *den)
{
	struct battery *b = s->batt;
	uint8_t ctl1 = b->reg[BCICTL1 - BCI_FIRST];

	battery_sync(s);
	*num = 1;
	*den = 1;
	switch (ch) {
	case 0: /* BTYPE: TYPEN's current source into the pack's ID pin (estimate:
		 * 0.3 V; an open pin, no battery, rises to full scale) */
		return !(ctl1 & TYPEN) ? 0 : b->present ? 300 : 1500;
	case 1: /* BTEMP: ITHEN's 10 uA into a 10 kOhm NTC at 25 C (Letux) */
		return !(ctl1 & ITHEN) ? 0 : b->present ? 100 : 1500;
	case 8:
		*num = 3; *den = 14;
		return b->f.vbus_mv;
	case 9: /* backup battery */
		*num = 1; *den = 3;
		return 3000;
	case 10: /* ICHG: the sense amplifier, 0.75 V at no current */
		return (unsigned)(ichg_code(b) * 1500 / 1023);
	case 11:
		*num = 15; *den = 100;
		return b->f.vac_mv;
	case 12: /* VBAT: only through the divider MESBAT connects */
		*den = 4;
		return (ctl1 & MESBAT) ? (unsigned)terminal_mv(b, &b->f) : 0;
	}
	return 0;
}

/* ---------------------------------------------------------------- report */

static const char *source_name(const struct battery *b)
{
	if (b->cfg->charger)
		return b->cfg->vbus ? "ac+usb" : "ac";
	if (b->cfg->vbus)
		return b->usb_limit <= 100 ? "usb100" : "usb500";
	return "none";
}

void battery_report(struct sim *s, FILE *f)
{
	struct battery *b = s->batt;

	if (!b) {
		fputs("  \"battery\": null,\n  \"charger\": null,\n  \"brownouts\": [],\n"
		      "  \"restarts\": 0,\n", f);
		return;
	}
	battery_sync(s);
	fprintf(f, "  \"battery\": {\"present\": %s, \"capacity_mah\": %.0f, \"soc_pct\": %.2f, "
		"\"ocv_mv\": %.0f, \"mv\": %.0f, \"current_ma\": %.0f, \"board_ma\": %.0f,\n"
		"    \"samples\": [", b->present ? "true" : "false", b->cap_mah, b->soc * 100,
		ocv_of(b->soc), terminal_mv(b, &b->f), b->f.cell_ma, b->f.load_ma);
	for (unsigned i = 0; i < b->nlog; i++)
		fprintf(f, "%s[%.3f, %d, %d, %.2f]", i ? ", " : "", (double)b->log[i].ps / PS_PER_US,
			b->log[i].mv, b->log[i].ma, b->log[i].soc / 100.0);
	fprintf(f, "]},\n  \"charger\": {\"source\": \"%s\", \"vbus\": %s, \"vac\": %s, "
		"\"state\": \"%s\", \"ma\": %.0f, \"vbus_mv\": %u, \"boot_bci\": %u, "
		"\"iref_ma\": %.0f, \"usbfastmchg\": %s},\n",
		source_name(b), battery_vbus(s) ? "true" : "false",
		battery_vac(s) ? "true" : "false", state_name[b->f.state], b->f.chg_ma,
		b->f.vbus_mv, b->boot_bci, iref_ma(b),
		(b->reg[BCIMFSTS4 - BCI_FIRST] & USBFASTMCHG) ? "true" : "false");
	fputs("  \"brownouts\": [", f);
	for (unsigned i = 0; i < b->nbrown && i < MAX_BROWN; i++) {
		fprintf(f, "%s\n    {\"virtual_us\": %.3f, \"mv\": %d, \"current_ma\": %d, "
			"\"soc_pct\": %.2f, \"restart_us\": ", i ? "," : "",
			(double)b->brown[i].at.ps / PS_PER_US, b->brown[i].at.mv, b->brown[i].at.ma,
			b->brown[i].at.soc / 100.0);
		if (b->brown[i].restart_ps == UINT64_MAX)
			fputs("null}", f);
		else
			fprintf(f, "%.3f}", (double)b->brown[i].restart_ps / PS_PER_US);
	}
	fprintf(f, "%s],\n  \"restarts\": %u,\n", b->nbrown ? "\n  " : "", b->restarts);
}
