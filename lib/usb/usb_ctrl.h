/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small USB device core, hardware-free: parses SETUP packets and answers
 * the standard requests (USB 2.0 chapter 9, "USB Device Framework": 9.3
 * the SETUP packet, 9.4 standard requests, 9.6 descriptors) for a device
 * with one configuration and one interface with alternate settings; class
 * and vendor requests go to the function (lib/usb/dfu.c). The controller
 * driver moves the bytes (drivers/usb/musb_udc.c) and applies what the
 * core decides (the address after the status stage, stalls).
 */
#ifndef LIB_USB_USB_CTRL_H
#define LIB_USB_USB_CTRL_H

#include <stdbool.h>
#include <stdint.h>

/* bmRequestType */
#define USB_DIR_IN		0x80
#define USB_TYPE_MASK		0x60
#define USB_TYPE_STANDARD	0x00
#define USB_TYPE_CLASS		0x20
#define USB_TYPE_VENDOR		0x40
#define USB_RECIP_MASK		0x1F
#define USB_RECIP_DEVICE	0x00
#define USB_RECIP_INTERFACE	0x01
#define USB_RECIP_ENDPOINT	0x02

/* bRequest, standard (USB 2.0 table 9-4) */
#define USB_REQ_GET_STATUS		0
#define USB_REQ_CLEAR_FEATURE		1
#define USB_REQ_SET_FEATURE		3
#define USB_REQ_SET_ADDRESS		5
#define USB_REQ_GET_DESCRIPTOR		6
#define USB_REQ_SET_DESCRIPTOR		7
#define USB_REQ_GET_CONFIGURATION	8
#define USB_REQ_SET_CONFIGURATION	9
#define USB_REQ_GET_INTERFACE		10
#define USB_REQ_SET_INTERFACE		11

/* Descriptor types (table 9-5) */
#define USB_DT_DEVICE		1
#define USB_DT_CONFIG		2
#define USB_DT_STRING		3
#define USB_DT_INTERFACE	4
#define USB_DT_ENDPOINT		5
#define USB_DT_DEVICE_QUALIFIER	6
#define USB_DT_OTHER_SPEED_CONFIG	7

/* Feature selectors (table 9-6) */
#define USB_FEAT_ENDPOINT_HALT	0
#define USB_FEAT_REMOTE_WAKEUP	1
#define USB_FEAT_TEST_MODE	2

struct usb_setup {
	uint8_t bmRequestType, bRequest;
	uint16_t wValue, wIndex, wLength;
};

/* The 8 bytes as they came off the bus (little-endian fields). */
void usb_setup_parse(const uint8_t raw[8], struct usb_setup *s);

/*
 * What the controller driver does with a control transfer:
 * USB_CTRL_IN: send data[0..len) (len already cut to wLength), then the
 *   status stage; a short or zero-length packet ends the data when len is
 *   less than wLength.
 * USB_CTRL_OUT: receive wLength bytes into buf, then call usb_ctrl_data_out.
 * USB_CTRL_ACK: no data stage: acknowledge in the status stage.
 * USB_CTRL_STALL: stall the request (data or status stage).
 * After the status stage completes, call usb_ctrl_status_done.
 */
enum usb_ctrl_action { USB_CTRL_STALL, USB_CTRL_IN, USB_CTRL_OUT, USB_CTRL_ACK };

/* The size of the core's buffer for control data: the largest class
 * transfer (DFU's wTransferSize) and the descriptors. */
#define USB_CTRL_BUF	4096

struct usb_ctrl;

/*
 * The function behind the one interface: class and vendor requests to it,
 * and the events it cares about. setup() returns a usb_ctrl_action; for
 * USB_CTRL_IN it puts the reply in buf (at most USB_CTRL_BUF) and its length
 * in *len (the core cuts it to wLength). data_out() gets an OUT stage's
 * bytes and returns USB_CTRL_ACK or USB_CTRL_STALL. status_done() runs
 * after the status stage of a request it answered. Any may be NULL.
 */
struct usb_function_ops {
	int (*setup)(void *ctx, const struct usb_setup *s, uint8_t *buf, uint16_t *len);
	int (*data_out)(void *ctx, const struct usb_setup *s, const uint8_t *buf, uint16_t len);
	void (*status_done)(void *ctx, const struct usb_setup *s);
	/* SET_INTERFACE (alt) or SET_CONFIGURATION (alt 0) was accepted */
	void (*set_alt)(void *ctx, unsigned alt);
	/* bus reset, or the configuration was set to 0 */
	void (*reset)(void *ctx);
};

/* The device's identity and its interface, as descriptors are built. */
struct usb_device_info {
	uint16_t vid, pid, bcd_device;
	const char *manufacturer, *product, *serial;
	/* the interface's class triple and its alternate settings, each with
	 * a name (its string descriptor, iInterface) */
	uint8_t intf_class, intf_subclass, intf_protocol;
	unsigned nalts;
	const char *const *alt_names;
	/* class-specific descriptor bytes put after the last alt setting's
	 * interface descriptor (DFU's functional descriptor), may be NULL */
	const uint8_t *class_desc;
	uint16_t class_desc_len;
	/* endpoints of the interface, for GET_STATUS / halt feature (their
	 * addresses, 0x81 = EP1 IN); none for DFU */
	const uint8_t *eps;
	unsigned neps;
	uint16_t ep_size;               /* their wMaxPacketSize (bulk) at high speed */
	uint16_t ep_size_fs;            /* ... at full speed (64 at most); 0: ep_size */
	/* EP0's packet size (64 for high and full speed) */
	uint8_t ep0_size;
	bool self_powered;
};

#define USB_MAX_ALTS	16
#define USB_MAX_EPS	4

struct usb_ctrl {
	const struct usb_device_info *info;
	const struct usb_function_ops *fn;
	void *fn_ctx;
	/* what the host set */
	uint8_t address, config, alt;
	bool remote_wakeup;
	bool high_speed;                /* the driver says, before each SETUP */
	uint8_t halted;                 /* bit i: eps[i] halted */
	/* bit i: eps[i] halted by the function until it lifts it (a Bulk-Only
	 * Mass Storage Reset): CLEAR_FEATURE(ENDPOINT_HALT) leaves it halted */
	uint8_t wedged;
	/* bit i: CLEAR_FEATURE(ENDPOINT_HALT) on eps[i]: the driver resets
	 * its data toggle and clears the bit */
	uint8_t toggle_reset;
	/* an address to apply once the status stage is done, -1 none */
	int pending_address;
	/* the request in flight and who answers it */
	struct usb_setup req;
	bool req_is_fn;
	/* descriptors and control data */
	uint8_t buf[USB_CTRL_BUF];
};

void usb_ctrl_init(struct usb_ctrl *u, const struct usb_device_info *info,
		   const struct usb_function_ops *fn, void *fn_ctx);
/* Bus reset: address 0, unconfigured, the function reset. */
void usb_ctrl_bus_reset(struct usb_ctrl *u);
/* A SETUP packet arrived. For USB_CTRL_IN, *data and *len are the reply. */
enum usb_ctrl_action usb_ctrl_setup(struct usb_ctrl *u, const uint8_t raw[8],
				    const uint8_t **data, uint16_t *len);
/* The OUT data stage of the current request, len bytes in u->buf. */
enum usb_ctrl_action usb_ctrl_data_out(struct usb_ctrl *u, uint16_t len);
/* The status stage is done; returns the new address to program (>= 0)
 * or -1 when the address stays. */
int usb_ctrl_status_done(struct usb_ctrl *u);
/* Whether eps[i] (by endpoint address) is halted; the driver stalls its
 * bulk traffic while it is. */
bool usb_ctrl_ep_halted(const struct usb_ctrl *u, uint8_t ep_addr);

/* The function halts a bulk endpoint (by address); wedge: until
 * usb_ctrl_unwedge(), whatever the host clears. The driver then applies it. */
void usb_ctrl_halt(struct usb_ctrl *u, uint8_t ep_addr, bool wedge);
/* Lifts the wedges: the host's CLEAR_FEATURE(ENDPOINT_HALT) works again. */
void usb_ctrl_unwedge(struct usb_ctrl *u);

/* Descriptors as the core builds them (exported for tests). Each returns
 * the length written into out (at most max), 0 when there is none.
 * usb_desc_config is the high-speed configuration, usb_desc_config_speed
 * either (the endpoints' wMaxPacketSize differ). */
uint16_t usb_desc_device(const struct usb_device_info *d, uint8_t *out, uint16_t max);
uint16_t usb_desc_config(const struct usb_device_info *d, uint8_t *out, uint16_t max);
uint16_t usb_desc_config_speed(const struct usb_device_info *d, bool high_speed, uint8_t *out,
			       uint16_t max);
uint16_t usb_desc_string(const struct usb_device_info *d, uint8_t idx, uint8_t *out,
			 uint16_t max);

#endif
