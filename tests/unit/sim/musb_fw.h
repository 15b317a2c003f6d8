/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * For the USB model tests (test_musb.c, test_usbredir.c): the board's USB
 * brought up from the test side (EN_HSOTGUSB, the TWL4030's VUSB rails and
 * PHY over I2C, POWER.SOFTCONN), byte/halfword access to the MUSB, and a
 * scripted "firmware" that answers enumeration from the MMIO side: a
 * vendor-class device with bulk EP1 IN and OUT that echoes what it gets.
 * Written for the tests from the register descriptions in musb.c's
 * sources; it is not gtaboot's driver.
 */
#ifndef TESTS_MUSB_FW_H
#define TESTS_MUSB_FW_H

#include <string.h>

#include "lib/bitops.h"
#include "tests/unit/sim/i2c_master.h"
#include "tools/sim/musb.h"

#define OTG 0x480AB000u
#define ITR2 0x482000C0u            /* INTC raw input 64-95 */
#define MUSB_IRQ_BIT BIT(92 - 64)

static inline uint32_t mr(struct sim *s, uint32_t off, unsigned size)
{
	uint32_t v = 0xDEAD;

	assert_int_equal(model_mmio(s, false, OTG + off, size, &v), 0);
	return v;
}

static inline void mw(struct sim *s, uint32_t off, unsigned size, uint32_t v)
{
	assert_int_equal(model_mmio(s, true, OTG + off, size, &v), 0);
}

/* Clocks, PHY supplies and power, VBUS: everything but SOFTCONN; with
 * usb_path, the usbredir bridge listening there. */
static inline struct sim *usb_sim_with(const char *usb_path)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	s->cfg.vbus = true;
	s->cfg.usb_path = usb_path;
	simtest_init(s);
	simtest_clocks_3530(s);
	set_bits(s, CM + 0xA00, (1u << 15) | (1u << 24));
	set_bits(s, CM + 0xA10, (1u << 15) | (1u << 24) | BIT(4));  /* + EN_HSOTGUSB */
	i2c_setup(s, 9, 9, 3);
	/* VUSB1V5, VUSB1V8, VUSB3V1 DEV_GRP = P1, then PHYPWD clear */
	assert_int_equal(twl_write(s, 0x4B, 0xCC, 0x20), 0);
	assert_int_equal(twl_write(s, 0x4B, 0xCF, 0x20), 0);
	assert_int_equal(twl_write(s, 0x4B, 0xD2, 0x20), 0);
	assert_int_equal(twl_write(s, 0x48, 0xFD, 0x00), 0);
	return s;
}

static inline struct sim *usb_sim(void)
{
	return usb_sim_with(NULL);
}

/* ---------------------------------------------------------------- the firmware */

static const uint8_t fw_dev_desc[18] = {
	18, 1, 0x00, 0x02, 0, 0, 0, 64, 0x51, 0x04, 0x22, 0xD0, 0x00, 0x01, 1, 2, 0, 1,
};
static const uint8_t fw_conf_desc[32] = {
	9, 2, 32, 0, 1, 1, 0, 0x80, 50,
	9, 4, 0, 0, 2, 0xFF, 0x01, 0x02, 0,
	7, 5, 0x81, 2, 0x00, 0x02, 0,
	7, 5, 0x01, 2, 0x00, 0x02, 0,
};

struct fw {
	uint8_t addr_pending;        /* SET_ADDRESS: FADDR after the status stage */
	bool addr_set;
	const uint8_t *tx;           /* EP0 IN data still to go */
	unsigned txlen;
	bool tx_active;
	uint8_t config;
	unsigned resets, setups, stalls;
	uint8_t echo[4096];          /* bulk OUT data waiting to go back IN */
	unsigned echo_len;
};

static inline void fw_ep0_load(struct sim *s, struct fw *f)
{
	unsigned n = f->txlen > 64 ? 64 : f->txlen;

	for (unsigned i = 0; i < n; i++)
		mw(s, 0x20, 1, f->tx[i]);
	f->tx += n;
	f->txlen -= n;
	/* the last packet: short, or exactly the length asked for */
	mw(s, 0x12, 2, 0x02 | (n < 64 || f->txlen == 0 ? 0x08 : 0));
	f->tx_active = !(n < 64 || f->txlen == 0);
}

static inline void fw_set_config(struct sim *s, struct fw *f, uint8_t c)
{
	f->config = c;
	mw(s, 0x0E, 1, 1);           /* INDEX 1 */
	mw(s, 0x62, 1, 6);           /* TXFIFOSZ 512 */
	mw(s, 0x64, 2, 64 / 8);      /* after EP0's 64 bytes */
	mw(s, 0x10, 2, 512);
	mw(s, 0x63, 1, 6 | 0x10);    /* RXFIFOSZ 512, double-buffered */
	mw(s, 0x66, 2, (64 + 512) / 8);
	mw(s, 0x14, 2, 512);
	mw(s, 0x0E, 1, 0);
}

static inline void fw_setup(struct sim *s, struct fw *f)
{
	uint8_t p[8];
	uint32_t w0 = mr(s, 0x20, 4), w1 = mr(s, 0x20, 4);
	uint16_t value, len;

	for (int i = 0; i < 4; i++) {
		p[i] = (uint8_t)(w0 >> (8 * i));
		p[4 + i] = (uint8_t)(w1 >> (8 * i));
	}
	value = (uint16_t)(p[2] | p[3] << 8);
	len = (uint16_t)(p[6] | p[7] << 8);
	f->setups++;
	if (p[0] == 0x80 && p[1] == 6 && (value >> 8) <= 2) {
		const uint8_t *d = (value >> 8) == 1 ? fw_dev_desc : fw_conf_desc;
		unsigned n = (value >> 8) == 1 ? sizeof(fw_dev_desc) : sizeof(fw_conf_desc);

		mw(s, 0x12, 2, 0x40);    /* SERVICEDRXPKTRDY */
		f->tx = d;
		f->txlen = n < len ? n : len;
		fw_ep0_load(s, f);
	} else if (p[0] == 0x00 && p[1] == 5) {
		f->addr_pending = (uint8_t)value;
		mw(s, 0x12, 2, 0x40 | 0x08);
	} else if (p[0] == 0x00 && p[1] == 9) {
		fw_set_config(s, f, (uint8_t)value);
		mw(s, 0x12, 2, 0x40 | 0x08);
	} else {
		f->stalls++;
		mw(s, 0x12, 2, 0x40 | 0x20);   /* SENDSTALL */
	}
}

/* One pass of the firmware's interrupt handler. */
static inline void fw_step(struct sim *s, struct fw *f)
{
	uint8_t usb = (uint8_t)mr(s, 0x0A, 1);
	uint16_t tx = (uint16_t)mr(s, 0x02, 2), rx = (uint16_t)mr(s, 0x04, 2);

	if (usb & 0x04) {
		f->resets++;
		f->addr_pending = 0;
		f->tx_active = false;
	}
	if (tx & 1) {
		uint16_t csr = (uint16_t)mr(s, 0x12, 2);

		if (csr & 0x04)
			mw(s, 0x12, 2, 0);   /* SENTSTALL: write 0 */
		if (csr & 0x10) {
			mw(s, 0x12, 2, 0x80);  /* SERVICEDSETUPEND */
			f->tx_active = false;
		}
		if (csr & 0x01) {
			fw_setup(s, f);
		} else if (f->tx_active && !(csr & 0x02)) {
			fw_ep0_load(s, f);
		} else if (f->addr_pending) {
			mw(s, 0x00, 1, f->addr_pending);  /* the status stage is over */
			f->addr_pending = 0;
			f->addr_set = true;
		}
	}
	if (rx & BIT(1)) {
		mw(s, 0x0E, 1, 1);
		while (mr(s, 0x16, 2) & 1) {
			unsigned n = mr(s, 0x18, 2);

			for (unsigned i = 0; i < n && f->echo_len < sizeof(f->echo); i++)
				f->echo[f->echo_len++] = (uint8_t)mr(s, 0x24, 1);
			mw(s, 0x16, 2, 0);     /* RXPKTRDY written 0 */
		}
		mw(s, 0x0E, 1, 0);
	}
	/* echo: one packet at a time while the TX FIFO is free */
	if (f->echo_len && f->config) {
		mw(s, 0x0E, 1, 1);
		if (!(mr(s, 0x12, 2) & 1)) {
			unsigned n = f->echo_len > 512 ? 512 : f->echo_len;

			for (unsigned i = 0; i < n; i++)
				mw(s, 0x24, 1, f->echo[i]);
			memmove(f->echo, f->echo + n, f->echo_len - n);
			f->echo_len -= n;
			mw(s, 0x12, 2, 1);
		}
		mw(s, 0x0E, 1, 0);
	}
}

#endif
