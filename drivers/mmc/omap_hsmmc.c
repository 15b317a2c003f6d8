// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The OMAP3 MMC/SD host controller, PIO only (TRM chapter 22 "MMC/SD/SDIO
 * Card Interface", SPRUF98/SPRUGN4 "MMC/SD/SDIO": the OMAP3 layout with SYSCONFIG at
 * 0x010 and the command block at 0x100), reads and writes. Listed for
 * both images (Makefile BOTH_SRCS): the early image keeps the read path,
 * the SDRAM image's copy adds the write path (docs/design.md "Two images").
 */
#include "drivers/mmc/omap_hsmmc.h"
#include "drivers/mmc/omap_hsmmc_regs.h"

#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/printf.h"

static uint32_t mmc_rd(struct omap_hsmmc *h, unsigned off)
{
	return readl(h->cfg->base + off);
}

static void mmc_wr(struct omap_hsmmc *h, unsigned off, uint32_t v)
{
	writel(v, h->cfg->base + off);
}

static int mmc_poll(struct omap_hsmmc *h, unsigned off, uint32_t mask, uint32_t want, uint32_t us)
{
	return poll32(h->cfg->base + off, mask, want, us);
}

/* Messages of both paths, as named arrays: gcc puts a literal two functions
 * share in the string section of one of them, and the early image, which
 * keeps only the reads, would then keep the write path's strings too. */
static const char msg_busy[] = "controller busy";
static const char msg_no_cc[] = "no command completion";
static const char msg_no_tc[] = "transfer did not complete";

/* STAT with any of bits (or an error) set; 0 on timeout. */
static uint32_t mmc_wait_stat(struct omap_hsmmc *h, uint32_t bits, uint32_t us)
{
	uint32_t st;

	return poll_reg(h->cfg->base + STAT, POLL_32 | POLL_ANY, bits | ST_ERRI, 0, us, &st)
		? 0 : st;
}

static const char *hsmmc_error_name(uint32_t st)
{
	static const struct { uint32_t bit; const char *name; } names[] = {
		{ ST_CTO, "command timeout" }, { ST_CCRC, "command CRC error" },
		{ ST_CEB, "command end-bit error" }, { ST_CIE, "command index error" },
		{ ST_DTO, "data timeout" }, { ST_DCRC, "data CRC error" },
		{ ST_DEB, "data end-bit error" }, { ST_ACE, "auto CMD12 error" },
		{ ST_CERR, "card error" }, { ST_BADA, "bad data access" },
	};

	for (unsigned i = 0; i < ARRAY_SIZE(names); i++)
		if (st & names[i].bit)
			return names[i].name;
	return "unknown error";
}

static int hsmmc_error_code(uint32_t st)
{
	if (st & (ST_CTO | ST_DTO))
		return -ETIMEDOUT;
	if (st & (ST_CCRC | ST_DCRC))
		return -EBADMSG;
	return -EIO;
}

/* Reset the CMD and/or DAT state machines after an error. */
static void hsmmc_reset_lines(struct omap_hsmmc *h, uint32_t which)
{
	mmc_wr(h, SYSCTL, mmc_rd(h, SYSCTL) | which);
	if (mmc_poll(h, SYSCTL, which, 0, RESET_US))
		printf("%s: line reset did not complete\n", h->cfg->name);
}

static int hsmmc_set_clock(void *host, uint32_t hz)
{
	struct omap_hsmmc *h = host;
	uint32_t clkd = (h->cfg->fclk_hz + hz - 1) / hz;
	uint32_t v;

	if (!hz)
		return -EINVAL;
	clkd = clkd < 1 ? 1 : clkd > 1023 ? 1023 : clkd;
	v = mmc_rd(h, SYSCTL) & ~(SYSCTL_CEN | SYSCTL_ICE);
	mmc_wr(h, SYSCTL, v);
	v = (v & ~(SYSCTL_CLKD | SYSCTL_DTO)) | FIELD_PREP(SYSCTL_CLKD, clkd) |
		FIELD_PREP(SYSCTL_DTO, 0xE) | SYSCTL_ICE;
	mmc_wr(h, SYSCTL, v);
	if (mmc_poll(h, SYSCTL, SYSCTL_ICS, SYSCTL_ICS, RESET_US)) {
		printf("%s: internal clock not stable\n", h->cfg->name);
		return -ETIMEDOUT;
	}
	mmc_wr(h, SYSCTL, v | SYSCTL_CEN);
	h->clock_hz = h->cfg->fclk_hz / clkd;
	return (int)h->clock_hz;
}

static int hsmmc_set_width(void *host, unsigned bits)
{
	struct omap_hsmmc *h = host;
	uint32_t v = mmc_rd(h, HCTL) & ~HCTL_DTW;

	if (bits != 1 && bits != 4)
		return -EINVAL;
	mmc_wr(h, HCTL, v | (bits == 4 ? HCTL_DTW : 0));
	return 0;
}

static uint32_t hsmmc_cmd_flags(const struct mmc_cmd *c, const struct mmc_data *d)
{
	uint32_t f = (uint32_t)c->idx << 24;

	switch (c->rsp) {
	case MMC_RSP_NONE: break;
	case MMC_RSP_R2:   f |= CMD_RSP_136 | CMD_CCCE; break;
	case MMC_RSP_R3:   f |= CMD_RSP_48; break;
	case MMC_RSP_R1B:  f |= CMD_RSP_48B | CMD_CCCE | CMD_CICE; break;
	default:           f |= CMD_RSP_48 | CMD_CCCE | CMD_CICE; break;
	}
	if (d) {
		f |= CMD_DP | CMD_DDIR;
		if (d->blocks > 1)
			f |= CMD_MSBS | CMD_BCE | CMD_ACEN;
	}
	return f;
}

static int hsmmc_read_data(struct omap_hsmmc *h, struct mmc_cmd *c, struct mmc_data *d)
{
	uint8_t *p = d->buf;
	uint32_t st;

	for (uint32_t b = 0; b < d->blocks; b++) {
		/* Streaming, the next block is usually in already: only
		 * wait (and read the clock) when it is not. */
		st = mmc_rd(h, STAT);
		if (!(st & (ST_BRR | ST_ERRI)))
			st = mmc_wait_stat(h, ST_BRR, BLOCK_US);
		if (!st || (st & ST_ERRI)) {
			c->err = st ? hsmmc_error_name(st) : "data timeout";
			hsmmc_reset_lines(h, SYSCTL_SRD);
			return st ? hsmmc_error_code(st) : -ETIMEDOUT;
		}
		mmc_wr(h, STAT, ST_BRR);
		if (!((uintptr_t)p & 3)) {
			/* the DATA register as fast as the bus: one store a word */
			uint32_t *w = (uint32_t *)(void *)p;

			for (uint32_t i = 0; i < d->blksz / 4; i++)
				w[i] = mmc_rd(h, DATA);
		} else {
			for (uint32_t i = 0; i < d->blksz; i += 4) {
				uint32_t w = mmc_rd(h, DATA);

				p[i] = (uint8_t)w;
				p[i + 1] = (uint8_t)(w >> 8);
				p[i + 2] = (uint8_t)(w >> 16);
				p[i + 3] = (uint8_t)(w >> 24);
			}
		}
		p += d->blksz;
	}
	st = mmc_wait_stat(h, ST_TC, BUSY_US);
	if (!st || (st & ST_ERRI)) {
		c->err = st ? hsmmc_error_name(st) : msg_no_tc;
		hsmmc_reset_lines(h, SYSCTL_SRD);
		return st ? hsmmc_error_code(st) : -ETIMEDOUT;
	}
	mmc_wr(h, STAT, ST_TC);
	return 0;
}

static int hsmmc_send_cmd(void *host, struct mmc_cmd *c, struct mmc_data *d)
{
	struct omap_hsmmc *h = host;
	uint32_t busy = PSTATE_CMDI | ((d || c->rsp == MMC_RSP_R1B) ? PSTATE_DATI : 0);
	uint32_t st;

	c->err = NULL;
	if (mmc_poll(h, PSTATE, busy, 0, CMD_US)) {
		/* a previous command left the lines busy */
		hsmmc_reset_lines(h, SYSCTL_SRC | SYSCTL_SRD);
		if (mmc_poll(h, PSTATE, busy, 0, CMD_US)) {
			c->err = msg_busy;
			return -EBUSY;
		}
	}
	mmc_wr(h, STAT, ~0u);
	if (d)
		mmc_wr(h, BLK, d->blocks << 16 | d->blksz);
	mmc_wr(h, ARG, c->arg);
	mmc_wr(h, CMD, hsmmc_cmd_flags(c, d));
	st = mmc_wait_stat(h, ST_CC, CMD_US);
	if (!st || (st & ST_CMD_ERRS) || !(st & ST_CC)) {
		c->err = st ? hsmmc_error_name(st) : msg_no_cc;
		hsmmc_reset_lines(h, SYSCTL_SRC | (d ? SYSCTL_SRD : 0));
		return st ? hsmmc_error_code(st) : -ETIMEDOUT;
	}
	mmc_wr(h, STAT, ST_CC);
	if (c->rsp == MMC_RSP_R2) {
		for (int i = 0; i < 4; i++)
			c->resp[i] = mmc_rd(h, RSP10 + 4 * (3 - i));
	} else if (c->rsp != MMC_RSP_NONE) {
		c->resp[0] = mmc_rd(h, RSP10);
	}
	if (d)
		return hsmmc_read_data(h, c, d);
	if (c->rsp == MMC_RSP_R1B) {
		st = mmc_wait_stat(h, ST_TC, BUSY_US);
		if (!st || (st & ST_ERRI)) {
			c->err = st ? hsmmc_error_name(st) : "card stayed busy";
			hsmmc_reset_lines(h, SYSCTL_SRD);
			return st ? hsmmc_error_code(st) : -ETIMEDOUT;
		}
		mmc_wr(h, STAT, ST_TC);
	}
	return 0;
}

const struct mmc_host_ops omap_hsmmc_ops = {
	.send_cmd = hsmmc_send_cmd,
	.set_clock = hsmmc_set_clock,
	.set_width = hsmmc_set_width,
};

int omap_hsmmc_init(struct omap_hsmmc *h, const struct omap_hsmmc_config *cfg)
{
	int err;

	h->cfg = cfg;
	if (cfg->soc_setup) {
		err = cfg->soc_setup();
		if (err)
			return err;
	}
	mmc_wr(h, SYSCONFIG, mmc_rd(h, SYSCONFIG) | BIT(1));
	if (mmc_poll(h, SYSSTATUS, BIT(0), BIT(0), RESET_US)) {
		printf("%s: controller reset did not complete\n", cfg->name);
		return -ETIMEDOUT;
	}
	mmc_wr(h, SYSCTL, mmc_rd(h, SYSCTL) | SYSCTL_SRA);
	if (mmc_poll(h, SYSCTL, SYSCTL_SRA, 0, RESET_US)) {
		printf("%s: controller reset did not complete\n", cfg->name);
		return -ETIMEDOUT;
	}
	/* 3.3 V signalling, 1-bit; SDBP only sticks with a declared voltage */
	mmc_wr(h, HCTL, HCTL_SDVS_3V3);
	mmc_wr(h, CAPA, mmc_rd(h, CAPA) | CAPA_VS33 | CAPA_VS18);
	mmc_wr(h, CON, mmc_rd(h, CON) & CON_KEEP);
	err = hsmmc_set_clock(h, 400000);
	if (err < 0)
		return err;
	mmc_wr(h, HCTL, mmc_rd(h, HCTL) | HCTL_SDBP);
	if (!(mmc_rd(h, HCTL) & HCTL_SDBP)) {
		printf("%s: bus power did not turn on\n", cfg->name);
		return -EIO;
	}
	mmc_wr(h, IE, IE_ALL);
	/* 80 clocks of init stream before the first command */
	mmc_wr(h, CON, mmc_rd(h, CON) | CON_INIT);
	for (int i = 0; i < 2; i++) {
		mmc_wr(h, STAT, ~0u);
		mmc_wr(h, CMD, 0);
		if (!(mmc_wait_stat(h, ST_CC, CMD_US) & ST_CC)) {
			printf("%s: init stream did not complete\n", cfg->name);
			mmc_wr(h, CON, mmc_rd(h, CON) & ~CON_INIT);
			return -ETIMEDOUT;
		}
	}
	mmc_wr(h, CON, mmc_rd(h, CON) & ~CON_INIT);
	mmc_wr(h, STAT, ~0u);
	return 0;
}

/* the card's busy after the last block: the 250 ms write timeout, twice */
#define WRITE_BUSY_US	500000u

/* A failed write: after a written block DTO and DCRC are about the card's
 * CRC status token, so they are named more exactly than for a read. */
static int write_failed(struct omap_hsmmc *h, struct mmc_cmd *c, uint32_t st, const char *none,
			uint32_t lines)
{
	c->err = !st ? none : (st & ST_DTO) ? "data timeout (no CRC status from the card)" :
		 (st & ST_DCRC) ? "data CRC error (the card's CRC status)" : hsmmc_error_name(st);
	hsmmc_reset_lines(h, lines);
	return st ? hsmmc_error_code(st) : -ETIMEDOUT;
}

static int hsmmc_send_write(void *host, struct mmc_cmd *c, const struct mmc_data *d)
{
	struct omap_hsmmc *h = host;
	const uint8_t *p = d->buf;
	uint32_t st, flags = (uint32_t)c->idx << 24 | CMD_RSP_48 | CMD_CCCE | CMD_CICE | CMD_DP;

	c->err = NULL;
	c->resp[0] = 0;
	if (poll32(h->cfg->base + PSTATE, PSTATE_CMDI | PSTATE_DATI, 0, CMD_US)) {
		hsmmc_reset_lines(h, SYSCTL_SRC | SYSCTL_SRD);
		if (poll32(h->cfg->base + PSTATE, PSTATE_CMDI | PSTATE_DATI, 0, CMD_US)) {
			c->err = msg_busy;
			return -EBUSY;
		}
	}
	/* the block count ends the transfer; CMD12 is the caller's */
	if (d->blocks > 1)
		flags |= CMD_MSBS | CMD_BCE;
	mmc_wr(h, STAT, ~0u);
	mmc_wr(h, BLK, d->blocks << 16 | d->blksz);
	mmc_wr(h, ARG, c->arg);
	mmc_wr(h, CMD, flags);
	st = mmc_wait_stat(h, ST_CC, CMD_US);
	if (!st || (st & ST_CMD_ERRS) || !(st & ST_CC))
		return write_failed(h, c, st, msg_no_cc, SYSCTL_SRC | SYSCTL_SRD);
	mmc_wr(h, STAT, ST_CC);
	c->resp[0] = mmc_rd(h, RSP10);
	/* R1 OUT_OF_RANGE, ADDRESS_ERROR, BLOCK_LEN_ERROR, WP_VIOLATION,
	 * CARD_ECC_FAILED, CC_ERROR, ERROR: the card stays in tran and takes
	 * no data, so none is sent */
	if (c->resp[0] & 0xE4380000u) {
		c->err = "card refused the write";
		hsmmc_reset_lines(h, SYSCTL_SRD);
		return -EIO;
	}
	for (uint32_t b = 0; b < d->blocks; b++) {
		st = mmc_wait_stat(h, ST_BWR, BLOCK_US);
		if (!st || (st & ST_ERRI))
			return write_failed(h, c, st, "buffer never ready for data", SYSCTL_SRD);
		mmc_wr(h, STAT, ST_BWR);
		for (uint32_t i = 0; i < d->blksz; i += 4)
			mmc_wr(h, DATA, (uint32_t)p[i] | (uint32_t)p[i + 1] << 8 |
			   (uint32_t)p[i + 2] << 16 | (uint32_t)p[i + 3] << 24);
		p += d->blksz;
	}
	st = mmc_wait_stat(h, ST_TC, WRITE_BUSY_US);
	if (!st || (st & ST_ERRI))
		return write_failed(h, c, st, msg_no_tc, SYSCTL_SRD);
	mmc_wr(h, STAT, ST_TC);
	return 0;
}

const struct mmc_write_ops omap_hsmmc_write_ops = {
	.send_write = hsmmc_send_write,
};
