// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/usb/usb_ctrl and lib/usb/dfu: the input is what a host
 * sends on EP0, one control transfer after another (8 SETUP bytes, then
 * for an OUT data stage wLength bytes, as many as the input still has),
 * with a bus reset for a SETUP whose first byte is 0xFF. The core must
 * never answer more than wLength, never let the backend write outside an
 * alt, and keep its state within the DFU state set. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/usb/dfu.h"
#include "lib/usb/usb_ctrl.h"

#define MEM 0x6000
static uint8_t mem[MEM];

static int fz_write(void *ctx, const struct dfu_alt *a, uint32_t off, const uint8_t *buf,
		    uint32_t len)
{
	if ((uint64_t)off + len > a->size || a->start + a->size > MEM)
		abort();
	memcpy(mem + a->start + off, buf, len);
	return (off & 0x3000) == 0x3000 ? -5 : 0;       /* an -EIO now and then */
}

static int fz_read(void *ctx, const struct dfu_alt *a, uint32_t off, uint8_t *buf, uint32_t len)
{
	if ((uint64_t)off + len > a->size || a->start + a->size > MEM)
		abort();
	memcpy(buf, mem + a->start + off, len);
	return (int)len;
}

static int fz_flush(void *ctx, const struct dfu_alt *a, uint32_t total)
{
	if (total > a->size)
		abort();
	return total == 77 ? -22 : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct usb_ctrl u;
	static struct dfu d;
	static struct dfu_alt alts[DFU_MAX_ALTS];
	static const struct dfu_backend be = { .write = fz_write, .read = fz_read,
					       .flush = fz_flush };
	struct usb_device_info info = { .vid = 0x0451, .pid = 0xd022, .manufacturer = "M",
					.product = "P", .ep0_size = 64 };
	unsigned n;
	char why[64];
	size_t pos = 1;

	if (size < 1)
		return 0;
	if (dfu_alt_parse("a ram 0 0x1800;b ram 0x1800 0x10;c ram 0x2000 0x4000", "ram", alts,
			  DFU_MAX_ALTS, &n, why, sizeof(why)))
		abort();
	dfu_init(&d, alts, n, &be, data[0] & 1, &info);
	usb_ctrl_init(&u, &info, &dfu_function_ops, &d);
	while (pos + 8 <= size) {
		const uint8_t *raw = data + pos;
		const uint8_t *reply;
		uint16_t len, wlen = (uint16_t)(raw[6] | raw[7] << 8);
		enum usb_ctrl_action a;

		pos += 8;
		if (raw[0] == 0xFF) {
			usb_ctrl_bus_reset(&u);
			continue;
		}
		a = usb_ctrl_setup(&u, raw, &reply, &len);
		if (a == USB_CTRL_IN) {
			if (len > wlen || len > USB_CTRL_BUF)
				abort();
			/* touch every byte the driver would send */
			for (uint16_t i = 0; i < len; i++)
				(void)*(volatile const uint8_t *)&reply[i];
		} else if (a == USB_CTRL_OUT) {
			size_t have = size - pos < wlen ? size - pos : wlen;

			if (wlen > USB_CTRL_BUF)
				abort();
			memcpy(u.buf, data + pos, have);
			pos += have;
			a = usb_ctrl_data_out(&u, (uint16_t)have);
		}
		if (a != USB_CTRL_STALL)
			usb_ctrl_status_done(&u);
		if (d.state > DFU_ERROR || d.alt >= d.nalts || d.offset > alts[d.alt].size)
			abort();
	}
	return 0;
}
