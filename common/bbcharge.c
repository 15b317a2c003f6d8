// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Backup-battery charging values for the hand-off. The board's values
 * describe the cell it was built with; someone who fits another cell (or a
 * capacitor, or none) sets bb_uvolt / bb_uamp in /uEnv.txt or at the
 * prompt. The TWL4030 charges at the highest BBSEL/BBISEL step not above
 * them and not at all below 2.5 V or 25 µA (drivers/power/twl4030.c), the
 * same rule Linux's twl4030_charger applies to the DT properties, so
 * gtaboot and the kernel program the same BB_CFG.
 */
#include "common/bbcharge.h"

#include "board/board.h"
#include "common/environment.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

/* The variable's value, or dflt (with the reason) when unset or bad. */
static uint32_t value(const char *name, uint32_t dflt, bool *set)
{
	const char *s = var_get(name);
	unsigned long v;

	if (!s)
		return dflt;
	if (parse_ulong_dec(s, &v) || v > 0xffffffffu) {
		printf("%s='%s' is not a decimal number: the board's %u kept\n", name, s,
		       (unsigned)dflt);
		return dflt;
	}
	*set = true;
	return (uint32_t)v;
}

bool bbcharge_for_boot(struct twl4030 *twl, uint32_t *uvolt, uint32_t *uamp)
{
	bool set = false;

	*uvolt = value("bb_uvolt", board.bb_uvolt, &set);
	*uamp = value("bb_uamp", board.bb_uamp, &set);
	if (!set)
		return board.bb_uvolt != 0;
	if (*uvolt == board.bb_uvolt && *uamp == board.bb_uamp)
		return true;
	if (!twl) {
		printf("twl4030: not reachable: BB_CFG not set for bb_uvolt=%u bb_uamp=%u\n",
		       (unsigned)*uvolt, (unsigned)*uamp);
		return true;
	}
	bbcharge_apply(twl, *uvolt, *uamp, true);
	return true;
}

void bbcharge_board(struct twl4030 *twl)
{
	if (twl && board.bb_uvolt)
		bbcharge_apply(twl, board.bb_uvolt, board.bb_uamp, false);
}

void bbcharge_apply(struct twl4030 *twl, uint32_t uvolt, uint32_t uamp, bool from_vars)
{
	uint8_t bb;
	int err = twl4030_set_bb_charger(twl, uvolt, uamp, &bb);

	if (err) {
		pr_warn("twl4030: backup-battery charger not set (%s)\n", errname(err));
		return;
	}
	printf("twl4030: backup battery charging %s (BB_CFG 0x%02x)", (bb & 0x10) ? "on" : "off",
	       bb);
	if (from_vars)
		printf(" for bb_uvolt=%u bb_uamp=%u", (unsigned)uvolt, (unsigned)uamp);
	printf("\n");
}
