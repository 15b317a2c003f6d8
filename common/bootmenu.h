/* SPDX-License-Identifier: GPL-2.0-or-later */
/* U-Boot's environment boot menu (bootmenu_0 ... bootmenu_N). */
#ifndef COMMON_BOOTMENU_H
#define COMMON_BOOTMENU_H

/* Shows the menu of bootmenu_0.. with the countdown delay_arg (decimal
 * seconds; NULL: bootmenu_delay, else bootdelay; 0 runs bootmenu_0 at
 * once, negative waits for a key) and runs the chosen entry's commands.
 * 0, as U-Boot's bootmenu, whatever the entry did. */
int bootmenu_env(const char *delay_arg);

#endif
