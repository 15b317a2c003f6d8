/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * OMAP3 (OMAP3430/3530, OMAP3630/DM37x) base addresses and the PRCM/SCM
 * register offsets gtaboot uses (TRM chapter 2 "Memory Mapping", chapter 4
 * "PRCM", chapter 7 "SCM"; SPRUF98/SPRUGN4 "Memory Mapping").
 */
#ifndef ARCH_ARM_OMAP3_OMAP3_H
#define ARCH_ARM_OMAP3_OMAP3_H

#define OMAP3_SCM_BASE		0x48002000u
#define OMAP3_CM_BASE		0x48004000u
#define OMAP3_PRM_BASE		0x48306000u
#define OMAP3_TAP_BASE		0x4830A000u
#define OMAP3_GPIO1_BASE	0x48310000u
#define OMAP3_WDT2_BASE		0x48314000u
#define OMAP3_GPT1_BASE		0x48318000u
#define OMAP3_32KSYNC_BASE	0x48320000u
#define OMAP3_UART3_BASE	0x49020000u
#define OMAP3_GPIO2_BASE	0x49050000u	/* GPIO2..6 every 0x2000 */
#define OMAP3_SDRC_BASE		0x6D000000u
#define OMAP3_SDRAM_BASE	0x80000000u

/* CM (clock manager) */
#define CM_CLKEN_PLL_MPU	(OMAP3_CM_BASE + 0x0904)
#define CM_IDLEST_PLL_MPU	(OMAP3_CM_BASE + 0x0924)
#define CM_CLKSEL1_PLL_MPU	(OMAP3_CM_BASE + 0x0940)
#define CM_CLKSEL2_PLL_MPU	(OMAP3_CM_BASE + 0x0944)
#define CM_FCLKEN1_CORE		(OMAP3_CM_BASE + 0x0A00)
#define CM_ICLKEN1_CORE		(OMAP3_CM_BASE + 0x0A10)
#define CM_IDLEST1_CORE		(OMAP3_CM_BASE + 0x0A20)
#define CM_CLKSEL_CORE		(OMAP3_CM_BASE + 0x0A40)
#define CM_FCLKEN_WKUP		(OMAP3_CM_BASE + 0x0C00)
#define CM_ICLKEN_WKUP		(OMAP3_CM_BASE + 0x0C10)
#define CM_IDLEST_WKUP		(OMAP3_CM_BASE + 0x0C20)
#define CM_CLKSEL_WKUP		(OMAP3_CM_BASE + 0x0C40)
#define CM_CLKEN_PLL		(OMAP3_CM_BASE + 0x0D00)
#define CM_IDLEST_CKGEN		(OMAP3_CM_BASE + 0x0D20)
#define CM_CLKSEL1_PLL		(OMAP3_CM_BASE + 0x0D40)
#define CM_CLKSEL2_PLL		(OMAP3_CM_BASE + 0x0D44)
#define CM_CLKSEL3_PLL		(OMAP3_CM_BASE + 0x0D48)
#define CM_CLKSEL_DSS		(OMAP3_CM_BASE + 0x0E40)
#define CM_CLKSEL_CAM		(OMAP3_CM_BASE + 0x0F40)
#define CM_FCLKEN_PER		(OMAP3_CM_BASE + 0x1000)
#define CM_ICLKEN_PER		(OMAP3_CM_BASE + 0x1010)
#define CM_IDLEST_PER		(OMAP3_CM_BASE + 0x1020)
#define CM_CLKSEL1_EMU		(OMAP3_CM_BASE + 0x1140)

/* module bits in the WKUP and PER clock registers */
#define WKUP_GPT1		(1u << 0)
#define WKUP_32KSYNC		(1u << 2)
#define WKUP_GPIO1		(1u << 3)
#define WKUP_WDT2		(1u << 5)
#define PER_UART3		(1u << 11)
#define PER_GPIO(n)		(1u << (11 + (n)))	/* n = 2..6 */
#define CORE_SDRC		(1u << 1)

/* PRM (power and reset manager) */
#define PRM_CLKSEL		(OMAP3_PRM_BASE + 0x0D40)
#define PRM_RSTCTRL		(OMAP3_PRM_BASE + 0x1250)
#define PRM_RSTST		(OMAP3_PRM_BASE + 0x1258)
#define PRM_CLKSRC_CTRL		(OMAP3_PRM_BASE + 0x1270)

/* SCM general registers and ID block */
#define CONTROL_STATUS		(OMAP3_SCM_BASE + 0x02F0)
#define CONTROL_OMAP_STATUS	(OMAP3_SCM_BASE + 0x044C)
#define CONTROL_IDCODE		(OMAP3_TAP_BASE + 0x0204)

#endif
