// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the six OMAP3 GPIO banks (GPIO1 0x48310000, GPIO2-6
 * 0x49050000-0x49058000), TRM chapter 25 "General-Purpose Interface"
 * (SPRUF98/SPRUGN4 "General-Purpose Interface").
 *
 * Input levels come from cfg.gpio_in[bank] (what the board's pulls and
 * straps drive onto the pins). GPIO_DATAIN reports a pin's level only when
 * the pin is an input (OE = 1) and its pad is muxed as GPIO (mode 4) with
 * INPUTENABLE set; otherwise the GPIO module's input is not connected to the
 * ball and the bit reads 0 (its idle value). Output pins read back DATAOUT.
 * Pins whose pad we do not know (see pad_of()) skip the pad check.
 *
 * Register access needs only the bank's interface clock (GPIO1:
 * CM_ICLKEN_WKUP bit3; GPIO2-6: CM_ICLKEN_PER bits 13-17); without it the
 * access is a bus error. Registers are 32-bit. SYSCONFIG.SOFTRESET restores
 * the reset values at once. Interrupt logic is storage only: no edge
 * detection is modelled since the inputs never change during a run.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

enum {
	REVISION = 0x00, SYSCONFIG = 0x10, SYSSTATUS = 0x14, IRQSTATUS1 = 0x18,
	IRQENABLE1 = 0x1C, WAKEUPENABLE = 0x20, IRQSTATUS2 = 0x28,
	IRQENABLE2 = 0x2C, CTRL = 0x30, OE = 0x34, DATAIN = 0x38, DATAOUT = 0x3C,
	LEVELDETECT0 = 0x40, LEVELDETECT1 = 0x44, RISINGDETECT = 0x48,
	FALLINGDETECT = 0x4C, DEBOUNCENABLE = 0x50, DEBOUNCINGTIME = 0x54,
	CLEARIRQENABLE1 = 0x60, SETIRQENABLE1 = 0x64, CLEARIRQENABLE2 = 0x70,
	SETIRQENABLE2 = 0x74, CLEARWKUENA = 0x80, SETWKUENA = 0x84,
	CLEARDATAOUT = 0x90, SETDATAOUT = 0x94,
};

struct bank {
	int n;                  /* 0..5 */
	uint32_t sysconfig, irqstatus1, irqenable1, wakeupenable, irqstatus2,
		 irqenable2, ctrl, oe, dataout, level0, level1, rising, falling,
		 debounce_en, debounce_time;
};

struct gpio {
	struct bank bank[6];
};

/* Pad (SCM offset) of GPIO n in mode 4, for the pins we know. */
static int pad_of(unsigned n)
{
	static const struct { uint16_t first, last, pad; } t[] = {
		{ 0, 0, 0x1E0 },        /* sys_nirq */
		{ 1, 1, 0xA06 },        /* sys_clkreq */
		{ 2, 8, 0xA0A },        /* sys_boot0..6 */
		{ 9, 9, 0xA18 },        /* sys_off_mode */
		{ 10, 10, 0xA1A },      /* sys_clkout1 */
		{ 11, 11, 0xA24 },      /* jtag_emu0 */
		{ 12, 29, 0x5D8 },      /* etk_clk, etk_ctl, etk_d0..d15 */
		{ 31, 31, 0xA26 },      /* jtag_emu1 */
		{ 34, 43, 0x07A },      /* gpmc_a1..a10 */
		{ 44, 51, 0x09E },      /* gpmc_d8..d15 */
		{ 52, 58, 0x0B0 },      /* gpmc_ncs1..7 */
		{ 59, 59, 0x0BE },      /* gpmc_clk */
		{ 60, 62, 0x0C6 },      /* gpmc_nbe0_cle, nbe1, nwp */
		{ 63, 65, 0x0CE },      /* gpmc_wait1..3 */
		{ 120, 125, 0x144 },    /* sdmmc1_clk, cmd, dat0..3 */
		{ 126, 129, 0x150 },    /* sdmmc1_dat4..7 */
		{ 130, 139, 0x158 },    /* sdmmc2_clk, cmd, dat0..7 */
		{ 163, 166, 0x19A },    /* uart3_cts, rts, rx, tx */
		{ 168, 168, 0x1BE },    /* i2c2_scl */
		{ 170, 170, 0x1C6 },    /* hdq_sio */
		{ 171, 177, 0x1C8 },    /* mcspi1_clk, simo, somi, cs0..cs3 */
		{ 183, 183, 0x1C0 },    /* i2c2_sda */
		{ 184, 185, 0x1C2 },    /* i2c3_scl, sda */
	};

	for (size_t i = 0; i < ARRAY_SIZE(t); i++)
		if (n >= t[i].first && n <= t[i].last)
			return t[i].pad + 2 * (n - t[i].first);
	return -1;
}

static uint32_t datain(struct sim *s, struct bank *b)
{
	uint32_t in = 0;

	for (unsigned bit = 0; bit < 32; bit++) {
		int pad = pad_of(b->n * 32 + bit);
		uint16_t cfg;

		if (!(b->oe & BIT(bit))) {
			in |= b->dataout & BIT(bit);
			continue;
		}
		if (pad >= 0) {
			cfg = scm_pad(s, (uint32_t)pad);
			if ((cfg & 7) != 4 || !(cfg & BIT(8)))
				continue;
		}
		in |= s->cfg.gpio_in[b->n] & BIT(bit);
	}
	return in;
}

static void bank_reset(struct bank *b)
{
	int n = b->n;

	*b = (struct bank){ .n = n, .ctrl = 0x2, .oe = 0xFFFFFFFF };
}

static int gpio_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t *val)
{
	struct bank *b = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (!prcm_clk_on(s, CLK_GPIO1 + b->n))
		return SIM_EBUS;
	switch (off) {
	case REVISION: *val = 0x25; break;
	case SYSCONFIG: *val = b->sysconfig; break;
	case SYSSTATUS: *val = 1; break;
	case IRQSTATUS1: *val = b->irqstatus1; break;
	case IRQENABLE1: case CLEARIRQENABLE1: case SETIRQENABLE1:
		*val = b->irqenable1; break;
	case WAKEUPENABLE: case CLEARWKUENA: case SETWKUENA:
		*val = b->wakeupenable; break;
	case IRQSTATUS2: *val = b->irqstatus2; break;
	case IRQENABLE2: case CLEARIRQENABLE2: case SETIRQENABLE2:
		*val = b->irqenable2; break;
	case CTRL: *val = b->ctrl; break;
	case OE: *val = b->oe; break;
	case DATAIN: *val = datain(s, b); break;
	case DATAOUT: case CLEARDATAOUT: case SETDATAOUT:
		*val = b->dataout; break;
	case LEVELDETECT0: *val = b->level0; break;
	case LEVELDETECT1: *val = b->level1; break;
	case RISINGDETECT: *val = b->rising; break;
	case FALLINGDETECT: *val = b->falling; break;
	case DEBOUNCENABLE: *val = b->debounce_en; break;
	case DEBOUNCINGTIME: *val = b->debounce_time; break;
	default: return SIM_EUNIMPL;
	}
	return 0;
}

static int gpio_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		      uint32_t val)
{
	struct bank *b = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (!prcm_clk_on(s, CLK_GPIO1 + b->n))
		return SIM_EBUS;
	switch (off) {
	case REVISION: case SYSSTATUS: case DATAIN: break;
	case SYSCONFIG:
		if (val & BIT(1))
			bank_reset(b);
		else
			b->sysconfig = val & 0x1D;
		break;
	case IRQSTATUS1: b->irqstatus1 &= ~val; break;
	case IRQENABLE1: b->irqenable1 = val; break;
	case WAKEUPENABLE: b->wakeupenable = val; break;
	case IRQSTATUS2: b->irqstatus2 &= ~val; break;
	case IRQENABLE2: b->irqenable2 = val; break;
	case CTRL: b->ctrl = val & 0x7; break;
	case OE: b->oe = val; break;
	case DATAOUT: b->dataout = val; break;
	case LEVELDETECT0: b->level0 = val; break;
	case LEVELDETECT1: b->level1 = val; break;
	case RISINGDETECT: b->rising = val; break;
	case FALLINGDETECT: b->falling = val; break;
	case DEBOUNCENABLE: b->debounce_en = val; break;
	case DEBOUNCINGTIME: b->debounce_time = val & 0xFF; break;
	case CLEARIRQENABLE1: b->irqenable1 &= ~val; break;
	case SETIRQENABLE1: b->irqenable1 |= val; break;
	case CLEARIRQENABLE2: b->irqenable2 &= ~val; break;
	case SETIRQENABLE2: b->irqenable2 |= val; break;
	case CLEARWKUENA: b->wakeupenable &= ~val; break;
	case SETWKUENA: b->wakeupenable |= val; break;
	case CLEARDATAOUT: b->dataout &= ~val; break;
	case SETDATAOUT: b->dataout |= val; break;
	default: return SIM_EUNIMPL;
	}
	return 0;
}

void gpio_init(struct sim *s)
{
	static const uint32_t base[6] = { 0x48310000, 0x49050000, 0x49052000,
		0x49054000, 0x49056000, 0x49058000 };
	static const char *const name[6] = { "GPIO1", "GPIO2", "GPIO3",
		"GPIO4", "GPIO5", "GPIO6" };
	struct gpio *g = calloc(1, sizeof(*g));

	if (!g)
		abort();
	s->gpio = g;
	for (int i = 0; i < 6; i++) {
		struct sim_dev d = { .name = name[i], .base = base[i], .size = 0x1000,
			.read = gpio_read, .write = gpio_write, .opaque = &g->bank[i] };

		g->bank[i].n = i;
		bank_reset(&g->bank[i]);
		model_add_dev(s, &d);
	}
}

/* Output level of GPIO n as the pin drives it (-1: not an output), for
 * other models (e.g. a board LED or a chip enable). */
int gpio_out_level(struct sim *s, unsigned n)
{
	struct bank *b;

	if (!s->gpio || n >= 192)
		return -1;
	b = &s->gpio->bank[n / 32];
	if (b->oe & BIT(n % 32))
		return -1;
	return !!(b->dataout & BIT(n % 32));
}
