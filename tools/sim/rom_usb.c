// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the boot ROM's USB peripheral boot. Like rom.c it is C in
 * place of the ROM's code (which is not public), but it reaches the USB
 * controller only through the MUSB model's MMIO (model_mmio), as the
 * ROM's code drives the part: EP0's standard requests, the ASIC ID on
 * bulk IN, the boot message, the size and the image on bulk OUT. The host
 * is whoever plays musb.h's USB side: the usbredir bridge (--usb) or a
 * unit test.
 *
 * Sources (facts only, see docs/rom.md "USB peripheral boot"):
 *  - OMAP35x TRM SPRUF98 25.4.5 / DM37x TRM SPRUGN4 26.4.5 "Peripheral
 *    Booting" as public loaders cite it (grant-h/omap_loader
 *    omap_loader.c, barebox scripts/omap3-usb-loader.c): the image goes
 *    to 0x40200000 without a GP header, after the boot message 0xF0030002
 *    and its 32-bit size; bulk IN 0x81, bulk OUT 0x01, interface 0;
 *  - the boot messages as 0xFFFF's cold-flash.c (Pali Rohar) lists them
 *    from SPRUF98 25.4.5: 0xF0030002 peripheral boot, 0xF003xx06 change
 *    to device xx (00 void, 01 XIP, 02 NAND, 03 OneNAND, 04 DOC, 05 MMC2,
 *    06 MMC1, 07 XIP with wait, 10 UART, 11 USB), 0xFFFFFFFF next device,
 *    0 memory boot; the DM37x TRM's tracing vector (SPRUGN4 table 26-48)
 *    names "booting message change booting device" and "skip per. booting";
 *  - the 69-byte ASIC ID (1+7+4+23+23+11, nmenon/omap-u-boot-utils
 *    src/pusb.c) and the descriptors as an OMAP3630 (ZOOM3) showed them
 *    to pusb (omappedia.org "Talk:Embedded MMC (eMMC) boot", 2010):
 *    0451:d00e "Texas Instruments" "OMAP3630", one configuration (value 1,
 *    self-powered, 100 mA), interface 0 class ff/ff/ff with bulk 0x81 and
 *    0x01 of 512 bytes; ASIC ID 05 | 01 05 01 36 30 07 07 | 13 02 01 00 |
 *    12 15 01 + 20 x 00 | 14 15 01 + 20 x 00 | 15 09 01 13 bf 3e ef 00 00
 *    00 00. The OMAP34xx/35xx id 0xd009 is pusb's default and barebox's
 *    table; its ASIC ID starts 05 01 05 01 34 30 07 (cold-flash.c checks
 *    that on the N900's OMAP3430).
 * Our choices where no source gives a value: the 3430's ROM revision byte
 * (0x04) and checksum (zeros), bcdDevice 0, the timeouts (rom_usb.h), and
 * that the ROM's PHY power-up is modelled by its result
 * (twl4030_rom_usb_phy).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"
#include "tools/sim/rom_usb.h"

#define OTG       0x480AB000u
#define CM_ICLKEN1_CORE 0x48004A10u
#define WDT2      0x48314000u
#define EN_HSOTGUSB BIT(4)

/* MUSB registers (musb.c's sources: Linux musb_regs.h); the flat
 * endpoint registers at 0x100 + 16 * n avoid INDEX */
#define R_FADDR   0x00
#define R_POWER   0x01
#define R_INTRTX  0x02
#define R_INTRRX  0x04
#define R_INTRUSB 0x0A
#define R_INDEX   0x0E
#define R_TXFIFOSZ 0x62
#define R_RXFIFOSZ 0x63
#define R_TXFIFOADD 0x64
#define R_RXFIFOADD 0x66
#define R_FIFO(n) (0x20u + 4u * (n))
#define R_CSR0    0x102
#define R_TXMAXP1 0x110
#define R_TXCSR1  0x112
#define R_RXMAXP1 0x114
#define R_RXCSR1  0x116
#define R_RXCOUNT1 0x118
#define OTG_SYSCONFIG  0x404
#define OTG_INTERFSEL  0x40C
#define OTG_FORCESTDBY 0x414

#define P_SOFTCONN 0x40
#define P_HSENAB   0x20
#define P_HSMODE   0x10
#define I_RESET    0x04
#define I_DISCON   0x20
#define C0_SVDSETUPEND 0x80
#define C0_SVDRXPKTRDY 0x40
#define C0_SENDSTALL 0x20
#define C0_SETUPEND 0x10
#define C0_DATAEND 0x08
#define C0_SENTSTALL 0x04
#define C0_TXPKTRDY 0x02
#define C0_RXPKTRDY 0x01
#define TX_FIFONOTEMPTY 0x02
#define TX_PKTRDY  0x01
#define RX_PKTRDY  0x01

#define MSG_PERIPH 0xF0030002u
#define MSG_NEXT   0xFFFFFFFFu
#define STEP_PS    (125 * PS_PER_US)     /* the ROM polls once a microframe */
#define LIMIT_PS   (120 * PS_PER_S)      /* rom_usb_boot's outer bound */

enum phase { P_ASICID, P_MSG, P_SIZE, P_DATA };

struct rom_usb {
	struct sim *s;
	bool dm37;
	bool hs;
	bool fail;                 /* a register access stopped the run */
	bool reset_seen, addressed, configured;
	uint8_t addr_pending;
	const uint8_t *ep0_tx;     /* EP0 IN data still to load */
	unsigned ep0_left;
	bool ep0_active;
	uint8_t asic[69];
	unsigned asic_loaded;      /* bytes of the ASIC ID put in the FIFO */
	bool asic_read;
	enum phase ph;
	uint8_t word[4];
	unsigned wlen;
	uint32_t size, got, extra;
	uint8_t device;
	uint64_t start_ps, deadline_ps;
	unsigned wait_ms;
	char why[160];
	uint8_t conf[32];
};

/* ---------------------------------------------------------------- MMIO */

static uint32_t rd(struct rom_usb *u, uint32_t off, unsigned size)
{
	uint32_t v = 0;

	if (model_mmio(u->s, false, OTG + off, size, &v))
		u->fail = true;
	return v;
}

static void wr(struct rom_usb *u, uint32_t off, unsigned size, uint32_t v)
{
	if (model_mmio(u->s, true, OTG + off, size, &v))
		u->fail = true;
}

/* ---------------------------------------------------------------- descriptors */

static const uint8_t str0[4] = { 4, 3, 0x09, 0x04 };   /* English (US) */

static unsigned str_desc(uint8_t *out, const char *text)
{
	unsigned n = 2;

	for (; *text && n + 2 <= 64; text++) {
		out[n++] = (uint8_t)*text;
		out[n++] = 0;
	}
	out[0] = (uint8_t)n;
	out[1] = 3;
	return n;
}

static void make_conf(struct rom_usb *u)
{
	unsigned mp = u->hs ? 512 : 64;
	const uint8_t c[32] = {
		9, 2, 32, 0, 1, 1, 1, 0xC0, 50,                 /* self-powered, 100 mA */
		9, 4, 0, 0, 2, 0xFF, 0xFF, 0xFF, 2,
		7, 5, 0x81, 2, (uint8_t)mp, (uint8_t)(mp >> 8), 0,
		7, 5, 0x01, 2, (uint8_t)mp, (uint8_t)(mp >> 8), 0,
	};

	memcpy(u->conf, c, sizeof(c));
}

static void make_asic_id(struct rom_usb *u)
{
	uint8_t *a = u->asic;

	memset(a, 0, sizeof(u->asic));
	a[0] = 5;                                   /* subblocks */
	a[1] = 0x01; a[2] = 0x05; a[3] = 0x01;      /* ID subblock */
	a[4] = u->dm37 ? 0x36 : 0x34;
	a[5] = 0x30;
	a[6] = 0x07;                                /* as seen on both */
	a[7] = u->dm37 ? 0x07 : 0x04;               /* ROM revision (3430: ours) */
	a[8] = 0x13; a[9] = 0x02; a[10] = 0x01; a[11] = 0x00;   /* secure mode: GP */
	a[12] = 0x12; a[13] = 0x15; a[14] = 0x01;   /* public ID: 20 bytes, 0 on GP */
	a[35] = 0x14; a[36] = 0x15; a[37] = 0x01;   /* root key hash: 20 bytes */
	a[58] = 0x15; a[59] = 0x09; a[60] = 0x01;   /* checksum subblock */
	if (u->dm37) {
		a[61] = 0x13; a[62] = 0xBF; a[63] = 0x3E; a[64] = 0xEF;
	}
}

/* ---------------------------------------------------------------- EP0 */

static void ep0_load(struct rom_usb *u)
{
	unsigned n = u->ep0_left > 64 ? 64 : u->ep0_left;

	for (unsigned i = 0; i < n; i++)
		wr(u, R_FIFO(0), 1, u->ep0_tx[i]);
	u->ep0_tx += n;
	u->ep0_left -= n;
	/* the last packet: short, or exactly what the host asked for */
	u->ep0_active = n == 64 && u->ep0_left;
	wr(u, R_CSR0, 2, C0_TXPKTRDY | (u->ep0_active ? 0 : C0_DATAEND));
}

static void ep0_send(struct rom_usb *u, const uint8_t *d, unsigned n, unsigned wlength)
{
	static uint8_t buf[256];

	if (n > sizeof(buf))
		n = sizeof(buf);
	memcpy(buf, d, n);
	wr(u, R_CSR0, 2, C0_SVDRXPKTRDY);
	u->ep0_tx = buf;
	u->ep0_left = n < wlength ? n : wlength;
	ep0_load(u);
}

static void ep0_stall(struct rom_usb *u)
{
	wr(u, R_CSR0, 2, C0_SVDRXPKTRDY | C0_SENDSTALL);
}

static void ep0_ack(struct rom_usb *u)
{
	wr(u, R_CSR0, 2, C0_SVDRXPKTRDY | C0_DATAEND);
}

/* EP1: FIFOs after EP0's 64 bytes, 512 each (musb.c's 16 KiB RAM). */
static void ep1_setup(struct rom_usb *u)
{
	unsigned mp = u->hs ? 512 : 64;

	wr(u, R_INDEX, 1, 1);
	wr(u, R_TXFIFOSZ, 1, 6);
	wr(u, R_TXFIFOADD, 2, 64 / 8);
	wr(u, R_RXFIFOSZ, 1, 6);
	wr(u, R_RXFIFOADD, 2, (64 + 512) / 8);
	wr(u, R_INDEX, 1, 0);
	wr(u, R_TXMAXP1, 2, mp);
	wr(u, R_RXMAXP1, 2, mp);
}

/* The ASIC ID goes out in wMaxPacketSize pieces as the host takes them. */
static void asic_step(struct rom_usb *u)
{
	unsigned mp = u->hs ? 512 : 64, n;
	uint32_t csr;

	if (!u->configured || u->asic_read)
		return;
	csr = rd(u, R_TXCSR1, 2);
	if (u->asic_loaded == sizeof(u->asic)) {
		if (!(csr & TX_FIFONOTEMPTY)) {
			u->asic_read = true;
			u->ph = u->ph == P_ASICID ? P_MSG : u->ph;
			if (u->ph == P_MSG)
				u->deadline_ps = sim_now_ps(u->s) + ROMUSB_MSG_MS * PS_PER_MS;
		}
		return;
	}
	if (csr & TX_PKTRDY)
		return;
	n = sizeof(u->asic) - u->asic_loaded;
	if (n > mp)
		n = mp;
	for (unsigned i = 0; i < n; i++)
		wr(u, R_FIFO(1), 1, u->asic[u->asic_loaded + i]);
	u->asic_loaded += n;
	wr(u, R_TXCSR1, 2, TX_PKTRDY);
}

static void setup_req(struct rom_usb *u)
{
	uint32_t w0 = rd(u, R_FIFO(0), 4), w1 = rd(u, R_FIFO(0), 4);
	uint8_t type = (uint8_t)w0, req = (uint8_t)(w0 >> 8);
	uint16_t value = (uint16_t)(w0 >> 16), index = (uint16_t)w1, len = (uint16_t)(w1 >> 16);
	uint8_t d[64];
	unsigned n;

	(void)index;
	if (type == 0x80 && req == 6) {                       /* GET_DESCRIPTOR */
		switch (value >> 8) {
		case 1: {
			const uint8_t dev[18] = {
				18, 1, 0x00, 0x02, 0, 0, 0, 64, 0x51, 0x04,
				u->dm37 ? 0x0E : 0x09, 0xD0, 0, 0, 1, 2, 0, 1,
			};
			return ep0_send(u, dev, sizeof(dev), len);
		}
		case 2:
			make_conf(u);
			return ep0_send(u, u->conf, sizeof(u->conf), len);
		case 3:
			if ((value & 0xFF) == 0)
				return ep0_send(u, str0, sizeof(str0), len);
			if ((value & 0xFF) == 1) {
				n = str_desc(d, "Texas Instruments");
				return ep0_send(u, d, n, len);
			}
			if ((value & 0xFF) == 2) {
				n = str_desc(d, u->dm37 ? "OMAP3630" : "OMAP3430");
				return ep0_send(u, d, n, len);
			}
			break;
		case 6: {                                     /* device qualifier */
			const uint8_t q[10] = { 10, 6, 0x00, 0x02, 0, 0, 0, 64, 1, 0 };

			return ep0_send(u, q, sizeof(q), len);
		}
		}
		return ep0_stall(u);
	}
	if (type == 0x00 && req == 5 && len == 0) {           /* SET_ADDRESS */
		u->addr_pending = value & 0x7F;
		return ep0_ack(u);
	}
	if (type == 0x00 && req == 9 && len == 0 && value <= 1) {   /* SET_CONFIGURATION */
		u->configured = value == 1;
		ep0_ack(u);
		if (u->configured && !u->asic_read && u->asic_loaded) {
			/* again: the ASIC ID starts over */
			wr(u, R_TXCSR1, 2, 0x08);              /* FLUSHFIFO */
			u->asic_loaded = 0;
		}
		return;
	}
	if (type == 0x80 && req == 8) {                       /* GET_CONFIGURATION */
		d[0] = u->configured;
		return ep0_send(u, d, 1, len);
	}
	if ((type & 0x9F) == 0x80 && req == 0) {              /* GET_STATUS */
		d[0] = (type & 0x1F) == 0 ? 1 : 0;                /* self-powered */
		d[1] = 0;
		return ep0_send(u, d, 2, len);
	}
	if (type == 0x01 && req == 11 && value == 0 && len == 0)   /* SET_INTERFACE 0 */
		return ep0_ack(u);
	if (type == 0x02 && req == 1 && value == 0 && len == 0)    /* CLEAR_FEATURE halt */
		return ep0_ack(u);
	ep0_stall(u);
}

static void ep0_step(struct rom_usb *u)
{
	uint32_t csr = rd(u, R_CSR0, 2);

	if (csr & C0_SENTSTALL)
		wr(u, R_CSR0, 2, 0);
	if (csr & C0_SETUPEND) {
		wr(u, R_CSR0, 2, C0_SVDSETUPEND);
		u->ep0_active = false;
	}
	if (csr & C0_RXPKTRDY) {
		setup_req(u);
	} else if (u->ep0_active && !(csr & C0_TXPKTRDY)) {
		ep0_load(u);
	} else if (u->addr_pending) {
		/* the status stage is over: the new address takes effect */
		wr(u, R_FADDR, 1, u->addr_pending);
		u->addr_pending = 0;
		u->addressed = true;
	}
}

/* ---------------------------------------------------------------- bulk OUT */

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static enum rom_usb_result failed(struct rom_usb *u, enum rom_usb_result r, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static enum rom_usb_result failed(struct rom_usb *u, enum rom_usb_result r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(u->why, sizeof(u->why), fmt, ap);
	va_end(ap);
	return r;
}

static enum rom_usb_result take_word(struct rom_usb *u)
{
	uint32_t w = le32(u->word);

	u->wlen = 0;
	if (u->ph == P_SIZE) {
		if (w == 0)
			return failed(u, ROMUSB_FAILED, "image size 0 — refused");
		if (w > ROMUSB_MAX_IMAGE)
			return failed(u, ROMUSB_FAILED, "image of %u bytes is larger than the %u bytes "
				      "of SRAM the ROM loads (0x%08x..0x%08x) — refused", w,
				      ROMUSB_MAX_IMAGE, ROMUSB_LOAD_ADDR,
				      ROMUSB_LOAD_ADDR + ROMUSB_MAX_IMAGE - 1);
		u->size = w;
		u->ph = P_DATA;
		return ROMUSB_RUNNING;
	}
	/* the boot message */
	if (w == MSG_PERIPH) {
		u->ph = P_SIZE;
		return ROMUSB_RUNNING;
	}
	if (w == MSG_NEXT)
		return failed(u, ROMUSB_NEXT, "boot message 0xffffffff: next device");
	if ((w & 0xFFFF00FFu) == 0xF0030006u) {
		u->device = (uint8_t)(w >> 8);
		return failed(u, ROMUSB_CHANGE, "boot message 0x%08x: change to device 0x%02x",
			      w, u->device);
	}
	return failed(u, ROMUSB_SKIP, "boot message 0x%08x%s: peripheral booting skipped", w,
		      w == 0 ? " (memory boot)" : " is not one the ROM knows");
}

static enum rom_usb_result take_bytes(struct rom_usb *u, const uint8_t *p, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		if (u->ph == P_DATA) {
			unsigned k = n - i < u->size - u->got ? n - i : u->size - u->got;
			uint8_t *dst = sim_ram_ptr(u->s, ROMUSB_LOAD_ADDR + u->got, k);

			if (!dst)
				abort();    /* SRAM is always mapped */
			memcpy(dst, p + i, k);
			u->got += k;
			i += k - 1;
			if (u->got == u->size) {
				u->extra += n - (i + 1);
				return ROMUSB_LOADED;
			}
			continue;
		}
		if (u->ph == P_ASICID)
			u->ph = P_MSG;   /* a host may skip reading the ASIC ID */
		u->word[u->wlen++] = p[i];
		if (u->wlen == 4) {
			enum rom_usb_result r = take_word(u);

			if (r != ROMUSB_RUNNING)
				return r;
		}
	}
	return ROMUSB_RUNNING;
}

static enum rom_usb_result rx_step(struct rom_usb *u)
{
	/* at most the two packets a double-buffered FIFO holds */
	for (int k = 0; k < 2 && (rd(u, R_RXCSR1, 2) & RX_PKTRDY) && !u->fail; k++) {
		uint8_t pkt[512];
		unsigned n = rd(u, R_RXCOUNT1, 2), i = 0;
		enum rom_usb_result r;

		if (n > sizeof(pkt))
			n = sizeof(pkt);
		for (; i + 4 <= n; i += 4) {
			uint32_t w = rd(u, R_FIFO(1), 4);

			pkt[i] = (uint8_t)w;
			pkt[i + 1] = (uint8_t)(w >> 8);
			pkt[i + 2] = (uint8_t)(w >> 16);
			pkt[i + 3] = (uint8_t)(w >> 24);
		}
		for (; i < n; i++)
			pkt[i] = (uint8_t)rd(u, R_FIFO(1), 1);
		wr(u, R_RXCSR1, 2, 0);           /* RXPKTRDY written 0: FIFO free */
		r = take_bytes(u, pkt, n);
		u->deadline_ps = sim_now_ps(u->s) +
				 (u->ph == P_DATA ? ROMUSB_GAP_MS : ROMUSB_MSG_MS) * PS_PER_MS;
		if (r != ROMUSB_RUNNING)
			return r;
	}
	return ROMUSB_RUNNING;
}

/* ---------------------------------------------------------------- the steps */

struct rom_usb *rom_usb_start(struct sim *s, unsigned wait_ms)
{
	struct rom_usb *u = calloc(1, sizeof(*u));
	uint32_t v = 0;

	if (!u)
		abort();
	u->s = s;
	u->dm37 = s->cfg.soc == SOC_DM3730;
	u->wait_ms = wait_ms;
	make_asic_id(u);
	/* the controller's interface clock, the PHY on its rails */
	if (model_mmio(s, false, CM_ICLKEN1_CORE, 4, &v) == 0) {
		v |= EN_HSOTGUSB;
		model_mmio(s, true, CM_ICLKEN1_CORE, 4, &v);
	}
	twl4030_rom_usb_phy(s);
	wr(u, OTG_SYSCONFIG, 4, 0);
	wr(u, OTG_FORCESTDBY, 4, 0);
	wr(u, OTG_INTERFSEL, 4, 1);              /* 12-pin ULPI to the TWL4030 */
	ep1_setup(u);
	wr(u, R_POWER, 1, P_SOFTCONN | P_HSENAB);
	u->start_ps = sim_now_ps(s);
	u->deadline_ps = u->start_ps + (uint64_t)wait_ms * PS_PER_MS;
	return u;
}

enum rom_usb_result rom_usb_poll(struct rom_usb *u)
{
	struct sim *s = u->s;
	uint8_t usb;
	uint16_t tx;
	enum rom_usb_result r;

	if (u->fail || s->result)
		return failed(u, ROMUSB_FAILED, "the USB controller refused the ROM's access");
	usb = (uint8_t)rd(u, R_INTRUSB, 1);
	tx = (uint16_t)rd(u, R_INTRTX, 2);
	rd(u, R_INTRRX, 2);
	if (usb & I_DISCON)
		return failed(u, ROMUSB_FAILED, "the host went away (VBUS gone)%s",
			      u->ph == P_DATA ? " during the image" : "");
	if (usb & I_RESET) {
		/* default state; the speed the chirp found sizes the endpoints */
		u->hs = rd(u, R_POWER, 1) & P_HSMODE;
		u->reset_seen = true;
		u->addressed = u->configured = false;
		u->addr_pending = 0;
		u->ep0_active = false;
		if (!u->asic_read)
			u->asic_loaded = 0;
		ep1_setup(u);
	}
	if (tx & 1)
		ep0_step(u);
	asic_step(u);
	if (u->configured) {
		r = rx_step(u);
		if (r != ROMUSB_RUNNING)
			return r;
	}
	if (u->fail)
		return failed(u, ROMUSB_FAILED, "the USB controller refused the ROM's access");
	if (sim_now_ps(s) < u->deadline_ps)
		return ROMUSB_RUNNING;
	switch (u->ph) {
	case P_ASICID:
		return failed(u, ROMUSB_FAILED, "no host read the ASIC ID within %u ms (%s)",
			      u->wait_ms, !u->reset_seen ? "no bus reset: no host on the cable" :
			      !u->addressed ? "the host did not address the device" :
			      !u->configured ? "the host did not configure the device" :
			      "configured, but nobody read bulk IN");
	case P_MSG:
		return failed(u, ROMUSB_FAILED, "no boot message within %u ms of the ASIC ID",
			      ROMUSB_MSG_MS);
	case P_SIZE:
		return failed(u, ROMUSB_FAILED, "no image size within %u ms of the boot message",
			      ROMUSB_MSG_MS);
	case P_DATA:
		break;
	}
	return failed(u, ROMUSB_FAILED, "no data for %u ms after %u of %u bytes: the host "
		      "stopped sending", ROMUSB_GAP_MS, u->got, u->size);
}

uint32_t rom_usb_size(const struct rom_usb *u) { return u->size; }
uint8_t rom_usb_device(const struct rom_usb *u) { return u->device; }
const char *rom_usb_why(const struct rom_usb *u) { return u->why; }

void rom_usb_stop(struct rom_usb *u, int disconnect)
{
	if (disconnect && !u->s->result)
		wr(u, R_POWER, 1, P_HSENAB);      /* SOFTCONN off: the device leaves */
	free(u);
}

/* ---------------------------------------------------------------- rom.c's loop */

/* With --usb the host is real: while the ROM waits, virtual time may not
 * run ahead of host time (the bridge does the same once a peer is there). */
static void pace(struct sim *s, uint64_t virt0, const struct timespec *host0)
{
	struct timespec now;
	int64_t host_us, virt_us = (int64_t)((sim_now_ps(s) - virt0) / PS_PER_US);

	clock_gettime(CLOCK_MONOTONIC, &now);
	host_us = (int64_t)(now.tv_sec - host0->tv_sec) * 1000000 +
		  (now.tv_nsec - host0->tv_nsec) / 1000;
	if (virt_us > host_us) {
		int64_t d = virt_us - host_us > 20000 ? 20000 : virt_us - host_us;
		struct timespec t = { 0, (long)d * 1000 };

		nanosleep(&t, NULL);
	}
}

/* A WDT2 start/stop sequence (WSPR), each write after the previous one
 * has posted (WWPS clear, wdt.c: 3 cycles of the 32 kHz clock). */
static void wdt_seq(struct sim *s, uint32_t a, uint32_t b)
{
	const uint32_t v[2] = { a, b };

	for (int i = 0; i < 2; i++) {
		uint32_t x = v[i];

		if (model_mmio(s, true, WDT2 + 0x48, 4, &x))
			return;
		for (int k = 0; k < 10; k++) {
			x = 0;
			if (model_mmio(s, false, WDT2 + 0x34, 4, &x) || !x)
				break;
			sim_advance_ps(s, 50 * PS_PER_US);
			models_sync(s);
		}
	}
}

enum rom_usb_result rom_usb_boot(struct sim *s, uint32_t *size, uint8_t *device)
{
	unsigned wait = s->cfg.rom_usb_ms > 0 ? (unsigned)s->cfg.rom_usb_ms : ROMUSB_WAIT_MS;
	uint64_t virt0 = sim_now_ps(s), end = virt0 + wait * PS_PER_MS + LIMIT_PS;
	struct rom_usb *u = rom_usb_start(s, wait);
	enum rom_usb_result r = ROMUSB_RUNNING;
	struct timespec host0;

	/* WDT2 does not run while the ROM waits on a host: the AM335x ROM
	 * (the same ROM family) stops it around its peripheral boot and starts
	 * it again after (RE notes of its boot loop, docs/rom.md) */
	wdt_seq(s, 0xAAAA, 0x5555);
	clock_gettime(CLOCK_MONOTONIC, &host0);
	fprintf(stderr, "ROM: USB: connected as %04x:%04x, waiting %u ms for a host\n", 0x0451,
		s->cfg.soc == SOC_DM3730 ? 0xd00e : 0xd009, wait);
	/* bounded: each phase has its timeout, and the whole LIMIT_PS */
	while (!s->result && sim_now_ps(s) < end) {
		r = rom_usb_poll(u);
		if (r != ROMUSB_RUNNING)
			break;
		sim_advance_ps(s, STEP_PS);
		models_sync(s);              /* musb_sync: the usbredir bridge's turn */
		if (s->usbredir)
			pace(s, virt0, &host0);
	}
	if (r == ROMUSB_RUNNING)
		failed(u, r = ROMUSB_FAILED, "still receiving after %llu s",
		       (unsigned long long)(LIMIT_PS / PS_PER_S));
	*size = u->size;
	*device = u->device;
	if (r == ROMUSB_LOADED) {
		fprintf(stderr, "ROM: USB: %u bytes loaded at 0x%08x%s\n", u->size,
			ROMUSB_LOAD_ADDR, u->extra ? " (bytes after the image ignored)" : "");
	} else if (!s->result) {
		fprintf(stderr, "ROM: USB: %s%s\n", u->why,
			r == ROMUSB_FAILED ? " — next boot device" : "");
	}
	rom_usb_stop(u, r != ROMUSB_LOADED);
	if (!s->result)
		wdt_seq(s, 0xBBBB, 0x4444);
	if (r != ROMUSB_LOADED && !s->result) {
		/* the host sees the device go before the ROM moves on */
		sim_advance_ps(s, STEP_PS);
		models_sync(s);
	}
	return r;
}
