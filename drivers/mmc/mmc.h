/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SD memory card protocol, independent of the host controller (SD
 * Physical Layer Simplified Specification 3.01, chapters 4 and 5).
 */
#ifndef DRIVERS_MMC_MMC_H
#define DRIVERS_MMC_MMC_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/fs/blockdev.h"

enum mmc_rsp { MMC_RSP_NONE, MMC_RSP_R1, MMC_RSP_R1B, MMC_RSP_R2, MMC_RSP_R3, MMC_RSP_R6,
	       MMC_RSP_R7 };

struct mmc_cmd {
	uint8_t idx;
	uint32_t arg;
	enum mmc_rsp rsp;
	uint32_t resp[4];       /* R2: resp[0] = bits 127:96; else resp[0] */
	const char *err;        /* set by the host on failure: "command timeout" ... */
};

struct mmc_data {
	void *buf;              /* read into, or (writes) read from */
	uint32_t blocks, blksz;
};

/*
 * What the core needs from a host controller. send_cmd returns 0 or a
 * negative errno (-ETIMEDOUT for command/data timeouts, -EBADMSG for CRC
 * errors, -EIO otherwise) and names the error in cmd->err. A multi-block
 * read ends with CMD12 sent by the host. set_clock returns the clock
 * actually set (<= hz) or a negative errno.
 */
struct mmc_host_ops {
	int (*send_cmd)(void *host, struct mmc_cmd *cmd, struct mmc_data *data);
	int (*set_clock)(void *host, uint32_t hz);
	int (*set_width)(void *host, unsigned bits);
};

/*
 * A host's write path, kept apart from mmc_host_ops so that it can live in
 * the cold part (the ROM-loaded part only reads). send_write sends a write
 * command (CMD24/CMD25 with a block count) and its blocks, and returns once
 * the host saw the transfer complete (the card's busy after the last
 * block included): 0, or a negative errno as send_cmd's, the error named
 * in cmd->err. The R1 response is in cmd->resp[0] either way; a response
 * with error bits sends no data (-EIO, "card refused the write").
 */
struct mmc_write_ops {
	int (*send_write)(void *host, struct mmc_cmd *cmd, const struct mmc_data *data);
};

enum mmc_type { MMC_TYPE_NONE, MMC_TYPE_SDSC1, MMC_TYPE_SDSC, MMC_TYPE_SDHC, MMC_TYPE_SDXC };

struct mmc_card {
	const char *name;                /* "mmc1" */
	const struct mmc_host_ops *ops;
	const struct mmc_write_ops *wops;  /* NULL: the card is not written */
	void *host;
	uint32_t max_hz;                 /* the host's limit; 0 = 48 MHz */
	/* found at mmc_init() */
	enum mmc_type type;
	bool block_addr, high_speed;
	uint16_t rca;
	uint32_t ocr, cid[4], csd[4];
	uint8_t scr[8];
	uint64_t capacity;               /* bytes */
	unsigned width;                  /* 1 or 4 */
	uint32_t clock_hz;
	struct blockdev bd;
	/* between mmc_init_start() and mmc_init_finish() */
	bool started, v2;
	uint64_t acmd41_end_us;   /* deadline of the power-up ACMD41 loop */
};

/* Identify and set up the card; prints what failed. */
int mmc_init(struct mmc_card *card);
/*
 * The same in two halves, so that other work overlaps the card's power-up
 * (SD spec 4.2.3: ACMD41 busy for up to 1 s): start sends CMD0, CMD8 and
 * the first ACMD41; finish polls ACMD41 until the card is ready and does
 * the rest (CID, RCA, CSD, select, bus width, high speed).
 */
int mmc_init_start(struct mmc_card *card);
int mmc_init_finish(struct mmc_card *card);
int mmc_read_blocks(struct mmc_card *card, uint64_t lba, uint32_t count, void *buf);
/*
 * Writes count blocks (SDRAM image only): CMD24 or
 * CMD25 + CMD12, then CMD13 until the card has programmed them. Returns 0,
 * -EROFS (write-protected card, no write path), -ENODEV, or the host's or
 * card's error, printed with what failed.
 */
int mmc_write_blocks(struct mmc_card *card, uint64_t lba, uint32_t count, const void *buf);
/* Gives the card's block device a write operation (card->wops set). */
void mmc_enable_writes(struct mmc_card *card, const struct mmc_write_ops *wops);
const char *mmc_type_name(enum mmc_type t);
/* "SDHC 7.4 GiB, 4-bit, 48 MHz" */
void mmc_describe(const struct mmc_card *card, char *buf, unsigned size);
/* `mmc info` in U-Boot's lines (Device:, Manufacturer ID:, ... Capacity:,
 * Bus Width:): CID, CSD and SCR details; device is the host's name. */
void mmc_print_info(const struct mmc_card *card, const char *device);

/* Bits start+size-1..start of a 128-bit register held as resp[0] = 127:96. */
static inline uint32_t mmc_reg_bits(const uint32_t r[4], unsigned start, unsigned size)
{
	unsigned word = 3 - start / 32, shift = start % 32;
	uint64_t v = r[word] >> shift;

	if (shift + size > 32 && word > 0)
		v |= (uint64_t)r[word - 1] << (32 - shift);
	return (uint32_t)(v & ((1ull << size) - 1));
}

/* CSD capacity in bytes, both layouts (csd[0] = bits 127:96). */
uint64_t mmc_csd_capacity(const uint32_t csd[4]);

#endif
