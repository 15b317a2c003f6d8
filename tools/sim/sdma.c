// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the system DMA controller (sDMA, 0x48056000), DM37x TRM
 * SPRUGN4 chapter 11 "System Direct Memory Access": the global registers
 * (REVISION, the four interrupt lines' status and enable, OCP
 * SYSCONFIG/SYSSTATUS, CAPS_0..4, GCR) and the 32 logical channels' register
 * sets at 0x80 + 0x60 x n. Linux's omap-dma and ti-sysc reset it, read its
 * capabilities and clear every channel at probe; that is all this model
 * supports. Starting a transfer (CCR.ENABLE) stops the run: transfers are
 * not modelled, and a driver that needs them must not pass unnoticed.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define NCH 32
#define CH0 0x80
#define CH_STRIDE 0x60

#define RW(o, r, m)  { (o), REG_RW, (r), (m) }
#define RO(o, r)     { (o), REG_RO, (r), 0 }
#define W1C(o, r, m) { (o), REG_W1C, (r), (m) }

static const struct reg_def globals[] = {
	RO(0x00, 0x40),                  /* DMA4_REVISION */
	W1C(0x08, 0x0, 0xFFFFFFFF),      /* DMA4_IRQSTATUS_L0..L3 */
	W1C(0x0C, 0x0, 0xFFFFFFFF),
	W1C(0x10, 0x0, 0xFFFFFFFF),
	W1C(0x14, 0x0, 0xFFFFFFFF),
	RW(0x18, 0x0, 0xFFFFFFFF),       /* DMA4_IRQENABLE_L0..L3 */
	RW(0x1C, 0x0, 0xFFFFFFFF),
	RW(0x20, 0x0, 0xFFFFFFFF),
	RW(0x24, 0x0, 0xFFFFFFFF),
	RO(0x28, 0x1),                   /* DMA4_SYSSTATUS: RESETDONE */
	{ 0x2C, REG_FN, 0x0, 0x3029 },   /* DMA4_OCP_SYSCONFIG (SOFTRESET below) */
	RO(0x64, 0x000C0000),            /* DMA4_CAPS_0 */
	RO(0x6C, 0x000001FF),            /* DMA4_CAPS_2 */
	RO(0x70, 0x000000F3),            /* DMA4_CAPS_3 */
	RO(0x74, 0x00007FFE),            /* DMA4_CAPS_4 */
	RW(0x78, 0x00010010, 0x00033FFF),/* DMA4_GCR */
};

/* per channel, offsets from the channel's base */
static const struct reg_def chan[] = {
	{ 0x00, REG_FN, 0x0, 0x0FFFFFFF }, /* CCR (ENABLE refused below) */
	RW(0x04, 0x0, 0x0000801F),       /* CLNK_CTRL */
	RW(0x08, 0x0, 0x00003FBE),       /* CICR */
	W1C(0x0C, 0x0, 0x00003FFE),      /* CSR */
	RW(0x10, 0x0, 0x0003FFFF),       /* CSDP */
	RW(0x14, 0x0, 0x00FFFFFF),       /* CEN */
	RW(0x18, 0x0, 0x0000FFFF),       /* CFN */
	RW(0x1C, 0x0, 0xFFFFFFFF),       /* CSSA */
	RW(0x20, 0x0, 0xFFFFFFFF),       /* CDSA */
	RW(0x24, 0x0, 0x0000FFFF),       /* CSEI */
	RW(0x28, 0x0, 0xFFFFFFFF),       /* CSFI */
	RW(0x2C, 0x0, 0x0000FFFF),       /* CDEI */
	RW(0x30, 0x0, 0xFFFFFFFF),       /* CDFI */
	RO(0x34, 0x0),                   /* CSAC */
	RW(0x38, 0x0, 0xFFFFFFFF),       /* CDAC (written to clear it) */
	RO(0x3C, 0x0),                   /* CCEN */
	RO(0x40, 0x0),                   /* CCFN */
	RW(0x44, 0x0, 0x00FFFFFF),       /* COLOR */
};

struct sdma {
	struct regfile rf;
	struct reg_def defs[ARRAY_SIZE(globals) + NCH * ARRAY_SIZE(chan)];
};

static int sdma_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	struct sdma *d = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (off >= d->rf.size)
		return SIM_EUNIMPL;
	return regfile_read(&d->rf, off, val);
}

static int sdma_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	struct sdma *d = opaque;
	const struct reg_def *r;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (off >= d->rf.size)
		return SIM_EUNIMPL;
	r = regfile_def(&d->rf, off);
	if (!r)
		return SIM_EUNIMPL;
	if (off == 0x2C) {
		if (val & BIT(1))
			regfile_reset(&d->rf);   /* SOFTRESET completes at once */
		else
			*regfile_ptr(&d->rf, off) = val & r->wmask;
		return 0;
	}
	if (off >= CH0 && (off - CH0) % CH_STRIDE == 0) {      /* CCRi */
		if (val & BIT(7)) {
			sim_stop(s, SIM_FAULT, "sDMA: channel %u enabled (CCR 0x%08x) at PC 0x%08x: "
				 "DMA transfers are not modelled", (off - CH0) / CH_STRIDE, val,
				 sim_pc(s));
			return 0;
		}
		*regfile_ptr(&d->rf, off) = val & r->wmask;
		return 0;
	}
	return regfile_write(&d->rf, off, val);
}

void sdma_init(struct sim *s)
{
	struct sdma *d = calloc(1, sizeof(*d));
	struct sim_dev dev = { .name = "SDMA", .base = 0x48056000, .size = 0x1000,
			       .read = sdma_read, .write = sdma_write };
	size_t n = 0;

	if (!d)
		abort();
	for (size_t i = 0; i < ARRAY_SIZE(globals); i++)
		d->defs[n++] = globals[i];
	for (unsigned c = 0; c < NCH; c++)
		for (size_t i = 0; i < ARRAY_SIZE(chan); i++) {
			d->defs[n] = chan[i];
			d->defs[n++].off = (uint16_t)(CH0 + c * CH_STRIDE + chan[i].off);
		}
	regfile_init(&d->rf, d->defs, n, CH0 + NCH * CH_STRIDE);
	dev.opaque = d;
	model_add_dev(s, &dev);
}
