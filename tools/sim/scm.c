// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the OMAP3 system control module (SCM, 0x48002000), TRM
 * chapter 7 "System Control Module": pad configuration and the general
 * control registers (SPRUF98/SPRUGN4 "SCM").
 *
 * Pads are 16-bit registers, two per word; 16- and 32-bit accesses work,
 * byte and misaligned accesses are refused. Pad areas: core 0x030-0x267
 * (including the D2D pads), ETK 0x5D8-0x5FB (3630 also 0x5A0-0x5D7), wakeup
 * 0xA00-0xA5F. WAKEUPEVENT (bit15) is read-only.
 *
 * Pad reset state (as we model the ROM's exit state): memory-interface pads
 * (SDRC, GPMC), the sys_boot pads, I2C1 and MMC1 in mode 0 (inputs where
 * the function needs it); every other pad in safe mode 7. In particular the
 * UART3 pads are not muxed: a loader must mux them (the UART model drops
 * output while uart3_tx is not in mode 0), and GPIOs must be put in mode 4
 * with INPUTENABLE before their level can be read.
 *
 * CONTROL_PBIAS_LITE's read-only bits follow the MMC1 supply: SUPPLY_HIGH0
 * is set when VMMC1 is at 2.7 V or more, VMODEERROR0 when VMODE0 disagrees
 * with it (so reset reads 0x109 with VMMC1 off).
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define SCM_SIZE 0x1000

struct scm {
	uint16_t pad[SCM_SIZE / 2];
	struct regfile rf;
	bool warn_pbias;
};

static const struct reg_def scm_regs[] = {
	{ 0x000, REG_RO, 0x00000020, 0 },          /* CONTROL_REVISION */
	{ 0x010, REG_RW, 0x0, 0x19 },              /* CONTROL_SYSCONFIG */
	{ 0x270, REG_RW, 0x0, 0x3 },               /* CONTROL_PADCONF_OFF */
	{ 0x274, REG_RW, 0x04000000, 0xFFFFFFFF }, /* CONTROL_DEVCONF0 */
	{ 0x278, REG_RW, 0x0, 0xFFFFFFFF },        /* CONTROL_MEM_DFTRW0 */
	{ 0x27C, REG_RW, 0x0, 0xFFFFFFFF },        /* CONTROL_MEM_DFTRW1 */
	{ 0x290, REG_RW, 0x0, 0x3FFFFFFF },        /* CONTROL_MSUSPENDMUX_0 */
	{ 0x294, REG_RW, 0x0, 0x3FFFFFFF },        /* CONTROL_MSUSPENDMUX_1 */
	{ 0x298, REG_RW, 0x0, 0x3FFFFFFF },        /* CONTROL_MSUSPENDMUX_2 */
	{ 0x29C, REG_RW, 0x0, 0x3FFFFFFF },        /* CONTROL_MSUSPENDMUX_3 */
	{ 0x2A0, REG_RW, 0x0, 0x3FFFFFFF },        /* CONTROL_MSUSPENDMUX_4 */
	{ 0x2A4, REG_RW, 0x0, 0x3FFFFFFF },        /* CONTROL_MSUSPENDMUX_5 */
	{ 0x2B0, REG_RW, 0x0, 0x7 },               /* CONTROL_SEC_CTRL */
	{ 0x2D8, REG_RW, 0x0, 0xFFFFFFFF },        /* CONTROL_DEVCONF1 */
	{ 0x2DC, REG_RW, 0x0, 0xFFFF },            /* CONTROL_CSIRXFE */
	{ 0x2E0, REG_RO, 0x0, 0 },                    /* CONTROL_SEC_STATUS */
	{ 0x2E4, REG_W1C, 0x0, 0xFFFFFFFF },       /* CONTROL_SEC_ERR_STATUS */
	{ 0x2E8, REG_RO, 0x0, 0 },                    /* CONTROL_SEC_ERR_STATUS_DEBUG */
	{ 0x2F0, REG_FN, 0x0, 0 },                 /* CONTROL_STATUS */
	{ 0x2F4, REG_RO, 0x0, 0 },                    /* CONTROL_GENERAL_PURPOSE_STATUS */
	{ 0x300, REG_RO, 0x0, 0 }, { 0x304, REG_RO, 0x0, 0 }, { 0x308, REG_RO, 0x0, 0 },
	{ 0x30C, REG_RO, 0x0, 0 }, { 0x310, REG_RO, 0x0, 0 }, /* CONTROL_RPUB_KEY_H_0..4 */
	{ 0x318, REG_RO, 0x0, 0 }, { 0x31C, REG_RO, 0x0, 0 }, { 0x320, REG_RO, 0x0, 0 },
	{ 0x324, REG_RO, 0x0, 0 },                    /* CONTROL_RAND_KEY_0..3 */
	{ 0x328, REG_RO, 0x0, 0 }, { 0x32C, REG_RO, 0x0, 0 }, { 0x330, REG_RO, 0x0, 0 },
	{ 0x334, REG_RO, 0x0, 0 },                    /* CONTROL_CUST_KEY_0..3 */
	/* SmartReflex eFuse n-values (CONTROL_FUSE_OPPn_VDD1/2, FUSE_SR):
	 * Linux's smartreflex reads them; blank fuses read 0 here */
	{ 0x380, REG_RO, 0x0, 0 }, { 0x384, REG_RO, 0x0, 0 }, { 0x388, REG_RO, 0x0, 0 },
	{ 0x38C, REG_RO, 0x0, 0 }, { 0x390, REG_RO, 0x0, 0 }, { 0x394, REG_RO, 0x0, 0 },
	{ 0x398, REG_RO, 0x0, 0 }, { 0x39C, REG_RO, 0x0, 0 }, { 0x3A0, REG_RO, 0x0, 0 },
	{ 0x368, REG_RO, 0x0, 0 },                    /* CONTROL_USB_CONF_0 */
	{ 0x36C, REG_RO, 0x0, 0 },                    /* CONTROL_USB_CONF_1 */
	{ 0x400, REG_RW, 0x0, 0xFFFFFFFF },        /* CONTROL_IVA2_BOOTADDR */
	{ 0x404, REG_RW, 0x0, 0x7 },               /* CONTROL_IVA2_BOOTMOD */
	{ 0x40C, REG_RW, 0x1, 0x1 },               /* CONTROL_MEM_RTA_CTRL (3630; Linux: i608) */
	{ 0x420, REG_RW, 0x0, 0xFFFFFFFF },        /* CONTROL_DEBOBS_0..8 (two per word) */
	{ 0x424, REG_RW, 0x0, 0xFFFFFFFF },
	{ 0x428, REG_RW, 0x0, 0xFFFFFFFF },
	{ 0x42C, REG_RW, 0x0, 0xFFFFFFFF },
	{ 0x430, REG_RW, 0x0, 0xFFFF },
	{ 0x444, REG_RW, 0x0, 0xFFFFFFFF },        /* CONTROL_PROG_IO0 */
	{ 0x448, REG_RW, 0x0, 0xFFFFFFFF },        /* CONTROL_PROG_IO1 */
	{ 0x44C, REG_RO, 0x0C00, 0 },                 /* CONTROL_OMAP_STATUS: 600 MHz part */
	{ 0x450, REG_RW, 0x0, 0xFFFF },            /* CONTROL_DSS_DPLL_SPREADING */
	{ 0x454, REG_RW, 0x0, 0xFFFF },            /* CONTROL_CORE_DPLL_SPREADING */
	{ 0x458, REG_RW, 0x0, 0xFFFF },            /* CONTROL_PER_DPLL_SPREADING */
	{ 0x45C, REG_RW, 0x0, 0xFFFF },            /* CONTROL_USBHOST_DPLL_SPREADING */
	{ 0x520, REG_FN, 0x109, 0x707 },           /* CONTROL_PBIAS_LITE */
	{ 0x524, REG_RW, 0x0, 0x00000600 },        /* CONTROL_TEMP_SENSOR */
	{ 0x528, REG_RW, 0x0, 0xFFFFFFFF },        /* CONTROL_SRAMLDO4 */
	{ 0x530, REG_RW, 0x0, 0xFFFFFFFF },        /* CONTROL_SRAMLDO5 */
	{ 0x534, REG_RW, 0x0, 0xFFFFFFFF },        /* CONTROL_CSI */
	{ 0xA60, REG_RW, 0x40, 0x7F },             /* CONTROL_WKUP_CTRL */
};

static bool is_pad(struct sim *s, uint32_t off)
{
	if (off >= 0x030 && off < 0x268)
		return true;
	if (off >= 0x5D8 && off < 0x5FC)
		return true;
	if (s->cfg.soc == SOC_DM3730 && off >= 0x5A0 && off < 0x5D8)
		return true;
	return off >= 0xA00 && off < 0xA60;
}

static uint16_t pad_reset(uint32_t off)
{
	if (off >= 0x030 && off < 0x07A)       /* SDRC data/control: inputs */
		return 0x0100;
	if (off >= 0x07A && off < 0x08E)       /* gpmc_a1..a10 */
		return 0x0000;
	if (off >= 0x08E && off < 0x0AE)       /* gpmc_d0..d15 */
		return 0x0100;
	if (off >= 0x0AE && off < 0x0D4)       /* gpmc control, wait pins */
		return off >= 0x0CC ? 0x0118 : 0x0000;
	if (off >= 0x144 && off < 0x150)       /* sdmmc1 clk/cmd/dat0-3 */
		return 0x0118;
	if (off == 0x1BA || off == 0x1BC)      /* i2c1 */
		return 0x0118;
	if (off >= 0x262 && off < 0x268)       /* sdrc_cke0/1 */
		return 0x0000;
	if (off >= 0xA0A && off < 0xA18)       /* sys_boot0..6 */
		return 0x0100;
	return 0x0007;
}

static void scm_reset(struct sim *s, struct scm *c)
{
	for (uint32_t off = 0; off < SCM_SIZE; off += 2)
		c->pad[off / 2] = is_pad(s, off) ? pad_reset(off) : 0;
	regfile_reset(&c->rf);
	if (s->cfg.soc == SOC_DM3730)
		*regfile_ptr(&c->rf, 0x448) = 0x00100000; /* PRG_SDMMC1_SPEEDCTRL */
}

uint16_t scm_pad(struct sim *s, uint32_t offset)
{
	if (!s->scm || offset >= SCM_SIZE || !is_pad(s, offset & ~1u))
		return 0;
	return s->scm->pad[(offset & ~1u) / 2];
}

static uint32_t pbias(struct sim *s, struct scm *c)
{
	uint32_t v = *regfile_ptr(&c->rf, 0x520) & 0x707;
	bool high = twl4030_vmmc1_mv(s) >= 2700;

	if (high)
		v |= BIT(7);
	if (!!(v & BIT(0)) != high)
		v |= BIT(3);
	return v;
}

static int reg_read(struct sim *s, struct scm *c, uint32_t off, uint32_t *val)
{
	const struct reg_def *d = regfile_def(&c->rf, off);

	if (!d)
		return SIM_EUNIMPL;
	switch (off) {
	case 0x2F0: /* DEVICETYPE GP, SYS_BOOT as strapped */
		*val = (3u << 8) | (s->cfg.sys_boot & 0x3F);
		return 0;
	case 0x520:
		*val = pbias(s, c);
		return 0;
	}
	*val = *regfile_ptr(&c->rf, off);
	return 0;
}

static int reg_write(struct sim *s, struct scm *c, uint32_t off, uint32_t val)
{
	int ret = regfile_write(&c->rf, off, val);

	if (!ret && off == 0x520 && (val & BIT(1)) && (pbias(s, c) & BIT(3)))
		model_warn_once(&c->warn_pbias,
				"PBIAS_LITE PWRDNZ0 set while VMODE0 disagrees with the MMC1 supply "
				"(VMMC1 %u mV): MMC1 I/O cells are not powered correctly",
				twl4030_vmmc1_mv(s));
	return ret;
}

/* Pad configuration half-words (one, or two for a 32-bit access). */
static void pad_access(struct scm *c, uint32_t off, unsigned size, bool write, uint32_t *val)
{
	uint16_t *p = &c->pad[off / 2];

	if (!write) {
		*val = size == 2 ? p[0] : p[0] | (uint32_t)p[1] << 16;
		return;
	}
	/* WAKEUPEVENT is status, not configuration */
	p[0] = (p[0] & 0x8000) | (*val & 0x7FFF);
	if (size == 4)
		p[1] = (p[1] & 0x8000) | ((*val >> 16) & 0x7FFF);
}

/* Both directions: 16- and 32-bit accesses, aligned to their size. */
static int scm_access(struct sim *s, struct scm *c, uint32_t off, unsigned size, bool write,
		      uint32_t *val)
{
	unsigned sh = (off & 2) * 8;
	uint32_t w = 0, v;
	int ret;

	if (size == 1 || (off & (size - 1)))
		return SIM_EBUS;
	if (is_pad(s, off & ~3u)) {
		pad_access(c, off, size, write, val);
		return 0;
	}
	if (!write || size == 2) {
		ret = reg_read(s, c, off & ~3u, &w);
		if (ret)
			return ret;
	}
	if (!write) {
		*val = size == 4 ? w : (w >> sh) & 0xFFFF;
		return 0;
	}
	v = size == 4 ? *val : (w & ~(0xFFFFu << sh)) | (*val & 0xFFFF) << sh;
	ret = reg_write(s, c, off & ~3u, v);
	/* CONTROL_PADCONF_OFF.STARTSAVE: the pad configuration is copied to
	 * the wake-up domain's save area (TRM 7.4 "Save and restore"); the
	 * copy is not modelled as taking time: SAVEDONE in
	 * CONTROL_GENERAL_PURPOSE_STATUS is set at once. Linux's PM code polls
	 * it before letting CORE go off. */
	if (!ret && (off & ~3u) == 0x270 && (v & BIT(1)))
		*regfile_ptr(&c->rf, 0x2F4) |= BIT(0);
	return ret;
}

static int scm_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		    uint32_t *val)
{
	return scm_access(s, opaque, off, size, false, val);
}

static int scm_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t val)
{
	return scm_access(s, opaque, off, size, true, &val);
}

void scm_init(struct sim *s)
{
	struct scm *c = calloc(1, sizeof(*c));
	struct sim_dev d = {
		.name = "SCM", .base = 0x48002000, .size = SCM_SIZE,
		.read = scm_read, .write = scm_write,
	};

	if (!c)
		abort();
	/* the table plus the scratchpad memory 0x860-0x9FF (Linux's PM code
	 * saves the restore pointers there): plain storage words */
	{
		size_t n = ARRAY_SIZE(scm_regs), k = n;
		struct reg_def *defs = calloc(n + (0xA00 - 0x860) / 4, sizeof(*defs));

		if (!defs)
			abort();
		for (size_t i = 0; i < n; i++)
			defs[i] = scm_regs[i];
		for (uint32_t o = 0x860; o < 0xA00; o += 4)
			defs[k++] = (struct reg_def){ (uint16_t)o, REG_RW, 0x0, 0xFFFFFFFF };
		regfile_init(&c->rf, defs, k, SCM_SIZE);
	}
	s->scm = c;
	scm_reset(s, c);
	d.opaque = c;
	model_add_dev(s, &d);
}
