// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The autoboot countdown (U-Boot's bootdelay behaviour, one line redrawn):
 * any key stops it at the prompt, as U-Boot's does, and only that key is
 * taken (labgrid sends "\n", LAVA " " then "\n": neither may boot); 'm'
 * or the AUX/USER button held opens the boot menu. No TRM
 * chapter; the button is the board's (board.h button_held: gpio_7 on the
 * GTA04 and the BeagleBoard, gpio_4 on the xM; board/gta04.c, beagle.c).
 */
#include "common/autoboot.h"

#include "common/boot.h"
#include "common/bootmenu.h"
#include "common/cli.h"
#include "board/board.h"
#include "common/console.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

/* 0 when the countdown ran out, else the key (or -1 for the button). */
static int countdown(unsigned delay_ms)
{
	uint64_t start = timer_us(), now;
	unsigned left_s, shown = ~0u;

	/* After a USB boot the button is still held because it chose USB
	 * (the ROM's order with AUX/USER: USB first): that is no request to
	 * stop, and the un-brick (docs/usb.md) must go on. */
	if (sys_button_held() && sys.boot_media != BOOT_MEDIA_USB) {
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
			printf("\rHit any key to stop autoboot ('m': boot menu): %2u ", left_s);
			shown = left_s;
		}
	}
	if (shown != ~0u)
		printf("\rHit any key to stop autoboot ('m': boot menu):  0 \n");
	return 0;
}

int autoboot_countdown(unsigned delay_ms)
{
	int stop = countdown(delay_ms);

	if (!stop)
		return 0;
	if (stop != 'm' && stop != -1)
		return 1;
	return menu_run(stop) ? 1 : 0;
}

/* U-Boot's menu of bootmenu_N when bootmenu_0 is set, else gtaboot's
 * menu of the extlinux labels. */
static int do_bootmenu(int argc, char *const argv[])
{
	int err;

	if (argc > 2)
		return cmd_usage(argv);
	if (var_get("bootmenu_0"))
		return bootmenu_env(argc > 1 ? argv[1] : NULL);
	if (argc != 1)
		return cmd_error(argv, "no bootmenu_0: the extlinux menu has no delay argument");
	err = menu_run(-2);
	if (err == -ENOENT)
		pr_err("error: bootmenu: no extlinux.conf labels\n");
	if (err)
		return err;
	return boot_run_bootcmd();
}
CMD(bootmenu, "bootmenu", do_bootmenu, "bootmenu [delay]",
    "ANSI terminal bootmenu: bootmenu_0.. if set, else the extlinux labels");
