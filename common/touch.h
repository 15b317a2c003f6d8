/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The board's touch screen (board.h touch_screen, common/touch.c), for
 * Letux's tsc command, the boot menu and the charging screen. */
#ifndef COMMON_TOUCH_H
#define COMMON_TOUCH_H

#include <stdbool.h>
#include <stdint.h>

/* Its bus and controller up (once): 0 or a negative errno (printed). */
int touch_init(void);
/* One sample: 1 and the raw X, Y (0..4095, y from the panel's bottom)
 * while touched, 0 when not, or a negative errno; touch_init() first. */
int touch_read(uint16_t *x, uint16_t *y);
/* The same, but 0 while tsc choose has claimed the screen (touch_claim()):
 * the boot menu's, which tsc choose's console polls run, and the
 * charging screen's. */
int touch_get(uint16_t *x, uint16_t *y);
void touch_claim(bool on);

#endif
