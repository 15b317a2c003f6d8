// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The firmware's storage drivers (drivers/i2c, drivers/power, drivers/mmc)
 * run on the host against the simulator's I2C, TWL4030, HSMMC and SD card
 * models, through the host backend of io.h and the timer (host_io.c):
 * each register access costs 50 ns of virtual time, so the drivers'
 * bounded waits work on virtual time. Covers card identification for all three personalities,
 * reads, a card without power, injected read errors and the TWL4030 API.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/sim/i2c_master.h"
#include "tools/sim/battery.h"

/* The drivers under test are linked in, built with GTABOOT_HOST_IO: their
 * registers and waits go to host_io.c. */
#include "arch/arm/io.h"
#include "drivers/i2c/omap_i2c.h"
#include "drivers/mmc/mmc.h"
#include "drivers/mmc/omap_hsmmc.h"
#include "drivers/power/twl4030.h"
#include "lib/fs/blockdev.h"
#include "lib/errno.h"
#include "tests/unit/sim/host_io.h"

static struct sim *cur;

static char image[64];

static struct sim *machine(uint64_t bytes, enum sim_sd_type type, bool card)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	if (card) {
		int fd;
		uint8_t blk[512];

		strcpy(image, "/tmp/storage-fw-XXXXXX");
		fd = mkstemp(image);
		assert_true(fd >= 0);
		assert_int_equal(ftruncate(fd, (off_t)bytes), 0);
		for (int b = 0; b < 40; b++) {
			memset(blk, b, sizeof(blk));
			assert_int_equal(pwrite(fd, blk, 512, 512 * b), 512);
		}
		close(fd);
		s->cfg.sd_image = image;
	}
	s->cfg.sd_type = type;
	storage_sim_up(s);
	if (card)
		unlink(image);
	cur = s;
	host_io_use(s);
	return s;
}

static struct omap_i2c bus;
static const struct omap_i2c_config i2c_cfg = {
	.name = "i2c1", .base = 0x48070000, .fclk_hz = 96000000, .speed_hz = 400000,
};
static int pbias_on(void)
{
	writel(readl(0x48002520) | 0x7, 0x48002520);
	return 0;
}
static const struct omap_hsmmc_config mmc_cfg = {
	.name = "mmc1", .base = 0x4809C000, .fclk_hz = 96000000, .soc_setup = pbias_on,
};

static int bring_up(struct mmc_card *card, struct omap_hsmmc *host)
{
	struct twl4030 twl;
	int err;

	assert_int_equal(omap_i2c_init(&bus, &i2c_cfg), 0);
	twl4030_setup(&twl, &bus);
	assert_int_equal(twl4030_vmmc1_on(&twl, 3150), 0);
	assert_int_equal(twl4030_vmmc1_on(&twl, 3150), 1);   /* already on: no wait */
	assert_int_equal(omap_hsmmc_init(host, &mmc_cfg), 0);
	memset(card, 0, sizeof(*card));
	card->name = "mmc1";
	card->ops = &omap_hsmmc_ops;
	card->host = host;
	err = mmc_init(card);
	return err;
}

static void check_card(enum sim_sd_type type, uint64_t bytes, const char *want)
{
	struct sim *s = machine(bytes, type, true);
	struct omap_hsmmc host;
	struct mmc_card card;
	uint8_t buf[512 * 20];
	char line[64];

	assert_int_equal(bring_up(&card, &host), 0);
	mmc_describe(&card, line, sizeof(line));
	assert_string_equal(line, want);
	assert_int_equal(blk_read(&card.bd, 3, 1, buf), 0);
	assert_int_equal(buf[0], 3);
	assert_int_equal(blk_read(&card.bd, 5, 20, buf), 0);
	for (int b = 0; b < 20; b++)
		assert_int_equal(buf[512 * b + 100], 5 + b);
	assert_int_equal(s->result, SIM_RUNNING);
}

static void test_sdhc(void **state)
{
	check_card(SD_AUTO, 7948206080ull, "SDHC 7.4 GiB, 4-bit, 48 MHz");
}

static void test_sdsc(void **state)
{
	check_card(SD_AUTO, 64 << 20, "SDSC 64 MiB, 4-bit, 48 MHz");
}

static void test_sdsc1(void **state)
{
	/* a v1.01 card has no CMD6: default speed */
	check_card(SD_SDSC1, 32 << 20, "SDSC v1 32 MiB, 4-bit, 24 MHz");
}

static void test_no_card(void **state)
{
	struct omap_hsmmc host;
	struct mmc_card card;
	uint64_t t0;

	machine(0, SD_AUTO, false);
	t0 = cur->now_ps;
	assert_int_equal(bring_up(&card, &host), -ENODEV);
	/* a clear answer quickly, not after the 1 s ACMD41 loop */
	assert_true(cur->now_ps - t0 < 200 * PS_PER_MS);
}

static void test_read_errors(void **state)
{
	struct sim *s = machine(64 << 20, SD_AUTO, true);
	struct omap_hsmmc host;
	struct mmc_card card;
	uint8_t buf[512 * 4];

	assert_int_equal(bring_up(&card, &host), 0);
	/* one CRC error: retried at the same clock */
	s->cfg.ninject = 2;
	strcpy(s->cfg.inject[0].what, "mmc-crc");
	s->cfg.inject[0].arg = 6;
	s->cfg.inject[0].count = 1;
	assert_int_equal(blk_read(&card.bd, 4, 4, buf), 0);
	assert_int_equal(buf[512 * 2], 6);
	assert_int_equal(card.clock_hz, 48000000);
	/* always failing: the clock comes down, then a clear error */
	s->cfg.inject[0].count = -1;
	assert_int_equal(blk_read(&card.bd, 4, 4, buf), -EBADMSG);
	assert_true(card.clock_hz < 48000000);
	/* a command that always times out, within bounded time */
	s->cfg.inject[0].count = 0;
	strcpy(s->cfg.inject[1].what, "mmc-timeout");
	s->cfg.inject[1].arg = 17;
	s->cfg.inject[1].count = -1;
	{
		uint64_t t0 = s->now_ps;

		assert_int_equal(blk_read(&card.bd, 4, 1, buf), -ETIMEDOUT);
		assert_true(s->now_ps - t0 < PS_PER_S);
	}
	s->cfg.inject[1].count = 0;
	assert_int_equal(blk_read(&card.bd, 4, 1, buf), 0);
	assert_int_equal(buf[0], 4);
}

/* The write path (mmc_write_blocks, hsmmc_send_write) against the card and
 * host models: single and multi-block, byte (SDSC) and block (SDHC)
 * addresses, a CRC status error retried, a write past the end refused. */
static void check_writes(enum sim_sd_type type, uint64_t bytes, bool past_end)
{
	struct sim *s = machine(bytes, type, true);
	struct omap_hsmmc host;
	struct mmc_card card;
	static uint8_t buf[512 * 300], back[512 * 300];

	assert_int_equal(bring_up(&card, &host), 0);
	assert_int_equal(blk_write(&card.bd, 7, 1, buf), -EROFS);   /* not enabled */
	mmc_enable_writes(&card, &omap_hsmmc_write_ops);
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)(i * 7 + 3);
	assert_int_equal(blk_write(&card.bd, 7, 1, buf), 0);
	assert_int_equal(blk_write(&card.bd, 100, 300, buf), 0);     /* two CMD25 chunks */
	assert_int_equal(blk_read(&card.bd, 7, 1, back), 0);
	assert_memory_equal(back, buf, 512);
	assert_int_equal(blk_read(&card.bd, 100, 300, back), 0);
	assert_memory_equal(back, buf, sizeof(buf));
	assert_int_equal(blk_read(&card.bd, 6, 1, back), 0);
	assert_int_equal(back[0], 6);                                 /* neighbours kept */
	assert_int_equal(blk_read(&card.bd, 8, 1, back), 0);
	assert_int_equal(back[0], 8);
	/* one CRC status error on block 101: the chunk is sent again */
	s->cfg.ninject = 1;
	strcpy(s->cfg.inject[0].what, "mmc-crc");
	s->cfg.inject[0].arg = 101;
	s->cfg.inject[0].count = 1;
	buf[512] ^= 0xff;
	assert_int_equal(blk_write(&card.bd, 100, 3, buf), 0);
	assert_int_equal(blk_read(&card.bd, 100, 3, back), 0);
	assert_memory_equal(back, buf, 3 * 512);
	s->cfg.ninject = 0;
	/* past the card's end: refused by the card, the driver says why
	 * (once: its two bounded 500 ms waits are a million polls of the
	 * models, host_io.c's idle step) */
	if (past_end)
		assert_int_equal(mmc_write_blocks(&card, card.bd.nblocks - 1, 2, buf) < 0, 1);
	assert_int_equal(blk_write(&card.bd, 9, 1, buf), 0);          /* and goes on */
	assert_int_equal(s->result, SIM_RUNNING);
}

static void test_writes_sdhc(void **state)
{
	check_writes(SD_AUTO, 7948206080ull, true);
}

static void test_writes_sdsc(void **state)
{
	check_writes(SD_AUTO, 64 << 20, false);
}

static void test_twl_api(void **state)
{
	struct sim *s = machine(0, SD_AUTO, false);
	struct twl4030 twl;
	uint8_t v = 0, bb = 0;
	unsigned mv = 0;
	uint32_t id = 0;

	assert_int_equal(omap_i2c_init(&bus, &i2c_cfg), 0);
	twl4030_setup(&twl, &bus);
	assert_int_equal(twl4030_set_bb_charger(&twl, 3200000, 150, &bb), 0);
	assert_int_equal(bb, 0x1D);
	assert_int_equal(s->bb_cfg, 0x1D);
	assert_int_equal(twl4030_set_bb_charger(&twl, 3050000, 499, &bb), 0);
	assert_int_equal(bb, 0x15);
	assert_int_equal(twl4030_set_bb_charger(&twl, 2400000, 150, &bb), 0);
	assert_int_equal(bb & 0x10, 0);
	/* only the charger fields change (Linux twl4030_charger.c) */
	assert_int_equal(twl4030_write(&twl, 0x4B, 0x6D, 0xE0), 0);
	assert_int_equal(twl4030_set_bb_charger(&twl, 3200000, 150, &bb), 0);
	assert_int_equal(bb, 0xFD);
	assert_int_equal(twl4030_set_bb_charger(&twl, 2400000, 150, &bb), 0);
	assert_int_equal(bb, 0xED);
	assert_int_equal(twl4030_battery_mv(&twl, &mv), 0);
	/* the cell's terminal voltage under the board's draw (battery.c) */
	assert_in_range(mv, battery_terminal_mv(s) - 10, battery_terminal_mv(s) + 10);
	assert_int_equal(twl4030_backup_battery_mv(&twl, &mv), 0);
	assert_in_range(mv, 2990, 3010);
	assert_int_equal(twl4030_idcode(&twl, &id), 0);
	assert_int_equal(id & 0xFFF, 0x02F);
	assert_int_equal(twl4030_backup_write(&twl, 7, 0x42), 0);
	assert_int_equal(twl4030_backup_read(&twl, 7, &v), 0);
	assert_int_equal(v, 0x42);
	s->cfg.power_button = true;
	assert_int_equal(twl4030_hw_conditions(&twl, &v), 0);
	assert_int_equal(v & TWL4030_HW_PWON, TWL4030_HW_PWON);
	/* a device that is not there: -ENXIO, bus usable afterwards */
	assert_int_equal(i2c_read_reg(&bus, 0x50, 0, &v), -ENXIO);
	assert_int_equal(twl4030_backup_read(&twl, 7, &v), 0);
	/* VPLL2: one of its steps only, then on after its ramp */
	assert_int_equal(twl4030_vpll2_on(&twl, 1234), -EINVAL);
	assert_int_equal(twl4030_vpll2_on(&twl, 1800), 0);
	assert_int_equal(twl4030_vpll2_mv(s), 1800);
	assert_int_equal(twl4030_vpll2_on(&twl, 1800), 1);
	/* with USB and a charger attached it still stays off */
	s->cfg.vbus = s->cfg.charger = true;
	twl4030_power_off(&twl);
	assert_int_equal(s->result, SIM_POWEROFF);
}

static void test_i2c_stuck_recovery(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	struct twl4030 twl;
	uint8_t v;

	s->cfg.ninject = 1;
	strcpy(s->cfg.inject[0].what, "i2c-stuck");
	s->cfg.inject[0].arg = 4;
	s->cfg.inject[0].count = 1;
	simtest_init(s);
	simtest_clocks_3530(s);
	set_bits(s, CM + 0xA00, 1u << 15);
	set_bits(s, CM + 0xA10, 1u << 15);
	cur = s;
	host_io_use(s);
	assert_int_equal(omap_i2c_init(&bus, &i2c_cfg), 0);
	twl4030_setup(&twl, &bus);
	assert_int_equal(twl4030_backup_read(&twl, 0, &v), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sdhc),
		cmocka_unit_test(test_sdsc),
		cmocka_unit_test(test_sdsc1),
		cmocka_unit_test(test_no_card),
		cmocka_unit_test(test_read_errors),
		cmocka_unit_test(test_writes_sdhc),
		cmocka_unit_test(test_writes_sdsc),
		cmocka_unit_test(test_twl_api),
		cmocka_unit_test(test_i2c_stuck_recovery),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
