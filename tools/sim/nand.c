// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the GTA04's / BeagleBoard's x16 SLC NAND on GPMC CS0, a
 * Micron-style ONFI 1.0 part (2048 + 64-byte pages, 64 pages per block):
 * 512 MiB, ID 2C BC 90 55 56 (GTA04) or 256 MiB, ID 2C BA 80 55 50 (Beagle).
 * The protocol is the generic one of ONFI 1.0 command set (TRM chapter 10
 * "GPMC" for the NAND side); the ROM's NAND boot (§11.4) is modelled here
 * too, since it reads the array the same way.
 *
 * Backing store: cfg.nand_image, pages in order, each 2048 data bytes then
 * 64 OOB bytes (what mknand writes and flash programmers take). A file
 * shorter than the chip is followed by erased pages; a missing file is
 * created empty, i.e. an erased chip; programming past its end extends it
 * with erased pages. Every program and erase is written through at once.
 *
 * Semantics modelled:
 *  - commands RESET FF, READ ID 90 (address 00: the ID bytes, address 20:
 *    "ONFI"), READ PARAMETER PAGE EC (three copies of the 256-byte page
 *    with its CRC), READ 00-30, change read column 05-E0, PROGRAM 80-10,
 *    change write column 85, ERASE 60-D0, STATUS 70 (and 00 to return to
 *    data output). Two column cycles (x16: a word address) and three row
 *    cycles; row bits above the chip size are ignored, as on the part;
 *  - busy times in virtual time: tR 25 µs, tPROG 200 µs, tBERS 2 ms,
 *    tRST 5 µs. While busy only STATUS and RESET are accepted; any other
 *    command, or a data cycle outside STATUS, stops the run (a driver that
 *    does not wait for R/B#);
 *  - programming only clears bits (new = old AND buffer); a page may be
 *    programmed more than once, as partial-page programming allows;
 *  - WP# low (GPMC_CONFIG.WRITEPROTECT = 0, the reset value): program and
 *    erase are not executed, STATUS reads WP# = 0 and FAIL = 1;
 *  - factory bad blocks (cfg.nand_bad, --nand-bad): OOB bytes 0-1 of their
 *    first two pages read 0x00, program and erase fail (FAIL = 1);
 *  - an unknown command stops the run.
 * Fault injection:
 *  - nand-bitflip:PAGE[:COUNT]: when PAGE is read into the page register,
 *    one data bit flips (byte (PAGE * 97 + 13) % 2048, bit PAGE % 8): a read
 *    disturbance, so the array keeps the right value;
 *  - nand-powercut:N: the Nth program or erase since power-on (counted from
 *    1) is cut half way: a program leaves the first half of the page (1056
 *    bytes: data only, no OOB) programmed, an erase leaves the first 32 pages
 *    of the block erased and the rest as they were. The run then stops with
 *    result "poweroff", as if the battery had been pulled.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/bitops.h"
#include "tools/sim/nand_ecc.h"
#include "tools/sim/nand.h"

enum mode {
	M_IDLE,       /* no data output */
	M_ID,         /* ID or "ONFI" bytes */
	M_PARAM,      /* parameter page */
	M_DATA,       /* page register output */
	M_STATUS,
	M_PROG,       /* page register input */
};

struct nand {
	int fd;
	const char *path;
	uint64_t file_bytes;
	uint32_t pages;
	uint8_t id[5];
	uint8_t param[256];

	enum mode mode, before_status;
	uint8_t cmd;              /* the command collecting address cycles */
	uint8_t addr[5];
	unsigned naddr;
	uint32_t col;             /* byte offset in the page register */
	uint32_t row;
	uint32_t out_idx;         /* ID / parameter page byte index */
	const uint8_t *id_src;
	unsigned id_len;
	uint8_t reg[NAND_RAW];    /* the page register */

	uint64_t busy_until;
	bool fail;                /* STATUS bit 0 of the last program/erase */
	bool wp;                  /* WP# low: writes refused */
	long ops;                 /* programs + erases, for nand-powercut */
	const uint32_t *bad;
	int nbad;
};

/* ---------------------------------------------------------------- array */

static bool block_bad(const struct nand *n, uint32_t block)
{
	for (int i = 0; i < n->nbad; i++)
		if (n->bad[i] == block)
			return true;
	return false;
}

static void array_read(struct sim *s, struct nand *n, uint32_t page, uint8_t *buf)
{
	uint64_t off = (uint64_t)page * NAND_RAW;

	memset(buf, 0xFF, NAND_RAW);
	if (off < n->file_bytes && pread(n->fd, buf, NAND_RAW, (off_t)off) < 0)
		sim_stop(s, SIM_FAULT, "NAND image %s: %s", n->path, strerror(errno));
	if (block_bad(n, page / NAND_PPB) && page % NAND_PPB < 2)
		buf[NAND_PAGE] = buf[NAND_PAGE + 1] = 0x00;
}

static void array_write(struct sim *s, struct nand *n, uint32_t page, const uint8_t *buf)
{
	uint64_t off = (uint64_t)page * NAND_RAW;
	static const uint8_t erased[NAND_RAW] = { [0 ... NAND_RAW - 1] = 0xFF };

	/* keep the file a whole number of pages, erased up to here */
	while (n->file_bytes < off) {
		if (pwrite(n->fd, erased, NAND_RAW, (off_t)n->file_bytes) != NAND_RAW)
			goto fail;
		n->file_bytes += NAND_RAW;
	}
	if (pwrite(n->fd, buf, NAND_RAW, (off_t)off) != NAND_RAW)
		goto fail;
	if (off + NAND_RAW > n->file_bytes)
		n->file_bytes = off + NAND_RAW;
	return;
fail:
	sim_stop(s, SIM_FAULT, "NAND image %s: write failed: %s", n->path, strerror(errno));
}

static void load_page(struct sim *s, struct nand *n, uint32_t page, uint8_t *buf)
{
	array_read(s, n, page, buf);
	if (sim_inject_take(s, "nand-bitflip", page))
		buf[(page * 97 + 13) % NAND_PAGE] ^= (uint8_t)(1u << (page % 8));
}

static bool power_cut(struct sim *s, struct nand *n)
{
	return sim_inject_take(s, "nand-powercut", ++n->ops);
}

static void program(struct sim *s, struct nand *n)
{
	uint32_t page = n->row % n->pages;
	uint8_t cur[NAND_RAW];
	unsigned len = NAND_RAW;
	bool cut;

	n->busy_until = sim_now_ps(s) + NAND_T_PROG_PS;
	n->fail = n->wp || block_bad(n, page / NAND_PPB);
	if (n->fail)
		return;
	cut = power_cut(s, n);
	if (cut)
		len = NAND_RAW / 2;
	array_read(s, n, page, cur);
	for (unsigned i = 0; i < len; i++)
		cur[i] &= n->reg[i];
	array_write(s, n, page, cur);
	if (cut)
		sim_stop(s, SIM_POWEROFF, "power cut (nand-powercut:%ld) while programming NAND page %u (block %u)",
			 n->ops, page, page / NAND_PPB);
}

static void erase(struct sim *s, struct nand *n)
{
	uint32_t block = (n->row % n->pages) / NAND_PPB;
	uint8_t ff[NAND_RAW];
	unsigned count = NAND_PPB;
	bool cut;

	n->busy_until = sim_now_ps(s) + NAND_T_BERS_PS;
	n->fail = n->wp || block_bad(n, block);
	if (n->fail)
		return;
	cut = power_cut(s, n);
	if (cut)
		count = NAND_PPB / 2;
	memset(ff, 0xFF, sizeof(ff));
	for (unsigned i = 0; i < count; i++) {
		uint32_t page = block * NAND_PPB + i;

		/* pages past the file's end are erased already */
		if ((uint64_t)page * NAND_RAW < n->file_bytes)
			array_write(s, n, page, ff);
	}
	if (cut)
		sim_stop(s, SIM_POWEROFF, "power cut (nand-powercut:%ld) while erasing NAND block %u",
			 n->ops, block);
}

/* ---------------------------------------------------------------- bus */

bool nand_ready(struct sim *s, struct nand *n)
{
	return sim_now_ps(s) >= n->busy_until;
}

void nand_set_wp(struct nand *n, bool protect)
{
	n->wp = protect;
}

uint32_t nand_pages(const struct nand *n)
{
	return n->pages;
}

static uint32_t column(const struct nand *n)
{
	/* x16: the column address counts 16-bit words */
	return ((uint32_t)n->addr[0] | (uint32_t)n->addr[1] << 8) * 2;
}

void nand_command(struct sim *s, struct nand *n, uint8_t cmd)
{
	if (!nand_ready(s, n) && cmd != 0x70 && cmd != 0xFF) {
		sim_stop(s, SIM_FAULT, "NAND: command 0x%02x while the chip is busy (R/B# low)", cmd);
		return;
	}
	switch (cmd) {
	case 0xFF:
		n->mode = M_IDLE;
		n->cmd = 0;
		n->busy_until = sim_now_ps(s) + NAND_T_RST_PS;
		return;
	case 0x70:
		if (n->mode != M_STATUS)
			n->before_status = n->mode;
		n->mode = M_STATUS;
		return;
	case 0x90: case 0xEC: case 0x60: case 0x05: case 0x85:
		n->cmd = cmd;
		n->naddr = 0;
		return;
	case 0x00:
		/* after STATUS with no address: back to data output */
		n->cmd = cmd;
		n->naddr = 0;
		if (n->mode == M_STATUS)
			n->mode = n->before_status;
		return;
	case 0x80:
		n->cmd = cmd;
		n->naddr = 0;
		memset(n->reg, 0xFF, sizeof(n->reg));
		n->mode = M_PROG;
		n->col = 0;
		return;
	case 0x30:
		if (n->cmd != 0x00 || n->naddr != 5)
			break;
		n->row = (n->addr[2] | n->addr[3] << 8 | (uint32_t)n->addr[4] << 16) % n->pages;
		load_page(s, n, n->row, n->reg);
		n->col = column(n);
		n->mode = M_DATA;
		n->cmd = 0;
		n->busy_until = sim_now_ps(s) + NAND_T_R_PS;
		return;
	case 0xE0:
		if (n->cmd != 0x05 || n->naddr != 2)
			break;
		n->col = column(n);
		n->mode = M_DATA;
		n->cmd = 0;
		return;
	case 0x10:
		if (n->mode != M_PROG || n->naddr < 5)
			break;
		n->mode = M_IDLE;
		n->cmd = 0;
		program(s, n);
		return;
	case 0xD0:
		if (n->cmd != 0x60 || n->naddr != 3)
			break;
		n->row = n->addr[0] | n->addr[1] << 8 | (uint32_t)n->addr[2] << 16;
		n->mode = M_IDLE;
		n->cmd = 0;
		erase(s, n);
		return;
	default:
		sim_stop(s, SIM_FAULT, "NAND: unsupported command 0x%02x", cmd);
		return;
	}
	sim_stop(s, SIM_FAULT, "NAND: command 0x%02x out of sequence (after 0x%02x with %u address cycles)",
		 cmd, n->cmd, n->naddr);
}

void nand_address(struct sim *s, struct nand *n, uint8_t a)
{
	static const uint8_t onfi[4] = { 'O', 'N', 'F', 'I' };

	if (!nand_ready(s, n)) {
		sim_stop(s, SIM_FAULT, "NAND: address cycle while the chip is busy");
		return;
	}
	if (n->naddr >= 5 || !(n->cmd == 0x00 || n->cmd == 0x80 || n->cmd == 0x90 ||
			       n->cmd == 0xEC || n->cmd == 0x60 || n->cmd == 0x05 ||
			       n->cmd == 0x85)) {
		sim_stop(s, SIM_FAULT, "NAND: unexpected address cycle 0x%02x", a);
		return;
	}
	n->addr[n->naddr++] = a;
	switch (n->cmd) {
	case 0x90:
		n->mode = M_ID;
		n->out_idx = 0;
		n->id_src = a == 0x20 ? onfi : n->id;
		n->id_len = a == 0x20 ? 4 : 5;
		n->cmd = 0;
		break;
	case 0xEC:
		n->mode = M_PARAM;
		n->out_idx = 0;
		n->cmd = 0;
		n->busy_until = sim_now_ps(s) + NAND_T_R_PS;
		break;
	case 0x80:
		if (n->naddr == 2)
			n->col = column(n);
		if (n->naddr == 5)
			n->row = (n->addr[2] | n->addr[3] << 8 | (uint32_t)n->addr[4] << 16) % n->pages;
		break;
	case 0x85:
		if (n->naddr == 2) {
			n->col = column(n);
			n->cmd = 0x80;   /* data input goes on */
			n->naddr = 5;
		}
		break;
	}
}

uint16_t nand_data_read(struct sim *s, struct nand *n)
{
	uint16_t w = 0xFFFF;

	if (n->mode != M_STATUS && !nand_ready(s, n)) {
		sim_stop(s, SIM_FAULT, "NAND: data read while the chip is busy (R/B# low)");
		return 0;
	}
	switch (n->mode) {
	case M_STATUS:
		w = (nand_ready(s, n) ? 0x60 : 0) | (n->wp ? 0 : 0x80) | (n->fail ? 1 : 0);
		sim_clock_read(s);
		break;
	case M_ID:
		/* ID bytes come on I/O[7:0], one per cycle, then repeat */
		w = n->id_src[n->out_idx++ % n->id_len];
		break;
	case M_PARAM:
		w = n->param[n->out_idx++ % 256];
		break;
	case M_DATA:
		if (n->col + 1 < NAND_RAW)
			w = (uint16_t)(n->reg[n->col] | n->reg[n->col + 1] << 8);
		n->col += 2;
		break;
	case M_IDLE:
	case M_PROG:
		sim_stop(s, SIM_FAULT, "NAND: data read with no output selected");
		return 0;
	}
	return w;
}

void nand_data_write(struct sim *s, struct nand *n, uint16_t w)
{
	if (n->mode != M_PROG || n->naddr < 5) {
		sim_stop(s, SIM_FAULT, "NAND: data written outside PROGRAM (0x80 + 5 address cycles)");
		return;
	}
	if (n->col + 1 < NAND_RAW) {
		n->reg[n->col] = (uint8_t)w;
		n->reg[n->col + 1] = (uint8_t)(w >> 8);
	}
	n->col += 2;
}

/* ---------------------------------------------------------------- set-up */

static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, (uint16_t)v); put16(p + 2, (uint16_t)(v >> 16)); }

/* ONFI's CRC-16: polynomial 0x8005, initial value 0x4F4E, MSB first */
static uint16_t onfi_crc16(const uint8_t *p, size_t len)
{
	uint16_t crc = 0x4F4E;

	for (size_t i = 0; i < len; i++) {
		crc ^= (uint16_t)(p[i] << 8);
		for (int b = 0; b < 8; b++)
			crc = crc & 0x8000 ? (uint16_t)(crc << 1) ^ 0x8005 : (uint16_t)(crc << 1);
	}
	return crc;
}

static void build_param_page(struct nand *n, bool big)
{
	uint8_t *p = n->param;

	memset(p, 0, sizeof(n->param));
	memcpy(p, "ONFI", 4);
	put16(p + 4, 0x0002);                /* ONFI 1.0 */
	put16(p + 6, 0x0001);                /* 16-bit data bus */
	put16(p + 8, 0x0006);                /* read cache, get/set features */
	memcpy(p + 32, "MICRON      ", 12);
	memcpy(p + 44, big ? "MT29F4G16ABBDAH4    " : "MT29F2G16ABBEAH4    ", 20);
	p[64] = 0x2C;
	put32(p + 80, NAND_PAGE);
	put16(p + 84, NAND_OOB);
	put32(p + 86, 512);
	put16(p + 90, 16);
	put32(p + 92, NAND_PPB);
	put32(p + 96, n->pages / NAND_PPB);
	p[100] = 1;                          /* LUNs */
	p[101] = 0x23;                       /* 2 column, 3 row cycles */
	p[102] = 1;                          /* SLC */
	put16(p + 103, 80);                  /* max bad blocks per LUN */
	p[105] = 1; p[106] = 5;              /* 10^5 cycles */
	p[107] = 1;                          /* block 0 guaranteed good */
	p[110] = 4;                          /* partial programs per page */
	p[112] = 4;                          /* ECC bits the part wants */
	put16(p + 129, 0x001F);              /* timing modes 0-4 */
	put16(p + 133, 600);                 /* tPROG max, µs */
	put16(p + 135, 3000);                /* tBERS max, µs */
	put16(p + 137, 25);                  /* tR max, µs */
	put16(p + 139, 70);                  /* tCCS, ns */
	put16(p + 254, onfi_crc16(p, 254));
}

struct nand *nand_create(struct sim *s)
{
	struct nand *n;
	struct stat st;
	const struct sim_part *part = &s->cfg.part;
	bool big = part->nand_mib >= 512;   /* 4 Gbit (GTA04) or 2 Gbit (Beagle) */

	/* The package decides whether there is a NAND (parts.c): a OneNAND
	 * or DDR-only package has none, whatever --nand says. */
	if (part->flash != FLASH_NAND) {
		if (s->cfg.nand_image)
			sim_stop(s, SIM_FAULT, "--nand %s: this machine's package (%s) has %s, "
				 "not a NAND", s->cfg.nand_image, part->name,
				 part->flash == FLASH_ONENAND ? "OneNAND" : "no flash");
		return NULL;
	}
	n = calloc(1, sizeof(*n));
	if (!n)
		abort();
	n->path = s->cfg.nand_image ? s->cfg.nand_image : "(erased chip, no --nand)";
	n->pages = part->nand_mib << 20 >> 11;
	memcpy(n->id, part->nand_id, 5);
	build_param_page(n, big);
	n->bad = s->cfg.nand_bad;
	n->nbad = s->cfg.nnand_bad;
	n->wp = true;    /* GPMC_CONFIG reset value: WRITEPROTECT = 0 */
	/* Without --nand the chip is there all the same, erased, in a file
	 * that disappears at exit. */
	if (s->cfg.nand_image) {
		n->fd = open(n->path, O_RDWR | O_CREAT, 0644);
	} else {
		FILE *f = tmpfile();

		n->fd = f ? fileno(f) : -1;
	}
	if (n->fd < 0 || fstat(n->fd, &st)) {
		sim_stop(s, SIM_FAULT, "NAND image %s: %s", n->path, strerror(errno));
		free(n);
		return NULL;
	}
	n->file_bytes = (uint64_t)st.st_size;
	if (n->file_bytes % NAND_RAW || n->file_bytes > (uint64_t)n->pages * NAND_RAW) {
		sim_stop(s, SIM_FAULT, "NAND image %s: %llu bytes is not a whole number of %u-byte "
			 "pages (2048 + 64 OOB) within the %u MiB chip", n->path,
			 (unsigned long long)n->file_bytes, NAND_RAW, n->pages >> 9);
		close(n->fd);
		free(n);
		return NULL;
	}
	return n;
}

int nand_parse_bad(struct sim_config *c, const char *arg)
{
	while (*arg) {
		char *end;
		unsigned long b = strtoul(arg, &end, 0);

		if (end == arg || (*end && *end != ',') || c->nnand_bad >= SIM_MAX_NAND_BAD)
			return -1;
		c->nand_bad[c->nnand_bad++] = (uint32_t)b;
		arg = *end ? end + 1 : end;
	}
	return 0;
}

/* ---------------------------------------------------------------- ROM */

/* The ROM's own GPMC timing is not known: charge 100 ns per 16-bit word. */
#define ROM_WORD_PS 100000ull

int nand_rom_read_page(struct sim *s, uint32_t page, uint8_t *data, uint8_t *oob)
{
	struct nand *n = s->nand;
	uint8_t buf[NAND_RAW];

	if (!n || page >= n->pages)
		return -1;
	load_page(s, n, page, buf);
	memcpy(data, buf, NAND_PAGE);
	memcpy(oob, buf + NAND_PAGE, NAND_OOB);
	sim_advance_ps(s, NAND_T_R_PS + NAND_RAW / 2 * ROM_WORD_PS);
	return 0;
}

/* The ROM reads the x16 part with the engine in 16-bit mode (nand_ecc.c). */
int nand_rom_ecc_check(uint8_t *data, const uint8_t *oob)
{
	int worst = 0;

	for (unsigned sec = 0; sec < NAND_PAGE / SIM_HAM_SECTOR; sec++) {
		int r = sim_ham_check(data + sec * SIM_HAM_SECTOR, oob + SIM_HAM_OOB_X16(sec), true);

		if (r < 0)
			return -1;
		worst |= r;
	}
	return worst;
}

long nand_rom_read(struct sim *s, uint8_t *buf, size_t max, const char **why)
{
	static char all[512];
	char msg[96];
	uint8_t data[NAND_PAGE], oob[NAND_OOB];

	if (!s->nand) {
		*why = "no NAND chip";
		return -1;
	}
	all[0] = 0;
	*why = all;
	for (uint32_t blk = 0; blk < 4; blk++) {
		uint32_t page = blk * NAND_PPB, size = 0;
		size_t got = 0, want = 8;

		snprintf(msg, sizeof(msg), "block %u: read failed", blk);

		while (got < want) {
			if (nand_rom_read_page(s, page, data, oob))
				break;
			if (page == blk * NAND_PPB && (oob[0] != 0xFF || oob[1] != 0xFF)) {
				snprintf(msg, sizeof(msg), "block %u is marked bad", blk);
				break;
			}
			if (nand_rom_ecc_check(data, oob) < 0) {
				snprintf(msg, sizeof(msg), "block %u page %u: uncorrectable ECC error",
					 blk, page);
				break;
			}
			if (!got) {
				size = get_le32(data);
				if (!size || size == 0xFFFFFFFF || size > max - 8 ||
				    size + 8 > NAND_PAGE * NAND_PPB) {
					snprintf(msg, sizeof(msg), "block %u: no GP header (size 0x%x)",
						 blk, size);
					break;
				}
				want = size + 8;
			}
			memcpy(buf + got, data, MIN(NAND_PAGE, want - got));
			got += MIN(NAND_PAGE, want - got);
			page++;
		}
		if (got == want && got > 8) {
			gpmc_rom_nand_setup(s);
			return (long)got;
		}
		snprintf(all + strlen(all), sizeof(all) - strlen(all), "%s%s", blk ? "; " : "", msg);
		if (s->cfg.trace_mmio)
			fprintf(stderr, "ROM: NAND: %s\n", msg);
	}
	return -1;
}
