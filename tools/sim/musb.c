// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the OMAP3 HS USB OTG controller at 0x480AB000 in
 * peripheral mode: a Mentor MUSBMHDRC core (0x000-0x3FF) behind TI's OCP
 * wrapper (0x400-0x414).
 *
 * Sources (facts only):
 *  - OMAP35x TRM SPRUF98 / DM37x TRM SPRUGN4, chapter "High-Speed USB OTG
 *    Controller" (not at hand while this was written: these facts are as
 *    remembered from it and as the code below confirms them): the module
 *    at 0x480AB000, its interrupt M_IRQ_92 (the DMA's is M_IRQ_93, not
 *    modelled), the interface clock CM_ICLKEN1_CORE.EN_HSOTGUSB (bit 4,
 *    Linux's OMAP3 clock data; the functional clock is the ULPI PHY's
 *    60 MHz), 16 KiB of FIFO RAM;
 *  - the core's register layout and bits as Linux reads them:
 *    torvalds/linux drivers/usb/musb/musb_regs.h (FADDR ... LS_EOF1, the
 *    indexed CSRs at 0x10, the flat ones at 0x100 + 16 * n, FIFOs at
 *    0x20 + 4 * n, CSR0/TXCSR/RXCSR bits and which are write-0-to-clear),
 *    drivers/usb/musb/musb_gadget_ep0.c and musb_gadget.c (how the EP0
 *    and bulk handshakes go in peripheral mode), drivers/usb/musb/omap2430.h
 *    (OTG_REVISION 0x400, OTG_SYSCONFIG 0x404, OTG_SYSSTATUS 0x408,
 *    OTG_INTERFSEL 0x40C with PHYSEL 1 = 12-pin ULPI, OTG_SIMENABLE
 *    0x410, OTG_FORCESTDBY 0x414), Linux's omap3.dtsi usb_otg_hs node
 *    (reg 0x480ab000, interrupts 92 "mc" and 93 "dma", num-eps 16,
 *    ram-bits 12: 2^12 32-bit words, the 16 KiB) and the earlier board
 *    code arch/arm/mach-omap2/usb-musb.c (dynamic FIFOs, soft connect);
 *  - U-Boot drivers/usb/musb-new (the same core in a bootloader).
 *
 * Model:
 *  - every register access needs EN_HSOTGUSB (else bus error), and only
 *    that: the PHY's ULPI clock drives the USB side, not the L4 port
 *    (Linux's musb core reads CONFIGDATA, EPINFO and RAMINFO at probe,
 *    before omap2430's enable powers the PHY);
 *  - the device is on the bus (musb_attached) while the TWL4030's PHY is
 *    powered on its VUSB rails (twl4030_usb_phy_up), VBUS is present, the
 *    wrapper selects the 12-pin ULPI and POWER.SOFTCONN is set;
 *  - EP0: SETUP into the FIFO with CSR0.RXPKTRDY, SERVICEDRXPKTRDY,
 *    TXPKTRDY, DATAEND ending the data stage, the status stage, SENDSTALL
 *    -> SENTSTALL, SETUPEND when a new SETUP arrives mid-transfer; the EP0
 *    interrupt (INTRTX bit 0) for each of these;
 *  - endpoints 1-15: bulk IN (TXPKTRDY, sent -> INTRTX bit n) and OUT
 *    (RXPKTRDY, RXCOUNT -> INTRRX bit n), SENDSTALL, FLUSHFIFO, double
 *    buffering (FIFOSZ.DPB), packets kept in the 16 KiB FIFO RAM at the
 *    programmed TXFIFOADD/RXFIFOADD, so overlapping FIFOs corrupt data as
 *    they would on the part;
 *  - INTRTX/INTRRX/INTRUSB read-clear, their enables, the line to the INTC;
 *  - the registers a host uses, as storage that nothing acts on (no host
 *    transactions): TXTYPE, TXINTERVAL (NAKLIMIT0 for EP0), RXTYPE and
 *    RXINTERVAL of each endpoint (0x0A-0x0D of the indexed and flat CSRs),
 *    the target address block (0x80 + 8 * n: TXFUNCADDR, TXHUBADDR,
 *    TXHUBPORT, RXFUNCADDR, RXHUBADDR, RXHUBPORT at 0, 2, 3, 4, 6, 7) and
 *    ULPI_BUSCONTROL (0x70: USE_EXTVBUS, USE_EXTVBUSIND), which Linux's
 *    musb_save_context reads and musb_restore_context writes back
 *    (musb_regs.h offsets; the widths and bits those of musb_core.c and
 *    musb_host.c's writes);
 *  - reset, suspend, resume, disconnect (VBUS gone) in INTRUSB; FRAME
 *    counts 1 ms frames (USB 2.0 11.14: a high-speed host sends a SOF each
 *    125 us microframe, the frame number changes each 1 ms) while attached.
 * Values without a source at hand: CONFIGDATA 0xDE (UTMI-8, dynamic
 * FIFOs, bulk combine/split, HB-ISO, soft connect) and HWVERS 1.400 are
 * what OMAP3 boot logs of Linux's musb driver print, as remembered, not
 * checked; OTG_REVISION 0x33 (sysc.c's earlier value), OTG_INTERFSEL 1
 * and OTG_FORCESTDBY 1 at reset.
 * Strict: the DMA (0x200), the ULPI viewport (0x71-0x77), TESTMODE other than 0,
 * isochronous, DMA or auto-set/clear CSR bits, high-bandwidth MAXP
 * multipliers, a FIFO outside the RAM or over EP0's 64 bytes, a packet
 * larger than MAXP or its FIFO, FIFO reads past RXCOUNT: all stop the run
 * with the offset and the PC.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"
#include "tools/sim/musb.h"
#include "tools/sim/usbredir.h"

#define MUSB_BASE 0x480AB000u
#define MUSB_IRQ  92
#define RAM_BYTES 16384u    /* ram_bits 12: 4096 32-bit words */
#define EP0_BYTES 64u       /* EP0's FIFO: the first 64 bytes of the RAM */
#define NEP       16

/* common registers */
#define FADDR     0x00
#define POWER     0x01
#define INTRTX    0x02
#define INTRRX    0x04
#define INTRTXE   0x06
#define INTRRXE   0x08
#define INTRUSB   0x0A
#define INTRUSBE  0x0B
#define FRAME     0x0C
#define INDEX     0x0E
#define TESTMODE  0x0F
#define DEVCTL    0x60
#define TXFIFOSZ  0x62
#define RXFIFOSZ  0x63
#define TXFIFOADD 0x64
#define RXFIFOADD 0x66
#define HWVERS    0x6C
#define EPINFO    0x78
#define RAMINFO   0x79
#define LINKINFO  0x7A   /* 0x7A-0x7E: LINKINFO, VPLEN, HS/FS/LS_EOF1 */
/* endpoint registers, at 0x10 + r (INDEX) or 0x100 + 16 * n + r */
#define E_TXMAXP  0x0
#define E_CSR     0x2
#define E_RXMAXP  0x4
#define E_RXCSR   0x6
#define E_COUNT   0x8
#define E_CONFIG  0xF    /* CONFIGDATA for EP0 */
#define E_TXTYPE  0xA    /* TYPE0 for EP0 */
#define E_TXINTV  0xB    /* NAKLIMIT0 for EP0 */
#define E_RXTYPE  0xC
#define E_RXINTV  0xD
#define ULPI_BUSCONTROL 0x70
#define BUSCTL    0x80   /* 0x80 + 8 * n: endpoint n's target addresses */
/* wrapper */
#define OTG_REVISION   0x400
#define OTG_SYSCONFIG  0x404
#define OTG_SYSSTATUS  0x408
#define OTG_INTERFSEL  0x40C
#define OTG_SIMENABLE  0x410
#define OTG_FORCESTDBY 0x414

#define P_SOFTCONN 0x40
#define P_HSENAB   0x20
#define P_HSMODE   0x10
#define P_RESET    0x08
#define P_RESUME   0x04
#define P_SUSPENDM 0x02
#define P_ENSUSPEND 0x01
#define P_ISOUPDATE 0x80

#define I_SUSPEND  0x01
#define I_RESUME   0x02
#define I_RESET    0x04
#define I_SOF      0x08
#define I_DISCON   0x20

#define C0_FLUSH   0x0100
#define C0_SVDSETUPEND 0x80
#define C0_SVDRXPKTRDY 0x40
#define C0_SENDSTALL 0x20
#define C0_SETUPEND 0x10
#define C0_DATAEND 0x08
#define C0_SENTSTALL 0x04
#define C0_TXPKTRDY 0x02
#define C0_RXPKTRDY 0x01

#define TX_NOTMODELLED 0xD000  /* AUTOSET, ISO, DMAENAB */
#define TX_STORED  0x2C00      /* MODE, FRCDATATOG, DMAMODE */
#define TX_SENTSTALL 0x20
#define TX_SENDSTALL 0x10
#define TX_FLUSH   0x08
#define TX_FIFONOTEMPTY 0x02
#define TX_PKTRDY  0x01
#define RX_NOTMODELLED 0xE000  /* AUTOCLEAR, ISO, DMAENAB */
#define RX_STORED  0x1800      /* DISNYET, DMAMODE */
#define RX_SENTSTALL 0x40
#define RX_SENDSTALL 0x20
#define RX_FLUSH   0x10
#define RX_FIFOFULL 0x02
#define RX_PKTRDY  0x01

#define FIFOSZ_DPB 0x10

enum ep0_state { EP0_IDLE, EP0_TX, EP0_RX, EP0_NODATA, EP0_STATUS_OUT };

struct musb_dir {               /* one direction of an endpoint 1-15 */
	uint16_t maxp;
	uint16_t csr;               /* stored bits; the rest is computed */
	uint8_t fifosz;
	uint16_t fifoadd;
	uint16_t len[2];            /* the packets held, oldest at head */
	uint8_t npkt, head;
	uint16_t pos;               /* TX: bytes loaded; RX: bytes read of head */
	uint8_t type, interval;     /* host use: stored only */
	uint8_t funcaddr, hubaddr, hubport;
};

struct musb {
	uint8_t ram[RAM_BYTES];
	uint8_t faddr, power, intrusb, intrusbe, index;
	uint16_t intrtx, intrrx, intrtxe, intrrxe;
	uint8_t linkinfo[5];
	uint8_t busctl;             /* ULPI_BUSCONTROL */
	uint16_t csr0;
	enum ep0_state ep0;
	uint8_t ep0_rxlen, ep0_rxpos, ep0_txlen;
	struct musb_dir tx[NEP], rx[NEP];
	uint32_t sysconfig, interfsel, simenable, forcestdby;
	bool suspended;
	bool attached;              /* as last seen by musb_sync */
	bool hs;
	uint64_t attach_ps;         /* FRAME counts from here */
	uint16_t sof_frame;         /* frame number when INTRUSB was last read */
	uint64_t kick_ps;           /* the host should look at the bus then */
};

static struct musb *M(struct sim *s)
{
	return s->musb;
}

static bool fail(struct sim *s, uint32_t off, const char *why)
{
	sim_stop(s, SIM_FAULT, "USBOTG+0x%03x: %s at PC 0x%08x", off, why, sim_pc(s));
	return false;
}

static void update_irq(struct sim *s, struct musb *m)
{
	bool on = (m->intrtx & m->intrtxe) || (m->intrrx & m->intrrxe) ||
		  (m->intrusb & m->intrusbe);

	intc_set_line(s, MUSB_IRQ, on);
}

/* The firmware changed something a host polls for: the bridge looks at
 * the bus one microframe later (a host controller's retry interval). */
static void kick(struct sim *s, struct musb *m)
{
	m->kick_ps = sim_now_ps(s) + 125 * PS_PER_US;
	sim_event_at(s, m->kick_ps);
}

static void core_reset_regs(struct musb *m)
{
	static const uint8_t link[5] = { 0x5C, 0x3C, 0x80, 0x77, 0x72 };

	memset(m->tx, 0, sizeof(m->tx));
	memset(m->rx, 0, sizeof(m->rx));
	m->faddr = 0;
	m->power = P_HSENAB;
	m->intrtx = m->intrrx = 0;
	m->intrusb = 0;
	m->intrtxe = 0xFFFF;        /* Mentor's reset values: all TX/RX */
	m->intrrxe = 0xFFFE;        /* endpoint interrupts enabled, and */
	m->intrusbe = I_RESET | I_RESUME; /* reset + resume of the USB ones */
	m->index = 0;
	memcpy(m->linkinfo, link, sizeof(link));
	m->busctl = 0;
	m->csr0 = 0;
	m->ep0 = EP0_IDLE;
	m->ep0_rxlen = m->ep0_rxpos = m->ep0_txlen = 0;
	m->suspended = false;
	m->hs = false;
}

/* ------------------------------------------------------------ the bus */

bool musb_attached(struct sim *s)
{
	struct musb *m = M(s);

	return m && prcm_clk_on(s, CLK_HSOTGUSB) && twl4030_usb_phy_up(s) && s->cfg.vbus &&
	       (m->interfsel & 3) == 1 && (m->power & P_SOFTCONN);
}

bool musb_high_speed(struct sim *s)
{
	return M(s) && M(s)->hs;
}

static uint16_t frame_now(struct sim *s, struct musb *m)
{
	if (!m->attached)
		return 0;
	return (uint16_t)(((sim_now_ps(s) - m->attach_ps) / PS_PER_MS) & 0x7FF);
}

static void flush_all(struct musb *m)
{
	for (int i = 0; i < NEP; i++) {
		m->tx[i].npkt = m->rx[i].npkt = 0;
		m->tx[i].pos = m->rx[i].pos = 0;
		m->tx[i].csr &= (uint16_t)~(TX_SENDSTALL | TX_SENTSTALL);
		m->rx[i].csr &= (uint16_t)~(RX_SENDSTALL | RX_SENTSTALL);
	}
	m->csr0 = 0;
	m->ep0 = EP0_IDLE;
	m->ep0_rxlen = m->ep0_rxpos = m->ep0_txlen = 0;
}

void musb_bus_reset(struct sim *s)
{
	struct musb *m = M(s);

	if (!musb_attached(s))
		return;
	/* The core ends up in the default state: address 0, FIFOs empty;
	 * the chirp handshake makes it high speed when HSENAB is set. */
	if (!m->attached) {          /* the host saw the connect first */
		m->attached = true;
		m->attach_ps = sim_now_ps(s);
	}
	flush_all(m);
	m->faddr = 0;
	m->index = 0;
	m->suspended = false;
	m->hs = m->power & P_HSENAB;
	m->power = (uint8_t)((m->power & ~(P_HSMODE | P_SUSPENDM)) | (m->hs ? P_HSMODE : 0));
	m->intrusb |= I_RESET;
	update_irq(s, m);
}

void musb_bus_suspend(struct sim *s)
{
	struct musb *m = M(s);

	if (!musb_attached(s) || m->suspended)
		return;
	m->suspended = true;
	if (m->power & P_ENSUSPEND)
		m->power |= P_SUSPENDM;
	m->intrusb |= I_SUSPEND;
	update_irq(s, m);
}

void musb_bus_resume(struct sim *s)
{
	struct musb *m = M(s);

	if (!musb_attached(s) || !m->suspended)
		return;
	m->suspended = false;
	m->power &= (uint8_t)~P_SUSPENDM;
	m->intrusb |= I_RESUME;
	update_irq(s, m);
}

/* A transaction reaches the function: attached, not suspended, its address. */
static bool addressed(struct sim *s, struct musb *m, uint8_t addr)
{
	if (!musb_attached(s) || addr != m->faddr)
		return false;
	if (m->suspended)
		musb_bus_resume(s);  /* bus traffic ends a suspend */
	return true;
}

int musb_setup(struct sim *s, uint8_t addr, const uint8_t setup[8])
{
	struct musb *m = M(s);
	uint16_t wlength = (uint16_t)(setup[6] | setup[7] << 8);

	if (!addressed(s, m, addr))
		return USBT_ERR;
	/* A SETUP is always taken (USB 2.0 8.5.3): one arriving before the
	 * last transfer ended is SETUPEND; its unsent data is dropped. */
	if (m->ep0 != EP0_IDLE)
		m->csr0 |= C0_SETUPEND;
	m->csr0 &= (uint16_t)~(C0_TXPKTRDY | C0_DATAEND | C0_SENDSTALL);
	m->ep0_txlen = 0;
	memcpy(m->ram, setup, 8);
	m->ep0_rxlen = 8;
	m->ep0_rxpos = 0;
	m->csr0 |= C0_RXPKTRDY;
	m->ep0 = wlength == 0 ? EP0_NODATA : (setup[0] & 0x80) ? EP0_TX : EP0_RX;
	m->intrtx |= 1;
	update_irq(s, m);
	return 0;
}

static int ep0_stall(struct sim *s, struct musb *m)
{
	m->csr0 = (uint16_t)((m->csr0 & ~C0_SENDSTALL) | C0_SENTSTALL);
	m->ep0 = EP0_IDLE;
	m->intrtx |= 1;
	update_irq(s, m);
	return USBT_STALL;
}

static int ep0_in(struct sim *s, struct musb *m, uint8_t *buf, unsigned max)
{
	if ((m->csr0 & C0_SENDSTALL) && m->ep0 != EP0_IDLE)
		return ep0_stall(s, m);
	if (m->ep0 == EP0_TX) {
		unsigned n = m->ep0_txlen;

		if (!(m->csr0 & C0_TXPKTRDY))
			return USBT_NAK;
		if (n > max)
			return USBT_BABBLE;
		memcpy(buf, m->ram, n);
		m->ep0_txlen = 0;
		m->csr0 &= (uint16_t)~C0_TXPKTRDY;
		if (m->csr0 & C0_DATAEND) {
			m->csr0 &= (uint16_t)~C0_DATAEND;
			m->ep0 = EP0_STATUS_OUT;
		}
		m->intrtx |= 1;
		update_irq(s, m);
		return (int)n;
	}
	if (m->ep0 == EP0_RX || m->ep0 == EP0_NODATA) {
		/* the status stage: ACKed once the firmware said DATAEND */
		if ((m->csr0 & C0_RXPKTRDY) || !(m->csr0 & C0_DATAEND))
			return USBT_NAK;
		m->csr0 &= (uint16_t)~(C0_DATAEND | C0_TXPKTRDY);
		m->ep0 = EP0_IDLE;
		m->intrtx |= 1;
		update_irq(s, m);
		return 0;
	}
	return USBT_NAK;
}

static int ep0_out(struct sim *s, struct musb *m, const uint8_t *data, unsigned len)
{
	if ((m->csr0 & C0_SENDSTALL) && m->ep0 != EP0_IDLE)
		return ep0_stall(s, m);
	if (m->ep0 == EP0_RX) {
		if (m->csr0 & C0_RXPKTRDY)
			return USBT_NAK;
		if (len > EP0_BYTES)
			return USBT_ERR;
		memcpy(m->ram, data, len);
		m->ep0_rxlen = (uint8_t)len;
		m->ep0_rxpos = 0;
		m->csr0 |= C0_RXPKTRDY;
		m->intrtx |= 1;
		update_irq(s, m);
		return 0;
	}
	if (len == 0 && (m->ep0 == EP0_STATUS_OUT || m->ep0 == EP0_TX)) {
		/* status stage of an IN transfer; before DATAEND (the host
		 * took less than the firmware meant to send) it is SETUPEND */
		if (m->ep0 == EP0_TX)
			m->csr0 = (uint16_t)((m->csr0 & ~C0_TXPKTRDY) | C0_SETUPEND);
		m->ep0 = EP0_IDLE;
		m->ep0_txlen = 0;
		m->intrtx |= 1;
		update_irq(s, m);
		return 0;
	}
	return USBT_NAK;
}

static unsigned dir_size(const struct musb_dir *d)
{
	return 8u << (d->fifosz & 0xF);
}

static unsigned dir_slots(const struct musb_dir *d)
{
	return d->fifosz & FIFOSZ_DPB ? 2 : 1;
}

/* The FIFO's place in the RAM must hold MAXP and stay clear of EP0's. */
static bool dir_check(struct sim *s, const struct musb_dir *d, unsigned ep, bool tx)
{
	uint32_t start = d->fifoadd * 8u, end = start + dir_size(d) * dir_slots(d);
	char why[160];

	if ((d->fifosz & 0xF) > 9 || end > RAM_BYTES || start < EP0_BYTES ||
	    (d->maxp & 0x7FF) > dir_size(d)) {
		snprintf(why, sizeof(why), "EP%u %s FIFO at 0x%x, %u bytes%s, MAXP %u: outside the "
			 "16 KiB FIFO RAM, over EP0's 64 bytes, or smaller than MAXP", ep,
			 tx ? "TX" : "RX", start, dir_size(d), dir_slots(d) == 2 ? " x 2" : "",
			 d->maxp & 0x7FF);
		return fail(s, tx ? TXFIFOSZ : RXFIFOSZ, why);
	}
	return true;
}

int musb_in(struct sim *s, uint8_t addr, unsigned ep, uint8_t *buf, unsigned max)
{
	struct musb *m = M(s);
	struct musb_dir *d;
	unsigned n;

	if (ep >= NEP || !addressed(s, m, addr))
		return USBT_ERR;
	if (ep == 0)
		return ep0_in(s, m, buf, max);
	d = &m->tx[ep];
	if (!(d->maxp & 0x7FF))
		return USBT_ERR;
	if (d->csr & TX_SENDSTALL) {
		d->csr |= TX_SENTSTALL;
		m->intrtx |= (uint16_t)BIT(ep);
		update_irq(s, m);
		return USBT_STALL;
	}
	if (!d->npkt)
		return USBT_NAK;
	n = d->len[d->head];
	if (n > max)
		return USBT_BABBLE;
	memcpy(buf, m->ram + d->fifoadd * 8u + d->head * dir_size(d), n);
	d->head = (uint8_t)((d->head + 1) % dir_slots(d));
	d->npkt--;
	m->intrtx |= (uint16_t)BIT(ep);
	update_irq(s, m);
	return (int)n;
}

int musb_out(struct sim *s, uint8_t addr, unsigned ep, const uint8_t *data, unsigned len)
{
	struct musb *m = M(s);
	struct musb_dir *d;
	unsigned slot;

	if (ep >= NEP || !addressed(s, m, addr))
		return USBT_ERR;
	if (ep == 0)
		return ep0_out(s, m, data, len);
	d = &m->rx[ep];
	if (!(d->maxp & 0x7FF) || len > (d->maxp & 0x7FFu))
		return USBT_ERR;
	if (d->csr & RX_SENDSTALL) {
		d->csr |= RX_SENTSTALL;
		m->intrrx |= (uint16_t)BIT(ep);
		update_irq(s, m);
		return USBT_STALL;
	}
	if (d->npkt == dir_slots(d))
		return USBT_NAK;
	if (!dir_check(s, d, ep, false))
		return USBT_ERR;
	slot = (d->head + d->npkt) % dir_slots(d);
	memcpy(m->ram + d->fifoadd * 8u + slot * dir_size(d), data, len);
	d->len[slot] = (uint16_t)len;
	if (!d->npkt)
		d->pos = 0;
	d->npkt++;
	m->intrrx |= (uint16_t)BIT(ep);
	update_irq(s, m);
	return 0;
}

unsigned musb_maxp(struct sim *s, unsigned ep, bool in)
{
	struct musb *m = M(s);

	if (!m || ep >= NEP)
		return 0;
	if (ep == 0)
		return EP0_BYTES;
	return (in ? m->tx[ep].maxp : m->rx[ep].maxp) & 0x7FFu;
}

void musb_sync(struct sim *s)
{
	struct musb *m = M(s);
	bool now;

	if (!m)
		return;
	now = musb_attached(s);
	if (now != m->attached) {
		m->attached = now;
		if (now) {
			m->attach_ps = sim_now_ps(s);
			m->sof_frame = 0;
		} else if (!s->cfg.vbus || !twl4030_usb_phy_up(s)) {
			/* the session ended: VBUS (as the PHY reports it) gone */
			flush_all(m);
			m->intrusb |= I_DISCON;
			m->power &= (uint8_t)~P_HSMODE;
			update_irq(s, m);
		}
	}
	/* SOF: an interrupt each frame while enabled; announce the next */
	if (m->attached && !m->suspended && (m->intrusbe & I_SOF)) {
		uint64_t t = sim_now_ps(s) - m->attach_ps;

		if (frame_now(s, m) != m->sof_frame) {
			m->intrusb |= I_SOF;
			update_irq(s, m);
		}
		sim_event_at(s, m->attach_ps + (t / PS_PER_MS + 1) * PS_PER_MS);
	}
	if (s->usbredir)
		usbredir_poll(s);
}

/* ------------------------------------------------------------ FIFOs */

static int fifo_read(struct sim *s, struct musb *m, uint32_t off, unsigned size, uint32_t *val)
{
	unsigned ep = (off - 0x20) / 4;
	const uint8_t *src;
	struct musb_dir *d = &m->rx[ep];

	*val = 0;
	if (ep == 0) {
		if (!(m->csr0 & C0_RXPKTRDY))
			return fail(s, off, "FIFO0 read without RXPKTRDY");
		if (m->ep0_rxpos + size > m->ep0_rxlen)
			return fail(s, off, "FIFO0 read past COUNT0");
		src = m->ram + m->ep0_rxpos;
		m->ep0_rxpos = (uint8_t)(m->ep0_rxpos + size);
	} else {
		if (!d->npkt)
			return fail(s, off, "FIFO read without a received packet (RXPKTRDY clear)");
		if (d->pos + size > d->len[d->head])
			return fail(s, off, "FIFO read past RXCOUNT");
		src = m->ram + d->fifoadd * 8u + d->head * dir_size(d) + d->pos;
		d->pos = (uint16_t)(d->pos + size);
	}
	for (unsigned i = 0; i < size; i++)
		*val |= (uint32_t)src[i] << (8 * i);
	return 0;
}

static int fifo_write(struct sim *s, struct musb *m, uint32_t off, unsigned size, uint32_t val)
{
	unsigned ep = (off - 0x20) / 4;
	uint8_t *dst;
	struct musb_dir *d = &m->tx[ep];

	if (ep == 0) {
		if (m->csr0 & C0_TXPKTRDY)
			return fail(s, off, "FIFO0 written while TXPKTRDY is set");
		if (m->ep0_txlen + size > EP0_BYTES)
			return fail(s, off, "FIFO0 written past its 64 bytes");
		dst = m->ram + m->ep0_txlen;
		m->ep0_txlen = (uint8_t)(m->ep0_txlen + size);
	} else {
		unsigned slot = (d->head + d->npkt) % dir_slots(d);

		if (d->npkt == dir_slots(d))
			return fail(s, off, "FIFO written while TXPKTRDY is set (FIFO full)");
		if (d->pos + size > dir_size(d))
			return fail(s, off, "FIFO written past its TXFIFOSZ");
		if (d->fifoadd * 8u + slot * dir_size(d) + d->pos + size > RAM_BYTES)
			return fail(s, off, "FIFO written past the 16 KiB FIFO RAM");
		dst = m->ram + d->fifoadd * 8u + slot * dir_size(d) + d->pos;
		d->pos = (uint16_t)(d->pos + size);
	}
	for (unsigned i = 0; i < size; i++)
		dst[i] = (uint8_t)(val >> (8 * i));
	return 0;
}

/* ------------------------------------------------------------ registers */

/* The width of the register at off (0: no register starts there). */
static unsigned reg_width(uint32_t off)
{
	switch (off) {
	case FADDR: case POWER: case INTRUSB: case INTRUSBE: case INDEX: case TESTMODE:
	case DEVCTL: case TXFIFOSZ: case RXFIFOSZ: case EPINFO: case RAMINFO:
	case 0x7A: case 0x7B: case 0x7C: case 0x7D: case 0x7E: case ULPI_BUSCONTROL:
		return 1;
	case INTRTX: case INTRRX: case INTRTXE: case INTRRXE: case FRAME:
	case TXFIFOADD: case RXFIFOADD: case HWVERS:
		return 2;
	}
	if ((off >= 0x10 && off < 0x20) || (off >= 0x100 && off < 0x200)) {
		switch (off & 0xF) {
		case E_TXMAXP: case E_CSR: case E_RXMAXP: case E_RXCSR: case E_COUNT:
			return 2;
		case E_CONFIG: case E_TXTYPE: case E_TXINTV: case E_RXTYPE: case E_RXINTV:
			return 1;
		}
	}
	if (off >= BUSCTL && off < BUSCTL + 8 * NEP && (off & 7) != 1 && (off & 7) != 5)
		return 1;
	return 0;
}

/* The host-use register at off (TYPE/INTERVAL of an endpoint, the target
 * address block), or NULL; *wmask its bits. */
static uint8_t *host_reg(struct musb *m, uint32_t off, uint8_t *wmask)
{
	if ((off >= 0x10 && off < 0x20) || (off >= 0x100 && off < 0x200)) {
		unsigned ep = off < 0x100 ? m->index : (off - 0x100) / 16;

		*wmask = 0xFF;
		switch (off & 0xF) {
		case E_TXTYPE: return &m->tx[ep].type;
		case E_TXINTV: return &m->tx[ep].interval;
		case E_RXTYPE: return &m->rx[ep].type;
		case E_RXINTV: return &m->rx[ep].interval;
		}
		return NULL;
	}
	if (off >= BUSCTL && off < BUSCTL + 8 * NEP) {
		unsigned ep = (off - BUSCTL) / 8;
		struct musb_dir *d = (off & 4) ? &m->rx[ep] : &m->tx[ep];

		switch (off & 3) {
		case 0: *wmask = 0x7F; return &d->funcaddr;   /* FUNCADDR */
		case 2: *wmask = 0xFF; return &d->hubaddr;    /* HUBADDR: bit 7 MULTI_TT */
		case 3: *wmask = 0x7F; return &d->hubport;
		}
	}
	return NULL;
}

static unsigned cur_ep(struct musb *m, uint32_t off)
{
	return off < 0x100 ? m->index : (off - 0x100) / 16;
}

static uint16_t ep_read(struct musb *m, unsigned ep, unsigned r)
{
	struct musb_dir *t = &m->tx[ep], *x = &m->rx[ep];

	if (ep == 0) {
		switch (r) {
		case E_CSR: return m->csr0;
		case E_COUNT: return (m->csr0 & C0_RXPKTRDY) ? m->ep0_rxlen : 0;
		case E_CONFIG: return 0xDE;  /* see the header */
		}
		return 0;    /* TXMAXP/RXMAXP of EP0 read as 0 */
	}
	switch (r) {
	case E_TXMAXP: return t->maxp;
	case E_CSR:
		return (uint16_t)(t->csr | (t->npkt ? TX_FIFONOTEMPTY : 0) |
				  (t->npkt == dir_slots(t) ? TX_PKTRDY : 0));
	case E_RXMAXP: return x->maxp;
	case E_RXCSR:
		return (uint16_t)(x->csr | (x->npkt ? RX_PKTRDY : 0) |
				  (x->npkt == dir_slots(x) ? RX_FIFOFULL : 0));
	case E_COUNT: return x->npkt ? x->len[x->head] : 0;
	}
	return 0;
}

static int reg_read(struct sim *s, struct musb *m, uint32_t off, uint32_t *v)
{
	unsigned ep;

	switch (off) {
	case FADDR: *v = m->faddr; return 0;
	case POWER: *v = m->power; return 0;
	case INTRTX: *v = m->intrtx; m->intrtx = 0; update_irq(s, m); return 0;
	case INTRRX: *v = m->intrrx; m->intrrx = 0; update_irq(s, m); return 0;
	case INTRTXE: *v = m->intrtxe; return 0;
	case INTRRXE: *v = m->intrrxe; return 0;
	case INTRUSB:
		*v = m->intrusb;
		m->intrusb = 0;
		m->sof_frame = frame_now(s, m);
		update_irq(s, m);
		return 0;
	case INTRUSBE: *v = m->intrusbe; return 0;
	case FRAME: *v = frame_now(s, m); return 0;
	case INDEX: *v = m->index; return 0;
	case TESTMODE: *v = 0; return 0;
	case DEVCTL: {
		/* B-device (the ID pin floats); VBUS as the PHY reports it;
		 * a B-device's session runs while VBUS is valid */
		bool vb = s->cfg.vbus && twl4030_usb_phy_up(s);

		*v = 0x80 | (vb ? 0x18 | 0x01 : 0);
		return 0;
	}
	case TXFIFOSZ: case RXFIFOSZ: case TXFIFOADD: case RXFIFOADD:
		*v = off == TXFIFOSZ ? m->tx[m->index].fifosz : off == RXFIFOSZ ?
		     m->rx[m->index].fifosz : off == TXFIFOADD ? m->tx[m->index].fifoadd :
		     m->rx[m->index].fifoadd;
		return 0;
	case HWVERS: *v = 0x0590; return 0;   /* 1.400: see the header */
	case EPINFO: *v = 0xFF; return 0;     /* 15 RX, 15 TX endpoints */
	case RAMINFO: *v = 0x8C; return 0;    /* 8 DMA channels, 12 RAM bits */
	case ULPI_BUSCONTROL: *v = m->busctl; return 0;
	}
	{
		uint8_t wm, *h = host_reg(m, off, &wm);

		if (h) {
			*v = *h;
			return 0;
		}
	}
	if (off >= LINKINFO && off <= LINKINFO + 4) {
		*v = m->linkinfo[off - LINKINFO];
		return 0;
	}
	ep = cur_ep(m, off);
	if ((off & 0xF) == E_CONFIG && ep != 0)
		return SIM_EUNIMPL;   /* FIFOSIZE: only with static FIFOs */
	*v = ep_read(m, ep, off & 0xF);
	return 0;
}

static bool csr0_write(struct sim *s, struct musb *m, uint32_t off, uint16_t v)
{
	if (v & 0xFE00)
		return fail(s, off, "CSR0 host-mode bits written in peripheral mode");
	if ((v & C0_FLUSH) && (m->csr0 & (C0_TXPKTRDY | C0_RXPKTRDY))) {
		m->csr0 &= (uint16_t)~(C0_TXPKTRDY | C0_RXPKTRDY);
		m->ep0_txlen = m->ep0_rxlen = m->ep0_rxpos = 0;
	}
	if (v & C0_SVDSETUPEND)
		m->csr0 &= (uint16_t)~C0_SETUPEND;
	if (v & C0_SVDRXPKTRDY)
		m->csr0 &= (uint16_t)~C0_RXPKTRDY;
	if (!(v & C0_SENTSTALL))
		m->csr0 &= (uint16_t)~C0_SENTSTALL;
	if (v & C0_SENDSTALL)
		m->csr0 |= C0_SENDSTALL;
	if (v & C0_DATAEND)
		m->csr0 |= C0_DATAEND;
	/* TXPKTRDY already set: a read-modify-write, nothing new */
	if ((v & C0_TXPKTRDY) && !(m->csr0 & C0_TXPKTRDY)) {
		if (m->csr0 & C0_RXPKTRDY)
			return fail(s, off, "CSR0.TXPKTRDY while the received packet is not "
				    "serviced (SERVICEDRXPKTRDY)");
		/* with no data stage it may go with DATAEND (Linux does so
		 * for an IN request of wLength 0): the status stage's empty
		 * packet, which the core sends anyway */
		if (m->ep0 == EP0_NODATA && m->ep0_txlen)
			return fail(s, off, "CSR0.TXPKTRDY with data in a control transfer "
				    "without a data stage");
		if (m->ep0 != EP0_TX && m->ep0 != EP0_NODATA && !(m->csr0 & C0_SETUPEND))
			return fail(s, off, "CSR0.TXPKTRDY outside the data stage of an IN "
				    "control transfer");
		if (m->ep0 == EP0_TX || m->ep0 == EP0_NODATA)
			m->csr0 |= C0_TXPKTRDY;
	}
	kick(s, m);
	return true;
}

static bool maxp_write(struct sim *s, uint32_t off, struct musb_dir *d, uint16_t v)
{
	if (v & 0xF800)
		return fail(s, off, "MAXP multiplier (high-bandwidth / packet splitting) "
			    "not modelled");
	if ((v & 0x7FF) > 1024)
		return fail(s, off, "MAXP above 1024 bytes");
	d->maxp = v;
	return true;
}

static bool txcsr_write(struct sim *s, struct musb *m, uint32_t off, unsigned ep, uint16_t v)
{
	struct musb_dir *d = &m->tx[ep];

	if (v & TX_NOTMODELLED)
		return fail(s, off, "TXCSR AUTOSET, ISO or DMAENAB: not modelled");
	d->csr = (uint16_t)((d->csr & ~(TX_STORED | TX_SENDSTALL)) |
			    (v & (TX_STORED | TX_SENDSTALL)));
	if (!(v & TX_SENTSTALL))
		d->csr &= (uint16_t)~TX_SENTSTALL;
	if (v & TX_FLUSH) {
		d->npkt = 0;
		d->pos = 0;
		d->head = 0;
	}
	/* written 1 while it reads 1 (the FIFO full) and nothing loaded since:
	 * a read-modify-write, nothing new */
	if ((v & TX_PKTRDY) && !(d->npkt == dir_slots(d) && d->pos == 0)) {
		if (d->npkt == dir_slots(d))
			return fail(s, off, "TXCSR.TXPKTRDY set while the FIFO is full");
		if (!dir_check(s, d, ep, true))
			return false;
		if (d->pos > (d->maxp & 0x7FFu))
			return fail(s, off, "TXPKTRDY with more bytes in the FIFO than TXMAXP");
		d->len[(d->head + d->npkt) % dir_slots(d)] = d->pos;
		d->npkt++;
		d->pos = 0;
	}
	kick(s, m);
	return true;
}

static bool rxcsr_write(struct sim *s, struct musb *m, uint32_t off, unsigned ep, uint16_t v)
{
	struct musb_dir *d = &m->rx[ep];

	if (v & RX_NOTMODELLED)
		return fail(s, off, "RXCSR AUTOCLEAR, ISO or DMAENAB: not modelled");
	d->csr = (uint16_t)((d->csr & ~(RX_STORED | RX_SENDSTALL)) |
			    (v & (RX_STORED | RX_SENDSTALL)));
	if (!(v & RX_SENTSTALL))
		d->csr &= (uint16_t)~RX_SENTSTALL;
	/* FLUSHFIFO or RXPKTRDY written 0: the oldest packet is gone */
	if (d->npkt && ((v & RX_FLUSH) || !(v & RX_PKTRDY))) {
		d->head = (uint8_t)((d->head + 1) % dir_slots(d));
		d->npkt--;
		d->pos = 0;
		if (d->npkt) {
			m->intrrx |= (uint16_t)BIT(ep);  /* the second buffer's packet */
			update_irq(s, m);
		}
	}
	kick(s, m);
	return true;
}

static bool ep_write(struct sim *s, struct musb *m, uint32_t off, uint16_t v)
{
	unsigned ep = cur_ep(m, off), r = off & 0xF;

	if (ep == 0) {
		if (r == E_CSR)
			return csr0_write(s, m, off, v);
		return fail(s, off, "EP0 has no writable register here");
	}
	switch (r) {
	case E_TXMAXP: return maxp_write(s, off, &m->tx[ep], v);
	case E_RXMAXP: return maxp_write(s, off, &m->rx[ep], v);
	case E_CSR: return txcsr_write(s, m, off, ep, v);
	case E_RXCSR: return rxcsr_write(s, m, off, ep, v);
	}
	return fail(s, off, "read-only register written");
}

static bool reg_write(struct sim *s, struct musb *m, uint32_t off, uint32_t v)
{
	switch (off) {
	case FADDR:
		m->faddr = v & 0x7F;
		return true;
	case POWER:
		/* ISOUPDATE only matters to isochronous endpoints (none here);
		 * Linux's musb_start sets it with HSENAB */
		if ((v & P_RESUME) && m->suspended) {
			m->suspended = false;   /* remote wake-up: the host resumes */
			m->power &= (uint8_t)~P_SUSPENDM;
		}
		m->power = (uint8_t)((m->power & (P_HSMODE | P_SUSPENDM)) |
				     (v & (P_ISOUPDATE | P_SOFTCONN | P_HSENAB | P_RESUME |
					   P_ENSUSPEND)));
		kick(s, m);
		return true;
	case INTRTXE: m->intrtxe = (uint16_t)v; update_irq(s, m); return true;
	case INTRRXE: m->intrrxe = (uint16_t)(v & 0xFFFE); update_irq(s, m); return true;
	case INTRUSBE: m->intrusbe = (uint8_t)v; update_irq(s, m); kick(s, m); return true;
	case INDEX: m->index = v & 0xF; return true;
	case TESTMODE:
		if (v)
			return fail(s, off, "TESTMODE: test modes not modelled");
		return true;
	case DEVCTL: {
		/* BDEVICE, FSDEV, LSDEV, VBUS and HOSTMODE are read-only (a
		 * read-modify-write writes them back); HOSTREQ asks for HNP;
		 * SESSION set without a session is SRP; cleared, on a B-device
		 * in session, it is the documented software disconnect in
		 * suspend, which the model does not act on */
		bool session = s->cfg.vbus && twl4030_usb_phy_up(s);
		char why[96];

		if (v & 0x02) {
			snprintf(why, sizeof(why), "DEVCTL 0x%02x: HOSTREQ (HNP) not modelled", v);
			return fail(s, off, why);
		}
		if ((v & 1) && !session) {
			snprintf(why, sizeof(why), "DEVCTL 0x%02x: SESSION without VBUS (SRP) not "
				 "modelled", v);
			return fail(s, off, why);
		}
		return true;
	}
	case TXFIFOSZ: case RXFIFOSZ: case TXFIFOADD: case RXFIFOADD: {
		struct musb_dir *d;

		/* INDEX 0 takes them (Linux's fifo_setup writes EP0's 64
		 * bytes at 0), but EP0 keeps its fixed FIFO */
		d = off == TXFIFOSZ || off == TXFIFOADD ? &m->tx[m->index] : &m->rx[m->index];
		if (off == TXFIFOSZ || off == RXFIFOSZ) {
			if ((v & 0xF) > 9)
				return fail(s, off, "FIFOSZ above 4096 bytes");
			d->fifosz = v & 0x1F;
		} else {
			if (v & ~0x1FFFu)
				return fail(s, off, "FIFOADD beyond the address field");
			d->fifoadd = (uint16_t)v;
		}
		d->npkt = 0;
		d->pos = d->head = 0;
		return true;
	}
	}
	if (off >= LINKINFO && off <= LINKINFO + 4) {
		m->linkinfo[off - LINKINFO] = (uint8_t)v;
		return true;
	}
	if (off == ULPI_BUSCONTROL) {
		m->busctl = v & 3;      /* ULPI_USE_EXTVBUS, ULPI_USE_EXTVBUSIND */
		return true;
	}
	{
		uint8_t wm, *h = host_reg(m, off, &wm);

		if (h) {
			*h = (uint8_t)(v & wm);
			return true;
		}
	}
	if ((off >= 0x10 && off < 0x20) || (off >= 0x100 && off < 0x200))
		return ep_write(s, m, off, (uint16_t)v);
	return fail(s, off, "read-only register written");
}

static int wrapper_access(struct sim *s, struct musb *m, uint32_t off, unsigned size,
			  bool write, uint32_t *v)
{
	if (size != 4 || (off & 3))
		return SIM_EBUS;
	switch (off) {
	case OTG_REVISION:
		if (!write)
			*v = 0x33;   /* sysc.c's value; no source */
		return 0;
	case OTG_SYSCONFIG:
		if (!write) {
			*v = m->sysconfig;
		} else if (*v & 2) {   /* SOFTRST: done at once */
			core_reset_regs(m);
			m->sysconfig = 0;
			m->interfsel = 1;
			m->forcestdby = 1;
			m->simenable = 0;
			update_irq(s, m);
		} else {
			m->sysconfig = *v & 0x301D;
		}
		return 0;
	case OTG_SYSSTATUS:
		if (!write)
			*v = 1;      /* RESETDONE */
		return 0;
	case OTG_INTERFSEL:
		if (!write)
			*v = m->interfsel;
		else
			m->interfsel = *v & 7;
		kick(s, m);
		return 0;
	case OTG_SIMENABLE:
		if (!write)
			*v = m->simenable;
		else if (*v & 1)
			return fail(s, off, "OTG_SIMENABLE.TM1 (simulation mode) not modelled");
		return 0;
	case OTG_FORCESTDBY:
		if (!write)
			*v = m->forcestdby;
		else
			m->forcestdby = *v & 1;
		return 0;
	}
	return SIM_EUNIMPL;
}

/* What the bytes of a 16-bit register that a narrower write leaves out
 * are taken as: its value, except that a control/status register's
 * action bits stay 0 and its write-0-to-clear bits 1 (nothing happens to
 * them), as a driver's read-modify-write would do. */
static uint32_t keep_value(struct sim *s, struct musb *m, uint32_t reg)
{
	unsigned ep = cur_ep(m, reg);
	uint32_t v = 0;

	if ((reg >= 0x10 && reg < 0x20) || (reg >= 0x100 && reg < 0x200)) {
		if ((reg & 0xF) == E_CSR && ep == 0)
			return C0_SENTSTALL;
		if ((reg & 0xF) == E_CSR)
			return (m->tx[ep].csr & (TX_STORED | TX_SENDSTALL)) | TX_SENTSTALL | 0x04;
		if ((reg & 0xF) == E_RXCSR)
			return (m->rx[ep].csr & (RX_STORED | RX_SENDSTALL)) | RX_SENTSTALL |
			       RX_PKTRDY | 0x04;
	}
	if (reg == INTRTX || reg == INTRRX)
		return 0;                   /* read-only: the write stops the run */
	reg_read(s, m, reg, &v);
	return v;
}

/* An access covers registers or parts of 16-bit ones (Linux reads COUNT0
 * with a byte read); a read-clear register loses only the bits read. */
static int musb_access(struct sim *s, void *opaque, uint32_t off, unsigned size, bool write,
		       uint32_t *val)
{
	struct musb *m = opaque;
	uint32_t out = 0, in = *val;

	if (!prcm_clk_on(s, CLK_HSOTGUSB))
		return SIM_EBUS;
	if (off >= 0x400)
		return wrapper_access(s, m, off, size, write, val);
	if (off >= 0x20 && off < 0x60) {
		if (off & (size - 1))
			return SIM_EBUS;
		if ((off & 3) + size > 4)
			return SIM_EBUS;
		/* a narrower access at FIFOn + 1..3 is still FIFO n */
		off &= ~3u;
		if (write)
			return fifo_write(s, m, off, size, in);
		return fifo_read(s, m, off, size, val);
	}
	for (unsigned done = 0; done < size && !s->result;) {
		uint32_t a = off + done, reg = a, mask;
		unsigned w = reg_width(a), lo, n;

		if (!w && a > 0 && reg_width(a - 1) == 2) {
			reg = a - 1;
			w = 2;
		}
		if (!w)
			return SIM_EUNIMPL;
		lo = a - reg;                          /* first byte of reg taken */
		n = w - lo < size - done ? w - lo : size - done;
		mask = ((1u << (8 * n)) - 1) << (8 * lo);
		if (write) {
			uint32_t part = ((in >> (8 * done)) << (8 * lo)) & mask;
			uint32_t keep = n == w ? 0 : keep_value(s, m, reg);

			reg_write(s, m, reg, (keep & ~mask) | part);
		} else {
			uint32_t v = 0;
			int r = reg_read(s, m, reg, &v);

			if (r)
				return r;
			if (n != w && (reg == INTRTX || reg == INTRRX)) {
				if (reg == INTRTX)       /* the other byte stays pending */
					m->intrtx |= (uint16_t)(v & ~mask);
				else
					m->intrrx |= (uint16_t)(v & ~mask);
				update_irq(s, m);
			}
			out |= ((v & mask) >> (8 * lo)) << (8 * done);
		}
		done += n;
	}
	if (!write)
		*val = out;
	return 0;
}

static int musb_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	*val = 0;
	return musb_access(s, opaque, off, size, false, val);
}

static int musb_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	return musb_access(s, opaque, off, size, true, &val);
}

void musb_init(struct sim *s)
{
	struct musb *m = calloc(1, sizeof(*m));
	struct sim_dev d = { .name = "USBOTG", .base = MUSB_BASE, .size = 0x1000,
			     .read = musb_read, .write = musb_write };

	if (!m)
		abort();
	core_reset_regs(m);
	m->interfsel = 1;     /* 12-pin ULPI (no source for the reset value) */
	m->forcestdby = 1;    /* no source; Linux and U-Boot clear ENABLEFORCE */
	d.opaque = m;
	s->musb = m;
	model_add_dev(s, &d);
}
