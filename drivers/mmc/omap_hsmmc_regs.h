/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The OMAP3 MMC/SD host's registers (omap_hsmmc.c): TRM "MMC/SD/SDIO Card
 * Interface", OMAP3 layout (SPRUF98/SPRUGN4).
 */
#ifndef DRIVERS_MMC_OMAP_HSMMC_REGS_H
#define DRIVERS_MMC_OMAP_HSMMC_REGS_H

#include <stdint.h>

#include "drivers/mmc/omap_hsmmc.h"
#include "lib/bitops.h"

#define SYSCONFIG	0x010
#define SYSSTATUS	0x014
#define CON		0x02C
#define BLK		0x104
#define ARG		0x108
#define CMD		0x10C
#define RSP10		0x110
#define DATA		0x120
#define PSTATE		0x124
#define HCTL		0x128
#define SYSCTL		0x12C
#define STAT		0x130
#define IE		0x134
#define CAPA		0x140

#define CON_INIT	BIT(1)
#define CON_KEEP	(3u << 9)

#define CMD_BCE		BIT(1)
#define CMD_ACEN	BIT(2)
#define CMD_DDIR	BIT(4)
#define CMD_MSBS	BIT(5)
#define CMD_RSP_136	(1u << 16)
#define CMD_RSP_48	(2u << 16)
#define CMD_RSP_48B	(3u << 16)
#define CMD_CCCE	BIT(19)
#define CMD_CICE	BIT(20)
#define CMD_DP		BIT(21)

#define PSTATE_CMDI	BIT(0)
#define PSTATE_DATI	BIT(1)
#define PSTATE_BWE	BIT(10)

#define HCTL_DTW	BIT(1)
#define HCTL_SDBP	BIT(8)
#define HCTL_SDVS_3V3	(7u << 9)

#define SYSCTL_ICE	BIT(0)
#define SYSCTL_ICS	BIT(1)
#define SYSCTL_CEN	BIT(2)
#define SYSCTL_CLKD	GENMASK(15, 6)
#define SYSCTL_DTO	GENMASK(19, 16)
#define SYSCTL_SRA	BIT(24)
#define SYSCTL_SRC	BIT(25)
#define SYSCTL_SRD	BIT(26)

#define ST_CC		BIT(0)
#define ST_TC		BIT(1)
#define ST_BWR		BIT(4)
#define ST_BRR		BIT(5)
#define ST_ERRI		BIT(15)
#define ST_CTO		BIT(16)
#define ST_CCRC		BIT(17)
#define ST_CEB		BIT(18)
#define ST_CIE		BIT(19)
#define ST_DTO		BIT(20)
#define ST_DCRC		BIT(21)
#define ST_DEB		BIT(22)
#define ST_ACE		BIT(24)
#define ST_CERR		BIT(28)
#define ST_BADA		BIT(29)
#define ST_CMD_ERRS	(ST_CTO | ST_CCRC | ST_CEB | ST_CIE)
#define IE_ALL		(0x307F0033u | ST_ACE)

#define CAPA_VS33	BIT(24)
#define CAPA_VS18	BIT(26)

#define RESET_US	10000u
#define CMD_US		50000u     /* 112 clocks at 400 kHz is 0.3 ms */
#define BUSY_US		500000u    /* R1b busy */
#define BLOCK_US	250000u    /* SD read access time is at most 100 ms */


#endif
