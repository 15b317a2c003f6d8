// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The autoboot countdown (U-Boot's bootdelay behaviour, one line redrawn)
 * and, when a key or the AUX/USER button stops it, the boot menu. No TRM
 * chapter; the button is the board's (board.h button_held: gpio_7 on the
 * GTA04 and the BeagleBoard, gpio_4 on the xM; board/gta04.c, beagle.c).
 */
#include "common/autoboot.h"

#include "common/cli.h"
#include "board/board.h"
#include "common/console.h"
#include "common/sys.h"
#include "drivers/timer/timer.h"
#include "lib/printf.h"

bool autoboot_button_held(void)
{
	return board.button_held && board.button_held(sys.board_rev);
}

/* 0 when the countdown ran out, else the key (or -1 for the button). */
static int countdown(unsigned delay_ms)
{
	uint64_t start = timer_us(), now;
	unsigned left_s, shown = ~0u;

	if (autoboot_button_held()) {
		printf("Button held: autoboot stopped\n");
		return -1;
	}
	for (;;) {
		int c = console_getc();

		if (c >= 0) {
			printf("\n");
			return c ? c : ' ';
		}
		now = timer_us();
		if (now - start >= (uint64_t)delay_ms * 1000)
			break;
		left_s = (unsigned)((delay_ms * 1000ull - (now - start) + 999999) / 1000000);
		if (left_s != shown) {
			printf("\rHit any key to stop autoboot: %2u ", left_s);
			shown = left_s;
		}
	}
	if (shown != ~0u)
		printf("\rHit any key to stop autoboot:  0 \n");
	return 0;
}

int autoboot_countdown(unsigned delay_ms)
{
	int stop = countdown(delay_ms);

	if (!stop)
		return 0;
	return menu_run(stop) ? 1 : 0;
}
