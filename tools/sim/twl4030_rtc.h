/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the TWL4030's real-time clock (0x4B:0x1C..0x2D), private to
 * twl4030.c, which owns the I2C side and the interrupt registers.
 */
#ifndef GTABOOT_SIM_TWL4030_RTC_H
#define GTABOOT_SIM_TWL4030_RTC_H

#include "tools/sim/models.h"

#define RTC_FIRST 0x1C     /* SECONDS_REG */
#define RTC_NREGS 18       /* up to RTC_COMP_MSB_REG, 0x2D */

struct twl_rtc {
	uint8_t reg[RTC_NREGS];   /* what is stored; the time registers only
				   * while the counter is stopped */
	uint8_t latch[7];         /* the time registers as GET_TIME froze them */
	uint64_t secs;            /* the time, seconds since 2000-01-01 00:00:00 */
	uint8_t week;             /* WEEKS_REG at secs */
	uint64_t ref_ps;          /* virtual time at which secs was exact */
	uint64_t done_secs;       /* events looked at up to this second */
};

void twl_rtc_reset(struct twl_rtc *r);
/* A register (offset from SECONDS_REG); false when the access is refused
 * (the run is then stopped with the reason). */
bool twl_rtc_read(struct sim *s, struct twl_rtc *r, uint8_t off, uint8_t *v);
bool twl_rtc_write(struct sim *s, struct twl_rtc *r, uint8_t off, uint8_t v);
/* Bring the events up to now; true when an enabled timer or alarm event
 * has happened since the last call (the RTC_IT interrupt). The caller
 * runs it before every register access, so no event is lost. */
bool twl_rtc_sync(struct sim *s, struct twl_rtc *r);

#endif
