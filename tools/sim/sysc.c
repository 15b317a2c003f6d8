// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the modules a booting Linux only identifies, resets and
 * idles (omap_hwmod and ti-sysc do that to every module in the device
 * tree), each with the registers of its OCP interface and nothing else:
 * REVISION (read-only), SYSCONFIG (read/write with the module's writable
 * bits; SOFTRESET self-clears and restores the reset values at once) and
 * SYSSTATUS (RESETDONE = 1). A few modules' reset paths in Linux touch one
 * more register (HDQ CTRL_STATUS, UHH_HOSTCONFIG, SGX OCP_DEBUG_CONFIG);
 * those are listed as plain storage with their writable bits. Any other offset is
 * SIM_EUNIMPL: a driver that goes further than a reset needs a real model.
 *
 * Where each register sits and which SYSCONFIG bits exist is taken from
 * the code that resets these modules on real boards, named next to each
 * entry (docs/references.md, "Module OCP registers"): Linux's ti,sysc
 * target-module nodes ("DT" below: "rev", "sysc", "syss" offsets and the
 * ti,sysc-mask bits) and its hwmod classes ("hwmod" below: rev_offs,
 * sysc_offs, syss_offs and the SYSC_HAS_* flags, type-1 layout: AUTOIDLE
 * bit 0, SOFTRESET 1, ENAWAKEUP 2, SIDLEMODE 4:3, CLOCKACTIVITY 9:8,
 * MIDLEMODE 13:12). SYSCONFIG resets to 0 here: no source at hand gives
 * the modules' reset values, and Linux writes the register before it
 * reads it. REVISION: only
 * USBTLL and UHH have values a source states (Linux's USBTLL and USB host
 * drivers compare them; their comments say the TRM does not give
 * them); the others are marked "no source" and are read by Linux only to
 * print them.
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
	uint32_t rev, rev36;     /* rev36: on the DM37x, when not 0 */
	uint16_t sysc_off;
	uint32_t sysc_reset, sysc_wmask;
	uint16_t syss_off;       /* NONE: reset done shows as SOFTRESET = 0 */
	struct sysc_extra extra[2];
	uint8_t only;            /* ONLY_34XX, ONLY_36XX: one SoC has it; 0: both */
};

#define ONLY_34XX 1             /* OMAP3430/3530 */
#define ONLY_36XX 2             /* OMAP3630/DM37x */

#define NOX { { NONE, 0, 0 }, { NONE, 0, 0 } }
#define SR BIT(1)  /* SYSCONFIG.SOFTRESET where the module has it (type 1) */
/* type-1 SYSCONFIG fields (omap_hwmod_sysc_type1) */
#define AUTOIDLE BIT(0)
#define ENAWAKEUP BIT(2)
#define SIDLE (3u << 3)
#define CLOCKACT (3u << 8)
#define MIDLE (3u << 12)
/* AES_MASK's other bits: DMA_IN_EN, DMA_OUT_EN, START, SIDLE */
#define AES_MASK_BITS (BIT(2) | BIT(3) | BIT(5) | (3u << 6))

/* The one table. rev36: REVISION on the DM37x when it differs (0: same). */
static const struct sysc_mod mods[] = {
	/* DSS chapter; DSS, DISPC and RFBI share the page dss.c models.
	 * hwmod omap3xxx_dsi_sysc: 0x00/0x10/0x14, AUTOIDLE,
	 * CLOCKACTIVITY, ENAWAKEUP, SIDLEMODE, SOFTRESET. REVISION: no source. */
	{ "DSI",   0x4804FC00, 0x400, 0x00, 0x10, 0, 0x10, 0x0,
	  AUTOIDLE | SR | ENAWAKEUP | SIDLE | CLOCKACT, 0x14, NOX, 0 },
	/* hwmod omap34xx_ssi_sysc: 0x00/0x10/0x14, AUTOIDLE,
	 * MIDLEMODE, SIDLEMODE, SOFTRESET. REVISION: no source. */
	{ "SSI",   0x48058000, 0x1000, 0x00, 0x10, 0, 0x10, 0x0,
	  AUTOIDLE | SR | SIDLE | MIDLE, 0x14, NOX, 0 },
	/* hwmod omap3xxx_usb_tll_hs_sysc: 0x00/0x10/0x14,
	 * CLOCKACTIVITY, SIDLEMODE, ENAWAKEUP, SOFTRESET, AUTOIDLE. REVISION:
	 * the USBTLL driver's OMAP_USBTLL_REV1 0x15 (OMAP3), REV2 0x18 (OMAP3630). */
	{ "USBTLL", 0x48062000, 0x1000, 0x00, 0x15, 0x18, 0x10, 0x0,
	  AUTOIDLE | SR | ENAWAKEUP | SIDLE | CLOCKACT, 0x14, NOX, 0 },
	/* hwmod omap3xxx_usb_host_hs_sysc: 0x00/0x10/0x14,
	 * MIDLEMODE, CLOCKACTIVITY, SIDLEMODE, ENAWAKEUP, SOFTRESET, AUTOIDLE.
	 * REVISION: the USB host driver's OMAP_USBHS_REV1 0x10 (OMAP3).
	 * UHH_HOSTCONFIG (0x40), which that driver writes at probe: its
	 * reset value and bits not checked against a source. */
	{ "UHH",   0x48064000, 0x400, 0x00, 0x10, 0, 0x10, 0x0,
	  AUTOIDLE | SR | ENAWAKEUP | SIDLE | CLOCKACT | MIDLE, 0x14,
	  { { 0x40, 0x1C, 0x3F3D }, { NONE, 0, 0 } }, 0 },
	/* hwmod omap3xxx_mcbsp_sysc: SYSCONFIG_REG 0x8C with
	 * CLOCKACTIVITY, ENAWAKEUP, SIDLEMODE, SOFTRESET and no AUTOIDLE; no
	 * REVISION, no SYSSTATUS (reset done shows as SOFTRESET = 0). */
	{ "McBSP1", 0x48074000, 0x1000, NONE, 0, 0, 0x8C, 0x0,
	  SR | ENAWAKEUP | SIDLE | CLOCKACT, NONE, NOX, 0 },
	/* hwmod omap3xxx_mailbox_sysc: 0x00/0x10/0x14,
	 * CLOCKACTIVITY, SIDLEMODE, SOFTRESET, AUTOIDLE. REVISION: no source. */
	{ "MAILBOX", 0x48094000, 0x1000, 0x00, 0x40, 0, 0x10, 0x0,
	  AUTOIDLE | SR | SIDLE | CLOCKACT, 0x14, NOX, 0 },
	{ "McBSP5", 0x48096000, 0x1000, NONE, 0, 0, 0x8C, 0x0,
	  SR | ENAWAKEUP | SIDLE | CLOCKACT, NONE, NOX, 0 },
	/* hwmod omap34xx_mcspi_sysc: 0x00/0x10/0x14,
	 * CLOCKACTIVITY, SIDLEMODE, ENAWAKEUP, SOFTRESET, AUTOIDLE. REVISION:
	 * no source. */
	{ "McSPI1", 0x48098000, 0x1000, 0x00, 0x21, 0, 0x10, 0x0,
	  AUTOIDLE | SR | ENAWAKEUP | SIDLE | CLOCKACT, 0x14, NOX, 0 },
	{ "McSPI2", 0x4809A000, 0x1000, 0x00, 0x21, 0, 0x10, 0x0,
	  AUTOIDLE | SR | ENAWAKEUP | SIDLE | CLOCKACT, 0x14, NOX, 0 },
	/* RNG (0x480A0000): its own model, rng.c (Linux's omap-rng reads it) */
	/* DT aes1_target: rev 0x44, sysc 0x48, syss 0x4C. The register
	 * at 0x48 is AES_MASK (the AES driver: AUTOIDLE 0, SOFTRESET
	 * 1, DMA_IN_EN 2, DMA_OUT_EN 3, START 5, SIDLE 6;
	 * hwmod omap3xxx_aes_sysc_fields: SIDLE field from bit
	 * 6, two bits wide). REVISION: no source. */
	{ "AES1",  0x480A6000, 0x1000, 0x44, 0x22, 0, 0x48, 0x0,
	  AUTOIDLE | SR | AES_MASK_BITS, 0x4C, NOX, 0 },
	/* USBOTG (0x480AB000) has its own model: musb.c */
	/* hwmod omap2_hdq1w_sysc: 0x00/0x14/0x18,
	 * SOFTRESET, AUTOIDLE. CTRL_STATUS (0x0C), which the HDQ driver touches at
	 * reset: reset value and bits not checked against a source. REVISION:
	 * no source. */
	{ "HDQ",   0x480B2000, 0x1000, 0x00, 0x10, 0, 0x14, 0x0, AUTOIDLE | SR, 0x18,
	  { { 0x0C, 0x0, 0x7F }, { NONE, 0, 0 } }, 0 },
	{ "McSPI3", 0x480B8000, 0x1000, 0x00, 0x21, 0, 0x10, 0x0,
	  AUTOIDLE | SR | ENAWAKEUP | SIDLE | CLOCKACT, 0x14, NOX, 0 },
	{ "McSPI4", 0x480BA000, 0x1000, 0x00, 0x21, 0, 0x10, 0x0,
	  AUTOIDLE | SR | ENAWAKEUP | SIDLE | CLOCKACT, 0x14, NOX, 0 },
	/* hwmod mmu_sysc (mmu_isp): 0x00/0x10/0x14,
	 * CLOCKACTIVITY, SIDLEMODE, SOFTRESET, AUTOIDLE. REVISION: no source. */
	{ "ISPMMU", 0x480BD400, 0x400, 0x00, 0x11, 0, 0x10, 0x0,
	  AUTOIDLE | SR | SIDLE | CLOCKACT, 0x14, NOX, 0 },
	/* hwmod omap3_sham_sysc: rev 0x5C, sysc 0x60, syss
	 * 0x64; omap3_sham_sysc_fields: SIDLE at bits 5:4, SOFTRESET 1,
	 * AUTOIDLE 0. The register is SHA_REG_MASK (the SHA driver:
	 * IT_EN 2 and DMA_EN 3 too). REVISION: no source. */
	{ "SHAM",  0x480C3000, 0x1000, 0x5C, 0x11, 0, 0x60, 0x0,
	  AUTOIDLE | SR | BIT(2) | BIT(3) | (3u << 4), 0x64, NOX, 0 },
	/* DT aes2_target: as AES1 */
	{ "AES2",  0x480C5000, 0x1000, 0x44, 0x22, 0, 0x48, 0x0,
	  AUTOIDLE | SR | AES_MASK_BITS, 0x4C, NOX, 0 },
	/* SmartReflex, two layouts at the same addresses. On the DM37x (SR
	 * IP v2): the 36xx DT's ti,sysc-omap3630-sr, only "sysc" = ERRCONFIG
	 * (0x38): SIDLEMODE 25:24, ENAWAKEUP 26 (hwmod
	 * omap36xx_sr_sysc_fields). On the OMAP3430/3530 (SR IP v1): the 34xx
	 * DT's ti,sysc-omap3430-sr, "sysc" = ERRCONFIG at 0x24 (Linux's
	 * smartreflex.h ERRCONFIG_V1) with only CLOCKACTIVITY, bits 21:20
	 * (hwmod omap34xx_sr_sysc_fields and ti-sysc's
	 * sysc_regbits_omap34xx_sr: clkact_shift 20); ti-sysc reads it when
	 * it first enables the module. Neither has REVISION, SYSSTATUS or a
	 * soft reset; the sensor and error registers are not modelled. */
	{ "SR1",   0x480C9000, 0x1000, NONE, 0, 0, 0x38, 0x0, 0x7000000, NONE, NOX, ONLY_36XX },
	{ "SR2",   0x480CB000, 0x1000, NONE, 0, 0, 0x38, 0x0, 0x7000000, NONE, NOX, ONLY_36XX },
	{ "SR1",   0x480C9000, 0x1000, NONE, 0, 0, 0x24, 0x0, 3u << 20, NONE, NOX, ONLY_34XX },
	{ "SR2",   0x480CB000, 0x1000, NONE, 0, 0, 0x24, 0x0, 3u << 20, NONE, NOX, ONLY_34XX },
	{ "McBSP2", 0x49022000, 0x1000, NONE, 0, 0, 0x8C, 0x0,
	  SR | ENAWAKEUP | SIDLE | CLOCKACT, NONE, NOX, 0 },
	{ "McBSP3", 0x49024000, 0x1000, NONE, 0, 0, 0x8C, 0x0,
	  SR | ENAWAKEUP | SIDLE | CLOCKACT, NONE, NOX, 0 },
	{ "McBSP4", 0x49026000, 0x1000, NONE, 0, 0, 0x8C, 0x0,
	  SR | ENAWAKEUP | SIDLE | CLOCKACT, NONE, NOX, 0 },
	/* hwmod omap3xxx_mcbsp_sidetone_sysc: SYSCONFIG 0x10,
	 * AUTOIDLE only */
	{ "McBSP2_ST", 0x49028000, 0x1000, NONE, 0, 0, 0x10, 0x0, AUTOIDLE, NONE, NOX, 0 },
	{ "McBSP3_ST", 0x4902A000, 0x1000, NONE, 0, 0, 0x10, 0x0, AUTOIDLE, NONE, NOX, 0 },
	/* the 34xx DT's sgx_module (OMAP3530): a ti,sysc-omap2 target with
	 * only "rev" at 0x14 of the SGX core, its EUR_CR_CORE_REVISION
	 * (major 23:16, minor 15:8, maintenance 7:0); no SYSCONFIG, no reset.
	 * 0x10201: SGX530 core revision 1.2.1, the one TI's graphics SDK
	 * builds for the OMAP3530 ES3.x (its SGXCOREREV 121); no TRM value. */
	{ "SGX34", 0x50000000, 0x4000, 0x14, 0x10201, 0, NONE, 0x0, 0x0, NONE, NOX, ONLY_34XX },
	/* the 36xx DT's sgx_module: rev 0xFE00, sysc 0xFE10 in the
	 * ti,sysc-omap4 layout with only SIDLEMODE (3:2) and MIDLEMODE (5:4);
	 * no SOFTRESET, no SYSSTATUS. REVISION: no source for the OCP wrapper's
	 * value (0x10205 is the SGX530 core revision 1.2.5 that TI's graphics
	 * SDK builds for the 3630). OCP_DEBUG_CONFIG (0xFF08 of the module),
	 * which ti-sysc's SGX quirk writes. */
	{ "SGX",   0x5000FE00, 0x200, 0x00, 0x10205, 0, 0x10, 0x0, 0x3C, NONE,
	  { { 0x108, 0x0, 0x80000003 }, { NONE, 0, 0 } }, 0 },
};

struct sysc_state {
	uint32_t sysc[ARRAY_SIZE(mods)];
	uint32_t extra[ARRAY_SIZE(mods)][2];
};

static void reset_mod(struct sysc_state *st, int i)
{
	st->sysc[i] = mods[i].sysc_reset;
	for (int k = 0; k < 2; k++)
		st->extra[i][k] = mods[i].extra[k].reset;
}

/* The module behind page + off on this SoC, or NULL; its index and the
 * offset inside. */
static const struct sysc_mod *lookup(const struct sim *s, uint32_t page, uint32_t off, int *idx,
				     uint32_t *o)
{
	uint32_t a = page + off;
	uint8_t other = s->cfg.soc == SOC_DM3730 ? ONLY_34XX : ONLY_36XX;

	for (size_t i = 0; i < ARRAY_SIZE(mods); i++)
		if (a - mods[i].base < mods[i].size && mods[i].only != other) {
			*idx = (int)i;
			*o = a - mods[i].base;
			return &mods[i];
		}
	return NULL;
}

/* Both directions: REVISION and SYSSTATUS read-only, SYSCONFIG with the
 * module's bits (SOFTRESET restores the reset values at once), the extra
 * registers as storage; anything else is not modelled. */
static int sysc_access(struct sim *s, uint32_t page, uint32_t off, unsigned size, bool write,
		       uint32_t *val)
{
	struct sysc_state *st = s->sysc;
	int i = 0;
	uint32_t o = 0;
	const struct sysc_mod *m = lookup(s, page, off, &i, &o);
	uint32_t *reg = NULL, wmask = 0;

	if (!m)
		return SIM_EUNIMPL;
	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (o == m->rev_off || o == m->syss_off) {
		if (!write)     /* SYSSTATUS.RESETDONE: reset completes at once */
			*val = o == m->syss_off ? 1 :
			       s->cfg.soc == SOC_DM3730 && m->rev36 ? m->rev36 : m->rev;
		return 0;
	}
	if (o == m->sysc_off) {
		if (write && (m->sysc_wmask & SR) && (*val & SR)) {
			reset_mod(st, i);
			return 0;
		}
		reg = &st->sysc[i];
		wmask = m->sysc_wmask & ~SR;
	}
	for (int k = 0; !reg && k < 2 && m->extra[k].off != NONE; k++)
		if (o == m->extra[k].off) {
			reg = &st->extra[i][k];
			wmask = m->extra[k].wmask;
		}
	if (!reg)
		return SIM_EUNIMPL;
	if (write)
		*reg = *val & wmask;
	else
		*val = *reg;
	return 0;
}

static int sysc_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	return sysc_access(s, (uint32_t)(uintptr_t)opaque, off, size, false, val);
}

static int sysc_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	return sysc_access(s, (uint32_t)(uintptr_t)opaque, off, size, true, &val);
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
			continue;       /* DSS, DISPC, RFBI share a page; SR's two layouts */
		done[ndone++] = page;
		model_add_dev(s, &d);
	}
}
