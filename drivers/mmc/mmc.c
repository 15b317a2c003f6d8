// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SD memory card protocol core: identification, bus width, high speed, CSD
 * capacity and block reads with retries (SD Physical Layer Simplified
 * Specification 3.01: 4.2 card identification, 4.3.10 switch function,
 * 4.7 commands, 5.3 CSD). The host controller sits behind struct
 * mmc_host_ops.
 */
#include "drivers/mmc/mmc.h"

#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

#define OCR_VOLTAGES	0x00FF8000u   /* 2.7-3.6 V */
#define OCR_HCS		BIT(30)
#define OCR_BUSY	BIT(31)      /* 1 = initialisation finished */
#define R1_READ_ERRORS	(BIT(31) | BIT(30) | BIT(29) | BIT(21) | BIT(20) | BIT(19))
#define R1_STATE(r)	(((r) >> 9) & 0xF)
#define CHECK_PATTERN	0xAA
#define INIT_TIMEOUT_US	1000000u
#define IDENT_HZ	400000u
#define DEFAULT_HZ	25000000u
#define HS_HZ		50000000u
#define MAX_CHUNK	2048u        /* blocks per read command */
#define READ_TRIES	4

const char *mmc_type_name(enum mmc_type t)
{
	switch (t) {
	case MMC_TYPE_SDSC1: return "SDSC v1";
	case MMC_TYPE_SDSC:  return "SDSC";
	case MMC_TYPE_SDHC:  return "SDHC";
	case MMC_TYPE_SDXC:  return "SDXC";
	default:             return "none";
	}
}

/* Bits start+size-1..start of a 128-bit register held as resp[0] = 127:96. */
static uint32_t csd_bits(const uint32_t r[4], unsigned start, unsigned size)
{
	unsigned word = 3 - start / 32, shift = start % 32;
	uint64_t v = r[word] >> shift;

	if (shift + size > 32 && word > 0)
		v |= (uint64_t)r[word - 1] << (32 - shift);
	return (uint32_t)(v & ((1ull << size) - 1));
}

uint64_t mmc_csd_capacity(const uint32_t csd[4])
{
	switch (csd_bits(csd, 126, 2)) {
	case 0:
		return (uint64_t)(csd_bits(csd, 62, 12) + 1) <<
			(csd_bits(csd, 47, 3) + 2 + csd_bits(csd, 80, 4));
	case 1:
		return (uint64_t)(csd_bits(csd, 48, 22) + 1) * 512 * 1024;
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

/* CMD0, CMD8, ACMD41: card type and OCR. */
static int identify(struct mmc_card *card)
{
	struct mmc_cmd c;
	uint64_t start;
	bool v2;
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
	v2 = !err;   /* a v1.x card does not know CMD8 */
	start = timer_us();
	for (;;) {
		err = card_acmd(card, 41, OCR_VOLTAGES | (v2 ? OCR_HCS : 0), MMC_RSP_R3, &c, NULL);
		if (err == -ETIMEDOUT && c.idx == 55 && !v2) {
			printf("%s: no card (no answer to CMD8 or CMD55)\n", card->name);
			return -ENODEV;
		}
		if (err)
			return card_fail(card, "operating condition", &c, err);
		if (c.resp[0] & OCR_BUSY)
			break;
		if (timer_us() - start > INIT_TIMEOUT_US) {
			printf("%s: card still busy after 1 s of ACMD41 (OCR 0x%08x)\n",
			       card->name, (unsigned)c.resp[0]);
			return -ETIMEDOUT;
		}
		mdelay(1);
	}
	card->ocr = c.resp[0];
	card->block_addr = v2 && (card->ocr & OCR_HCS);
	card->type = !v2 ? MMC_TYPE_SDSC1 : card->block_addr ? MMC_TYPE_SDHC : MMC_TYPE_SDSC;
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

int mmc_init(struct mmc_card *card)
{
	uint32_t max = card->max_hz ? card->max_hz : 48000000u;
	struct mmc_cmd c;
	int err;

	card->type = MMC_TYPE_NONE;
	card->high_speed = false;
	card->width = 1;
	err = card->ops->set_width(card->host, 1);
	if (!err)
		err = card_set_clock(card, IDENT_HZ);
	if (err) {
		printf("%s: host set-up failed (%s)\n", card->name, errname(err));
		return err;
	}
	err = identify(card);
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
		printf("%s: unknown CSD structure %u\n", card->name, (unsigned)csd_bits(card->csd, 126, 2));
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

static void fmt_size(uint64_t bytes, char *buf, unsigned size)
{
	if (bytes >= (1ull << 30)) {
		uint64_t tenths = (bytes * 10 + (1ull << 29)) >> 30;

		snprintf(buf, size, "%u.%u GiB", (unsigned)(tenths / 10), (unsigned)(tenths % 10));
	} else {
		snprintf(buf, size, "%u MiB", (unsigned)((bytes + (1u << 19)) >> 20));
	}
}

void mmc_describe(const struct mmc_card *card, char *buf, unsigned size)
{
	char sz[24];
	uint32_t hz = card->clock_hz;

	fmt_size(card->capacity, sz, sizeof(sz));
	if (hz >= 1000000)
		snprintf(buf, size, "%s %s, %u-bit, %u MHz", mmc_type_name(card->type), sz,
			 card->width, (unsigned)(hz / 1000000));
	else
		snprintf(buf, size, "%s %s, %u-bit, %u kHz", mmc_type_name(card->type), sz,
			 card->width, (unsigned)(hz / 1000));
}

void mmc_print_info(const struct mmc_card *card)
{
	char line[64];
	const uint32_t *cid = card->cid;
	char pnm[6];

	if (card->type == MMC_TYPE_NONE) {
		printf("%s: no card\n", card->name);
		return;
	}
	mmc_describe(card, line, sizeof(line));
	for (int i = 0; i < 5; i++)
		pnm[i] = (char)csd_bits(cid, 96 - 8 * i, 8);
	pnm[5] = '\0';
	printf("%s: %s\n", card->name, line);
	printf("  manufacturer 0x%02x, OEM \"%c%c\", product \"%s\", rev %u.%u, serial 0x%08x, %u-%02u\n",
	       (unsigned)csd_bits(cid, 120, 8), (char)csd_bits(cid, 112, 8), (char)csd_bits(cid, 104, 8), pnm,
	       (unsigned)csd_bits(cid, 60, 4), (unsigned)csd_bits(cid, 56, 4), (unsigned)csd_bits(cid, 24, 32),
	       2000 + (unsigned)csd_bits(cid, 12, 8), (unsigned)csd_bits(cid, 8, 4));
	printf("  blocks %llu, RCA 0x%04x, OCR 0x%08x, CSD v%u, SD spec %u, high speed %s\n",
	       (unsigned long long)card->bd.nblocks, card->rca, (unsigned)card->ocr,
	       (unsigned)csd_bits(card->csd, 126, 2) + 1, card->scr[0] & 0xF,
	       card->high_speed ? "yes" : "no");
}
