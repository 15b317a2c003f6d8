/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the OMAP3 HS USB OTG controller (musb.c) as the USB bus
 * sees it. The guest side is its MMIO; this is the other side: what a USB
 * host controller does on the wire (reset, SETUP, IN and OUT tokens), for
 * the usbredir bridge (usbredir.c) and the unit tests.
 *
 * Each call is one transaction; its answer is what the device's handshake
 * would be. A NAK means "not now": the host tries again later, as a host
 * controller does, after the firmware had time to run.
 */
#ifndef GTABOOT_SIM_MUSB_H
#define GTABOOT_SIM_MUSB_H

#include <stdbool.h>
#include <stdint.h>

struct sim;

enum {
	USBT_NAK = -1,    /* endpoint not ready: try again */
	USBT_STALL = -2,  /* the endpoint stalled (SENDSTALL) */
	USBT_ERR = -3,    /* no answer: not attached, wrong address, no such
			   * endpoint, an OUT packet larger than its MAXP */
	USBT_BABBLE = -4, /* IN: the device sent more than the host asked for */
};

void musb_init(struct sim *s);
/* The device pulls D+ up: EN_HSOTGUSB on, the TWL4030's PHY powered on
 * its VUSB rails, VBUS present (--vbus, --usb), POWER.SOFTCONN set. */
bool musb_attached(struct sim *s);
/* After a bus reset: the chirp handshake found a high-speed device
 * (POWER.HSENAB was set at the reset). */
bool musb_high_speed(struct sim *s);
/* USB reset signalled by the host: INTRUSB.RESET, FADDR 0, CSRs cleared. */
void musb_bus_reset(struct sim *s);
/* 3 ms of bus idle / resume signalling from the host. */
void musb_bus_suspend(struct sim *s);
void musb_bus_resume(struct sim *s);
/* Transactions to function address addr. setup: 8 bytes; 0 or USBT_ERR. */
int musb_setup(struct sim *s, uint8_t addr, const uint8_t setup[8]);
/* IN token to endpoint ep (0-15): the packet's length (0..max) or USBT_*. */
int musb_in(struct sim *s, uint8_t addr, unsigned ep, uint8_t *buf, unsigned max);
/* OUT token with data: 0 (ACK) or USBT_*. */
int musb_out(struct sim *s, uint8_t addr, unsigned ep, const uint8_t *data, unsigned len);
/* The endpoint's wMaxPacketSize as programmed (TXMAXP for IN, RXMAXP for
 * OUT; 64 for EP0), 0 when not programmed. */
unsigned musb_maxp(struct sim *s, unsigned ep, bool in);
/* The core calls this from models_sync(): moves FRAME on, lets the
 * usbredir bridge run. */
void musb_sync(struct sim *s);

#endif
