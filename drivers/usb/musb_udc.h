/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The OMAP3 High-Speed USB OTG controller (a Mentor Graphics MUSBMHDRC
 * core behind an OMAP wrapper) in peripheral mode, polled: EP0 control
 * transfers through lib/usb/usb_ctrl, EP1 bulk IN and OUT. OMAP35x/DM37x TRM
 * chapter "High-Speed USB OTG Controller" (SPRUF98/SPRUGN4 chapter 16).
 * The interface clock and the ULPI pads are the caller's (the SoC code),
 * the PHY too (drivers/power/twl4030_usb.c).
 */
#ifndef DRIVERS_USB_MUSB_UDC_H
#define DRIVERS_USB_MUSB_UDC_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/usb/usb_ctrl.h"

struct musb_udc_config {
	uintptr_t base;         /* the Mentor core; the OMAP wrapper is at +0x400 */
};

enum musb_ep0_state { EP0_IDLE, EP0_TX, EP0_RX, EP0_STATUS };

struct musb_udc {
	uintptr_t base;
	struct usb_ctrl *ctrl;
	bool connected, high_speed;
	uint16_t bulk_size;             /* EP1's packet size: 512 high speed, 64 full */
	enum musb_ep0_state ep0;
	const uint8_t *tx;              /* EP0 IN data still to send */
	uint16_t tx_left;
	bool tx_zlp;                    /* end the IN data with a zero-length packet */
	uint16_t rx_len;                /* EP0 OUT data received so far */
	uint8_t halted;                 /* the halts applied to EP1 (usb_ctrl's bits) */
	/* counters for the caller's messages */
	unsigned resets, setups, stalls;
};

/* What musb_udc_poll() saw. */
#define MUSB_EV_RESET		(1u << 0)
#define MUSB_EV_SUSPEND		(1u << 1)
#define MUSB_EV_RESUME		(1u << 2)
#define MUSB_EV_DISCONNECT	(1u << 3)
#define MUSB_EV_CONTROL		(1u << 4)       /* a control transfer moved on */
#define MUSB_EV_BULK_IN		(1u << 5)       /* EP1 IN packet sent */
#define MUSB_EV_BULK_OUT	(1u << 6)       /* EP1 OUT packet waiting */
#define MUSB_EV_ERROR		(1u << 7)       /* a bounded wait ran out */

/*
 * Reset the controller (wrapper soft reset), select the ULPI PHY, keep the
 * module out of idle and standby, mask nothing it is polled for, and lay
 * the FIFOs out: EP0 64 bytes at 0, EP1 IN 512 at 64, EP1 OUT 512 at 576.
 * The device stays disconnected. 0 or -ETIMEDOUT (the reset never ends:
 * no interface clock, or no PHY clock).
 */
int musb_udc_init(struct musb_udc *m, const struct musb_udc_config *cfg, struct usb_ctrl *ctrl);
/* Connect to the bus (POWER.SOFTCONN, high speed allowed) or leave it. */
void musb_udc_connect(struct musb_udc *m, bool on);
/* One pass: bus events and EP0 transfers. Returns MUSB_EV_* bits. */
unsigned musb_udc_poll(struct musb_udc *m);
/* The VBUS level the core sees (DEVCTL.VBUS == above VBUS valid). */
bool musb_udc_vbus_valid(struct musb_udc *m);

/*
 * EP1 bulk, without blocking: send one packet (len up to bulk_size; 0 is a
 * zero-length packet) or -EAGAIN while the last one is still in the FIFO,
 * -EPERM while the host has the endpoint halted; receive one packet into
 * buf (up to max bytes; a longer one is cut, the rest dropped) and return
 * its length, or -EAGAIN when none is waiting.
 */
int musb_udc_bulk_tx(struct musb_udc *m, const void *buf, unsigned len);
/* -EPERM too while the host or the function has EP1 OUT halted. */
int musb_udc_bulk_rx(struct musb_udc *m, void *buf, unsigned max);
/*
 * The function halts EP1 IN (0x81) or OUT (0x01) (USB mass storage's
 * stalls); wedge: the host's CLEAR_FEATURE(ENDPOINT_HALT) does not lift
 * it, only usb_ctrl_unwedge() and a clear after it. -EAGAIN while an IN
 * packet is still in the FIFO (it goes first), -EINVAL for another ep.
 */
int musb_udc_bulk_halt(struct musb_udc *m, uint8_t ep, bool wedge);
/* The same, waiting at most timeout_us while EP0 keeps being served. */
int musb_udc_bulk_write(struct musb_udc *m, const void *buf, unsigned len, uint32_t timeout_us);
int musb_udc_bulk_read(struct musb_udc *m, void *buf, unsigned max, uint32_t timeout_us);

#endif
