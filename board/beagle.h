/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The BeagleBoard's revision numbers, the index of its straps
 * (omap3_read_rev_straps), shared by beagle.c and beagle_cold.c. */
#ifndef BOARD_BEAGLE_H
#define BOARD_BEAGLE_H

enum { REV_XM_AB = 0, REV_XM_C = 2, REV_C4 = 5, REV_C123 = 6, REV_AXBX = 7 };

#endif
