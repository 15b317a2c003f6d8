// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The TI TCA6507 LED driver as plain on/off outputs (datasheet SCPS164C:
 * 8.5.4 command byte, 8.5.5 auto-increment, 8.6.1 Select registers). A
 * port's state is the bit it has in Select2, Select1 and Select0; gtaboot
 * uses only "fully on" (100) and "off" (000), which need neither the PWM
 * banks nor the time registers.
 */
#include "drivers/leds/tca6507.h"

#include "lib/bitops.h"

#define REG_SELECT0	0x00
#define CMD_AI		BIT(4)	/* auto-increment: Select0, 1, 2 in one transfer */

static int read_selects(const struct tca6507_config *c, uint8_t sel[3])
{
	return i2c_read_regs(c->bus, c->addr, CMD_AI | REG_SELECT0, sel, 3);
}

int tca6507_read(const struct tca6507_config *c, uint32_t *states)
{
	uint8_t sel[3];
	int err = read_selects(c, sel);

	if (err)
		return err;
	*states = 0;
	for (unsigned p = 0; p < TCA6507_PORTS; p++)
		*states |= (uint32_t)((sel[2] >> p & 1) << 2 | (sel[1] >> p & 1) << 1 |
				      (sel[0] >> p & 1)) << (4 * p);
	return 0;
}

int tca6507_set(const struct tca6507_config *c, uint8_t mask, uint8_t on)
{
	uint8_t sel[3], buf[4];
	int err;

	/* Read first: the ports outside mask belong to someone else (the
	 * GTA04's port 6 is the WLAN chip's reset, a GPIO to Linux). */
	err = read_selects(c, sel);
	if (err)
		return err;
	buf[0] = CMD_AI | REG_SELECT0;
	buf[1] = sel[0] & ~mask;
	buf[2] = sel[1] & ~mask;
	buf[3] = (uint8_t)((sel[2] & ~mask) | (on & mask));
	return i2c_write(c->bus, c->addr, buf, sizeof(buf));
}
