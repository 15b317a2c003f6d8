/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The TWL4030 backup-battery charger's values for this boot. */
#ifndef COMMON_BBCHARGE_H
#define COMMON_BBCHARGE_H

#include <stdbool.h>
#include <stdint.h>

#include "drivers/power/twl4030.h"

/*
 * The values the kernel gets in ti,bb-uvolt / ti,bb-uamp: the board's (the
 * cell fitted at the factory), or the variables bb_uvolt / bb_uamp (µV, µA,
 * decimal, as the DT properties) for another cell. When the variables
 * change them, BB_CFG is programmed again here, so the charger already runs
 * as the kernel will set it. false when there is nothing to pass on (the
 * board has no charger values and no variable is set). twl is the PMIC
 * (storage_twl()), NULL when it is not reachable.
 */
bool bbcharge_for_boot(struct twl4030 *twl, uint32_t *uvolt, uint32_t *uamp);

/* Programs BB_CFG for uvolt/uamp and prints what the charger does now
 * ("twl4030: backup battery charging on (BB_CFG 0x1d)"), naming the
 * variables when they chose the values. */
void bbcharge_apply(struct twl4030 *twl, uint32_t uvolt, uint32_t uamp, bool from_vars);

/* At power-up, once the PMIC answers: the board's own values, if it has a
 * backup cell (bb_uvolt and bb_uamp apply at the hand-off). */
void bbcharge_board(struct twl4030 *twl);

#endif
