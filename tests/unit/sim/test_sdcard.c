// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the SD card model (tools/sim/sdcard.c): CRC7, the CSD
 * capacity encoding for both layouts (round trip over many sizes), and the
 * identification differences between SDSC v1, SDSC v2 and SDHC.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/sim/simtest.h"
#include "tools/sim/sdcard.h"

static void test_crc7(void **state)
{
	const uint8_t cmd0[5] = { 0x40, 0, 0, 0, 0 };
	const uint8_t cmd8[5] = { 0x48, 0, 0, 0x01, 0xAA };

	/* the well-known SPI-mode CRC bytes 0x95 and 0x87 */
	assert_int_equal(sd_crc7(cmd0, 5) << 1 | 1, 0x95);
	assert_int_equal(sd_crc7(cmd8, 5) << 1 | 1, 0x87);
}

static void test_csd_round_trip(void **state)
{
	uint8_t csd[16];

	for (uint64_t mib = 1; mib <= 2048; mib = mib * 3 / 2 + 1) {
		uint64_t bytes = mib << 20;
		uint64_t cap;

		sdcard_make_csd(SDT_SDSC2, bytes, csd);
		cap = sdcard_csd_capacity(csd);
		assert_true(cap <= bytes);
		/* the finest unit is at most 1/4096 of the size */
		assert_true(cap >= bytes - bytes / 4096 - 1);
		assert_int_equal(csd[0] >> 6, 0);
		assert_int_equal(csd[15], sd_crc7(csd, 15) << 1 | 1);
	}
	sdcard_make_csd(SDT_SDSC2, 2ull << 30, csd);
	assert_int_equal(sdcard_csd_capacity(csd), 2ull << 30);
	for (uint64_t gib = 3; gib <= 64; gib += 7) {
		uint64_t bytes = (gib << 30) + 12345;

		sdcard_make_csd(SDT_SDHC, bytes, csd);
		assert_int_equal(csd[0] >> 6, 1);
		assert_int_equal(sdcard_csd_capacity(csd), bytes / (512 * 1024) * 512 * 1024);
	}
	/* a hand-decoded CSD v2 of a real 7.4 GiB card: C_SIZE 0x3B37 */
	{
		const uint8_t real[16] = { 0x40, 0x0E, 0x00, 0x32, 0x5B, 0x59, 0x00, 0x00,
					   0x3B, 0x37, 0x7F, 0x80, 0x0A, 0x40, 0x00, 0x00 };

		assert_int_equal(sdcard_csd_capacity(real), (0x3B37ull + 1) * 512 * 1024);
	}
}

static struct sdcard *card(uint64_t bytes, enum sim_sd_type t)
{
	char path[] = "/tmp/sdcard-test-XXXXXX";
	int fd = mkstemp(path);
	struct sdcard *sd;
	uint8_t mark[512];

	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)bytes), 0);
	memset(mark, 0xA5, sizeof(mark));
	assert_int_equal(pwrite(fd, mark, 512, 512 * 3), 512);
	close(fd);
	sd = sdcard_open(path, t);
	unlink(path);
	assert_non_null(sd);
	return sd;
}

static void identify(struct sim *s, struct sdcard *sd, bool cmd8, uint32_t hcs, bool expect_ready)
{
	uint32_t r[4];
	int i;

	assert_int_equal(sdcard_command(s, sd, 0, 0, r), 0);
	if (cmd8)
		sdcard_command(s, sd, 8, 0x1AA, r);
	for (i = 0; i < 100; i++) {
		assert_int_equal(sdcard_command(s, sd, 55, 0, r), 48);
		assert_int_equal(sdcard_command(s, sd, 41, 0x00FF8000 | hcs, r), 48);
		if (r[0] & (1u << 31))
			break;
		s->now_ps += PS_PER_MS;
	}
	assert_int_equal(i < 100, expect_ready);
	if (!expect_ready)
		return;
	assert_in_range(i, 19, 21);   /* 20 ms of initialisation */
	assert_int_equal(sdcard_command(s, sd, 2, 0, r), 136);
	assert_int_equal(sdcard_command(s, sd, 3, 0, r), 48);
	assert_int_equal(sdcard_command(s, sd, 7, r[0] & 0xFFFF0000, r), 48);
	assert_int_equal((r[0] >> 9) & 0xF, 3);    /* found in stby */
}

static void test_personalities(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);
	uint32_t r[4];
	uint8_t buf[512];
	long lba;
	struct sdcard *sd;

	/* SDSC v1: CMD8 is illegal, no response */
	sd = card(64 << 20, SD_SDSC1);
	assert_int_equal(sdcard_command(s, sd, 8, 0x1AA, r), 0);
	identify(s, sd, false, 0, true);
	/* no CMD6 on a v1.01 card, reads by byte address */
	assert_int_equal(sdcard_command(s, sd, 6, 0x00FFFFF1, r), 0);
	assert_int_equal(sdcard_command(s, sd, 17, 3 * 512, r), 48);
	assert_int_equal(sdcard_read_block(sd, buf, 512, &lba), 512);
	assert_int_equal(lba, 3);
	assert_int_equal(buf[0], 0xA5);

	/* SDSC v2 by size */
	sd = card(64 << 20, SD_AUTO);
	assert_int_equal(sdcard_type(sd), SDT_SDSC2);
	assert_int_equal(sdcard_command(s, sd, 8, 0x1AA, r), 48);
	assert_int_equal(r[0], 0x1AA);
	/* an SDSC card ignores HCS */
	identify(s, sd, true, 1u << 30, true);

	/* SDHC: CCS set, block addresses; without HCS it never gets ready */
	sd = card(5ull << 30, SD_AUTO);
	assert_int_equal(sdcard_type(sd), SDT_SDHC);
	s->now_ps = 0;
	identify(s, sd, true, 0, false);
	s->now_ps = 0;
	identify(s, sd, true, 1u << 30, true);
	assert_int_equal(sdcard_command(s, sd, 17, 3, r), 48);
	assert_int_equal(sdcard_read_block(sd, buf, 512, &lba), 512);
	assert_int_equal(lba, 3);
	assert_int_equal(buf[511], 0xA5);
	/* past the end: OUT_OF_RANGE, no data */
	assert_int_equal(sdcard_command(s, sd, 17, (uint32_t)(sdcard_capacity(sd) / 512), r), 48);
	assert_true(r[0] & SD_OUT_OF_RANGE);
	assert_int_equal(sdcard_read_block(sd, buf, 512, &lba), 0);
	/* a multi-block read running off the end stops, CMD12 tells why */
	assert_int_equal(sdcard_command(s, sd, 18, (uint32_t)(sdcard_capacity(sd) / 512 - 1), r), 48);
	assert_int_equal(sdcard_read_block(sd, buf, 512, &lba), 512);
	assert_int_equal(sdcard_read_block(sd, buf, 512, &lba), -1);
	assert_int_equal(sdcard_command(s, sd, 12, 0, r), 48);
	assert_true(r[0] & SD_OUT_OF_RANGE);
	/* ACMD6 and CMD6 high speed */
	assert_int_equal(sdcard_command(s, sd, 55, 0xB3680000, r), 48);
	assert_int_equal(sdcard_command(s, sd, 6, 2, r), 48);
	assert_int_equal(sdcard_bus_width(sd), 4);
	assert_int_equal(sdcard_command(s, sd, 6, 0x80FFFFF1, r), 48);
	assert_int_equal(sdcard_read_block(sd, buf, 64, &lba), 64);
	assert_int_equal(buf[16] & 0xF, 1);
	assert_int_equal(buf[13] & 0x02, 0x02);
	assert_true(sdcard_high_speed(sd));
	/* an unknown command gets no answer, the next status says why */
	assert_int_equal(sdcard_command(s, sd, 5, 0, r), 0);
	assert_int_equal(sdcard_command(s, sd, 13, 0xB3680000, r), 48);
	assert_true(r[0] & SD_ILLEGAL_CMD);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc7),
		cmocka_unit_test(test_csd_round_trip),
		cmocka_unit_test(test_personalities),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
