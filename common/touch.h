/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The board's touch screen (board.h touch_screen), driven by
 * commands/letux.c for Letux's tsc command, the boot menu and the
 * charging screen. */
#ifndef COMMON_TOUCH_H
#define COMMON_TOUCH_H

#include <stdint.h>

/* Its bus and controller up (once): 0 or a negative errno (printed). */
int touch_init(void);
/* 1 and the raw X, Y (0..4095, y from the panel's bottom) while touched (one sample),
 * 0 when not, or a negative errno; touch_init() first. */
int touch_get(uint16_t *x, uint16_t *y);

#endif
