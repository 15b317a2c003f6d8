// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The OMAP3 MMC/SD host's write path, PIO as the read path in
 * omap_hsmmc.c (TRM "MMC/SD/SDIO Card Interface", SPRUF98/SPRUGN4: write
 * transfer without DMA, BWR/PSTATE.BWE, TC after the card's busy, data
 * time-out). In the cold part: the ROM-loaded part never writes.
 */
#include "drivers/mmc/omap_hsmmc.h"
#include "drivers/mmc/omap_hsmmc_regs.h"

#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/errno.h"
#include <stddef.h>

/* the card's busy after the last block: the 250 ms write timeout, twice */
#define WRITE_BUSY_US	500000u

static uint32_t rd(struct omap_hsmmc *h, unsigned off)
{
	return readl(h->cfg->base + off);
}

static void wr(struct omap_hsmmc *h, unsigned off, uint32_t v)
{
	writel(v, h->cfg->base + off);
}

/* The read path's helpers, again: sharing them would make them global in
 * the ROM-loaded part, which costs it bytes it does not have. */
static uint32_t wait_stat(struct omap_hsmmc *h, uint32_t bits, uint32_t us)
{
	uint32_t st;

	return poll_reg(h->cfg->base + STAT, POLL_32 | POLL_ANY, bits | ST_ERRI, 0, us, &st)
		? 0 : st;
}

static const char *error_name(uint32_t st)
{
	static const struct { uint32_t bit; const char *name; } names[] = {
		{ ST_CTO, "command timeout" }, { ST_CCRC, "command CRC error" },
		{ ST_CEB, "command end-bit error" }, { ST_CIE, "command index error" },
		{ ST_DTO, "data timeout (no CRC status from the card)" },
		{ ST_DCRC, "data CRC error (the card's CRC status)" },
		{ ST_DEB, "data end-bit error" }, { ST_CERR, "card error" },
		{ ST_BADA, "bad data access" },
	};

	for (unsigned i = 0; i < ARRAY_SIZE(names); i++)
		if (st & names[i].bit)
			return names[i].name;
	return "unknown error";
}

static void reset_lines(struct omap_hsmmc *h, uint32_t which)
{
	wr(h, SYSCTL, rd(h, SYSCTL) | which);
	if (poll32(h->cfg->base + SYSCTL, which, 0, RESET_US))
		pr_err("%s: line reset did not complete\n", h->cfg->name);
}

static int fail(struct omap_hsmmc *h, struct mmc_cmd *c, uint32_t st, const char *none,
		uint32_t lines)
{
	c->err = st ? error_name(st) : none;
	reset_lines(h, lines);
	if (!st)
		return -ETIMEDOUT;
	return st & (ST_CTO | ST_DTO) ? -ETIMEDOUT : st & (ST_CCRC | ST_DCRC) ? -EBADMSG : -EIO;
}

static int hsmmc_send_write(void *host, struct mmc_cmd *c, const struct mmc_data *d)
{
	struct omap_hsmmc *h = host;
	const uint8_t *p = d->buf;
	uint32_t st, flags = (uint32_t)c->idx << 24 | CMD_RSP_48 | CMD_CCCE | CMD_CICE | CMD_DP;

	c->err = NULL;
	c->resp[0] = 0;
	if (poll32(h->cfg->base + PSTATE, PSTATE_CMDI | PSTATE_DATI, 0, CMD_US)) {
		reset_lines(h, SYSCTL_SRC | SYSCTL_SRD);
		if (poll32(h->cfg->base + PSTATE, PSTATE_CMDI | PSTATE_DATI, 0, CMD_US)) {
			c->err = "controller busy";
			return -EBUSY;
		}
	}
	/* the block count ends the transfer; CMD12 is the caller's */
	if (d->blocks > 1)
		flags |= CMD_MSBS | CMD_BCE;
	wr(h, STAT, ~0u);
	wr(h, BLK, d->blocks << 16 | d->blksz);
	wr(h, ARG, c->arg);
	wr(h, CMD, flags);
	st = wait_stat(h, ST_CC, CMD_US);
	if (!st || (st & ST_CMD_ERRS) || !(st & ST_CC))
		return fail(h, c, st, "no command completion", SYSCTL_SRC | SYSCTL_SRD);
	wr(h, STAT, ST_CC);
	c->resp[0] = rd(h, RSP10);
	/* R1 OUT_OF_RANGE, ADDRESS_ERROR, BLOCK_LEN_ERROR, WP_VIOLATION,
	 * CARD_ECC_FAILED, CC_ERROR, ERROR: the card stays in tran and takes
	 * no data, so none is sent */
	if (c->resp[0] & 0xE4380000u) {
		c->err = "card refused the write";
		reset_lines(h, SYSCTL_SRD);
		return -EIO;
	}
	for (uint32_t b = 0; b < d->blocks; b++) {
		st = wait_stat(h, ST_BWR, BLOCK_US);
		if (!st || (st & ST_ERRI))
			return fail(h, c, st, "buffer never ready for data", SYSCTL_SRD);
		wr(h, STAT, ST_BWR);
		for (uint32_t i = 0; i < d->blksz; i += 4)
			wr(h, DATA, (uint32_t)p[i] | (uint32_t)p[i + 1] << 8 |
			   (uint32_t)p[i + 2] << 16 | (uint32_t)p[i + 3] << 24);
		p += d->blksz;
	}
	st = wait_stat(h, ST_TC, WRITE_BUSY_US);
	if (!st || (st & ST_ERRI))
		return fail(h, c, st, "transfer did not complete", SYSCTL_SRD);
	wr(h, STAT, ST_TC);
	return 0;
}

const struct mmc_write_ops omap_hsmmc_write_ops = {
	.send_write = hsmmc_send_write,
};
