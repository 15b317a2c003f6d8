/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The OMAP3 display subsystem's LCD output: DISPC graphics pipeline from a
 * framebuffer in SDRAM to an RGB panel (SPRUGN4 / SPRUF98, "Display
 * Subsystem" chapter). */
#ifndef DRIVERS_VIDEO_OMAP_DSS_H
#define DRIVERS_VIDEO_OMAP_DSS_H

#include <stdbool.h>
#include <stdint.h>

#define LCD_HSYNC_LOW		0x01  /* HSYNC active low (DISPC IHS) */
#define LCD_VSYNC_LOW		0x02  /* VSYNC active low (IVS) */
#define LCD_DATA_FALLING	0x04  /* data driven on the falling pixel-clock edge (IPC) */
#define LCD_SYNC_ON_EDGE	0x08  /* syncs driven on a pixel-clock edge (ONOFF) */

/* A panel's mode: porches and sync widths in pixels and lines, as in a
 * Linux drm_display_mode. */
struct lcd_mode {
	uint16_t width, height;
	uint16_t hfp, hsw, hbp, vfp, vsw, vbp;
	uint32_t pixclk_khz;
	uint8_t flags;        /* LCD_* */
	uint8_t data_lines;   /* 16, 18 or 24 */
};

#define DSS_BPP 2             /* the framebuffer is RGB565 */

/* The clock the DSS runs on, as the SoC provides it
 * (arch/arm/omap3/periph.c): DSS1_ALWON_FCLK from a divider M4 of in_hz. */
struct dss_clock {
	uint32_t in_hz;                /* what M4 divides */
	unsigned m4_max;               /* M4 from 1 to this */
	int (*start)(unsigned m4);     /* M4 set, the DSS's clocks on; 0 or -ETIMEDOUT */
	void (*stop)(void);
};

/*
 * Clocks on (DSS1_ALWON_FCLK from DPLL4's M4 divider, chosen with the
 * DISPC's pixel-clock divider for the mode's rate; clk says what the M4
 * divider divides and switches the clocks), then the LCD timings and the graphics pipeline on fb
 * (width x height RGB565, stride width * 2), LCD output on. *pixclk_hz
 * gets the rate really set. 0, -EINVAL for a mode the DISPC cannot
 * produce, -ETIMEDOUT when the DSS stays in idle.
 */
int omap_dss_start(const struct lcd_mode *m, uint32_t fb, const struct dss_clock *clk,
		   uint32_t *pixclk_hz);
/* The running output shows the RGB565 frame at fb, or with fb 0 no
 * pipeline: the background colour (0xRRGGBB, DISPC_DEFAULT_COLOR0) alone;
 * taken at the next frame (GOLCD). */
void omap_dss_show(uint32_t fb, uint32_t colour);
/* LCD output and clocks off. */
void omap_dss_stop(const struct dss_clock *clk);

#endif
