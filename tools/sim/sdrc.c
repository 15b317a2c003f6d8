// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the SDRAM controller (SDRC, 0x6D000000) and the SDRAM
 * memory scheduler (SMS, 0x6C000000), TRM chapter 11 "Memory Subsystem"
 * (registers.md §3).
 *
 * When a chip select's SDRAM becomes visible: its window is mapped only
 * when all of these hold (our rule, following the init sequence of §3.3):
 *  - MCFG_p has a non-zero RAMSIZE;
 *  - ACTIM_CTRLA_p and ACTIM_CTRLB_p have been written with non-zero values;
 *  - RFR_CTRL_p has ARE = 1 and a non-zero ARCV (without refresh the
 *    contents would decay);
 *  - the device was initialised: MANUAL_p commands NOP, PRECHARGE ALL,
 *    AUTOREFRESH, AUTOREFRESH in this order (other commands in between
 *    are allowed), then a write of MR_p.
 * Once the device is initialised, later MCFG/CS_CFG writes only change the
 * address decoding (as on hardware), so the window follows them at once; a
 * SYSCONFIG soft reset forgets everything. Timings are stored but not
 * checked.
 *
 * Sizes and aliasing: the window is RAMSIZE x 2 MiB at 0x80000000 (CS0) or
 * at 0x80000000 + CS_CFG offset (CS1: CS1STARTHIGHADDR x 128 MiB +
 * CS1STARTLOWADDR x 32 MiB), clipped to the 1 GiB SDRC space and, for CS1,
 * to where it does not overlap CS0. Behind it sits cfg.sdram_cs_bytes[cs]
 * of physical memory: a window larger than the memory repeats it (the
 * address bits the device ignores), which is how a loader can size the
 * memory by probing for aliases; a smaller window shows only its part. A CS
 * with no memory (0 bytes) stays unmapped, so accesses fault.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define SDRAM_BASE 0x80000000u
#define SDRAM_END  0xC0000000ull
#define MAX_WIN    512

enum { INIT_NONE, INIT_NOP, INIT_PRECHARGE, INIT_AR1, INIT_AR2 };

struct cs_state {
	int seq;                /* MANUAL command progress */
	bool initialised;       /* sequence done and MR written */
	bool actim_a, actim_b;  /* written with non-zero values */
	void *mem;
	uint32_t mem_bytes;
	/* current mapping */
	uint32_t win_base[MAX_WIN], win_size[MAX_WIN];
	int nwin;
};

struct sdrc {
	struct regfile rf;
	struct regfile sms;
	struct cs_state cs[2];
	uint64_t reset_done_at;
	uint64_t dll_lock_at[2];
};

static const struct reg_def sdrc_regs[] = {
	{ 0x00, REG_RO, 0x40, 0 },                 /* SDRC_REVISION */
	{ 0x10, REG_FN, 0x10, 0x19 },              /* SDRC_SYSCONFIG */
	{ 0x14, REG_FN, 0x1, 0 },                  /* SDRC_SYSSTATUS */
	{ 0x40, REG_FN, 0x4, 0x30F },              /* SDRC_CS_CFG */
	{ 0x44, REG_RW, 0x0, 0x7FFFFF00 },         /* SDRC_SHARING */
	{ 0x48, REG_RO, 0x0, 0 },                  /* SDRC_ERR_ADDR */
	{ 0x4C, REG_W1C, 0x0, 0x7FF },             /* SDRC_ERR_TYPE */
	{ 0x60, REG_FN, 0x0, 0xFFFF },             /* SDRC_DLLA_CTRL */
	{ 0x64, REG_FN, 0x0, 0 },                  /* SDRC_DLLA_STATUS */
	{ 0x68, REG_FN, 0x0, 0xFFFF },             /* SDRC_DLLB_CTRL */
	{ 0x6C, REG_FN, 0x0, 0 },                  /* SDRC_DLLB_STATUS */
	{ 0x70, REG_RW, 0x85, 0x07FFFFCD },        /* SDRC_POWER_REG */
	{ 0x80, REG_FN, 0x0, 0x3BFFFFDF },         /* SDRC_MCFG_0 */
	{ 0x84, REG_FN, 0x24, 0xFFF },             /* SDRC_MR_0 */
	{ 0x88, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR1_0 */
	{ 0x8C, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR2_0 */
	{ 0x90, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR3_0 */
	{ 0x94, REG_RW, 0x0, 0xFFFF },             /* SDRC_DCDL1_CTRL */
	{ 0x98, REG_RW, 0x0, 0xFFFF },             /* SDRC_DCDL2_CTRL */
	{ 0x9C, REG_FN, 0x0, 0xFFFFFFDF },         /* SDRC_ACTIM_CTRLA_0 */
	{ 0xA0, REG_FN, 0x0, 0x0003F7FF },         /* SDRC_ACTIM_CTRLB_0 */
	{ 0xA4, REG_FN, 0x0, 0x00FFFF03 },         /* SDRC_RFR_CTRL_0 */
	{ 0xA8, REG_FN, 0x0, 0xF },                /* SDRC_MANUAL_0 */
	{ 0xB0, REG_FN, 0x0, 0x3BFFFFDF },         /* SDRC_MCFG_1 */
	{ 0xB4, REG_FN, 0x24, 0xFFF },             /* SDRC_MR_1 */
	{ 0xB8, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR1_1 */
	{ 0xBC, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR2_1 */
	{ 0xC0, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR3_1 */
	{ 0xC4, REG_FN, 0x0, 0xFFFFFFDF },         /* SDRC_ACTIM_CTRLA_1 */
	{ 0xC8, REG_FN, 0x0, 0x0003F7FF },         /* SDRC_ACTIM_CTRLB_1 */
	{ 0xD4, REG_FN, 0x0, 0x00FFFF03 },         /* SDRC_RFR_CTRL_1 */
	{ 0xD8, REG_FN, 0x0, 0xF },                /* SDRC_MANUAL_1 */
};

/* SMS: only the registers a boot loader meets (registers.md §3.3). */
static const struct reg_def sms_regs[] = {
	{ 0x00, REG_RO, 0x30, 0 },                 /* SMS_REVISION */
	{ 0x10, REG_RW, 0x1, 0x1B },               /* SMS_SYSCONFIG */
	{ 0x14, REG_RO, 0x1, 0 },                  /* SMS_SYSSTATUS */
	{ 0x48, REG_RW, 0x0, 0xFFFFFFFF },         /* SMS_RG_ATT0 */
	{ 0x50, REG_RW, 0xFFFF, 0xFFFF },          /* SMS_RG_RDPERM0 */
	{ 0x58, REG_RW, 0xFFFF, 0xFFFF },          /* SMS_RG_WRPERM0 */
	{ 0xD0, REG_RW, 0x0, 0xFFFFFFFF },         /* SMS_CLASS_ARB0 */
	{ 0xD4, REG_RW, 0x0, 0xFFFFFFFF },         /* SMS_CLASS_ARB1 */
	{ 0xD8, REG_RW, 0x0, 0xFFFFFFFF },         /* SMS_CLASS_ARB2 */
};

#define DLL_LOCK_PS (10 * PS_PER_US)
#define RESET_PS    (1 * PS_PER_US)

static inline uint32_t reg(struct sdrc *c, uint32_t off)
{
	return *regfile_ptr(&c->rf, off);
}

/* Offsets of a chip select's registers. */
static uint32_t mcfg_off(int cs)  { return cs ? 0xB0 : 0x80; }
static uint32_t rfr_off(int cs)   { return cs ? 0xD4 : 0xA4; }

uint32_t sdrc_cs_size(uint32_t mcfg)
{
	return FIELD_GET(GENMASK(17, 8), mcfg) * (2u << 20);
}

uint32_t sdrc_cs1_offset(uint32_t cs_cfg)
{
	return (cs_cfg & 0xF) * (128u << 20) + FIELD_GET(GENMASK(9, 8), cs_cfg) * (32u << 20);
}

static bool cs_ready(struct sdrc *c, int cs)
{
	struct cs_state *st = &c->cs[cs];
	uint32_t rfr = reg(c, rfr_off(cs));

	return st->initialised && st->actim_a && st->actim_b &&
	       (rfr & 1) && FIELD_GET(GENMASK(23, 8), rfr) &&
	       sdrc_cs_size(reg(c, mcfg_off(cs)));
}

static void unmap_cs(struct sim *s, struct cs_state *st)
{
	for (int i = 0; i < st->nwin; i++)
		sim_unmap(s, st->win_base[i], st->win_size[i]);
	st->nwin = 0;
}

/* Map [base, base+size) repeating the chip's memory. */
static void map_cs(struct sim *s, struct cs_state *st, uint64_t base, uint64_t size)
{
	uint64_t off = 0;

	if (!st->mem_bytes)
		return;
	while (off < size && st->nwin < MAX_WIN) {
		uint64_t n = MIN((uint64_t)st->mem_bytes, size - off);

		if (sim_map_ram(s, (uint32_t)(base + off), (uint32_t)n, st->mem) == 0) {
			st->win_base[st->nwin] = (uint32_t)(base + off);
			st->win_size[st->nwin] = (uint32_t)n;
			st->nwin++;
		}
		off += n;
	}
}

/* Recompute both windows; only remap when the layout changes. */
static void sdrc_remap(struct sim *s, struct sdrc *c)
{
	uint64_t base[2] = { 0 }, size[2] = { 0 };

	for (int cs = 0; cs < 2; cs++) {
		if (!cs_ready(c, cs))
			continue;
		base[cs] = SDRAM_BASE + (cs ? sdrc_cs1_offset(reg(c, 0x40)) : 0);
		size[cs] = sdrc_cs_size(reg(c, mcfg_off(cs)));
		if (base[cs] >= SDRAM_END)
			size[cs] = 0;
		else if (base[cs] + size[cs] > SDRAM_END)
			size[cs] = SDRAM_END - base[cs];
	}
	/* CS0 wins where CS1 overlaps it. */
	if (size[0] && size[1] && base[1] < base[0] + size[0]) {
		uint64_t end1 = base[1] + size[1];

		if (end1 <= base[0] + size[0]) {
			size[1] = 0;
		} else {
			base[1] = base[0] + size[0];
			size[1] = end1 - base[1];
		}
	}
	for (int cs = 0; cs < 2; cs++) {
		struct cs_state *st = &c->cs[cs];
		uint64_t cur_base = st->nwin ? st->win_base[0] : 0, cur_size = 0;

		for (int i = 0; i < st->nwin; i++)
			cur_size += st->win_size[i];
		if (size[cs] && st->mem_bytes && cur_base == base[cs] &&
		    cur_size == size[cs])
			continue;
		if (!size[cs] && !st->nwin)
			continue;
		unmap_cs(s, st);
		if (size[cs])
			map_cs(s, st, base[cs], size[cs]);
	}
}

static void sdrc_soft_reset(struct sim *s, struct sdrc *c)
{
	regfile_reset(&c->rf);
	for (int cs = 0; cs < 2; cs++) {
		c->cs[cs].seq = INIT_NONE;
		c->cs[cs].initialised = false;
		c->cs[cs].actim_a = c->cs[cs].actim_b = false;
	}
	c->dll_lock_at[0] = c->dll_lock_at[1] = 0;
	c->reset_done_at = sim_now_ps(s) + RESET_PS;
	sdrc_remap(s, c);
}

static void manual_cmd(struct cs_state *st, unsigned cmd)
{
	switch (cmd) {
	case 0: /* NOP */
		st->seq = INIT_NOP;
		break;
	case 1: /* PRECHARGE ALL */
		if (st->seq == INIT_NOP)
			st->seq = INIT_PRECHARGE;
		break;
	case 2: /* AUTOREFRESH */
		if (st->seq == INIT_PRECHARGE)
			st->seq = INIT_AR1;
		else if (st->seq == INIT_AR1)
			st->seq = INIT_AR2;
		break;
	default: /* power-down, self-refresh, CKE: do not break the sequence */
		break;
	}
}

static int sdrc_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t *val)
{
	struct sdrc *c = opaque;
	const struct reg_def *d;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	d = regfile_def(&c->rf, off);
	if (!d)
		return SIM_EUNIMPL;
	switch (off) {
	case 0x14:
		*val = sim_now_ps(s) >= c->reset_done_at ? 1 : 0;
		return 0;
	case 0x64:
	case 0x6C: {
		int i = off == 0x6C;

		*val = c->dll_lock_at[i] && sim_now_ps(s) >= c->dll_lock_at[i] ? BIT(2) : 0;
		return 0;
	}
	case 0x80:
	case 0xB0: /* LOCKSTATUS: the DLL is locked */
		*val = reg(c, off) | (c->dll_lock_at[0] && sim_now_ps(s) >= c->dll_lock_at[0] ? BIT(30) : 0);
		return 0;
	case 0xA8:
	case 0xD8: /* MANUAL reads back 0: commands are one-shot */
		*val = 0;
		return 0;
	}
	*val = reg(c, off);
	return 0;
}

static int sdrc_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		      uint32_t val)
{
	struct sdrc *c = opaque;
	int cs = off >= 0xB0;     /* the CS1 registers all sit above 0xB0 */
	int ret;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (!regfile_def(&c->rf, off))
		return SIM_EUNIMPL;
	if (off == 0x10 && (val & BIT(1))) {
		sdrc_soft_reset(s, c);
		return 0;
	}
	ret = regfile_write(&c->rf, off, val);
	switch (off) {
	case 0x60:
	case 0x68: {
		int i = off == 0x68;

		/* ENADLL starts a lock; clearing it drops the lock */
		if (!(val & BIT(3)))
			c->dll_lock_at[i] = 0;
		else if (!c->dll_lock_at[i] || (val & BIT(2)))
			c->dll_lock_at[i] = sim_now_ps(s) + DLL_LOCK_PS;
		break;
	}
	case 0x9C: case 0xC4:
		c->cs[cs].actim_a = val != 0;
		break;
	case 0xA0: case 0xC8:
		c->cs[cs].actim_b = val != 0;
		break;
	case 0xA8: case 0xD8:
		manual_cmd(&c->cs[cs], val & 0xF);
		break;
	case 0x84: case 0xB4:
		if (c->cs[cs].seq == INIT_AR2)
			c->cs[cs].initialised = true;
		break;
	}
	sdrc_remap(s, c);
	return ret;
}

static int sms_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		    uint32_t *val)
{
	struct sdrc *c = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	return regfile_read(&c->sms, off, val);
}

static int sms_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t val)
{
	struct sdrc *c = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	return regfile_write(&c->sms, off, val);
}

void sdrc_init(struct sim *s)
{
	struct sdrc *c = calloc(1, sizeof(*c));
	struct sim_dev d = {
		.name = "SDRC", .base = 0x6D000000, .size = 0x1000,
		.read = sdrc_read, .write = sdrc_write,
	};
	struct sim_dev m = {
		.name = "SMS", .base = 0x6C000000, .size = 0x1000,
		.read = sms_read, .write = sms_write,
	};

	if (!c)
		abort();
	regfile_init(&c->rf, sdrc_regs, ARRAY_SIZE(sdrc_regs), 0x1000);
	regfile_init(&c->sms, sms_regs, ARRAY_SIZE(sms_regs), 0x1000);
	for (int cs = 0; cs < 2; cs++) {
		uint32_t n = s->cfg.sdram_cs_bytes[cs] & ~0xFFFu;

		c->cs[cs].mem_bytes = n;
		if (!n)
			continue;
		/* anonymous mapping: untouched pages cost nothing */
		c->cs[cs].mem = mmap(NULL, n, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (c->cs[cs].mem == MAP_FAILED) {
			perror("gtaboot-sim: SDRAM");
			exit(1);
		}
	}
	s->sdrc = c;
	d.opaque = c;
	m.opaque = c;
	model_add_dev(s, &d);
	model_add_dev(s, &m);
}

/* For tests and the report: the windows currently mapped for a CS. */
int sdrc_windows(struct sim *s, int cs, uint32_t *base, uint32_t *size, int max)
{
	struct cs_state *st = &s->sdrc->cs[cs];
	int n = MIN(st->nwin, max);

	for (int i = 0; i < n; i++) {
		base[i] = st->win_base[i];
		size[i] = st->win_size[i];
	}
	return st->nwin;
}

void *sdrc_cs_mem(struct sim *s, int cs)
{
	return s->sdrc->cs[cs].mem;
}
