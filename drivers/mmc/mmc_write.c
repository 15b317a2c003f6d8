// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SD memory card writes (SD Physical Layer Simplified Specification 3.01:
 * 4.3.3 data write, 4.3.4 write protect, 4.6.2.2 write timeout 250 ms,
 * 4.7.4 CMD24/CMD25/CMD12/CMD13, 4.10.1 card status). Kept out of mmc.c
 * because mmc.c is part of what the boot ROM loads, and only the cold part
 * writes.
 */
#include "drivers/mmc/mmc.h"

#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

#define R1_OUT_OF_RANGE		BIT(31)
#define R1_ADDRESS_ERROR	BIT(30)
#define R1_BLOCK_LEN_ERROR	BIT(29)
#define R1_WP_VIOLATION		BIT(26)
#define R1_CARD_ECC_FAILED	BIT(21)
#define R1_CC_ERROR		BIT(20)
#define R1_ERROR		BIT(19)
#define R1_READY_FOR_DATA	BIT(8)
#define R1_WRITE_ERRORS		(R1_OUT_OF_RANGE | R1_ADDRESS_ERROR | R1_BLOCK_LEN_ERROR | \
				 R1_WP_VIOLATION | R1_CARD_ECC_FAILED | R1_CC_ERROR | R1_ERROR)
#define R1_STATE(r)		(((r) >> 9) & 0xF)
#define STATE_TRAN		4
#define STATE_RCV		6
#define STATE_PRG		7
/* 4.6.2.2: a block programs within 250 ms (SDHC; SDXC 500 ms); the whole
 * chunk gets that for each block, capped, since cards buffer. */
#define WRITE_TIMEOUT_US	500000u
#define MAX_CHUNK		256u    /* blocks per write command */
#define WRITE_TRIES		2

static const char *r1_error(uint32_t r1)
{
	if (r1 & R1_WP_VIOLATION)
		return "card is write-protected (WP_VIOLATION)";
	if (r1 & R1_OUT_OF_RANGE)
		return "address out of range";
	if (r1 & R1_ADDRESS_ERROR)
		return "misaligned address";
	if (r1 & R1_BLOCK_LEN_ERROR)
		return "block length refused";
	if (r1 & R1_CARD_ECC_FAILED)
		return "card ECC failed";
	if (r1 & R1_CC_ERROR)
		return "card controller error";
	return "card error";
}

static int card_cmd(struct mmc_card *card, uint8_t idx, uint32_t arg, enum mmc_rsp rsp,
		    struct mmc_cmd *c)
{
	c->idx = idx;
	c->arg = arg;
	c->rsp = rsp;
	c->err = NULL;
	return card->ops->send_cmd(card->host, c, NULL);
}

/* CMD13 until the card is back in tran, ready for data: the end of its
 * programming (busy). Error bits it reports for the write come back here. */
static int wait_programmed(struct mmc_card *card, uint32_t *r1)
{
	uint64_t end = deadline_in(WRITE_TIMEOUT_US);
	struct mmc_cmd c;
	bool late;
	int err;

	*r1 = 0;
	for (;;) {
		late = deadline_passed(end);
		err = card_cmd(card, 13, (uint32_t)card->rca << 16, MMC_RSP_R1, &c);
		if (err) {
			pr_err("%s: status after write: CMD13 %s (%s)\n", card->name,
			       c.err ? c.err : "error", errname(err));
			return err;
		}
		*r1 |= c.resp[0] & R1_WRITE_ERRORS;
		if (R1_STATE(c.resp[0]) == STATE_TRAN && (c.resp[0] & R1_READY_FOR_DATA))
			return 0;
		if (R1_STATE(c.resp[0]) != STATE_PRG && R1_STATE(c.resp[0]) != STATE_RCV) {
			printf("%s: card in state %u after a write\n", card->name,
			       (unsigned)R1_STATE(c.resp[0]));
			return -EIO;
		}
		if (late) {
			printf("%s: card still programming after %u ms\n", card->name,
			       (unsigned)(WRITE_TIMEOUT_US / 1000));
			return -ETIMEDOUT;
		}
		udelay(50);
	}
}

static int write_chunk(struct mmc_card *card, uint64_t lba, uint32_t n, const void *buf)
{
	struct mmc_data d = { .buf = (void *)buf, .blocks = n, .blksz = BLOCK_SIZE };
	uint32_t arg = (uint32_t)(card->block_addr ? lba : lba * BLOCK_SIZE);
	struct mmc_cmd c = { .idx = (uint8_t)(n > 1 ? 25 : 24), .arg = arg, .rsp = MMC_RSP_R1 };
	struct mmc_cmd stop;
	uint32_t r1;
	bool refused;
	int err, err2;

	err = card->wops->send_write(card->host, &c, &d);
	refused = err && (c.resp[0] & R1_WRITE_ERRORS);
	if (refused)
		c.err = r1_error(c.resp[0]);
	if (err)
		pr_err("%s: write of %u block%s at %llu: CMD%u %s (%s)\n", card->name, (unsigned)n,
		       n == 1 ? "" : "s", (unsigned long long)lba, c.idx,
		       c.err ? c.err : "error", errname(err));
	/* CMD25 goes on until CMD12, also after an error (back to tran);
	 * a CMD24 the card refused never left tran */
	if (n > 1 && !refused) {
		err2 = card_cmd(card, 12, 0, MMC_RSP_R1B, &stop);
		if (err2 && !err) {
			pr_err("%s: stopping the write: CMD12 %s (%s)\n", card->name,
			       stop.err ? stop.err : "error", errname(err2));
			err = err2;
		}
	}
	err2 = wait_programmed(card, &r1);
	if (!err && err2)
		err = err2;
	if (!err && r1) {
		printf("%s: write of %u block%s at %llu: %s\n", card->name, (unsigned)n,
		       n == 1 ? "" : "s", (unsigned long long)lba, r1_error(r1));
		err = r1 & R1_WP_VIOLATION ? -EROFS : -EIO;
	}
	if (err == -EIO && (c.resp[0] & R1_WP_VIOLATION))
		err = -EROFS;
	return err;
}

int mmc_write_blocks(struct mmc_card *card, uint64_t lba, uint32_t count, const void *buf)
{
	const uint8_t *p = buf;

	if (card->type == MMC_TYPE_NONE)
		return -ENODEV;
	if (!card->wops)
		return -EROFS;
	/* CSD PERM_WRITE_PROTECT (bit 13), TMP_WRITE_PROTECT (bit 12) */
	if (mmc_reg_bits(card->csd, 12, 2)) {
		printf("%s: card is write-protected (CSD %s_WRITE_PROTECT)\n", card->name,
		       mmc_reg_bits(card->csd, 13, 1) ? "PERM" : "TMP");
		return -EROFS;
	}
	while (count) {
		uint32_t n = MIN(count, MAX_CHUNK);
		int err = 0;

		for (int tries = 0; tries < WRITE_TRIES; tries++) {
			err = write_chunk(card, lba, n, p);
			/* a refusal is final; a transfer error may pass */
			if (!err || err == -EROFS)
				break;
		}
		if (err)
			return err;
		lba += n;
		count -= n;
		p += (size_t)n * BLOCK_SIZE;
	}
	return 0;
}

static int bd_write(struct blockdev *bd, uint64_t lba, uint32_t count, const void *buf)
{
	return mmc_write_blocks(bd->priv, lba, count, buf);
}

void mmc_enable_writes(struct mmc_card *card, const struct mmc_write_ops *wops)
{
	card->wops = wops;
	card->bd.write = wops ? bd_write : NULL;
}
