// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the TWL4030/TPS65950 real-time clock (SWCU050, "RTC"), the
 * registers at 0x4B:0x1C..0x2D in the order Linux's rtc-twl maps them
 * (docs/references.md, "TWL4030 RTC"):
 * SECONDS, MINUTES, HOURS, DAYS, MONTHS, YEARS, WEEKS (BCD), the six ALARM
 * registers, RTC_CTRL, RTC_STATUS, RTC_INTERRUPTS, RTC_COMP_LSB/MSB.
 *
 * After a power-up the calendar reads 2000-01-01 00:00:00 (DAYS and
 * MONTHS reset to 1, the other time registers to 0, the alarm likewise),
 * the counter is stopped (RTC_CTRL.STOP_RTC = 0) and RTC_STATUS.POWER_UP
 * is set: the reset values of SWCU050's RTC register descriptions.
 * rtc-twl's probe expects exactly this state: it warns "Power up reset
 * detected", clears POWER_UP and starts the counter. STOP_RTC = 1 runs it
 * from the 32 kHz clock (virtual time here);
 * writing RTC_CTRL with GET_TIME = 1 freezes the time registers into the
 * copy that reads return while GET_TIME stays set, so the six bytes of one
 * read belong together (rtc-twl's read sequence). RTC_STATUS: RUN (1)
 * follows the counter, ALARM (6) and POWER_UP (7) are cleared by writing
 * 1. RTC_INTERRUPTS: EVERY (1:0: second, minute, hour, day) with IT_TIMER
 * (2), and IT_ALARM (3), raise RTC_IT (PWR_ISR1 bit 3, twl4030.c).
 *
 * Not modelled, so refused with the run stopped: the 12-hour mode,
 * ROUND_30S, AUTO_COMP (the compensation registers are kept but never
 * applied), TEST_MODE and SET_32_COUNTER; a time register written with a
 * value that is not a date. The 1S/1M/1H/1D_EVENT status bits read 0.
 * Years are 2000-2099: every fourth year, 2000 included, is a leap year.
 */
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/twl4030_rtc.h"

enum { SEC, MIN, HOUR, DAY, MON, YEAR, WEEK, ALARM_SEC, CTRL = 13, STATUS, INTS,
       COMP_LSB, COMP_MSB };

#define STOP_RTC  BIT(0)   /* 1: the counter runs */
#define GET_TIME  BIT(6)
#define ST_RUN    BIT(1)
#define ST_ALARM  BIT(6)
#define ST_POWER_UP BIT(7)
#define IT_TIMER  BIT(2)
#define IT_ALARM  BIT(3)

static const char *const names[RTC_NREGS] = {
	"SECONDS_REG", "MINUTES_REG", "HOURS_REG", "DAYS_REG", "MONTHS_REG", "YEARS_REG",
	"WEEKS_REG", "ALARM_SECONDS_REG", "ALARM_MINUTES_REG", "ALARM_HOURS_REG",
	"ALARM_DAYS_REG", "ALARM_MONTHS_REG", "ALARM_YEARS_REG", "RTC_CTRL_REG",
	"RTC_STATUS_REG", "RTC_INTERRUPTS_REG", "RTC_COMP_LSB_REG", "RTC_COMP_MSB_REG",
};

static unsigned month_days(unsigned year, unsigned mon)
{
	static const uint8_t d[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	return d[mon - 1] + (mon == 2 && year % 4 == 0);
}

static int bcd(uint8_t v)
{
	return (v >> 4) > 9 || (v & 15) > 9 ? -1 : (v >> 4) * 10 + (v & 15);
}

static uint8_t to_bcd(unsigned v)
{
	return (uint8_t)((v / 10) << 4 | v % 10);
}

/* Six BCD registers (seconds .. years) as seconds since 2000; -1 when
 * they are not a date. */
static int64_t to_secs(const uint8_t *t)
{
	int sec = bcd(t[SEC]), min = bcd(t[MIN]), hour = bcd(t[HOUR]);
	int day = bcd(t[DAY]), mon = bcd(t[MON]), year = bcd(t[YEAR]);
	int64_t days = 0;

	if (sec < 0 || sec > 59 || min < 0 || min > 59 || hour < 0 || hour > 23 ||
	    year < 0 || mon < 1 || mon > 12 || day < 1 || day > (int)month_days(year, mon))
		return -1;
	for (int y = 0; y < year; y++)
		days += y % 4 ? 365 : 366;
	for (int m = 1; m < mon; m++)
		days += month_days(year, m);
	days += day - 1;
	return ((days * 24 + hour) * 60 + min) * 60 + sec;
}

static void from_secs(uint64_t secs, uint8_t *t)
{
	uint64_t days = secs / 86400;
	unsigned year = 0, mon = 1;

	t[SEC] = to_bcd(secs % 60);
	t[MIN] = to_bcd(secs / 60 % 60);
	t[HOUR] = to_bcd(secs / 3600 % 24);
	while (days >= (year % 4 ? 365u : 366u)) {
		days -= year % 4 ? 365 : 366;
		year++;
	}
	while (days >= month_days(year, mon))
		days -= month_days(year, mon++);
	t[DAY] = to_bcd((unsigned)days + 1);
	t[MON] = to_bcd(mon);
	t[YEAR] = to_bcd(year % 100);
}

static bool running(const struct twl_rtc *r)
{
	return r->reg[CTRL] & STOP_RTC;
}

static uint64_t now_secs(struct sim *s, const struct twl_rtc *r)
{
	return running(r) ? r->secs + (sim_now_ps(s) - r->ref_ps) / PS_PER_S : r->secs;
}

/* The seven time registers as they count now. */
static void live(struct sim *s, const struct twl_rtc *r, uint8_t *t)
{
	uint64_t n = now_secs(s, r);

	from_secs(n, t);
	t[WEEK] = (uint8_t)((r->week + n / 86400 - r->secs / 86400) % 7);
}

/* Take the counter's value as the new base (before a change). */
static void rebase(struct sim *s, struct twl_rtc *r, uint64_t secs, uint8_t week)
{
	r->secs = secs;
	r->week = week;
	r->ref_ps = sim_now_ps(s);
	r->done_secs = secs;
}

void twl_rtc_reset(struct twl_rtc *r)
{
	memset(r, 0, sizeof(*r));
	r->reg[DAY] = r->reg[MON] = 0x01;
	r->reg[ALARM_SEC + DAY] = r->reg[ALARM_SEC + MON] = 0x01;
	r->reg[STATUS] = ST_POWER_UP;
}

static bool refuse(struct sim *s, uint8_t off, uint8_t v, const char *why)
{
	sim_stop(s, SIM_FAULT, "TWL4030 RTC: %s = 0x%02X: %s", names[off], v, why);
	return false;
}

bool twl_rtc_read(struct sim *s, struct twl_rtc *r, uint8_t off, uint8_t *v)
{
	uint8_t t[7];

	if (off >= RTC_NREGS)
		return false;
	if (off <= WEEK) {
		live(s, r, t);
		*v = r->reg[CTRL] & GET_TIME ? r->latch[off] : t[off];
	} else if (off == STATUS) {
		*v = (r->reg[STATUS] & (ST_ALARM | ST_POWER_UP)) | (running(r) ? ST_RUN : 0);
	} else {
		*v = r->reg[off];
	}
	return true;
}

static bool write_time(struct sim *s, struct twl_rtc *r, uint8_t off, uint8_t v)
{
	uint8_t t[7];
	int64_t secs;

	live(s, r, t);
	t[off] = v;
	secs = to_secs(t);
	if (off == WEEK && v > 6)
		return refuse(s, off, v, "not a day of the week (0-6)");
	if (secs < 0)
		return refuse(s, off, v, "the time registers would not hold a date "
			      "(BCD, 2000-01-01 to 2099-12-31, 24-hour mode)");
	rebase(s, r, (uint64_t)secs, t[WEEK]);
	return true;
}

bool twl_rtc_write(struct sim *s, struct twl_rtc *r, uint8_t off, uint8_t v)
{
	uint8_t t[7];

	if (off >= RTC_NREGS)
		return false;
	if (off <= WEEK)
		return write_time(s, r, off, v);
	switch (off) {
	case CTRL:
		if (v & ~(STOP_RTC | GET_TIME))
			return refuse(s, off, v, "12-hour mode, ROUND_30S, AUTO_COMP, TEST_MODE "
				      "and SET_32_COUNTER are not modelled");
		live(s, r, t);
		if (running(r) != !!(v & STOP_RTC))   /* started or stopped */
			rebase(s, r, now_secs(s, r), t[WEEK]);
		r->reg[CTRL] = v;
		if (v & GET_TIME)
			memcpy(r->latch, t, sizeof(r->latch));
		return true;
	case STATUS:
		r->reg[STATUS] &= (uint8_t)~(v & (ST_ALARM | ST_POWER_UP));
		return true;
	case INTS:
		r->reg[INTS] = v & 0x0F;
		return true;
	}
	r->reg[off] = v;        /* alarm, compensation: storage */
	return true;
}

bool twl_rtc_sync(struct sim *s, struct twl_rtc *r)
{
	static const uint32_t period[4] = { 1, 60, 3600, 86400 };
	uint64_t n = now_secs(s, r), done = r->done_secs;
	uint8_t ints = r->reg[INTS];
	bool ev = false;

	if (!running(r))
		return false;
	if (ints & (IT_TIMER | IT_ALARM))
		sim_event_at(s, r->ref_ps + (n - r->secs + 1) * PS_PER_S);
	if (n <= done)
		return false;
	r->done_secs = n;
	if ((ints & IT_TIMER) && n / period[ints & 3] > done / period[ints & 3])
		ev = true;
	if (ints & IT_ALARM) {
		int64_t a = to_secs(&r->reg[ALARM_SEC]);

		if (a >= 0 && (uint64_t)a > done && (uint64_t)a <= n) {
			r->reg[STATUS] |= ST_ALARM;
			ev = true;
		}
	}
	return ev;
}
