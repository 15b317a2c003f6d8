/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The banner and the early part's findings. */
#ifndef COMMON_BANNER_H
#define COMMON_BANNER_H

/* Version, board, SoC and clocks, the early part's warnings (negative
 * errno from the watchdog and the DPLLs, 0 for none) and the SDRAM found. */
void banner_print(int wdt_err, int clk_err);
/* The banner's first line, "gtaboot 0.1 (g<rev>) for GTA04 A5": the
 * version command prints it too, from this one object, which the build
 * remakes when the git revision changes (Makefile, gitrev). */
void banner_version(void);

#endif
