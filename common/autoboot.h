/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The autoboot countdown: any key, or the AUX/USER button held, stops it. */
#ifndef COMMON_AUTOBOOT_H
#define COMMON_AUTOBOOT_H

/* Counts delay_ms down on the console. Returns 0 when the countdown ran
 * out (boot now), or the key that stopped it (or -1 for the button). */
int autoboot_countdown(unsigned delay_ms);

#endif
