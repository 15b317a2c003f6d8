// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: an image-backed SD memory card (SD Physical Layer Simplified
 * Specification 3.01: chapter 4 card states and commands, 5 card registers).
 *
 * Personalities, chosen by cfg.sd_type or the image size:
 *   SDSC v1 (sdsc1): no CMD8 response, SCR SD_SPEC 0 (no CMD6);
 *   SDSC v2 (sdsc, the default up to 2 GiB): CSD v1, byte addresses;
 *   SDHC (sdhc, the default above 2 GiB): CSD v2, block addresses, OCR CCS.
 * The CSD declares the largest capacity not above the image size that the
 * CSD layout can express; the rest of the image is out of range.
 *
 * Commands: CMD0/2/3/6/7/8/9/10/12/13/16/17/18/24/25/55, ACMD6/13/41/42/51.
 * Others get no response and set ILLEGAL_COMMAND for the next status, as
 * does a command in the wrong state. ACMD41 reports busy for 20 ms after
 * the first one with a voltage window; an SDHC card asked without HCS stays
 * busy.
 *
 * Writes (4.3.3 "Data Write", 4.8 card state transitions, 4.10.1 card
 * status): CMD24/CMD25 in tran take the card to rcv; each block received is
 * programmed (busy on DAT0 for WRITE_BUSY_PS, pwrite into the image file at
 * once), CMD24 then goes to prg and back to tran, CMD25 stays in rcv until
 * CMD12 (prg, then tran). CMD13 in prg reports state 7 without
 * READY_FOR_DATA. Addresses: block numbers on SDHC, bytes on SDSC, where a
 * write must start on a 512-byte boundary (WRITE_BLK_MISALIGN = 0: ADDRESS_ERROR)
 * with a block length of 512 (WRITE_BL_PARTIAL = 0: BLOCK_LEN_ERROR); past
 * the capacity OUT_OF_RANGE. The image is opened read-write when its file
 * allows it (and has a write permission bit: chmod a-w locks the card even
 * for root), else read-only with CSD TMP_WRITE_PROTECT set, and a write
 * then answers WP_VIOLATION and takes no data (the host times out). The
 * file only changes when a write command's data arrives.
 * Fault injection: sd-powercut:N cuts the power during the Nth block
 * written since the simulator started (from 1): the first half of the
 * block (256 bytes) is new, the rest old, and the run stops with result
 * "poweroff".
 * Other write/erase commands (CMD27/28/29/32/33/38) stop the simulation
 * as not modelled.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/bitops.h"
#include "tools/sim/sdcard.h"

enum sd_state { ST_IDLE, ST_READY, ST_IDENT, ST_STBY, ST_TRAN, ST_DATA, ST_RCV, ST_PRG, ST_DIS };
enum data_kind { D_NONE, D_SINGLE, D_MULTI, D_REG };

#define SD_RCA 0xB368u
#define OCR_VOLTAGES 0x00FF8000u
#define OCR_CCS BIT(30)
#define OCR_READY BIT(31)
#define INIT_PS (20 * PS_PER_MS)
/* Programming one block: within the spec's 250 ms write timeout, of the
 * order of what SD cards take for a single block. */
#define WRITE_BUSY_PS (250 * PS_PER_US)

struct sdcard {
	uint64_t transfers;        /* calls that moved data (battery.c's draw) */
	int fd;
	uint64_t image_bytes, capacity;
	enum sd_type type;
	uint8_t cid[16], csd[16], scr[8];
	enum sd_state state;
	bool app_cmd, cmd8_seen, hs, init_started;
	uint64_t ready_ps;
	uint32_t pending;          /* error bits for the next status */
	unsigned width;            /* 1 or 4 */
	uint32_t blocklen;
	/* data being sent */
	enum data_kind data;
	uint64_t addr;             /* byte address of the next block */
	bool wp;                   /* the image is read-only */
	uint64_t busy_until_ps;    /* programming: prg, DAT0 low */
	long blocks_written;       /* for sd-powercut */
	uint8_t regdata[64];
	unsigned reglen;
};

uint8_t sd_crc7(const uint8_t *p, unsigned n)
{
	uint8_t crc = 0;

	for (unsigned i = 0; i < n; i++) {
		for (int b = 7; b >= 0; b--) {
			unsigned in = ((p[i] >> b) & 1) ^ ((crc >> 6) & 1);

			crc = (uint8_t)((crc << 1) & 0x7F);
			if (in)
				crc ^= 0x09;
		}
	}
	return crc;
}

/* Bit hi..lo of a big-endian register image of nbytes (bit 0 = last bit). */
static void put_bits(uint8_t *r, unsigned nbytes, unsigned hi, unsigned lo, uint64_t v)
{
	for (unsigned b = lo; b <= hi; b++, v >>= 1) {
		unsigned byte = nbytes - 1 - b / 8;

		r[byte] = (uint8_t)((r[byte] & ~(1u << (b % 8))) | ((v & 1) << (b % 8)));
	}
}

static uint64_t get_bits(const uint8_t *r, unsigned nbytes, unsigned hi, unsigned lo)
{
	uint64_t v = 0;

	for (unsigned b = hi + 1; b-- > lo;)
		v = v << 1 | ((r[nbytes - 1 - b / 8] >> (b % 8)) & 1);
	return v;
}

void sdcard_make_csd(enum sd_type t, uint64_t bytes, uint8_t csd[16])
{
	memset(csd, 0, 16);
	put_bits(csd, 16, 119, 112, 0x0E);           /* TAAC 1 ms */
	put_bits(csd, 16, 103, 96, 0x32);            /* TRAN_SPEED 25 MHz */
	put_bits(csd, 16, 95, 84, 0x5B5);            /* CCC */
	put_bits(csd, 16, 46, 46, 1);                /* ERASE_BLK_EN */
	put_bits(csd, 16, 45, 39, 0x7F);             /* SECTOR_SIZE */
	put_bits(csd, 16, 28, 26, 2);                /* R2W_FACTOR */
	put_bits(csd, 16, 25, 22, 9);                /* WRITE_BL_LEN 512 */
	if (t == SDT_SDHC) {
		uint64_t units = bytes / (512 * 1024);

		put_bits(csd, 16, 127, 126, 1);
		put_bits(csd, 16, 83, 80, 9);
		put_bits(csd, 16, 69, 48, units ? units - 1 : 0);
	} else {
		/* The finest unit that still reaches the size: BL_LEN 9..11,
		 * C_SIZE_MULT 0..7, C_SIZE at most 4095. */
		unsigned bl = 9, mult = 0;
		uint64_t unit;

		for (;;) {
			unit = (uint64_t)1 << (bl + mult + 2);
			if (bytes / unit <= 4096 || (bl == 11 && mult == 7))
				break;
			if (mult < 7)
				mult++;
			else
				bl++;
		}
		uint64_t n = bytes / unit;

		if (n > 4096)
			n = 4096;
		put_bits(csd, 16, 83, 80, bl);
		put_bits(csd, 16, 79, 79, 1);            /* READ_BL_PARTIAL */
		put_bits(csd, 16, 73, 62, n ? n - 1 : 0);
		put_bits(csd, 16, 61, 59, 5);            /* VDD_R_CURR_MIN */
		put_bits(csd, 16, 58, 56, 5);
		put_bits(csd, 16, 55, 53, 5);
		put_bits(csd, 16, 52, 50, 5);
		put_bits(csd, 16, 49, 47, mult);
	}
	csd[15] = (uint8_t)(sd_crc7(csd, 15) << 1 | 1);
}

uint64_t sdcard_csd_capacity(const uint8_t csd[16])
{
	if (get_bits(csd, 16, 127, 126) == 1)
		return (get_bits(csd, 16, 69, 48) + 1) * 512 * 1024;
	return (get_bits(csd, 16, 73, 62) + 1) << (get_bits(csd, 16, 49, 47) + 2 +
						   get_bits(csd, 16, 83, 80));
}

static void make_cid(struct sdcard *sd)
{
	uint8_t *c = sd->cid;

	memset(c, 0, 16);
	c[0] = 0x5A;                                 /* MID (not a real vendor) */
	memcpy(c + 1, "GB", 2);                      /* OID */
	memcpy(c + 3, sd->type == SDT_SDHC ? "SIMHC" : "SIMSC", 5);
	c[8] = 0x10;                                 /* PRV 1.0 */
	put_bits(c, 16, 55, 24, 0x6A7C0000u ^ (uint32_t)(sd->capacity >> 20));
	put_bits(c, 16, 19, 8, (24u << 4) | 1);      /* MDT 2024-01 */
	c[15] = (uint8_t)(sd_crc7(c, 15) << 1 | 1);
}

static void make_scr(struct sdcard *sd)
{
	uint8_t *r = sd->scr;

	memset(r, 0, 8);
	put_bits(r, 8, 59, 56, sd->type == SDT_SDSC1 ? 0 : 2);  /* SD_SPEC */
	put_bits(r, 8, 54, 52, sd->type == SDT_SDHC ? 3 : 2);   /* SD_SECURITY */
	put_bits(r, 8, 51, 48, 0x5);                            /* 1- and 4-bit */
	put_bits(r, 8, 47, 47, sd->type == SDT_SDHC);           /* SD_SPEC3 */
}

struct sdcard *sdcard_open(const char *path, enum sim_sd_type want)
{
	struct sdcard *sd = calloc(1, sizeof(*sd));
	struct stat st;

	if (!sd)
		abort();
	/* no write permission bits: a locked card, even for root */
	sd->fd = stat(path, &st) || !(st.st_mode & 0222) ? -1 : open(path, O_RDWR);
	if (sd->fd < 0) {
		sd->fd = open(path, O_RDONLY);
		sd->wp = true;
	}
	if (sd->fd < 0 || fstat(sd->fd, &st) || st.st_size < 512 * 1024) {
		fprintf(stderr, "gtaboot-sim: SD image %s: %s\n", path,
			sd->fd < 0 ? "cannot open" : "smaller than 512 KiB");
		if (sd->fd >= 0)
			close(sd->fd);
		free(sd);
		return NULL;
	}
	sd->image_bytes = (uint64_t)st.st_size;
	switch (want) {
	case SD_SDSC1: sd->type = SDT_SDSC1; break;
	case SD_SDSC:  sd->type = SDT_SDSC2; break;
	case SD_SDHC:  sd->type = SDT_SDHC; break;
	default:
		sd->type = sd->image_bytes > (2ull << 30) ? SDT_SDHC : SDT_SDSC2;
	}
	sdcard_make_csd(sd->type, sd->image_bytes, sd->csd);
	if (sd->wp) {
		put_bits(sd->csd, 16, 12, 12, 1);          /* TMP_WRITE_PROTECT */
		sd->csd[15] = (uint8_t)(sd_crc7(sd->csd, 15) << 1 | 1);
	}
	sd->capacity = sdcard_csd_capacity(sd->csd);
	if (sd->capacity < sd->image_bytes)
		fprintf(stderr, "gtaboot-sim: SD image %s: %llu bytes, the card shows %llu\n",
			path, (unsigned long long)sd->image_bytes,
			(unsigned long long)sd->capacity);
	make_cid(sd);
	make_scr(sd);
	sdcard_power_off(sd);
	return sd;
}

void sdcard_power_off(struct sdcard *sd)
{
	sd->state = ST_IDLE;
	sd->app_cmd = sd->cmd8_seen = sd->hs = sd->init_started = false;
	sd->pending = 0;
	sd->width = 1;
	sd->blocklen = 512;
	sd->data = D_NONE;
	put_bits(sd->csd, 16, 103, 96, 0x32);
	sd->csd[15] = (uint8_t)(sd_crc7(sd->csd, 15) << 1 | 1);
}

bool sdcard_high_speed(const struct sdcard *sd) { return sd->hs; }
unsigned sdcard_bus_width(const struct sdcard *sd) { return sd->width; }
enum sd_type sdcard_type(const struct sdcard *sd) { return sd->type; }
uint64_t sdcard_capacity(const struct sdcard *sd) { return sd->capacity; }

/* R1: the state the command found, plus errors; error bits clear once told. */
static uint32_t status(struct sdcard *sd, enum sd_state st, uint32_t extra)
{
	uint32_t v = sd->pending | extra | (uint32_t)st << 9 |
		(sd->app_cmd ? SD_APP_CMD : 0) | (st == ST_TRAN || st == ST_RCV ? SD_READY_FOR_DATA : 0);

	sd->pending = 0;
	return v;
}

static int illegal(struct sdcard *sd)
{
	sd->pending |= SD_ILLEGAL_CMD;
	sd->app_cmd = false;
	return 0;
}

static void switch_status(struct sdcard *sd, uint32_t arg)
{
	uint8_t *d = sd->regdata;
	unsigned f1 = arg & 0xF;
	unsigned result = f1 == 0xF ? (sd->hs ? 1 : 0) : f1 <= 1 ? f1 : 0xF;

	memset(d, 0, 64);
	put_bits(d, 64, 511, 496, 200);              /* max current, mA */
	for (unsigned g = 0; g < 5; g++)
		put_bits(d, 64, 495 - 16 * g, 480 - 16 * g, 0x8001);
	put_bits(d, 64, 415, 400, 0x8003);           /* group 1: default, high speed */
	put_bits(d, 64, 379, 376, result);
	put_bits(d, 64, 375, 368, 1);                /* data structure version */
	sd->reglen = 64;
	if ((arg & BIT(31)) && result == 1 && !sd->hs) {
		sd->hs = true;
		put_bits(sd->csd, 16, 103, 96, 0x5A); /* TRAN_SPEED 50 MHz */
		sd->csd[15] = (uint8_t)(sd_crc7(sd->csd, 15) << 1 | 1);
	}
}

static int read_cmd(struct sim *s, struct sdcard *sd, unsigned idx, uint32_t arg, uint32_t *r)
{
	uint64_t a = sd->type == SDT_SDHC ? (uint64_t)arg * 512 : arg;
	uint32_t len = sd->type == SDT_SDHC ? 512 : sd->blocklen;

	if (a >= sd->capacity) {
		r[0] = status(sd, ST_TRAN, SD_OUT_OF_RANGE);
		return 48;
	}
	if (a / 512 != (a + len - 1) / 512) {
		/* READ_BLK_MISALIGN = 0 */
		r[0] = status(sd, ST_TRAN, SD_ADDRESS_ERROR);
		return 48;
	}
	r[0] = status(sd, ST_TRAN, 0);
	sd->addr = a;
	sd->data = idx == 17 ? D_SINGLE : D_MULTI;
	sd->state = ST_DATA;
	return 48;
}

/* prg ends when the programming busy time is over. */
static enum sd_state card_state(struct sim *s, struct sdcard *sd)
{
	if (sd->state == ST_PRG && sim_now_ps(s) >= sd->busy_until_ps)
		sd->state = ST_TRAN;
	return sd->state;
}

uint64_t sdcard_busy_until(struct sim *s, struct sdcard *sd)
{
	card_state(s, sd);
	return sd->busy_until_ps;
}

static int write_cmd(struct sim *s, struct sdcard *sd, unsigned idx, uint32_t arg, uint32_t *r)
{
	uint64_t a = sd->type == SDT_SDHC ? (uint64_t)arg * 512 : arg;

	if (a >= sd->capacity) {
		r[0] = status(sd, ST_TRAN, SD_OUT_OF_RANGE);
		return 48;
	}
	if (sd->type != SDT_SDHC && sd->blocklen != 512) {
		r[0] = status(sd, ST_TRAN, SD_BLOCK_LEN_ERR);
		return 48;
	}
	if (a % 512) {
		r[0] = status(sd, ST_TRAN, SD_ADDRESS_ERROR);
		return 48;
	}
	if (sd->wp) {
		r[0] = status(sd, ST_TRAN, SD_WP_VIOLATION);
		return 48;
	}
	r[0] = status(sd, ST_TRAN, 0);
	sd->addr = a;
	sd->data = idx == 24 ? D_SINGLE : D_MULTI;
	sd->state = ST_RCV;
	(void)s;
	return 48;
}

long sdcard_write_lba(const struct sdcard *sd)
{
	return sd->state == ST_RCV && sd->data != D_NONE ? (long)(sd->addr / 512) : -1;
}

int sdcard_write_block(struct sim *s, struct sdcard *sd, const uint8_t *buf, unsigned len,
		       bool crc_ok)
{
	uint64_t now = sim_now_ps(s);
	uint8_t cur[512];
	bool cut;

	sd->transfers++;
	if (card_state(s, sd) != ST_RCV || sd->data == D_NONE || now < sd->busy_until_ps)
		return 0;
	if (len != 512)
		return -1;                       /* framed wrong: the CRC does not match */
	if (sd->addr + 512 > sd->capacity) {
		sd->pending |= SD_OUT_OF_RANGE;  /* a multi-block write ran off the end */
		sd->data = D_NONE;
		return 0;
	}
	if (!crc_ok)
		return -1;                       /* CRC status "error": nothing programmed */
	cut = sim_inject_take(s, "sd-powercut", ++sd->blocks_written);
	memcpy(cur, buf, 512);
	if (cut) {
		memset(cur + 256, 0, 256);
		if (pread(sd->fd, cur + 256, 256, (off_t)(sd->addr + 256)) < 0)
			memset(cur + 256, 0, 256);
	}
	if (pwrite(sd->fd, cur, 512, (off_t)sd->addr) != 512) {
		sim_stop(s, SIM_FAULT, "SD card: writing block %llu of the image failed",
			 (unsigned long long)(sd->addr / 512));
		return 0;
	}
	if (cut) {
		sim_stop(s, SIM_POWEROFF, "power cut (sd-powercut:%ld) while programming SD block %llu",
			 sd->blocks_written, (unsigned long long)(sd->addr / 512));
		return 0;
	}
	sd->addr += 512;
	sd->busy_until_ps = now + WRITE_BUSY_PS;
	if (sd->data == D_SINGLE) {
		sd->data = D_NONE;
		sd->state = ST_PRG;
	}
	return 1;
}

int sdcard_command(struct sim *s, struct sdcard *sd, unsigned idx, uint32_t arg,
		   uint32_t resp[4])
{
	enum sd_state st = card_state(s, sd);
	bool app = sd->app_cmd;

	memset(resp, 0, 16);
	if (app) {
		sd->app_cmd = false;
		switch (idx) {
		case 6:
			if (st != ST_TRAN || (arg & 3) == 1 || (arg & 3) == 3)
				return illegal(sd);
			sd->width = (arg & 3) == 2 ? 4 : 1;
			resp[0] = status(sd, st, SD_APP_CMD);
			return 48;
		case 13:
		case 51:
			if (st != ST_TRAN)
				return illegal(sd);
			memset(sd->regdata, 0, 64);
			if (idx == 51) {
				memcpy(sd->regdata, sd->scr, 8);
				sd->reglen = 8;
			} else {
				put_bits(sd->regdata, 64, 511, 510, sd->width == 4 ? 2 : 0);
				put_bits(sd->regdata, 64, 447, 440, 2);   /* speed class 4 */
				sd->reglen = 64;
			}
			resp[0] = status(sd, st, SD_APP_CMD);
			sd->data = D_REG;
			sd->state = ST_DATA;
			return 48;
		case 41: {
			uint32_t ocr = OCR_VOLTAGES;

			if (st != ST_IDLE && st != ST_READY)
				return illegal(sd);
			if ((arg & OCR_VOLTAGES) && !sd->init_started) {
				sd->init_started = true;
				sd->ready_ps = sim_now_ps(s) + INIT_PS;
			}
			/* an SDHC card does not finish for a host without HCS */
			if (sd->init_started && sim_now_ps(s) >= sd->ready_ps &&
			    !(sd->type == SDT_SDHC && !((arg & OCR_CCS) && sd->cmd8_seen))) {
				ocr |= OCR_READY | (sd->type == SDT_SDHC ? OCR_CCS : 0);
				sd->state = ST_READY;
			}
			resp[0] = ocr;
			return 48;
		}
		case 42:
			if (st != ST_TRAN)
				return illegal(sd);
			resp[0] = status(sd, st, SD_APP_CMD);
			return 48;
		}
		/* other ACMDs: fall through to the standard command of that index */
	}
	switch (idx) {
	case 0:
		sdcard_power_off(sd);
		return 0;
	case 2:
		if (st != ST_READY)
			return illegal(sd);
		sd->state = ST_IDENT;
		for (int i = 0; i < 4; i++)
			resp[i] = get_be32(sd->cid + 4 * i);
		return 136;
	case 3:
		if (st != ST_IDENT && st != ST_STBY)
			return illegal(sd);
		sd->state = ST_STBY;
		{
			uint32_t cs = status(sd, st, 0);

			resp[0] = SD_RCA << 16 | (cs >> 8 & 0xC000) | (cs >> 6 & 0x2000) |
				(cs & 0x1FFF);
		}
		return 48;
	case 6:
		if (st != ST_TRAN || sd->type == SDT_SDSC1)
			return illegal(sd);
		switch_status(sd, arg);
		resp[0] = status(sd, st, 0);
		sd->data = D_REG;
		sd->state = ST_DATA;
		return 48;
	case 7:
		if ((arg >> 16) != SD_RCA) {
			if (st == ST_TRAN || st == ST_DATA)
				sd->state = ST_STBY;
			return 0;
		}
		if (st != ST_STBY && st != ST_TRAN)
			return illegal(sd);
		resp[0] = status(sd, st, 0);
		sd->state = ST_TRAN;
		return 48;
	case 8:
		if (st != ST_IDLE || sd->type == SDT_SDSC1)
			return illegal(sd);
		if (((arg >> 8) & 0xF) != 1)
			return 0;   /* voltage not supported: no response */
		sd->cmd8_seen = true;
		resp[0] = arg & 0xFFF;
		return 48;
	case 9:
	case 10:
		if (st != ST_STBY || (arg >> 16) != SD_RCA)
			return st == ST_STBY ? 0 : illegal(sd);
		for (int i = 0; i < 4; i++)
			resp[i] = get_be32((idx == 9 ? sd->csd : sd->cid) + 4 * i);
		return 136;
	case 12:
		if (st == ST_RCV) {
			/* the last block is still programming: busy goes on */
			resp[0] = status(sd, st, 0);
			sd->data = D_NONE;
			sd->state = ST_PRG;
			if (sd->busy_until_ps < sim_now_ps(s))
				sd->busy_until_ps = sim_now_ps(s) + PS_PER_US;
			return 48;
		}
		if (st != ST_DATA)
			return illegal(sd);
		resp[0] = status(sd, st, 0);
		sd->data = D_NONE;
		sd->state = ST_TRAN;
		return 48;
	case 13:
		if ((arg >> 16) != SD_RCA || st < ST_STBY)
			return 0;
		resp[0] = status(sd, st, app ? SD_APP_CMD : 0);
		return 48;
	case 16:
		if (st != ST_TRAN)
			return illegal(sd);
		if (sd->type != SDT_SDHC && (arg == 0 || arg > 512)) {
			resp[0] = status(sd, st, SD_BLOCK_LEN_ERR);
			return 48;
		}
		if (sd->type != SDT_SDHC)
			sd->blocklen = arg;
		resp[0] = status(sd, st, 0);
		return 48;
	case 17:
	case 18:
		if (st != ST_TRAN)
			return illegal(sd);
		return read_cmd(s, sd, idx, arg, resp);
	case 24:
	case 25:
		if (st != ST_TRAN)
			return illegal(sd);
		return write_cmd(s, sd, idx, arg, resp);
	case 27: case 28: case 29: case 32: case 33: case 38:
		if (st == ST_TRAN) {
			sim_stop(s, SIM_FAULT, "SD card: CMD%u (protection/erase) not modelled",
				 idx);
			return 0;
		}
		return illegal(sd);
	case 55:
		if (st != ST_IDLE && st != ST_READY && (arg >> 16) != SD_RCA)
			return 0;
		sd->app_cmd = true;
		resp[0] = status(sd, st, SD_APP_CMD);
		return 48;
	}
	return illegal(sd);
}

uint64_t sdcard_transfers(const struct sdcard *sd)
{
	return sd ? sd->transfers : 0;
}

int sdcard_read_block(struct sdcard *sd, uint8_t *buf, unsigned max, long *lba)
{
	*lba = -1;
	sd->transfers++;
	switch (sd->data) {
	case D_NONE:
		return 0;
	case D_REG: {
		unsigned n = MIN(max, sd->reglen);

		memcpy(buf, sd->regdata, n);
		sd->data = D_NONE;
		sd->state = ST_TRAN;
		return (int)sd->reglen;
	}
	case D_SINGLE:
	case D_MULTI: {
		uint32_t len = sd->type == SDT_SDHC ? 512 : sd->blocklen;
		ssize_t got;

		if (sd->addr + len > sd->capacity) {
			sd->pending |= SD_OUT_OF_RANGE;
			return -1;
		}
		memset(buf, 0, MIN(max, len));
		got = pread(sd->fd, buf, MIN(max, len), (off_t)sd->addr);
		(void)got;   /* past the end of a sparse image reads as zeros */
		*lba = (long)(sd->addr / 512);
		sd->addr += len;
		if (sd->data == D_SINGLE) {
			sd->data = D_NONE;
			sd->state = ST_TRAN;
		}
		return (int)len;
	}
	}
	return 0;
}
