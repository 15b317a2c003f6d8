// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SD memory card protocol core: identification, bus width, high speed, CSD
 * capacity and block reads with retries (SD Physical Layer Simplified
 * Specification 3.01: 4.2 card identification, 4.3.10 switch function,
 * 4.7 commands, 5.3 CSD), and writes (4.3.3 data write, 4.3.4 write
 * protect, 4.6.2.2 write timeout 250 ms, 4.7.4 CMD24/CMD25/CMD12/CMD13,
 * 4.10.1 card status). The host controller sits behind struct
 * mmc_host_ops and struct mmc_write_ops. Listed for both images (Makefile
 * BOTH_SRCS): the early image keeps the reads, the SDRAM image's copy
 * adds the writes.
 */
#include "drivers/mmc/mmc.h"

#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

#define OCR_VOLTAGES	0x00FF8000u   /* 2.7-3.6 V */
#define OCR_HCS		BIT(30)
#define OCR_BUSY	BIT(31)      /* 1 = initialisation finished */
#define R1_OUT_OF_RANGE		BIT(31)
#define R1_ADDRESS_ERROR	BIT(30)
#define R1_BLOCK_LEN_ERROR	BIT(29)
#define R1_WP_VIOLATION		BIT(26)
#define R1_CARD_ECC_FAILED	BIT(21)
#define R1_CC_ERROR		BIT(20)
#define R1_ERROR		BIT(19)
#define R1_READ_ERRORS		(R1_OUT_OF_RANGE | R1_ADDRESS_ERROR | R1_BLOCK_LEN_ERROR | \
				 R1_CARD_ECC_FAILED | R1_CC_ERROR | R1_ERROR)
#define R1_READY_FOR_DATA	BIT(8)
#define R1_WRITE_ERRORS		(R1_OUT_OF_RANGE | R1_ADDRESS_ERROR | R1_BLOCK_LEN_ERROR | \
				 R1_WP_VIOLATION | R1_CARD_ECC_FAILED | R1_CC_ERROR | R1_ERROR)
#define STATE_TRAN		4
#define STATE_RCV		6
#define STATE_PRG		7
/* 4.6.2.2: a block programs within 250 ms (SDHC; SDXC 500 ms); the whole
 * chunk gets that for each block, capped, since cards buffer. */
#define WRITE_TIMEOUT_US	500000u
#define MAX_WRITE_CHUNK		256u    /* blocks per write command */
#define WRITE_TRIES		2
#define R1_STATE(r)		(((r) >> 9) & 0xF)
#define CHECK_PATTERN	0xAA
#define INIT_TIMEOUT_US	1000000u
#define IDENT_HZ	400000u
#define DEFAULT_HZ	25000000u
#define HS_HZ		50000000u
#define MAX_CHUNK	2048u        /* blocks per read command */
#define READ_TRIES	4

uint64_t mmc_csd_capacity(const uint32_t csd[4])
{
	switch (mmc_reg_bits(csd, 126, 2)) {
	case 0:
		return (uint64_t)(mmc_reg_bits(csd, 62, 12) + 1) <<
			(mmc_reg_bits(csd, 47, 3) + 2 + mmc_reg_bits(csd, 80, 4));
	case 1:
		return (uint64_t)(mmc_reg_bits(csd, 48, 22) + 1) * 512 * 1024;
	default:
		return 0;
	}
}

static int card_cmd(struct mmc_card *card, uint8_t idx, uint32_t arg, enum mmc_rsp rsp,
	       struct mmc_cmd *out, struct mmc_data *data)
{
	struct mmc_cmd c = { .idx = idx, .arg = arg, .rsp = rsp };
	int err = card->ops->send_cmd(card->host, &c, data);

	if (out)
		*out = c;
	return err;
}

static int card_acmd(struct mmc_card *card, uint8_t idx, uint32_t arg, enum mmc_rsp rsp,
		struct mmc_cmd *out, struct mmc_data *data)
{
	int err = card_cmd(card, 55, (uint32_t)card->rca << 16, MMC_RSP_R1, out, NULL);

	return err ? err : card_cmd(card, idx, arg, rsp, out, data);
}

static int card_fail(struct mmc_card *card, const char *what, const struct mmc_cmd *c, int err)
{
	printf("%s: %s failed: CMD%u %s (%s)\n", card->name, what, c->idx,
	       c->err ? c->err : "error", errname(err));
	return err;
}

static int card_set_clock(struct mmc_card *card, uint32_t hz)
{
	int got = card->ops->set_clock(card->host, hz);

	if (got < 0)
		return got;
	card->clock_hz = (uint32_t)got;
	return 0;
}

/* One ACMD41: 1 while the card is still busy, 0 once it is ready. */
static int acmd41(struct mmc_card *card, struct mmc_cmd *c)
{
	int err = card_acmd(card, 41, OCR_VOLTAGES | (card->v2 ? OCR_HCS : 0), MMC_RSP_R3, c, NULL);

	if (err == -ETIMEDOUT && c->idx == 55 && !card->v2) {
		printf("%s: no card (no answer to CMD8 or CMD55)\n", card->name);
		return -ENODEV;
	}
	if (err)
		return card_fail(card, "operating condition", c, err);
	return c->resp[0] & OCR_BUSY ? 0 : 1;
}

/* CMD0, CMD8 and the first ACMD41, which starts the card's power-up. */
static int identify_start(struct mmc_card *card)
{
	struct mmc_cmd c;
	int err;

	card->rca = 0;
	err = card_cmd(card, 0, 0, MMC_RSP_NONE, &c, NULL);
	if (err)
		return card_fail(card, "reset", &c, err);
	err = card_cmd(card, 8, 0x100 | CHECK_PATTERN, MMC_RSP_R7, &c, NULL);
	if (!err && (c.resp[0] & 0xFFF) != (0x100 | CHECK_PATTERN)) {
		printf("%s: unusable card: CMD8 answered 0x%x\n", card->name,
		       (unsigned)c.resp[0]);
		return -EIO;
	}
	if (err && err != -ETIMEDOUT)
		return card_fail(card, "interface condition", &c, err);
	card->v2 = !err;   /* a v1.x card does not know CMD8 */
	card->acmd41_end_us = deadline_in(INIT_TIMEOUT_US);
	err = acmd41(card, &c);
	card->ocr = c.resp[0];
	return err < 0 ? err : 0;
}

/* ACMD41 until the card has powered up (SD spec 4.2.3: at most 1 s). */
static int identify_finish(struct mmc_card *card)
{
	struct mmc_cmd c = { .resp = { card->ocr } };
	int err = card->ocr & OCR_BUSY ? 0 : 1;

	while (err > 0) {
		if (deadline_passed(card->acmd41_end_us)) {
			printf("%s: card still busy after 1 s of ACMD41 (OCR 0x%08x)\n",
			       card->name, (unsigned)c.resp[0]);
			return -ETIMEDOUT;
		}
		/* each ACMD41 is two commands, 0.5 ms at 400 kHz: poll on */
		udelay(100);
		err = acmd41(card, &c);
	}
	if (err)
		return err;
	card->ocr = c.resp[0];
	card->block_addr = card->v2 && (card->ocr & OCR_HCS);
	card->type = !card->v2 ? MMC_TYPE_SDSC1 : card->block_addr ? MMC_TYPE_SDHC : MMC_TYPE_SDSC;
	return 0;
}

static int read_reg(struct mmc_card *card, bool app, uint8_t idx, uint32_t arg,
		    void *buf, uint32_t len, const char *what)
{
	struct mmc_data d = { .buf = buf, .blocks = 1, .blksz = len };
	struct mmc_cmd c;
	int err = app ? card_acmd(card, idx, arg, MMC_RSP_R1, &c, &d) :
			card_cmd(card, idx, arg, MMC_RSP_R1, &c, &d);

	return err ? card_fail(card, what, &c, err) : 0;
}

/* ACMD51 SCR; ACMD6 to 4 bits when the card has it. */
static int card_set_width(struct mmc_card *card)
{
	struct mmc_cmd c;
	int err = read_reg(card, true, 51, 0, card->scr, 8, "SCR read");

	if (err)
		return err;
	if (!(card->scr[1] & BIT(2)))      /* SD_BUS_WIDTHS: 4-bit */
		return 0;
	err = card_acmd(card, 6, 2, MMC_RSP_R1, &c, NULL);
	if (err)
		return card_fail(card, "4-bit bus", &c, err);
	err = card->ops->set_width(card->host, 4);
	if (!err)
		card->width = 4;
	return err;
}

/* CMD6: high speed if the card offers it (SD_SPEC >= 1.10). */
static int set_high_speed(struct mmc_card *card)
{
	uint8_t sw[64];
	int err;

	if ((card->scr[0] & 0xF) < 1)
		return 0;
	err = read_reg(card, false, 6, 0x00FFFFF1, sw, sizeof(sw), "switch check");
	if (err || !(sw[13] & BIT(1)))
		return err;
	err = read_reg(card, false, 6, 0x80FFFFF1, sw, sizeof(sw), "switch to high speed");
	if (err)
		return err;
	if ((sw[16] & 0xF) != 1) {
		printf("%s: card refused high speed\n", card->name);
		return 0;
	}
	card->high_speed = true;
	return 0;
}

static int bd_read(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf)
{
	return mmc_read_blocks(bd->priv, lba, count, buf);
}

int mmc_init_start(struct mmc_card *card)
{
	int err;

	card->type = MMC_TYPE_NONE;
	card->high_speed = false;
	card->width = 1;
	card->started = false;
	err = card->ops->set_width(card->host, 1);
	if (!err)
		err = card_set_clock(card, IDENT_HZ);
	if (err) {
		printf("%s: host set-up failed (%s)\n", card->name, errname(err));
		return err;
	}
	err = identify_start(card);
	card->started = !err;
	return err;
}

int mmc_init(struct mmc_card *card)
{
	int err = mmc_init_start(card);

	return err ? err : mmc_init_finish(card);
}

int mmc_init_finish(struct mmc_card *card)
{
	uint32_t max = card->max_hz ? card->max_hz : 48000000u;
	struct mmc_cmd c;
	int err;

	if (!card->started)
		return -ENODEV;
	card->started = false;
	err = identify_finish(card);
	if (err)
		return err;
	err = card_cmd(card, 2, 0, MMC_RSP_R2, &c, NULL);
	if (err)
		return card_fail(card, "CID read", &c, err);
	memcpy(card->cid, c.resp, sizeof(card->cid));
	err = card_cmd(card, 3, 0, MMC_RSP_R6, &c, NULL);
	if (err)
		return card_fail(card, "address assignment", &c, err);
	card->rca = (uint16_t)(c.resp[0] >> 16);
	err = card_cmd(card, 9, (uint32_t)card->rca << 16, MMC_RSP_R2, &c, NULL);
	if (err)
		return card_fail(card, "CSD read", &c, err);
	memcpy(card->csd, c.resp, sizeof(card->csd));
	card->capacity = mmc_csd_capacity(card->csd);
	if (!card->capacity) {
		printf("%s: unknown CSD structure %u\n", card->name, (unsigned)mmc_reg_bits(card->csd, 126, 2));
		return -EIO;
	}
	if (card->type == MMC_TYPE_SDHC && card->capacity > (32ull << 30))
		card->type = MMC_TYPE_SDXC;
	err = card_set_clock(card, MIN(DEFAULT_HZ, max));
	if (err)
		return err;
	err = card_cmd(card, 7, (uint32_t)card->rca << 16, MMC_RSP_R1B, &c, NULL);
	if (err)
		return card_fail(card, "select", &c, err);
	if (!card->block_addr) {
		err = card_cmd(card, 16, BLOCK_SIZE, MMC_RSP_R1, &c, NULL);
		if (err || (c.resp[0] & R1_READ_ERRORS))
			return card_fail(card, "block length", &c, err ? err : -EIO);
	}
	err = card_set_width(card);
	if (!err)
		err = set_high_speed(card);
	if (err)
		return err;
	if (card->high_speed && max > DEFAULT_HZ) {
		err = card_set_clock(card, MIN(HS_HZ, max));
		if (err)
			return err;
	}
	card->bd.name = card->name;
	card->bd.nblocks = card->capacity / BLOCK_SIZE;
	card->bd.read = bd_read;
	card->bd.priv = card;
	card->bd.offset = 0;
	card->bd.parent = NULL;
	return 0;
}

static int read_chunk(struct mmc_card *card, uint64_t lba, uint32_t count, void *buf,
		      struct mmc_cmd *c)
{
	struct mmc_data d = { .buf = buf, .blocks = count, .blksz = BLOCK_SIZE };
	uint32_t arg = (uint32_t)(card->block_addr ? lba : lba * BLOCK_SIZE);
	int err = card_cmd(card, count > 1 ? 18 : 17, arg, MMC_RSP_R1, c, &d);

	if (!err && (c->resp[0] & R1_READ_ERRORS)) {
		c->err = "card status error";
		err = -EIO;
	}
	if (err) {
		struct mmc_cmd stop;

		/* back to the transfer state, whatever the card was doing */
		if (count > 1 || err != -ETIMEDOUT)
			card_cmd(card, 12, 0, MMC_RSP_R1B, &stop, NULL);
	}
	return err;
}

int mmc_read_blocks(struct mmc_card *card, uint64_t lba, uint32_t count, void *buf)
{
	uint8_t *p = buf;

	if (card->type == MMC_TYPE_NONE)
		return -ENODEV;
	while (count) {
		uint32_t n = MIN(count, MAX_CHUNK);
		struct mmc_cmd c;
		int err = 0;

		for (int tries = 0; tries < READ_TRIES; tries++) {
			err = read_chunk(card, lba, n, p, &c);
			if (!err)
				break;
			printf("%s: read of %u block%s at %llu: %s\n", card->name, (unsigned)n,
			       n == 1 ? "" : "s", (unsigned long long)lba,
			       c.err ? c.err : errname(err));
			/* a second failure at one clock: try slower */
			if (tries >= 1 && card->clock_hz > IDENT_HZ * 2 && tries < READ_TRIES - 1) {
				card_set_clock(card, card->clock_hz / 2);
				if (card->clock_hz >= 1000000)
					printf("%s: retrying at %u MHz\n", card->name,
					       (unsigned)(card->clock_hz / 1000000));
				else
					printf("%s: retrying at %u kHz\n", card->name,
					       (unsigned)(card->clock_hz / 1000));
			}
		}
		if (err)
			return err;
		lba += n;
		count -= n;
		p += (size_t)n * BLOCK_SIZE;
	}
	return 0;
}

/* Writes. */

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
		err = card_cmd(card, 13, (uint32_t)card->rca << 16, MMC_RSP_R1, &c, NULL);
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
		err2 = card_cmd(card, 12, 0, MMC_RSP_R1B, &stop, NULL);
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
		uint32_t n = MIN(count, MAX_WRITE_CHUNK);
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
