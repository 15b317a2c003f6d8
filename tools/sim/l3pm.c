// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the L3 interconnect's protection mechanisms (firewalls) in
 * front of the register target (PM_RT 0x68010000), GPMC (0x68012400), OCM
 * RAM (0x68012800), OCM ROM (0x68012C00) and IVA2 (0x68014000), TRM
 * chapter 9 "Interconnect", L3 protection mechanism registers.
 *
 * Each PM has ERROR_LOG (0x20), CONTROL (0x28), ERROR_CLEAR_SINGLE (0x30),
 * ERROR_CLEAR_MULTI (0x38) and per region i: ADDR_MATCH_i (0x40 + 0x20 i,
 * i >= 1), REQ_INFO_PERMISSION_i (0x48 + 0x20 i), READ_PERMISSION_i
 * (0x50 + 0x20 i) and WRITE_PERMISSION_i (0x58 + 0x20 i). GP-device loaders
 * open them for all initiators. The registers keep what is written; the
 * firewall decision itself is not modelled (every access is allowed, as
 * after the usual unlock). Registers are 32-bit.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

struct pm {
	uint32_t off;          /* within the 4 KiB page */
	const char *name;
	unsigned regions;
	uint32_t reg[0x100 / 4];
};

struct pmpage {
	struct pm *pm[4];
	int n;
};

static struct pm *pm_at(struct pmpage *pg, uint32_t off, uint32_t *roff)
{
	for (int i = 0; i < pg->n; i++) {
		struct pm *p = pg->pm[i];

		if (off >= p->off && off < p->off + 0x40 + 0x20 * p->regions) {
			*roff = off - p->off;
			return p;
		}
	}
	return NULL;
}

static bool reg_exists(const struct pm *p, uint32_t r)
{
	if (r == 0x20 || r == 0x28 || r == 0x30 || r == 0x38)
		return true;
	if (r < 0x40)
		return false;
	r -= 0x40;
	/* ADDR_MATCH_0 does not exist: region 0 covers the whole target */
	return r / 0x20 < p->regions && (r % 0x20 == 0x08 || r % 0x20 == 0x10 ||
					  r % 0x20 == 0x18 || (r % 0x20 == 0 && r));
}

/* The register behind an access: SIM_EUNIMPL where there is none,
 * SIM_EBUS for anything but an aligned 32-bit access. */
static int pm_lookup(void *opaque, uint32_t off, unsigned size, struct pm **p, uint32_t *r)
{
	*p = pm_at(opaque, off, r);
	if (!*p || !reg_exists(*p, *r))
		return SIM_EUNIMPL;
	return size != 4 || (off & 3) ? SIM_EBUS : 0;
}

static int pm_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	uint32_t r = 0;
	struct pm *p = NULL;
	int e = pm_lookup(opaque, off, size, &p, &r);

	if (e)
		return e;
	*val = (r == 0x30 || r == 0x38) ? 0 : p->reg[r / 4];
	return 0;
}

static int pm_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	uint32_t r = 0;
	struct pm *p = NULL;
	int e = pm_lookup(opaque, off, size, &p, &r);

	if (e)
		return e;
	if (r == 0x20)
		return 0;                 /* ERROR_LOG is read-only */
	if (r == 0x30 || r == 0x38) {
		p->reg[0x20 / 4] = 0;     /* clearing the logged error */
		return 0;
	}
	p->reg[r / 4] = val;
	return 0;
}

static struct pm *new_pm(uint32_t off, const char *name, unsigned regions)
{
	struct pm *p = calloc(1, sizeof(*p));

	if (!p)
		abort();
	p->off = off;
	p->name = name;
	p->regions = regions;
	/* reset: region 0 open to every initiator (our choice; no source
	 * gives the values the ROM leaves) */
	p->reg[0x48 / 4] = 0xFFFF;
	p->reg[0x50 / 4] = 0xFFFF;
	p->reg[0x58 / 4] = 0xFFFF;
	return p;
}

static void add_page(struct sim *s, const char *name, uint32_t base, struct pmpage *pg)
{
	struct sim_dev d = { .name = name, .base = base, .size = 0x1000,
			     .read = pm_read, .write = pm_write, .opaque = pg };

	model_add_dev(s, &d);
}

void l3pm_init(struct sim *s)
{
	struct pmpage *rt = calloc(1, sizeof(*rt)), *mid = calloc(1, sizeof(*mid)),
		      *iva = calloc(1, sizeof(*iva));

	if (!rt || !mid || !iva)
		abort();
	rt->pm[rt->n++] = new_pm(0x000, "PM_RT", 2);
	mid->pm[mid->n++] = new_pm(0x400, "PM_GPMC", 8);
	mid->pm[mid->n++] = new_pm(0x800, "PM_OCM_RAM", 8);
	mid->pm[mid->n++] = new_pm(0xC00, "PM_OCM_ROM", 2);
	iva->pm[iva->n++] = new_pm(0x000, "PM_IVA2", 4);
	add_page(s, "L3-PM_RT", 0x68010000, rt);
	add_page(s, "L3-PM(GPMC/OCM)", 0x68012000, mid);
	add_page(s, "L3-PM_IVA2", 0x68014000, iva);
}
