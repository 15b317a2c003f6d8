// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the MPU subsystem interrupt controller (INTCPS, 0x48200000),
 * DM37x TRM SPRUGN4 chapter 12 "Interrupt Controller" (OMAP35x: SPRUF98
 * chapter 10): 96 level-sensitive inputs, a mask bit each (MIR, set and
 * cleared through MIR_SET/MIR_CLEAR), a software-set bit each (ISR_SET/
 * ISR_CLEAR), a priority and an IRQ/FIQ steering bit each (ILR), a priority
 * threshold.
 *
 * Sorting: while no IRQ is latched, the pending unmasked IRQ with the
 * highest priority (lowest PRIORITY field; on a tie the lowest input
 * number) below the threshold is latched into SIR_IRQ and IRQ_PRIORITY and
 * the nIRQ line to the MPU is asserted. It stays latched, whatever the
 * inputs do, until the CPU writes CONTROL.NEWIRQAGR: then the next sort
 * runs at once. This is the protocol of Linux's irq-omap-intc (read
 * PENDING_IRQn, read SIR_IRQ, handle, write NEWIRQAGR). FIQ steering is
 * kept in ILR but no FIQ is delivered: a pending input steered to FIQ
 * stops the run, since nothing in the boot path uses FIQs.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define NIRQ 96
#define SPURIOUS 0xFFFFFF80u  /* SPURIOUSIRQFLAG bits of SIR_IRQ / IRQ_PRIORITY */

struct intc {
	uint32_t itr[3];       /* input levels the models drive */
	uint32_t mir[3], isr[3];
	uint32_t ilr[NIRQ];
	uint32_t sysconfig, protection, idle, threshold;
	int active;            /* latched IRQ, -1 = none */
	uint32_t active_prio;
};

static struct intc *intc_of(struct sim *s)
{
	return s->intc;
}

static void intc_reset(struct intc *c)
{
	for (int i = 0; i < 3; i++) {
		c->mir[i] = 0xFFFFFFFF;
		c->isr[i] = 0;
	}
	for (int i = 0; i < NIRQ; i++)
		c->ilr[i] = 0;
	c->sysconfig = c->protection = c->idle = 0;
	c->threshold = 0xFF;
	c->active = -1;
}

static uint32_t pending(struct intc *c, int bank, bool fiq)
{
	uint32_t p = (c->itr[bank] | c->isr[bank]) & ~c->mir[bank], r = 0;

	/* Called on every line change: visit the set bits only. */
	while (p) {
		int b = __builtin_ctz(p);

		p &= p - 1;
		if (!!(c->ilr[bank * 32 + b] & 1) == fiq)
			r |= BIT(b);
	}
	return r;
}

static void sort(struct sim *s, struct intc *c)
{
	int best = -1;
	uint32_t bp = 0;

	if (c->active >= 0)
		return;
	for (int bank = 0; bank < 3; bank++) {
		uint32_t p = pending(c, bank, false);

		if (pending(c, bank, true))
			sim_stop(s, SIM_FAULT, "INTC: an input steered to FIQ is pending "
				 "(bank %d: 0x%08x); FIQs are not modelled", bank,
				 pending(c, bank, true));
		while (p) {
			int b = __builtin_ctz(p);
			int n = bank * 32 + b;
			uint32_t prio = (c->ilr[n] >> 2) & 0x3F;

			p &= p - 1;
			if (c->threshold != 0xFF && prio >= c->threshold)
				continue;
			if (best < 0 || prio < bp) {
				best = n;
				bp = prio;
			}
		}
	}
	if (best >= 0) {
		c->active = best;
		c->active_prio = bp;
	}
}

void intc_set_line(struct sim *s, unsigned irq, bool level)
{
	struct intc *c = intc_of(s);

	if (!c || irq >= NIRQ)
		return;
	if (level)
		c->itr[irq / 32] |= BIT(irq % 32);
	else
		c->itr[irq / 32] &= ~BIT(irq % 32);
	sort(s, c);
}

bool intc_irq_asserted(struct sim *s)
{
	struct intc *c = intc_of(s);

	return c && c->active >= 0;
}

static int intc_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	struct intc *c = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	models_sync(s);
	if (off == 0xE4) {
		*val = 0;       /* reserved: a fourth bank's MIR, which Linux's
				 * context save reads (INTCPS_NR_MIR_REGS 4) */
		return 0;
	}
	if (off >= 0x80 && off < 0xE0) {
		int bank = (off - 0x80) / 0x20;

		switch (off & 0x1F) {
		case 0x00: *val = c->itr[bank]; return 0;                 /* ITRn */
		case 0x04: *val = c->mir[bank]; return 0;                 /* MIRn */
		case 0x10: *val = c->isr[bank]; return 0;                 /* ISR_SETn */
		case 0x18: *val = pending(c, bank, false); return 0;      /* PENDING_IRQn */
		case 0x1C: *val = pending(c, bank, true); return 0;       /* PENDING_FIQn */
		case 0x08: case 0x0C: case 0x14: *val = 0; return 0;      /* write-only */
		}
		return SIM_EUNIMPL;
	}
	if (off >= 0x100 && off < 0x100 + 4 * NIRQ) {
		*val = c->ilr[(off - 0x100) / 4];
		return 0;
	}
	switch (off) {
	case 0x00: *val = 0x40; return 0;                 /* REVISION 4.0 */
	case 0x10: *val = c->sysconfig; return 0;
	case 0x14: *val = 1; return 0;                    /* SYSSTATUS: RESETDONE */
	case 0x20: *val = 0; return 0;  /* reserved; Linux's generic irq chip for
					 * the bank at +0x20 reads its mask cache here */
	case 0x40: *val = c->active >= 0 ? (uint32_t)c->active : SPURIOUS; return 0;
	case 0x44: *val = SPURIOUS; return 0;             /* SIR_FIQ */
	case 0x48: *val = 0; return 0;                    /* CONTROL */
	case 0x4C: *val = c->protection; return 0;
	case 0x50: *val = c->idle; return 0;
	case 0x60: *val = c->active >= 0 ? c->active_prio : SPURIOUS; return 0;
	case 0x64: *val = SPURIOUS; return 0;
	case 0x68: *val = c->threshold; return 0;
	}
	return SIM_EUNIMPL;
}

static int intc_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	struct intc *c = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	models_sync(s);
	if (off == 0xE4)
		return 0;       /* reserved (see intc_read) */
	if (off >= 0x80 && off < 0xE0) {
		int bank = (off - 0x80) / 0x20;

		switch (off & 0x1F) {
		case 0x04: c->mir[bank] = val; break;
		case 0x08: c->mir[bank] &= ~val; break;
		case 0x0C: c->mir[bank] |= val; break;
		case 0x10: c->isr[bank] |= val; break;
		case 0x14: c->isr[bank] &= ~val; break;
		case 0x00: case 0x18: case 0x1C: return 0;   /* read-only */
		default: return SIM_EUNIMPL;
		}
		sort(s, c);
		return 0;
	}
	if (off >= 0x100 && off < 0x100 + 4 * NIRQ) {
		c->ilr[(off - 0x100) / 4] = val & 0xFD;
		sort(s, c);
		return 0;
	}
	switch (off) {
	case 0x00: case 0x14: case 0x40: case 0x44: case 0x60: case 0x64:
		return 0;                                     /* read-only */
	case 0x10:
		if (val & BIT(1))
			intc_reset(c);                        /* completes at once */
		else
			c->sysconfig = val & 1;
		break;
	case 0x48:
		if (val & BIT(0))
			c->active = -1;                       /* NEWIRQAGR */
		break;
	case 0x4C: c->protection = val & 1; break;
	case 0x50: c->idle = val & 3; break;
	case 0x68: c->threshold = val & 0xFF; break;
	default:
		return SIM_EUNIMPL;
	}
	sort(s, c);
	return 0;
}

void intc_init(struct sim *s)
{
	struct intc *c = calloc(1, sizeof(*c));
	struct sim_dev d = { .name = "INTC", .base = 0x48200000, .size = 0x1000,
			     .read = intc_read, .write = intc_write };

	if (!c)
		abort();
	intc_reset(c);
	s->intc = c;
	d.opaque = c;
	model_add_dev(s, &d);
}
