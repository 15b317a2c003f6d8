/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The autoboot countdown: any key stops it at the prompt; 'm', or the
 * AUX/USER button held, opens the boot menu of the extlinux labels. */
#ifndef COMMON_AUTOBOOT_H
#define COMMON_AUTOBOOT_H

#include <stdbool.h>

/* Counts delay_ms down on the console. Returns 0 to boot the default
 * chain now (the countdown ran out, or Enter in the menu), non-zero for
 * the prompt (a key other than 'm', or in the menu, or a chosen label
 * that failed). */
int autoboot_countdown(unsigned delay_ms);

#endif
