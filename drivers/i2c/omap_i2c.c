// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The OMAP3 I2C controller as a bus master, polled (TRM chapter 18
 * "Multimaster High-Speed I2C Controller", SPRUF98/SPRUGN4 "I2C"). Registers are
 * 16 bits wide at a 4-byte stride.
 */
#include "drivers/i2c/omap_i2c.h"

#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

#define I2C_STAT	0x08
#define I2C_SYSS	0x10
#define I2C_BUF		0x14
#define I2C_CNT		0x18
#define I2C_DATA	0x1C
#define I2C_SYSC	0x20
#define I2C_CON		0x24
#define I2C_SA		0x2C
#define I2C_PSC		0x30
#define I2C_SCLL	0x34
#define I2C_SCLH	0x38
#define I2C_SYSTEST	0x3C

#define STAT_AL		BIT(0)
#define STAT_NACK	BIT(1)
#define STAT_ARDY	BIT(2)
#define STAT_RRDY	BIT(3)
#define STAT_XRDY	BIT(4)
#define STAT_BB		BIT(12)
#define STAT_RDR	BIT(13)
#define STAT_XDR	BIT(14)

#define CON_STT		BIT(0)
#define CON_STP		BIT(1)
#define CON_TRX		BIT(9)
#define CON_MST		BIT(10)
#define CON_EN		BIT(15)

#define ST_EN		BIT(15)
#define ST_TMODE_SDA_SCL (3u << 12)
#define ST_SCL_O	BIT(2)
#define ST_SDA_I	BIT(1)
#define ST_SDA_O	BIT(0)

#define BYTE_TIMEOUT_US	10000u
#define RESET_TIMEOUT_US 10000u

static uint16_t i2c_rd(struct omap_i2c *bus, unsigned off)
{
	return readw(bus->cfg->base + off);
}

static void i2c_wr(struct omap_i2c *bus, unsigned off, uint16_t v)
{
	writew(v, bus->cfg->base + off);
}

/* Wait until (STAT & mask) == want; 0 or -ETIMEDOUT. */
static int i2c_wait_stat(struct omap_i2c *bus, uint16_t mask, uint16_t want, uint32_t us)
{
	return poll_reg(bus->cfg->base + I2C_STAT, POLL_16, mask, want, us, 0);
}

static int i2c_controller_reset(struct omap_i2c *bus)
{
	const struct omap_i2c_config *c = bus->cfg;
	uint32_t iclk, psc, scll, sclh;

	i2c_wr(bus, I2C_SYSC, BIT(1));
	/* the reset only completes once the module is enabled */
	i2c_wr(bus, I2C_CON, CON_EN);
	if (poll_reg(c->base + I2C_SYSS, POLL_16, BIT(0), BIT(0), RESET_TIMEOUT_US, 0)) {
		pr_err("%s: controller reset did not complete\n", c->name);
		return -ETIMEDOUT;
	}
	i2c_wr(bus, I2C_CON, 0);
	/* ICLK near 4 MHz (standard) or 9.6 MHz (fast); SCL low/high
	 * periods are SCLL + 7 and SCLH + 5 ICLK cycles. */
	if (c->speed_hz > 100000) {
		uint32_t scl;

		psc = (c->fclk_hz + 9600000 - 1) / 9600000 - 1;
		iclk = c->fclk_hz / (psc + 1);
		scl = iclk / c->speed_hz;
		scll = scl - scl / 3 - 7;
		sclh = scl / 3 - 5;
	} else {
		psc = (c->fclk_hz + 4000000 - 1) / 4000000 - 1;
		iclk = c->fclk_hz / (psc + 1);
		scll = iclk / (2 * c->speed_hz) - 7;
		sclh = iclk / (2 * c->speed_hz) - 5;
	}
	i2c_wr(bus, I2C_PSC, (uint16_t)psc);
	i2c_wr(bus, I2C_SCLL, (uint16_t)scll);
	i2c_wr(bus, I2C_SCLH, (uint16_t)sclh);
	i2c_wr(bus, I2C_BUF, 0);
	i2c_wr(bus, I2C_CON, CON_EN);
	i2c_wr(bus, I2C_STAT, 0xFFFF);
	return 0;
}

int omap_i2c_init(struct omap_i2c *bus, const struct omap_i2c_config *cfg)
{
	if (!cfg->fclk_hz || !cfg->speed_hz || cfg->speed_hz > 400000)
		return -EINVAL;
	bus->cfg = cfg;
	/* 9 bit times at the bus speed, with a generous margin for clock
	 * stretching: 10 ms per byte is far beyond any legitimate slave. */
	bus->byte_timeout_us = BYTE_TIMEOUT_US;
	return i2c_controller_reset(bus);
}

static void i2c_systest(struct omap_i2c *bus, uint16_t lines)
{
	i2c_wr(bus, I2C_SYSTEST, ST_EN | ST_TMODE_SDA_SCL | lines);
	udelay(5);   /* half an SCL period at 100 kHz */
}

int omap_i2c_recover(struct omap_i2c *bus)
{
	int i;

	/* Drive SCL by hand until the slave lets SDA go (it has at most 8
	 * bits plus an ACK left to send), then make a STOP. */
	i2c_systest(bus, ST_SCL_O | ST_SDA_O);
	for (i = 0; i < 9 && !(i2c_rd(bus, I2C_SYSTEST) & ST_SDA_I); i++) {
		i2c_systest(bus, ST_SDA_O);
		i2c_systest(bus, ST_SCL_O | ST_SDA_O);
	}
	i2c_systest(bus, ST_SCL_O);
	i2c_systest(bus, ST_SCL_O | ST_SDA_O);
	i2c_wr(bus, I2C_SYSTEST, 0);
	printf("%s: bus recovery: %d clock pulse%s, SDA %s\n", bus->cfg->name, i,
	       i == 1 ? "" : "s", (i2c_rd(bus, I2C_SYSTEST) & ST_SDA_I) ? "released" : "still low");
	i2c_controller_reset(bus);
	if (i2c_wait_stat(bus, STAT_BB, 0, bus->byte_timeout_us)) {
		printf("%s: bus still busy after recovery\n", bus->cfg->name);
		return -EBUSY;
	}
	return 0;
}

static int wait_bus_free(struct omap_i2c *bus)
{
	if (!i2c_wait_stat(bus, STAT_BB, 0, bus->byte_timeout_us))
		return 0;
	printf("%s: bus busy, trying to free it\n", bus->cfg->name);
	return omap_i2c_recover(bus);
}

/*
 * One message. With stop false the master keeps the bus for a repeated
 * start. Returns 0 or a negative errno; the controller is usable after.
 */
static int i2c_xfer(struct omap_i2c *bus, uint8_t addr, uint8_t *buf, unsigned len,
		bool read, bool stop)
{
	unsigned done = 0;
	/* the deadline moves on with every byte: a long message is fine, a
	 * stalled one is not */
	uint64_t end = deadline_in(bus->byte_timeout_us);
	uint16_t st;
	bool late;

	i2c_wr(bus, I2C_STAT, 0xFFFF);
	i2c_wr(bus, I2C_SA, addr);
	i2c_wr(bus, I2C_CNT, (uint16_t)len);
	i2c_wr(bus, I2C_CON, CON_EN | CON_MST | CON_STT | (stop ? CON_STP : 0) |
	   (read ? 0 : CON_TRX));
	for (;;) {
		late = deadline_passed(end);
		st = i2c_rd(bus, I2C_STAT);
		if (st & STAT_AL) {
			i2c_wr(bus, I2C_STAT, STAT_AL);
			return -EAGAIN;
		}
		if (st & STAT_NACK) {
			i2c_wr(bus, I2C_STAT, STAT_NACK);
			if (!stop)
				i2c_wr(bus, I2C_CON, CON_EN | CON_MST | CON_STP);
			i2c_wait_stat(bus, STAT_BB, 0, bus->byte_timeout_us);
			/* The FIFO takes bytes before the address phase ends,
			 * so a count cannot tell an address NACK from a data
			 * NACK: the caller knows which message this was. */
			return -ENXIO;
		}
		if (!read && (st & (STAT_XRDY | STAT_XDR))) {
			if (done < len)
				i2c_wr(bus, I2C_DATA, buf[done++]);
			i2c_wr(bus, I2C_STAT, st & (STAT_XRDY | STAT_XDR));
			end = deadline_in(bus->byte_timeout_us);
			continue;
		}
		if (read && (st & (STAT_RRDY | STAT_RDR))) {
			uint8_t b = (uint8_t)i2c_rd(bus, I2C_DATA);

			if (done < len)
				buf[done++] = b;
			i2c_wr(bus, I2C_STAT, st & (STAT_RRDY | STAT_RDR));
			end = deadline_in(bus->byte_timeout_us);
			continue;
		}
		if (st & STAT_ARDY) {
			i2c_wr(bus, I2C_STAT, STAT_ARDY);
			break;
		}
		if (late) {
			printf("%s: 0x%02x: transfer stalled after %u of %u bytes\n",
			       bus->cfg->name, addr, done, len);
			i2c_controller_reset(bus);
			return -ETIMEDOUT;
		}
	}
	if (done != len)
		return -EIO;
	if (stop && i2c_wait_stat(bus, STAT_BB, 0, bus->byte_timeout_us)) {
		pr_err("%s: 0x%02x: no STOP on the bus\n", bus->cfg->name, addr);
		return -ETIMEDOUT;
	}
	return 0;
}

static int i2c_report(struct omap_i2c *bus, uint8_t addr, int err)
{
	if (err == -ENXIO)
		pr_err("%s: 0x%02x did not acknowledge (no device?)\n", bus->cfg->name, addr);
	else if (err == -EIO)
		pr_err("%s: 0x%02x stopped acknowledging during a read\n", bus->cfg->name, addr);
	else if (err == -EAGAIN)
		pr_err("%s: 0x%02x: arbitration lost\n", bus->cfg->name, addr);
	return err;
}

int i2c_write(struct omap_i2c *bus, uint8_t addr, const uint8_t *buf, unsigned len)
{
	int err = -EAGAIN;

	for (int attempt = 0; attempt < 2 && err == -EAGAIN; attempt++) {
		err = wait_bus_free(bus);
		if (!err)
			err = i2c_xfer(bus, addr, (uint8_t *)buf, len, false, true);
	}
	return err ? i2c_report(bus, addr, err) : 0;
}

int i2c_read_regs(struct omap_i2c *bus, uint8_t addr, uint8_t reg, uint8_t *buf, unsigned len)
{
	int err = -EAGAIN;

	for (int attempt = 0; attempt < 2 && err == -EAGAIN; attempt++) {
		err = wait_bus_free(bus);
		if (!err)
			err = i2c_xfer(bus, addr, &reg, 1, false, false);
		if (!err) {
			err = i2c_xfer(bus, addr, buf, len, true, true);
			if (err == -ENXIO)
				err = -EIO;   /* it answered a moment ago */
		}
	}
	return err ? i2c_report(bus, addr, err) : 0;
}

int i2c_read_reg(struct omap_i2c *bus, uint8_t addr, uint8_t reg, uint8_t *val)
{
	return i2c_read_regs(bus, addr, reg, val, 1);
}

int i2c_write_reg(struct omap_i2c *bus, uint8_t addr, uint8_t reg, uint8_t val)
{
	uint8_t b[2] = { reg, val };

	return i2c_write(bus, addr, b, 2);
}
