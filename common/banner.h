/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The banner and the early part's findings. */
#ifndef COMMON_BANNER_H
#define COMMON_BANNER_H

/* Version, board, SoC and clocks, the early part's warnings (negative
 * errno from the watchdog and the DPLLs, 0 for none) and the SDRAM found. */
void banner_print(int wdt_err, int clk_err);

#endif
