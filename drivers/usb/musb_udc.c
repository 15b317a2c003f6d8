// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The OMAP3 HS USB OTG controller in peripheral mode, polled (OMAP35x/
 * DM37x TRM chapter 16 "High-Speed USB OTG Controller": 16.1 the OMAP
 * wrapper registers OTG_SYSCONFIG/SYSSTATUS/INTERFSEL/FORCESTDBY; the
 * Mentor core's common, indexed and FIFO registers; "Peripheral mode" EP0
 * control transfers and bulk endpoints; dynamic FIFO sizing). Register
 * names follow the TRM; docs/references.md "MUSB peripheral" lists what
 * else was read.
 *
 * EP0: a SETUP packet (CSR0.RXPKTRDY, 8 bytes) goes to lib/usb/usb_ctrl; its
 * answer drives the data stage 64 bytes at a time, DATAEND with the last
 * packet; the next EP0 interrupt with no other CSR0 event is the end of
 * the status stage, and only then is a new address written to FADDR.
 * Interrupt status registers are read (and so cleared) by musb_udc_poll();
 * no interrupt line is used.
 */
#include "drivers/usb/musb_udc.h"
#include "drivers/usb/musb_regs.h"

#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

#define EP0_SIZE	64
#define BULK_EP		1
#define EP1_IN		0x81
#define EP1_OUT		0x01
/* FIFO RAM: EP0's 64 bytes are fixed at 0; then EP1 IN and EP1 OUT */
#define EP1_TX_FIFO	64
#define EP1_RX_FIFO	(64 + 512)
#define FIFO_SZ_512	6	/* 8 << 6 */

#define RESET_US	10000
#define CSR_US		1000

static inline uint8_t rb(struct musb_udc *m, unsigned off) { return readb(m->base + off); }
static inline uint16_t rw(struct musb_udc *m, unsigned off) { return readw(m->base + off); }
static inline void wb(struct musb_udc *m, unsigned off, uint8_t v) { writeb(v, m->base + off); }
static inline void ww(struct musb_udc *m, unsigned off, uint16_t v) { writew(v, m->base + off); }

/* FIFO access: words while four bytes remain, then bytes (the core
 * accepts 8-, 16- and 32-bit FIFO accesses). */
static void fifo_read(struct musb_udc *m, unsigned ep, uint8_t *buf, unsigned n)
{
	uintptr_t f = m->base + FIFO(ep);
	uint32_t w;

	for (; n >= 4; n -= 4, buf += 4) {
		w = readl(f);
		memcpy(buf, &w, 4);
	}
	while (n--)
		*buf++ = readb(f);
}

static void fifo_drop(struct musb_udc *m, unsigned ep, unsigned n)
{
	while (n--)
		(void)readb(m->base + FIFO(ep));
}

static void fifo_write(struct musb_udc *m, unsigned ep, const uint8_t *buf, unsigned n)
{
	uintptr_t f = m->base + FIFO(ep);
	uint32_t w;

	for (; n >= 4; n -= 4, buf += 4) {
		memcpy(&w, buf, 4);
		writel(w, f);
	}
	while (n--)
		writeb(*buf++, f);
}

/* EP1 IN and OUT as after a reset: packet size, data toggles cleared, FIFOs
 * flushed, not stalled. */
static void ep1_setup(struct musb_udc *m)
{
	uint16_t csr;

	wb(m, INDEX, BULK_EP);
	ww(m, TXMAXP, m->bulk_size);
	csr = rw(m, TXCSR);
	if (csr & TXCSR_FIFONOTEMPTY)
		ww(m, TXCSR, TXCSR_MODE | TXCSR_FLUSHFIFO);
	ww(m, TXCSR, TXCSR_MODE | TXCSR_CLRDATATOG);
	ww(m, RXMAXP, m->bulk_size);
	csr = rw(m, RXCSR);
	if (csr & RXCSR_RXPKTRDY)
		ww(m, RXCSR, RXCSR_FLUSHFIFO);
	ww(m, RXCSR, RXCSR_CLRDATATOG);
	wb(m, INDEX, 0);
	m->halted = 0;
}

int musb_udc_init(struct musb_udc *m, const struct musb_udc_config *cfg, struct usb_ctrl *ctrl)
{
	int err;

	memset(m, 0, sizeof(*m));
	m->base = cfg->base;
	m->ctrl = ctrl;
	m->bulk_size = 512;
	/* the wrapper's soft reset resets the core too; it completes only
	 * with the interface clock and the PHY's ULPI clock running */
	writel(SYSC_SOFTRESET, m->base + OTG_SYSCONFIG);
	err = poll32(m->base + OTG_SYSSTATUS, SYSS_RESETDONE, SYSS_RESETDONE, RESET_US);
	if (err)
		return err;
	/* polled: never idle or standby while gtaboot drives it */
	writel(SYSC_NOIDLE | SYSC_NOSTDBY, m->base + OTG_SYSCONFIG);
	writel(INTERFSEL_ULPI_12PIN, m->base + OTG_INTERFSEL);
	writel(0, m->base + OTG_FORCESTDBY);
	wb(m, POWER, POWER_HSENAB);             /* not connected yet */
	wb(m, FADDR, 0);
	/* the events polled for are enabled, so that their status bits are
	 * set whatever the core does with masked ones; the interrupt line
	 * stays unused (the INTC masks it) */
	ww(m, INTRTXE, BIT(0) | BIT(BULK_EP));
	ww(m, INTRRXE, BIT(BULK_EP));
	wb(m, INTRUSBE, USB_SUSPEND | USB_RESUME | USB_RESET | USB_DISCON);
	(void)rb(m, INTRUSB);
	(void)rw(m, INTRTX);
	(void)rw(m, INTRRX);
	/* dynamic FIFOs: EP1 IN and OUT, 512 bytes each, single-buffered */
	wb(m, INDEX, BULK_EP);
	wb(m, TXFIFOSZ, FIFO_SZ_512);
	ww(m, TXFIFOADD, EP1_TX_FIFO / 8);
	wb(m, RXFIFOSZ, FIFO_SZ_512);
	ww(m, RXFIFOADD, EP1_RX_FIFO / 8);
	ep1_setup(m);
	m->ep0 = EP0_IDLE;
	return 0;
}

void musb_udc_connect(struct musb_udc *m, bool on)
{
	if (on) {
		wb(m, DEVCTL, (uint8_t)(rb(m, DEVCTL) | DEVCTL_SESSION));
		wb(m, POWER, POWER_HSENAB | POWER_SOFTCONN);
	} else {
		wb(m, POWER, POWER_HSENAB);
	}
	m->connected = on;
	m->ep0 = EP0_IDLE;
}

bool musb_udc_vbus_valid(struct musb_udc *m)
{
	return (rb(m, DEVCTL) & DEVCTL_VBUS) == DEVCTL_VBUS;
}

static void bus_reset(struct musb_udc *m)
{
	m->resets++;
	wb(m, FADDR, 0);
	m->high_speed = rb(m, POWER) & POWER_HSMODE;
	m->bulk_size = m->high_speed ? 512 : 64;
	m->ep0 = EP0_IDLE;
	m->tx_left = 0;
	usb_ctrl_bus_reset(m->ctrl);
	ep1_setup(m);
}

/* What SET/CLEAR_FEATURE(ENDPOINT_HALT) and SET_CONFIGURATION/INTERFACE
 * asked of EP1 (lib/usb/usb_ctrl keeps the state, the core stalls). */
static void apply_halts(struct musb_udc *m)
{
	const struct usb_device_info *info = m->ctrl->info;
	unsigned i;

	/* SET_CONFIGURATION or SET_INTERFACE: the chirp is long over, so
	 * POWER.HSMODE now says the speed for certain (at the reset
	 * interrupt it may not yet) */
	if (m->ctrl->toggle_reset && m->high_speed != !!(rb(m, POWER) & POWER_HSMODE)) {
		m->high_speed = !m->high_speed;
		m->bulk_size = m->high_speed ? 512 : 64;
		ep1_setup(m);
	}
	for (i = 0; i < info->neps && i < USB_MAX_EPS; i++) {
		bool halt = m->ctrl->halted & (1u << i), clr = m->ctrl->toggle_reset & (1u << i);

		if (halt == !!(m->halted & (1u << i)) && !clr)
			continue;
		wb(m, INDEX, BULK_EP);
		if (info->eps[i] == EP1_IN)
			ww(m, TXCSR, (uint16_t)(TXCSR_MODE | (halt ? TXCSR_SENDSTALL : 0) |
						(clr ? TXCSR_CLRDATATOG : 0)));
		else if (info->eps[i] == EP1_OUT)
			ww(m, RXCSR, (uint16_t)((halt ? RXCSR_SENDSTALL : 0) |
						(clr ? RXCSR_CLRDATATOG : 0)));
		wb(m, INDEX, 0);
		m->halted = (uint8_t)((m->halted & ~(1u << i)) | (halt ? 1u << i : 0));
	}
	m->ctrl->toggle_reset = 0;
}

/* The next packet of an IN data stage; DATAEND with the last. */
static void ep0_tx_next(struct musb_udc *m)
{
	unsigned n = m->tx_left > EP0_SIZE ? EP0_SIZE : m->tx_left;
	bool last;

	fifo_write(m, 0, m->tx, n);
	m->tx += n;
	m->tx_left = (uint16_t)(m->tx_left - n);
	/* a short packet ends the stage; a full one ends it only when no
	 * zero-length packet has to follow */
	last = n < EP0_SIZE || (m->tx_left == 0 && !m->tx_zlp);
	if (n < EP0_SIZE)
		m->tx_zlp = false;
	ww(m, CSR0, (uint16_t)(CSR0_TXPKTRDY | (last ? CSR0_DATAEND : 0)));
	m->ep0 = last ? EP0_STATUS : EP0_TX;
}

static void ep0_stall(struct musb_udc *m)
{
	ww(m, CSR0, CSR0_SVDRXPKTRDY | CSR0_SENDSTALL);
	m->stalls++;
	m->ep0 = EP0_IDLE;
}

static unsigned ep0_setup(struct musb_udc *m)
{
	uint8_t raw[8];
	const uint8_t *data;
	uint16_t len, count = rb(m, COUNT0);
	enum usb_ctrl_action a;

	if (count != 8) {
		fifo_drop(m, 0, count > EP0_SIZE ? EP0_SIZE : count);
		ep0_stall(m);
		return 0;
	}
	fifo_read(m, 0, raw, 8);
	m->setups++;
	/* the configuration descriptor's bulk packet size depends on it */
	m->ctrl->high_speed = rb(m, POWER) & POWER_HSMODE;
	a = usb_ctrl_setup(m->ctrl, raw, &data, &len);
	switch (a) {
	case USB_CTRL_IN:
		m->tx = data;
		m->tx_left = len;
		m->tx_zlp = len < m->ctrl->req.wLength && len % EP0_SIZE == 0;
		ww(m, CSR0, CSR0_SVDRXPKTRDY);
		if (poll_reg(m->base + CSR0, POLL_16, CSR0_RXPKTRDY, 0, CSR_US, NULL))
			return MUSB_EV_ERROR;
		ep0_tx_next(m);
		break;
	case USB_CTRL_OUT:
		m->rx_len = 0;
		ww(m, CSR0, CSR0_SVDRXPKTRDY);
		m->ep0 = EP0_RX;
		break;
	case USB_CTRL_ACK:
		ww(m, CSR0, CSR0_SVDRXPKTRDY | CSR0_DATAEND);
		m->ep0 = EP0_STATUS;
		break;
	default:
		ep0_stall(m);
		break;
	}
	return MUSB_EV_CONTROL;
}

static void ep0_rx(struct musb_udc *m)
{
	uint16_t want = m->ctrl->req.wLength;
	uint16_t count = rb(m, COUNT0);
	uint16_t n = count, room = (uint16_t)(want - m->rx_len);

	if (n > room)
		n = room;
	if (n > EP0_SIZE)
		n = EP0_SIZE;
	fifo_read(m, 0, m->ctrl->buf + m->rx_len, n);
	if (count > n)
		fifo_drop(m, 0, count - n > EP0_SIZE ? EP0_SIZE : count - n);
	m->rx_len = (uint16_t)(m->rx_len + n);
	if (m->rx_len < want && count == EP0_SIZE) {
		ww(m, CSR0, CSR0_SVDRXPKTRDY);
		return;
	}
	if (usb_ctrl_data_out(m->ctrl, m->rx_len) == USB_CTRL_STALL) {
		ep0_stall(m);
		return;
	}
	ww(m, CSR0, CSR0_SVDRXPKTRDY | CSR0_DATAEND);
	m->ep0 = EP0_STATUS;
}

static unsigned ep0_irq(struct musb_udc *m)
{
	uint16_t csr;
	int addr;

	wb(m, INDEX, 0);
	csr = rw(m, CSR0);
	if (csr & CSR0_SENTSTALL) {
		ww(m, CSR0, csr & ~CSR0_SENTSTALL & ~CSR0_SVDRXPKTRDY & ~CSR0_SVDSETUPEND);
		m->ep0 = EP0_IDLE;
		csr = rw(m, CSR0);
	}
	if (csr & CSR0_SETUPEND) {
		/* the host ended the transfer early (a new SETUP, or the
		 * status stage before the data was all sent) */
		ww(m, CSR0, CSR0_SVDSETUPEND);
		m->ep0 = EP0_IDLE;
		m->tx_left = 0;
		csr = rw(m, CSR0);
	}
	switch (m->ep0) {
	case EP0_STATUS:
		/* the status stage is over: now the new address */
		addr = usb_ctrl_status_done(m->ctrl);
		if (addr >= 0)
			wb(m, FADDR, (uint8_t)addr);
		apply_halts(m);
		m->ep0 = EP0_IDLE;
		if (csr & CSR0_RXPKTRDY)
			return MUSB_EV_CONTROL | ep0_setup(m);
		return MUSB_EV_CONTROL;
	case EP0_TX:
		if (!(csr & CSR0_TXPKTRDY))
			ep0_tx_next(m);
		return MUSB_EV_CONTROL;
	case EP0_RX:
		if (csr & CSR0_RXPKTRDY)
			ep0_rx(m);
		return MUSB_EV_CONTROL;
	default:
		if (csr & CSR0_RXPKTRDY)
			return ep0_setup(m);
		return 0;
	}
}

unsigned musb_udc_poll(struct musb_udc *m)
{
	uint8_t usb = rb(m, INTRUSB);
	uint16_t tx = rw(m, INTRTX), rx = rw(m, INTRRX);
	unsigned ev = 0;

	if (usb & USB_RESET) {
		bus_reset(m);
		ev |= MUSB_EV_RESET;
	}
	if (usb & USB_SUSPEND)
		ev |= MUSB_EV_SUSPEND;
	if (usb & USB_RESUME)
		ev |= MUSB_EV_RESUME;
	if (usb & USB_DISCON) {
		m->ep0 = EP0_IDLE;
		ev |= MUSB_EV_DISCONNECT;
	}
	if (tx & BIT(0))
		ev |= ep0_irq(m);
	if (tx & BIT(BULK_EP))
		ev |= MUSB_EV_BULK_IN;
	if (rx & BIT(BULK_EP))
		ev |= MUSB_EV_BULK_OUT;
	return ev;
}

int musb_udc_bulk_tx(struct musb_udc *m, const void *buf, unsigned len)
{
	uint16_t csr;

	if (len > m->bulk_size)
		return -EINVAL;
	if (usb_ctrl_ep_halted(m->ctrl, EP1_IN))
		return -EPERM;
	wb(m, INDEX, BULK_EP);
	csr = rw(m, TXCSR);
	if (csr & (TXCSR_TXPKTRDY | TXCSR_FIFONOTEMPTY)) {
		wb(m, INDEX, 0);
		return -EAGAIN;
	}
	fifo_write(m, BULK_EP, buf, len);
	ww(m, TXCSR, TXCSR_MODE | TXCSR_TXPKTRDY);
	wb(m, INDEX, 0);
	return 0;
}

int musb_udc_bulk_rx(struct musb_udc *m, void *buf, unsigned max)
{
	uint16_t csr, count, n;

	/* RXCSR written below would lift the SENDSTALL */
	if (usb_ctrl_ep_halted(m->ctrl, EP1_OUT))
		return -EPERM;
	wb(m, INDEX, BULK_EP);
	csr = rw(m, RXCSR);
	if (!(csr & RXCSR_RXPKTRDY)) {
		wb(m, INDEX, 0);
		return -EAGAIN;
	}
	count = rw(m, RXCOUNT);
	if (count > m->bulk_size)
		count = m->bulk_size;
	n = count > max ? (uint16_t)max : count;
	fifo_read(m, BULK_EP, buf, n);
	fifo_drop(m, BULK_EP, count - n);
	ww(m, RXCSR, 0);                /* RXPKTRDY cleared: the FIFO is free */
	wb(m, INDEX, 0);
	return n;
}

int musb_udc_bulk_halt(struct musb_udc *m, uint8_t ep, bool wedge)
{
	if (ep == EP1_IN) {
		/* the packet in the FIFO goes first: SENDSTALL would stall it */
		wb(m, INDEX, BULK_EP);
		if (rw(m, TXCSR) & (TXCSR_TXPKTRDY | TXCSR_FIFONOTEMPTY)) {
			wb(m, INDEX, 0);
			return -EAGAIN;
		}
		wb(m, INDEX, 0);
	} else if (ep != EP1_OUT) {
		return -EINVAL;
	}
	usb_ctrl_halt(m->ctrl, ep, wedge);
	apply_halts(m);
	return 0;
}

int musb_udc_bulk_write(struct musb_udc *m, const void *buf, unsigned len, uint32_t timeout_us)
{
	uint64_t end = deadline_in(timeout_us);

	for (;;) {
		bool late = deadline_passed(end);
		int r = musb_udc_bulk_tx(m, buf, len);

		if (r != -EAGAIN)
			return r;
		if (late)
			return -ETIMEDOUT;
		musb_udc_poll(m);
	}
}

int musb_udc_bulk_read(struct musb_udc *m, void *buf, unsigned max, uint32_t timeout_us)
{
	uint64_t end = deadline_in(timeout_us);

	for (;;) {
		bool late = deadline_passed(end);
		int r = musb_udc_bulk_rx(m, buf, max);

		if (r != -EAGAIN)
			return r;
		if (late)
			return -ETIMEDOUT;
		musb_udc_poll(m);
	}
}
