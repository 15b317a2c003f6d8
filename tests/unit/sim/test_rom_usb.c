// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The boot ROM's USB peripheral boot (tools/sim/rom_usb.c) against the
 * MUSB model: the test plays the host through musb.h's transactions
 * (reset, SETUP, IN, OUT) and lets the ROM poll between them. Enumeration
 * and descriptors, the ASIC ID, the boot message, an image to 0x40200000;
 * bad input (other boot messages, a size over the SRAM, a host that goes
 * away or stops mid-transfer, no host at all) and rom.c's use of it.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tests/unit/sim/simtest.h"
#include "tools/sim/musb.h"
#include "tools/sim/rom_usb.h"
#include "tools/sim/usbredir.h"

#define ADDR 7

static struct sim *new_sim(enum sim_soc soc)
{
	struct sim *s = simtest_new(soc);

	s->cfg.vbus = true;        /* the cable to a PC */
	simtest_init(s);
	/* the SRAM the image goes to (sim_init maps it for a run) */
	assert_int_equal(sim_map_ram(s, ROMUSB_LOAD_ADDR, 0x10000, calloc(1, 0x10000)), 0);
	return s;
}

static void poll_ok(struct rom_usb *u, int n)
{
	for (int i = 0; i < n; i++)
		assert_int_equal(rom_usb_poll(u), ROMUSB_RUNNING);
}

static void setup_pkt(uint8_t p[8], uint8_t type, uint8_t req, uint16_t val, uint16_t len)
{
	p[0] = type;
	p[1] = req;
	p[2] = (uint8_t)val;
	p[3] = (uint8_t)(val >> 8);
	p[4] = p[5] = 0;
	p[6] = (uint8_t)len;
	p[7] = (uint8_t)(len >> 8);
}

/* A control read as a host controller does it: SETUP, IN data packets
 * until a short one or len, the zero-length OUT status. */
static int ctl_in(struct sim *s, struct rom_usb *u, uint8_t addr, uint8_t type, uint8_t req,
		  uint16_t val, uint16_t len, uint8_t *buf)
{
	uint8_t p[8];
	int got = 0;

	setup_pkt(p, type, req, val, len);
	if (musb_setup(s, addr, p))
		return USBT_ERR;
	poll_ok(u, 1);
	for (int tries = 0; tries < 40; tries++) {
		int rc = musb_in(s, addr, 0, buf + got, 64);

		if (rc == USBT_NAK) {
			poll_ok(u, 1);
			continue;
		}
		if (rc < 0)
			return rc;
		got += rc;
		poll_ok(u, 1);
		if (rc < 64 || got >= len)
			break;
	}
	assert_int_equal(musb_out(s, addr, 0, buf, 0), 0);
	poll_ok(u, 1);
	return got;
}

static int ctl_nodata(struct sim *s, struct rom_usb *u, uint8_t addr, uint8_t type, uint8_t req,
		      uint16_t val)
{
	uint8_t p[8], z[1];
	int rc = USBT_NAK;

	setup_pkt(p, type, req, val, 0);
	assert_int_equal(musb_setup(s, addr, p), 0);
	for (int tries = 0; tries < 4 && rc == USBT_NAK; tries++) {
		poll_ok(u, 1);
		rc = musb_in(s, addr, 0, z, 0);
	}
	poll_ok(u, 1);
	return rc;
}

static int bulk_in(struct sim *s, struct rom_usb *u, uint8_t *buf, unsigned max)
{
	int rc = USBT_NAK;

	for (int tries = 0; tries < 8 && rc == USBT_NAK; tries++) {
		rc = musb_in(s, ADDR, 1, buf, max);
		if (rc == USBT_NAK)
			poll_ok(u, 1);
	}
	return rc;
}

/* Bulk OUT in 512-byte packets; the ROM's result after the last one. */
static enum rom_usb_result bulk_out(struct sim *s, struct rom_usb *u, const uint8_t *d,
				    unsigned len)
{
	enum rom_usb_result r = ROMUSB_RUNNING;

	for (unsigned off = 0; off < len && r == ROMUSB_RUNNING;) {
		unsigned n = len - off > 512 ? 512 : len - off;
		int rc = musb_out(s, ADDR, 1, d + off, n);

		if (rc == 0)
			off += n;
		else
			assert_int_equal(rc, USBT_NAK);
		r = rom_usb_poll(u);
	}
	return r;
}

static enum rom_usb_result send_word(struct sim *s, struct rom_usb *u, uint32_t w)
{
	uint8_t b[4] = { (uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16), (uint8_t)(w >> 24) };

	return bulk_out(s, u, b, 4);
}

/* Connected, reset, addressed, configured, the ASIC ID read. */
static struct rom_usb *enumerated(struct sim *s, uint8_t *asic)
{
	struct rom_usb *u = rom_usb_start(s, ROMUSB_WAIT_MS);
	uint8_t buf[512];

	assert_true(musb_attached(s));
	musb_bus_reset(s);
	poll_ok(u, 1);
	assert_int_equal(ctl_in(s, u, 0, 0x80, 6, 0x0100, 64, buf), 18);
	assert_int_equal(ctl_nodata(s, u, 0, 0x00, 5, ADDR), 0);
	assert_int_equal(ctl_nodata(s, u, ADDR, 0x00, 9, 1), 0);
	poll_ok(u, 1);
	assert_int_equal(bulk_in(s, u, asic ? asic : buf, 512), 69);
	poll_ok(u, 1);
	return u;
}

static void test_enumeration(void **state)
{
	struct sim *s = new_sim(SOC_DM3730);
	struct rom_usb *u = rom_usb_start(s, ROMUSB_WAIT_MS);
	uint8_t buf[256];

	(void)state;
	/* the ROM powered the PHY, clocked the controller and connected */
	assert_true(twl4030_usb_phy_up(s));
	assert_true(musb_attached(s));
	musb_bus_reset(s);
	poll_ok(u, 1);
	assert_true(musb_high_speed(s));
	assert_int_equal(ctl_in(s, u, 0, 0x80, 6, 0x0100, 64, buf), 18);
	assert_int_equal(buf[7], 64);                                /* bMaxPacketSize0 */
	assert_int_equal(buf[8] | buf[9] << 8, 0x0451);
	assert_int_equal(buf[10] | buf[11] << 8, 0xd00e);            /* DM37xx / OMAP36xx */
	assert_int_equal(ctl_nodata(s, u, 0, 0x00, 5, ADDR), 0);
	assert_int_equal(ctl_in(s, u, 0, 0x80, 6, 0x0100, 18, buf), USBT_ERR);  /* moved */
	assert_int_equal(ctl_in(s, u, ADDR, 0x80, 6, 0x0200, 9, buf), 9);
	assert_int_equal(buf[2], 32);
	assert_int_equal(ctl_in(s, u, ADDR, 0x80, 6, 0x0200, 255, buf), 32);
	assert_int_equal(buf[9 + 5], 0xFF);                          /* vendor class */
	assert_int_equal(buf[18 + 2], 0x81);
	assert_int_equal(buf[18 + 4] | buf[18 + 5] << 8, 512);
	assert_int_equal(buf[25 + 2], 0x01);
	assert_int_equal(ctl_in(s, u, ADDR, 0x80, 6, 0x0302, 255, buf), 2 + 2 * 8);
	assert_int_equal(buf[2], 'O');
	assert_int_equal(buf[12], '6');                              /* "OMAP3630" */
	/* no such descriptor: STALL, and the next request works */
	assert_int_equal(ctl_in(s, u, ADDR, 0x80, 6, 0x0500, 64, buf), USBT_STALL);
	assert_int_equal(ctl_nodata(s, u, ADDR, 0x00, 9, 1), 0);
	poll_ok(u, 1);
	assert_int_equal(bulk_in(s, u, buf, 512), 69);
	rom_usb_stop(u, 1);
	assert_false(musb_attached(s));
}

static void test_asic_id(void **state)
{
	struct sim *s = new_sim(SOC_DM3730);
	uint8_t a[512];
	struct rom_usb *u = enumerated(s, a);
	static const uint8_t head[8] = { 0x05, 0x01, 0x05, 0x01, 0x36, 0x30, 0x07, 0x07 };

	(void)state;
	assert_memory_equal(a, head, 8);
	assert_memory_equal(a + 8, "\x13\x02\x01\x00", 4);
	assert_memory_equal(a + 12, "\x12\x15\x01", 3);
	assert_memory_equal(a + 35, "\x14\x15\x01", 3);
	assert_memory_equal(a + 58, "\x15\x09\x01", 3);
	/* once only: nothing more on bulk IN */
	assert_int_equal(musb_in(s, ADDR, 1, a, 512), USBT_NAK);
	rom_usb_stop(u, 1);

	s = new_sim(SOC_OMAP3530);
	u = enumerated(s, a);
	assert_memory_equal(a, "\x05\x01\x05\x01\x34\x30\x07", 7);
	rom_usb_stop(u, 1);
}

static void test_boot_image(void **state)
{
	struct sim *s = new_sim(SOC_DM3730);
	struct rom_usb *u = enumerated(s, NULL);
	static uint8_t img[3000];
	uint8_t *sram;

	(void)state;
	for (unsigned i = 0; i < sizeof(img); i++)
		img[i] = (uint8_t)(i * 7 + 1);
	assert_int_equal(send_word(s, u, 0xF0030002), ROMUSB_RUNNING);
	assert_int_equal(send_word(s, u, sizeof(img)), ROMUSB_RUNNING);
	assert_int_equal(bulk_out(s, u, img, sizeof(img)), ROMUSB_LOADED);
	assert_int_equal(rom_usb_size(u), sizeof(img));
	sram = sim_ram_ptr(s, ROMUSB_LOAD_ADDR, sizeof(img));
	assert_non_null(sram);
	assert_memory_equal(sram, img, sizeof(img));
	/* the ROM hands over with the device still on the bus */
	rom_usb_stop(u, 0);
	assert_true(musb_attached(s));
}

/* The message and the size in one packet, as a host may send them. */
static void test_boot_one_packet(void **state)
{
	struct sim *s = new_sim(SOC_OMAP3530);
	struct rom_usb *u = enumerated(s, NULL);
	uint8_t p[8 + 12] = { 0x02, 0x00, 0x03, 0xF0, 12, 0, 0, 0,
			      0xEA, 0xFF, 0xFF, 0xFE, 1, 2, 3, 4, 5, 6, 7, 8 };

	(void)state;
	assert_int_equal(bulk_out(s, u, p, sizeof(p)), ROMUSB_LOADED);
	assert_memory_equal(sim_ram_ptr(s, ROMUSB_LOAD_ADDR, 12), p + 8, 12);
	rom_usb_stop(u, 0);
}

static void test_other_messages(void **state)
{
	struct sim *s = new_sim(SOC_DM3730);
	struct rom_usb *u = enumerated(s, NULL);

	(void)state;
	assert_int_equal(send_word(s, u, 0xFFFFFFFF), ROMUSB_NEXT);
	rom_usb_stop(u, 1);
	s = new_sim(SOC_DM3730);
	u = enumerated(s, NULL);
	assert_int_equal(send_word(s, u, 0xF0030606), ROMUSB_CHANGE);
	assert_int_equal(rom_usb_device(u), 0x06);
	rom_usb_stop(u, 1);
	s = new_sim(SOC_DM3730);
	u = enumerated(s, NULL);
	assert_int_equal(send_word(s, u, 0x12345678), ROMUSB_SKIP);
	assert_non_null(strstr(rom_usb_why(u), "0x12345678 is not one the ROM knows"));
	rom_usb_stop(u, 1);
}

static void test_size_refused(void **state)
{
	struct sim *s = new_sim(SOC_DM3730);
	struct rom_usb *u = enumerated(s, NULL);

	(void)state;
	assert_int_equal(send_word(s, u, 0xF0030002), ROMUSB_RUNNING);
	assert_int_equal(send_word(s, u, 0x10000), ROMUSB_FAILED);
	assert_non_null(strstr(rom_usb_why(u), "65536 bytes is larger than the 61440"));
	rom_usb_stop(u, 1);
	assert_false(musb_attached(s));
	s = new_sim(SOC_DM3730);
	u = enumerated(s, NULL);
	assert_int_equal(send_word(s, u, 0xF0030002), ROMUSB_RUNNING);
	assert_int_equal(send_word(s, u, 0), ROMUSB_FAILED);
	assert_non_null(strstr(rom_usb_why(u), "size 0"));
	rom_usb_stop(u, 1);
}

static void test_host_leaves(void **state)
{
	struct sim *s = new_sim(SOC_DM3730);
	struct rom_usb *u = enumerated(s, NULL);
	static uint8_t img[2048];

	(void)state;
	assert_int_equal(send_word(s, u, 0xF0030002), ROMUSB_RUNNING);
	assert_int_equal(send_word(s, u, 4096), ROMUSB_RUNNING);
	assert_int_equal(bulk_out(s, u, img, sizeof(img)), ROMUSB_RUNNING);
	s->cfg.vbus = false;             /* the cable is pulled */
	musb_sync(s);
	assert_int_equal(rom_usb_poll(u), ROMUSB_FAILED);
	assert_non_null(strstr(rom_usb_why(u), "went away"));
	rom_usb_stop(u, 1);

	/* the host stops sending (its program died): the gap timeout */
	s = new_sim(SOC_DM3730);
	u = enumerated(s, NULL);
	assert_int_equal(send_word(s, u, 0xF0030002), ROMUSB_RUNNING);
	assert_int_equal(send_word(s, u, 4096), ROMUSB_RUNNING);
	assert_int_equal(bulk_out(s, u, img, sizeof(img)), ROMUSB_RUNNING);
	s->now_ps += (ROMUSB_GAP_MS - 1) * PS_PER_MS;
	poll_ok(u, 1);
	s->now_ps += 2 * PS_PER_MS;
	assert_int_equal(rom_usb_poll(u), ROMUSB_FAILED);
	assert_non_null(strstr(rom_usb_why(u), "after 2048 of 4096 bytes"));
	rom_usb_stop(u, 1);
}

static void test_timeouts(void **state)
{
	struct sim *s = new_sim(SOC_DM3730);
	struct rom_usb *u = rom_usb_start(s, 500);

	(void)state;
	s->now_ps += 499 * PS_PER_MS;
	poll_ok(u, 1);
	s->now_ps += 2 * PS_PER_MS;
	assert_int_equal(rom_usb_poll(u), ROMUSB_FAILED);
	assert_non_null(strstr(rom_usb_why(u), "no bus reset"));
	rom_usb_stop(u, 1);

	/* the ASIC ID read, then no boot message */
	s = new_sim(SOC_DM3730);
	u = enumerated(s, NULL);
	s->now_ps += (ROMUSB_MSG_MS + 1) * PS_PER_MS;
	assert_int_equal(rom_usb_poll(u), ROMUSB_FAILED);
	assert_non_null(strstr(rom_usb_why(u), "no boot message"));
	rom_usb_stop(u, 1);
}

/* rom.c: with --usb and nobody on the socket the ROM waits, says why and
 * goes on (here to MMC1 without a card: nothing boots). */
static void test_rom_moves_on(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);
	char path[64];

	(void)state;
	snprintf(path, sizeof(path), "/tmp/rom-usb-test-%d.sock", (int)getpid());
	s->cfg.vbus = true;
	s->cfg.usb_path = path;
	s->cfg.sys_boot = 0x2F;          /* AUX: USB, UART3, MMC1, NAND */
	s->cfg.rom_usb_ms = 100;
	s->cfg.nand_image = NULL;
	simtest_init(s);
	assert_int_equal(sim_map_ram(s, ROMUSB_LOAD_ADDR, 0x10000, calloc(1, 0x10000)), 0);
	rom_boot(s);
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, "no bootable image"));
	assert_false(musb_attached(s));  /* it left the bus */
	assert_true(s->now_ps >= 100 * PS_PER_MS);
	usbredir_close(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_enumeration),
		cmocka_unit_test(test_asic_id),
		cmocka_unit_test(test_boot_image),
		cmocka_unit_test(test_boot_one_packet),
		cmocka_unit_test(test_other_messages),
		cmocka_unit_test(test_size_refused),
		cmocka_unit_test(test_host_leaves),
		cmocka_unit_test(test_timeouts),
		cmocka_unit_test(test_rom_moves_on),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
