// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The rest of the MLO after a USB peripheral boot: the ROM has no medium
 * to go back to, but it leaves its USB device connected and configured,
 * bulk EP1 IN and OUT with 512-byte FIFOs (docs/rom.md), so the early part
 * asks the PC for the rest on those endpoints with the second-stage
 * protocol omap-usbboot serves (docs/usb.md: USBf, USBs, USBn, USBo,
 * USBj). Early code, so kept to a few register accesses: no driver state,
 * no EP0 (the host sends no control requests meanwhile), the flat EP1
 * registers so that INDEX is left as the ROM set it.
 */
#include "arch/arm/omap3/mlo_usb.h"

#include "arch/arm/io.h"
#include "drivers/usb/musb_regs.h"
#include "lib/errno.h"

#define REG(r)		(MUSB_OTG_BASE + (r))
#define EP1_TXCSR	REG(EP_FLAT(1, TXCSR))
#define EP1_RXCSR	REG(EP_FLAT(1, RXCSR))
#define EP1_RXCOUNT	REG(EP_FLAT(1, RXCOUNT))
#define EP1_FIFO	REG(FIFO(1))

/* The protocol's words, "USBf" etc. read as little-endian u32s. */
#define USB_ASK		0x66425355u	/* USBf offset */
#define USB_SIZE	0x73425355u	/* USBs size addr */
#define USB_READY	0x6E425355u	/* USBn size */
#define USB_GOT		0x6F425355u	/* USBo size */
#define USB_JUMP	0x6A425355u	/* USBj addr */

/* Each packet either way: the PC answers at once, so a few seconds mean
 * nobody serves this protocol (omap-usbboot without a second file). */
#define PACKET_US	5000000u

/* One 8-byte request on bulk IN; waits until the host has taken it. */
static int send(uint32_t op, uint32_t arg)
{
	writel(op, EP1_FIFO);
	writel(arg, EP1_FIFO);
	writew(TXCSR_MODE | TXCSR_TXPKTRDY, EP1_TXCSR);
	return poll_reg(EP1_TXCSR, POLL_16, TXCSR_TXPKTRDY | TXCSR_FIFONOTEMPTY, 0, PACKET_US, 0);
}

/* One packet from bulk OUT into buf: its length, -EFBIG when longer
 * than max (nothing of it written), -ETIMEDOUT. */
static int recv(uint8_t *buf, uint32_t max)
{
	int err = poll_reg(EP1_RXCSR, POLL_16, RXCSR_RXPKTRDY, RXCSR_RXPKTRDY, PACKET_US, 0);
	uint32_t n = readw(EP1_RXCOUNT);

	if (err)
		return err;
	if (n > max)
		return -EFBIG;
	/* bytes, so that nothing is read past RXCOUNT and the code stays
	 * short (80 KiB are a few ms of 8-bit FIFO reads) */
	for (uint32_t i = 0; i < n; i++)
		buf[i] = readb(EP1_FIFO);
	writew(0, EP1_RXCSR);   /* RXPKTRDY cleared: the FIFO is free */
	return (int)n;
}

/* A reply {op, arg, ...}: 0, or why not. */
static int reply(uint32_t op, uint32_t *arg)
{
	uint32_t w[4];
	int n = recv((uint8_t *)w, sizeof(w));

	if (n < 0)
		return n;
	if (n < 8 || w[0] != op)
		return -EBADMSG;
	*arg = w[1];
	return 0;
}

int mlo_usb_fetch(uint8_t *dst, uint32_t from, uint32_t want)
{
	uint32_t arg, got = 0;
	int err = send(USB_ASK, from);

	if (!err)
		err = reply(USB_SIZE, &arg);
	/* the same MLO file, so exactly the rest this build expects */
	if (!err && arg != want)
		err = -EILSEQ;
	if (!err)
		err = send(USB_READY, want);
	while (!err && got < want) {
		int n = recv(dst + got, want - got);

		/* a zero-length packet before the end: not this protocol */
		err = n < 0 ? n : n ? 0 : -EBADMSG;
		got += n > 0 ? (uint32_t)n : 0;
	}
	if (!err)
		err = send(USB_GOT, want);
	/* the jump address: 0 from `omap-usbboot MLO MLO`, and gtaboot goes
	 * on as after any other medium whatever it says */
	if (!err)
		err = reply(USB_JUMP, &arg);
	return err;
}
