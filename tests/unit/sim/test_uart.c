// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the UART model (tools/sim/uart.c): LSR.THRE/TEMT timing at
 * 115200 baud (divisor 26 from 48 MHz), FIFO overrun, garbling at a wrong
 * rate, and the paced console input with {wait}, {expect} and {end}.
 */
#include <string.h>

#include "tests/unit/sim/simtest.h"

#define UART3 0x49020000u
#define LSR   (UART3 + 0x14)
#define FRAME_PS 86666666ull   /* 10 bits x 16 x 26 / 48 MHz */

static struct sim *console(enum sim_soc soc, const char *input, bool clocks)
{
	struct sim *s = simtest_new(soc);

	s->cfg.input = input;
	simtest_init(s);
	if (clocks)
		simtest_clocks_3530(s);
	set_bits(s, CM + 0x1000, 1u << 11);
	set_bits(s, CM + 0x1010, 1u << 11);
	/* pads: RX mode 0 input, TX mode 0 (pad pair at 0x19C/0x19E, 0x1A0) */
	{
		uint32_t v = 0x0100;
		assert_int_equal(model_mmio(s, true, 0x4800219E, 2, &v), 0);
		v = 0;
		assert_int_equal(model_mmio(s, true, 0x480021A0, 2, &v), 0);
	}
	wr(s, UART3 + 0x04, 0);        /* IER */
	wr(s, UART3 + 0x20, 7);        /* MDR1 disable */
	wr(s, UART3 + 0x10, 3);
	wr(s, UART3 + 0x08, 7);        /* FIFOs on, cleared */
	wr(s, UART3 + 0x0C, 0x83);
	wr(s, UART3 + 0x00, 26);
	wr(s, UART3 + 0x04, 0);
	wr(s, UART3 + 0x0C, 0x03);
	wr(s, UART3 + 0x20, 0);        /* UART 16x */
	return s;
}

static void test_lsr_timing(void **state)
{
	struct sim *s = console(SOC_OMAP3530, NULL, true);
	const char *out;
	size_t len;

	assert_int_equal(uart_frame_ps(s, 2), FRAME_PS);
	assert_int_equal(rd(s, LSR) & 0x60, 0x60);
	wr(s, UART3, 'A');
	/* the character went straight to the shifter: FIFO empty, shifter busy */
	assert_int_equal(rd(s, LSR) & 0x60, 0x20);
	wr(s, UART3, 'B');
	assert_int_equal(rd(s, LSR) & 0x60, 0x00);
	s->now_ps += FRAME_PS - 1000;
	assert_int_equal(rd(s, LSR) & 0x60, 0x00);
	out = uart_output(s, &len);
	assert_int_equal(len, 0);
	s->now_ps += 1000;
	assert_int_equal(rd(s, LSR) & 0x60, 0x20);   /* B now shifting */
	out = uart_output(s, &len);
	assert_int_equal(len, 1);
	assert_int_equal(out[0], 'A');
	s->now_ps += FRAME_PS;
	assert_int_equal(rd(s, LSR) & 0x60, 0x60);
	out = uart_output(s, &len);
	assert_int_equal(len, 2);
	assert_memory_equal(out, "AB", 2);
}

static void test_fifo_overrun(void **state)
{
	struct sim *s = console(SOC_OMAP3530, NULL, true);
	size_t len;

	/* 1 in the shifter + 64 in the FIFO; the rest is lost */
	for (int i = 0; i < 70; i++)
		wr(s, UART3, 'a' + i % 26);
	assert_int_equal(rd(s, UART3 + 0x44) & 1, 1);  /* SSR TX_FIFO_FULL */
	run_for(s, 70 * FRAME_PS);
	uart_output(s, &len);
	assert_int_equal(len, 65);
}

static void test_disabled_and_wrong_baud(void **state)
{
	struct sim *s = console(SOC_OMAP3530, NULL, false);
	const char *out;
	size_t len;

	/* DPLL4 not locked: 48M runs at 13 MHz, 31250 baud: garbage */
	wr(s, UART3, 'x');
	run_for(s, PS_PER_MS);
	out = uart_output(s, &len);
	assert_int_equal(len, 1);
	assert_int_equal(out[0], '?');
	/* MDR1 = 7: nothing leaves, the FIFO just fills */
	wr(s, UART3 + 0x20, 7);
	wr(s, UART3, 'y');
	run_for(s, PS_PER_MS);
	uart_output(s, &len);
	assert_int_equal(len, 1);
	assert_int_equal(rd(s, LSR) & 0x60, 0x00);
	/* no clock: bus error */
	wr(s, CM + 0x1010, rd(s, CM + 0x1010) & ~(1u << 11));
	{
		uint32_t v;

		assert_int_equal(model_mmio(s, false, LSR, 4, &v), SIM_EBUS);
	}
}

static int getc_now(struct sim *s)
{
	if (!(rd(s, LSR) & 1))
		return -1;
	return (int)rd(s, UART3);
}

static void test_input_pacing(void **state)
{
	struct sim *s = console(SOC_OMAP3530, "ab\\x41{wait 5}c", true);

	assert_int_equal(getc_now(s), 'a');
	/* the next one is one frame later */
	assert_int_equal(getc_now(s), -1);
	s->now_ps += FRAME_PS - 1;
	assert_int_equal(getc_now(s), -1);
	s->now_ps += 1;
	assert_int_equal(getc_now(s), 'b');
	s->now_ps += FRAME_PS;
	assert_int_equal(getc_now(s), 'A');
	/* {wait 5}: 5 ms more */
	s->now_ps += FRAME_PS + 5 * PS_PER_MS - 1;
	assert_int_equal(getc_now(s), -1);
	s->now_ps += 1;
	assert_int_equal(getc_now(s), 'c');
	s->now_ps += PS_PER_MS;
	assert_int_equal(getc_now(s), -1);
}

static void test_input_expect(void **state)
{
	struct sim *s = console(SOC_OMAP3530, "{expect => }x{expect \\n=> }y", true);

	s->now_ps += 10 * PS_PER_MS;
	assert_int_equal(getc_now(s), -1);
	wr(s, UART3, '=');
	wr(s, UART3, '>');
	wr(s, UART3, ' ');
	run_for(s, 2 * FRAME_PS);
	assert_int_equal(getc_now(s), -1);       /* ' ' not sent yet */
	run_for(s, FRAME_PS);
	assert_int_equal(getc_now(s), 'x');
	/* the second expect needs a new prompt after the first match */
	s->now_ps += 10 * PS_PER_MS;
	assert_int_equal(getc_now(s), -1);
	wr(s, UART3, '\n');
	wr(s, UART3, '=');
	wr(s, UART3, '>');
	wr(s, UART3, ' ');
	run_for(s, 4 * FRAME_PS);
	assert_int_equal(getc_now(s), 'y');
}

/* {end}: the run stops (result stop) once everything before it is done,
 * not earlier. */
static void test_input_end(void **state)
{
	struct sim *s = console(SOC_OMAP3530, "a{expect ok}{end}", true);

	assert_int_equal(getc_now(s), 'a');
	run_for(s, 10 * PS_PER_MS);
	assert_int_equal(s->result, SIM_RUNNING);
	wr(s, UART3, 'o');
	wr(s, UART3, 'k');
	run_for(s, FRAME_PS);
	assert_int_equal(s->result, SIM_RUNNING);   /* 'k' still on the line */
	run_for(s, FRAME_PS);
	assert_int_equal(s->result, SIM_STOP);
	assert_non_null(strstr(s->result_msg, "{end}"));
}

static void test_registers(void **state)
{
	struct sim *s = console(SOC_DM3730, NULL, false);

	assert_int_equal(rd(s, UART3 + 0x50), 0x52);   /* MVR on 3630 */
	/* EFR only in config mode B; LCR = 0xBF */
	wr(s, UART3 + 0x0C, 0xBF);
	wr(s, UART3 + 0x08, 0x10);
	assert_int_equal(rd(s, UART3 + 0x08), 0x10);
	wr(s, UART3 + 0x0C, 0x03);
	assert_int_equal(rd(s, UART3 + 0x08) & 0xC0, 0xC0);  /* IIR: FIFOs on */
	/* soft reset: MDR1 back to 7, SYSS.RESETDONE */
	wr(s, UART3 + 0x54, 2);
	assert_int_equal(rd(s, UART3 + 0x20), 7);
	assert_int_equal(rd(s, UART3 + 0x58), 1);
	{
		uint32_t v;

		assert_int_equal(model_mmio(s, false, UART3 + 0x4C, 4, &v), SIM_EUNIMPL);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lsr_timing),
		cmocka_unit_test(test_fifo_overrun),
		cmocka_unit_test(test_disabled_and_wrong_baud),
		cmocka_unit_test(test_input_pacing),
		cmocka_unit_test(test_input_expect),
		cmocka_unit_test(test_input_end),
		cmocka_unit_test(test_registers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
