// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for lib/usb/ums (USB mass storage: the Bulk-Only Transport and
 * the SCSI commands) with lib/usb/usb_ctrl, against a RAM disk. The tests play
 * the host (Linux's usb-storage: CBW, data, CSW; a stall cleared with
 * CLEAR_FEATURE(ENDPOINT_HALT)) and the controller driver (ums_next's
 * ops done, halts applied through usb_ctrl as musb_udc does).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "lib/errno.h"
#include "lib/usb/ums.h"
#include "lib/usb/usb_ctrl.h"

#define NBLOCKS 64
#define CHUNK   2048    /* 4 blocks: READ/WRITE take several chunks */

struct rig {
	struct usb_ctrl u;
	struct ums s;
	struct ums_disk disk;
	struct usb_device_info info;
	uint8_t eps[2];
	uint8_t buf[CHUNK];
	uint8_t mem[NBLOCKS * 512];
	unsigned reads, writes;
	int64_t fail_read_lba, fail_write_lba;  /* -1: never */
	int fail_err;
	uint32_t maxp;
	/* what the host saw in the last command */
	uint8_t in[NBLOCKS * 512 + 64];
	uint32_t in_len;
	bool stalled_in, stalled_out, csw_ok;
	uint8_t csw[UMS_CSW_LEN];
	uint32_t residue;
	uint8_t status;
	uint32_t tag;
};

static int rd(void *ctx, uint64_t lba, uint32_t count, void *buf)
{
	struct rig *r = ctx;

	assert_true(lba + count <= NBLOCKS);    /* never outside the disk */
	r->reads++;
	if (r->fail_read_lba >= 0 && (int64_t)lba <= r->fail_read_lba &&
	    r->fail_read_lba < (int64_t)(lba + count))
		return r->fail_err;
	memcpy(buf, r->mem + lba * 512, count * 512);
	return 0;
}

static int wr(void *ctx, uint64_t lba, uint32_t count, const void *buf)
{
	struct rig *r = ctx;

	assert_true(lba + count <= NBLOCKS);
	r->writes++;
	if (r->fail_write_lba >= 0 && (int64_t)lba <= r->fail_write_lba &&
	    r->fail_write_lba < (int64_t)(lba + count))
		return r->fail_err;
	memcpy(r->mem + lba * 512, buf, count * 512);
	return 0;
}

/* ------------------------------------------------------------ control */

static enum usb_ctrl_action ctrl(struct rig *r, uint8_t type, uint8_t req, uint16_t val,
				 uint16_t idx, uint16_t len, uint8_t *in, uint16_t *in_len)
{
	uint8_t raw[8] = { type, req, (uint8_t)val, (uint8_t)(val >> 8), (uint8_t)idx,
			   (uint8_t)(idx >> 8), (uint8_t)len, (uint8_t)(len >> 8) };
	const uint8_t *d;
	uint16_t n;
	enum usb_ctrl_action a = usb_ctrl_setup(&r->u, raw, &d, &n);

	if (a == USB_CTRL_IN && in) {
		memcpy(in, d, n);
		*in_len = n;
	}
	if (a != USB_CTRL_STALL)
		usb_ctrl_status_done(&r->u);
	return a;
}

static void clear_halt(struct rig *r, uint8_t ep)
{
	assert_int_equal(ctrl(r, USB_RECIP_ENDPOINT, USB_REQ_CLEAR_FEATURE,
			      USB_FEAT_ENDPOINT_HALT, ep, 0, NULL, NULL), USB_CTRL_ACK);
}

static void bot_reset(struct rig *r)
{
	assert_int_equal(ctrl(r, USB_TYPE_CLASS | USB_RECIP_INTERFACE, UMS_REQ_RESET, 0, 0, 0,
			      NULL, NULL), USB_CTRL_ACK);
}

static struct rig *rig_new(bool ro)
{
	static struct rig r;

	memset(&r, 0, sizeof(r));
	for (unsigned i = 0; i < sizeof(r.mem); i++)
		r.mem[i] = (uint8_t)(i * 7 + i / 512);
	r.fail_read_lba = r.fail_write_lba = -1;
	r.fail_err = -EIO;
	r.maxp = 512;
	r.eps[0] = UMS_EP_IN;
	r.eps[1] = UMS_EP_OUT;
	r.disk = (struct ums_disk){ .nblocks = NBLOCKS, .ro = ro, .product = "SD card mmc 0",
				    .read = rd, .write = wr, .ctx = &r };
	r.info = (struct usb_device_info){ .vid = 0x0451, .pid = 0xd022, .bcd_device = 0x0010,
					   .manufacturer = "Goldelico", .product = "gtaboot UMS",
					   .intf_class = UMS_CLASS,
					   .intf_subclass = UMS_SUBCLASS_SCSI,
					   .intf_protocol = UMS_PROTO_BOT, .nalts = 1,
					   .alt_names = (const char *const[]){ "SD card" },
					   .eps = r.eps, .neps = 2, .ep_size = 512,
					   .ep_size_fs = 64, .ep0_size = 64,
					   .self_powered = true };
	ums_init(&r.s, &r.disk, r.buf, sizeof(r.buf), &r.u);
	usb_ctrl_init(&r.u, &r.info, &ums_function_ops, &r.s);
	usb_ctrl_bus_reset(&r.u);
	r.u.high_speed = true;
	assert_int_equal(ctrl(&r, USB_RECIP_DEVICE, USB_REQ_SET_ADDRESS, 3, 0, 0, NULL, NULL),
			 USB_CTRL_ACK);
	assert_int_equal(ctrl(&r, USB_RECIP_DEVICE, USB_REQ_SET_CONFIGURATION, 1, 0, 0, NULL,
			      NULL), USB_CTRL_ACK);
	return &r;
}

/* ------------------------------------------------------------- the host */

static void put32le(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static uint32_t get32le(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The driver's side of one op; returns its kind. Halts go to usb_ctrl. */
static enum ums_op_kind dev_op(struct rig *r, struct ums_op *op)
{
	ums_next(&r->s, r->maxp, op);
	assert_true(op->len <= r->maxp || op->kind == UMS_OP_RECV);
	switch (op->kind) {
	case UMS_OP_HALT_IN:
		usb_ctrl_halt(&r->u, UMS_EP_IN, false);
		ums_done(&r->s, 0);
		break;
	case UMS_OP_HALT_OUT:
		usb_ctrl_halt(&r->u, UMS_EP_OUT, false);
		ums_done(&r->s, 0);
		break;
	case UMS_OP_WEDGE:
		usb_ctrl_halt(&r->u, UMS_EP_IN, true);
		usb_ctrl_halt(&r->u, UMS_EP_OUT, true);
		ums_done(&r->s, 0);
		break;
	default:
		break;
	}
	return op->kind;
}

/* Sends a raw CBW packet of len bytes. */
static void send_cbw_raw(struct rig *r, const uint8_t *pkt, uint32_t len)
{
	struct ums_op op;

	assert_int_equal(dev_op(r, &op), UMS_OP_RECV);
	assert_false(usb_ctrl_ep_halted(&r->u, UMS_EP_OUT));
	/* the driver cuts a longer packet at op.len */
	memcpy(op.buf, pkt, len < op.len ? len : op.len);
	ums_done(&r->s, len < op.len ? len : op.len);
}

static void make_cbw(uint8_t *c, uint32_t tag, uint32_t hlen, bool hin, const uint8_t *cdb,
		     uint8_t cdb_len)
{
	memset(c, 0, 31);
	put32le(c, UMS_CBW_SIG);
	put32le(c + 4, tag);
	put32le(c + 8, hlen);
	c[12] = hin ? 0x80 : 0;
	c[13] = 0;
	c[14] = cdb_len;
	memcpy(c + 15, cdb, cdb_len);
}

/* The CSW, after clearing any halt on bulk IN, as usb-storage does. */
static void read_csw(struct rig *r)
{
	struct ums_op op;

	r->csw_ok = false;
	for (int i = 0; i < 4; i++) {
		enum ums_op_kind k = dev_op(r, &op);

		if (k == UMS_OP_HALT_IN || k == UMS_OP_HALT_OUT) {
			if (k == UMS_OP_HALT_IN)
				r->stalled_in = true;
			else
				r->stalled_out = true;
			continue;
		}
		assert_int_equal(k, UMS_OP_SEND);
		if (usb_ctrl_ep_halted(&r->u, UMS_EP_IN))
			clear_halt(r, UMS_EP_IN);
		if (usb_ctrl_ep_halted(&r->u, UMS_EP_OUT))
			clear_halt(r, UMS_EP_OUT);
		assert_int_equal(op.len, UMS_CSW_LEN);
		memcpy(r->csw, op.buf, UMS_CSW_LEN);
		ums_done(&r->s, op.len);
		assert_int_equal(get32le(r->csw), UMS_CSW_SIG);
		r->tag = get32le(r->csw + 4);
		r->residue = get32le(r->csw + 8);
		r->status = r->csw[12];
		r->csw_ok = true;
		return;
	}
	fail_msg("no CSW");
}

/*
 * One command: the CBW, the data phase as the host sees it (hin: up to
 * hlen bytes into r->in, ended by a short packet, the full length or a
 * stall; out: hlen bytes from out in maxp packets until the device
 * stalls or stops asking), then the CSW.
 */
static void bot(struct rig *r, uint32_t tag, uint32_t hlen, bool hin, const uint8_t *cdb,
		uint8_t cdb_len, const uint8_t *out)
{
	uint8_t c[31];
	struct ums_op op;
	uint32_t sent = 0;

	r->in_len = 0;
	r->stalled_in = r->stalled_out = false;
	make_cbw(c, tag, hlen, hin, cdb, cdb_len);
	send_cbw_raw(r, c, 31);
	if (hlen && hin) {
		while (r->in_len < hlen) {
			enum ums_op_kind k = dev_op(r, &op);

			if (k == UMS_OP_HALT_IN) {
				r->stalled_in = true;
				break;
			}
			assert_int_equal(k, UMS_OP_SEND);
			/* the CSW comes only after the data */
			if (op.buf == r->s.csw)
				break;
			memcpy(r->in + r->in_len, op.buf, op.len);
			r->in_len += op.len;
			ums_done(&r->s, op.len);
			if (op.len < r->maxp)
				break;
		}
	} else if (hlen) {
		while (sent < hlen) {
			enum ums_op_kind k = dev_op(r, &op);
			uint32_t n = hlen - sent < r->maxp ? hlen - sent : r->maxp;

			if (k == UMS_OP_HALT_OUT) {
				r->stalled_out = true;
				break;
			}
			if (k != UMS_OP_RECV)
				break;
			if (n > op.len)
				n = op.len;
			memcpy(op.buf, out + sent, n);
			sent += n;
			ums_done(&r->s, n);
		}
	}
	read_csw(r);
	assert_int_equal(r->tag, tag);
}

/* REQUEST SENSE: key << 16 | asc << 8 | ascq */
static uint32_t req_sense(struct rig *r, uint32_t *info)
{
	uint8_t cdb[6] = { 0x03, 0, 0, 0, 18, 0 };

	bot(r, 0x5E5E, 18, true, cdb, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->in_len, 18);
	assert_int_equal(r->in[0] & 0x7F, 0x70);
	assert_int_equal(r->in[7], 10);
	if (info)
		*info = (r->in[0] & 0x80) ? (uint32_t)r->in[3] << 24 | r->in[4] << 16 |
						    r->in[5] << 8 | r->in[6] : 0xFFFFFFFFu;
	return (uint32_t)r->in[2] << 16 | r->in[12] << 8 | r->in[13];
}

static void rw10(uint8_t *cdb, uint8_t op, uint32_t lba, uint16_t count)
{
	memset(cdb, 0, 10);
	cdb[0] = op;
	cdb[2] = (uint8_t)(lba >> 24);
	cdb[3] = (uint8_t)(lba >> 16);
	cdb[4] = (uint8_t)(lba >> 8);
	cdb[5] = (uint8_t)lba;
	cdb[7] = (uint8_t)(count >> 8);
	cdb[8] = (uint8_t)count;
}

/* --------------------------------------------------------------- tests */

static void test_descriptors_and_class_requests(void **state)
{
	struct rig *r = rig_new(false);
	uint8_t d[256];
	uint16_t n;

	assert_int_equal(ctrl(r, USB_DIR_IN, USB_REQ_GET_DESCRIPTOR, 0x0200, 0, 255, d, &n),
			 USB_CTRL_IN);
	assert_int_equal(n, 9 + 9 + 7 + 7);
	assert_int_equal(d[9 + 4], 2);                  /* bNumEndpoints */
	assert_int_equal(d[9 + 5], 0x08);
	assert_int_equal(d[9 + 6], 0x06);
	assert_int_equal(d[9 + 7], 0x50);
	assert_int_equal(d[18 + 2], 0x81);
	assert_int_equal(d[18 + 3], 2);                 /* bulk */
	assert_int_equal(d[18 + 4] | d[18 + 5] << 8, 512);
	assert_int_equal(d[25 + 2], 0x01);
	assert_int_equal(d[25 + 4] | d[25 + 5] << 8, 512);
	/* the same at full speed: 64-byte packets; the other-speed one */
	assert_int_equal(ctrl(r, USB_DIR_IN, USB_REQ_GET_DESCRIPTOR, 0x0700, 0, 255, d, &n),
			 USB_CTRL_IN);
	assert_int_equal(d[1], USB_DT_OTHER_SPEED_CONFIG);
	assert_int_equal(d[18 + 4] | d[18 + 5] << 8, 64);
	r->u.high_speed = false;
	assert_int_equal(ctrl(r, USB_DIR_IN, USB_REQ_GET_DESCRIPTOR, 0x0200, 0, 255, d, &n),
			 USB_CTRL_IN);
	assert_int_equal(d[1], USB_DT_CONFIG);
	assert_int_equal(d[25 + 4] | d[25 + 5] << 8, 64);
	/* Get Max LUN: 0; wrong forms stall */
	assert_int_equal(ctrl(r, USB_DIR_IN | USB_TYPE_CLASS | USB_RECIP_INTERFACE,
			      UMS_REQ_GET_MAX_LUN, 0, 0, 1, d, &n), USB_CTRL_IN);
	assert_int_equal(n, 1);
	assert_int_equal(d[0], 0);
	assert_int_equal(ctrl(r, USB_DIR_IN | USB_TYPE_CLASS | USB_RECIP_INTERFACE,
			      UMS_REQ_GET_MAX_LUN, 1, 0, 1, d, &n), USB_CTRL_STALL);
	assert_int_equal(ctrl(r, USB_TYPE_CLASS | USB_RECIP_INTERFACE, UMS_REQ_RESET, 0, 0, 2, d,
			      &n), USB_CTRL_STALL);
	assert_int_equal(ctrl(r, USB_DIR_IN | USB_TYPE_CLASS | USB_RECIP_INTERFACE, UMS_REQ_RESET,
			      0, 0, 0, d, &n), USB_CTRL_STALL);
	assert_int_equal(ctrl(r, USB_DIR_IN | USB_TYPE_CLASS | USB_RECIP_INTERFACE, 0x42, 0, 0, 1,
			      d, &n), USB_CTRL_STALL);
	bot_reset(r);
}

static void test_inquiry(void **state)
{
	struct rig *r = rig_new(false);
	uint8_t cdb[6] = { 0x12, 0, 0, 0, 36, 0 };

	bot(r, 1, 36, true, cdb, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->residue, 0);
	assert_int_equal(r->in_len, 36);
	assert_false(r->stalled_in);
	assert_int_equal(r->in[0], 0);
	assert_int_equal(r->in[1], 0x80);
	assert_memory_equal(r->in + 8, "gtaboot SD card mmc 0   ", 24);
	/* a host that asks for more (case 5): 36 bytes, stall, residue */
	cdb[4] = 0xFF;
	bot(r, 2, 255, true, cdb, 6, NULL);
	assert_int_equal(r->in_len, 36);
	assert_true(r->stalled_in);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->residue, 255 - 36);
	/* the allocation length cuts the data */
	cdb[4] = 5;
	bot(r, 3, 5, true, cdb, 6, NULL);
	assert_int_equal(r->in_len, 5);
	assert_int_equal(r->residue, 0);
	/* EVPD: refused, nothing sent (case 4), ILLEGAL REQUEST */
	cdb[1] = 1;
	cdb[4] = 0xFF;
	bot(r, 4, 255, true, cdb, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(r->in_len, 0);
	assert_true(r->stalled_in);
	assert_int_equal(r->residue, 255);
	assert_int_equal(req_sense(r, NULL), 0x052400);
	/* the sense was read: cleared */
	assert_int_equal(req_sense(r, NULL), 0);
}

static void test_tur_capacity_sense(void **state)
{
	struct rig *r = rig_new(false);
	uint8_t tur[6] = { 0 }, rc[10] = { 0x25 }, rc16[16] = { 0x9E, 0x10 };
	uint8_t rfc[10] = { 0x23, 0, 0, 0, 0, 0, 0, 0, 12, 0 };
	uint8_t rs[6] = { 0x03, 1, 0, 0, 18, 0 };

	bot(r, 10, 0, false, tur, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->residue, 0);
	bot(r, 11, 8, true, rc, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->in_len, 8);
	assert_int_equal(r->in[3], NBLOCKS - 1);
	assert_int_equal(r->in[6] << 8 | r->in[7], 512);
	/* PMI 0 with an LBA: invalid field */
	rc[5] = 1;
	bot(r, 12, 8, true, rc, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(req_sense(r, NULL), 0x052400);
	/* READ CAPACITY(16): a card under 2 TiB does without */
	bot(r, 13, 32, true, rc16, 16, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_true(r->stalled_in);
	assert_int_equal(req_sense(r, NULL), 0x052000);
	bot(r, 14, 12, true, rfc, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->in_len, 12);
	assert_int_equal(r->in[3], 8);
	assert_int_equal(r->in[7], NBLOCKS);
	assert_int_equal(r->in[8], 2);
	assert_int_equal(r->in[10], 2);
	/* descriptor-format sense is refused */
	bot(r, 15, 18, true, rs, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	/* an unknown command */
	tur[0] = 0x04;          /* FORMAT UNIT */
	bot(r, 16, 0, false, tur, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(req_sense(r, NULL), 0x052000);
	/* a CB shorter than its command */
	bot(r, 17, 8, true, rc, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(req_sense(r, NULL), 0x052400);
}

static void test_read(void **state)
{
	struct rig *r = rig_new(false);
	uint8_t cdb[10];

	/* 11 blocks: three chunks of the 4-block buffer */
	rw10(cdb, 0x28, 5, 11);
	bot(r, 20, 11 * 512, true, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->residue, 0);
	assert_int_equal(r->in_len, 11 * 512);
	assert_memory_equal(r->in, r->mem + 5 * 512, 11 * 512);
	assert_int_equal(r->reads, 3);
	assert_int_equal(r->s.blocks_read, 11);
	/* the last block */
	rw10(cdb, 0x28, NBLOCKS - 1, 1);
	bot(r, 21, 512, true, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_memory_equal(r->in, r->mem + (NBLOCKS - 1) * 512, 512);
	/* at full speed: 64-byte packets */
	r->maxp = 64;
	rw10(cdb, 0x28, 0, 5);
	bot(r, 22, 5 * 512, true, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_memory_equal(r->in, r->mem, 5 * 512);
	/* zero blocks: no data (case 4 when the host wanted some) */
	r->maxp = 512;
	rw10(cdb, 0x28, 0, 0);
	bot(r, 23, 0, true, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
}

static void test_read_out_of_range(void **state)
{
	struct rig *r = rig_new(false);
	uint8_t cdb[10];
	unsigned reads;

	reads = r->reads;
	rw10(cdb, 0x28, NBLOCKS - 2, 3);        /* across the end */
	bot(r, 30, 3 * 512, true, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_true(r->stalled_in);
	assert_int_equal(r->in_len, 0);
	assert_int_equal(r->residue, 3 * 512);
	assert_int_equal(r->reads, reads);
	assert_int_equal(req_sense(r, NULL), 0x052100);
	rw10(cdb, 0x28, 0xFFFFFFFFu, 0xFFFF);   /* no wrap-around */
	bot(r, 31, 512, true, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(req_sense(r, NULL), 0x052100);
	rw10(cdb, 0x28, NBLOCKS, 0);            /* zero blocks past the end */
	bot(r, 32, 0, true, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(r->reads, reads);
}

static void test_read_error(void **state)
{
	struct rig *r = rig_new(false);
	uint8_t cdb[10];
	uint32_t info;

	/* the third chunk fails: 8 blocks sent, then a stall */
	r->fail_read_lba = 9;
	rw10(cdb, 0x28, 0, 12);
	bot(r, 40, 12 * 512, true, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(r->in_len, 8 * 512);
	assert_true(r->stalled_in);
	assert_int_equal(r->residue, 4 * 512);
	assert_int_equal(req_sense(r, &info), 0x031100);
	assert_int_equal(info, 8);
	assert_int_equal(r->s.errors, 1);
	assert_false(r->s.last_err_write);
	/* the first chunk fails: nothing sent */
	r->fail_read_lba = 0;
	rw10(cdb, 0x28, 0, 1);
	bot(r, 41, 512, true, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(r->in_len, 0);
	assert_int_equal(r->residue, 512);
}

static void test_write(void **state)
{
	struct rig *r = rig_new(false);
	static uint8_t data[10 * 512];
	uint8_t cdb[10];

	for (unsigned i = 0; i < sizeof(data); i++)
		data[i] = (uint8_t)(i ^ 0xA5);
	rw10(cdb, 0x2A, 50, 10);
	bot(r, 50, sizeof(data), false, cdb, 10, data);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->residue, 0);
	assert_false(r->stalled_out);
	assert_memory_equal(r->mem + 50 * 512, data, sizeof(data));
	assert_int_equal(r->writes, 3);         /* 4 + 4 + 2 blocks */
	assert_int_equal(r->s.blocks_written, 10);
	/* read back */
	rw10(cdb, 0x28, 50, 10);
	bot(r, 51, sizeof(data), true, cdb, 10, NULL);
	assert_memory_equal(r->in, data, sizeof(data));
	/* full speed */
	r->maxp = 64;
	rw10(cdb, 0x2A, 0, 3);
	bot(r, 52, 3 * 512, false, cdb, 10, data + 512);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_memory_equal(r->mem, data + 512, 3 * 512);
}

static void test_write_refused(void **state)
{
	struct rig *r = rig_new(false);
	static uint8_t data[4 * 512], before[NBLOCKS * 512];
	uint8_t cdb[10];

	memcpy(before, r->mem, sizeof(before));
	/* out of range: nothing written, the OUT pipe stalled (case 9) */
	rw10(cdb, 0x2A, NBLOCKS - 1, 2);
	bot(r, 60, 2 * 512, false, cdb, 10, data);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_true(r->stalled_out);
	assert_int_equal(r->residue, 2 * 512);
	assert_int_equal(r->writes, 0);
	assert_int_equal(req_sense(r, NULL), 0x052100);
	assert_memory_equal(r->mem, before, sizeof(before));
	/* write-protected card */
	r = rig_new(true);
	memcpy(before, r->mem, sizeof(before));
	rw10(cdb, 0x2A, 0, 1);
	bot(r, 61, 512, false, cdb, 10, data);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(r->writes, 0);
	assert_int_equal(req_sense(r, NULL), 0x072700);
	assert_memory_equal(r->mem, before, sizeof(before));
}

static void test_write_error(void **state)
{
	struct rig *r = rig_new(false);
	static uint8_t data[12 * 512];
	uint8_t cdb[10];
	uint32_t info;

	/* the second chunk fails: the rest is stalled, MEDIUM ERROR */
	r->fail_write_lba = 6;
	rw10(cdb, 0x2A, 0, 12);
	bot(r, 70, sizeof(data), false, cdb, 10, data);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_true(r->stalled_out);
	assert_int_equal(r->residue, 4 * 512);
	assert_int_equal(r->writes, 2);
	assert_int_equal(req_sense(r, &info), 0x030C00);
	assert_int_equal(info, 4);
	assert_true(r->s.last_err_write);
	assert_int_equal(r->s.last_err_lba, 4);
	/* the card says it is locked */
	r->fail_write_lba = 0;
	r->fail_err = -EROFS;
	rw10(cdb, 0x2A, 0, 4);
	bot(r, 71, 4 * 512, false, cdb, 10, data);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_false(r->stalled_out);           /* all of it arrived first */
	assert_int_equal(req_sense(r, NULL), 0x072700);
}

static void test_mode_sense(void **state)
{
	struct rig *r = rig_new(false);
	uint8_t ms6[6] = { 0x1A, 0, 0x3F, 0, 0xC0, 0 };
	uint8_t ms10[10] = { 0x5A, 0, 0x08, 0, 0, 0, 0, 0, 0xFF, 0 };

	bot(r, 80, 0xC0, true, ms6, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->in_len, 24);
	assert_int_equal(r->in[0], 23);
	assert_int_equal(r->in[2], 0);          /* not write-protected */
	assert_int_equal(r->in[4], 0x08);
	bot(r, 81, 0xFF, true, ms10, 10, NULL);
	assert_int_equal(r->in_len, 28);
	assert_int_equal(r->in[1], 26);
	assert_int_equal(r->in[3], 0);
	/* a page it has not: invalid field; saved values: not supported */
	ms6[2] = 0x1C;
	bot(r, 82, 0xC0, true, ms6, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(req_sense(r, NULL), 0x052400);
	ms6[2] = 0xFF;
	bot(r, 83, 0xC0, true, ms6, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(req_sense(r, NULL), 0x053900);
	/* a locked card: WP */
	r = rig_new(true);
	ms6[2] = 0x3F;
	bot(r, 84, 4, true, ms6, 6, NULL);
	assert_int_equal(r->in_len, 4);
	assert_int_equal(r->in[2], 0x80);
	bot(r, 85, 0xFF, true, ms10, 10, NULL);
	assert_int_equal(r->in[3], 0x80);
}

static void test_prevent_eject_sync_verify(void **state)
{
	struct rig *r = rig_new(false);
	uint8_t pa[6] = { 0x1E, 0, 0, 0, 1, 0 }, ss[6] = { 0x1B, 0, 0, 0, 2, 0 };
	uint8_t tur[6] = { 0 }, sc[10] = { 0x35 }, cdb[10];

	bot(r, 90, 0, false, pa, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	bot(r, 91, 0, false, ss, 6, NULL);      /* eject while prevented */
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(req_sense(r, NULL), 0x055302);
	assert_false(r->s.ejected);
	pa[4] = 0;
	bot(r, 92, 0, false, pa, 6, NULL);
	bot(r, 93, 0, false, sc, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	rw10(cdb, 0x2F, 0, NBLOCKS);            /* VERIFY all of it */
	bot(r, 94, 0, false, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	cdb[1] = 2;                             /* BYTCHK */
	bot(r, 95, 0, false, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	rw10(cdb, 0x2F, 1, NBLOCKS);
	bot(r, 96, 0, false, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(req_sense(r, NULL), 0x052100);
	r->fail_read_lba = 7;
	rw10(cdb, 0x2F, 0, 10);
	bot(r, 97, 0, false, cdb, 10, NULL);
	assert_int_equal(req_sense(r, NULL), 0x031100);
	pa[4] = 3;
	bot(r, 98, 0, false, pa, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	bot(r, 99, 0, false, ss, 6, NULL);      /* eject */
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_true(r->s.ejected);
	bot(r, 100, 0, false, tur, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(req_sense(r, NULL), 0x023A00);
	rw10(cdb, 0x28, 0, 1);
	bot(r, 101, 512, true, cdb, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	ss[4] = 3;                              /* load */
	bot(r, 102, 0, false, ss, 6, NULL);
	bot(r, 103, 0, false, tur, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
}

/* A CBW that is not valid or not meaningful: both pipes stall, and stay
 * so through CLEAR_FEATURE until the Bulk-Only Mass Storage Reset. */
static void check_wedged_then_recover(struct rig *r)
{
	struct ums_op op;
	uint8_t tur[6] = { 0 };

	assert_int_equal(dev_op(r, &op), UMS_OP_WEDGE);
	assert_int_equal(dev_op(r, &op), UMS_OP_NONE);
	assert_true(usb_ctrl_ep_halted(&r->u, UMS_EP_IN));
	assert_true(usb_ctrl_ep_halted(&r->u, UMS_EP_OUT));
	clear_halt(r, UMS_EP_IN);
	clear_halt(r, UMS_EP_OUT);
	assert_true(usb_ctrl_ep_halted(&r->u, UMS_EP_IN));
	assert_true(usb_ctrl_ep_halted(&r->u, UMS_EP_OUT));
	assert_int_equal(dev_op(r, &op), UMS_OP_NONE);
	/* the reset recovery: reset, clear IN, clear OUT */
	bot_reset(r);
	clear_halt(r, UMS_EP_IN);
	clear_halt(r, UMS_EP_OUT);
	assert_false(usb_ctrl_ep_halted(&r->u, UMS_EP_IN));
	assert_false(usb_ctrl_ep_halted(&r->u, UMS_EP_OUT));
	bot(r, 0x77, 0, false, tur, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
}

static void test_invalid_cbw(void **state)
{
	struct rig *r = rig_new(false);
	uint8_t c[40], tur[6] = { 0 };

	make_cbw(c, 1, 0, false, tur, 6);
	send_cbw_raw(r, c, 30);                 /* short */
	check_wedged_then_recover(r);
	make_cbw(c, 1, 0, false, tur, 6);
	send_cbw_raw(r, c, 40);                 /* long */
	check_wedged_then_recover(r);
	make_cbw(c, 1, 0, false, tur, 6);
	c[0] ^= 1;                              /* signature */
	send_cbw_raw(r, c, 31);
	check_wedged_then_recover(r);
	make_cbw(c, 1, 0, false, tur, 6);
	c[13] = 1;                              /* LUN 1 */
	send_cbw_raw(r, c, 31);
	check_wedged_then_recover(r);
	make_cbw(c, 1, 0, false, tur, 0);       /* CB length 0 */
	send_cbw_raw(r, c, 31);
	check_wedged_then_recover(r);
	make_cbw(c, 1, 0, false, tur, 6);
	c[14] = 17;
	send_cbw_raw(r, c, 31);
	check_wedged_then_recover(r);
	make_cbw(c, 1, 0, false, tur, 6);
	c[12] = 0x40;                           /* reserved flag bit */
	send_cbw_raw(r, c, 31);
	check_wedged_then_recover(r);
	assert_int_equal(r->s.errors, 7);
}

/* The thirteen cases (BOT 6.7) the device can tell apart. */
static void test_thirteen_cases(void **state)
{
	struct rig *r = rig_new(false);
	static uint8_t data[4 * 512], before[NBLOCKS * 512];
	uint8_t tur[6] = { 0 }, rd1[10], rd2[10], wr1[10], wr2[10];
	unsigned reads, writes;

	memset(data, 0x5A, sizeof(data));
	rw10(rd1, 0x28, 0, 1);
	rw10(rd2, 0x28, 0, 2);
	rw10(wr1, 0x2A, 1, 1);
	rw10(wr2, 0x2A, 1, 2);
	memcpy(before, r->mem, sizeof(before));
	reads = r->reads;
	writes = r->writes;
	/* 1 Hn = Dn */
	bot(r, 101, 0, false, tur, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	/* 2 Hn < Di, 3 Hn < Do: phase error, nothing moved */
	bot(r, 102, 0, true, rd1, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_PHASE);
	assert_int_equal(r->reads, reads);
	bot(r, 103, 0, false, wr1, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_PHASE);
	/* 4 Hi > Dn: stall IN, residue all */
	bot(r, 104, 512, true, tur, 6, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_true(r->stalled_in);
	assert_int_equal(r->residue, 512);
	/* 5 Hi > Di: the data, stall, residue */
	bot(r, 105, 3 * 512, true, rd2, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->in_len, 2 * 512);
	assert_true(r->stalled_in);
	assert_int_equal(r->residue, 512);
	/* 6 Hi = Di */
	bot(r, 106, 512, true, rd1, 10, NULL);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_false(r->stalled_in);
	/* 7 Hi < Di: what the host takes, phase error */
	bot(r, 107, 512, true, rd2, 10, NULL);
	assert_int_equal(r->in_len, 512);
	assert_int_equal(r->status, UMS_CSW_PHASE);
	/* 8 Hi <> Do: stall IN, phase error, nothing written */
	bot(r, 108, 512, true, wr1, 10, NULL);
	assert_true(r->stalled_in);
	assert_int_equal(r->status, UMS_CSW_PHASE);
	assert_int_equal(r->writes, writes);
	/* 9 Ho > Dn: stall OUT, residue all */
	bot(r, 109, 512, false, tur, 6, data);
	assert_true(r->stalled_out);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_int_equal(r->residue, 512);
	/* 10 Ho <> Di: stall OUT, phase error */
	bot(r, 110, 512, false, rd1, 10, data);
	assert_true(r->stalled_out);
	assert_int_equal(r->status, UMS_CSW_PHASE);
	/* 11 Ho > Do: the block written, stall, residue */
	bot(r, 111, 2 * 512, false, wr1, 10, data);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_true(r->stalled_out);
	assert_int_equal(r->residue, 512);
	assert_memory_equal(r->mem + 512, data, 512);
	memcpy(before + 512, data, 512);
	/* 12 Ho = Do */
	bot(r, 112, 512, false, wr1, 10, data);
	assert_int_equal(r->status, UMS_CSW_GOOD);
	assert_false(r->stalled_out);
	/* 13 Ho < Do: received, not written, phase error */
	writes = r->writes;
	memset(data, 0x11, sizeof(data));
	bot(r, 113, 512, false, wr2, 10, data);
	assert_int_equal(r->status, UMS_CSW_PHASE);
	assert_int_equal(r->writes, writes);
	assert_memory_equal(r->mem, before, sizeof(before));
}

static void test_short_out_and_resets(void **state)
{
	struct rig *r = rig_new(false);
	static uint8_t data[4 * 512];
	uint8_t c[31], cdb[10];
	struct ums_op op;

	memset(data, 0x33, sizeof(data));
	/* a host that ends its data with a short packet after 1.5 blocks */
	rw10(cdb, 0x2A, 8, 4);
	make_cbw(c, 120, 4 * 512, false, cdb, 10);
	send_cbw_raw(r, c, 31);
	assert_int_equal(dev_op(r, &op), UMS_OP_RECV);
	memcpy(op.buf, data, 512);
	ums_done(&r->s, 512);
	assert_int_equal(dev_op(r, &op), UMS_OP_RECV);
	memcpy(op.buf, data, 256);
	ums_done(&r->s, 256);
	read_csw(r);
	assert_int_equal(r->status, UMS_CSW_FAILED);
	assert_int_equal(r->residue, 4 * 512 - 768);
	assert_memory_equal(r->mem + 8 * 512, data, 512);
	assert_int_equal(r->s.blocks_written, 1);
	assert_int_equal(req_sense(r, NULL), 0x0B4B00);
	/* a Bulk-Only reset in the middle of a read: a CBW is expected */
	rw10(cdb, 0x28, 0, 8);
	make_cbw(c, 121, 8 * 512, true, cdb, 10);
	send_cbw_raw(r, c, 31);
	assert_int_equal(dev_op(r, &op), UMS_OP_SEND);
	bot_reset(r);
	assert_int_equal(dev_op(r, &op), UMS_OP_RECV);
	assert_ptr_equal(op.buf, r->s.cbw);
	/* a bus reset too, and SET_CONFIGURATION */
	send_cbw_raw(r, c, 31);
	usb_ctrl_bus_reset(&r->u);
	assert_int_equal(dev_op(r, &op), UMS_OP_RECV);
	assert_ptr_equal(op.buf, r->s.cbw);
	/* class requests need the configuration */
	assert_int_equal(ctrl(r, USB_TYPE_CLASS | USB_RECIP_INTERFACE, UMS_REQ_RESET, 0, 0, 0,
			      NULL, NULL), USB_CTRL_STALL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_descriptors_and_class_requests),
		cmocka_unit_test(test_inquiry),
		cmocka_unit_test(test_tur_capacity_sense),
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_read_out_of_range),
		cmocka_unit_test(test_read_error),
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_write_refused),
		cmocka_unit_test(test_write_error),
		cmocka_unit_test(test_mode_sense),
		cmocka_unit_test(test_prevent_eject_sync_verify),
		cmocka_unit_test(test_invalid_cbw),
		cmocka_unit_test(test_thirteen_cases),
		cmocka_unit_test(test_short_out_and_resets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
