// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/usb/ums with lib/usb/usb_ctrl: the input is a host's
 * script against a 96-block RAM disk. The first byte picks the packet
 * size (64/512), a read-only disk and a failing block; then each byte is
 * a step: a packet on bulk OUT (its length and bytes from the input), a
 * well-formed CBW around a command byte and CDB from the input (so that
 * the SCSI commands are reached), an IN packet taken, a halt done, a
 * control transfer (8 SETUP bytes: class requests, CLEAR_FEATURE ...) or a
 * bus reset. As the driver does, nothing moves on a halted endpoint.
 * The device must never touch a block outside the disk, never hand out a
 * packet longer than maxp or a buffer outside its own, and every CSW must
 * be one (signature, a residue no larger than dCBWDataTransferLength). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/usb/ums.h"
#include "lib/usb/usb_ctrl.h"

#define NBLOCKS 96
#define CHUNK   4096

static uint8_t disk[NBLOCKS * 512];
static int fail_lba = -1;

static int fz_read(void *ctx, uint64_t lba, uint32_t count, void *buf)
{
	if (!count || lba + count > NBLOCKS)
		abort();
	if (fail_lba >= 0 && lba <= (uint64_t)fail_lba && (uint64_t)fail_lba < lba + count)
		return -5;
	memcpy(buf, disk + lba * 512, (size_t)count * 512);
	return 0;
}

static int fz_write(void *ctx, uint64_t lba, uint32_t count, const void *buf)
{
	if (!count || lba + count > NBLOCKS)
		abort();
	if (fail_lba >= 0 && lba <= (uint64_t)fail_lba && (uint64_t)fail_lba < lba + count)
		return -5;
	memcpy(disk + lba * 512, buf, (size_t)count * 512);
	return 0;
}

static const uint8_t ops[] = { 0x00, 0x03, 0x12, 0x1A, 0x1B, 0x1E, 0x23, 0x25, 0x28, 0x2A,
			       0x2F, 0x35, 0x5A, 0x9E, 0x04 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct usb_ctrl u;
	static struct ums s;
	static uint8_t buf[CHUNK];
	static uint8_t eps[2] = { UMS_EP_IN, UMS_EP_OUT };
	static const char *const names[] = { "SD card" };
	struct ums_disk d = { .nblocks = NBLOCKS, .read = fz_read, .write = fz_write };
	struct usb_device_info info = { .vid = 0x0451, .pid = 0xd022, .manufacturer = "M",
					.product = "P", .intf_class = UMS_CLASS,
					.intf_subclass = UMS_SUBCLASS_SCSI,
					.intf_protocol = UMS_PROTO_BOT, .nalts = 1,
					.alt_names = names, .eps = eps, .neps = 2,
					.ep_size = 512, .ep_size_fs = 64, .ep0_size = 64 };
	const uint8_t setcfg[8] = { 0x00, USB_REQ_SET_CONFIGURATION, 1, 0, 0, 0, 0, 0 };
	const uint8_t *reply;
	uint16_t rlen;
	uint32_t maxp;
	size_t pos = 1;

	if (size < 1)
		return 0;
	maxp = data[0] & 1 ? 64 : 512;
	d.ro = data[0] & 2;
	fail_lba = data[0] & 4 ? data[0] >> 3 : -1;
	ums_init(&s, &d, buf, sizeof(buf), &u);
	usb_ctrl_init(&u, &info, &ums_function_ops, &s);
	usb_ctrl_bus_reset(&u);
	u.address = 1;
	if (usb_ctrl_setup(&u, setcfg, &reply, &rlen) != USB_CTRL_ACK)
		abort();
	usb_ctrl_status_done(&u);
	while (pos < size) {
		uint8_t step = data[pos++];
		struct ums_op op;

		ums_next(&s, maxp, &op);
		if (op.kind == UMS_OP_SEND && (op.len > maxp || !op.len))
			abort();
		if (op.buf && !((op.buf >= buf && op.buf + op.len <= buf + sizeof(buf)) ||
				(op.buf >= s.cbw && op.buf + op.len <= s.cbw + sizeof(s.cbw)) ||
				(op.buf == s.csw && op.len == UMS_CSW_LEN)))
			abort();
		switch (step % 8) {
		case 0:
		case 1: {       /* a raw OUT packet */
			uint32_t n;

			if (op.kind != UMS_OP_RECV || usb_ctrl_ep_halted(&u, UMS_EP_OUT) ||
			    pos >= size)
				break;
			n = data[pos++] * 4u % (maxp + 1);
			if (n > op.len)
				n = op.len;     /* the driver cuts the packet */
			memset(op.buf, 0, n);
			memcpy(op.buf, data + pos, size - pos < n ? size - pos : n);
			pos += size - pos < n ? size - pos : n;
			ums_done(&s, n);
			break;
		}
		case 2: {       /* a well-formed CBW */
			uint8_t *c = op.buf;
			uint32_t hlen;

			if (op.kind != UMS_OP_RECV || op.buf != s.cbw ||
			    usb_ctrl_ep_halted(&u, UMS_EP_OUT) || pos + 8 > size)
				break;
			memset(c, 0, UMS_CBW_LEN);
			c[0] = 0x55; c[1] = 0x53; c[2] = 0x42; c[3] = 0x43;
			c[4] = data[pos];
			hlen = (uint32_t)data[pos + 1] << 9 | (uint32_t)(data[pos + 2] & 3) << 17 |
			       (data[pos + 2] & 4 ? data[pos + 3] : 0);
			c[8] = (uint8_t)hlen;
			c[9] = (uint8_t)(hlen >> 8);
			c[10] = (uint8_t)(hlen >> 16);
			c[12] = data[pos + 2] & 0x80;
			c[14] = 16;
			c[15] = ops[data[pos + 4] % sizeof(ops)];
			/* the CDB's fields from the input; small LBAs and
			 * counts most of the time */
			for (unsigned i = 1; i < 16 && pos + 4 + i < size; i++)
				c[15 + i] = data[pos + 4 + i];
			if (data[pos + 5] & 1) {
				c[17] = c[18] = 0;
				c[19] &= 0x7F;
				c[22] = 0;
			}
			pos += 20;
			ums_done(&s, UMS_CBW_LEN);
			break;
		}
		case 3:         /* the host takes an IN packet */
			if (op.kind != UMS_OP_SEND || usb_ctrl_ep_halted(&u, UMS_EP_IN))
				break;
			if (op.buf == s.csw) {
				uint32_t res = (uint32_t)s.csw[8] | (uint32_t)s.csw[9] << 8 |
					       (uint32_t)s.csw[10] << 16 | (uint32_t)s.csw[11] << 24;

				if (s.csw[0] != 0x55 || s.csw[3] != 0x53 || s.csw[12] > 2 ||
				    res > s.hlen)
					abort();
			}
			ums_done(&s, op.len);
			break;
		case 4:         /* the driver applies a halt */
			if (op.kind == UMS_OP_HALT_IN || op.kind == UMS_OP_WEDGE)
				usb_ctrl_halt(&u, UMS_EP_IN, op.kind == UMS_OP_WEDGE);
			if (op.kind == UMS_OP_HALT_OUT || op.kind == UMS_OP_WEDGE)
				usb_ctrl_halt(&u, UMS_EP_OUT, op.kind == UMS_OP_WEDGE);
			if (op.kind >= UMS_OP_HALT_IN)
				ums_done(&s, 0);
			break;
		case 5: {       /* a control transfer */
			enum usb_ctrl_action a;

			if (pos + 8 > size)
				break;
			a = usb_ctrl_setup(&u, data + pos, &reply, &rlen);
			pos += 8;
			if (a == USB_CTRL_OUT)
				a = usb_ctrl_data_out(&u, u.req.wLength);
			if (a != USB_CTRL_STALL)
				usb_ctrl_status_done(&u);
			break;
		}
		case 6: {       /* the reset recovery: reset, clear both halts */
			const uint8_t rst[8] = { 0x21, UMS_REQ_RESET, 0, 0, 0, 0, 0, 0 };
			const uint8_t clr_in[8] = { 0x02, USB_REQ_CLEAR_FEATURE, 0, 0, 0x81, 0, 0, 0 };
			const uint8_t clr_out[8] = { 0x02, USB_REQ_CLEAR_FEATURE, 0, 0, 0x01, 0, 0, 0 };

			if (usb_ctrl_setup(&u, rst, &reply, &rlen) != USB_CTRL_STALL)
				usb_ctrl_status_done(&u);
			if (usb_ctrl_setup(&u, clr_in, &reply, &rlen) != USB_CTRL_STALL)
				usb_ctrl_status_done(&u);
			if (usb_ctrl_setup(&u, clr_out, &reply, &rlen) != USB_CTRL_STALL)
				usb_ctrl_status_done(&u);
			break;
		}
		default:
			if (step == 0xFF) {     /* a bus reset and the configuration again */
				usb_ctrl_bus_reset(&u);
				u.address = 1;
				if (usb_ctrl_setup(&u, setcfg, &reply, &rlen) != USB_CTRL_ACK)
					abort();
				usb_ctrl_status_done(&u);
			}
			break;
		}
		if (s.done > s.xfer || s.pos > s.fill || s.fill > sizeof(buf) ||
		    s.blocks_written > 1000000)
			abort();
	}
	return 0;
}
