// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the OMAP3 multimaster I2C controllers I2C1-3 (0x48070000,
 * 0x48072000, 0x48060000), TRM chapter 18 "Multimaster High-Speed I2C
 * Controller", SPRUF98/SPRUGN4 "I2C", in master mode.
 *
 * Registers are 16 bits wide at a 4-byte stride and accept 16-bit accesses
 * only; the module needs its interface and functional clocks.
 *
 * Transfers take virtual time at the programmed SCL rate:
 *   ICLK = fclk / (PSC + 1), SCL period = (SCLL + 7 + SCLH + 5) / ICLK,
 * a START plus address byte costs 10 SCL periods, every data byte 9 and a
 * STOP one. The state machine advances lazily: each register access first
 * plays the bus events whose time has come. XRDY/XDR and RRDY/RDR follow the
 * FIFO levels and the BUF thresholds (level-sensitive: writing 1 does not
 * clear them while the condition holds); AL, NACK and ARDY are sticky,
 * write-1-to-clear. BB is set from START to STOP. A NACK ends the transfer
 * with STOP if CON.STP was requested, else the master holds the bus until
 * software writes STP, as on hardware.
 *
 * Fault injection (cfg.inject):
 *   i2c-nack:ADDR[:COUNT]  the slave at ADDR does not acknowledge its address
 *   i2c-al:ADDR[:COUNT]    arbitration is lost while addressing ADDR
 *   i2c-nack-reg:ADDR<<8|REG[:COUNT]  the slave at ADDR
 *                          does not acknowledge REG as the first byte of a
 *                          write: one register access fails, the rest work
 *   i2c-stuck:CLOCKS       a slave holds SDA on I2C1 low from power-on until
 *                          CLOCKS SCL pulses were clocked through SYSTEST
 *                          (ST_EN, TMODE 3), then a STOP frees the bus
 */
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/i2c.h"

#define NBUS 3

#define STAT_AL   BIT(0)
#define STAT_NACK BIT(1)
#define STAT_ARDY BIT(2)
#define STAT_RRDY BIT(3)
#define STAT_XRDY BIT(4)
#define STAT_XUDF BIT(10)
#define STAT_BB   BIT(12)
#define STAT_RDR  BIT(13)
#define STAT_XDR  BIT(14)
#define STAT_STICKY (STAT_AL | STAT_NACK | STAT_ARDY | BIT(5) | BIT(8) | BIT(9) | \
		     BIT(10) | BIT(11) | BIT(15))

#define CON_STT   BIT(0)
#define CON_STP   BIT(1)
#define CON_TRX   BIT(9)
#define CON_MST   BIT(10)
#define CON_EN    BIT(15)

#define ST_EN     BIT(15)
#define ST_SCL_I  BIT(3)
#define ST_SCL_O  BIT(2)
#define ST_SDA_I  BIT(1)
#define ST_SDA_O  BIT(0)

enum phase { X_IDLE, X_ADDR, X_TX, X_RX, X_STOP, X_HOLD, X_LOST };

struct slave {
	const struct i2c_slave_ops *ops;
	void *opaque;
};

struct i2c_ctl {
	int n;
	enum sim_clk clk;
	unsigned depth;             /* FIFO bytes */
	/* registers */
	uint16_t ie, stat, we, buf, cnt, sysc, con, oa, sa, psc, scll, sclh;
	uint16_t systest, oa1, oa2, oa3, sblock;
	bool rdone, srst_pending;
	/* transfer */
	enum phase phase;
	uint64_t next_ps;           /* UINT64_MAX: waiting for software */
	uint8_t addr;
	bool tx;
	bool stop_req;              /* CON.STP latched for this transfer */
	bool first_data;            /* next TX byte is the first (i2c-nack-reg) */
	uint32_t left;              /* bytes still to go on the bus */
	uint8_t txq[64], rxq[64];
	unsigned txn, rxn;
	bool bb;
	/* stuck SDA and bus recovery through SYSTEST */
	long stuck_clocks;
	bool sda_stuck;
	bool need_stop;             /* bus freed by a STOP only (survives resets) */
	struct slave slaves[128];
	bool warn_fifo, warn_start, warn_data;
};

static struct i2c_ctl *ctl_of(struct sim *s, int bus);

static const struct { uint32_t base; const char *name; } bus_info[NBUS] = {
	{ 0x48070000, "I2C1" }, { 0x48072000, "I2C2" }, { 0x48060000, "I2C3" },
};

static uint64_t scl_ps(struct sim *s, struct i2c_ctl *c)
{
	uint64_t fclk = prcm_func_clk_hz(s, c->clk);
	uint64_t iclk;

	if (!fclk)
		return 0;
	iclk = fclk / ((c->psc & 0xFF) + 1u);
	return ps_for_ticks((c->scll & 0xFF) + 7u + (c->sclh & 0xFF) + 5u, iclk);
}

/* When the next bus event happens, counted from t; never if unclocked. */
static uint64_t after(struct sim *s, struct i2c_ctl *c, uint64_t t, unsigned scls)
{
	uint64_t p = scl_ps(s, c);

	return p ? t + p * scls : UINT64_MAX;
}

static long inject_arg_take(struct sim *s, const char *what, long arg)
{
	return sim_inject_take(s, what, arg);
}

/* The transfer is over: a STOP follows if one was asked for, else the
 * master holds the bus (a repeated START may follow). */
static void stop_or_hold(struct sim *s, struct i2c_ctl *c, uint64_t t)
{
	c->con &= ~CON_STT;
	if (c->stop_req) {
		c->phase = X_STOP;
		c->next_ps = after(s, c, t, 1);
	} else {
		c->phase = X_HOLD;
		c->next_ps = UINT64_MAX;
	}
}

static void finish(struct sim *s, struct i2c_ctl *c, uint64_t t)
{
	c->stat |= STAT_ARDY;
	stop_or_hold(s, c, t);
}

static void nacked(struct sim *s, struct i2c_ctl *c, uint64_t t)
{
	c->stat |= STAT_NACK;
	c->txn = 0;
	c->left = 0;
	stop_or_hold(s, c, t);
}

static void step(struct sim *s, struct i2c_ctl *c)
{
	uint64_t t = c->next_ps;
	struct slave *sl = &c->slaves[c->addr];

	switch (c->phase) {
	case X_ADDR:
		c->con &= ~CON_STT;
		if (inject_arg_take(s, "i2c-al", c->addr)) {
			/* Another master won: we leave master mode, it keeps the
			 * bus for about ten byte times. */
			c->stat |= STAT_AL;
			c->con &= ~(CON_MST | CON_STP);
			c->phase = X_LOST;
			c->next_ps = after(s, c, t, 90);
			return;
		}
		if (!sl->ops || inject_arg_take(s, "i2c-nack", c->addr) ||
		    !sl->ops->start(s, sl->opaque, c->addr, !c->tx)) {
			nacked(s, c, t);
			return;
		}
		c->first_data = true; /* i2c-nack-reg */
		if (!c->left) {
			finish(s, c, t);
		} else if (c->tx) {
			c->phase = X_TX;
			c->next_ps = c->txn ? after(s, c, t, 9) : UINT64_MAX;
		} else {
			c->phase = X_RX;
			c->next_ps = after(s, c, t, 9);
		}
		return;
	case X_TX: {
		uint8_t b = c->txq[0];
		bool ack;

		memmove(c->txq, c->txq + 1, --c->txn);
		c->left--;
		/* i2c-nack-reg */
		if (c->first_data && inject_arg_take(s, "i2c-nack-reg", c->addr << 8 | b)) {
			nacked(s, c, t);
			return;
		}
		c->first_data = false;
		ack = sl->ops->write(s, sl->opaque, c->addr, b);
		if (s->result)
			return;
		if (!ack) {
			nacked(s, c, t);
			return;
		}
		if (!c->left)
			finish(s, c, t);
		else
			c->next_ps = c->txn ? after(s, c, t, 9) : UINT64_MAX;
		return;
	}
	case X_RX:
		if (c->rxn >= c->depth) {
			/* FIFO full: the master stretches SCL until it is read */
			c->next_ps = UINT64_MAX;
			return;
		}
		c->rxq[c->rxn++] = sl->ops->read(s, sl->opaque, c->addr);
		c->left--;
		if (!c->left)
			finish(s, c, t);
		else
			c->next_ps = after(s, c, t, 9);
		return;
	case X_STOP:
		if (sl->ops)
			sl->ops->stop(s, sl->opaque, c->addr);
		c->bb = false;
		c->con &= ~(CON_STP | CON_MST);
		c->phase = X_IDLE;
		c->next_ps = UINT64_MAX;
		return;
	case X_LOST:
		c->bb = false;
		c->phase = X_IDLE;
		c->next_ps = UINT64_MAX;
		return;
	case X_IDLE:
	case X_HOLD:
		c->next_ps = UINT64_MAX;
		return;
	}
}

static uint16_t stat_value(struct i2c_ctl *c);

/* INTC inputs of I2C1-3 (TRM "MPU interrupt mapping"): 56, 57, 61 */
static const unsigned i2c_irq[NBUS] = { 56, 57, 61 };

static void update(struct sim *s, struct i2c_ctl *c)
{
	while (c->next_ps <= sim_now_ps(s) && !s->result)
		step(s, c);
	/* a driver polling STAT, or waiting for the interrupt, is idle until
	 * the next bus event */
	if (c->next_ps != UINT64_MAX)
		sim_event_at(s, c->next_ps);
	/* the line is the enabled status bits (IE has STAT's layout) */
	intc_set_line(s, i2c_irq[c->n], stat_value(c) & c->ie);
}

static uint16_t stat_value(struct i2c_ctl *c)
{
	unsigned xtrsh = (c->buf & 0x3F) + 1u, rtrsh = ((c->buf >> 8) & 0x3F) + 1u;
	uint16_t v = c->stat;

	if (xtrsh > c->depth)
		xtrsh = c->depth;
	if (rtrsh > c->depth)
		rtrsh = c->depth;
	if (c->phase == X_TX || (c->phase == X_ADDR && c->tx)) {
		uint32_t to_load = c->left - c->txn;
		unsigned room = c->depth - c->txn;

		if (to_load >= xtrsh && room >= xtrsh)
			v |= STAT_XRDY;
		else if (to_load && to_load < xtrsh && room >= to_load)
			v |= STAT_XDR;
	}
	/* transmit underflow: FIFO and shifter empty with bytes still to
	 * send, the master holds SCL low (Linux's errata i462 path waits for
	 * it before every DATA write) */
	if (c->phase == X_TX && !c->txn && c->left && c->next_ps == UINT64_MAX)
		v |= STAT_XUDF;
	if (c->rxn >= rtrsh)
		v |= STAT_RRDY;
	else if (c->rxn && c->left == 0)
		v |= STAT_RDR;
	if (c->bb || c->sda_stuck || c->need_stop)
		v |= STAT_BB;
	return v;
}

static void module_reset(struct i2c_ctl *c)
{
	c->ie = c->stat = c->we = c->buf = c->cnt = c->sysc = c->con = 0;
	c->oa = c->sa = c->psc = c->scll = c->sclh = c->systest = 0;
	c->oa1 = c->oa2 = c->oa3 = c->sblock = 0;
	c->phase = X_IDLE;
	c->next_ps = UINT64_MAX;
	c->txn = c->rxn = 0;
	c->left = 0;
	c->bb = false;
}

static void start(struct sim *s, struct i2c_ctl *c)
{
	if (c->phase != X_IDLE && c->phase != X_HOLD) {
		model_warn_once(&c->warn_start, "%s: START while a transfer is in progress ignored",
				bus_info[c->n].name);
		return;
	}
	if (c->sda_stuck || c->need_stop || (c->bb && c->phase != X_HOLD)) {
		/* SDA held low by someone else: we lose at once */
		c->stat |= STAT_AL;
		c->con &= ~(CON_MST | CON_STT | CON_STP);
		return;
	}
	c->addr = c->sa & 0x7F;
	c->tx = c->con & CON_TRX;
	c->stop_req = c->con & CON_STP;
	c->left = c->cnt;
	c->rxn = 0;
	c->bb = true;
	c->phase = X_ADDR;
	c->next_ps = after(s, c, sim_now_ps(s), 10);
}

static int i2c_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	struct i2c_ctl *c = opaque;

	if (size != 2 || (off & 3) || !prcm_clk_on(s, c->clk))
		return SIM_EBUS;
	update(s, c);
	switch (off) {
	case 0x00: *val = 0x3C; break;
	case 0x04: *val = c->ie; break;
	case 0x08: *val = stat_value(c); break;
	case 0x0C: *val = c->we; break;
	case 0x10: *val = c->rdone; break;
	case 0x14: *val = c->buf; break;
	case 0x18: *val = c->cnt; break;
	case 0x1C:
		if (!c->rxn) {
			model_warn_once(&c->warn_data, "%s: DATA read with an empty receive FIFO",
					bus_info[c->n].name);
			*val = 0;
			break;
		}
		*val = c->rxq[0];
		memmove(c->rxq, c->rxq + 1, --c->rxn);
		if (c->phase == X_RX && c->next_ps == UINT64_MAX && c->left)
			c->next_ps = after(s, c, sim_now_ps(s), 9);
		break;
	case 0x20: *val = c->sysc; break;
	case 0x24: *val = c->con; break;
	case 0x28: *val = c->oa; break;
	case 0x2C: *val = c->sa; break;
	case 0x30: *val = c->psc; break;
	case 0x34: *val = c->scll; break;
	case 0x38: *val = c->sclh; break;
	case 0x3C: {
		uint16_t v = c->systest & ~(ST_SCL_I | ST_SDA_I);
		bool test = (c->systest & ST_EN) && ((c->systest >> 12) & 3) == 3;
		bool scl = test ? (c->systest & ST_SCL_O) : true;
		bool sda = (test ? (c->systest & ST_SDA_O) : true) && !c->sda_stuck;

		*val = v | (scl ? ST_SCL_I : 0) | (sda ? ST_SDA_I : 0);
		break;
	}
	case 0x40: {
		unsigned d = c->depth == 8 ? 0 : c->depth == 16 ? 1 : c->depth == 32 ? 2 : 3;

		*val = d << 14 | (c->rxn & 0x3F) << 8 | ((c->depth - c->txn) & 0x3F);
		break;
	}
	case 0x44: *val = c->oa1; break;
	case 0x48: *val = c->oa2; break;
	case 0x4C: *val = c->oa3; break;
	case 0x50: *val = 0; break;
	case 0x54: *val = c->sblock; break;
	default: return SIM_EUNIMPL;
	}
	return 0;
}

static void systest_write(struct i2c_ctl *c, uint16_t v)
{
	bool test = (v & ST_EN) && ((v >> 12) & 3) == 3;
	bool scl_was = !(c->systest & ST_EN) || (c->systest & ST_SCL_O);
	bool sda_was = !(c->systest & ST_EN) || (c->systest & ST_SDA_O);

	c->systest = v & 0xF005;
	if (!test)
		return;
	if (!scl_was && (v & ST_SCL_O) && c->sda_stuck && --c->stuck_clocks <= 0)
		c->sda_stuck = false;
	/* STOP condition: SDA rises while SCL is high */
	if (!sda_was && (v & ST_SDA_O) && (v & ST_SCL_O) && !c->sda_stuck) {
		c->bb = false;
		c->need_stop = false;
		c->phase = X_IDLE;
		c->next_ps = UINT64_MAX;
	}
}

static int i2c_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	struct i2c_ctl *c = opaque;
	uint16_t v = val;

	if (size != 2 || (off & 3) || !prcm_clk_on(s, c->clk))
		return SIM_EBUS;
	update(s, c);
	switch (off) {
	case 0x00: break;
	case 0x04: c->ie = v & 0x7FFF; break;
	case 0x08: c->stat &= ~(v & STAT_STICKY); break;
	case 0x0C: c->we = v; break;
	case 0x10: break;
	case 0x14:
		if (v & BIT(6))
			c->txn = 0;
		if (v & BIT(14))
			c->rxn = 0;
		c->buf = v & ~(BIT(6) | BIT(14));
		break;
	case 0x18: c->cnt = v; break;
	case 0x1C:
		if (c->txn >= c->depth) {
			model_warn_once(&c->warn_fifo, "%s: DATA written into a full FIFO: byte lost",
					bus_info[c->n].name);
			break;
		}
		c->txq[c->txn++] = v;
		if (c->phase == X_TX && c->next_ps == UINT64_MAX)
			c->next_ps = after(s, c, sim_now_ps(s), 9);
		break;
	case 0x20:
		c->sysc = v & 0x31D;
		if (v & BIT(1)) {
			bool en = c->con & CON_EN;

			module_reset(c);
			c->rdone = false;
			c->srst_pending = true;
			/* the reset completes once the module is enabled */
			if (en) {
				c->rdone = true;
				c->srst_pending = false;
			}
		}
		break;
	case 0x24: {
		uint16_t old = c->con;

		c->con = v & 0xBF03;
		if (!(v & CON_EN)) {
			/* disabled: state machine and FIFOs held in reset */
			c->phase = X_IDLE;
			c->next_ps = UINT64_MAX;
			c->txn = c->rxn = 0;
			c->stat = 0;
			c->bb = false;
			break;
		}
		if (c->srst_pending) {
			c->srst_pending = false;
			c->rdone = true;
		}
		if ((v & CON_STT) && (v & CON_MST)) {
			start(s, c);
		} else if ((v & CON_STP) && !(old & CON_STP) && c->phase == X_HOLD) {
			c->stop_req = true;
			c->phase = X_STOP;
			c->next_ps = after(s, c, sim_now_ps(s), 1);
		} else if ((v & CON_STP) && (c->phase == X_TX || c->phase == X_RX ||
					     c->phase == X_ADDR)) {
			c->stop_req = true;
		}
		break;
	}
	case 0x28: c->oa = v & 0x3FF; break;
	case 0x2C: c->sa = v & 0x3FF; break;
	case 0x30: c->psc = v & 0xFF; break;
	case 0x34: c->scll = v; break;
	case 0x38: c->sclh = v; break;
	case 0x3C: systest_write(c, v); break;
	case 0x40: break;
	case 0x44: c->oa1 = v & 0x3FF; break;
	case 0x48: c->oa2 = v & 0x3FF; break;
	case 0x4C: c->oa3 = v & 0x3FF; break;
	case 0x50: break;
	case 0x54: c->sblock = v & 0xF; break;
	default: return SIM_EUNIMPL;
	}
	update(s, c);   /* the interrupt line follows the new state */
	return 0;
}

/* The controllers of the machine most recently initialised; a unit test
 * builds one machine at a time. */
static struct { struct sim *s; struct i2c_ctl *c[NBUS]; } buses;

static struct i2c_ctl *ctl_of(struct sim *s, int bus)
{
	return buses.s == s ? buses.c[bus] : NULL;
}

void i2c_sync(struct sim *s)
{
	for (int i = 0; i < NBUS; i++) {
		struct i2c_ctl *c = ctl_of(s, i);

		if (c && prcm_clk_on(s, c->clk))
			update(s, c);
	}
}

void i2c_attach(struct sim *s, int bus, uint8_t addr,
		const struct i2c_slave_ops *ops, void *opaque)
{
	struct i2c_ctl *c = ctl_of(s, bus);

	if (!c || addr > 0x7F)
		abort();
	c->slaves[addr].ops = ops;
	c->slaves[addr].opaque = opaque;
}

void i2c_init(struct sim *s)
{
	buses.s = s;
	for (int i = 0; i < NBUS; i++) {
		struct i2c_ctl *c = calloc(1, sizeof(*c));
		struct sim_dev d = {
			.name = bus_info[i].name, .base = bus_info[i].base, .size = 0x1000,
			.read = i2c_read, .write = i2c_write,
		};

		if (!c)
			abort();
		c->n = i;
		c->clk = (enum sim_clk)(CLK_I2C1 + i);
		c->depth = i == 2 ? 64 : 8;
		module_reset(c);
		c->rdone = true;
		if (i == 0) {
			for (int k = 0; k < s->cfg.ninject; k++) {
				if (!strcmp(s->cfg.inject[k].what, "i2c-stuck")) {
					c->stuck_clocks = s->cfg.inject[k].arg;
					c->sda_stuck = c->stuck_clocks > 0;
					c->need_stop = c->sda_stuck;
				}
			}
		}
		buses.c[i] = c;
		d.opaque = c;
		model_add_dev(s, &d);
	}
}
