// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The DSS's LCD output for an RGB panel: DSS1_ALWON_FCLK from DPLL4 (M4),
 * the DISPC's LCD timings and its graphics pipeline reading an RGB565
 * framebuffer (SPRUGN4 "Display Subsystem": DSS_CONTROL, DISPC_CONTROL,
 * DISPC_TIMING_H/V, DISPC_POL_FREQ, DISPC_DIVISOR, DISPC_SIZE_LCD,
 * DISPC_GFX_*; the PRCM side through struct dss_clock). Field layouts
 * as Linux's DISPC driver uses them for OMAP3 (12-bit porches from ES3;
 * docs/references.md, "DISPC field layouts").
 */
#include "drivers/video/omap_dss.h"

#include "arch/arm/io.h"
#include "lib/bitops.h"
#include "lib/errno.h"

#define DSS_BASE		0x48050000u
#define DSS_CONTROL		(DSS_BASE + 0x040)
#define DISPC			(DSS_BASE + 0x400)
#define DISPC_CONTROL		(DISPC + 0x040)
#define DISPC_CONFIG		(DISPC + 0x044)
#define DISPC_DEFAULT_COLOR0	(DISPC + 0x04C)
#define DISPC_TIMING_H		(DISPC + 0x064)
#define DISPC_TIMING_V		(DISPC + 0x068)
#define DISPC_POL_FREQ		(DISPC + 0x06C)
#define DISPC_DIVISOR		(DISPC + 0x070)
#define DISPC_SIZE_LCD		(DISPC + 0x07C)
#define DISPC_GFX_BA0		(DISPC + 0x080)
#define DISPC_GFX_BA1		(DISPC + 0x084)
#define DISPC_GFX_POSITION	(DISPC + 0x088)
#define DISPC_GFX_SIZE		(DISPC + 0x08C)
#define DISPC_GFX_ATTRIBUTES	(DISPC + 0x0A0)
#define DISPC_GFX_ROW_INC	(DISPC + 0x0AC)
#define DISPC_GFX_PIXEL_INC	(DISPC + 0x0B0)

#define CTRL_LCDENABLE		BIT(0)
#define CTRL_STNTFT		BIT(3)
#define CTRL_GOLCD		BIT(5)
#define CTRL_TFTDATALINES	GENMASK(9, 8)   /* 0: 12, 1: 16, 2: 18, 3: 24 bits */
#define CONFIG_LOADMODE		GENMASK(2, 1)   /* 2: frame data only */
#define GFX_ENABLE		BIT(0)
#define GFX_FORMAT		GENMASK(4, 1)
#define GFX_FMT_RGB16		0x6
#define GFX_BURST		GENMASK(7, 6)   /* 2: 16 x 32-bit bursts */
#define POL_IVS			BIT(12)
#define POL_IHS			BIT(13)
#define POL_IPC			BIT(14)
#define POL_ONOFF		BIT(17)

/* DSS1_ALWON_FCLK at most 173 MHz (DM37x and OMAP35x data manuals). */
#define DSS1_MAX_HZ		173000000u

/* M4 and PCD (LCD divider 1) for the rate nearest target. */
static uint32_t pick_divs(uint32_t in_hz, unsigned m4_max, uint32_t target, unsigned *m4,
			  unsigned *pcd)
{
	uint32_t best = 0, bestdiff = ~0u;

	/* Each M4 with the PCD that rounds nearest; PCD 2..255. */
	for (unsigned m = 1; m <= m4_max; m++) {
		uint32_t f = in_hz / m, p = (f + target / 2) / target, r, d;

		if (f > DSS1_MAX_HZ || p < 2 || p > 255)
			continue;
		r = f / p;
		d = r > target ? r - target : target - r;
		if (d < bestdiff) {
			bestdiff = d;
			best = r;
			*m4 = m;
			*pcd = p;
		}
	}
	return best;
}

static bool mode_fits(const struct lcd_mode *m)
{
	/* Field widths: porches 12 bits (the value minus one horizontally),
	 * sync widths 8 bits, sizes 11 bits. */
	return m->width - 1u < 2048 && m->height - 1u < 2048 && m->hsw - 1u < 256 &&
	       m->hfp - 1u < 4096 && m->hbp - 1u < 4096 && m->vsw - 1u < 256 &&
	       m->vfp < 4096 && m->vbp < 4096 && m->data_lines >= 16;
}

int omap_dss_start(const struct lcd_mode *m, uint32_t fb, const struct dss_clock *clk,
		   uint32_t *pixclk_hz)
{
	unsigned m4 = 0, pcd = 0, lines;
	uint32_t pol = 0, rate;
	int err;

	if (!mode_fits(m) || (fb & 7))
		return -EINVAL;
	rate = pick_divs(clk->in_hz, clk->m4_max, m->pixclk_khz * 1000u, &m4, &pcd);
	if (!rate)
		return -EINVAL;
	*pixclk_hz = rate;

	/* Clocks: the M4 output on at its divider, then the DSS's clocks
	 * (the SoC's part, arch/arm/omap3/periph.c). */
	err = clk->start(m4);
	if (err)
		return err;
	/* The DISPC runs on DSS1_ALWON_FCLK, not the DSI PLL. */
	writel(0, DSS_CONTROL);

	writel(FIELD_PREP(CONFIG_LOADMODE, 2), DISPC_CONFIG);
	writel(0, DISPC_DEFAULT_COLOR0);
	writel((uint32_t)(m->hbp - 1) << 20 | (uint32_t)(m->hfp - 1) << 8 | (m->hsw - 1u),
	       DISPC_TIMING_H);
	writel((uint32_t)m->vbp << 20 | (uint32_t)m->vfp << 8 | (m->vsw - 1u), DISPC_TIMING_V);
	if (m->flags & LCD_HSYNC_LOW)
		pol |= POL_IHS;
	if (m->flags & LCD_VSYNC_LOW)
		pol |= POL_IVS;
	if (m->flags & LCD_DATA_FALLING)
		pol |= POL_IPC;
	if (m->flags & LCD_SYNC_ON_EDGE)
		pol |= POL_ONOFF;
	writel(pol, DISPC_POL_FREQ);
	writel(1u << 16 | pcd, DISPC_DIVISOR);
	writel((uint32_t)(m->height - 1) << 16 | (m->width - 1u), DISPC_SIZE_LCD);

	writel(fb, DISPC_GFX_BA0);
	writel(fb, DISPC_GFX_BA1);
	writel(0, DISPC_GFX_POSITION);
	writel((uint32_t)(m->height - 1) << 16 | (m->width - 1u), DISPC_GFX_SIZE);
	writel(1, DISPC_GFX_ROW_INC);
	writel(1, DISPC_GFX_PIXEL_INC);
	writel(FIELD_PREP(GFX_FORMAT, GFX_FMT_RGB16) | FIELD_PREP(GFX_BURST, 2) | GFX_ENABLE,
	       DISPC_GFX_ATTRIBUTES);

	lines = m->data_lines == 24 ? 3 : m->data_lines == 18 ? 2 : 1;
	/* With the LCD output off the shadow registers are taken at once;
	 * GOLCD set with LCDENABLE makes that explicit. */
	writel(CTRL_STNTFT | FIELD_PREP(CTRL_TFTDATALINES, lines) | CTRL_GOLCD | CTRL_LCDENABLE,
	       DISPC_CONTROL);
	return 0;
}

void omap_dss_show(uint32_t fb, uint32_t colour)
{
	writel(colour, DISPC_DEFAULT_COLOR0);
	if (fb) {
		writel(fb, DISPC_GFX_BA0);
		writel(fb, DISPC_GFX_BA1);
		setbits32(DISPC_GFX_ATTRIBUTES, GFX_ENABLE);
	} else {
		clrbits32(DISPC_GFX_ATTRIBUTES, GFX_ENABLE);
	}
	setbits32(DISPC_CONTROL, CTRL_GOLCD);
}

void omap_dss_stop(const struct dss_clock *clk)
{
	clrbits32(DISPC_CONTROL, CTRL_LCDENABLE);
	clk->stop();
}
