// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the General-Purpose Memory Controller (GPMC, 0x6E000000),
 * SPRUF98/SPRUGN4 chapter "Memory Subsystem", GPMC section,
 * with the NAND chip of nand.c on chip select 0.
 *
 * Semantics modelled:
 *  - every register of §4.1 with [Q]'s reset values where it lists one
 *    (CONFIG1 and CONFIG6 reset to 0; CS0 starts valid, CONFIG7_0 = 0xF40,
 *    and 16-bit, CONFIG1_0 = 0x1000, as the x16 SYS_BOOT strapping selects);
 *    32-bit accesses only, except the NAND ports; SYSCONFIG.SOFTRESET
 *    restores the reset values at once (SYSSTATUS.RESETDONE stays 1);
 *  - NAND_COMMAND_i / NAND_ADDRESS_i / NAND_DATA_i (8-, 16- or 32-bit
 *    accesses): only on a chip select configured as NAND (CONFIG1
 *    DEVICETYPE = 2) and valid (CONFIG7.CSVALID), otherwise the run stops.
 *    An access is split into bus cycles of the configured device width;
 *    each data cycle moves one 16-bit word of the x16 chip (an 8-bit
 *    configuration sees only its low byte) and costs RDCYCLETIME or
 *    WRCYCLETIME GPMC_FCLK (L3) periods, doubled by TIMEPARAGRANULARITY.
 *    Only CS0 has a chip; other chip selects and a machine without --nand
 *    read 0 (a floating bus) and ignore writes;
 *  - GPMC_STATUS: WAIT0 (bit 8) is the chip's R/B# (1 = ready, also with no
 *    chip: pulled up), WAIT1-3 read 1, EMPTYWRITEBUFFERSTATUS 1;
 *    IRQSTATUS.WAIT0EDGEDETECTIONSTATUS sets when the chip becomes ready;
 *  - GPMC_CONFIG.WRITEPROTECT drives the chip's WP# (0 = protected);
 *  - the Hamming ECC engine (§4.2): with ECC_CONFIG.ECCENABLE, every byte
 *    moved through the NAND_DATA port of chip select ECCCS is folded into
 *    the running parity (nand_ecc.c, from the TRM: with ECC16B the column
 *    parities run over the 16 bits of each word, the row parities over word
 *    addresses); after the sector size that ECC_SIZE_CONFIG selects for
 *    the current result register (ECCSIZE0/1 + 1 words of 2 bytes) the
 *    result lands in ECC<ECCPOINTER>_RESULT and the pointer moves on, up
 *    to result 9, after which the engine computes nothing more.
 *    ECC_CONTROL.ECCCLEAR zeroes all results. ECC16B selects the word engine
 *    (an 8-bit engine on a 16-bit bus takes the low byte first). BCH (ECC_CONFIG bit 16) is
 *    not modelled: enabling it stops the run, and the BCH result registers
 *    are not implemented;
 *  - the prefetch engine in read mode (see prefetch_start()); write
 *    posting stops the run;
 *  - CS0 as a NOR-like device: the package's OneNAND answers its ID
 *    registers (onenand_read()); without one the bus reads 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/nand_ecc.h"
#include "tools/sim/nand.h"

#define GPMC_BASE      0x6E000000u
#define SYSCONFIG      0x010
#define SYSSTATUS      0x014
#define IRQSTATUS      0x018
#define IRQENABLE      0x01C
#define TIMEOUT_CTRL   0x040
#define ERR_ADDRESS    0x044
#define ERR_TYPE       0x048
#define CONFIG         0x050
#define STATUS         0x054
#define CS_BASE(i)     (0x060 + 0x30 * (i))
#define CS_CONFIG(i, n) (CS_BASE(i) + 4 * ((n) - 1))   /* n = 1..7 */
#define PORT_CMD       0x1C
#define PORT_ADDR      0x20
#define PORT_DATA      0x24
#define PREF_CONFIG1   0x1E0
#define PREF_CONFIG2   0x1E4
#define PREF_CONTROL   0x1EC
#define PREF_STATUS    0x1F0
#define ECC_CONFIG     0x1F4
#define ECC_CONTROL    0x1F8
#define ECC_SIZE       0x1FC
#define ECC_RESULT(n)  (0x200 + 4 * ((n) - 1))         /* n = 1..9 */

#define CONFIG_WP      BIT(4)
#define ECC_EN         BIT(0)
#define ECC_16B        BIT(7)
#define ECC_BCH        BIT(16)

struct gpmc {
	struct regfile rf;
	struct nand *chip;
	uint32_t ecc_ptr;          /* 1..9 next result, 10 = done, 0 = none */
	struct sim_ham ecc_acc;    /* the sector being folded (nand_ecc.c) */
	uint32_t ecc_count;        /* bytes of it so far */
	uint32_t ecc_res[9];
	uint64_t edge_at;          /* the chip's ready time to flag, 0 = none */
	/* the prefetch engine in read mode: bytes fetched from the chip, not
	 * yet read by the CPU from the chip-select window */
	uint8_t pf_buf[0x4000];
	uint32_t pf_len, pf_pos;
	bool pf_active;
	bool warn_width;
};

static struct reg_def gpmc_regs[17 + 8 * 7 + 9];
static size_t ngpmc_regs;

static void build_table(void)
{
	static const struct reg_def fixed[] = {
		{ 0x000, REG_RO, 0x50, 0 },                  /* REVISION */
		{ SYSCONFIG, REG_FN, 0x0, 0x19 },
		{ SYSSTATUS, REG_RO, 0x1, 0 },
		{ IRQSTATUS, REG_W1C, 0x0, 0xF03 },
		{ IRQENABLE, REG_RW, 0x0, 0xF03 },
		{ TIMEOUT_CTRL, REG_RW, 0x1FF0, 0x1FF1 },
		{ ERR_ADDRESS, REG_RO, 0x0, 0 },
		{ ERR_TYPE, REG_W1C, 0x0, 0x1 },
		{ CONFIG, REG_FN, 0xA00, 0xF13 },
		{ STATUS, REG_FN, 0x0, 0 },
		{ PREF_CONFIG1, REG_RW, 0x4000, 0x7F8F7FFB },
		{ PREF_CONFIG2, REG_RW, 0x0, 0x3FFF },
		{ PREF_CONTROL, REG_FN, 0x0, 0x1 },
		{ PREF_STATUS, REG_RO, 0x0, 0 },
		{ ECC_CONFIG, REG_FN, 0x0, 0x13FFF },
		{ ECC_CONTROL, REG_FN, 0x0, 0 },
		{ ECC_SIZE, REG_RW, 0x3FCFF000, 0x3FCFF1FF },
	};
	static const uint32_t wmask[7] = {
		0xFFEF3F13, 0x001F1F8F, 0x001F1F8F, 0x1F8F1F8F, 0x0F1F1F1F, 0x1F0F0FCF, 0xF7F,
	};
	static const uint32_t reset[7] = {
		0x0, 0x101001, 0x020201, 0x10031003, 0x10F1111, 0x0, 0xF00,
	};
	size_t n = 0;

	if (ngpmc_regs)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(fixed); i++)
		gpmc_regs[n++] = fixed[i];
	for (unsigned cs = 0; cs < 8; cs++) {
		for (unsigned r = 1; r <= 7; r++) {
			uint32_t rv = reset[r - 1];

			if (cs == 0 && r == 1)
				rv = 0x1000;
			if (cs == 0 && r == 7)
				rv = 0xF40;
			gpmc_regs[n++] = (struct reg_def){ (uint16_t)CS_CONFIG(cs, r), REG_RW, rv,
							   wmask[r - 1] };
		}
	}
	for (unsigned k = 1; k <= 9; k++)
		gpmc_regs[n++] = (struct reg_def){ (uint16_t)ECC_RESULT(k), REG_FN, 0, 0 };
	ngpmc_regs = n;
}

static uint32_t reg(struct gpmc *g, uint32_t off)
{
	return *regfile_ptr(&g->rf, off);
}

static void ecc_clear(struct gpmc *g)
{
	memset(g->ecc_res, 0, sizeof(g->ecc_res));
	sim_ham_start(&g->ecc_acc, false);
	g->ecc_count = 0;
}

static void soft_reset(struct gpmc *g)
{
	g->pf_active = false;
	regfile_reset(&g->rf);
	ecc_clear(g);
	g->ecc_ptr = 0;
	g->edge_at = 0;
	if (g->chip)
		nand_set_wp(g->chip, true);
}

/* ---------------------------------------------------------------- ECC */

/* One bus unit through the engine: a byte, or with ECC16B a 16-bit word
 * (whose bit order nand_ecc.c takes from the TRM, not from the firmware). */
static void ecc_unit(struct gpmc *g, uint16_t u, unsigned bytes)
{
	uint32_t sizes = reg(g, ECC_SIZE), words;
	bool x16 = reg(g, ECC_CONFIG) & ECC_16B;

	if (g->ecc_ptr < 1 || g->ecc_ptr > 9)
		return;
	words = sizes & BIT(g->ecc_ptr - 1) ? FIELD_GET(GENMASK(29, 22), sizes)
					    : FIELD_GET(GENMASK(19, 12), sizes);
	if (!g->ecc_count)
		sim_ham_start(&g->ecc_acc, x16);
	if (x16 && bytes == 2) {
		sim_ham_feed(&g->ecc_acc, u);
	} else {
		/* an 8-bit engine on whatever the bus carries, low byte first */
		for (unsigned i = 0; i < bytes; i++)
			sim_ham_feed(&g->ecc_acc, (uint8_t)(u >> (8 * i)));
	}
	g->ecc_count += bytes;
	if (g->ecc_count >= (words + 1) * 2) {
		g->ecc_res[g->ecc_ptr - 1] = sim_ham_result(&g->ecc_acc);
		g->ecc_count = 0;
		g->ecc_ptr++;
	}
}

/* ---------------------------------------------------------------- ports */

static uint64_t cycle_ps(struct sim *s, struct gpmc *g, unsigned cs, bool write)
{
	uint32_t c5 = reg(g, CS_CONFIG(cs, 5));
	uint32_t ticks = write ? FIELD_GET(GENMASK(12, 8), c5) : FIELD_GET(GENMASK(4, 0), c5);
	uint64_t hz = prcm_l3_hz(s);

	if (!ticks)
		ticks = 1;
	if (reg(g, CS_CONFIG(cs, 1)) & BIT(4))
		ticks *= 2;
	return hz ? ps_for_ticks(ticks, hz) : 0;
}

static int port_access(struct sim *s, struct gpmc *g, unsigned cs, uint32_t rel,
		       unsigned size, bool write, uint32_t *val)
{
	uint32_t c1 = reg(g, CS_CONFIG(cs, 1)), ecfg = reg(g, ECC_CONFIG);
	unsigned width = FIELD_GET(GENMASK(13, 12), c1) == 1 ? 2 : 1;
	unsigned cycles = size > width ? size / width : 1;
	struct nand *chip = cs == 0 ? g->chip : NULL;
	bool ecc = rel == PORT_DATA && (ecfg & ECC_EN) && FIELD_GET(GENMASK(3, 1), ecfg) == cs;
	uint32_t out = 0;

	if (FIELD_GET(GENMASK(11, 10), c1) != 2 || !(reg(g, CS_CONFIG(cs, 7)) & BIT(6))) {
		sim_stop(s, SIM_FAULT, "GPMC: NAND port of CS%u used, but CS%u is not a valid NAND "
			 "chip select (CONFIG1 0x%08x, CONFIG7 0x%08x)", cs, cs, c1,
			 reg(g, CS_CONFIG(cs, 7)));
		*val = 0;
		return 0;
	}
	if (ecc && !!(ecfg & ECC_16B) != (width == 2))
		model_warn_once(&g->warn_width, "GPMC: ECC16B does not match CS%u's device width", cs);
	if (rel != PORT_DATA && write && cycles > 1)
		cycles = 1;   /* one command or address cycle: the low byte */
	sim_advance_ps(s, cycles * cycle_ps(s, g, cs, write));
	for (unsigned i = 0; i < cycles && !s->result; i++) {
		uint32_t w = width == 2 ? (write ? *val >> (16 * i) : 0) & 0xFFFF
					: (write ? *val >> (8 * i) : 0) & 0xFF;

		if (!chip) {
			continue;
		} else if (rel == PORT_CMD) {
			if (write)
				nand_command(s, chip, (uint8_t)w);
		} else if (rel == PORT_ADDR) {
			if (write)
				nand_address(s, chip, (uint8_t)w);
		} else if (write) {
			nand_data_write(s, chip, width == 2 ? (uint16_t)w : (uint16_t)(0xFF00 | w));
		} else {
			w = nand_data_read(s, chip);
			if (width == 1)
				w &= 0xFF;
			out |= w << (width * 8 * i);
		}
		if (ecc)
			ecc_unit(g, (uint16_t)w, width);
	}
	if (chip && !nand_ready(s, chip))
		g->edge_at = s->now_ps ? s->now_ps : 1;
	if (!write)
		*val = rel == PORT_DATA ? out : 0;
	return 0;
}

static bool port_of(uint32_t off, unsigned *cs, uint32_t *rel)
{
	if (off < CS_BASE(0) || off >= CS_BASE(8))
		return false;
	*cs = (off - CS_BASE(0)) / 0x30;
	*rel = (off - CS_BASE(0)) % 0x30;
	return *rel == PORT_CMD || *rel == PORT_ADDR || *rel == PORT_DATA;
}

/* ---------------------------------------------------------------- prefetch */

/*
 * The prefetch engine, read mode (PREFETCH_CONFIG1.ACCESSMODE = 0): it
 * reads PREFETCH_CONFIG2 bytes from the NAND of ENGINECSSELECTOR through
 * the same bus cycles as the data port (so the ECC engine sees them) into
 * its 64-byte FIFO, which the CPU empties by reading the chip select's
 * address window. Modelled: the whole transfer is fetched at the start;
 * PREFETCH_STATUS.FIFOPOINTER shows min(64, bytes left), COUNTVALUE 0;
 * PREFETCH_CONTROL reads 1 until the CPU has read everything or writes 0.
 * Write posting (ACCESSMODE = 1) stops the run.
 */
static int prefetch_start(struct sim *s, struct gpmc *g)
{
	uint32_t c1 = reg(g, PREF_CONFIG1), count = reg(g, PREF_CONFIG2) & 0x3FFF;
	unsigned cs = FIELD_GET(GENMASK(26, 24), c1);
	unsigned width = FIELD_GET(GENMASK(13, 12), reg(g, CS_CONFIG(cs, 1))) == 1 ? 2 : 1;

	if (!(c1 & BIT(7)) || (c1 & BIT(0))) {
		sim_stop(s, SIM_FAULT, "GPMC: PREFETCH_CONFIG1 0x%08x: only the enabled engine in "
			 "read mode is modelled (write posting is not)", c1);
		return 0;
	}
	g->pf_len = g->pf_pos = 0;
	while (g->pf_len + width <= count && g->pf_len + width <= sizeof(g->pf_buf) && !s->result) {
		uint32_t w = 0;

		port_access(s, g, cs, PORT_DATA, width, false, &w);
		g->pf_buf[g->pf_len++] = (uint8_t)w;
		if (width == 2)
			g->pf_buf[g->pf_len++] = (uint8_t)(w >> 8);
	}
	g->pf_active = true;
	return 0;
}

/*
 * The OneNAND's asynchronous read timings, in ps: tAVDP (nADV low) 12 ns,
 * tAAVDH (address hold after nADV) 7 ns, tCE / tAA (data after nCS /
 * address) 76 ns, tOE (data after nOE) 20 ns, tCEZ (bus released after
 * nCS) 20 ns: the figures Linux's omap2 OneNAND driver gives its GPMC
 * timing calculation for this part (docs/references.md).
 */
#define ONENAND_TAVDP  12000u
#define ONENAND_TAAVDH 7000u
#define ONENAND_TAA    76000u
#define ONENAND_TOE    20000u
#define ONENAND_TCEZ   20000u

/* The first read timing of CS0's CONFIG2-5 that the OneNAND does not meet
 * (SPRUF98/SPRUGN4 "GPMC", asynchronous single read: every event counted
 * in GPMC_FCLK ticks from the start of the access), or NULL. */
static const char *onenand_timing_fault(struct sim *s, struct gpmc *g, char *buf, size_t n)
{
	uint32_t c2 = reg(g, CS_CONFIG(0, 2)), c3 = reg(g, CS_CONFIG(0, 3));
	uint32_t c4 = reg(g, CS_CONFIG(0, 4)), c5 = reg(g, CS_CONFIG(0, 5));
	uint64_t hz = prcm_l3_hz(s);
	uint64_t tick = hz ? ps_for_ticks(reg(g, CS_CONFIG(0, 1)) & BIT(4) ? 2 : 1, hz) : 0;
	uint64_t cs_on = (c2 & 0xF) * tick, cs_off = FIELD_GET(GENMASK(12, 8), c2) * tick;
	uint64_t adv_on = (c3 & 0xF) * tick, adv_off = FIELD_GET(GENMASK(12, 8), c3) * tick;
	uint64_t oe_on = (c4 & 0xF) * tick, oe_off = FIELD_GET(GENMASK(12, 8), c4) * tick;
	uint64_t acc = FIELD_GET(GENMASK(20, 16), c5) * tick, cyc = (c5 & 0x1F) * tick;
	const char *what = NULL;

	if (!tick)
		return NULL;
	if (adv_off < adv_on + ONENAND_TAVDP)
		what = "nADV low shorter than tAVDP 12 ns";
	else if (oe_on < adv_off + ONENAND_TAAVDH)
		what = "nOE before the address is held tAAVDH 7 ns after nADV";
	else if (acc < adv_on + ONENAND_TAA || acc < cs_on + ONENAND_TAA)
		what = "data sampled (RDACCESSTIME) before tAA/tCE 76 ns";
	else if (acc < oe_on + ONENAND_TOE)
		what = "data sampled (RDACCESSTIME) before tOE 20 ns after nOE";
	else if (oe_off <= acc || cs_off <= acc)
		what = "nOE or nCS off before the data is sampled";
	else if (cyc < cs_off + ONENAND_TCEZ)
		what = "RDCYCLETIME ends before the OneNAND releases the bus (tCEZ 20 ns)";
	if (what)
		snprintf(buf, n, "%s (CONFIG2-5 0x%08x 0x%08x 0x%08x 0x%08x, tick %.2f ns at L3 "
			 "%.1f MHz)", what, c2, c3, c4, c5, tick / 1000.0, hz / 1e6);
	return what ? buf : NULL;
}

/*
 * A read of CS0 as a NOR-like device. The A5's OneNAND (parts.c) answers
 * its ID registers, 16-bit words at word addresses 0xF000-0xF002, to
 * asynchronous single reads with the address/data multiplexing it is wired
 * for (CONFIG1 DEVICESIZE 16-bit, MUXADDDATA, READTYPE async) and timings
 * it meets (onenand_timing_fault()): any other set-up, or another
 * register, stops the run. Without a OneNAND nothing drives the bus: it
 * reads 0.
 */
static int onenand_read(struct sim *s, struct gpmc *g, uint32_t off, unsigned size,
			uint32_t *val)
{
	const struct sim_part *p = &s->cfg.part;
	uint32_t c1 = reg(g, CS_CONFIG(0, 1)), w = off / 2;
	char why[200];

	sim_advance_ps(s, cycle_ps(s, g, 0, false));
	*val = 0;
	if (p->flash != FLASH_ONENAND)
		return 0;
	if (FIELD_GET(GENMASK(13, 12), c1) != 1 || FIELD_GET(GENMASK(9, 8), c1) != 2 ||
	    (c1 & BIT(29))) {
		sim_stop(s, SIM_FAULT, "GPMC CS0: OneNAND read with CONFIG1 0x%08x: the package's "
			 "OneNAND (%s) is 16-bit, address/data multiplexed (DEVICESIZE 1, "
			 "MUXADDDATA 2); only asynchronous reads (READTYPE 0) are modelled",
			 c1, p->name);
		return 0;
	}
	if (onenand_timing_fault(s, g, why, sizeof(why))) {
		sim_stop(s, SIM_FAULT, "GPMC CS0: OneNAND (%s) read: %s", p->name, why);
		return 0;
	}
	if (size != 2 || (off & 1) || w < 0xF000 || w > 0xF002) {
		sim_stop(s, SIM_FAULT, "GPMC CS0: OneNAND %u-byte read at word 0x%05x: only the "
			 "ID registers 0xF000-0xF002 are modelled, as 16-bit reads", size, w);
		return 0;
	}
	*val = p->onenand_id[w - 0xF000];
	return 0;
}

/* The chip-select window at 0x30000000 (CONFIG7 base 0x30, as gtaboot and
 * U-Boot map the NAND): the prefetch FIFO, or CS0 as a NOR-like device
 * (the OneNAND's registers). */
static int window_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	struct gpmc *g = opaque;
	uint32_t c1 = reg(g, CS_CONFIG(0, 1)), c7 = reg(g, CS_CONFIG(0, 7));

	if (!g->pf_active && (c7 & BIT(6)) && FIELD_GET(GENMASK(5, 0), c7) == 0x30 &&
	    FIELD_GET(GENMASK(11, 10), c1) == 0)
		return onenand_read(s, g, off, size, val);
	if (!g->pf_active || g->pf_pos + size > g->pf_len)
		return SIM_EUNIMPL;   /* direct access to a NAND chip select */
	*val = 0;
	for (unsigned i = 0; i < size; i++)
		*val |= (uint32_t)g->pf_buf[g->pf_pos++] << (8 * i);
	return 0;
}

static int window_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	return SIM_EUNIMPL;
}

/* ---------------------------------------------------------------- MMIO */

static void update_edge(struct sim *s, struct gpmc *g)
{
	/* the chip went busy: flag its return to ready once that time passed */
	if (g->edge_at && g->chip && nand_ready(s, g->chip)) {
		*regfile_ptr(&g->rf, IRQSTATUS) |= BIT(8);
		g->edge_at = 0;
	}
}

static int gpmc_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	struct gpmc *g = opaque;
	unsigned cs;
	uint32_t rel;

	if (port_of(off, &cs, &rel))
		return port_access(s, g, cs, rel, size, false, val);
	if (size != 4 || (off & 3))
		return SIM_EBUS;
	update_edge(s, g);
	switch (off) {
	case STATUS:
		*val = BIT(0) | BIT(9) | BIT(10) | BIT(11);
		if (!g->chip || nand_ready(s, g->chip))
			*val |= BIT(8);
		sim_clock_read(s);
		return 0;
	case ECC_CONTROL:
		*val = g->ecc_ptr & 0xF;
		return 0;
	case PREF_CONTROL:
		*val = g->pf_active && g->pf_pos < g->pf_len;
		return 0;
	case PREF_STATUS:
		*val = g->pf_active ? MIN(64u, g->pf_len - g->pf_pos) << 24 : 0;
		return 0;
	}
	if (off >= ECC_RESULT(1) && off <= ECC_RESULT(9)) {
		*val = g->ecc_res[(off - ECC_RESULT(1)) / 4] & 0x0FFF0FFF;
		return 0;
	}
	return regfile_read(&g->rf, off, val);
}

static int gpmc_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	struct gpmc *g = opaque;
	unsigned cs;
	uint32_t rel;
	int ret;

	if (port_of(off, &cs, &rel))
		return port_access(s, g, cs, rel, size, true, &val);
	if (size != 4 || (off & 3))
		return SIM_EBUS;
	update_edge(s, g);
	switch (off) {
	case SYSCONFIG:
		if (val & BIT(1)) {
			soft_reset(g);
			return 0;
		}
		break;
	case ECC_CONTROL:
		if (val & BIT(8))
			ecc_clear(g);
		g->ecc_ptr = val & 0xF;
		g->ecc_count = 0;
		return 0;
	case ECC_CONFIG:
		if ((val & ECC_EN) && (val & ECC_BCH)) {
			sim_stop(s, SIM_FAULT, "GPMC: BCH ECC (ECC_CONFIG 0x%08x) is not modelled", val);
			return 0;
		}
		break;
	case PREF_CONTROL:
		if (val & BIT(0))
			return prefetch_start(s, g);
		g->pf_active = false;     /* STARTENGINE = 0 stops it */
		break;
	}
	if (off >= ECC_RESULT(1) && off <= ECC_RESULT(9))
		return 0;    /* read-only */
	ret = regfile_write(&g->rf, off, val);
	if (!ret && off == CONFIG && g->chip)
		nand_set_wp(g->chip, !(val & CONFIG_WP));
	return ret;
}

void gpmc_rom_nand_setup(struct sim *s)
{
	/* What the ROM leaves after a NAND boot is not documented; these are
	 * the CS0 values U-Boot and X-Loader program for these boards. */
	static const uint32_t cfg[7] = {
		0x00001800, 0x00141400, 0x00141400, 0x0F010F01, 0x010C1414, 0x1F0F0A80, 0x00000F70,
	};
	struct gpmc *g = s->gpmc;

	if (!g)
		return;
	for (unsigned r = 1; r <= 7; r++)
		*regfile_ptr(&g->rf, CS_CONFIG(0, r)) = cfg[r - 1];
}

void gpmc_init(struct sim *s)
{
	struct gpmc *g = calloc(1, sizeof(*g));
	struct sim_dev d = {
		.name = "GPMC", .base = GPMC_BASE, .size = 0x1000,
		.read = gpmc_read, .write = gpmc_write,
	};
	struct sim_dev w = {
		.name = "GPMC CS window", .base = 0x30000000, .size = 0x1000000,
		.read = window_read, .write = window_write,
	};

	if (!g)
		abort();
	build_table();
	regfile_init(&g->rf, gpmc_regs, ngpmc_regs, 0x1000);
	g->chip = nand_create(s);
	soft_reset(g);
	s->gpmc = g;
	s->nand = g->chip;
	d.opaque = g;
	model_add_dev(s, &d);
	w.opaque = g;
	model_add_dev(s, &w);
}
