// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the modules a booting Linux only identifies, resets and
 * idles (omap_hwmod and ti-sysc do that to every module in the device
 * tree), each with the registers of its OCP interface and nothing else:
 * REVISION (read-only), SYSCONFIG (read/write with the module's writable
 * bits; SOFTRESET self-clears and restores the reset values at once) and
 * SYSSTATUS (RESETDONE = 1). A few modules' reset paths in Linux touch one
 * more register (DSS_CONTROL, DISPC_CONTROL, HDQ CTRL_STATUS, UHH_HOSTCONFIG,
 * SGX OCP_DEBUG_CONFIG); those are
 * listed as plain storage with their writable bits. Any other offset is
 * SIM_EUNIMPL: a driver that goes further than a reset needs a real model.
 *
 * REVISION values are plausible major.minor numbers, not read from silicon
 * (Linux only prints them). Offsets: DM37x TRM SPRUGN4, the register summary of each
 * module's chapter (DSS 7, camera ISP MMU 6, sDMA is in sdma.c, HDQ 21,
 * McBSP 22, McSPI 20, mailbox 10, SSI 25, USB 24, SmartReflex 4, crypto
 * (SHA/MD5, AES, RNG) in the secure chapter; SGX 13). Which module is
 * reset and how is seen in Linux's omap_hwmod_3xxx_data.c and the
 * ti,sysc target-module nodes of omap3.dtsi / omap36xx.dtsi.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define NONE 0xFFFF

struct sysc_extra {
	uint16_t off;
	uint32_t reset, wmask;
};

struct sysc_mod {
	const char *name;
	uint32_t base, size;     /* the module's register window */
	uint16_t rev_off;
	uint32_t rev;
	uint16_t sysc_off;
	uint32_t sysc_reset, sysc_wmask;
	uint16_t syss_off;       /* NONE: reset done shows as SOFTRESET = 0 */
	struct sysc_extra extra[2];
};

#define NOX { { NONE, 0, 0 }, { NONE, 0, 0 } }
#define SR BIT(1)  /* SYSCONFIG.SOFTRESET, the same bit in every module here */

/* The one table. */
static const struct sysc_mod mods[] = {
	/* display subsystem (DSS chapter): DSI; DSS, DISPC and RFBI share the
	 * page dss.c models */
	{ "DSI",   0x4804FC00, 0x400, 0x00, 0x10, 0x10, 0x0, 0x31D | SR, 0x14, NOX },
	{ "SSI",   0x48058000, 0x1000, 0x00, 0x10, 0x10, 0x0, 0x3019 | SR, 0x14, NOX },
	{ "USBTLL", 0x48062000, 0x1000, 0x00, 0x11, 0x10, 0x0, 0x11D | SR, 0x14, NOX },
	{ "UHH",   0x48064000, 0x400, 0x00, 0x10, 0x10, 0x0, 0x311D | SR, 0x14,
	  { { 0x40, 0x1C, 0x3F3D }, { NONE, 0, 0 } } },                 /* UHH_HOSTCONFIG */
	{ "McBSP1", 0x48074000, 0x1000, NONE, 0, 0x8C, 0x0, 0x31D | SR, NONE, NOX },
	{ "MAILBOX", 0x48094000, 0x1000, 0x00, 0x40, 0x10, 0x0, 0x19 | SR, 0x14, NOX },
	{ "McBSP5", 0x48096000, 0x1000, NONE, 0, 0x8C, 0x0, 0x31D | SR, NONE, NOX },
	{ "McSPI1", 0x48098000, 0x1000, 0x00, 0x21, 0x10, 0x0, 0x31D | SR, 0x14, NOX },
	{ "McSPI2", 0x4809A000, 0x1000, 0x00, 0x21, 0x10, 0x0, 0x31D | SR, 0x14, NOX },
	{ "RNG",   0x480A0000, 0x1000, 0x3C, 0x20, 0x40, 0x0, 0x1 | SR, 0x44, NOX },
	{ "AES1",  0x480A6000, 0x1000, 0x44, 0x22, 0x48, 0x0, 0x19 | SR, 0x4C, NOX },
	{ "USBOTG", 0x480AB000, 0x1000, 0x400, 0x33, 0x404, 0x0, 0x301D | SR, 0x408, NOX },
	{ "HDQ",   0x480B2000, 0x1000, 0x00, 0x10, 0x14, 0x0, 0x19 | SR, 0x18,
	  { { 0x0C, 0x0, 0x7F }, { NONE, 0, 0 } } },                        /* CTRL_STATUS */
	{ "McSPI3", 0x480B8000, 0x1000, 0x00, 0x21, 0x10, 0x0, 0x31D | SR, 0x14, NOX },
	{ "McSPI4", 0x480BA000, 0x1000, 0x00, 0x21, 0x10, 0x0, 0x31D | SR, 0x14, NOX },
	{ "ISPMMU", 0x480BD400, 0x400, 0x00, 0x11, 0x10, 0x0, 0x19 | SR, 0x14, NOX },
	{ "SHAM",  0x480C3000, 0x1000, 0x5C, 0x11, 0x60, 0x0, 0x19 | SR, 0x64, NOX },
	{ "AES2",  0x480C5000, 0x1000, 0x44, 0x22, 0x48, 0x0, 0x19 | SR, 0x4C, NOX },
	/* SmartReflex: ERRCONFIG carries the idle mode, no reset */
	{ "SR1",   0x480C9000, 0x1000, NONE, 0, 0x38, 0x0, 0x3000000, NONE, NOX },
	{ "SR2",   0x480CB000, 0x1000, NONE, 0, 0x38, 0x0, 0x3000000, NONE, NOX },
	{ "McBSP2", 0x49022000, 0x1000, NONE, 0, 0x8C, 0x0, 0x31D | SR, NONE, NOX },
	{ "McBSP3", 0x49024000, 0x1000, NONE, 0, 0x8C, 0x0, 0x31D | SR, NONE, NOX },
	{ "McBSP4", 0x49026000, 0x1000, NONE, 0, 0x8C, 0x0, 0x31D | SR, NONE, NOX },
	{ "McBSP2_ST", 0x49028000, 0x1000, NONE, 0, 0x10, 0x0, 0x1, NONE, NOX },
	{ "McBSP3_ST", 0x4902A000, 0x1000, NONE, 0, 0x10, 0x0, 0x1, NONE, NOX },
	{ "SGX",   0x5000FE00, 0x200, 0x00, 0x10205, 0x10, 0x0, 0x3C | SR, NONE,
	  { { 0x108, 0x0, 0x80000003 }, { NONE, 0, 0 } } },  /* OCP_DEBUG_CONFIG (ti-sysc quirk) */
};

struct sysc_state {
	uint32_t sysc[ARRAY_SIZE(mods)];
	uint32_t extra[ARRAY_SIZE(mods)][2];
};

static const struct sysc_mod *find(uint32_t page, uint32_t off, int *idx)
{
	uint32_t a = page + off;

	for (size_t i = 0; i < ARRAY_SIZE(mods); i++)
		if (a - mods[i].base < mods[i].size) {
			*idx = (int)i;
			return &mods[i];
		}
	return NULL;
}

static void reset_mod(struct sysc_state *st, int i)
{
	st->sysc[i] = mods[i].sysc_reset;
	for (int k = 0; k < 2; k++)
		st->extra[i][k] = mods[i].extra[k].reset;
}

static int sysc_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	uint32_t page = (uint32_t)(uintptr_t)opaque;
	struct sysc_state *st = s->sysc;
	int i;
	const struct sysc_mod *m = find(page, off, &i);
	uint32_t o;

	if (!m || size != 4 || (off & 3))
		return m ? SIM_EBUS : SIM_EUNIMPL;
	o = page + off - m->base;
	if (o == m->rev_off) {
		*val = m->rev;
	} else if (o == m->sysc_off) {
		*val = st->sysc[i];
	} else if (o == m->syss_off) {
		*val = 1;               /* RESETDONE: reset completes at once */
	} else {
		for (int k = 0; k < 2 && m->extra[k].off != NONE; k++)
			if (o == m->extra[k].off) {
				*val = st->extra[i][k];
				return 0;
			}
		return SIM_EUNIMPL;
	}
	return 0;
}

static int sysc_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	uint32_t page = (uint32_t)(uintptr_t)opaque;
	struct sysc_state *st = s->sysc;
	int i;
	const struct sysc_mod *m = find(page, off, &i);
	uint32_t o;

	if (!m || size != 4 || (off & 3))
		return m ? SIM_EBUS : SIM_EUNIMPL;
	o = page + off - m->base;
	if (o == m->rev_off || o == m->syss_off)
		return 0;               /* read-only */
	if (o == m->sysc_off) {
		if ((m->sysc_wmask & SR) && (val & SR))
			reset_mod(st, i);
		else
			st->sysc[i] = val & m->sysc_wmask & ~SR;
		return 0;
	}
	for (int k = 0; k < 2 && m->extra[k].off != NONE; k++)
		if (o == m->extra[k].off) {
			st->extra[i][k] = val & m->extra[k].wmask;
			return 0;
		}
	return SIM_EUNIMPL;
}

void sysc_init(struct sim *s)
{
	struct sysc_state *st = calloc(1, sizeof(*st));
	uint32_t done[ARRAY_SIZE(mods)];
	size_t ndone = 0;

	if (!st)
		abort();
	s->sysc = st;
	for (size_t i = 0; i < ARRAY_SIZE(mods); i++) {
		uint32_t page = mods[i].base & ~0xFFFu;
		size_t k;
		struct sim_dev d = { .name = mods[i].name, .base = page, .size = 0x1000,
				     .read = sysc_read, .write = sysc_write,
				     .opaque = (void *)(uintptr_t)page };

		reset_mod(st, (int)i);
		for (k = 0; k < ndone; k++)
			if (done[k] == page)
				break;
		if (k < ndone)
			continue;       /* DSS, DISPC, RFBI share a page */
		done[ndone++] = page;
		model_add_dev(s, &d);
	}
}
