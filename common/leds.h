/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The board's LEDs (board.h status_leds) one by one, for the led command;
 * commands/letux.c drives them (TCA6507 or GPIOs). */
#ifndef COMMON_LEDS_H
#define COMMON_LEDS_H

#include <stdbool.h>
#include <stddef.h>

/* LED i lit (1) or not (0), or a negative errno (printed). */
int board_led_get(size_t i);
/* LED i on or off: 0 or a negative errno (printed). */
int board_led_set(size_t i, bool on);

#endif
