/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * OMAP3 pad configuration: 16-bit CONTROL_PADCONF half-words in the SCM
 * (TRM chapter 7 "System Control Module", pad functional multiplexing;
 * SPRUF98/SPRUGN4 "SCM", pad configuration).
 */
#ifndef ARCH_ARM_OMAP3_MUX_H
#define ARCH_ARM_OMAP3_MUX_H

#include <stddef.h>
#include <stdint.h>

#include "arch/arm/platform.h"

struct pad {
	uint16_t off;   /* from the SCM base, 0x030.. (core), 0xA00.. (wakeup) */
	uint16_t val;
};

#define PAD_MODE(m)		((m) & 7)
#define PAD_PULL_ENA		(1u << 3)
#define PAD_PULL_UP		(1u << 4)
#define PAD_INPUT		(1u << 8)
#define PAD_IN			PAD_INPUT
#define PAD_IN_PU		(PAD_INPUT | PAD_PULL_ENA | PAD_PULL_UP)
#define PAD_IN_PD		(PAD_INPUT | PAD_PULL_ENA)
#define PAD_OUT			0

/* Pad offsets gtaboot's boards use (SPRUF98/SPRUGN4 "SCM", pad configuration). */
#define PAD_SDMMC1_CLK		0x144
#define PAD_SDMMC1_CMD		0x146
#define PAD_SDMMC1_DAT0		0x148
#define PAD_SDMMC1_DAT1		0x14A
#define PAD_SDMMC1_DAT2		0x14C
#define PAD_SDMMC1_DAT3		0x14E
#define PAD_UART3_RX_IRRX	0x19E
#define PAD_UART3_TX_IRTX	0x1A0
#define PAD_I2C1_SCL		0x1BA
#define PAD_I2C1_SDA		0x1BC
#define PAD_MCSPI1_CLK		0x1C8	/* mode 4: gpio_171 */
#define PAD_MCSPI1_SIMO		0x1CA	/* mode 4: gpio_172 */
#define PAD_MCSPI1_SOMI		0x1CC	/* mode 4: gpio_173 */
#define PAD_SYS_BOOT2		0xA0E	/* mode 4: gpio_4 */
#define PAD_SYS_BOOT5		0xA14	/* mode 4: gpio_7 */

void omap3_pad_set(uint16_t off, uint16_t val);
/* The pads of UART3, I2C1 and MMC1, which gtaboot uses on every board,
 * then the board's own. */
void omap3_pads_init(const struct pad *board_pads, size_t n);

#endif
