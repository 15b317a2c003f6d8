// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Raw SLC NAND on the GPMC, the cold part's driver over the early core
 * (drivers/mtd/nand_core.c: RESET, READ ID, the ECC-checked page read):
 * identification (the ONFI 1.0 parameter page, else the ID bytes), page
 * program with the boot ROM's 1-bit Hamming ECC (x16: OOB bytes 2-13,
 * 3 bytes per 512-byte sector), block erase, bad-block marks
 * (TRM chapter 10 "GPMC", NAND; SPRUF98/SPRUGN4 "Memory Subsystem", GPMC Hamming ECC).
 */
#include "drivers/mtd/nand.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/hamming.h"
#include "lib/string.h"

#define CMD_READ0       0x00
#define CMD_READSTART   0x30
#define CMD_RNDOUT      0x05
#define CMD_RNDOUTSTART 0xE0
#define CMD_SEQIN       0x80
#define CMD_PAGEPROG    0x10
#define CMD_ERASE1      0x60
#define CMD_ERASE2      0xD0
#define CMD_STATUS      0x70
#define CMD_READID      0x90
#define CMD_PARAM       0xEC

#define STATUS_FAIL     BIT(0)
#define STATUS_READY    BIT(6)
#define STATUS_WP       BIT(7)    /* 1: not protected */

#define SECTORS         (NAND_PAGE_SIZE / HAM1_SECTOR)

/* Column addresses count words on x16 parts. */
static void address(struct nand_chip *c, uint32_t col_bytes, uint32_t page)
{
	uint32_t col = c->gpmc.x16 ? col_bytes / 2 : col_bytes;

	gpmc_nand_addr(&c->gpmc, (uint8_t)col);
	gpmc_nand_addr(&c->gpmc, (uint8_t)(col >> 8));
	gpmc_nand_addr(&c->gpmc, (uint8_t)page);
	gpmc_nand_addr(&c->gpmc, (uint8_t)(page >> 8));
	gpmc_nand_addr(&c->gpmc, (uint8_t)(page >> 16));
}

/*
 * R/B# goes low within tWB (100 ns) of the confirm command; waiting 1 µs
 * first keeps a poll from seeing "ready" before the chip has even started.
 */
static int wait_ready(struct nand_chip *c, uint32_t timeout_us)
{
	udelay(1);
	return gpmc_nand_wait_ready(&c->gpmc, timeout_us);
}

static int status(struct nand_chip *c)
{
	uint8_t st;

	gpmc_nand_cmd(&c->gpmc, CMD_STATUS);
	st = (uint8_t)gpmc_nand_read_cycle(&c->gpmc);
	if (!(st & STATUS_READY))
		return -ETIMEDOUT;
	if (!(st & STATUS_WP))
		return -EIO;          /* WP# still asserted: nothing was written */
	return st & STATUS_FAIL ? -EIO : 0;
}

/* ---------------------------------------------------------------- identify */

static uint16_t onfi_crc16(const uint8_t *p, unsigned len)
{
	uint16_t crc = 0x4F4E;

	for (unsigned i = 0; i < len; i++) {
		crc ^= (uint16_t)(p[i] << 8);
		for (int b = 0; b < 8; b++)
			crc = crc & 0x8000 ? (uint16_t)((crc << 1) ^ 0x8005) : (uint16_t)(crc << 1);
	}
	return crc;
}

static int read_onfi(struct nand_chip *c)
{
	uint8_t p[256];
	uint16_t v;
	int ret;

	gpmc_nand_cmd(&c->gpmc, CMD_READID);
	gpmc_nand_addr(&c->gpmc, 0x20);
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)gpmc_nand_read_cycle(&c->gpmc);
	if (memcmp(p, "ONFI", 4))
		return -ENOENT;
	gpmc_nand_cmd(&c->gpmc, CMD_PARAM);
	gpmc_nand_addr(&c->gpmc, 0);
	ret = wait_ready(c, 1000);
	if (ret)
		return ret;
	/* three copies: take the first whose CRC holds. The page comes on
	 * I/O[7:0] one byte per cycle, on x16 parts too. */
	for (int copy = 0; copy < 3; copy++) {
		for (int i = 0; i < 256; i++)
			p[i] = (uint8_t)gpmc_nand_read_cycle(&c->gpmc);
		if (memcmp(p, "ONFI", 4) || onfi_crc16(p, 254) != get_le16(p + 254))
			continue;
		c->onfi = true;
		memcpy(c->model, p + 44, 20);
		c->model[20] = 0;
		for (int i = 19; i >= 0 && c->model[i] == ' '; i--)
			c->model[i] = 0;
		if ((get_le16(p + 6) & 1) != c->gpmc.x16)
			return -ENODEV;   /* bus width does not match the CS set-up */
		c->page_size = get_le32(p + 80);
		c->oob_size = get_le16(p + 84);
		c->pages_per_block = get_le32(p + 92);
		c->nblocks = get_le32(p + 96) * p[100];
		v = get_le16(p + 133);
		c->t_prog_us = v ? v : 1000;
		v = get_le16(p + 135);
		c->t_bers_us = v ? v : 10000;
		v = get_le16(p + 137);
		c->t_r_us = v ? v : 100;
		return 0;
	}
	return -EBADMSG;
}

/* Without ONFI: the size from the device ID, the geometry from ID byte 4. */
static int decode_id(struct nand_chip *c)
{
	static const struct { uint8_t id; uint16_t mib; } sizes[] = {
		{ 0xA1, 128 }, { 0xB1, 128 }, { 0xC1, 128 }, { 0xF1, 128 },
		{ 0xAA, 256 }, { 0xBA, 256 }, { 0xCA, 256 }, { 0xDA, 256 },
		{ 0xAC, 512 }, { 0xBC, 512 }, { 0xCC, 512 }, { 0xDC, 512 },
		{ 0xA3, 1024 }, { 0xB3, 1024 }, { 0xC3, 1024 }, { 0xD3, 1024 },
	};
	uint8_t b = c->id[3];
	uint32_t mib = 0;

	for (unsigned i = 0; i < ARRAY_SIZE(sizes); i++)
		if (sizes[i].id == c->id[1])
			mib = sizes[i].mib;
	if (!mib || !!(b & BIT(6)) != c->gpmc.x16)
		return -ENODEV;
	c->page_size = 1024u << (b & 3);
	c->oob_size = ((b & BIT(2)) ? 16u : 8u) * (c->page_size / 512);
	c->block_size = (64u * 1024) << ((b >> 4) & 3);
	c->pages_per_block = c->block_size / c->page_size;
	c->nblocks = (mib << 20) / c->block_size;
	c->t_r_us = 100;
	c->t_prog_us = 1000;
	c->t_bers_us = 10000;
	return 0;
}

int nand_probe(struct nand_chip *c, const struct gpmc_nand *gpmc)
{
	int ret;

	memset(c, 0, sizeof(*c));
	c->gpmc = *gpmc;
	ret = nand_reset_id(&c->gpmc, c->id, sizeof(c->id));
	if (ret)
		return ret;
	ret = read_onfi(c);
	if (ret == -ENOENT || ret == -EBADMSG)
		ret = decode_id(c);
	if (ret)
		return ret;
	c->block_size = c->page_size * c->pages_per_block;
	c->size = (uint64_t)c->block_size * c->nblocks;
	if (c->page_size != NAND_PAGE_SIZE || c->oob_size < NAND_OOB_SIZE || !c->nblocks)
		return -ENODEV;
	return 0;
}

/* ---------------------------------------------------------------- pages */

/* The page read itself is the early core's (drivers/mtd/nand_core.c),
 * which the ROM-loaded part reads the rest of the MLO with. */
int nand_read_page(struct nand_chip *c, uint32_t page, uint8_t *data, uint8_t *oob)
{
	uint8_t spare[NAND_OOB_SIZE];
	int r = nand_read_page_ecc(&c->gpmc, page, data, spare, c->t_r_us * 4);

	if (r == -ETIMEDOUT)
		return r;
	if (oob)
		memcpy(oob, spare, NAND_OOB_SIZE);
	if (r > 0)
		c->corrected += (unsigned)r;
	return r;
}

int nand_write_page(struct nand_chip *c, uint32_t page, const uint8_t *data)
{
	uint8_t spare[NAND_OOB_SIZE];
	uint32_t ecc[SECTORS];
	int ret;

	memset(spare, 0xFF, sizeof(spare));
	gpmc_nand_cmd(&c->gpmc, CMD_SEQIN);
	address(c, 0, page);
	gpmc_ecc_start(&c->gpmc, SECTORS);
	gpmc_nand_write_buf(&c->gpmc, data, NAND_PAGE_SIZE);
	gpmc_ecc_results(&c->gpmc, ecc, SECTORS);
	for (unsigned s = 0; s < SECTORS; s++)
		ham1_pack(ecc[s], spare + HAM1_OOB_X16(s));
	gpmc_nand_write_buf(&c->gpmc, spare, NAND_OOB_SIZE);
	gpmc_nand_cmd(&c->gpmc, CMD_PAGEPROG);
	ret = wait_ready(c, c->t_prog_us * 2);
	return ret ? ret : status(c);
}

int nand_write_page_raw(struct nand_chip *c, uint32_t page, const uint8_t *data,
			const uint8_t *spare)
{
	int ret;

	gpmc_nand_cmd(&c->gpmc, CMD_SEQIN);
	address(c, 0, page);
	gpmc_nand_write_buf(&c->gpmc, data, NAND_PAGE_SIZE);
	gpmc_nand_write_buf(&c->gpmc, spare, NAND_OOB_SIZE);
	gpmc_nand_cmd(&c->gpmc, CMD_PAGEPROG);
	ret = wait_ready(c, c->t_prog_us * 2);
	return ret ? ret : status(c);
}

void nand_page_ecc(const uint8_t *data, uint8_t *spare)
{
	memset(spare, 0xFF, NAND_OOB_SIZE);
	for (unsigned s = 0; s < SECTORS; s++)
		ham1_pack(ham1_calc(data + s * HAM1_SECTOR), spare + HAM1_OOB_X16(s));
}

int nand_erase_block(struct nand_chip *c, uint32_t block)
{
	uint32_t page = block * c->pages_per_block;
	int ret;

	if (block >= c->nblocks)
		return -EINVAL;
	gpmc_nand_cmd(&c->gpmc, CMD_ERASE1);
	gpmc_nand_addr(&c->gpmc, (uint8_t)page);
	gpmc_nand_addr(&c->gpmc, (uint8_t)(page >> 8));
	gpmc_nand_addr(&c->gpmc, (uint8_t)(page >> 16));
	gpmc_nand_cmd(&c->gpmc, CMD_ERASE2);
	ret = wait_ready(c, c->t_bers_us * 2);
	return ret ? ret : status(c);
}

int nand_block_is_bad(struct nand_chip *c, uint32_t block)
{
	uint8_t m[4];
	int ret;

	if (block >= c->nblocks)
		return -EINVAL;
	gpmc_nand_cmd(&c->gpmc, CMD_READ0);
	address(c, c->page_size, block * c->pages_per_block);
	gpmc_nand_cmd(&c->gpmc, CMD_READSTART);
	ret = wait_ready(c, c->t_r_us * 4);
	if (ret)
		return ret;
	gpmc_nand_read_buf(&c->gpmc, m, 4);
	return m[0] != 0xFF || m[1] != 0xFF;
}

int nand_skip_bad(struct nand_chip *c, uint64_t *off, uint64_t limit, bool *check)
{
	uint32_t page;
	int r;

	if (*off >= limit)
		return -ENOSPC;
	page = (uint32_t)(*off / c->page_size);
	if (!*check && page % c->pages_per_block)
		return 0;
	r = nand_block_is_bad(c, page / c->pages_per_block);
	if (r < 0)
		return r;
	*check = r > 0;
	if (r)
		*off += c->block_size;   /* the same place in the next block */
	return r > 0;
}

int nand_read_skip_bad(struct nand_chip *c, uint64_t off, uint64_t len, uint8_t *buf,
		       uint64_t limit, unsigned *skipped)
{
	uint8_t tail[NAND_PAGE_SIZE];
	int fixed = 0, err = 0;
	bool check = true;

	if (skipped)
		*skipped = 0;
	if (off % c->page_size || limit > c->size)
		return -EINVAL;
	while (len) {
		uint32_t page, n = len < c->page_size ? (uint32_t)len : c->page_size;
		int r = nand_skip_bad(c, &off, limit, &check);

		if (r < 0)
			return r;
		if (r) {
			if (skipped)
				(*skipped)++;
			continue;
		}
		page = (uint32_t)(off / c->page_size);
		r = nand_read_page(c, page, n < c->page_size ? tail : buf, NULL);
		if (n < c->page_size)
			memcpy(buf, tail, n);
		if (r == -EBADMSG)
			err = r;
		else if (r < 0)
			return r;
		else
			fixed += r;
		buf += n;
		off += c->page_size;
		len -= n;
	}
	return err ? err : fixed;
}
