// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for lib/usb/usb_ctrl (standard requests, descriptors) and lib/usb/dfu
 * (the DFU 1.1 state machine against a RAM backend, the dfu_alt_info
 * parser). The tests play the host and the controller driver: each
 * control transfer goes SETUP, data, status as a driver would pass it on.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "lib/usb/dfu.h"
#include "lib/errno.h"
#include "lib/usb/usb_ctrl.h"

/* ------------------------------------------------------------ the host */

struct xfer {
	enum usb_ctrl_action a;
	uint8_t data[USB_CTRL_BUF];
	uint16_t len;
	int new_addr;
};

static void setup_bytes(uint8_t raw[8], uint8_t type, uint8_t req, uint16_t val, uint16_t idx,
			uint16_t len)
{
	raw[0] = type;
	raw[1] = req;
	raw[2] = (uint8_t)val;
	raw[3] = (uint8_t)(val >> 8);
	raw[4] = (uint8_t)idx;
	raw[5] = (uint8_t)(idx >> 8);
	raw[6] = (uint8_t)len;
	raw[7] = (uint8_t)(len >> 8);
}

/* One control transfer; out data (for host-to-device) from odata. */
static struct xfer *ctrl(struct usb_ctrl *u, uint8_t type, uint8_t req, uint16_t val,
			 uint16_t idx, uint16_t len, const void *odata)
{
	static struct xfer x;
	uint8_t raw[8];
	const uint8_t *d;
	uint16_t n;

	memset(&x, 0, sizeof(x));
	x.new_addr = -1;
	setup_bytes(raw, type, req, val, idx, len);
	x.a = usb_ctrl_setup(u, raw, &d, &n);
	if (x.a == USB_CTRL_IN) {
		assert_true(n <= len);
		memcpy(x.data, d, n);
		x.len = n;
	} else if (x.a == USB_CTRL_OUT) {
		memcpy(u->buf, odata, len);
		x.a = usb_ctrl_data_out(u, len);
		if (x.a == USB_CTRL_STALL)
			return &x;
		x.a = USB_CTRL_OUT;
	}
	if (x.a != USB_CTRL_STALL)
		x.new_addr = usb_ctrl_status_done(u);
	return &x;
}

#define STD_IN(r)   (USB_DIR_IN | USB_TYPE_STANDARD | (r))
#define STD_OUT(r)  (USB_TYPE_STANDARD | (r))
#define DFU_IN      (USB_DIR_IN | USB_TYPE_CLASS | USB_RECIP_INTERFACE)
#define DFU_OUT     (USB_TYPE_CLASS | USB_RECIP_INTERFACE)

/* --------------------------------------------------- a RAM-like backend */

#define MEM 0x8000
struct mem {
	uint8_t m[MEM];
	unsigned writes, flushes;
	uint32_t flushed_total;
	int fail_write_at;      /* fail the nth write (1-based), 0 never */
	int fail_flush;
};

static int mem_write(void *ctx, const struct dfu_alt *a, uint32_t off, const uint8_t *buf,
		     uint32_t len)
{
	struct mem *m = ctx;

	assert_true(off + len <= a->size);
	if (++m->writes == (unsigned)m->fail_write_at)
		return -EIO;
	memcpy(m->m + a->start + off, buf, len);
	return 0;
}

static int mem_read(void *ctx, const struct dfu_alt *a, uint32_t off, uint8_t *buf, uint32_t len)
{
	struct mem *m = ctx;

	assert_true(off + len <= a->size);
	memcpy(buf, m->m + a->start + off, len);
	return (int)len;
}

static int mem_flush(void *ctx, const struct dfu_alt *a, uint32_t total)
{
	struct mem *m = ctx;

	m->flushes++;
	m->flushed_total = total;
	return m->fail_flush;
}

struct rig {
	struct usb_ctrl u;
	struct dfu d;
	struct usb_device_info info;
	struct dfu_alt alts[DFU_MAX_ALTS];
	unsigned nalts;
	struct mem mem;
	struct dfu_backend be;
};

static struct rig *rig_new(const char *alt_info, bool tolerant)
{
	static struct rig r;
	char why[80];

	memset(&r, 0, sizeof(r));
	assert_int_equal(dfu_alt_parse(alt_info, "ram", r.alts, DFU_MAX_ALTS, &r.nalts, why,
				       sizeof(why)), 0);
	r.be = (struct dfu_backend){ .write = mem_write, .read = mem_read, .flush = mem_flush,
				     .ctx = &r.mem, .poll_ms = 5,
				     .manifest_poll_ms = 700 };
	r.info = (struct usb_device_info){ .vid = 0x0451, .pid = 0xd022, .bcd_device = 0x0100,
					   .manufacturer = "Goldelico", .product = "gtaboot DFU",
					   .serial = "0123", .ep0_size = 64 };
	dfu_init(&r.d, r.alts, r.nalts, &r.be, tolerant, &r.info);
	usb_ctrl_init(&r.u, &r.info, &dfu_function_ops, &r.d);
	usb_ctrl_bus_reset(&r.u);
	return &r;
}

/* Address 5, configuration 1, the given alt. */
static void enumerate(struct rig *r, unsigned alt)
{
	struct xfer *x = ctrl(&r->u, STD_OUT(USB_RECIP_DEVICE), USB_REQ_SET_ADDRESS, 5, 0, 0, NULL);

	assert_int_equal(x->a, USB_CTRL_ACK);
	assert_int_equal(x->new_addr, 5);
	x = ctrl(&r->u, STD_OUT(USB_RECIP_DEVICE), USB_REQ_SET_CONFIGURATION, 1, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
	x = ctrl(&r->u, STD_OUT(USB_RECIP_INTERFACE), USB_REQ_SET_INTERFACE, (uint16_t)alt, 0, 0,
		 NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
}

/* GETSTATUS: returns bState, *status the bStatus. */
static int getstatus(struct rig *r, uint8_t *status, uint32_t *poll)
{
	struct xfer *x = ctrl(&r->u, DFU_IN, DFU_GETSTATUS, 0, 0, 6, NULL);

	assert_int_equal(x->a, USB_CTRL_IN);
	assert_int_equal(x->len, 6);
	if (status)
		*status = x->data[0];
	if (poll)
		*poll = x->data[1] | x->data[2] << 8 | x->data[3] << 16;
	return x->data[4];
}

/* ----------------------------------------------------------- usb_ctrl */

static void test_setup_parse(void **state)
{
	const uint8_t raw[8] = { 0x80, 6, 0x00, 0x01, 0x09, 0x04, 0x40, 0x00 };
	struct usb_setup s;

	usb_setup_parse(raw, &s);
	assert_int_equal(s.bmRequestType, 0x80);
	assert_int_equal(s.bRequest, 6);
	assert_int_equal(s.wValue, 0x0100);
	assert_int_equal(s.wIndex, 0x0409);
	assert_int_equal(s.wLength, 64);
}

static void test_device_descriptor(void **state)
{
	struct rig *r = rig_new("kernel ram 0 100", true);
	struct xfer *x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0100, 0, 64, NULL);

	assert_int_equal(x->a, USB_CTRL_IN);
	assert_int_equal(x->len, 18);
	assert_int_equal(x->data[0], 18);
	assert_int_equal(x->data[1], USB_DT_DEVICE);
	assert_int_equal(x->data[2] | x->data[3] << 8, 0x0200);
	assert_int_equal(x->data[7], 64);
	assert_int_equal(x->data[8] | x->data[9] << 8, 0x0451);
	assert_int_equal(x->data[10] | x->data[11] << 8, 0xd022);
	assert_int_equal(x->data[14], 1);
	assert_int_equal(x->data[15], 2);
	assert_int_equal(x->data[16], 3);
	assert_int_equal(x->data[17], 1);
	/* wLength truncation: Windows and Linux ask for 8 first */
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0100, 0, 8, NULL);
	assert_int_equal(x->len, 8);
	/* qualifier */
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0600, 0, 10, NULL);
	assert_int_equal(x->a, USB_CTRL_IN);
	assert_int_equal(x->len, 10);
	/* unknown type, and an OUT GET_DESCRIPTOR */
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x2200, 0, 64, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	x = ctrl(&r->u, STD_OUT(0), USB_REQ_GET_DESCRIPTOR, 0x0100, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
}

static void test_config_descriptor(void **state)
{
	struct rig *r = rig_new("kernel ram 0x100 0x1000;fdt ram 0x2000 0x100;ramdisk ram 0x3000 8", true);
	struct xfer *x;
	const uint8_t *p, *f;
	unsigned i, total = 9 + 3 * 9 + 9;

	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0200, 0, 9, NULL);
	assert_int_equal(x->len, 9);
	assert_int_equal(x->data[2] | x->data[3] << 8, total);
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0200, 0, 0xFFFF, NULL);
	assert_int_equal(x->len, total);
	assert_int_equal(x->data[4], 1);        /* bNumInterfaces */
	assert_int_equal(x->data[5], 1);        /* bConfigurationValue */
	assert_int_equal(x->data[7] & 0x80, 0x80);
	for (i = 0; i < 3; i++) {
		p = x->data + 9 + 9 * i;
		assert_int_equal(p[0], 9);
		assert_int_equal(p[1], USB_DT_INTERFACE);
		assert_int_equal(p[2], 0);
		assert_int_equal(p[3], i);
		assert_int_equal(p[4], 0);
		assert_int_equal(p[5], 0xFE);
		assert_int_equal(p[6], 1);
		assert_int_equal(p[7], 2);
		assert_int_equal(p[8], 4 + i);
	}
	f = x->data + 9 + 27;
	assert_int_equal(f[0], 9);
	assert_int_equal(f[1], 0x21);
	assert_int_equal(f[2], 0x0F);
	assert_int_equal(f[5] | f[6] << 8, 4096);
	assert_int_equal(f[7] | f[8] << 8, 0x0110);
	/* a second configuration does not exist */
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0201, 0, 255, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	r = rig_new("a ram 0 1", false);
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0200, 0, 255, NULL);
	assert_int_equal(x->data[9 + 9 + 2], 0x0B);   /* not manifestation tolerant */
}

static void test_strings(void **state)
{
	struct rig *r = rig_new("kernel ram 0 100;fdt ram 100 100", true);
	struct xfer *x;

	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0300, 0, 255, NULL);
	assert_int_equal(x->len, 4);
	assert_int_equal(x->data[2] | x->data[3] << 8, 0x0409);
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0302, 0x0409, 255, NULL);
	assert_int_equal(x->len, 2 + 2 * 11);
	assert_int_equal(x->data[0], 24);
	assert_int_equal(x->data[1], USB_DT_STRING);
	assert_memory_equal(x->data + 2, "g\0t\0a\0b\0o\0o\0t\0 \0D\0F\0U\0", 22);
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0305, 0x0409, 255, NULL);
	assert_int_equal(x->len, 8);
	assert_memory_equal(x->data + 2, "f\0d\0t\0", 6);
	/* truncated to wLength, bLength still the whole */
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0304, 0x0409, 2, NULL);
	assert_int_equal(x->len, 2);
	assert_int_equal(x->data[0], 14);
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0306, 0x0409, 255, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
}

static void test_address_after_status(void **state)
{
	struct rig *r = rig_new("a ram 0 1", true);
	uint8_t raw[8];
	const uint8_t *d;
	uint16_t n;

	setup_bytes(raw, 0, USB_REQ_SET_ADDRESS, 42, 0, 0);
	assert_int_equal(usb_ctrl_setup(&r->u, raw, &d, &n), USB_CTRL_ACK);
	assert_int_equal(r->u.address, 0);      /* not before the status stage */
	assert_int_equal(usb_ctrl_status_done(&r->u), 42);
	assert_int_equal(r->u.address, 42);
	assert_int_equal(usb_ctrl_status_done(&r->u), -1);
	setup_bytes(raw, 0, USB_REQ_SET_ADDRESS, 128, 0, 0);
	assert_int_equal(usb_ctrl_setup(&r->u, raw, &d, &n), USB_CTRL_STALL);
	/* a bus reset forgets it */
	usb_ctrl_bus_reset(&r->u);
	assert_int_equal(r->u.address, 0);
}

static void test_configuration_interface(void **state)
{
	struct rig *r = rig_new("a ram 0 10;b ram 10 10", true);
	struct xfer *x;

	/* class requests and interface requests need a configuration */
	x = ctrl(&r->u, DFU_IN, DFU_GETSTATE, 0, 0, 1, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	x = ctrl(&r->u, STD_IN(USB_RECIP_INTERFACE), USB_REQ_GET_INTERFACE, 0, 0, 1, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	/* SET_CONFIGURATION in the default state (no address) */
	x = ctrl(&r->u, STD_OUT(0), USB_REQ_SET_CONFIGURATION, 1, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	enumerate(r, 1);
	assert_int_equal(r->d.alt, 1);
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_CONFIGURATION, 0, 0, 1, NULL);
	assert_int_equal(x->len, 1);
	assert_int_equal(x->data[0], 1);
	x = ctrl(&r->u, STD_IN(USB_RECIP_INTERFACE), USB_REQ_GET_INTERFACE, 0, 0, 1, NULL);
	assert_int_equal(x->data[0], 1);
	x = ctrl(&r->u, STD_OUT(USB_RECIP_INTERFACE), USB_REQ_SET_INTERFACE, 2, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	x = ctrl(&r->u, STD_OUT(USB_RECIP_INTERFACE), USB_REQ_SET_INTERFACE, 0, 1, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);   /* interface 1 does not exist */
	x = ctrl(&r->u, STD_OUT(0), USB_REQ_SET_CONFIGURATION, 2, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	x = ctrl(&r->u, STD_OUT(0), USB_REQ_SET_CONFIGURATION, 0, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
	x = ctrl(&r->u, STD_IN(0), USB_REQ_GET_CONFIGURATION, 0, 0, 1, NULL);
	assert_int_equal(x->data[0], 0);
	x = ctrl(&r->u, STD_OUT(0), USB_REQ_SET_DESCRIPTOR, 0x0100, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
}

static void test_status_and_features(void **state)
{
	static const uint8_t eps[] = { 0x81, 0x01 };
	struct usb_device_info info = { .vid = 1, .pid = 2, .ep0_size = 64, .nalts = 1,
					.alt_names = (const char *const[]){ "x" }, .eps = eps,
					.neps = 2, .ep_size = 512, .self_powered = true };
	static struct usb_ctrl u;
	struct xfer *x;

	usb_ctrl_init(&u, &info, NULL, NULL);
	x = ctrl(&u, STD_IN(0), USB_REQ_GET_STATUS, 0, 0, 2, NULL);
	assert_int_equal(x->len, 2);
	assert_int_equal(x->data[0], 1);        /* self powered */
	x = ctrl(&u, STD_OUT(0), USB_REQ_SET_FEATURE, USB_FEAT_REMOTE_WAKEUP, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
	x = ctrl(&u, STD_IN(0), USB_REQ_GET_STATUS, 0, 0, 2, NULL);
	assert_int_equal(x->data[0], 3);
	x = ctrl(&u, STD_OUT(0), USB_REQ_SET_FEATURE, USB_FEAT_TEST_MODE, 0x0100, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	/* EP0 status works in any state; bulk endpoints once configured */
	x = ctrl(&u, STD_IN(USB_RECIP_ENDPOINT), USB_REQ_GET_STATUS, 0, 0x80, 2, NULL);
	assert_int_equal(x->a, USB_CTRL_IN);
	x = ctrl(&u, STD_IN(USB_RECIP_ENDPOINT), USB_REQ_GET_STATUS, 0, 0x81, 2, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	x = ctrl(&u, STD_OUT(0), USB_REQ_SET_ADDRESS, 3, 0, 0, NULL);
	x = ctrl(&u, STD_OUT(0), USB_REQ_SET_CONFIGURATION, 1, 0, 0, NULL);
	assert_int_equal(u.toggle_reset, 3);
	u.toggle_reset = 0;
	x = ctrl(&u, STD_OUT(USB_RECIP_ENDPOINT), USB_REQ_SET_FEATURE, 0, 0x81, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
	assert_true(usb_ctrl_ep_halted(&u, 0x81));
	assert_false(usb_ctrl_ep_halted(&u, 0x01));
	x = ctrl(&u, STD_IN(USB_RECIP_ENDPOINT), USB_REQ_GET_STATUS, 0, 0x81, 2, NULL);
	assert_int_equal(x->data[0], 1);
	x = ctrl(&u, STD_OUT(USB_RECIP_ENDPOINT), USB_REQ_CLEAR_FEATURE, 0, 0x81, 0, NULL);
	assert_false(usb_ctrl_ep_halted(&u, 0x81));
	assert_int_equal(u.toggle_reset, 1);
	x = ctrl(&u, STD_OUT(USB_RECIP_ENDPOINT), USB_REQ_CLEAR_FEATURE, 0, 0x82, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	x = ctrl(&u, STD_OUT(USB_RECIP_ENDPOINT), USB_REQ_CLEAR_FEATURE, 0, 0x00, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
	x = ctrl(&u, STD_IN(USB_RECIP_INTERFACE), USB_REQ_GET_STATUS, 0, 0, 2, NULL);
	assert_int_equal(x->a, USB_CTRL_IN);
	/* endpoint descriptors in the configuration */
	x = ctrl(&u, STD_IN(0), USB_REQ_GET_DESCRIPTOR, 0x0200, 0, 255, NULL);
	assert_int_equal(x->len, 9 + 9 + 14);
	assert_int_equal(x->data[18 + 2], 0x81);
	assert_int_equal(x->data[18 + 4] | x->data[18 + 5] << 8, 512);
	/* no function: class requests stall */
	x = ctrl(&u, DFU_IN, DFU_GETSTATE, 0, 0, 1, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
}

/* ---------------------------------------------------------------- DFU */

static void fill(uint8_t *b, size_t n, unsigned seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		b[i] = (uint8_t)(i * 7 + seed + (i >> 8));
}

/* dfu-util's download: blocks of 4096, status polls, the empty block,
 * status until dfuIDLE. Returns the states seen after the last block. */
static void download(struct rig *r, const uint8_t *data, size_t len, bool expect_ok)
{
	uint16_t blk = 0;
	size_t off = 0;
	uint8_t st;
	uint32_t poll;
	struct xfer *x;

	while (off < len) {
		uint16_t n = len - off > 4096 ? 4096 : (uint16_t)(len - off);

		x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, blk++, 0, n, data + off);
		assert_int_equal(x->a, USB_CTRL_OUT);
		assert_int_equal(r->d.state, DFU_DNLOAD_SYNC);
		assert_int_equal(getstatus(r, &st, &poll), DFU_DNBUSY);
		assert_int_equal(poll, 5);
		assert_int_equal(getstatus(r, &st, NULL), expect_ok ? DFU_DNLOAD_IDLE : DFU_ERROR);
		if (!expect_ok)
			return;
		off += n;
	}
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, blk, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
	assert_int_equal(r->d.state, DFU_MANIFEST_SYNC);
	assert_int_equal(getstatus(r, &st, &poll), DFU_MANIFEST);
	assert_int_equal(poll, 700);
}

static void test_dfu_download_ram(void **state)
{
	struct rig *r = rig_new("kernel ram 0x100 0x3000;fdt ram 0x4000 0x2800", true);
	static uint8_t img[0x2800];
	uint8_t st;

	enumerate(r, 1);
	fill(img, sizeof(img), 3);
	assert_int_equal(getstatus(r, &st, NULL), DFU_IDLE);
	download(r, img, sizeof(img), true);
	assert_memory_equal(r->mem.m + 0x4000, img, sizeof(img));
	assert_int_equal(r->mem.flushes, 1);
	assert_int_equal(r->mem.flushed_total, sizeof(img));
	assert_int_equal(r->d.downloads, 1);
	assert_int_equal(r->d.last_alt, 1);
	assert_int_equal(r->d.last_len, sizeof(img));
	/* tolerant: back to dfuIDLE */
	assert_int_equal(getstatus(r, &st, NULL), DFU_IDLE);
	assert_int_equal(st, DFU_OK);
	/* GETSTATE */
	assert_int_equal(ctrl(&r->u, DFU_IN, DFU_GETSTATE, 0, 0, 1, NULL)->data[0], DFU_IDLE);
	/* nothing outside the window changed */
	assert_int_equal(r->mem.m[0x3FFF], 0);
	assert_int_equal(r->mem.m[0x4000 + sizeof(img)], 0);
}

static void test_dfu_not_tolerant(void **state)
{
	struct rig *r = rig_new("kernel ram 0 0x1000", false);
	uint8_t img[100];
	uint8_t st;

	enumerate(r, 0);
	fill(img, sizeof(img), 1);
	download(r, img, sizeof(img), true);
	assert_int_equal(getstatus(r, &st, NULL), DFU_MANIFEST_WAIT_RESET);
	assert_int_equal(r->d.downloads, 1);
	usb_ctrl_bus_reset(&r->u);
	assert_int_equal(r->d.state, DFU_IDLE);
}

static void test_dfu_past_the_end(void **state)
{
	struct rig *r = rig_new("small ram 0x100 0x800;next ram 0x900 0x100", true);
	static uint8_t img[4096];
	struct xfer *x;
	uint8_t st;

	enumerate(r, 0);
	memset(img, 0xAA, sizeof(img));
	/* the first block is already larger than the alt */
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, 0, 0, 4096, img);
	assert_int_equal(x->a, USB_CTRL_STALL);
	assert_int_equal(getstatus(r, &st, NULL), DFU_ERROR);
	assert_int_equal(st, DFU_ERR_ADDRESS);
	assert_int_equal(r->mem.writes, 0);
	assert_int_equal(r->mem.m[0x100], 0);
}

static void test_dfu_past_the_end2(void **state)
{
	struct rig *r = rig_new("small ram 0x100 0x1800;next ram 0x1900 0x100", true);
	static uint8_t img[0x2000];
	struct xfer *x;
	uint8_t st;
	unsigned i;

	enumerate(r, 0);
	memset(img, 0xAA, sizeof(img));
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, 0, 0, 4096, img);
	assert_int_equal(x->a, USB_CTRL_OUT);
	assert_int_equal(getstatus(r, &st, NULL), DFU_DNBUSY);
	assert_int_equal(getstatus(r, &st, NULL), DFU_DNLOAD_IDLE);
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, 1, 0, 4096, img);
	assert_int_equal(x->a, USB_CTRL_STALL);
	assert_int_equal(getstatus(r, &st, NULL), DFU_ERROR);
	assert_int_equal(st, DFU_ERR_ADDRESS);
	/* nothing of the second block was written: the next alt is intact */
	for (i = 0x100 + 4096; i < 0x2000; i++)
		assert_int_equal(r->mem.m[i], 0);
	assert_int_equal(r->mem.writes, 1);
	/* still in dfuERROR until CLRSTATUS */
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, 1, 0, 16, img);
	assert_int_equal(x->a, USB_CTRL_STALL);
	x = ctrl(&r->u, DFU_OUT, DFU_CLRSTATUS, 0, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
	assert_int_equal(getstatus(r, &st, NULL), DFU_IDLE);
	assert_int_equal(st, DFU_OK);
	/* exactly the size fits */
	download(r, img, 0x1800, true);
	assert_int_equal(getstatus(r, &st, NULL), DFU_IDLE);
	assert_int_equal(r->mem.m[0x1900], 0);
}

static void test_dfu_write_error(void **state)
{
	struct rig *r = rig_new("k ram 0 0x3000", true);
	static uint8_t img[0x3000];
	uint8_t st;

	enumerate(r, 0);
	r->mem.fail_write_at = 1;
	download(r, img, sizeof(img), false);
	assert_int_equal(getstatus(r, &st, NULL), DFU_ERROR);
	assert_int_equal(st, DFU_ERR_WRITE);
	assert_int_equal(r->d.last_err, -EIO);
	assert_int_equal(r->d.downloads, 0);
	/* a flush error */
	ctrl(&r->u, DFU_OUT, DFU_CLRSTATUS, 0, 0, 0, NULL);
	r->mem.fail_write_at = 0;
	r->mem.fail_flush = -EINVAL;
	download(r, img, 10, true);
	assert_int_equal(getstatus(r, &st, NULL), DFU_ERROR);
	assert_int_equal(st, DFU_ERR_FILE);
	assert_int_equal(r->d.downloads, 0);
}

static void test_dfu_upload(void **state)
{
	struct rig *r = rig_new("k ram 0x10 0x1234", true);
	static uint8_t back[0x2000];
	struct xfer *x;
	size_t got = 0;
	uint8_t st;

	fill(r->mem.m, MEM, 9);
	enumerate(r, 0);
	do {
		x = ctrl(&r->u, DFU_IN, DFU_UPLOAD, (uint16_t)(got / 4096), 0, 4096, NULL);
		assert_int_equal(x->a, USB_CTRL_IN);
		memcpy(back + got, x->data, x->len);
		got += x->len;
		if (x->len == 4096)
			assert_int_equal(r->d.state, DFU_UPLOAD_IDLE);
	} while (x->len == 4096);
	assert_int_equal(got, 0x1234);
	assert_memory_equal(back, r->mem.m + 0x10, 0x1234);
	assert_int_equal(getstatus(r, &st, NULL), DFU_IDLE);
	/* an alt of exactly one block ends with a zero-length frame */
	r = rig_new("k ram 0 0x1000", true);
	enumerate(r, 0);
	x = ctrl(&r->u, DFU_IN, DFU_UPLOAD, 0, 0, 4096, NULL);
	assert_int_equal(x->len, 4096);
	x = ctrl(&r->u, DFU_IN, DFU_UPLOAD, 1, 0, 4096, NULL);
	assert_int_equal(x->a, USB_CTRL_IN);
	assert_int_equal(x->len, 0);
	assert_int_equal(r->d.state, DFU_IDLE);
	/* ABORT from dfuUPLOAD-IDLE */
	x = ctrl(&r->u, DFU_IN, DFU_UPLOAD, 0, 0, 16, NULL);
	assert_int_equal(r->d.state, DFU_UPLOAD_IDLE);
	x = ctrl(&r->u, DFU_OUT, DFU_ABORT, 0, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
	assert_int_equal(r->d.state, DFU_IDLE);
	/* a download request in dfuUPLOAD-IDLE is refused */
	x = ctrl(&r->u, DFU_IN, DFU_UPLOAD, 0, 0, 16, NULL);
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, 0, 0, 16, back);
	assert_int_equal(x->a, USB_CTRL_STALL);
	assert_int_equal(getstatus(r, &st, NULL), DFU_ERROR);
	assert_int_equal(st, DFU_ERR_STALLEDPKT);
}

static void test_dfu_bad_requests(void **state)
{
	struct rig *r = rig_new("k ram 0 0x3000", true);
	uint8_t blk[16] = { 1, 2, 3 };
	struct xfer *x;
	uint8_t st;

	enumerate(r, 0);
	/* CLRSTATUS outside dfuERROR */
	x = ctrl(&r->u, DFU_OUT, DFU_CLRSTATUS, 0, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	assert_int_equal(getstatus(r, &st, NULL), DFU_ERROR);
	assert_int_equal(st, DFU_ERR_STALLEDPKT);
	ctrl(&r->u, DFU_OUT, DFU_CLRSTATUS, 0, 0, 0, NULL);
	/* an empty DNLOAD in dfuIDLE */
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, 0, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	ctrl(&r->u, DFU_OUT, DFU_CLRSTATUS, 0, 0, 0, NULL);
	/* a block larger than wTransferSize */
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, 0, 0, 4097, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	ctrl(&r->u, DFU_OUT, DFU_CLRSTATUS, 0, 0, 0, NULL);
	/* an unknown request, a GETSTATUS the wrong way */
	x = ctrl(&r->u, DFU_IN, 7, 0, 0, 1, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	ctrl(&r->u, DFU_OUT, DFU_CLRSTATUS, 0, 0, 0, NULL);
	x = ctrl(&r->u, DFU_OUT, DFU_GETSTATUS, 0, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	ctrl(&r->u, DFU_OUT, DFU_CLRSTATUS, 0, 0, 0, NULL);
	assert_int_equal(r->d.state, DFU_IDLE);
	/* out-of-sequence block number */
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, 7, 0, 16, blk);
	assert_int_equal(x->a, USB_CTRL_OUT);
	getstatus(r, &st, NULL);
	getstatus(r, &st, NULL);
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, 9, 0, 16, blk);
	assert_int_equal(x->a, USB_CTRL_STALL);
	assert_int_equal(getstatus(r, &st, NULL), DFU_ERROR);
	assert_int_equal(st, DFU_ERR_UNKNOWN);
	ctrl(&r->u, DFU_OUT, DFU_CLRSTATUS, 0, 0, 0, NULL);
	/* ABORT from dfuDNLOAD-IDLE throws the transfer away */
	x = ctrl(&r->u, DFU_OUT, DFU_DNLOAD, 0, 0, 16, blk);
	getstatus(r, &st, NULL);
	assert_int_equal(getstatus(r, &st, NULL), DFU_DNLOAD_IDLE);
	x = ctrl(&r->u, DFU_OUT, DFU_ABORT, 0, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
	assert_int_equal(r->d.state, DFU_IDLE);
	assert_int_equal(r->d.downloads, 0);
	/* a standard request to another interface */
	x = ctrl(&r->u, DFU_IN, DFU_GETSTATE, 0, 1, 1, NULL);
	assert_int_equal(x->a, USB_CTRL_STALL);
	/* names */
	assert_string_equal(dfu_state_name(DFU_DNBUSY), "dfuDNBUSY");
	assert_string_equal(dfu_status_name(DFU_ERR_ADDRESS), "errADDRESS");
	assert_string_equal(dfu_state_name(99), "?");
}

static void test_dfu_detach(void **state)
{
	struct rig *r = rig_new("k ram 0 0x3000", true);
	struct xfer *x;

	enumerate(r, 0);
	x = ctrl(&r->u, DFU_OUT, DFU_DETACH, 1000, 0, 0, NULL);
	assert_int_equal(x->a, USB_CTRL_ACK);
	assert_true(r->d.detach);
}

/* ------------------------------------------------------- dfu_alt_info */

static void test_alt_parse_ram(void **state)
{
	struct dfu_alt a[DFU_MAX_ALTS];
	unsigned n;
	char why[80];

	assert_int_equal(dfu_alt_parse("kernel ram 0x82000000 0x1000000;fdt ram 0x88000000 0x100000",
				       "ram", a, DFU_MAX_ALTS, &n, why, sizeof(why)), 0);
	assert_int_equal(n, 2);
	assert_string_equal(a[0].name, "kernel");
	assert_int_equal(a[0].kind, DFU_ALT_RAM);
	assert_int_equal(a[0].start, 0x82000000);
	assert_int_equal(a[0].size, 0x1000000);
	assert_string_equal(a[1].name, "fdt");
	assert_int_equal(a[1].start, 0x88000000);
	assert_int_equal(a[1].size, 0x100000);
	/* hex without 0x, blanks around, a trailing ';', empty entries */
	assert_int_equal(dfu_alt_parse("  a  ram 80008000\t100 ;; b ram 0X10 Ff;", "ram", a,
				       DFU_MAX_ALTS, &n, why, sizeof(why)), 0);
	assert_int_equal(n, 2);
	assert_int_equal(a[0].start, 0x80008000);
	assert_int_equal(a[0].size, 0x100);
	assert_int_equal(a[1].start, 0x10);
	assert_int_equal(a[1].size, 0xFF);
}

static void test_alt_parse_nand(void **state)
{
	struct dfu_alt a[DFU_MAX_ALTS];
	unsigned n;
	char why[80];

	assert_int_equal(dfu_alt_parse("MLO raw 0x0 0x80000;u-boot raw 0x80000 0x1c0000;"
				       "kernel part 0 4", "nand", a, DFU_MAX_ALTS, &n, why,
				       sizeof(why)), 0);
	assert_int_equal(n, 3);
	assert_int_equal(a[0].kind, DFU_ALT_RAW);
	assert_int_equal(a[0].start, 0);
	assert_int_equal(a[0].size, 0x80000);
	assert_int_equal(a[1].start, 0x80000);
	assert_int_equal(a[2].kind, DFU_ALT_PART);
	assert_int_equal(a[2].dev, 0);
	assert_int_equal(a[2].part, 4);
	/* a RAM entry for the NAND interface and the other way round */
	assert_int_equal(dfu_alt_parse("k ram 0 1", "nand", a, DFU_MAX_ALTS, &n, why,
				       sizeof(why)), -EINVAL);
	assert_string_equal(why, "'k': memory layout (ram) not supported");
	assert_int_equal(dfu_alt_parse("k raw 0 1", "ram", a, DFU_MAX_ALTS, &n, why, sizeof(why)),
			 -EINVAL);
	assert_int_equal(dfu_alt_parse("k ram 0 1", "mmc", a, DFU_MAX_ALTS, &n, why, sizeof(why)),
			 -EINVAL);
}

static void test_alt_parse_errors(void **state)
{
	static const char *const bad[] = {
		"", ";", "  ", "kernel", "kernel ram", "kernel ram 0x100", "kernel ram 0x100 0x10 7",
		"kernel ram 0xg0 0x10", "kernel ram 0x 0x10", "kernel ram 0x100 0", "kernel ram -1 4",
		"kernel ram 0x100000000 4", "kernel ram 0xFFFFFFFF 2", "k ram 1 2 3 4 5 6",
		"k part 0 x",
	};
	struct dfu_alt a[4];
	unsigned n, i;
	char why[80];
	char many[200] = "";
	char longname[80];

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		n = 99;
		assert_int_not_equal(dfu_alt_parse(bad[i], i == 14 ? "nand" : "ram", a, 4, &n, why,
						   sizeof(why)), 0);
		assert_int_equal(n, 0);
		assert_true(why[0]);
	}
	for (i = 0; i < 5; i++)
		strcat(many, "a ram 0 1;");
	assert_int_equal(dfu_alt_parse(many, "ram", a, 4, &n, why, sizeof(why)), -E2BIG);
	memset(longname, 'x', 40);
	strcpy(longname + 40, " ram 0 1");
	assert_int_equal(dfu_alt_parse(longname, "ram", a, 4, &n, why, sizeof(why)), -ENAMETOOLONG);
}

/* U-Boot's mmc entities (drivers/dfu/dfu_mmc.c): raw blocks with C-style
 * numbers, part/fat/ext4 with a device and a partition. */
static void test_alt_parse_mmc(void **state)
{
	static const char *const bad[] = {
		"k raw 0x100", "k raw 0x100 x", "k raw 0x10 0x10 mmcpart 1", "k part 0",
		"k part 0 0", "k fat 0 256", "k ext4 0x 1", "k skip 0 0", "k script 0 0",
		"k ram 0 1", "k raw 09 1", "k raw 0xffffffff 2", "k raw -1 2", "k fat 0 1 offset",
	};
	struct dfu_alt a[DFU_MAX_ALTS];
	unsigned n, i;
	char why[96];

	(void)state;
	assert_int_equal(dfu_alt_parse("MLO fat 0 1;zImage ext4 0 2;boot part 0 1;"
				       "card raw 0 0;spl raw 0x100 0400;u-boot raw 768 0x1000",
				       "mmc", a, DFU_MAX_ALTS, &n, why, sizeof(why)), 0);
	assert_int_equal(n, 6);
	assert_string_equal(a[0].name, "MLO");
	assert_int_equal(a[0].kind, DFU_ALT_FAT);
	assert_int_equal(a[0].dev, 0);
	assert_int_equal(a[0].part, 1);
	assert_int_equal(a[1].kind, DFU_ALT_EXT4);
	assert_int_equal(a[1].part, 2);
	assert_int_equal(a[2].kind, DFU_ALT_PART);
	assert_int_equal(a[2].part, 1);
	assert_int_equal(a[3].kind, DFU_ALT_RAW);
	assert_int_equal(a[3].lba, 0);
	assert_int_equal(a[3].blocks, 0);       /* the whole card */
	assert_int_equal(a[4].lba, 0x100);
	assert_int_equal(a[4].blocks, 0400);    /* octal, as U-Boot's base 0 */
	assert_int_equal(a[5].lba, 768);
	assert_int_equal(a[5].blocks, 0x1000);
	for (i = 0; i < 6; i++)
		assert_int_equal(a[i].size, 0); /* resolved by the command */
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		n = 99;
		assert_int_not_equal(dfu_alt_parse(bad[i], "mmc", a, 4, &n, why, sizeof(why)), 0);
		assert_int_equal(n, 0);
		assert_true(why[0]);
	}
	assert_int_equal(dfu_alt_parse("k skip 0 0", "mmc", a, 4, &n, why, sizeof(why)), -EINVAL);
	assert_string_equal(why, "'k': memory layout (skip) not supported");
	assert_int_equal(dfu_alt_parse("k raw 0 1 mmcpart 1", "mmc", a, 4, &n, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "hardware partitions"));
	/* mmc entities are mmc's alone */
	assert_int_equal(dfu_alt_parse("k fat 0 1", "nand", a, 4, &n, why, sizeof(why)), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_parse),
		cmocka_unit_test(test_device_descriptor),
		cmocka_unit_test(test_config_descriptor),
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_address_after_status),
		cmocka_unit_test(test_configuration_interface),
		cmocka_unit_test(test_status_and_features),
		cmocka_unit_test(test_dfu_download_ram),
		cmocka_unit_test(test_dfu_not_tolerant),
		cmocka_unit_test(test_dfu_past_the_end),
		cmocka_unit_test(test_dfu_past_the_end2),
		cmocka_unit_test(test_dfu_write_error),
		cmocka_unit_test(test_dfu_upload),
		cmocka_unit_test(test_dfu_bad_requests),
		cmocka_unit_test(test_dfu_detach),
		cmocka_unit_test(test_alt_parse_ram),
		cmocka_unit_test(test_alt_parse_nand),
		cmocka_unit_test(test_alt_parse_mmc),
		cmocka_unit_test(test_alt_parse_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
