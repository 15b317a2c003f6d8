/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: private glue shared by the OMAP3 peripheral models (prcm.c,
 * scm.c, sdrc.c, uart.c, wdt.c, timers.c, gpio.c, misc.c); not part of the
 * core contract in sim.h.
 */
#ifndef GTABOOT_SIM_MODELS_H
#define GTABOOT_SIM_MODELS_H

#include "tools/sim/sim.h"

#define OSC_HZ   26000000ull /* both boards: 26 MHz crystal */
#define CLK32K_HZ 32768ull

/*
 * A register file: every documented register of a block is one entry.
 * Anything not listed is SIM_EUNIMPL.
 */
enum reg_kind {
	REG_RW,    /* plain storage, bits outside wmask read as stored (reset) */
	REG_RO,    /* writes ignored */
	REG_W1C,   /* writing 1 clears the bit */
	REG_FN,    /* the model computes it: regfile only keeps the storage */
};

struct reg_def {
	uint16_t off;
	uint8_t kind;
	uint32_t reset;
	uint32_t wmask;
};

struct regfile {
	const struct reg_def *defs;
	size_t ndefs;
	uint32_t size;
	int16_t *index;   /* off / 4 -> defs index, -1 = hole */
	uint32_t *val;
};

void regfile_init(struct regfile *rf, const struct reg_def *defs, size_t n,
		  uint32_t size);
void regfile_reset(struct regfile *rf);
const struct reg_def *regfile_def(const struct regfile *rf, uint32_t off);
/* Generic storage semantics; return SIM_EUNIMPL for holes. */
int regfile_read(struct regfile *rf, uint32_t off, uint32_t *val);
int regfile_write(struct regfile *rf, uint32_t off, uint32_t val);
static inline uint32_t *regfile_ptr(struct regfile *rf, uint32_t off)
{
	return &rf->val[rf->index[off / 4]];
}

/* Device registration that also lets unit tests reach the models' MMIO
 * handlers without a CPU. */
void model_add_dev(struct sim *s, const struct sim_dev *d);
int model_mmio(struct sim *s, bool is_write, uint32_t addr, unsigned size,
	       uint32_t *val);

/* Bring every time-integrating model up to now before a clock changes. */
void models_sync(struct sim *s);

/* prcm.c */
uint64_t prcm_core_hz(struct sim *s);         /* DPLL3 M2 output */
uint64_t prcm_l3_hz(struct sim *s);
uint64_t prcm_dpll4_96m_hz(struct sim *s);    /* DPLL4 M2(x2) output */
bool prcm_fclk_on(struct sim *s, enum sim_clk c);
void prcm_update(struct sim *s);              /* lock status, mpu_hz */
uint32_t prcm_cm_reg(struct sim *s, uint32_t off);
void prcm_note_reset(struct sim *s, uint32_t rstst_bit);

/* timers.c, wdt.c, uart.c, i2c.c */
void timers_sync(struct sim *s);
void i2c_sync(struct sim *s);
void wdt_sync(struct sim *s);
void uart_sync(struct sim *s);
void twl4030_sync(struct sim *s);             /* RTC events, MADC conversions */

/* sdrc.c */
uint32_t sdrc_cs_size(uint32_t mcfg);
uint32_t sdrc_cs1_offset(uint32_t cs_cfg);
int sdrc_windows(struct sim *s, int cs, uint32_t *base, uint32_t *size, int max);
bool sdrc_cs_memory(struct sim *s, int cs, void **mem, uint32_t *bytes, uint32_t *base);
void *sdrc_cs_mem(struct sim *s, int cs);

/* gpio.c: level GPIO n drives, -1 when it is not an output */
int gpio_out_level(struct sim *s, unsigned n);

/* tca6507.c: port p's state (0-7, datasheet Table 8), -1 without the
 * chip; the report's "tca6507" object */
int tca6507_port_state(struct sim *s, unsigned p);
void tca6507_report(struct sim *s, FILE *f);
/* tsc2007.c: PENIRQ's level and the touch events; the report's "tsc2007" */
void tsc2007_tick(struct sim *s);
void tsc2007_report(struct sim *s, FILE *f);

/* uart.c: frame time of UARTn (0..2) at its programming, 0 = not running */
uint64_t uart_frame_ps(struct sim *s, int n);

/* timers.c */
uint32_t sync32k_count(struct sim *s);
double gpt_pwm_duty(struct sim *s, unsigned n);   /* 0..1, -1: not a PWM */

/* a one-line warning on stderr, once per flag */
void model_warn_once(bool *flag, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* 128-bit helpers for tick arithmetic */
static inline uint64_t ticks_in(uint64_t ps, uint64_t hz)
{
	return (uint64_t)(((unsigned __int128)ps * hz) / PS_PER_S);
}
static inline uint64_t ps_for_ticks(uint64_t ticks, uint64_t hz)
{
	return (uint64_t)(((unsigned __int128)ticks * PS_PER_S + hz - 1) / hz);
}

#endif
