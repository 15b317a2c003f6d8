// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the GPMC model and its NAND chip (tools/sim/gpmc.c,
 * tools/sim/nand.c): ID and ONFI page, read/program/erase through the
 * NAND ports, program only clearing bits, busy times and WAIT0, write
 * protect, factory bad blocks, the Hamming engine against nand_ecc.c's sector function,
 * bit-flip and power-cut injection, and the ROM's NAND boot read.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "lib/bitops.h"
#include "tools/sim/nand_ecc.h"
#include "tests/unit/sim/simtest.h"
#include "tools/sim/nand.h"

#define GPMC     0x6E000000u
#define CMD0     (GPMC + 0x7C)
#define ADDR0    (GPMC + 0x80)
#define DATA0    (GPMC + 0x84)
#define STATUS   (GPMC + 0x54)

static char img_path[64];

static struct sim *nand_sim(const char *fill, size_t pages)
{
	struct sim *s = simtest_new(SOC_DM3730);

	snprintf(img_path, sizeof(img_path), "/tmp/gtaboot-test-nand-%d.img", (int)getpid());
	unlink(img_path);
	if (fill) {
		int fd = open(img_path, O_CREAT | O_WRONLY | O_TRUNC, 0644);

		assert_true(fd >= 0);
		for (size_t i = 0; i < pages; i++)
			assert_int_equal(write(fd, fill + i * NAND_RAW, NAND_RAW), NAND_RAW);
		close(fd);
	}
	s->cfg.nand_image = img_path;
	simtest_init(s);
	assert_non_null(s->nand);
	return s;
}

static void w8(struct sim *s, uint32_t a, uint32_t v)
{
	assert_int_equal(model_mmio(s, true, a, 1, &v), 0);
}

static uint16_t r16(struct sim *s, uint32_t a)
{
	uint32_t v = 0;

	assert_int_equal(model_mmio(s, false, a, 2, &v), 0);
	return (uint16_t)v;
}

static void w16(struct sim *s, uint32_t a, uint32_t v)
{
	assert_int_equal(model_mmio(s, true, a, 2, &v), 0);
}

/* CS0 as U-Boot sets it up, writes allowed */
static void cs0_nand(struct sim *s)
{
	static const uint32_t cfg[7] = {
		0x00001800, 0x00141400, 0x00141400, 0x0F010F01, 0x010C1414, 0x1F0F0A80, 0x00000F70,
	};

	for (int i = 0; i < 7; i++)
		wr(s, GPMC + 0x60 + 4 * i, cfg[i]);
	wr(s, GPMC + 0x50, rd(s, GPMC + 0x50) | 0x10);
}

static void wait_ready(struct sim *s)
{
	for (int i = 0; i < 100000 && !(rd(s, STATUS) & 0x100); i++)
		s->now_ps += PS_PER_US;
	assert_true(rd(s, STATUS) & 0x100);
}

static void addr5(struct sim *s, uint32_t col_words, uint32_t page)
{
	w8(s, ADDR0, col_words & 0xFF);
	w8(s, ADDR0, col_words >> 8);
	w8(s, ADDR0, page & 0xFF);
	w8(s, ADDR0, (page >> 8) & 0xFF);
	w8(s, ADDR0, page >> 16);
}

static void read_page(struct sim *s, uint32_t page, uint8_t *buf)
{
	w8(s, CMD0, 0x00);
	addr5(s, 0, page);
	w8(s, CMD0, 0x30);
	wait_ready(s);
	for (unsigned i = 0; i < NAND_RAW; i += 4) {
		uint32_t v = rd(s, DATA0);

		memcpy(buf + i, &v, 4);
	}
}

static uint8_t status(struct sim *s)
{
	w8(s, CMD0, 0x70);
	return (uint8_t)r16(s, DATA0);
}

static uint8_t program_page(struct sim *s, uint32_t page, const uint8_t *buf)
{
	w8(s, CMD0, 0x80);
	addr5(s, 0, page);
	for (unsigned i = 0; i < NAND_RAW; i += 2)
		w16(s, DATA0, buf[i] | buf[i + 1] << 8);
	w8(s, CMD0, 0x10);
	wait_ready(s);
	return status(s);
}

static uint8_t erase_block(struct sim *s, uint32_t block)
{
	uint32_t page = block * NAND_PPB;

	w8(s, CMD0, 0x60);
	w8(s, ADDR0, page & 0xFF);
	w8(s, ADDR0, (page >> 8) & 0xFF);
	w8(s, ADDR0, page >> 16);
	w8(s, CMD0, 0xD0);
	wait_ready(s);
	return status(s);
}

static void test_id_and_onfi(void **state)
{
	struct sim *s = nand_sim(NULL, 0);
	static const uint8_t want[5] = { 0x2C, 0xBC, 0x90, 0x55, 0x56 };
	uint8_t p[256];
	uint16_t crc = 0x4F4E;

	cs0_nand(s);
	w8(s, CMD0, 0xFF);
	wait_ready(s);
	w8(s, CMD0, 0x90);
	w8(s, ADDR0, 0x00);
	for (int i = 0; i < 5; i++)
		assert_int_equal(r16(s, DATA0), want[i]);
	w8(s, CMD0, 0x90);
	w8(s, ADDR0, 0x20);
	assert_int_equal(r16(s, DATA0), 'O');
	assert_int_equal(r16(s, DATA0), 'N');
	w8(s, CMD0, 0xEC);
	w8(s, ADDR0, 0x00);
	assert_false(rd(s, STATUS) & 0x100);
	wait_ready(s);
	for (int i = 0; i < 256; i++)
		p[i] = (uint8_t)r16(s, DATA0);
	assert_memory_equal(p, "ONFI", 4);
	assert_int_equal(p[6] & 1, 1);                        /* x16 */
	assert_int_equal(get_le32(p + 80), 2048);
	assert_int_equal(get_le16(p + 84), 64);
	assert_int_equal(get_le32(p + 92), 64);
	assert_int_equal(get_le32(p + 96), 4096);
	for (int i = 0; i < 254; i++) {
		crc ^= (uint16_t)(p[i] << 8);
		for (int b = 0; b < 8; b++)
			crc = crc & 0x8000 ? (uint16_t)((crc << 1) ^ 0x8005) : (uint16_t)(crc << 1);
	}
	assert_int_equal(get_le16(p + 254), crc);
	/* the second copy follows */
	assert_int_equal(r16(s, DATA0), 'O');
	unlink(img_path);
}

static void test_read_program_erase(void **state)
{
	struct sim *s = nand_sim(NULL, 0);
	uint8_t buf[NAND_RAW], back[NAND_RAW];
	uint64_t t0;

	cs0_nand(s);
	read_page(s, 1000, back);
	for (unsigned i = 0; i < NAND_RAW; i++)
		assert_int_equal(back[i], 0xFF);
	for (unsigned i = 0; i < NAND_RAW; i++)
		buf[i] = (uint8_t)(i * 7 + 3);
	t0 = s->now_ps;
	w8(s, CMD0, 0x80);
	addr5(s, 0, 1000);
	for (unsigned i = 0; i < NAND_RAW; i += 2)
		w16(s, DATA0, buf[i] | buf[i + 1] << 8);
	w8(s, CMD0, 0x10);
	t0 = s->now_ps;
	/* busy for tPROG: WAIT0 low, STATUS says busy */
	assert_false(rd(s, STATUS) & 0x100);
	assert_int_equal(status(s) & 0x40, 0);
	s->now_ps = t0 + NAND_T_PROG_PS - 1;
	assert_false(rd(s, STATUS) & 0x100);
	s->now_ps = t0 + NAND_T_PROG_PS;
	assert_true(rd(s, STATUS) & 0x100);
	assert_true(rd(s, GPMC + 0x18) & 0x100);              /* WAIT0 edge */
	assert_int_equal(status(s), 0xE0);                    /* ready, WP# high, pass */
	assert_true(s->now_ps - t0 >= NAND_T_PROG_PS);
	read_page(s, 1000, back);
	assert_memory_equal(back, buf, NAND_RAW);
	/* programming again only clears bits */
	memset(buf, 0xF0, sizeof(buf));
	assert_int_equal(program_page(s, 1000, buf), 0xE0);
	read_page(s, 1000, back);
	for (unsigned i = 0; i < NAND_RAW; i++)
		assert_int_equal(back[i], (uint8_t)((i * 7 + 3) & 0xF0));
	/* change read column (word address 1024 = OOB byte 0) */
	w8(s, CMD0, 0x05);
	w8(s, ADDR0, 0x00);
	w8(s, ADDR0, 0x04);
	w8(s, CMD0, 0xE0);
	assert_int_equal(r16(s, DATA0), back[2048] | back[2049] << 8);
	/* erase brings it back, in tBERS */
	t0 = s->now_ps;
	assert_int_equal(erase_block(s, 1000 / NAND_PPB), 0xE0);
	assert_true(s->now_ps - t0 >= NAND_T_BERS_PS);
	read_page(s, 1000, back);
	for (unsigned i = 0; i < NAND_RAW; i++)
		assert_int_equal(back[i], 0xFF);
	/* the file holds pages in order, erased up to the written one */
	{
		FILE *f = fopen(img_path, "rb");

		assert_non_null(f);
		fseek(f, 0, SEEK_END);
		assert_int_equal(ftell(f), 1001L * NAND_RAW);
		fclose(f);
	}
	unlink(img_path);
}

static void test_protection_and_bad_blocks(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);
	uint8_t buf[NAND_RAW], back[NAND_RAW];
	uint32_t v;

	snprintf(img_path, sizeof(img_path), "/tmp/gtaboot-test-nand-%d.img", (int)getpid());
	unlink(img_path);
	s->cfg.nand_image = img_path;
	assert_int_equal(nand_parse_bad(&s->cfg, "7,0x20"), 0);
	assert_int_equal(s->cfg.nnand_bad, 2);
	assert_int_equal(s->cfg.nand_bad[1], 32);
	simtest_init(s);
	/* CS0 reset state is not NAND: the port stops the run */
	assert_int_equal(model_mmio(s, false, DATA0, 2, &v), 0);
	assert_int_equal(s->result, SIM_FAULT);
	s->result = SIM_RUNNING;
	cs0_nand(s);
	memset(buf, 0, sizeof(buf));
	/* write protected (GPMC_CONFIG reset value): nothing happens */
	wr(s, GPMC + 0x50, rd(s, GPMC + 0x50) & ~0x10u);
	assert_int_equal(program_page(s, 5, buf), 0x61);   /* WP# low, FAIL */
	read_page(s, 5, back);
	assert_int_equal(back[0], 0xFF);
	wr(s, GPMC + 0x50, rd(s, GPMC + 0x50) | 0x10);
	/* factory bad block 7: marker in its first page, program fails */
	read_page(s, 7 * NAND_PPB, back);
	assert_int_equal(back[2048], 0);
	assert_int_equal(back[2049], 0);
	read_page(s, 7 * NAND_PPB + 2, back);
	assert_int_equal(back[2048], 0xFF);
	assert_int_equal(program_page(s, 7 * NAND_PPB + 3, buf) & 1, 1);
	assert_int_equal(erase_block(s, 32) & 1, 1);
	assert_int_equal(erase_block(s, 33) & 1, 0);
	unlink(img_path);
}

/* The Hamming engine over a page read, four results of 512 bytes each,
 * against nand_ecc.c's sector function; then a write through the engine. */
static void test_ecc_engine(void **state)
{
	static uint8_t pages[2 * NAND_RAW];
	struct sim *s;
	uint8_t back[NAND_RAW];

	srand(1);
	for (unsigned i = 0; i < sizeof(pages); i++)
		pages[i] = (uint8_t)rand();
	s = nand_sim((const char *)pages, 2);
	cs0_nand(s);
	w8(s, CMD0, 0x00);
	addr5(s, 0, 1);
	w8(s, CMD0, 0x30);
	wait_ready(s);
	wr(s, GPMC + 0x1F8, 0x101);                           /* clear, result 1 */
	wr(s, GPMC + 0x1FC, (255u << 22) | 0xF);              /* results 1-4: 512 bytes */
	wr(s, GPMC + 0x1F4, 0x80 | 1);                        /* x16, CS0, on */
	for (unsigned i = 0; i < NAND_PAGE; i += 4) {
		uint32_t v = rd(s, DATA0);

		memcpy(back + i, &v, 4);
	}
	wr(s, GPMC + 0x1F4, 0);
	assert_memory_equal(back, pages + NAND_RAW, NAND_PAGE);
	assert_int_equal(rd(s, GPMC + 0x1F8) & 0xF, 5);
	for (unsigned k = 0; k < 4; k++) {
		uint32_t r = rd(s, GPMC + 0x200 + 4 * k);

		assert_int_equal(r, sim_ham_bytes(pages + NAND_RAW + 512 * k, 512, true));
	}
	assert_int_equal(rd(s, GPMC + 0x210), 0);             /* result 5 untouched */
	/* a known sector: all 0xFF except bit 0x5A3 cleared */
	memset(back, 0xFF, sizeof(back));
	back[0xB4] = 0xF7;
	wr(s, GPMC + 0x1F8, 0x101);
	wr(s, GPMC + 0x1FC, (255u << 22) | 0x1);
	wr(s, GPMC + 0x1F4, 0x80 | 1);
	w8(s, CMD0, 0x80);
	addr5(s, 0, 3);
	for (unsigned i = 0; i < 512; i += 2)
		w16(s, DATA0, back[i] | back[i + 1] << 8);
	w8(s, CMD0, 0x10);
	assert_int_equal(rd(s, GPMC + 0x200), (0x5A3u << 16) | (~0x5A3u & 0xFFF));
	/* ECCCLEAR zeroes the results */
	wr(s, GPMC + 0x1F8, 0x101);
	assert_int_equal(rd(s, GPMC + 0x200), 0);
	/* BCH is not modelled: enabling it stops the run */
	wr(s, GPMC + 0x1F4, (1u << 16) | 1);
	assert_int_equal(s->result, SIM_FAULT);
	unlink(img_path);
}

/* The prefetch engine in read mode (U-Boot's NAND reads use it): the FIFO
 * read through the CS window gives the page, and the ECC engine saw it. */
static void test_prefetch_read(void **state)
{
	static uint8_t pages[NAND_RAW];
	struct sim *s;
	uint8_t back[512];

	srand(3);
	for (unsigned i = 0; i < sizeof(pages); i++)
		pages[i] = (uint8_t)rand();
	s = nand_sim((const char *)pages, 1);
	cs0_nand(s);
	w8(s, CMD0, 0x00);
	addr5(s, 0, 0);
	w8(s, CMD0, 0x30);
	wait_ready(s);
	wr(s, GPMC + 0x1F8, 0x101);
	wr(s, GPMC + 0x1FC, (255u << 22) | 0x1);
	wr(s, GPMC + 0x1F4, 0x80 | 1);
	wr(s, GPMC + 0x1E4, 512);                             /* PREFETCH_CONFIG2 */
	wr(s, GPMC + 0x1E0, 0x80 | 0x4000);                   /* enabled, read, CS0 */
	wr(s, GPMC + 0x1EC, 1);                               /* start */
	assert_int_equal(s->result, SIM_RUNNING);
	for (unsigned got = 0; got < sizeof(back);) {
		uint32_t n = (rd(s, GPMC + 0x1F0) >> 24) & 0x7F;

		assert_true(n > 0 && n <= 64);
		for (unsigned i = 0; i < n; i += 4, got += 4) {
			uint32_t v = rd(s, 0x30000000);

			memcpy(back + got, &v, 4);
		}
	}
	assert_int_equal(rd(s, GPMC + 0x1EC), 0);             /* all read: engine idle */
	assert_memory_equal(back, pages, sizeof(back));
	assert_int_equal(rd(s, GPMC + 0x200), sim_ham_bytes(pages, 512, true));
	wr(s, GPMC + 0x1E0, 0x80 | 0x1);                      /* write posting */
	wr(s, GPMC + 0x1EC, 1);
	assert_int_equal(s->result, SIM_FAULT);
}

static void make_mlo_page(uint8_t *raw, uint32_t size, uint8_t fill)
{
	memset(raw, 0xFF, NAND_RAW);
	memset(raw, fill, NAND_PAGE);
	raw[0] = (uint8_t)size;
	raw[1] = (uint8_t)(size >> 8);
	raw[2] = raw[3] = 0;
	raw[4] = 0x00; raw[5] = 0x00; raw[6] = 0x20; raw[7] = 0x40;  /* 0x40200000 */
	for (unsigned k = 0; k < 4; k++)
		sim_ham_to_oob(sim_ham_bytes(raw + 512 * k, 512, true), raw + NAND_PAGE + SIM_HAM_OOB_X16(k));
}

static void test_rom_boot_and_injection(void **state)
{
	static uint8_t img[2 * NAND_PPB * NAND_RAW];
	static uint8_t out[0x10000];
	struct sim *s;
	const char *why = NULL;
	uint8_t data[NAND_PAGE], oob[NAND_OOB];

	memset(img, 0xFF, sizeof(img));
	make_mlo_page(img, 1000, 0x11);                       /* block 0 */
	make_mlo_page(img + NAND_PPB * NAND_RAW, 1000, 0x22); /* block 1 */
	img[100] ^= 0x03;                                     /* block 0: two bits bad */
	s = nand_sim((const char *)img, 2 * NAND_PPB);
	assert_int_equal(nand_rom_read(s, out, sizeof(out), &why), 1008);
	assert_int_equal(out[200], 0x22);                     /* block 1's copy */
	/* a single flipped bit is corrected by the ROM */
	s->cfg.ninject = 1;
	strcpy(s->cfg.inject[0].what, "nand-bitflip");
	s->cfg.inject[0].arg = NAND_PPB;
	s->cfg.inject[0].count = 1;
	assert_int_equal(nand_rom_read_page(s, NAND_PPB, data, oob), 0);
	assert_int_equal(nand_rom_ecc_check(data, oob), 1);
	assert_int_equal(data[(NAND_PPB * 97 + 13) % NAND_PAGE], 0x22);
	/* a bad-block mark on block 1 leaves nothing bootable */
	s->cfg.nand_bad[0] = 1;
	s->cfg.nnand_bad = 1;
	gpmc_init(s);
	assert_int_equal(nand_rom_read(s, out, sizeof(out), &why), -1);
	assert_non_null(strstr(why, "block 1 is marked bad"));
	assert_non_null(strstr(why, "block 0 page 0: uncorrectable"));
	unlink(img_path);
}

static void test_power_cut(void **state)
{
	struct sim *s = nand_sim(NULL, 0);
	uint8_t buf[NAND_RAW], back[NAND_RAW];

	cs0_nand(s);
	s->cfg.ninject = 1;
	strcpy(s->cfg.inject[0].what, "nand-powercut");
	s->cfg.inject[0].arg = 2;
	s->cfg.inject[0].count = 1;
	memset(buf, 0, sizeof(buf));
	assert_int_equal(erase_block(s, 0), 0xE0);            /* operation 1 */
	assert_int_equal(s->result, SIM_RUNNING);
	w8(s, CMD0, 0x80);                                    /* operation 2: cut */
	addr5(s, 0, 0);
	for (unsigned i = 0; i < NAND_RAW; i += 2)
		w16(s, DATA0, 0);
	w8(s, CMD0, 0x10);
	assert_int_equal(s->result, SIM_POWEROFF);
	s->result = SIM_RUNNING;
	s->now_ps += PS_PER_MS;
	read_page(s, 0, back);
	assert_int_equal(back[0], 0);
	assert_int_equal(back[NAND_RAW / 2 - 1], 0);
	assert_int_equal(back[NAND_RAW / 2], 0xFF);
	assert_int_equal(back[NAND_RAW - 1], 0xFF);
	unlink(img_path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_id_and_onfi),
		cmocka_unit_test(test_read_program_erase),
		cmocka_unit_test(test_protection_and_bad_blocks),
		cmocka_unit_test(test_ecc_engine),
		cmocka_unit_test(test_prefetch_read),
		cmocka_unit_test(test_rom_boot_and_injection),
		cmocka_unit_test(test_power_cut),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
