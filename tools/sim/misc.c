// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the TAP/ID register block at 0x4830A000 (TRM "Control
 * Module" ID registers, SPRUF98/SPRUGN4 "SCM", ID registers), plus the glue every model
 * shares: register files, a device registry for unit tests and the
 * periodic model tick the core calls.
 *
 * ID values: IDCODE comes from cfg.idcode (the core fills it per machine);
 * 0 means "per SoC": 0x4B7AE02F (3530 ES3.1) or 0x2B89102F (DM3730 ES1.2).
 * PRODUCTION_ID reads 0 and SKU_ID 0 (the 600 MHz part). The DIE_IDs are
 * fixed per machine, so a serial number or MAC address a bootloader derives
 * from them is stable from run to run. The block is read-only: writes are
 * ignored, as on hardware.
 */
#include <stdlib.h>
#include <string.h>

#include "tools/sim/models.h"
#include "tools/sim/musb.h"

/* ---------------------------------------------------------------- regfile */

void regfile_init(struct regfile *rf, const struct reg_def *defs, size_t n,
		  uint32_t size)
{
	rf->defs = defs;
	rf->ndefs = n;
	rf->size = size;
	rf->index = malloc(sizeof(*rf->index) * (size / 4));
	rf->val = calloc(n, sizeof(*rf->val));
	if (!rf->index || !rf->val) {
		perror("gtaboot-sim");
		exit(1);
	}
	for (uint32_t i = 0; i < size / 4; i++)
		rf->index[i] = -1;
	for (size_t i = 0; i < n; i++) {
		if (defs[i].off >= size || (defs[i].off & 3) || rf->index[defs[i].off / 4] >= 0) {
			fprintf(stderr, "gtaboot-sim: bad register table entry 0x%x\n", defs[i].off);
			abort();
		}
		rf->index[defs[i].off / 4] = (int16_t)i;
	}
	regfile_reset(rf);
}

void regfile_reset(struct regfile *rf)
{
	for (size_t i = 0; i < rf->ndefs; i++)
		rf->val[i] = rf->defs[i].reset;
}

const struct reg_def *regfile_def(const struct regfile *rf, uint32_t off)
{
	if (off >= rf->size || rf->index[off / 4] < 0)
		return NULL;
	return &rf->defs[rf->index[off / 4]];
}

int regfile_read(struct regfile *rf, uint32_t off, uint32_t *val)
{
	if (!regfile_def(rf, off))
		return SIM_EUNIMPL;
	*val = *regfile_ptr(rf, off);
	return 0;
}

int regfile_write(struct regfile *rf, uint32_t off, uint32_t val)
{
	const struct reg_def *d = regfile_def(rf, off);
	uint32_t *p;

	if (!d)
		return SIM_EUNIMPL;
	p = regfile_ptr(rf, off);
	switch (d->kind) {
	case REG_RW:
	case REG_FN:
		*p = (*p & ~d->wmask) | (val & d->wmask);
		break;
	case REG_W1C:
		*p &= ~(val & d->wmask);
		break;
	case REG_RO:
		break;
	}
	return 0;
}

/* ---------------------------------------------------------------- registry */

#define MAX_DEVS 1024
static struct {
	struct sim *s;
	struct sim_dev d;
} devs[MAX_DEVS];
static int ndevs;

void model_add_dev(struct sim *s, const struct sim_dev *d)
{
	/* A sim that is freed and another allocated at the same address would
	 * find stale entries: drop entries of the same sim and range first. */
	for (int i = 0; i < ndevs; i++) {
		if (devs[i].s == s && devs[i].d.base == d->base) {
			devs[i] = devs[--ndevs];
			i--;
		}
	}
	if (ndevs == MAX_DEVS) {
		/* full: forget the devices of other (earlier) machines */
		int k = 0;

		for (int i = 0; i < ndevs; i++)
			if (devs[i].s == s)
				devs[k++] = devs[i];
		ndevs = k;
	}
	if (ndevs < MAX_DEVS) {
		devs[ndevs].s = s;
		devs[ndevs].d = *d;
		ndevs++;
	}
	sim_add_dev(s, d);
}

int model_mmio(struct sim *s, bool is_write, uint32_t addr, unsigned size,
	       uint32_t *val)
{
	for (int i = ndevs - 1; i >= 0; i--) {
		const struct sim_dev *d = &devs[i].d;

		if (devs[i].s != s || addr < d->base || addr - d->base >= d->size)
			continue;
		if (is_write)
			return d->write(s, d->opaque, addr - d->base, size, *val);
		return d->read(s, d->opaque, addr - d->base, size, val);
	}
	return SIM_EUNIMPL;
}

void model_warn_once(bool *flag, const char *fmt, ...)
{
	va_list ap;

	if (*flag)
		return;
	*flag = true;
	fputs("gtaboot-sim: warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void models_sync(struct sim *s)
{
	if (s->wdt2)
		wdt_sync(s);
	timers_sync(s);
	i2c_sync(s);
	twl4030_sync(s);
	if (s->uart[0])
		uart_sync(s);
	musb_sync(s);
}

void sim_tick_models(struct sim *s)
{
	if (s->prcm)
		prcm_update(s);
	models_sync(s);
	display_tick(s);
	tsc2007_tick(s);
}

/* ---------------------------------------------------------------- TAP / ID */

struct tap {
	uint32_t idcode;
	uint32_t die_id[4];
};

static int tap_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		    uint32_t *val)
{
	struct tap *t = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	switch (off) {
	case 0x204: *val = t->idcode; return 0;
	case 0x208: *val = 0; return 0;            /* PRODUCTION_ID */
	case 0x20C: *val = 0; return 0;            /* SKU_ID: 600 MHz part */
	case 0x218: case 0x21C: case 0x220: case 0x224:
		*val = t->die_id[(off - 0x218) / 4];
		return 0;
	}
	return SIM_EUNIMPL;
}

static int tap_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t val)
{
	uint32_t dummy;
	int ret = tap_read(s, opaque, off, size, &dummy);

	return ret; /* read-only block: a write to a real register is ignored */
}

void misc_init(struct sim *s)
{
	struct tap *t = calloc(1, sizeof(*t));
	struct sim_dev d = {
		.name = "TAP-ID", .base = 0x4830A000, .size = 0x1000,
		.read = tap_read, .write = tap_write,
	};

	if (!t)
		abort();
	t->idcode = s->cfg.idcode;
	if (!t->idcode)
		t->idcode = s->cfg.soc == SOC_DM3730 ? 0x2B89102F : 0x4B7AE02F;
	/* Fixed, per-machine values; bits look like a real die ID (non-zero
	 * in every word) so code that rejects 0/all-ones still accepts them. */
	t->die_id[0] = s->cfg.machine ? s->cfg.machine->die_id0 : 0x4C6E0017;
	t->die_id[1] = 0x04021A0E;
	t->die_id[2] = s->cfg.soc == SOC_DM3730 ? 0x1B891E21 : 0x1B7AE11D;
	t->die_id[3] = 0x0101900C;
	d.opaque = t;
	model_add_dev(s, &d);
}
