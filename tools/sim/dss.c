// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the OMAP3 display subsystem at 0x48050000: DSS core
 * (0x000-0x3FF) and DISPC (0x400-0x7FF) registers, SPRUGN4 "Display
 * Subsystem" register manual; RFBI, VENC and the video pipelines are not
 * modelled (any access to them stops the run). The screenshot: what the
 * LCD output would put on the panel.
 *
 * Access needs the DSS interface clock (CM_ICLKEN_DSS.EN_DSS) and
 * DSS1_ALWON_FCLK (CM_FCLKEN_DSS.EN_DSS1); 32-bit only. DISPC_CONTROL's
 * GOLCD: with the LCD output off the shadow registers are taken at once
 * and it reads 0; with it on they are taken at the next frame start.
 *
 * The LCD pads (dss_data, pclk, hsync, vsync, acbias) are powered by
 * vdds_dsi, which on the GTA04 is the TWL4030's VPLL2 (Linux
 * omap3-gta04.dtsi: the dss node's vdds_dsi-supply; its dpi.c enables it
 * before the DPI output): without it at 1.8 V (1.71-1.89 V) the pins drive
 * nothing and the panel gets no picture.
 *
 * A frame exists only when: VPLL2 as above, both clocks on, DPLL4's M4 output powered
 * (CM_CLKEN_PLL.PWRDN_DSS1 = 0) with a non-zero CLKSEL_DSS1, the DISPC on
 * DSS1_ALWON_FCLK (DSS_CONTROL bit 0 = 0), LCDENABLE with TFT and 24 data
 * lines (the GTA04 wiring), GOLCD taken, every LCD pad (0x0D4-0x10A) in
 * mode 0, the graphics pipeline enabled on the LCD channel in RGB16 or
 * RGB24-unpacked, its window the LCD size, row/pixel increment 1, the
 * frame inside SDRAM, the pixel clock within 15-30 MHz and the LCD size
 * 480x640 (the TD028TTEC1's, 22.153 MHz nominal as Linux's panel driver
 * has it: docs/references.md, "GTA04 display"). Otherwise the panel gets
 * no picture.
 */
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define DSS_BASE 0x48050000u

enum {
	DSS_REVISION = 0x000, DSS_SYSCONFIG = 0x010, DSS_SYSSTATUS = 0x014,
	DSS_IRQSTATUS = 0x018, DSS_CONTROL = 0x040, DSS_SDI_CONTROL = 0x044,
	DSS_PLL_CONTROL = 0x048, DSS_SDI_STATUS = 0x05C,
	D = 0x400,
	DISPC_REVISION = D + 0x000, DISPC_SYSCONFIG = D + 0x010, DISPC_SYSSTATUS = D + 0x014,
	DISPC_IRQSTATUS = D + 0x018, DISPC_IRQENABLE = D + 0x01C, DISPC_CONTROL = D + 0x040,
	DISPC_CONFIG = D + 0x044, DISPC_DEFAULT_COLOR0 = D + 0x04C,
	DISPC_DEFAULT_COLOR1 = D + 0x050, DISPC_TRANS_COLOR0 = D + 0x054,
	DISPC_TRANS_COLOR1 = D + 0x058, DISPC_LINE_STATUS = D + 0x05C,
	DISPC_LINE_NUMBER = D + 0x060, DISPC_TIMING_H = D + 0x064, DISPC_TIMING_V = D + 0x068,
	DISPC_POL_FREQ = D + 0x06C, DISPC_DIVISOR = D + 0x070, DISPC_GLOBAL_ALPHA = D + 0x074,
	DISPC_SIZE_DIG = D + 0x078, DISPC_SIZE_LCD = D + 0x07C, DISPC_GFX_BA0 = D + 0x080,
	DISPC_GFX_BA1 = D + 0x084, DISPC_GFX_POSITION = D + 0x088, DISPC_GFX_SIZE = D + 0x08C,
	DISPC_GFX_ATTRIBUTES = D + 0x0A0, DISPC_GFX_FIFO_THRESHOLD = D + 0x0A4,
	DISPC_GFX_FIFO_SIZE_STATUS = D + 0x0A8, DISPC_GFX_ROW_INC = D + 0x0AC,
	DISPC_GFX_PIXEL_INC = D + 0x0B0, DISPC_GFX_WINDOW_SKIP = D + 0x0B4,
	DISPC_GFX_TABLE_BA = D + 0x0B8, DISPC_DATA_CYCLE1 = D + 0x1D4,
	DISPC_DATA_CYCLE2 = D + 0x1D8, DISPC_DATA_CYCLE3 = D + 0x1DC,
	DISPC_CPR_COEF_R = D + 0x220, DISPC_CPR_COEF_G = D + 0x224, DISPC_CPR_COEF_B = D + 0x228,
	DISPC_GFX_PRELOAD = D + 0x22C,
	R = 0x800,      /* RFBI: only what a reset touches (the port is not used) */
	RFBI_REVISION = R + 0x000, RFBI_SYSCONFIG = R + 0x010, RFBI_SYSSTATUS = R + 0x014,
};

static const struct reg_def dss_regs[] = {
	{ DSS_REVISION, REG_RO, 0x20, 0 },
	{ DSS_SYSCONFIG, REG_RW, 0, 0x1B },
	{ DSS_SYSSTATUS, REG_RO, 1, 0 },          /* RESETDONE */
	{ DSS_IRQSTATUS, REG_RO, 0, 0 },
	{ DSS_CONTROL, REG_RW, 0, 0x3FF },
	{ DSS_SDI_CONTROL, REG_RW, 0, 0xFFFFF },
	{ DSS_PLL_CONTROL, REG_RW, 0, 0xFFFFFFFF },
	{ DSS_SDI_STATUS, REG_RO, 0, 0 },
	{ DISPC_REVISION, REG_RO, 0x30, 0 },
	{ DISPC_SYSCONFIG, REG_RW, 0, 0x331D },
	{ DISPC_SYSSTATUS, REG_RO, 1, 0 },
	{ DISPC_IRQSTATUS, REG_W1C, 0, 0x1FFFF },
	{ DISPC_IRQENABLE, REG_RW, 0, 0x1FFFF },
	{ DISPC_CONTROL, REG_FN, 0, 0xFFFFFFFF },
	{ DISPC_CONFIG, REG_RW, 0, 0x3FFFF },
	{ DISPC_DEFAULT_COLOR0, REG_RW, 0, 0xFFFFFF },
	{ DISPC_DEFAULT_COLOR1, REG_RW, 0, 0xFFFFFF },
	{ DISPC_TRANS_COLOR0, REG_RW, 0, 0xFFFFFF },
	{ DISPC_TRANS_COLOR1, REG_RW, 0, 0xFFFFFF },
	{ DISPC_LINE_STATUS, REG_RO, 0, 0 },
	{ DISPC_LINE_NUMBER, REG_RW, 0, 0x7FF },
	{ DISPC_TIMING_H, REG_RW, 0, 0xFFFFFFFF },
	{ DISPC_TIMING_V, REG_RW, 0, 0xFFFFFFFF },
	{ DISPC_POL_FREQ, REG_RW, 0, 0x3FFFF },
	{ DISPC_DIVISOR, REG_RW, 0x00010004, 0x00FF00FF },
	{ DISPC_GLOBAL_ALPHA, REG_RW, 0x00FF00FF, 0x00FF00FF },
	{ DISPC_SIZE_DIG, REG_RW, 0, 0x07FF07FF },
	{ DISPC_SIZE_LCD, REG_RW, 0, 0x07FF07FF },
	{ DISPC_GFX_BA0, REG_RW, 0, 0xFFFFFFFF },
	{ DISPC_GFX_BA1, REG_RW, 0, 0xFFFFFFFF },
	{ DISPC_GFX_POSITION, REG_RW, 0, 0x07FF07FF },
	{ DISPC_GFX_SIZE, REG_RW, 0, 0x07FF07FF },
	{ DISPC_GFX_ATTRIBUTES, REG_RW, 0, 0x03FFFFFF },
	{ DISPC_GFX_FIFO_THRESHOLD, REG_RW, 0x03FC03BC, 0x0FFF0FFF },
	{ DISPC_GFX_FIFO_SIZE_STATUS, REG_RO, 0x400, 0 },
	{ DISPC_GFX_ROW_INC, REG_RW, 1, 0xFFFFFFFF },
	{ DISPC_GFX_PIXEL_INC, REG_RW, 1, 0xFFFF },
	{ DISPC_GFX_WINDOW_SKIP, REG_RW, 0, 0xFFFFFFFF },
	{ DISPC_GFX_TABLE_BA, REG_RW, 0, 0xFFFFFFFF },
	{ DISPC_DATA_CYCLE1, REG_RW, 0, 0x00FF00FF },
	{ DISPC_DATA_CYCLE2, REG_RW, 0, 0x00FF00FF },
	{ DISPC_DATA_CYCLE3, REG_RW, 0, 0x00FF00FF },
	{ DISPC_CPR_COEF_R, REG_RW, 0, 0xFFFFFFFF },
	{ DISPC_CPR_COEF_G, REG_RW, 0, 0xFFFFFFFF },
	{ DISPC_CPR_COEF_B, REG_RW, 0, 0xFFFFFFFF },
	{ DISPC_GFX_PRELOAD, REG_RW, 0x100, 0xFFF },
	{ RFBI_REVISION, REG_RO, 0x10, 0 },
	{ RFBI_SYSCONFIG, REG_RW, 0, 0x19 },
	{ RFBI_SYSSTATUS, REG_RO, 1, 0 },         /* RESETDONE */
};

#define CTRL_LCDENABLE BIT(0)
#define CTRL_GOLCD     BIT(5)

struct dss {
	struct regfile rf;
	uint64_t go_ps;        /* GOLCD clears at this time (UINT64_MAX: set, LCD off never) */
	bool taken;            /* shadow registers taken at least once */
	uint64_t on_ps;        /* the LCD output's first frame started here */
	uint64_t done_ps;      /* FRAMEDONE rises then (UINT64_MAX: not pending) */
};

#define IRQ_FRAMEDONE BIT(0)
#define DSS_IRQ       25     /* INTC input (SPRUGN4 "Interrupt Controller") */

static uint32_t reg(struct dss *d, uint32_t off)
{
	return *regfile_ptr(&d->rf, off);
}

static bool clocks_on(struct sim *s)
{
	return (prcm_cm_reg(s, 0xE00) & 1) && (prcm_cm_reg(s, 0xE10) & 1);
}

/* DSS1_ALWON_FCLK: DPLL4's M4 output, 864 MHz / CLKSEL_DSS1 with the
 * project's DPLL4 (both SoCs: per96 x M2). 0 when off. */
static uint64_t dss1_hz(struct sim *s)
{
	uint32_t m4 = prcm_cm_reg(s, 0xE40) & 0x1F, m2 = prcm_cm_reg(s, 0xD48) & 0x1F;

	if (!(prcm_cm_reg(s, 0xE00) & 1) || (prcm_cm_reg(s, 0xD00) & BIT(29)) || !m4 || !m2)
		return 0;
	return prcm_dpll4_96m_hz(s) * m2 / m4;
}

static uint64_t pixclk_hz(struct sim *s, struct dss *d)
{
	uint32_t div = reg(d, DISPC_DIVISOR), lcd = (div >> 16) & 0xFF, pcd = div & 0xFF;

	if (!lcd || pcd < 2)
		return 0;
	return dss1_hz(s) / lcd / pcd;
}

static uint64_t frame_ps(struct sim *s, struct dss *d)
{
	uint32_t th = reg(d, DISPC_TIMING_H), tv = reg(d, DISPC_TIMING_V);
	uint32_t sz = reg(d, DISPC_SIZE_LCD);
	uint64_t hz = pixclk_hz(s, d);
	uint64_t w = (sz & 0x7FF) + 1 + (th & 0xFF) + 1 + ((th >> 8) & 0xFFF) + 1 + (th >> 20) + 1;
	uint64_t h = (sz >> 16) + 1 + (tv & 0xFF) + 1 + ((tv >> 8) & 0xFFF) + (tv >> 20);

	return hz ? w * h * PS_PER_S / hz : 0;
}

/*
 * LCDENABLE cleared while the output runs: the DISPC finishes the frame
 * it is sending, then stops and sets DISPC_IRQSTATUS.FRAMEDONE (SPRUGN4
 * "Display Subsystem", LCD output disable). Linux's omap_dss_reset() waits
 * for it before the DSS reset. Frames follow each other from the moment
 * the output was enabled. No pixel clock: no frame ever ends.
 */
static void frame_done_sync(struct sim *s, struct dss *d)
{
	uint32_t *st = regfile_ptr(&d->rf, DISPC_IRQSTATUS);
	uint32_t *c = regfile_ptr(&d->rf, DISPC_CONTROL);

	if ((*c & CTRL_GOLCD) && sim_now_ps(s) >= d->go_ps) {
		*c &= ~CTRL_GOLCD;      /* taken at the frame start */
		d->taken = true;
	}

	if (d->done_ps != UINT64_MAX && sim_now_ps(s) >= d->done_ps) {
		d->done_ps = UINT64_MAX;
		*st |= IRQ_FRAMEDONE;
	}
	intc_set_line(s, DSS_IRQ, *st & reg(d, DISPC_IRQENABLE));
}

static void lcd_disabled(struct sim *s, struct dss *d)
{
	uint64_t f = frame_ps(s, d), now = sim_now_ps(s);

	if (!f || !d->taken)
		return;
	d->done_ps = d->on_ps + ((now - d->on_ps) / f + 1) * f;
	sim_event_at(s, d->done_ps);
}

static int dss_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	struct dss *d = opaque;

	if (size != 4 || (off & 3) || !clocks_on(s))
		return SIM_EBUS;
	frame_done_sync(s, d);
	if (off == DISPC_CONTROL) {
		*val = reg(d, off);
		return 0;
	}
	return regfile_read(&d->rf, off, val);
}

static int dss_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	struct dss *d = opaque;

	if (size != 4 || (off & 3) || !clocks_on(s))
		return SIM_EBUS;
	frame_done_sync(s, d);
	if (off == DISPC_CONTROL) {
		uint32_t *c = regfile_ptr(&d->rf, off);
		bool was_on = *c & CTRL_LCDENABLE;

		if (was_on && !(val & CTRL_LCDENABLE))
			lcd_disabled(s, d);
		else if (!was_on && (val & CTRL_LCDENABLE))
			d->on_ps = sim_now_ps(s);
		*c = val;
		if (val & CTRL_GOLCD) {
			if (!was_on) {         /* output off: taken at once */
				*c &= ~CTRL_GOLCD;
				d->taken = true;
			} else {
				d->go_ps = sim_now_ps(s) + frame_ps(s, d);
				sim_event_at(s, d->go_ps);
			}
		}
		return 0;
	}
	int e = regfile_write(&d->rf, off, val);

	if (!e)
		frame_done_sync(s, d);
	return e;
}

static struct dss *the_dss;

void dss_init(struct sim *s)
{
	struct dss *d = calloc(1, sizeof(*d));
	struct sim_dev dev = { .name = "DSS", .base = DSS_BASE, .size = 0x1000,
		.read = dss_read, .write = dss_write };

	if (!d)
		abort();
	regfile_init(&d->rf, dss_regs, sizeof(dss_regs) / sizeof(dss_regs[0]), 0x1000);
	d->go_ps = UINT64_MAX;
	d->done_ps = UINT64_MAX;
	dev.opaque = d;
	the_dss = d;
	model_add_dev(s, &dev);
}

static bool vdds_dsi_ok(struct sim *s)
{
	unsigned mv = twl4030_vpll2_mv(s);

	return mv >= 1710 && mv <= 1890;
}

bool dss_lcd_running(struct sim *s, const char **why)
{
	struct dss *d = the_dss;

	if (!d)
		return *why = "no DSS", false;
	if (!vdds_dsi_ok(s))
		return *why = twl4030_vpll2_mv(s) ? "VPLL2 (vdds_dsi, the LCD pads' supply) not at 1.8 V"
						  : "VPLL2 (vdds_dsi, the LCD pads' supply) off", false;
	if (!clocks_on(s) || !dss1_hz(s))
		return *why = "DSS clocks off", false;
	if (reg(d, DSS_CONTROL) & 1)
		return *why = "DISPC clock from the DSI PLL (not modelled)", false;
	frame_done_sync(s, d);
	if (!(reg(d, DISPC_CONTROL) & CTRL_LCDENABLE) || !d->taken || !pixclk_hz(s, d))
		return *why = "LCD output off", false;
	return true;
}

/* The frame the LCD output sends, as 0xRRGGBB, or NULL with *why. */
static uint32_t *frame(struct sim *s, unsigned *w, unsigned *h, const char **why)
{
	struct dss *d = the_dss;
	uint32_t ctrl, attr, sz, gsz, ba, fmt, bpp;
	uint64_t pix;
	uint32_t *out;
	const uint8_t *src;

	if (!dss_lcd_running(s, why))
		return NULL;
	ctrl = reg(d, DISPC_CONTROL);
	if (!(ctrl & BIT(3)) || ((ctrl >> 8) & 3) != 3)
		return *why = "LCD output not TFT with 24 data lines", NULL;
	for (uint32_t p = 0x0D4; p <= 0x10A; p += 2)
		if ((scm_pad(s, p) & 7) != 0)
			return *why = "DSS pads not in mode 0", NULL;
	pix = pixclk_hz(s, d);
	if (pix < 15000000 || pix > 30000000)
		return *why = "pixel clock outside the panel's 15-30 MHz", NULL;
	sz = reg(d, DISPC_SIZE_LCD);
	*w = (sz & 0x7FF) + 1;
	*h = (sz >> 16) + 1;
	if (*w != 480 || *h != 640)
		return *why = "LCD size is not the panel's 480x640", NULL;
	attr = reg(d, DISPC_GFX_ATTRIBUTES);
	gsz = reg(d, DISPC_GFX_SIZE);
	fmt = (attr >> 1) & 0xF;
	bpp = fmt == 0x6 ? 2 : fmt == 0x8 ? 4 : 0;
	if (!(attr & 1)) {
		/* No pipeline on: the LCD shows its default (background)
		 * colour, DISPC_DEFAULT_COLOR0 (SPRUGN4 "Display Subsystem",
		 * overlay manager). */
		out = malloc(sizeof(*out) * *w * *h);
		if (!out)
			abort();
		for (unsigned i = 0; i < *w * *h; i++)
			out[i] = reg(d, DISPC_DEFAULT_COLOR0) & 0xFFFFFF;
		return out;
	}
	if ((attr & BIT(8)) || !bpp || gsz != sz || reg(d, DISPC_GFX_POSITION) ||
	    reg(d, DISPC_GFX_ROW_INC) != 1 || reg(d, DISPC_GFX_PIXEL_INC) != 1)
		return *why = "graphics pipeline not set up for the LCD (enable, RGB16/RGB24, "
			      "full-screen window, increments 1)", NULL;
	ba = reg(d, DISPC_GFX_BA0);
	src = sim_ram_ptr(s, ba, *w * *h * bpp);
	if (!src)
		return *why = "framebuffer not in SDRAM", NULL;
	out = malloc(sizeof(*out) * *w * *h);
	if (!out)
		abort();
	for (unsigned i = 0; i < *w * *h; i++) {
		if (bpp == 2) {
			unsigned v = src[2 * i] | src[2 * i + 1] << 8;
			unsigned r = (v >> 11) & 31, g = (v >> 5) & 63, b = v & 31;

			out[i] = (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2);
		} else {
			out[i] = (src[4 * i] | src[4 * i + 1] << 8 | src[4 * i + 2] << 16);
		}
	}
	return out;
}

static int write_png(const char *path, const uint32_t *pic, unsigned w, unsigned h,
		     uint32_t fill)
{
	png_bytep row = malloc(w * 3);
	png_structp png = NULL;
	png_infop info = NULL;
	FILE *f = fopen(path, "wb");
	int ret = -1;

	if (!f || !row)
		goto out;
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png ? png_create_info_struct(png) : NULL;
	if (!info || setjmp(png_jmpbuf(png)))
		goto out;
	png_init_io(png, f);
	png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (unsigned y = 0; y < h; y++) {
		for (unsigned x = 0; x < w; x++) {
			uint32_t v = pic ? pic[y * w + x] : fill;

			row[3 * x] = (png_byte)(v >> 16);
			row[3 * x + 1] = (png_byte)(v >> 8);
			row[3 * x + 2] = (png_byte)v;
		}
		png_write_row(png, row);
	}
	png_write_end(png, NULL);
	ret = 0;
out:
	if (png)
		png_destroy_write_struct(&png, &info);
	if (f)
		fclose(f);
	free(row);
	return ret;
}

int dss_screenshot(struct sim *s, const char *path)
{
	unsigned w = 480, h = 640;
	const char *why = NULL, *pwhy = NULL;
	uint32_t *pic = NULL, fill = 0x808080;
	int ret;

	/* Backlight off: black. Backlight on (at any level), panel not
	 * showing the RGB input: its idle grey. */
	if (!panel_lit(s))
		fill = 0, why = "backlight off";
	else if (!panel_showing(s, &pwhy))
		why = pwhy;
	else
		pic = frame(s, &w, &h, &why);
	if (why)
		fprintf(stderr, "sim: screenshot %s: no picture: %s\n", path, why);
	ret = write_png(path, pic, w, h, fill);
	free(pic);
	return ret;
}

void dss_final_screenshots(struct sim *s)
{
	for (int i = 0; i < s->cfg.nshot; i++) {
		if (s->cfg.shot[i].timed || s->cfg.shot[i].done)
			continue;
		s->cfg.shot[i].done = true;
		if (dss_screenshot(s, s->cfg.shot[i].path))
			fprintf(stderr, "sim: cannot write %s\n", s->cfg.shot[i].path);
	}
}
