// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the GPMC Hamming ECC (registers.md §4.2) from lib/hamming.c,
 * compiled into the simulator so that the GPMC model, the ROM's NAND boot
 * and the firmware share one implementation.
 */
#include "lib/hamming.c"
