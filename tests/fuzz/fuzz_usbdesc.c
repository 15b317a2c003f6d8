// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for the simulator's USB descriptor parsing
 * (tools/sim/usbdesc.c), which the usbredir bridge runs on whatever the
 * firmware under test answers to GET_DESCRIPTOR. Input: EP0's size, the
 * alternate setting of interfaces 0-31, then the descriptor bytes. The
 * parsed fields must stay within what usbredir's packets can carry. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tools/sim/usbdesc.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct usbdesc_dev d;
	struct usbdesc_conf c;
	uint8_t alt[32];

	if (size < 33)
		return 0;
	memcpy(alt, data + 1, 32);
	if (!usbdesc_device(data + 33, size - 33, &d) && d.maxp0 > 64)
		abort();
	if (!usbdesc_config(data + 33, size - 33, alt, data[0], &c)) {
		if (c.count > 32)
			abort();
		for (int i = 1; i < USBDESC_EPS; i++)
			if (i != 16 && c.ep_type[i] != USBDESC_TYPE_NONE &&
			    (c.ep_type[i] > 3 || c.ep_maxp[i] > 0x7FF || c.ep_iface[i] > 31))
				abort();
	}
	return 0;
}
