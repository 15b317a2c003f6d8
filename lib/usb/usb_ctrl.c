// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The USB device core: standard requests and descriptors (USB 2.0 chapter
 * 9: 9.3 the SETUP packet, 9.4 standard device requests, 9.6 standard
 * descriptor definitions) for one configuration with one interface and its
 * alternate settings. Hardware-free: the controller driver moves the bytes.
 */
#include "lib/usb/usb_ctrl.h"

#include "lib/string.h"

/* String indices: 0 the language list, then these, then one per alt. */
#define STR_MANUFACTURER	1
#define STR_PRODUCT		2
#define STR_SERIAL		3
#define STR_ALT0		4

#define CONFIG_VALUE		1
#define MAX_POWER_2MA		50	/* 100 mA: a bootloader draws little */

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

void usb_setup_parse(const uint8_t raw[8], struct usb_setup *s)
{
	s->bmRequestType = raw[0];
	s->bRequest = raw[1];
	s->wValue = (uint16_t)(raw[2] | raw[3] << 8);
	s->wIndex = (uint16_t)(raw[4] | raw[5] << 8);
	s->wLength = (uint16_t)(raw[6] | raw[7] << 8);
}

uint16_t usb_desc_device(const struct usb_device_info *d, uint8_t *out, uint16_t max)
{
	uint8_t b[18];

	if (max < sizeof(b))
		return 0;
	b[0] = sizeof(b);
	b[1] = USB_DT_DEVICE;
	put16(b + 2, 0x0200);
	b[4] = b[5] = b[6] = 0;         /* class per interface */
	b[7] = d->ep0_size;
	put16(b + 8, d->vid);
	put16(b + 10, d->pid);
	put16(b + 12, d->bcd_device);
	b[14] = d->manufacturer ? STR_MANUFACTURER : 0;
	b[15] = d->product ? STR_PRODUCT : 0;
	b[16] = d->serial ? STR_SERIAL : 0;
	b[17] = 1;
	memcpy(out, b, sizeof(b));
	return sizeof(b);
}

static uint16_t desc_qualifier(const struct usb_device_info *d, uint8_t *out, uint16_t max)
{
	if (max < 10)
		return 0;
	out[0] = 10;
	out[1] = USB_DT_DEVICE_QUALIFIER;
	put16(out + 2, 0x0200);
	out[4] = out[5] = out[6] = 0;
	out[7] = d->ep0_size;
	out[8] = 1;
	out[9] = 0;
	return 10;
}

uint16_t usb_desc_config(const struct usb_device_info *d, uint8_t *out, uint16_t max)
{
	return usb_desc_config_speed(d, true, out, max);
}

uint16_t usb_desc_config_speed(const struct usb_device_info *d, bool high_speed, uint8_t *out,
			       uint16_t max)
{
	/* USB 2.0 5.8.3: bulk packets are 512 bytes at high speed, at most
	 * 64 at full speed */
	uint16_t ep_size = !high_speed && d->ep_size_fs ? d->ep_size_fs : d->ep_size;
	unsigned need = 9 + d->nalts * (9 + 7 * d->neps) + d->class_desc_len;
	unsigned a, e;
	uint8_t *p = out;

	if (d->nalts == 0 || d->nalts > USB_MAX_ALTS || d->neps > USB_MAX_EPS || need > max)
		return 0;
	p[0] = 9;
	p[1] = USB_DT_CONFIG;
	put16(p + 2, (uint16_t)need);
	p[4] = 1;                       /* one interface */
	p[5] = CONFIG_VALUE;
	p[6] = 0;
	p[7] = (uint8_t)(0x80 | (d->self_powered ? 0x40 : 0));
	p[8] = MAX_POWER_2MA;
	p += 9;
	for (a = 0; a < d->nalts; a++) {
		p[0] = 9;
		p[1] = USB_DT_INTERFACE;
		p[2] = 0;
		p[3] = (uint8_t)a;
		p[4] = (uint8_t)d->neps;
		p[5] = d->intf_class;
		p[6] = d->intf_subclass;
		p[7] = d->intf_protocol;
		p[8] = (uint8_t)(STR_ALT0 + a);
		p += 9;
		for (e = 0; e < d->neps; e++) {
			p[0] = 7;
			p[1] = USB_DT_ENDPOINT;
			p[2] = d->eps[e];
			p[3] = 2;       /* bulk */
			put16(p + 4, ep_size);
			p[6] = 0;
			p += 7;
		}
	}
	if (d->class_desc_len)
		memcpy(p, d->class_desc, d->class_desc_len);
	return (uint16_t)need;
}

uint16_t usb_desc_string(const struct usb_device_info *d, uint8_t idx, uint8_t *out,
			 uint16_t max)
{
	const char *s;
	unsigned n, i;

	if (idx == 0) {
		if (max < 4)
			return 0;
		out[0] = 4;
		out[1] = USB_DT_STRING;
		put16(out + 2, 0x0409);     /* English (United States) */
		return 4;
	}
	if (idx == STR_MANUFACTURER)
		s = d->manufacturer;
	else if (idx == STR_PRODUCT)
		s = d->product;
	else if (idx == STR_SERIAL)
		s = d->serial;
	else if (idx - STR_ALT0 < (int)d->nalts)
		s = d->alt_names[idx - STR_ALT0];
	else
		s = NULL;
	if (!s)
		return 0;
	/* bLength is one byte: at most 126 UTF-16 characters. The strings
	 * are ASCII; anything else is sent as '?'. */
	n = (unsigned)strlen(s);
	if (n > 126)
		n = 126;
	if (2u + 2u * n > max)
		return 0;
	out[0] = (uint8_t)(2 + 2 * n);
	out[1] = USB_DT_STRING;
	for (i = 0; i < n; i++) {
		uint8_t c = (uint8_t)s[i];

		out[2 + 2 * i] = c < 0x80 ? c : '?';
		out[3 + 2 * i] = 0;
	}
	return (uint16_t)(2 + 2 * n);
}

void usb_ctrl_init(struct usb_ctrl *u, const struct usb_device_info *info,
		   const struct usb_function_ops *fn, void *fn_ctx)
{
	memset(u, 0, sizeof(*u));
	u->info = info;
	u->fn = fn;
	u->fn_ctx = fn_ctx;
	u->pending_address = -1;
}

void usb_ctrl_bus_reset(struct usb_ctrl *u)
{
	u->address = 0;
	u->config = 0;
	u->alt = 0;
	u->remote_wakeup = false;
	u->halted = 0;
	u->wedged = 0;
	u->toggle_reset = 0;
	u->pending_address = -1;
	u->req_is_fn = false;
	if (u->fn && u->fn->reset)
		u->fn->reset(u->fn_ctx);
}

/* The index of an endpoint address among the interface's, -1 if none. */
static int ep_index(const struct usb_ctrl *u, uint8_t addr)
{
	unsigned i;

	for (i = 0; i < u->info->neps && i < USB_MAX_EPS; i++)
		if (u->info->eps[i] == addr)
			return (int)i;
	return -1;
}

bool usb_ctrl_ep_halted(const struct usb_ctrl *u, uint8_t ep_addr)
{
	int i = ep_index(u, ep_addr);

	return i >= 0 && (u->halted & (1u << i));
}

void usb_ctrl_halt(struct usb_ctrl *u, uint8_t ep_addr, bool wedge)
{
	int i = ep_index(u, ep_addr);

	if (i < 0)
		return;
	u->halted |= (uint8_t)(1u << i);
	if (wedge)
		u->wedged |= (uint8_t)(1u << i);
}

void usb_ctrl_unwedge(struct usb_ctrl *u)
{
	u->wedged = 0;
}

static enum usb_ctrl_action reply(struct usb_ctrl *u, uint16_t n, const uint8_t **data,
				  uint16_t *len)
{
	if (n > u->req.wLength)
		n = u->req.wLength;
	*data = u->buf;
	*len = n;
	return u->req.wLength ? USB_CTRL_IN : USB_CTRL_ACK;
}

static enum usb_ctrl_action get_descriptor(struct usb_ctrl *u, const uint8_t **data,
					   uint16_t *len)
{
	uint8_t type = (uint8_t)(u->req.wValue >> 8), idx = (uint8_t)u->req.wValue;
	uint16_t n;

	switch (type) {
	case USB_DT_DEVICE:
		n = usb_desc_device(u->info, u->buf, sizeof(u->buf));
		break;
	case USB_DT_CONFIG:
		n = idx == 0 ? usb_desc_config_speed(u->info, u->high_speed, u->buf,
						     sizeof(u->buf)) : 0;
		break;
	case USB_DT_OTHER_SPEED_CONFIG:
		/* 9.6.4: the configuration as it would be at the other speed */
		n = idx == 0 ? usb_desc_config_speed(u->info, !u->high_speed, u->buf,
						     sizeof(u->buf)) : 0;
		if (n)
			u->buf[1] = USB_DT_OTHER_SPEED_CONFIG;
		break;
	case USB_DT_STRING:
		n = usb_desc_string(u->info, idx, u->buf, sizeof(u->buf));
		break;
	case USB_DT_DEVICE_QUALIFIER:
		n = desc_qualifier(u->info, u->buf, sizeof(u->buf));
		break;
	default:
		n = 0;
	}
	if (!n)
		return USB_CTRL_STALL;
	return reply(u, n, data, len);
}

static enum usb_ctrl_action std_device(struct usb_ctrl *u, const uint8_t **data,
				       uint16_t *len)
{
	const struct usb_setup *s = &u->req;
	bool in = s->bmRequestType & USB_DIR_IN;

	switch (s->bRequest) {
	case USB_REQ_GET_STATUS:
		if (!in || s->wValue || s->wIndex || s->wLength != 2)
			return USB_CTRL_STALL;
		u->buf[0] = (uint8_t)((u->info->self_powered ? 1 : 0) | (u->remote_wakeup ? 2 : 0));
		u->buf[1] = 0;
		return reply(u, 2, data, len);
	case USB_REQ_CLEAR_FEATURE:
	case USB_REQ_SET_FEATURE:
		if (in || s->wLength || s->wValue != USB_FEAT_REMOTE_WAKEUP)
			return USB_CTRL_STALL;  /* TEST_MODE is not supported */
		u->remote_wakeup = s->bRequest == USB_REQ_SET_FEATURE;
		return USB_CTRL_ACK;
	case USB_REQ_SET_ADDRESS:
		if (in || s->wValue > 127 || s->wIndex || s->wLength || u->config)
			return USB_CTRL_STALL;
		/* applied after the status stage, which still goes to the
		 * old address (9.4.6) */
		u->pending_address = s->wValue;
		return USB_CTRL_ACK;
	case USB_REQ_GET_DESCRIPTOR:
		if (!in)
			return USB_CTRL_STALL;
		return get_descriptor(u, data, len);
	case USB_REQ_GET_CONFIGURATION:
		if (!in || s->wValue || s->wIndex || s->wLength != 1)
			return USB_CTRL_STALL;
		u->buf[0] = u->config;
		return reply(u, 1, data, len);
	case USB_REQ_SET_CONFIGURATION:
		if (in || s->wLength || s->wIndex || (s->wValue != 0 && s->wValue != CONFIG_VALUE) ||
		    (!u->address && s->wValue))
			return USB_CTRL_STALL;
		u->config = (uint8_t)s->wValue;
		u->alt = 0;
		u->halted = 0;
		u->wedged = 0;
		u->toggle_reset = (uint8_t)((1u << u->info->neps) - 1);
		if (u->fn) {
			if (u->config && u->fn->set_alt)
				u->fn->set_alt(u->fn_ctx, 0);
			else if (!u->config && u->fn->reset)
				u->fn->reset(u->fn_ctx);
		}
		return USB_CTRL_ACK;
	default:
		return USB_CTRL_STALL;      /* SET_DESCRIPTOR, SYNCH_FRAME */
	}
}

static enum usb_ctrl_action std_interface(struct usb_ctrl *u, const uint8_t **data,
					  uint16_t *len)
{
	const struct usb_setup *s = &u->req;
	bool in = s->bmRequestType & USB_DIR_IN;

	if (!u->config || (s->wIndex & 0xFF) != 0)
		return USB_CTRL_STALL;
	switch (s->bRequest) {
	case USB_REQ_GET_STATUS:
		if (!in || s->wValue || s->wLength != 2)
			return USB_CTRL_STALL;
		u->buf[0] = u->buf[1] = 0;
		return reply(u, 2, data, len);
	case USB_REQ_GET_INTERFACE:
		if (!in || s->wValue || s->wLength != 1)
			return USB_CTRL_STALL;
		u->buf[0] = u->alt;
		return reply(u, 1, data, len);
	case USB_REQ_SET_INTERFACE:
		if (in || s->wLength || s->wValue >= u->info->nalts)
			return USB_CTRL_STALL;
		u->alt = (uint8_t)s->wValue;
		u->halted = 0;
		u->wedged = 0;
		u->toggle_reset = (uint8_t)((1u << u->info->neps) - 1);
		if (u->fn && u->fn->set_alt)
			u->fn->set_alt(u->fn_ctx, u->alt);
		return USB_CTRL_ACK;
	default:
		return USB_CTRL_STALL;      /* no interface features */
	}
}

static enum usb_ctrl_action std_endpoint(struct usb_ctrl *u, const uint8_t **data,
					 uint16_t *len)
{
	const struct usb_setup *s = &u->req;
	bool in = s->bmRequestType & USB_DIR_IN;
	uint8_t addr = (uint8_t)s->wIndex;
	bool ep0 = (addr & 0x7F) == 0;
	int i = ep0 ? -1 : ep_index(u, addr);

	if (s->wIndex > 0xFF || (!ep0 && (i < 0 || !u->config)))
		return USB_CTRL_STALL;
	switch (s->bRequest) {
	case USB_REQ_GET_STATUS:
		if (!in || s->wValue || s->wLength != 2)
			return USB_CTRL_STALL;
		u->buf[0] = (uint8_t)(i >= 0 && (u->halted & (1u << i)) ? 1 : 0);
		u->buf[1] = 0;
		return reply(u, 2, data, len);
	case USB_REQ_CLEAR_FEATURE:
	case USB_REQ_SET_FEATURE:
		if (in || s->wLength || s->wValue != USB_FEAT_ENDPOINT_HALT)
			return USB_CTRL_STALL;
		if (i < 0)
			return USB_CTRL_ACK;    /* EP0 halts only per request */
		if (s->bRequest == USB_REQ_SET_FEATURE) {
			u->halted |= (uint8_t)(1u << i);
		} else if (!(u->wedged & (1u << i))) {
			u->halted &= (uint8_t)~(1u << i);
			u->toggle_reset |= (uint8_t)(1u << i);
		}
		return USB_CTRL_ACK;
	default:
		return USB_CTRL_STALL;
	}
}

enum usb_ctrl_action usb_ctrl_setup(struct usb_ctrl *u, const uint8_t raw[8],
				    const uint8_t **data, uint16_t *len)
{
	struct usb_setup *s = &u->req;
	enum usb_ctrl_action a;

	usb_setup_parse(raw, s);
	u->req_is_fn = false;
	*data = u->buf;
	*len = 0;
	if ((s->bmRequestType & USB_TYPE_MASK) == USB_TYPE_STANDARD) {
		switch (s->bmRequestType & USB_RECIP_MASK) {
		case USB_RECIP_DEVICE: return std_device(u, data, len);
		case USB_RECIP_INTERFACE: return std_interface(u, data, len);
		case USB_RECIP_ENDPOINT: return std_endpoint(u, data, len);
		default: return USB_CTRL_STALL;
		}
	}
	/* Class and vendor requests go to the function, for its interface
	 * only, once configured. */
	if ((s->bmRequestType & USB_RECIP_MASK) != USB_RECIP_INTERFACE ||
	    (s->wIndex & 0xFF) != 0 || !u->config || !u->fn || !u->fn->setup)
		return USB_CTRL_STALL;
	a = (enum usb_ctrl_action)u->fn->setup(u->fn_ctx, s, u->buf, len);
	switch (a) {
	case USB_CTRL_IN:
		if (!(s->bmRequestType & USB_DIR_IN) || *len > sizeof(u->buf))
			return USB_CTRL_STALL;
		u->req_is_fn = true;
		return reply(u, *len, data, len);
	case USB_CTRL_OUT:
		if ((s->bmRequestType & USB_DIR_IN) || !s->wLength || s->wLength > sizeof(u->buf))
			return USB_CTRL_STALL;
		u->req_is_fn = true;
		return USB_CTRL_OUT;
	case USB_CTRL_ACK:
		u->req_is_fn = true;
		*len = 0;
		/* a request with a data stage the function does not want */
		return s->wLength && !(s->bmRequestType & USB_DIR_IN) ? USB_CTRL_STALL :
		       s->wLength ? reply(u, 0, data, len) : USB_CTRL_ACK;
	default:
		return USB_CTRL_STALL;
	}
}

enum usb_ctrl_action usb_ctrl_data_out(struct usb_ctrl *u, uint16_t len)
{
	if (!u->req_is_fn || len > sizeof(u->buf) || len != u->req.wLength)
		return USB_CTRL_STALL;
	if (!u->fn->data_out)
		return USB_CTRL_ACK;
	return u->fn->data_out(u->fn_ctx, &u->req, u->buf, len) == USB_CTRL_ACK ?
	       USB_CTRL_ACK : USB_CTRL_STALL;
}

int usb_ctrl_status_done(struct usb_ctrl *u)
{
	int addr = u->pending_address;

	u->pending_address = -1;
	if (addr >= 0)
		u->address = (uint8_t)addr;
	if (u->req_is_fn && u->fn->status_done) {
		u->req_is_fn = false;
		u->fn->status_done(u->fn_ctx, &u->req);
	}
	return addr;
}
