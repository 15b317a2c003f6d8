// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the HSMMC model (tools/sim/hsmmc.c) with its SD card: STAT
 * bits gated by IE and ERRI, command timeouts when the card has no power,
 * command timing from CLKD, single and multi-block reads with BRR/BADA/TC,
 * data CRC errors above 25 MHz without high-speed mode, injected faults.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/sim/i2c_master.h"

#define MMC1 0x4809C000u
#define PBIAS 0x48002520u
#define RSP_NONE 0
#define R136 (1u << 16)
#define R48  (2u << 16)
#define R48B (3u << 16)
#define CICE_CCCE ((1u << 20) | (1u << 19))
#define DATA_READ ((1u << 21) | (1u << 4))

static char image[64];

static struct sim *mmc_sim(uint64_t bytes, bool power)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	int fd;
	uint8_t blk[512];

	strcpy(image, "/tmp/hsmmc-test-XXXXXX");
	fd = mkstemp(image);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)bytes), 0);
	for (int b = 0; b < 8; b++) {
		memset(blk, 0x10 + b, sizeof(blk));
		assert_int_equal(pwrite(fd, blk, 512, 512 * b), 512);
	}
	close(fd);
	s->cfg.sd_image = image;
	simtest_init(s);
	simtest_clocks_3530(s);
	set_bits(s, CM + 0xA00, (1u << 15) | (1u << 24));
	set_bits(s, CM + 0xA10, (1u << 15) | (1u << 24));
	unlink(image);
	if (power) {
		twl4030_set_vmmc1(s, true);
		wr(s, PBIAS, rd(s, PBIAS) | 0x7);
	}
	return s;
}

static void set_clock(struct sim *s, unsigned clkd)
{
	wr(s, MMC1 + 0x12C, rd(s, MMC1 + 0x12C) & ~5u);
	wr(s, MMC1 + 0x12C, (0xEu << 16) | (clkd << 6) | 1);
	run_for(s, 2 * PS_PER_US);
	assert_true(rd(s, MMC1 + 0x12C) & 2);
	wr(s, MMC1 + 0x12C, rd(s, MMC1 + 0x12C) | 4);
}

static void host_init(struct sim *s)
{
	wr(s, MMC1 + 0x010, 2);
	assert_int_equal(rd(s, MMC1 + 0x014), 0);
	run_for(s, 2 * PS_PER_US);
	assert_int_equal(rd(s, MMC1 + 0x014), 1);
	wr(s, MMC1 + 0x128, 0xE00);
	wr(s, MMC1 + 0x128, 0xF00);
	assert_false(rd(s, MMC1 + 0x128) & 0x100);   /* CAPA lacks VS33: no power */
	wr(s, MMC1 + 0x140, rd(s, MMC1 + 0x140) | 0x05000000);
	wr(s, MMC1 + 0x128, 0xF00);
	assert_true(rd(s, MMC1 + 0x128) & 0x100);
	set_clock(s, 240);
	wr(s, MMC1 + 0x134, 0x307F0033);
}

/* Issue a command; returns STAT once CC or ERRI shows (0 if never). */
static uint32_t cmd(struct sim *s, unsigned idx, uint32_t arg, uint32_t flags)
{
	wr(s, MMC1 + 0x130, 0xFFFFFFFF);
	wr(s, MMC1 + 0x108, arg);
	wr(s, MMC1 + 0x10C, idx << 24 | flags);
	for (int i = 0; i < 20000; i++) {
		uint32_t st = rd(s, MMC1 + 0x130);

		if (st & 0x8001)
			return st & ~2u;   /* TC of an earlier R1b may trail */
		run_for(s, PS_PER_US);
	}
	return 0;
}

static void identify(struct sim *s)
{
	uint32_t st;

	assert_int_equal(cmd(s, 0, 0, RSP_NONE), 1);
	assert_int_equal(cmd(s, 8, 0x1AA, R48 | CICE_CCCE), 1);
	assert_int_equal(rd(s, MMC1 + 0x110), 0x1AA);
	for (int i = 0; i < 100; i++) {
		assert_int_equal(cmd(s, 55, 0, R48 | CICE_CCCE), 1);
		assert_int_equal(cmd(s, 41, 0x40FF8000, R48), 1);
		if (rd(s, MMC1 + 0x110) & (1u << 31))
			break;
		run_for(s, PS_PER_MS);
	}
	assert_true(rd(s, MMC1 + 0x110) & (1u << 31));
	assert_int_equal(cmd(s, 2, 0, R136 | (1u << 19)), 1);
	assert_int_equal(cmd(s, 3, 0, R48 | CICE_CCCE), 1);
	st = cmd(s, 7, rd(s, MMC1 + 0x110) & 0xFFFF0000, R48B | CICE_CCCE);
	assert_int_equal(st & 1, 1);
}

static void test_stat_needs_ie(void **state)
{
	struct sim *s = mmc_sim(16 << 20, true);

	host_init(s);
	wr(s, MMC1 + 0x134, 0);
	wr(s, MMC1 + 0x10C, 0);
	assert_true(rd(s, MMC1 + 0x124) & 1);        /* CMDI */
	run_for(s, PS_PER_MS);
	assert_false(rd(s, MMC1 + 0x124) & 1);
	assert_int_equal(rd(s, MMC1 + 0x130), 0);    /* CC not enabled: never set */
	wr(s, MMC1 + 0x134, 0x307F0033);
	/* CMD8 with a bad voltage: no answer, CTO and ERRI */
	assert_int_equal(cmd(s, 8, 0x2AA, R48), (1u << 16) | (1u << 15));
	wr(s, MMC1 + 0x130, 1u << 16);
	assert_int_equal(rd(s, MMC1 + 0x130), 0);
	/* R3 with the index check enabled: CIE */
	assert_int_equal(cmd(s, 55, 0, R48) & 1, 1);
	assert_int_equal(cmd(s, 41, 0x40FF8000, R48 | CICE_CCCE) & 0xA0001, 0xA0001);
}

static void test_no_power(void **state)
{
	struct sim *s = mmc_sim(16 << 20, false);
	uint64_t t0;

	host_init(s);
	t0 = s->now_ps;
	/* 96 MHz / 240 = 400 kHz: CMD0 takes 56 clocks (140 µs), CTO comes
	 * after 48 + 64 clocks (280 µs) */
	assert_int_equal(cmd(s, 0, 0, RSP_NONE), 1);
	assert_int_equal(cmd(s, 8, 0x1AA, R48), (1u << 16) | (1u << 15));
	assert_in_range(s->now_ps - t0, 420 * PS_PER_US, 422 * PS_PER_US);
	/* VMMC1 on but PBIAS powered down: still nothing */
	twl4030_set_vmmc1(s, true);
	assert_int_equal(cmd(s, 8, 0x1AA, R48) & (1u << 16), 1u << 16);
	wr(s, PBIAS, rd(s, PBIAS) | 0x2);
	assert_int_equal(cmd(s, 8, 0x1AA, R48), 1);
	/* no clock: the command never ends */
	wr(s, MMC1 + 0x12C, rd(s, MMC1 + 0x12C) & ~4u);
	assert_int_equal(cmd(s, 0, 0, RSP_NONE), 0);
	assert_true(rd(s, MMC1 + 0x124) & 1);
	wr(s, MMC1 + 0x12C, rd(s, MMC1 + 0x12C) | (1u << 25));   /* SRC */
	assert_true(rd(s, MMC1 + 0x12C) & (1u << 25));
	run_for(s, 2 * PS_PER_US);
	assert_false(rd(s, MMC1 + 0x12C) & (1u << 25));
	assert_false(rd(s, MMC1 + 0x124) & 1);
}

/* Read count blocks from lba; returns STAT at the end, fills buf. */
static uint32_t read_blocks(struct sim *s, uint32_t lba, unsigned count, uint8_t *buf, bool acen)
{
	uint32_t flags = R48 | CICE_CCCE | DATA_READ;
	uint32_t st;

	if (count > 1)
		flags |= (1u << 5) | (1u << 1) | (acen ? 1u << 2 : 0);
	wr(s, MMC1 + 0x104, count << 16 | 512);
	st = cmd(s, count > 1 ? 18 : 17, lba, flags);
	if (!(st & 1) || (st & 0x8000))
		return st;
	for (unsigned b = 0; b < count; b++) {
		int i;

		for (i = 0; i < 100000; i++) {
			st = rd(s, MMC1 + 0x130);
			if (st & 0x8020)
				break;
			run_for(s, PS_PER_US / 10);
		}
		if (!(st & 0x20))
			return st;
		wr(s, MMC1 + 0x130, 0x20);
		assert_true(rd(s, MMC1 + 0x124) & (1u << 11));   /* BRE */
		for (int w = 0; w < 128; w++) {
			uint32_t v = rd(s, MMC1 + 0x120);

			memcpy(buf + 512 * b + 4 * w, &v, 4);
		}
		assert_false(rd(s, MMC1 + 0x124) & (1u << 11));
	}
	for (int i = 0; i < 10000; i++) {
		st = rd(s, MMC1 + 0x130);
		if (st & 0x8002)
			break;
		run_for(s, PS_PER_US);
	}
	return st;
}

static void test_reads(void **state)
{
	struct sim *s = mmc_sim(16 << 20, true);
	uint8_t buf[512 * 3];
	uint64_t t0;
	uint32_t v;

	host_init(s);
	identify(s);
	/* 4-bit bus at 24 MHz */
	assert_int_equal(cmd(s, 55, 0xB3680000, R48 | CICE_CCCE), 1);
	assert_int_equal(cmd(s, 6, 2, R48 | CICE_CCCE), 1);
	wr(s, MMC1 + 0x128, rd(s, MMC1 + 0x128) | 2);
	set_clock(s, 4);
	/* SDSC: byte addresses */
	assert_int_equal(read_blocks(s, 3 * 512, 1, buf, false) & 0x8002, 2);
	assert_int_equal(buf[0], 0x13);
	assert_int_equal(buf[511], 0x13);
	/* reading DATA with an empty buffer: BADA */
	assert_int_equal(model_mmio(s, false, MMC1 + 0x120, 4, &v), 0);
	assert_true(rd(s, MMC1 + 0x130) & (1u << 29));
	/* timing: response, 100 µs access time, (1024 + 18) clocks at 24 MHz */
	wr(s, MMC1 + 0x104, 1u << 16 | 512);
	wr(s, MMC1 + 0x130, 0xFFFFFFFF);
	wr(s, MMC1 + 0x108, 512);
	wr(s, MMC1 + 0x10C, 17u << 24 | R48 | CICE_CCCE | DATA_READ);
	t0 = s->now_ps;
	run_for(s, ps_for_ticks(48 + 8 + 48, 24000000) + 100 * PS_PER_US +
		ps_for_ticks(1024 + 18, 24000000) - 1);
	assert_false(rd(s, MMC1 + 0x130) & 0x20);
	run_for(s, 1);
	assert_true(rd(s, MMC1 + 0x130) & 0x20);
	assert_true(s->now_ps > t0);
	for (int w = 0; w < 128; w++)
		rd(s, MMC1 + 0x120);
	run_for(s, PS_PER_US);
	assert_true(rd(s, MMC1 + 0x130) & 2);        /* TC */
	/* multi-block with auto CMD12: the CMD12 response lands in RSP76 */
	assert_int_equal(read_blocks(s, 2 * 512, 3, buf, true) & 0x8002, 2);
	assert_int_equal(buf[0], 0x12);
	assert_int_equal(buf[512], 0x13);
	assert_int_equal(buf[1024 + 17], 0x14);
	assert_int_equal((rd(s, MMC1 + 0x11C) >> 9) & 0xF, 5);   /* found in data state */
	assert_false(rd(s, MMC1 + 0x124) & 2);                    /* DATI clear */
}

static void test_clock_and_faults(void **state)
{
	struct sim *s = mmc_sim(16 << 20, true);
	uint8_t buf[512 * 2];
	uint8_t sw[64];

	host_init(s);
	identify(s);
	/* 48 MHz without CMD6: the card cannot keep up, DCRC */
	set_clock(s, 2);
	assert_int_equal(read_blocks(s, 0, 1, buf, false) & 0xFFFF8000, (1u << 21) | (1u << 15));
	assert_true(rd(s, MMC1 + 0x124) & 2);        /* DATI until SRD */
	wr(s, MMC1 + 0x12C, rd(s, MMC1 + 0x12C) | (1u << 26));
	run_for(s, 2 * PS_PER_US);
	assert_false(rd(s, MMC1 + 0x124) & 2);
	/* CMD6 switch to high speed (64-byte status block), then it works */
	set_clock(s, 4);
	wr(s, MMC1 + 0x104, 1u << 16 | 64);
	assert_int_equal(cmd(s, 6, 0x80FFFFF1, R48 | CICE_CCCE | DATA_READ), 1);
	while (!(rd(s, MMC1 + 0x130) & 0x8020))
		run_for(s, PS_PER_US);
	for (int w = 0; w < 16; w++) {
		uint32_t v = rd(s, MMC1 + 0x120);

		memcpy(sw + 4 * w, &v, 4);
	}
	assert_int_equal(sw[16] & 0xF, 1);
	set_clock(s, 2);
	assert_int_equal(read_blocks(s, 0, 1, buf, false) & 0x8002, 2);
	assert_int_equal(buf[0], 0x10);
	/* the host still in 1-bit mode while the card is 4-bit: DCRC */
	assert_int_equal(cmd(s, 55, 0xB3680000, R48 | CICE_CCCE), 1);
	assert_int_equal(cmd(s, 6, 2, R48 | CICE_CCCE), 1);
	assert_true(read_blocks(s, 0, 1, buf, false) & (1u << 21));
	wr(s, MMC1 + 0x12C, rd(s, MMC1 + 0x12C) | (1u << 26));
	run_for(s, 2 * PS_PER_US);
	wr(s, MMC1 + 0x128, rd(s, MMC1 + 0x128) | 2);
	/* injected CRC error on block 1 of a 2-block read, then fine */
	s->cfg.ninject = 2;
	strcpy(s->cfg.inject[0].what, "mmc-crc");
	s->cfg.inject[0].arg = 1;
	s->cfg.inject[0].count = 1;
	strcpy(s->cfg.inject[1].what, "mmc-timeout");
	s->cfg.inject[1].arg = 17;
	s->cfg.inject[1].count = 1;
	assert_true(read_blocks(s, 0, 2, buf, true) & (1u << 21));
	assert_int_equal(cmd(s, 12, 0, R48B | CICE_CCCE), 1);
	wr(s, MMC1 + 0x12C, rd(s, MMC1 + 0x12C) | (1u << 26));
	run_for(s, 2 * PS_PER_US);
	assert_int_equal(read_blocks(s, 0, 2, buf, true) & 0x8002, 2);
	/* injected command timeout on CMD17, once */
	assert_int_equal(read_blocks(s, 0, 1, buf, false), (1u << 16) | (1u << 15));
	assert_int_equal(read_blocks(s, 0, 1, buf, false) & 0x8002, 2);
	/* out of range: the card refuses, no data, DTO after 2^27 clocks */
	wr(s, MMC1 + 0x104, 1u << 16 | 512);
	assert_true(cmd(s, 17, 16 << 20, R48 | CICE_CCCE | DATA_READ) & 1);
	assert_true(rd(s, MMC1 + 0x110) & (1u << 31));
	run_for(s, 2 * PS_PER_S);
	assert_false(rd(s, MMC1 + 0x130) & (1u << 20));
	run_for(s, 2 * PS_PER_S);
	assert_true(rd(s, MMC1 + 0x130) & (1u << 20));
}

static void test_mmc2_no_card(void **state)
{
	struct sim *s = mmc_sim(16 << 20, true);
	uint32_t v;

	/* MMC2 unclocked: bus error; 16-bit access refused */
	assert_int_equal(model_mmio(s, false, 0x480B4000 + 0x124, 4, &v), SIM_EBUS);
	assert_int_equal(model_mmio(s, false, MMC1 + 0x124, 2, &v), SIM_EBUS);
	assert_int_equal(model_mmio(s, false, MMC1 + 0x200, 4, &v), SIM_EUNIMPL);
	assert_int_equal(rd(s, MMC1 + 0x124) & (1u << 18), 1u << 18);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stat_needs_ie),
		cmocka_unit_test(test_no_power),
		cmocka_unit_test(test_reads),
		cmocka_unit_test(test_clock_and_faults),
		cmocka_unit_test(test_mmc2_no_card),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
