// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the OMAP3 PRCM, i.e. the clock manager (CM, 0x48004000) and
 * the power and reset manager (PRM, 0x48306000), TRM chapter 4 "Power,
 * Reset, and Clock Management" (SPRUF98/SPRUGN4 "PRCM").
 *
 * State at hand-over from the ROM (our choice, since no source gives the
 * ROM's exact exit state): every register holds its reset value from
 * SPRUF98/SPRUGN4 "PRCM", CM registers ([Q] reset values, TRM register summaries for the
 * rest), except that WDT2's clocks are on (CM_FCLKEN_WKUP = CM_ICLKEN_WKUP =
 * 0x20) because the ROM leaves the watchdog running. So DPLL1 and DPLL3 are
 * in low-power bypass, DPLL4 and DPLL5 stopped, sys_clk = 26 MHz (SYSCLKDIV
 * 1) and the MPU runs at sys_clk: a loader has to program every clock it
 * uses, and the 32 kHz sync timer's interface clock is off until enabled.
 *
 * DPLLs: an IDLEST lock bit becomes 1 only DPLL_LOCK_PS after EN = 7 was
 * written with M >= 2 (on 3430 also a FREQSEL that matches Fint, §1.5);
 * changing M or N while locked relocks. Until locked the DPLL outputs its
 * bypass clock. DPLL4 and DPLL5 have no bypass mode; when not locked we model
 * their output as their reference (sys_clk), so a UART programmed before
 * DPLL4 locks runs at the wrong baud rate, as on hardware.
 *
 * Module IDLEST bits read 0 (accessible) when the module's interface clock
 * and, where it has one that gates register access, its functional clock
 * are on. All registers are 32-bit; other access sizes are refused.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define DPLL_LOCK_PS (5 * PS_PER_US)

enum { DPLL1, DPLL2, DPLL3, DPLL4, DPLL5, NDPLL };

struct dpll {
	uint32_t key;       /* EN/M/N the current lock was started for; 0 = none */
	uint64_t lock_at;
	bool warned;
};

struct prcm {
	struct regfile cm, prm;
	struct dpll dpll[NDPLL];
	bool warn_clksel;
	bool in_update;
};

/* ------------------------------------------------------------- CM table */

#define RW(o, r, m)  { (o), REG_RW, (r), (m) }
#define RO(o, r)     { (o), REG_RO, (r), 0 }
#define FN(o, r, m)  { (o), REG_FN, (r), (m) }
#define W1C(o, r, m) { (o), REG_W1C, (r), (m) }

#define ICLK1_CORE_MASK 0x7FFFFED6u
#define FCLK1_CORE_MASK 0x43FFFE00u

static const struct reg_def cm_regs_3430[] = {
	/* IVA2 */
	RW(0x0000, 0x0, 0x1),            /* CM_FCLKEN_IVA2 */
	FN(0x0004, 0x11, 0x3FF),         /* CM_CLKEN_PLL_IVA2 */
	FN(0x0020, 0x1, 0),              /* CM_IDLEST_IVA2 */
	FN(0x0024, 0x0, 0),              /* CM_IDLEST_PLL_IVA2 */
	RW(0x0034, 0x0, 0x7),            /* CM_AUTOIDLE_PLL_IVA2 */
	FN(0x0040, 0x80000, 0x3FFF7F),   /* CM_CLKSEL1_PLL_IVA2 */
	FN(0x0044, 0x1, 0x1F),           /* CM_CLKSEL2_PLL_IVA2 */
	RW(0x0048, 0x0, 0x3),            /* CM_CLKSTCTRL_IVA2 */
	RO(0x004C, 0x0),                 /* CM_CLKSTST_IVA2 */
	/* OCP system */
	RO(0x0800, 0x10),                /* CM_REVISION */
	RW(0x0810, 0x1, 0x1),            /* CM_SYSCONFIG */
	RW(0x089C, 0x0, 0xFFFFFFFF),     /* (not in the TRM summary; Linux's CM
					  * context save reads and restores it) */
	/* MPU */
	FN(0x0904, 0x15, 0x3FF),         /* CM_CLKEN_PLL_MPU */
	RO(0x0920, 0x0),                 /* CM_IDLEST_MPU */
	FN(0x0924, 0x0, 0),              /* CM_IDLEST_PLL_MPU */
	RW(0x0934, 0x0, 0x7),            /* CM_AUTOIDLE_PLL_MPU */
	FN(0x0940, 0x80000, 0x3FFF7F),   /* CM_CLKSEL1_PLL_MPU */
	FN(0x0944, 0x1, 0x1F),           /* CM_CLKSEL2_PLL_MPU */
	RW(0x0948, 0x0, 0x3),            /* CM_CLKSTCTRL_MPU */
	RO(0x094C, 0x1),                 /* CM_CLKSTST_MPU */
	/* CORE */
	FN(0x0A00, 0x0, FCLK1_CORE_MASK),/* CM_FCLKEN1_CORE */
	RO(0x0A04, 0x0),                 /* (reserved; Linux's clock code reads it) */
	FN(0x0A08, 0x0, 0x7),            /* CM_FCLKEN3_CORE */
	FN(0x0A10, 0x42, ICLK1_CORE_MASK),/* CM_ICLKEN1_CORE */
	FN(0x0A14, 0x0, 0x1F),           /* CM_ICLKEN2_CORE */
	FN(0x0A18, 0x0, 0x4),            /* CM_ICLKEN3_CORE */
	FN(0x0A20, 0x0, 0),              /* CM_IDLEST1_CORE */
	FN(0x0A24, 0x0, 0),              /* CM_IDLEST2_CORE */
	FN(0x0A28, 0x0, 0),              /* CM_IDLEST3_CORE */
	RW(0x0A30, 0x0, ICLK1_CORE_MASK),/* CM_AUTOIDLE1_CORE */
	RW(0x0A34, 0x0, 0x1F),           /* CM_AUTOIDLE2_CORE */
	RW(0x0A38, 0x0, 0x4),            /* CM_AUTOIDLE3_CORE */
	FN(0x0A40, 0x1105, 0x0FFF),      /* CM_CLKSEL_CORE */
	RO(0x0A44, 0x0),                 /* (reserved: no CM_SLEEPDEP_CORE; Linux's clkdm code reads it) */
	RW(0x0A48, 0x0, 0x3F),           /* CM_CLKSTCTRL_CORE */
	RO(0x0A4C, 0x7),                 /* CM_CLKSTST_CORE */
	/* SGX */
	RW(0x0B00, 0x0, 0x2),            /* CM_FCLKEN_SGX */
	RW(0x0B10, 0x0, 0x1),            /* CM_ICLKEN_SGX */
	FN(0x0B20, 0x1, 0),              /* CM_IDLEST_SGX */
	RW(0x0B40, 0x0, 0x7),            /* CM_CLKSEL_SGX */
	RW(0x0B44, 0x0, 0x2),            /* CM_SLEEPDEP_SGX */
	RW(0x0B48, 0x0, 0x3),            /* CM_CLKSTCTRL_SGX */
	RO(0x0B4C, 0x0),                 /* CM_CLKSTST_SGX */
	/* WKUP */
	FN(0x0C00, 0x20, 0x29),          /* CM_FCLKEN_WKUP (ROM: WDT2 on) */
	FN(0x0C10, 0x20, 0x3F),          /* CM_ICLKEN_WKUP (ROM: WDT2 on) */
	FN(0x0C20, 0x0, 0),              /* CM_IDLEST_WKUP */
	RW(0x0C30, 0x0, 0x3F),           /* CM_AUTOIDLE_WKUP */
	RO(0x0C44, 0x0),                 /* (reserved: no CM_SLEEPDEP_WKUP; Linux clears it) */
	FN(0x0C40, 0x12, 0x7F),          /* CM_CLKSEL_WKUP */
	/* clock control */
	FN(0x0D00, 0x110015, 0xFBFF13FF),/* CM_CLKEN_PLL */
	FN(0x0D04, 0x11, 0x3FF),         /* CM_CLKEN2_PLL */
	RO(0x0D10, 0x0),                 /* (reserved; Linux's clock code reads it) */
	FN(0x0D20, 0x0, 0),              /* CM_IDLEST_CKGEN */
	FN(0x0D24, 0x0, 0),              /* CM_IDLEST2_CKGEN */
	RW(0x0D30, 0x0, 0x3F),           /* CM_AUTOIDLE_PLL */
	RW(0x0D34, 0x0, 0x7),            /* CM_AUTOIDLE2_PLL */
	FN(0x0D40, 0x08000040, 0xFFFF7F68),/* CM_CLKSEL1_PLL */
	FN(0x0D44, 0x0, 0x0007FF7F),     /* CM_CLKSEL2_PLL */
	FN(0x0D48, 0x1, 0x1F),           /* CM_CLKSEL3_PLL */
	FN(0x0D4C, 0x0, 0x7FF7F),        /* CM_CLKSEL4_PLL */
	FN(0x0D50, 0x1, 0x1F),           /* CM_CLKSEL5_PLL */
	RW(0x0D70, 0x3, 0xBB),           /* CM_CLKOUT_CTRL */
	/* DSS */
	RW(0x0E00, 0x0, 0x7),            /* CM_FCLKEN_DSS */
	RW(0x0E10, 0x0, 0x1),            /* CM_ICLKEN_DSS */
	FN(0x0E20, 0x3, 0),              /* CM_IDLEST_DSS */
	RW(0x0E30, 0x0, 0x1),            /* CM_AUTOIDLE_DSS */
	RW(0x0E40, 0x1010, 0x1F1F),      /* CM_CLKSEL_DSS */
	RW(0x0E44, 0x0, 0x6),            /* CM_SLEEPDEP_DSS */
	RW(0x0E48, 0x0, 0x3),            /* CM_CLKSTCTRL_DSS */
	RO(0x0E4C, 0x0),                 /* CM_CLKSTST_DSS */
	/* CAM */
	RW(0x0F00, 0x0, 0x3),            /* CM_FCLKEN_CAM */
	RW(0x0F10, 0x0, 0x1),            /* CM_ICLKEN_CAM */
	FN(0x0F20, 0x1, 0),              /* CM_IDLEST_CAM */
	RW(0x0F30, 0x0, 0x1),            /* CM_AUTOIDLE_CAM */
	RW(0x0F40, 0x4, 0x1F),           /* CM_CLKSEL_CAM */
	RW(0x0F44, 0x0, 0x2),            /* CM_SLEEPDEP_CAM */
	RW(0x0F48, 0x0, 0x3),            /* CM_CLKSTCTRL_CAM */
	RO(0x0F4C, 0x0),                 /* CM_CLKSTST_CAM */
	/* PER */
	FN(0x1000, 0x0, 0x3FFFF),        /* CM_FCLKEN_PER */
	FN(0x1010, 0x0, 0x3FFFF),        /* CM_ICLKEN_PER */
	FN(0x1020, 0x0, 0),              /* CM_IDLEST_PER */
	RW(0x1030, 0x0, 0x3FFFF),        /* CM_AUTOIDLE_PER */
	FN(0x1040, 0x0, 0xFF),           /* CM_CLKSEL_PER */
	RW(0x1044, 0x0, 0x6),            /* CM_SLEEPDEP_PER */
	RW(0x1048, 0x0, 0x3),            /* CM_CLKSTCTRL_PER */
	RO(0x104C, 0x0),                 /* CM_CLKSTST_PER */
	/* EMU */
	RW(0x1140, 0x03020A50, 0x1F1F7FFF),/* CM_CLKSEL1_EMU */
	RO(0x1144, 0x0),                 /* (reserved: no CM_SLEEPDEP_EMU; Linux clears it) */
	RW(0x1148, 0x2, 0x3),            /* CM_CLKSTCTRL_EMU */
	RO(0x114C, 0x0),                 /* CM_CLKSTST_EMU */
	RW(0x1150, 0x0, 0x000FFF7F),     /* CM_CLKSEL2_EMU */
	RW(0x1154, 0x0, 0x000FFF7F),     /* CM_CLKSEL3_EMU */
	/* global, NEON, USBHOST */
	RW(0x129C, 0x0, 0x1),            /* CM_POLCTRL */
	RO(0x1320, 0x0),                 /* CM_IDLEST_NEON */
	RO(0x1344, 0x0),                 /* (reserved: no CM_SLEEPDEP_NEON; Linux clears it) */
	RW(0x1348, 0x0, 0x3),            /* CM_CLKSTCTRL_NEON */
	RW(0x1400, 0x0, 0x3),            /* CM_FCLKEN_USBHOST */
	RW(0x1410, 0x0, 0x1),            /* CM_ICLKEN_USBHOST */
	FN(0x1420, 0x3, 0),              /* CM_IDLEST_USBHOST */
	RW(0x1430, 0x0, 0x1),            /* CM_AUTOIDLE_USBHOST */
	RW(0x1444, 0x0, 0x6),            /* CM_SLEEPDEP_USBHOST */
	RW(0x1448, 0x0, 0x3),            /* CM_CLKSTCTRL_USBHOST */
	RO(0x144C, 0x0),                 /* CM_CLKSTST_USBHOST */
};

/* ------------------------------------------------------------- PRM table */

/*
 * PM_PREPWSTST_x records the state a domain last entered: LASTPOWERSTATEENTERED
 * [1:0] (0 OFF, 1 RET, 2 INACTIVE, 3 ON) and, where the domain has them, its
 * logic (bit 2) and memory banks' (2-bit fields from bit 4) states. The PRCM
 * writes it at each transition; software can only set a field back to its
 * ON value, by writing that value ("set upon write of the same only", which
 * TI's own PM code used by writing 0xFF before an idle); other values written
 * change nothing (Linux's omap3_pwrdm_clear_all_prev_pwrst writes 0).
 * The TRM's reset value 0 records the power-up from OFF. The model's domains
 * never leave ON (PM_PWSTST_x reads ON whatever PM_PWSTCTRL_x asks for), so
 * the only state they have entered is ON: every field reads its ON value, a
 * write of it changes nothing, and the register never claims an OFF or a
 * retention the model did not go through (tools/sim/README.md, "Linux").
 * `prev` is that ON value, by the layout of the domain's fields.
 */
#define PWR_DOMAIN(base, wkdep, pwstctrl, prev)                               \
	W1C((base) + 0x58, 0x1, 0xFFF),    /* RM_RSTST_x */                   \
	RW((base) + 0xC8, (wkdep), 0xFF),  /* PM_WKDEP_x */                   \
	RW((base) + 0xE0, (pwstctrl), 0x00FF0F0F), /* PM_PWSTCTRL_x */        \
	RO((base) + 0xE4, 0x3),            /* PM_PWSTST_x: ON */              \
	RO((base) + 0xE8, (prev))          /* PM_PREPWSTST_x: ON entered */

/* PM_PREPWSTST_x's fields at ON: power state 3; IVA2 logic (bit 2) and four
 * memory banks ([5:4], [7:6], [9:8], [11:10]); MPU logic and L1 (bit 2) and
 * L2 ([7:6]); CORE logic (bit 2), MEM1 ([5:4]) and MEM2 ([7:6]); the other
 * domains' power state only. */
#define PREV_ON_IVA2 0xFF7
#define PREV_ON_MPU  0xC7
#define PREV_ON_CORE 0xF7
#define PREV_ON      0x3

/* WKUP and the clock control module have no power-state registers in the
 * TRM's PRM register summary, but Linux's powerdomain framework reads the
 * wake-up dependency and power-state offsets of every domain it knows
 * (wkup_pwrdm, dpll3..5_pwrdm): reserved locations, read as 0. */
#define NO_PWR_DOMAIN(base)                                                   \
	RO((base) + 0xC8, 0x0), RO((base) + 0xE0, 0x0),                       \
	RO((base) + 0xE4, 0x0), RO((base) + 0xE8, 0x0)

static const struct reg_def prm_regs[] = {
	/* IVA2 */
	RW(0x0050, 0x7, 0x7),            /* RM_RSTCTRL_IVA2 */
	PWR_DOMAIN(0x0000, 0xB3, 0xFF0F07, PREV_ON_IVA2),
	W1C(0x00F8, 0x0, 0x7),           /* PRM_IRQSTATUS_IVA2 */
	RW(0x00FC, 0x0, 0x7),            /* PRM_IRQENABLE_IVA2 */
	/* OCP system */
	RO(0x0804, 0x10),                /* PRM_REVISION */
	RW(0x0814, 0x1, 0x1),            /* PRM_SYSCONFIG */
	W1C(0x0818, 0x0, 0x03FFFFFF),    /* PRM_IRQSTATUS_MPU */
	RW(0x081C, 0x0, 0x03FFFFFF),     /* PRM_IRQENABLE_MPU */
	/* MPU */
	PWR_DOMAIN(0x0900, 0xA5, 0x30107, PREV_ON_MPU),
	RW(0x09D4, 0x12, 0x1F),          /* PM_EVGENCTRL_MPU */
	RW(0x09D8, 0x0, 0xFFFFFFFF),     /* PM_EVGENONTIM_MPU */
	RW(0x09DC, 0x0, 0xFFFFFFFF),     /* PM_EVGENOFFTIM_MPU */
	/* CORE */
	RO(0x0A50, 0x0),                 /* (reserved: no RM_RSTCTRL_CORE; Linux's hwmod
					  * code asserts reset lines here) */
	W1C(0x0A58, 0x1, 0xFFF),         /* RM_RSTST_CORE */
	RW(0x0AA0, 0xC33FFE18, 0xFFFFFFFF),/* PM_WKEN1_CORE */
	RW(0x0AA4, 0xC33FFE18, 0xFFFFFFFF),/* PM_MPUGRPSEL1_CORE */
	RW(0x0AA8, 0xC33FFE18, 0xFFFFFFFF),/* PM_IVA2GRPSEL1_CORE */
	W1C(0x0AB0, 0x0, 0xFFFFFFFF),    /* PM_WKST1_CORE */
	W1C(0x0AB8, 0x0, 0x4),           /* PM_WKST3_CORE */
	RO(0x0AC8, 0x0),                 /* (reserved: no PM_WKDEP_CORE) */
	RW(0x0AE0, 0xF0307, 0x000F0F0F), /* PM_PWSTCTRL_CORE */
	RO(0x0AE4, 0x3),                 /* PM_PWSTST_CORE */
	RO(0x0AE8, PREV_ON_CORE),        /* PM_PREPWSTST_CORE: ON entered */
	RW(0x0AF0, 0x4, 0x4),            /* PM_WKEN3_CORE */
	RW(0x0AF4, 0x4, 0x4),            /* PM_IVA2GRPSEL3_CORE */
	RW(0x0AF8, 0x4, 0x4),            /* PM_MPUGRPSEL3_CORE */
	/* SGX */
	PWR_DOMAIN(0x0B00, 0x16, 0x30107, PREV_ON),
	/* WKUP */
	RW(0x0CA0, 0x3CB, 0x3FF),        /* PM_WKEN_WKUP */
	RW(0x0CA4, 0x3CB, 0x3FF),        /* PM_MPUGRPSEL_WKUP */
	RW(0x0CA8, 0x0, 0x3FF),          /* PM_IVA2GRPSEL_WKUP */
	W1C(0x0CB0, 0x0, 0x3FF),         /* PM_WKST_WKUP */
	NO_PWR_DOMAIN(0x0C00),
	/* clock control */
	FN(0x0D40, 0x3, 0x7),            /* PRM_CLKSEL */
	NO_PWR_DOMAIN(0x0D00),           /* Linux's dpll3..5_pwrdm */
	RW(0x0D70, 0x80, 0x87),          /* PRM_CLKOUT_CTRL */
	/* DSS, CAM */
	PWR_DOMAIN(0x0E00, 0x16, 0x30107, PREV_ON),
	RW(0x0EA0, 0x1, 0x1),            /* PM_WKEN_DSS */
	PWR_DOMAIN(0x0F00, 0x16, 0x30107, PREV_ON),
	/* PER */
	PWR_DOMAIN(0x1000, 0x17, 0x30107, PREV_ON),
	RW(0x10A0, 0x3EFFF, 0x3FFFF),    /* PM_WKEN_PER */
	RW(0x10A4, 0x3EFFF, 0x3FFFF),    /* PM_MPUGRPSEL_PER */
	RW(0x10A8, 0x3EFFF, 0x3FFFF),    /* PM_IVA2GRPSEL_PER */
	W1C(0x10B0, 0x0, 0x3FFFF),       /* PM_WKST_PER */
	/* EMU */
	W1C(0x1158, 0x1, 0xFFF),         /* RM_RSTST_EMU */
	RO(0x11C8, 0x0),                 /* (reserved: no PM_WKDEP_EMU) */
	RO(0x11E0, 0x0),                 /* (reserved: no PM_PWSTCTRL_EMU) */
	RO(0x11E4, 0x3),                 /* PM_PWSTST_EMU */
	RO(0x11E8, 0x0),                 /* (reserved: no PM_PREPWSTST_EMU) */
	/* global: voltage controller, reset, sys clock */
	RW(0x1220, 0x0, 0x007F007F),     /* PRM_VC_SMPS_SA */
	RW(0x1224, 0x0, 0x00FF00FF),     /* PRM_VC_SMPS_VOL_RA */
	RW(0x1228, 0x0, 0x00FF00FF),     /* PRM_VC_SMPS_CMD_RA */
	RW(0x122C, 0x0, 0xFFFFFFFF),     /* PRM_VC_CMD_VAL_0 */
	RW(0x1230, 0x0, 0xFFFFFFFF),     /* PRM_VC_CMD_VAL_1 */
	RW(0x1234, 0x0, 0x001F001F),     /* PRM_VC_CH_CONF */
	RW(0x1238, 0x18, 0x3F),          /* PRM_VC_I2C_CFG */
	RW(0x123C, 0x0, 0x00FFFF7F),     /* PRM_VC_BYPASS_VAL */
	RO(0x1240, 0x0),                 /* (reserved; Linux's voltage code reads it) */
	FN(0x1250, 0x0, 0x6),            /* PRM_RSTCTRL */
	RW(0x1254, 0x1006, 0x1FFF),      /* PRM_RSTTIME */
	W1C(0x1258, 0x1, 0x7FB),         /* PRM_RSTST: cold reset */
	RW(0x1260, 0x0, 0x1F),           /* PRM_VOLTCTRL */
	RW(0x1264, 0x50, 0xFF),          /* PRM_SRAM_PCHARGE */
	FN(0x1270, 0x43, 0x1DB),         /* PRM_CLKSRC_CTRL */
	RO(0x1280, 0x0),                 /* PRM_OBS */
	RW(0x1290, 0x0, 0xFFFFFFFF),     /* PRM_VOLTSETUP1 */
	RW(0x1294, 0x0, 0xFFFF),         /* PRM_VOLTOFFSET */
	RW(0x1298, 0x0, 0xFFFF),         /* PRM_CLKSETUP */
	RW(0x129C, 0x2, 0xF),            /* PRM_POLCTRL */
	RW(0x12A0, 0x0, 0xFFFF),         /* PRM_VOLTSETUP2 */
	RW(0x12B0, 0x0, 0xFFFFFF0F),     /* PRM_VP1_CONFIG */
	RW(0x12B4, 0x0, 0x00FFFFFF),     /* PRM_VP1_VSTEPMIN */
	RW(0x12B8, 0x0, 0x00FFFFFF),     /* PRM_VP1_VSTEPMAX */
	RW(0x12BC, 0x0, 0xFFFFFFFF),     /* PRM_VP1_VLIMITTO */
	RO(0x12C0, 0x0),                 /* PRM_VP1_VOLTAGE */
	RO(0x12C4, 0x1),                 /* PRM_VP1_STATUS: idle */
	RW(0x12D0, 0x0, 0xFFFFFF0F),     /* PRM_VP2_CONFIG */
	RW(0x12D4, 0x0, 0x00FFFFFF),     /* PRM_VP2_VSTEPMIN */
	RW(0x12D8, 0x0, 0x00FFFFFF),     /* PRM_VP2_VSTEPMAX */
	RW(0x12DC, 0x0, 0xFFFFFFFF),     /* PRM_VP2_VLIMITTO */
	RO(0x12E0, 0x0),                 /* PRM_VP2_VOLTAGE */
	RO(0x12E4, 0x1),                 /* PRM_VP2_STATUS */
	/* NEON, USBHOST */
	PWR_DOMAIN(0x1300, 0x2, 0x7, PREV_ON),
	PWR_DOMAIN(0x1400, 0x17, 0x30107, PREV_ON),
	RW(0x14A0, 0x1, 0x1),            /* PM_WKEN_USBHOST */
	RW(0x14A4, 0x1, 0x1),            /* PM_MPUGRPSEL_USBHOST */
	RW(0x14A8, 0x1, 0x1),            /* PM_IVA2GRPSEL_USBHOST */
	W1C(0x14B0, 0x0, 0x1),           /* PM_WKST_USBHOST */
};

/* The 3630's adaptive body-bias LDO (ABB) in the global PRM registers,
 * which Linux's ti-abb-regulator ("ti,abb-v1", omap36xx.dtsi's
 * abb_mpu_iva: base-address 0x483072F0, int-address PRM_IRQSTATUS_MPU,
 * ti,tranxdone-status-mask bit 26) drives. The TRM's names of the two
 * registers are swapped (the driver's and mach-omap2's ldo3xxx_data.c's
 * warning); the fields, as the driver and prm-regbits-34xx.h give them:
 * 0x12F0 (the TRM's PRM_LDO_ABB_SETUP) OPP_SEL 1:0 and OPP_CHANGE 2, which
 * starts a transition to OPP_SEL's bias; 0x12F4 (PRM_LDO_ABB_CTRL) SR2EN 0,
 * ACTIVE_RBB_SEL 1, ACTIVE_FBB_SEL 2, SR2_WTCNT_VALUE 15:8. The model's
 * transitions end at once: OPP_CHANGE reads 0 again and
 * ABB_LDO_TRANXDONE_ST (PRM_IRQSTATUS_MPU bit 26) is set. The OMAP3430/3530
 * has neither the registers nor the status bit. */
#define ABB_CONTROL 0x12F0
#define ABB_OPP_CHANGE BIT(2)
#define ABB_TRANXDONE BIT(26)
static const struct reg_def prm_regs_3630[] = {
	FN(ABB_CONTROL, 0x0, 0x3),       /* (TRM: PRM_LDO_ABB_SETUP) OPP_SEL */
	RW(0x12F4, 0x0, 0xFF07),         /* (TRM: PRM_LDO_ABB_CTRL) */
};

/* ------------------------------------------------------------- helpers */

static inline uint32_t cm(struct sim *s, uint32_t off)
{
	return *regfile_ptr(&s->prcm->cm, off);
}

static inline uint32_t prm(struct sim *s, uint32_t off)
{
	return *regfile_ptr(&s->prcm->prm, off);
}

uint32_t prcm_cm_reg(struct sim *s, uint32_t off)
{
	return cm(s, off);
}

uint64_t prcm_sys_clk_hz(struct sim *s)
{
	unsigned div = FIELD_GET(GENMASK(7, 6), prm(s, 0x1270));

	/* SYSCLKDIV 0 and 3 are reserved; the divider logic treats them as
	 * the nearest legal value (÷1 / ÷2). */
	return div >= 2 ? OSC_HZ / 2 : OSC_HZ;
}

struct dpll_cfg {
	unsigned en, m, n, m2, fsel;
	bool has_fsel;
};

static void dpll_read(struct sim *s, int id, struct dpll_cfg *c)
{
	bool j = s->cfg.soc == SOC_DM3730;
	uint32_t v;

	c->has_fsel = !j;
	switch (id) {
	case DPLL1:
	case DPLL2: {
		uint32_t base = id == DPLL1 ? 0x900 : 0x000;

		v = cm(s, base + 0x04);
		c->en = v & 7;
		c->fsel = FIELD_GET(GENMASK(7, 4), v);
		v = cm(s, base + 0x40);
		c->m = FIELD_GET(GENMASK(18, 8), v);
		c->n = v & 0x7F;
		c->m2 = cm(s, base + 0x44) & 0x1F;
		break;
	}
	case DPLL3:
		v = cm(s, 0xD00);
		c->en = v & 7;
		c->fsel = FIELD_GET(GENMASK(7, 4), v);
		v = cm(s, 0xD40);
		c->m = FIELD_GET(GENMASK(26, 16), v);
		c->n = FIELD_GET(GENMASK(14, 8), v);
		c->m2 = FIELD_GET(GENMASK(31, 27), v);
		break;
	case DPLL4:
		v = cm(s, 0xD00);
		c->en = FIELD_GET(GENMASK(18, 16), v);
		c->fsel = FIELD_GET(GENMASK(23, 20), v);
		v = cm(s, 0xD44);
		c->m = j ? FIELD_GET(GENMASK(19, 8), v) : FIELD_GET(GENMASK(18, 8), v);
		c->n = v & 0x7F;
		c->m2 = cm(s, 0xD48) & 0x1F;
		break;
	default:
		v = cm(s, 0xD04);
		c->en = v & 7;
		c->fsel = FIELD_GET(GENMASK(7, 4), v);
		v = cm(s, 0xD4C);
		c->m = FIELD_GET(GENMASK(18, 8), v);
		c->n = v & 0x7F;
		c->m2 = cm(s, 0xD50) & 0x1F;
		break;
	}
}

static uint64_t dpll_ref_hz(struct sim *s, int id)
{
	uint64_t ref = prcm_sys_clk_hz(s);

	/* 3630 only: PRM_CLKSRC_CTRL bit8 puts a ÷6.5 in front of DPLL4. */
	if (id == DPLL4 && s->cfg.soc == SOC_DM3730 && (prm(s, 0x1270) & BIT(8)))
		ref = ref * 2 / 13;
	return ref;
}

/* 3430 FREQSEL must match Fint (SPRUF98/SPRUGN4 "PRCM", DPLL FREQSEL); ranges include their
 * upper bound. Returns 0 when no FREQSEL fits. */
static unsigned freqsel_for(uint64_t fint)
{
	static const struct { uint64_t lo, hi; unsigned sel; } t[] = {
		{  750000,  1000000, 0x3 }, { 1000000,  1250000, 0x4 },
		{ 1250000,  1500000, 0x5 }, { 1500000,  1750000, 0x6 },
		{ 1750000,  2100000, 0x7 }, { 7500000, 10000000, 0xB },
		{ 10000000, 12500000, 0xC }, { 12500000, 15000000, 0xD },
		{ 15000000, 17500000, 0xE }, { 17500000, 21000000, 0xF },
	};

	for (size_t i = 0; i < ARRAY_SIZE(t); i++)
		if (fint > t[i].lo && fint <= t[i].hi)
			return t[i].sel;
	if (fint == 750000)
		return 0x3;
	return 0;
}

static const char *const dpll_name[] = { "DPLL1 (MPU)", "DPLL2 (IVA2)",
	"DPLL3 (CORE)", "DPLL4 (PER)", "DPLL5 (PER2)" };

/* Start or drop a lock when the programming changes. */
static void dpll_eval(struct sim *s, int id)
{
	struct dpll *d = &s->prcm->dpll[id];
	struct dpll_cfg c;
	uint32_t key = 0;

	dpll_read(s, id, &c);
	if (c.en == 7 && c.m >= 2) {
		bool ok = true;

		if (c.has_fsel) {
			uint64_t fint = dpll_ref_hz(s, id) / (c.n + 1);
			unsigned want = freqsel_for(fint);

			if (want != c.fsel) {
				ok = false;
				if (!d->warned)
					fprintf(stderr, "gtaboot-sim: warning: %s will not lock: "
						"FREQSEL %u but Fint %llu Hz needs %u\n",
						dpll_name[id], c.fsel,
						(unsigned long long)fint, want);
				d->warned = true;
			}
		}
		if (ok)
			key = 0x80000000u | c.m << 8 | c.n;
	}
	if (key != d->key) {
		d->key = key;
		d->lock_at = key ? sim_now_ps(s) + DPLL_LOCK_PS : 0;
	}
}

static bool dpll_locked(struct sim *s, int id)
{
	struct dpll *d = &s->prcm->dpll[id];

	return d->key && sim_now_ps(s) >= d->lock_at;
}

/* The DCO output before the M2 divider (and before any x2). */
static uint64_t dpll_dco_hz(struct sim *s, int id, struct dpll_cfg *c)
{
	dpll_read(s, id, c);
	if (!dpll_locked(s, id))
		return 0;
	return dpll_ref_hz(s, id) * c->m / (c->n + 1);
}

static unsigned div_or_1(unsigned d)
{
	return d ? d : 1;
}

uint64_t prcm_core_hz(struct sim *s)
{
	struct dpll_cfg c;
	uint64_t f = dpll_dco_hz(s, DPLL3, &c);

	if (!f)
		f = prcm_sys_clk_hz(s);   /* bypass clock */
	return f / div_or_1(c.m2);
}

uint64_t prcm_l3_hz(struct sim *s)
{
	return prcm_core_hz(s) / div_or_1(cm(s, 0xA40) & 3);
}

static uint64_t mpu_hz(struct sim *s)
{
	struct dpll_cfg c;
	uint64_t f = dpll_dco_hz(s, DPLL1, &c);

	if (!f) {
		/* bypass: CORE_CLK through MPU_CLK_SRC ([21:19], index from 1) */
		unsigned src = FIELD_GET(GENMASK(21, 19), cm(s, 0x940));

		f = prcm_core_hz(s) / div_or_1(src);
	}
	return f / div_or_1(c.m2);
}

/* DPLL4 M2 output as it reaches CM_96M_FCLK (x2 on 3430, and 3630's
 * CLKSEL_96M post-divider). */
uint64_t prcm_dpll4_96m_hz(struct sim *s)
{
	struct dpll_cfg c;
	uint64_t f = dpll_dco_hz(s, DPLL4, &c);
	bool locked = f != 0;

	if (!locked)
		f = dpll_ref_hz(s, DPLL4);
	f /= div_or_1(c.m2);
	if (s->cfg.soc == SOC_DM3730)
		f /= div_or_1(FIELD_GET(GENMASK(13, 12), cm(s, 0xA40)));
	else if (locked)
		f *= 2;
	return f;
}

static uint64_t omap_96m_hz(struct sim *s)
{
	/* CM_CLKSEL1_PLL bit6 SOURCE_96M: 1 = sys_clk, 0 = DPLL4 */
	if (cm(s, 0xD40) & BIT(6))
		return prcm_sys_clk_hz(s);
	return prcm_dpll4_96m_hz(s);
}

static uint64_t omap_48m_hz(struct sim *s)
{
	/* bit3 SOURCE_48M: 1 = sys_altclk, which neither board drives */
	if (cm(s, 0xD40) & BIT(3))
		return 0;
	return prcm_dpll4_96m_hz(s) / 2;
}

void prcm_update(struct sim *s)
{
	uint64_t f = mpu_hz(s);

	if (f != s->mpu_hz)
		s->mpu_hz = f;
}

/* ------------------------------------------------------------- clocks */

struct clk_bits {
	uint16_t fclk_reg, iclk_reg; /* 0 = none */
	uint8_t bit;
};

static const struct clk_bits clk_tab[CLK_COUNT] = {
	[CLK_UART1]   = { 0xA00, 0xA10, 13 },
	[CLK_UART2]   = { 0xA00, 0xA10, 14 },
	[CLK_UART3]   = { 0x1000, 0x1010, 11 },
	[CLK_I2C1]    = { 0xA00, 0xA10, 15 },
	[CLK_I2C2]    = { 0xA00, 0xA10, 16 },
	[CLK_I2C3]    = { 0xA00, 0xA10, 17 },
	[CLK_MMC1]    = { 0xA00, 0xA10, 24 },
	[CLK_MMC2]    = { 0xA00, 0xA10, 25 },
	[CLK_MMC3]    = { 0xA00, 0xA10, 30 },
	/* GPIO: only the interface clock gates register access; the FCLK
	 * is the debounce clock (SPRUF98/SPRUGN4 "PRCM", CM registers). */
	[CLK_GPIO1]   = { 0, 0xC10, 3 },
	[CLK_GPIO2]   = { 0, 0x1010, 13 },
	[CLK_GPIO3]   = { 0, 0x1010, 14 },
	[CLK_GPIO4]   = { 0, 0x1010, 15 },
	[CLK_GPIO5]   = { 0, 0x1010, 16 },
	[CLK_GPIO6]   = { 0, 0x1010, 17 },
	[CLK_GPT1]    = { 0xC00, 0xC10, 0 },
	[CLK_32KSYNC] = { 0, 0xC10, 2 },
	[CLK_WDT2]    = { 0xC00, 0xC10, 5 },
	[CLK_SDRC]    = { 0, 0xA10, 1 },
	[CLK_SCM]     = { 0, 0xA10, 6 },
	[CLK_GPT2]    = { 0x1000, 0x1010, 3 },
	[CLK_GPT3]    = { 0x1000, 0x1010, 4 },
	[CLK_GPT4]    = { 0x1000, 0x1010, 5 },
	[CLK_GPT5]    = { 0x1000, 0x1010, 6 },
	[CLK_GPT6]    = { 0x1000, 0x1010, 7 },
	[CLK_GPT7]    = { 0x1000, 0x1010, 8 },
	[CLK_GPT8]    = { 0x1000, 0x1010, 9 },
	[CLK_GPT9]    = { 0x1000, 0x1010, 10 },
	[CLK_GPT10]   = { 0xA00, 0xA10, 11 },
	[CLK_GPT11]   = { 0xA00, 0xA10, 12 },
	[CLK_GPT12]   = { 0, 0xC10, 1 },      /* secure 32 kHz clock, always on */
	[CLK_UART4]   = { 0x1000, 0x1010, 18 },   /* DM37x only */
	/* EN_HSOTGUSB: no FCLK bit, the core runs on the ULPI PHY's clock */
	[CLK_HSOTGUSB] = { 0, 0xA10, 4 },
};

bool prcm_clk_on(struct sim *s, enum sim_clk c)
{
	const struct clk_bits *b = &clk_tab[c];

	if (c >= CLK_COUNT)
		return false;
	if (b->iclk_reg && !(cm(s, b->iclk_reg) & BIT(b->bit)))
		return false;
	if (b->fclk_reg && !(cm(s, b->fclk_reg) & BIT(b->bit)))
		return false;
	return true;
}

bool prcm_fclk_on(struct sim *s, enum sim_clk c)
{
	const struct clk_bits *b = &clk_tab[c];

	if (c == CLK_GPIO1)
		return cm(s, 0xC00) & BIT(3);
	if (c >= CLK_GPIO2 && c <= CLK_GPIO6)
		return cm(s, 0x1000) & BIT(b->bit);
	if (c == CLK_32KSYNC)
		return true; /* the 32 kHz clock is always on */
	return b->fclk_reg ? (cm(s, b->fclk_reg) & BIT(b->bit)) != 0 : true;
}

uint64_t prcm_func_clk_hz(struct sim *s, enum sim_clk c)
{
	if (c >= CLK_COUNT || !prcm_fclk_on(s, c))
		return 0;
	switch (c) {
	case CLK_UART1: case CLK_UART2: case CLK_UART3: case CLK_UART4:
		return omap_48m_hz(s);
	case CLK_I2C1: case CLK_I2C2: case CLK_I2C3:
	case CLK_MMC1: case CLK_MMC2: case CLK_MMC3:
		return omap_96m_hz(s);
	case CLK_GPT1:
		return (cm(s, 0xC40) & BIT(0)) ? prcm_sys_clk_hz(s) : CLK32K_HZ;
	case CLK_GPT2:
		return (cm(s, 0x1040) & BIT(0)) ? prcm_sys_clk_hz(s) : CLK32K_HZ;
	case CLK_SDRC:
		return prcm_l3_hz(s);
	case CLK_SCM:
		return prcm_l3_hz(s) / div_or_1(FIELD_GET(GENMASK(3, 2), cm(s, 0xA40)));
	default:
		return CLK32K_HZ; /* GPIO debounce, 32k sync, WDT2 */
	}
}

/* ------------------------------------------------------------- IDLEST */

/* Modules whose FCLKEN bit is needed for access, per ICLKEN register. */
static uint32_t idlest(struct sim *s, uint32_t iclk_off, uint32_t fclk_off,
		       uint32_t fclk_needed, uint32_t mask)
{
	uint32_t ok = cm(s, iclk_off);

	if (fclk_off)
		ok &= cm(s, fclk_off) | ~fclk_needed;
	return ~ok & mask;
}

static uint32_t cm_read_fn(struct sim *s, uint32_t off)
{
	uint32_t v = 0;

	switch (off) {
	case 0x0024: return dpll_locked(s, DPLL2);
	case 0x0924: return dpll_locked(s, DPLL1);
	case 0x0D20:
		if (dpll_locked(s, DPLL3))
			v |= BIT(0);
		if (dpll_locked(s, DPLL4))
			v |= BIT(1) | BIT(2) | BIT(3) | BIT(4) | BIT(5);
		return v;
	case 0x0D24:
		return dpll_locked(s, DPLL5) ? 0x3 : 0;
	case 0x0020: /* IVA2 stays in reset (RM_RSTCTRL_IVA2) */
		return 1;
	case 0x0A20:
		return idlest(s, 0xA10, 0xA00, FCLK1_CORE_MASK, ICLK1_CORE_MASK);
	case 0x0A24:
		return idlest(s, 0xA14, 0, 0, 0x1F);
	case 0x0A28:
		return idlest(s, 0xA18, 0xA08, 0x4, 0x4);
	case 0x0C20:
		/* GPT1 and WDT2 need both clocks, GPIO1 and 32KSYNC the iclk */
		return idlest(s, 0xC10, 0xC00, BIT(0) | BIT(5), 0x3F);
	case 0x1020:
		/* GPIO2-6 (bits 13-17): interface clock only */
		return idlest(s, 0x1010, 0x1000, 0x3FFFF & ~GENMASK(17, 13), 0x3FFFF);
	case 0x0B20:
		return (cm(s, 0xB00) & BIT(1)) && (cm(s, 0xB10) & 1) ? 0 : 1;
	case 0x0E20: /* bit0 standby, bit1 idle */
		return (cm(s, 0xE00) & 1) && (cm(s, 0xE10) & 1) ? 0 : 0x3;
	case 0x0F20:
		return (cm(s, 0xF00) & 1) && (cm(s, 0xF10) & 1) ? 0 : 1;
	case 0x1420:
		return (cm(s, 0x1400) & 3) && (cm(s, 0x1410) & 1) ? 0 : 0x3;
	}
	return cm(s, off);
}

/* ------------------------------------------------------------- MMIO */

static int cm_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		   uint32_t *val)
{
	const struct reg_def *d;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	d = regfile_def(&s->prcm->cm, off);
	if (!d)
		return SIM_EUNIMPL;
	prcm_update(s);
	*val = d->kind == REG_FN ? cm_read_fn(s, off) : cm(s, off);
	return 0;
}

static int cm_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		    uint32_t val)
{
	const struct reg_def *d;
	int ret;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	d = regfile_def(&s->prcm->cm, off);
	if (!d)
		return SIM_EUNIMPL;
	/* Timers, WDT and UART integrate time at the old clock rates first. */
	models_sync(s);
	prcm_update(s);
	ret = regfile_write(&s->prcm->cm, off, val);
	for (int i = 0; i < NDPLL; i++)
		dpll_eval(s, i);
	prcm_update(s);
	return ret;
}

static int prm_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		    uint32_t *val)
{
	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (off == 0x1250 && regfile_def(&s->prcm->prm, off)) {
		*val = 0; /* reset requests are self-clearing */
		return 0;
	}
	return regfile_read(&s->prcm->prm, off, val);
}

static int prm_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t val)
{
	int ret;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (!regfile_def(&s->prcm->prm, off))
		return SIM_EUNIMPL;
	models_sync(s);
	/* the sys_clk divider changes every DPLL's reference;
	 * changing it under a locked DPLL glitches that clock (TRM PRCM) */
	if (off == 0x1270 && ((val ^ prm(s, 0x1270)) & GENMASK(7, 6))) {
		for (int i = 0; i < NDPLL; i++) {
			if (dpll_locked(s, i)) {
				sim_stop(s, SIM_FAULT, "PRM_CLKSRC_CTRL: SYSCLKDIV changed "
					 "(0x%x -> 0x%x) while DPLL%d is locked", prm(s, 0x1270),
					 val, i + 1);
				return 0;
			}
		}
	}
	ret = regfile_write(&s->prcm->prm, off, val);
	switch (off) {
	case ABB_CONTROL: /* the bias changes at once: the transition is done */
		if (val & ABB_OPP_CHANGE)
			*regfile_ptr(&s->prcm->prm, 0x0818) |= ABB_TRANXDONE;
		break;
	case 0x1250: /* PRM_RSTCTRL */
		if (val & (BIT(1) | BIT(2))) {
			prcm_note_reset(s, BIT(1)); /* GLOBAL_SW_RST */
			sim_stop(s, SIM_RESET, "global %s reset requested via PRM_RSTCTRL = 0x%x",
				 val & BIT(1) ? "software" : "warm (RST_DPLL3)", val);
		}
		break;
	case 0x0D40: /* PRM_CLKSEL must agree with the 26 MHz oscillator */
		if ((val & 7) != 3)
			model_warn_once(&s->prcm->warn_clksel,
					"PRM_CLKSEL = %u declares a %s oscillator, but the board has 26 MHz",
					val & 7, (const char *[]){ "12 MHz", "13 MHz", "19.2 MHz",
					"26 MHz", "38.4 MHz", "16.8 MHz", "reserved", "reserved" }[val & 7]);
		break;
	case 0x1270: /* PRM_CLKSRC_CTRL: sys_clk changes, DPLLs relock */
		for (int i = 0; i < NDPLL; i++)
			dpll_eval(s, i);
		break;
	}
	prcm_update(s);
	return ret;
}

void prcm_note_reset(struct sim *s, uint32_t rstst_bit)
{
	*regfile_ptr(&s->prcm->prm, 0x1258) |= rstst_bit;
}

void prcm_init(struct sim *s)
{
	struct prcm *p = calloc(1, sizeof(*p));
	struct sim_dev cmd = {
		.name = "CM", .base = 0x48004000, .size = 0x2000,
		.read = cm_read, .write = cm_write,
	};
	struct sim_dev prmd = {
		.name = "PRM", .base = 0x48306000, .size = 0x2000,
		.read = prm_read, .write = prm_write,
	};

	if (!p)
		abort();
	s->prcm = p;
	regfile_init(&p->cm, cm_regs_3430, ARRAY_SIZE(cm_regs_3430), 0x2000);
	regfile_init(&p->prm, prm_regs, ARRAY_SIZE(prm_regs), 0x2000);
	if (s->cfg.soc == SOC_DM3730) {
		/* 3630: wider DPLL4 fields, CLKSEL_96M, UART4 enable bit */
		static struct reg_def cm3630[ARRAY_SIZE(cm_regs_3430)];

		for (size_t i = 0; i < ARRAY_SIZE(cm3630); i++) {
			cm3630[i] = cm_regs_3430[i];
			switch (cm3630[i].off) {
			case 0x0D44: cm3630[i].reset = 0x02400000; cm3630[i].wmask = 0xFFEFFF7F; break;
			case 0x0A40: cm3630[i].wmask = 0x3FFF; break;
			case 0x0E40: cm3630[i].wmask = 0x3F3F; break;
			case 0x0F40: cm3630[i].wmask = 0x3F; break;
			case 0x1140: cm3630[i].wmask = 0x3F3F7FFF; break;
			case 0x1000: case 0x1010: case 0x1030:
				cm3630[i].wmask = 0x7FFFF; break;
			}
		}
		free(p->cm.index);
		free(p->cm.val);
		regfile_init(&p->cm, cm3630, ARRAY_SIZE(cm3630), 0x2000);
		/* 3630: the ABB LDO and its status bit */
		static struct reg_def prm3630[ARRAY_SIZE(prm_regs) + ARRAY_SIZE(prm_regs_3630)];

		for (size_t i = 0; i < ARRAY_SIZE(prm_regs); i++) {
			prm3630[i] = prm_regs[i];
			if (prm3630[i].off == 0x0818 || prm3630[i].off == 0x081C)
				prm3630[i].wmask |= ABB_TRANXDONE;
		}
		for (size_t i = 0; i < ARRAY_SIZE(prm_regs_3630); i++)
			prm3630[ARRAY_SIZE(prm_regs) + i] = prm_regs_3630[i];
		free(p->prm.index);
		free(p->prm.val);
		regfile_init(&p->prm, prm3630, ARRAY_SIZE(prm3630), 0x2000);
	}
	cmd.opaque = p;
	prmd.opaque = p;
	model_add_dev(s, &cmd);
	model_add_dev(s, &prmd);
	for (int i = 0; i < NDPLL; i++)
		dpll_eval(s, i);
	prcm_update(s);
}
