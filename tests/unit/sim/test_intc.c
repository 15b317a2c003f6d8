// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the MPU interrupt controller (tools/sim/intc.c), register
 * layout of SPRUGN4 chapter 12 "Interrupt Controller": masks (MIR,
 * MIR_SET, MIR_CLEAR), raw inputs (ITR), software interrupts (ISR_SET,
 * ISR_CLEAR), priorities and the threshold, SIR_IRQ latched until
 * CONTROL.NEWIRQAGR, the soft reset with SYSSTATUS, and the sequence
 * Linux's irq-omap-intc.c and the generic level handler run per interrupt.
 * The inputs used are ones no model of the machine drives (timers, I2C,
 * UARTs and the TWL4030 re-drive theirs at every access).
 */
#include <string.h>

#include "tests/unit/sim/simtest.h"

#define INTC 0x48200000u
#define REVISION   0x00
#define SYSCONFIG  0x10
#define SYSSTATUS  0x14
#define SIR_IRQ    0x40
#define SIR_FIQ    0x44
#define CONTROL    0x48
#define IRQ_PRIO   0x60
#define THRESHOLD  0x68
#define ITR(n)       (0x80 + 0x20 * (n))
#define MIR(n)       (0x84 + 0x20 * (n))
#define MIR_CLEAR(n) (0x88 + 0x20 * (n))
#define MIR_SET(n)   (0x8C + 0x20 * (n))
#define ISR_SET(n)   (0x90 + 0x20 * (n))
#define ISR_CLEAR(n) (0x94 + 0x20 * (n))
#define PENDING_IRQ(n) (0x98 + 0x20 * (n))
#define ILR(m)       (0x100 + 4 * (m))
#define SPURIOUS 0xFFFFFF80u

static uint32_t r(struct sim *s, uint32_t off)
{
	return rd(s, INTC + off);
}

static void w(struct sim *s, uint32_t off, uint32_t v)
{
	wr(s, INTC + off, v);
}

static struct sim *setup(void)
{
	struct sim *s = simtest_new(SOC_DM3730);

	simtest_init(s);
	return s;
}

static void unmask(struct sim *s, unsigned irq)
{
	w(s, MIR_CLEAR(irq / 32), 1u << (irq % 32));
}

/* NEWIRQAGR with nothing left to sort: nIRQ goes down, SIR says spurious */
static void ack_expect_none(struct sim *s)
{
	w(s, CONTROL, 1);
	assert_false(intc_irq_asserted(s));
	assert_int_equal(r(s, SIR_IRQ), SPURIOUS);
}

static void test_reset_values(void **state)
{
	struct sim *s = setup();

	assert_int_equal(r(s, REVISION), 0x40);
	assert_int_equal(r(s, SYSSTATUS) & 1, 1);
	for (int n = 0; n < 3; n++) {
		assert_int_equal(r(s, MIR(n)), 0xFFFFFFFF);
		assert_int_equal(r(s, ITR(n)), 0);
		assert_int_equal(r(s, PENDING_IRQ(n)), 0);
	}
	assert_int_equal(r(s, THRESHOLD), 0xFF);
	assert_int_equal(r(s, SIR_IRQ), SPURIOUS);
	assert_int_equal(r(s, IRQ_PRIO), SPURIOUS);
	assert_int_equal(r(s, SIR_FIQ), SPURIOUS);
	assert_false(intc_irq_asserted(s));
}

static void test_mask_set_clear_and_itr(void **state)
{
	struct sim *s = setup();

	/* a masked input shows in ITR only */
	intc_set_line(s, 35, true);
	assert_int_equal(r(s, ITR(1)), 1u << 3);
	assert_int_equal(r(s, PENDING_IRQ(1)), 0);
	assert_false(intc_irq_asserted(s));
	/* MIR_CLEAR clears only the bits written as 1 */
	w(s, MIR_CLEAR(1), (1u << 3) | (1u << 7));
	assert_int_equal(r(s, MIR(1)), ~((1u << 3) | (1u << 7)));
	assert_int_equal(r(s, PENDING_IRQ(1)), 1u << 3);
	assert_true(intc_irq_asserted(s));
	assert_int_equal(r(s, SIR_IRQ), 35);
	/* MIR_SET sets only the bits written as 1; the latched IRQ stays */
	w(s, MIR_SET(1), 1u << 3);
	assert_int_equal(r(s, MIR(1)), ~(1u << 7));
	assert_int_equal(r(s, PENDING_IRQ(1)), 0);
	assert_int_equal(r(s, SIR_IRQ), 35);
	ack_expect_none(s);
	/* MIR written directly; the other banks are untouched */
	w(s, MIR(2), 0x0000FFFF);
	assert_int_equal(r(s, MIR(2)), 0x0000FFFF);
	assert_int_equal(r(s, MIR(0)), 0xFFFFFFFF);
	/* ITR follows the line down */
	intc_set_line(s, 35, false);
	assert_int_equal(r(s, ITR(1)), 0);
}

static void test_priorities_and_threshold(void **state)
{
	struct sim *s = setup();

	unmask(s, 10);
	unmask(s, 50);
	unmask(s, 70);
	w(s, ILR(10), 20 << 2);
	w(s, ILR(50), 5 << 2);
	w(s, ILR(70), 5 << 2);
	assert_int_equal(r(s, ILR(50)), 5 << 2);
	intc_set_line(s, 10, true);
	/* the only one pending wins whatever its priority */
	assert_int_equal(r(s, SIR_IRQ), 10);
	assert_int_equal(r(s, IRQ_PRIO), 20);
	/* latched: a better one arriving does not replace it */
	intc_set_line(s, 70, true);
	intc_set_line(s, 50, true);
	assert_int_equal(r(s, SIR_IRQ), 10);
	/* NEWIRQAGR: the best (lowest PRIORITY) wins, a tie goes to the lower
	 * input number */
	w(s, CONTROL, 1);
	assert_int_equal(r(s, SIR_IRQ), 50);
	assert_int_equal(r(s, IRQ_PRIO), 5);
	intc_set_line(s, 50, false);
	w(s, CONTROL, 1);
	assert_int_equal(r(s, SIR_IRQ), 70);
	intc_set_line(s, 70, false);
	w(s, CONTROL, 1);
	assert_int_equal(r(s, SIR_IRQ), 10);
	/* the threshold holds back priorities at or above it */
	w(s, CONTROL, 1);
	w(s, THRESHOLD, 20);
	assert_int_equal(r(s, THRESHOLD), 20);
	ack_expect_none(s);
	w(s, THRESHOLD, 21);
	assert_true(intc_irq_asserted(s));
	assert_int_equal(r(s, SIR_IRQ), 10);
	/* 0 holds back everything, 0xFF disables the threshold */
	w(s, THRESHOLD, 0);
	w(s, CONTROL, 1);
	assert_false(intc_irq_asserted(s));
	w(s, ILR(10), 63 << 2);
	w(s, THRESHOLD, 0xFF);
	assert_int_equal(r(s, SIR_IRQ), 10);
	assert_int_equal(r(s, IRQ_PRIO), 63);
}

static void test_latched_until_newirqagr(void **state)
{
	struct sim *s = setup();

	unmask(s, 58);
	intc_set_line(s, 58, true);
	assert_int_equal(r(s, SIR_IRQ), 58);
	/* the input goes away before the CPU answers: SIR keeps it */
	intc_set_line(s, 58, false);
	assert_true(intc_irq_asserted(s));
	assert_int_equal(r(s, SIR_IRQ), 58);
	assert_int_equal(r(s, PENDING_IRQ(1)), 0);
	/* writes to SIR_IRQ and a CONTROL write without NEWIRQAGR change
	 * nothing */
	w(s, SIR_IRQ, 0);
	w(s, CONTROL, 2);
	assert_int_equal(r(s, SIR_IRQ), 58);
	ack_expect_none(s);
}

static void test_software_interrupts(void **state)
{
	struct sim *s = setup();

	w(s, ISR_SET(2), 1u << 3);               /* input 67 */
	assert_int_equal(r(s, ISR_SET(2)), 1u << 3);
	assert_false(intc_irq_asserted(s));      /* masked */
	assert_int_equal(r(s, ITR(2)), 0);       /* ITR shows only the inputs */
	unmask(s, 67);
	assert_int_equal(r(s, PENDING_IRQ(2)), 1u << 3);
	assert_int_equal(r(s, SIR_IRQ), 67);
	w(s, ISR_CLEAR(2), 1u << 3);
	assert_int_equal(r(s, ISR_SET(2)), 0);
	w(s, CONTROL, 1);
	assert_false(intc_irq_asserted(s));
}

static void test_soft_reset(void **state)
{
	struct sim *s = setup();

	unmask(s, 5);
	w(s, ILR(5), 9 << 2);
	w(s, THRESHOLD, 30);
	w(s, SYSCONFIG, 1);                      /* AUTOIDLE */
	assert_int_equal(r(s, SYSCONFIG), 1);
	intc_set_line(s, 5, true);
	assert_true(intc_irq_asserted(s));
	/* omap_irq_soft_reset(): SOFTRESET, wait for RESETDONE, AUTOIDLE */
	w(s, SYSCONFIG, 2);
	assert_int_equal(r(s, SYSSTATUS) & 1, 1);
	assert_int_equal(r(s, SYSCONFIG), 0);
	assert_int_equal(r(s, MIR(0)), 0xFFFFFFFF);
	assert_int_equal(r(s, ILR(5)), 0);
	assert_int_equal(r(s, THRESHOLD), 0xFF);
	assert_false(intc_irq_asserted(s));
	/* the input is still high: ITR says so, the mask holds it back */
	assert_int_equal(r(s, ITR(0)), 1u << 5);
	unmask(s, 5);
	assert_int_equal(r(s, SIR_IRQ), 5);
}

/* What Linux runs per interrupt: omap_intc_handle_irq() reads SIR_IRQ,
 * handle_level_irq() masks (MIR_SET) and acks (NEWIRQAGR), the device
 * handler clears its source, then the line is unmasked (MIR_CLEAR). */
static void test_linux_sequence(void **state)
{
	struct sim *s = setup();
	int order[3], n = 0;

	unmask(s, 12);                           /* sDMA line 0 */
	unmask(s, 25);                           /* DSS */
	unmask(s, 83);                           /* MMC1 */
	intc_set_line(s, 83, true);
	while (intc_irq_asserted(s) && n < 3) {
		uint32_t sir = r(s, SIR_IRQ);
		unsigned irq = sir & 0x7F;

		assert_int_equal(sir & SPURIOUS, 0);
		order[n++] = (int)irq;
		if (n == 1) {
			/* two more arrive while the first is handled */
			intc_set_line(s, 25, true);
			intc_set_line(s, 12, true);
		}
		w(s, MIR_SET(irq / 32), 1u << (irq % 32));
		w(s, CONTROL, 1);
		intc_set_line(s, irq, false);
		unmask(s, irq);
	}
	assert_false(intc_irq_asserted(s));
	assert_int_equal(n, 3);
	/* the first one alone, then at equal priorities (ILR 0) the lower
	 * input number first */
	assert_int_equal(order[0], 83);
	assert_int_equal(order[1], 12);
	assert_int_equal(order[2], 25);
}

static void test_strict(void **state)
{
	struct sim *s = setup();
	uint32_t v = 0;

	assert_int_equal(model_mmio(s, false, INTC + 0x18, 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, true, INTC + 0x70, 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, false, INTC + ILR(96), 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, false, INTC + SIR_IRQ, 2, &v), SIM_EBUS);
	assert_int_equal(model_mmio(s, true, INTC + MIR(0) + 1, 4, &v), SIM_EBUS);
}

static void test_fiq_stops(void **state)
{
	struct sim *s = setup();

	w(s, ILR(20), 1);                        /* FIQNIRQ: steered to FIQ */
	assert_int_equal(r(s, ILR(20)), 1);
	unmask(s, 20);
	assert_int_equal(s->result, SIM_RUNNING);
	intc_set_line(s, 20, true);
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, "FIQ"));
	assert_false(intc_irq_asserted(s));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reset_values),
		cmocka_unit_test(test_mask_set_clear_and_itr),
		cmocka_unit_test(test_priorities_and_threshold),
		cmocka_unit_test(test_latched_until_newirqagr),
		cmocka_unit_test(test_software_interrupts),
		cmocka_unit_test(test_soft_reset),
		cmocka_unit_test(test_linux_sequence),
		cmocka_unit_test(test_strict),
		cmocka_unit_test(test_fiq_stops),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
