// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The GTA04 panel model (tools/sim/panel.c): it shows the DSS's picture
 * only after the TD028TTEC1 set-up Linux's panel-tpo-td028ttec1.c sends,
 * over the 9-bit SPI on GPIO_12/19/20 at no more than 100 kHz, and the
 * backlight follows GPIO_57 only while its pad is a GPIO. The bus is
 * driven here through the GPIO model's registers, edge by edge. The
 * panel takes no command within 50 ms of power-on (Tpos) and DISPLAY_ON
 * only while the DSS's LCD output runs, which needs VPLL2 at 1.8 V.
 */
#include <string.h>

#include "tests/unit/sim/i2c_master.h"

#define SCM	0x48002000u
#define GPIO1	0x48310000u
#define GPIO2	0x49050000u
#define SCK	(1u << 12)
#define CS	(1u << 19)
#define MOSI	(1u << 20)

static uint64_t half_ps = 5 * PS_PER_US;

static void pad(struct sim *s, uint32_t off, uint16_t v)
{
	uint32_t w = v;

	assert_int_equal(model_mmio(s, true, SCM + off, 2, &w), 0);
}

#define DISPC	0x48050400u

/* VPLL2 at vsel (5: 1.8 V) through the TWL4030 on I2C1, settled. */
static void vpll2(struct sim *s, uint8_t vsel)
{
	set_bits(s, CM + 0xA00, (1u << 15) | (1u << 24));
	set_bits(s, CM + 0xA10, (1u << 15) | (1u << 24));
	i2c_setup(s, 9, 9, 3);
	assert_int_equal(twl_write(s, 0x4B, 0x91, vsel), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x8E, 0xE0), 0);
	run_for(s, 200 * PS_PER_US);
}

/* The DSS's LCD output on: clocks, the panel's size, LCDENABLE (GOLCD
 * taken at once with the output off). */
static void lcd_on(struct sim *s)
{
	set_bits(s, CM + 0xE10, 1);
	set_bits(s, CM + 0xE00, 1);
	wr(s, DISPC + 0x7C, (639u << 16) | 479u);
	wr(s, DISPC + 0x70, (1u << 16) | 3u);
	wr(s, DISPC + 0x40, 1u | (1u << 3) | (3u << 8) | (1u << 5));
}

static struct sim *bare(void)
{
	struct sim *s = simtest_new(SOC_DM3730);

	simtest_init(s);
	simtest_clocks_3530(s);
	panel_init(s);
	set_bits(s, CM + 0xC10, 1u << 3);        /* GPIO1 interface clock */
	set_bits(s, CM + 0x1010, 1u << 13);      /* GPIO2 */
	pad(s, 0x5D8, 4);                        /* etk_clk: gpio_12 */
	pad(s, 0x5E6, 4);                        /* etk_d5: gpio_19 */
	pad(s, 0x5E8, 4);                        /* etk_d6: gpio_20 */
	wr(s, GPIO1 + 0x94, SCK | CS);           /* idle: clock high, CS high */
	wr(s, GPIO1 + 0x34, ~(SCK | CS | MOSI)); /* outputs */
	return s;
}

/* Past the panel's power-on time, its RGB input running. */
static struct sim *machine(void)
{
	struct sim *s = bare();

	vpll2(s, 5);
	lcd_on(s);
	run_for(s, 50 * PS_PER_MS);
	return s;
}

static void edge(struct sim *s, uint32_t reg, uint32_t bits)
{
	run_for(s, half_ps);
	wr(s, GPIO1 + reg, bits);
}

/* One transfer: a command and its data bytes, 9 bits each, mode 3. */
static void xfer(struct sim *s, const uint16_t *w, unsigned n)
{
	edge(s, 0x90, CS);
	for (unsigned i = 0; i < n; i++) {
		for (int b = 8; b >= 0; b--) {
			edge(s, 0x90, SCK);
			wr(s, GPIO1 + ((w[i] >> b) & 1 ? 0x94 : 0x90), MOSI);
			edge(s, 0x94, SCK);
		}
	}
	edge(s, 0x94, CS);
}

#define D(x) (0x100 | (x))
#define X(...) do { const uint16_t w_[] = { __VA_ARGS__ }; \
	xfer(s, w_, sizeof(w_) / sizeof(w_[0])); } while (0)

/* Linux's prepare() and enable(), with a hook to leave one step out. */
static void linux_sequence(struct sim *s, int skip)
{
	for (int i = 0; i < 3; i++)
		X(0x00);
	X(0xB0, D(0x17));
	X(0xBC, D(0x80));
	X(0x3B, D(0x00));
	X(0xB0, D(0x16));
	X(0xB8, D(0xFF), D(0xF9));
	if (skip != 0x11)
		X(0x11);
	X(0xBA, D(0x01));
	X(0x3A, D(0x60));
	X(0xB6, D(0x40));
	X(0xC3, D(0x20), D(0x40));
	X(0x29);
}

static void test_right_sequence_shows(void **state)
{
	struct sim *s = machine();
	const char *why = NULL;

	assert_false(panel_showing(s, &why));
	linux_sequence(s, -1);
	assert_true(panel_showing(s, &why));
	X(0x28);                                 /* DISPLAY_OFF */
	assert_false(panel_showing(s, &why));
}

static void test_no_sleep_out_stays_dark(void **state)
{
	struct sim *s = machine();
	const char *why = NULL;

	linux_sequence(s, 0x11);
	assert_false(panel_showing(s, &why));
	assert_non_null(strstr(why, "not initialised"));
}

static void test_too_fast_is_garbled(void **state)
{
	struct sim *s = machine();
	const char *why = NULL;

	half_ps = 2 * PS_PER_US;                 /* 250 kHz */
	linux_sequence(s, -1);
	half_ps = 5 * PS_PER_US;
	assert_false(panel_showing(s, &why));
	assert_non_null(strstr(why, "faster than 100 kHz"));
}

static void test_data_without_command(void **state)
{
	struct sim *s = machine();
	const char *why = NULL;

	X(D(0x17));
	linux_sequence(s, -1);
	assert_false(panel_showing(s, &why));
	assert_non_null(strstr(why, "without a command"));
}

static void test_pins_not_muxed_are_not_seen(void **state)
{
	struct sim *s = machine();
	const char *why = NULL;

	pad(s, 0x5D8, 7);                        /* clock pad in safe mode */
	linux_sequence(s, -1);
	assert_false(panel_showing(s, &why));
}

static void test_command_inside_tpos(void **state)
{
	struct sim *s = bare();
	const char *why = NULL;

	vpll2(s, 5);
	lcd_on(s);
	linux_sequence(s, -1);                   /* at once after power-on */
	assert_false(panel_showing(s, &why));
	assert_non_null(strstr(why, "Tpos"));
}

static void test_display_on_before_dss(void **state)
{
	struct sim *s = bare();
	const char *why = NULL;

	run_for(s, 50 * PS_PER_MS);
	vpll2(s, 5);
	set_bits(s, CM + 0xE10, 1);              /* DSS clocked, output off */
	set_bits(s, CM + 0xE00, 1);
	linux_sequence(s, -1);
	lcd_on(s);
	assert_false(panel_showing(s, &why));
	assert_non_null(strstr(why, "DISPLAY_ON while"));
	assert_non_null(strstr(why, "LCD output off"));
}

static void test_display_on_without_vpll2(void **state)
{
	struct sim *s = bare();
	const char *why = NULL;

	run_for(s, 50 * PS_PER_MS);
	lcd_on(s);
	linux_sequence(s, -1);
	assert_false(panel_showing(s, &why));
	assert_non_null(strstr(why, "VPLL2"));
	assert_non_null(strstr(why, "off"));
	s = bare();
	run_for(s, 50 * PS_PER_MS);
	vpll2(s, 11);                            /* 3.0 V */
	lcd_on(s);
	linux_sequence(s, -1);
	assert_false(panel_showing(s, &why));
	assert_non_null(strstr(why, "not at 1.8 V"));
}

static void test_backlight_follows_gpio57_pad(void **state)
{
	struct sim *s = machine();

	wr(s, GPIO2 + 0x34, ~(1u << 25));        /* gpio_57 = GPIO2 bit 25 */
	wr(s, GPIO2 + 0x94, 1u << 25);
	assert_false(panel_backlight(s));        /* pad still in safe mode */
	pad(s, 0x0BA, 4);
	assert_true(panel_backlight(s));
	wr(s, GPIO2 + 0x90, 1u << 25);
	assert_false(panel_backlight(s));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_right_sequence_shows),
		cmocka_unit_test(test_no_sleep_out_stays_dark),
		cmocka_unit_test(test_too_fast_is_garbled),
		cmocka_unit_test(test_data_without_command),
		cmocka_unit_test(test_pins_not_muxed_are_not_seen),
		cmocka_unit_test(test_command_inside_tpos),
		cmocka_unit_test(test_display_on_before_dss),
		cmocka_unit_test(test_display_on_without_vpll2),
		cmocka_unit_test(test_backlight_follows_gpio57_pad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
