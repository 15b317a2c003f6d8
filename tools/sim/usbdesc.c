// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: device and configuration descriptors (USB 2.0 9.6.1,
 * 9.6.3, 9.6.5, 9.6.6) into the fields of usbredir's device_connect,
 * interface_info and ep_info (usbredirproto.h). Every length comes from
 * the firmware under test, so each is checked against the bytes at hand.
 */
#include <string.h>

#include "tools/sim/usbdesc.h"

#define DT_DEVICE    1
#define DT_CONFIG    2
#define DT_INTERFACE 4
#define DT_ENDPOINT  5

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

int usbdesc_device(const uint8_t *b, size_t n, struct usbdesc_dev *d)
{
	if (n < 18 || b[0] < 18 || b[1] != DT_DEVICE)
		return -1;
	d->cls = b[4];
	d->subclass = b[5];
	d->protocol = b[6];
	d->maxp0 = b[7];
	d->vid = le16(b + 8);
	d->pid = le16(b + 10);
	d->bcd_device = le16(b + 12);
	d->nconfigs = b[17];
	/* EP0's size is 8, 16, 32 or 64 (9.6.1); a high-speed device's 64 */
	if (d->maxp0 != 8 && d->maxp0 != 16 && d->maxp0 != 32 && d->maxp0 != 64)
		return -1;
	return 0;
}

int usbdesc_config(const uint8_t *b, size_t n, const uint8_t alt[32], uint8_t maxp0,
		   struct usbdesc_conf *c)
{
	size_t total, off;
	int cur = -1;    /* interface whose chosen alternate setting we are in */

	memset(c, 0, sizeof(*c));
	memset(c->ep_type, USBDESC_TYPE_NONE, sizeof(c->ep_type));
	c->ep_type[0] = c->ep_type[16] = 0;          /* control */
	c->ep_maxp[0] = c->ep_maxp[16] = maxp0;
	if (n < 9 || b[0] < 9 || b[1] != DT_CONFIG)
		return -1;
	total = le16(b + 2);
	if (total < 9 || total > n)
		return -1;
	c->value = b[5];
	for (off = b[0]; off + 2 <= total;) {
		const uint8_t *d = b + off;

		if (d[0] < 2 || off + d[0] > total)
			return -1;
		if (d[1] == DT_INTERFACE && d[0] >= 9) {
			cur = -1;
			if (d[2] < 32 && d[3] == alt[d[2]] && c->count < 32) {
				unsigned i = c->count++;

				c->num[i] = d[2];
				c->cls[i] = d[5];
				c->subclass[i] = d[6];
				c->protocol[i] = d[7];
				cur = d[2];
			}
		} else if (d[1] == DT_ENDPOINT && d[0] >= 7 && cur >= 0) {
			unsigned idx = (d[2] & 0x80 ? 16u : 0u) | (d[2] & 0x0Fu);

			if ((d[2] & 0x0F) == 0)
				return -1;                  /* EP0 is not described */
			c->ep_type[idx] = d[3] & 3;
			c->ep_interval[idx] = d[6];
			c->ep_iface[idx] = (uint8_t)cur;
			c->ep_maxp[idx] = le16(d + 4) & 0x7FF;
		}
		off += d[0];
	}
	return 0;
}
