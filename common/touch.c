// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The board's touch screen (board.h touch_screen: the GTA04's TSC2007 on
 * I2C2), for Letux's tsc command (commands/letux.c), the boot menu
 * (common/menu.c) and the charging screen (common/charge.c).
 */
#include "common/touch.h"

#include <stdbool.h>

#include "arch/arm/platform.h"
#include "board/board.h"
#include "drivers/input/tsc2007.h"
#include "lib/errno.h"
#include "lib/log.h"

static struct {
	bool ready, claimed;
	struct omap_i2c bus;
	struct tsc2007 chip;
} ts;

int touch_init(void)
{
	const struct board_touch *t = touch_screen;
	int err;

	if (ts.ready)
		return 0;
	if (!t) {
		pr_err("error: tsc: %s has no touch screen\n", board.name);
		return -ENODEV;
	}
	plat_pads_apply(t->pads, t->npads);
	err = plat_i2c_init(t->i2c_bus, &ts.bus, 400000);
	ts.chip = (struct tsc2007){ .bus = &ts.bus, .addr = t->i2c_addr };
	if (!err)
		err = tsc2007_init(&ts.chip);
	if (err)
		pr_err("error: tsc: TSC2007 on i2c%u 0x%02x: %s\n", t->i2c_bus, t->i2c_addr,
		       err == -ENXIO ? "no acknowledge" : errname(err));
	ts.ready = !err;
	return err;
}

int touch_read(uint16_t *x, uint16_t *y)
{
	return tsc2007_touch(&ts.chip, x, y);
}

int touch_get(uint16_t *x, uint16_t *y)
{
	return ts.claimed ? 0 : touch_read(x, y);
}

void touch_claim(bool on)
{
	ts.claimed = on;
}
