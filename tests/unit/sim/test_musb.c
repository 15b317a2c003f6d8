// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the HS USB OTG controller model (tools/sim/musb.c): its
 * MMIO driven as a peripheral driver would, the USB side through musb.h
 * as a host controller would, and the strict refusals.
 */
#include "tests/unit/sim/musb_fw.h"

static struct sim *attached(void)
{
	struct sim *s = usb_sim();

	mw(s, 0x01, 1, 0x60);        /* SOFTCONN | HSENAB */
	assert_true(musb_attached(s));
	musb_bus_reset(s);
	assert_int_equal(mr(s, 0x0A, 1), 0x04);   /* RESET seen */
	return s;
}

static void test_clock_gating(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	uint32_t v;

	simtest_init(s);
	assert_int_equal(model_mmio(s, false, OTG + 0x01, 1, &v), SIM_EBUS);
	assert_int_equal(model_mmio(s, false, OTG + 0x404, 4, &v), SIM_EBUS);
	set_bits(s, CM + 0xA10, BIT(4));
	assert_int_equal(model_mmio(s, false, OTG + 0x01, 1, &v), 0);
	assert_int_equal(v, 0x20);
}

static void test_reset_values(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	s->cfg.vbus = true;
	simtest_init(s);
	set_bits(s, CM + 0xA10, BIT(4));
	assert_int_equal(mr(s, 0x01, 1), 0x20);        /* POWER: HSENAB */
	assert_int_equal(mr(s, 0x06, 2), 0xFFFF);      /* INTRTXE */
	assert_int_equal(mr(s, 0x08, 2), 0xFFFE);      /* INTRRXE */
	assert_int_equal(mr(s, 0x0B, 1), 0x06);        /* INTRUSBE */
	assert_int_equal(mr(s, 0x78, 1), 0xFF);        /* EPINFO */
	assert_int_equal(mr(s, 0x79, 1) & 0xF, 12);    /* RAMINFO: 16 KiB */
	assert_int_equal(mr(s, 0x1F, 1) & 0x06, 0x06); /* DYNFIFO, SOFTCONE */
	/* VBUS is there but the PHY is off: the core sees no session */
	assert_int_equal(mr(s, 0x60, 1), 0x80);
	assert_int_equal(mr(s, 0x408, 4), 1);          /* RESETDONE */
	assert_int_equal(mr(s, 0x40C, 4), 1);          /* 12-pin ULPI */
	/* a 32-bit read over FADDR, POWER and INTRTX */
	assert_int_equal(mr(s, 0x00, 4), 0x00002000);
	mw(s, 0x01, 1, 0x40);
	assert_false(musb_attached(s));                /* no PHY */
}

static void test_attach_and_reset(void **state)
{
	struct sim *s = usb_sim();

	assert_int_equal(mr(s, 0x60, 1), 0x99);        /* B-device, VBUS valid, session */
	assert_false(musb_attached(s));                /* SOFTCONN off */
	mw(s, 0x01, 1, 0x60);
	assert_true(musb_attached(s));
	assert_int_equal(rd(s, ITR2) & MUSB_IRQ_BIT, 0);
	mw(s, 0x00, 1, 5);
	musb_bus_reset(s);
	assert_int_equal(mr(s, 0x00, 1), 0);           /* FADDR back to 0 */
	assert_int_equal(mr(s, 0x01, 1) & 0x10, 0x10); /* HSMODE */
	assert_true(musb_high_speed(s));
	assert_int_equal(rd(s, ITR2) & MUSB_IRQ_BIT, MUSB_IRQ_BIT);
	assert_int_equal(mr(s, 0x0A, 1), 0x04);        /* RESET, read clears */
	assert_int_equal(mr(s, 0x0A, 1), 0);
	assert_int_equal(rd(s, ITR2) & MUSB_IRQ_BIT, 0);
	/* suspend only interrupts when enabled; resume is enabled at reset */
	musb_bus_suspend(s);
	assert_int_equal(rd(s, ITR2) & MUSB_IRQ_BIT, 0);
	assert_int_equal(mr(s, 0x0A, 1), 0x01);
	musb_bus_resume(s);
	assert_int_equal(mr(s, 0x0A, 1), 0x02);
	/* VBUS gone: the session ends with DISCONNECT */
	s->cfg.vbus = false;
	musb_sync(s);
	assert_false(musb_attached(s));
	assert_int_equal(mr(s, 0x0A, 1), 0x20);
	assert_int_equal(mr(s, 0x60, 1), 0x80);
}

static void test_ep0_in_transfer(void **state)
{
	struct sim *s = attached();
	static const uint8_t get_dev[8] = { 0x80, 6, 0, 1, 0, 0, 64, 0 };
	uint8_t buf[64];

	assert_int_equal(musb_setup(s, 0, get_dev), 0);
	assert_int_equal(mr(s, 0x02, 2), 1);           /* EP0 interrupt */
	assert_int_equal(mr(s, 0x12, 2), 0x01);        /* RXPKTRDY */
	assert_int_equal(mr(s, 0x18, 2), 8);           /* COUNT0 */
	assert_int_equal(mr(s, 0x18, 1), 8);           /* as Linux reads it: a byte */
	assert_int_equal(mr(s, 0x19, 1), 0);
	assert_int_equal(mr(s, 0x20, 4), 0x01000680);
	assert_int_equal(mr(s, 0x20, 2), 0x0000);
	assert_int_equal(mr(s, 0x22, 1), 64);          /* FIFO0 at +2, byte access */
	assert_int_equal(mr(s, 0x20, 1), 0);
	mw(s, 0x12, 2, 0x40);                          /* SERVICEDRXPKTRDY */
	assert_int_equal(mr(s, 0x12, 2), 0);
	assert_int_equal(musb_in(s, 0, 0, buf, 64), USBT_NAK);
	for (int i = 0; i < 18; i += 2)                /* halfword FIFO writes */
		mw(s, 0x20, 2, fw_dev_desc[i] | fw_dev_desc[i + 1] << 8);
	mw(s, 0x12, 2, 0x02 | 0x08);                   /* TXPKTRDY | DATAEND */
	assert_int_equal(musb_in(s, 1, 0, buf, 64), USBT_ERR);  /* not its address */
	assert_int_equal(musb_in(s, 0, 0, buf, 64), 18);
	assert_memory_equal(buf, fw_dev_desc, 18);
	assert_int_equal(mr(s, 0x02, 2), 1);
	assert_int_equal(mr(s, 0x12, 2), 0);
	/* status stage: a zero-length OUT, then the completion interrupt */
	assert_int_equal(musb_out(s, 0, 0, buf, 0), 0);
	assert_int_equal(mr(s, 0x02, 2), 1);
	assert_int_equal(mr(s, 0x12, 2), 0);
}

static void test_ep0_set_address_and_stall(void **state)
{
	struct sim *s = attached();
	static const uint8_t set_addr[8] = { 0x00, 5, 7, 0, 0, 0, 0, 0 };
	static const uint8_t odd[8] = { 0xC0, 0x55, 0, 0, 0, 0, 4, 0 };
	uint8_t buf[8];

	assert_int_equal(musb_setup(s, 0, set_addr), 0);
	mr(s, 0x20, 4);
	mr(s, 0x20, 4);
	assert_int_equal(musb_in(s, 0, 0, buf, 0), USBT_NAK);   /* no DATAEND yet */
	mw(s, 0x12, 2, 0x48);                                   /* SVDRXPKTRDY | DATAEND */
	assert_int_equal(musb_in(s, 0, 0, buf, 0), 0);          /* status stage */
	assert_int_equal(mr(s, 0x02, 2), 1);
	mw(s, 0x00, 1, 7);
	/* an IN request without data: Linux answers TXPKTRDY | DATAEND */
	{
		static const uint8_t in0[8] = { 0x80, 0x00, 0, 0, 0, 0, 0, 0 };

		assert_int_equal(musb_setup(s, 7, in0), 0);
		mr(s, 0x20, 4);
		mr(s, 0x20, 4);
		mw(s, 0x12, 2, 0x40 | 0x08 | 0x02);
		assert_int_equal(mr(s, 0x12, 2), 0x0A);
		assert_int_equal(musb_in(s, 7, 0, buf, 8), 0);
		assert_int_equal(mr(s, 0x12, 2), 0);
		assert_int_equal(mr(s, 0x02, 2), 1);
	}
	assert_int_equal(musb_setup(s, 0, odd), USBT_ERR);
	assert_int_equal(musb_setup(s, 7, odd), 0);
	mr(s, 0x20, 4);
	mr(s, 0x20, 4);
	mw(s, 0x12, 2, 0x40 | 0x20);                            /* SENDSTALL */
	assert_int_equal(musb_in(s, 7, 0, buf, 8), USBT_STALL);
	assert_int_equal(mr(s, 0x02, 2), 1);
	assert_int_equal(mr(s, 0x12, 2), 0x04);                 /* SENTSTALL */
	mw(s, 0x12, 2, 0);
	assert_int_equal(mr(s, 0x12, 2), 0);
	/* a new SETUP in the middle of a transfer is SETUPEND */
	assert_int_equal(musb_setup(s, 7, odd), 0);
	mr(s, 0x20, 4);
	mr(s, 0x20, 4);
	mw(s, 0x12, 2, 0x40);
	assert_int_equal(musb_setup(s, 7, odd), 0);
	assert_int_equal(mr(s, 0x12, 2), 0x11);                 /* SETUPEND | RXPKTRDY */
	mw(s, 0x12, 2, 0x80);
	assert_int_equal(mr(s, 0x12, 2), 0x01);
}

static void test_bulk(void **state)
{
	struct sim *s = attached();
	struct fw f = { 0 };
	uint8_t out[512], in[512];

	fw_set_config(s, &f, 1);
	for (int i = 0; i < 512; i++)
		out[i] = (uint8_t)(i * 7);
	assert_int_equal(musb_maxp(s, 1, true), 512);
	assert_int_equal(musb_out(s, 0, 1, out, 513), USBT_ERR);     /* above RXMAXP */
	/* double-buffered RX: two packets, then NAK */
	assert_int_equal(musb_out(s, 0, 1, out, 512), 0);
	assert_int_equal(musb_out(s, 0, 1, out + 100, 12), 0);
	assert_int_equal(musb_out(s, 0, 1, out, 1), USBT_NAK);
	assert_int_equal(mr(s, 0x04, 2), BIT(1));
	assert_int_equal(rd(s, ITR2) & MUSB_IRQ_BIT, 0);
	mw(s, 0x0E, 1, 1);
	assert_int_equal(mr(s, 0x16, 2), 0x03);                      /* RXPKTRDY | FIFOFULL */
	assert_int_equal(mr(s, 0x18, 2), 512);
	assert_int_equal(mr(s, 0x100 + 16 + 8, 2), 512);             /* flat RXCOUNT of EP1 */
	for (int i = 0; i < 512; i += 4) {
		uint32_t w = mr(s, 0x24, 4);

		assert_int_equal(w, (uint32_t)(out[i] | out[i + 1] << 8 | out[i + 2] << 16 |
					       (uint32_t)out[i + 3] << 24));
	}
	mw(s, 0x16, 2, 0);
	assert_int_equal(mr(s, 0x04, 2), BIT(1));                    /* the second one */
	assert_int_equal(mr(s, 0x18, 2), 12);
	assert_int_equal(mr(s, 0x24, 1), out[100]);
	mw(s, 0x16, 2, 0x10);                                        /* FLUSHFIFO */
	assert_int_equal(mr(s, 0x16, 2), 0);
	/* IN: NAK until TXPKTRDY */
	assert_int_equal(musb_in(s, 0, 1, in, 512), USBT_NAK);
	for (int i = 0; i < 100; i++)
		mw(s, 0x24, 1, out[i]);
	assert_int_equal(mr(s, 0x12, 2) & 0x03, 0);
	mw(s, 0x12, 2, 0x01);
	assert_int_equal(mr(s, 0x12, 2) & 0x03, 0x03);               /* TXPKTRDY, FIFONOTEMPTY */
	mw(s, 0x12, 2, mr(s, 0x12, 2));                              /* read-modify-write */
	assert_int_equal(musb_in(s, 0, 1, in, 64), USBT_BABBLE);     /* more than asked */
	assert_int_equal(musb_in(s, 0, 1, in, 512), 100);
	assert_memory_equal(in, out, 100);
	assert_int_equal(mr(s, 0x02, 2), BIT(1));
	assert_int_equal(mr(s, 0x12, 2) & 0x03, 0);
	/* byte writes of a CSR's halves: the other half is left alone */
	mw(s, 0x13, 1, 0x20);                                        /* TXCSR.MODE */
	assert_int_equal(mr(s, 0x12, 2), 0x2000);
	mw(s, 0x11, 1, 0x02);                                        /* TXMAXP 512 */
	assert_int_equal(mr(s, 0x10, 2), 0x200);
	/* a byte read of INTRTX's low half leaves the high half pending */
	assert_int_equal(musb_in(s, 0, 1, in, 512), USBT_NAK);
	for (int i = 0; i < 4; i++)
		mw(s, 0x24, 1, 0);
	mw(s, 0x12, 1, 0x01);                                        /* TXPKTRDY, low byte */
	assert_int_equal(mr(s, 0x12, 2), 0x2003);
	assert_int_equal(musb_in(s, 0, 1, in, 512), 4);
	assert_int_equal(mr(s, 0x02, 1), 0x02);
	assert_int_equal(mr(s, 0x02, 2), 0);
	/* SENDSTALL on the IN endpoint */
	mw(s, 0x12, 2, 0x10);
	assert_int_equal(musb_in(s, 0, 1, in, 512), USBT_STALL);
	assert_int_equal(mr(s, 0x12, 2) & 0x20, 0x20);               /* SENTSTALL */
	mw(s, 0x12, 2, 0);
	assert_int_equal(mr(s, 0x12, 2) & 0x30, 0);
	assert_int_equal(musb_in(s, 0, 2, in, 512), USBT_ERR);       /* EP2 not set up */
	assert_int_equal(s->result, SIM_RUNNING);
}

/* What Linux's musb core and gadget code write at start-up (musb_core.c
 * musb_generic_disable, fifo_setup, musb_start): all taken. */
static void test_linux_style_init(void **state)
{
	struct sim *s = usb_sim();

	mw(s, 0x40C, 4, 1);                            /* OTG_INTERFSEL: ULPI 12-pin */
	mw(s, 0x414, 4, 0);                            /* OTG_FORCESTDBY */
	mw(s, 0x0B, 1, 0);                             /* INTRUSBE */
	mw(s, 0x06, 2, 0);
	mw(s, 0x08, 2, 0);
	mw(s, 0x60, 1, 0);                             /* DEVCTL 0 */
	mr(s, 0x0A, 1);
	mr(s, 0x02, 2);
	mr(s, 0x04, 2);
	mw(s, 0x0E, 1, 0);                             /* EP0: FIFO regs at INDEX 0 */
	mw(s, 0x62, 1, 3);
	mw(s, 0x64, 2, 0);
	mw(s, 0x63, 1, 3);
	mw(s, 0x66, 2, 0);
	assert_int_equal(mr(s, 0x62, 1), 3);
	mw(s, 0x0E, 1, 1);                             /* EP1: after EP0's 64 bytes */
	mw(s, 0x62, 1, 6);
	mw(s, 0x64, 2, 8);
	mw(s, 0x0B, 1, 0xF7);                          /* musb_start */
	mw(s, 0x06, 2, 0xFFFF);
	mw(s, 0x08, 2, 0xFFFE);
	mw(s, 0x0F, 1, 0);
	mw(s, 0x01, 1, 0x80 | 0x20);                   /* ISOUPDATE | HSENAB */
	mw(s, 0x01, 1, 0x80 | 0x40 | 0x20);            /* + SOFTCONN */
	assert_true(musb_attached(s));
	assert_int_equal(mr(s, 0x6C, 2), 0x0590);      /* HWVERS 1.400 */
	assert_int_equal(s->result, SIM_RUNNING);
}

static void test_wrapper_softreset(void **state)
{
	struct sim *s = attached();

	mw(s, 0x404, 4, 0x2009);
	assert_int_equal(mr(s, 0x404, 4), 0x2009);
	mw(s, 0x414, 4, 0);
	mw(s, 0x404, 4, 2);                                          /* SOFTRST */
	assert_int_equal(mr(s, 0x404, 4), 0);
	assert_int_equal(mr(s, 0x01, 1), 0x20);                      /* SOFTCONN gone */
	assert_int_equal(mr(s, 0x414, 4), 1);
	assert_false(musb_attached(s));
}

/* Each refusal on a fresh machine: the run stops with the offset. */
static struct sim *refused(void)
{
	struct sim *s = attached();
	struct fw f = { 0 };

	fw_set_config(s, &f, 1);
	mw(s, 0x0E, 1, 1);
	return s;
}

static void expect_fault(struct sim *s, const char *what)
{
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, what));
}

static void test_strict(void **state)
{
	struct sim *s;
	uint32_t v = 0;
	uint8_t b[8] = { 0 };

	s = refused();                                  /* FIFO read with nothing there */
	mr(s, 0x24, 4);
	expect_fault(s, "RXPKTRDY clear");

	s = refused();                                  /* read past RXCOUNT */
	assert_int_equal(musb_out(s, 0, 1, b, 3), 0);
	mr(s, 0x24, 4);
	expect_fault(s, "past RXCOUNT");

	s = refused();                                  /* a TX FIFO over EP0's */
	mw(s, 0x64, 2, 0);
	mw(s, 0x12, 2, 1);
	expect_fault(s, "over EP0");

	s = refused();                                  /* FIFO beyond the 16 KiB */
	mw(s, 0x64, 2, (16384 - 256) / 8);
	mw(s, 0x12, 2, 1);
	expect_fault(s, "16 KiB");

	s = refused();                                  /* more than TXMAXP */
	mw(s, 0x10, 2, 8);
	for (int i = 0; i < 3; i++)
		mw(s, 0x24, 4, 0);
	mw(s, 0x12, 2, 1);
	expect_fault(s, "TXMAXP");

	s = refused();
	mw(s, 0x12, 2, 0x1000);                         /* DMAENAB */
	expect_fault(s, "not modelled");

	s = refused();
	mw(s, 0x16, 2, 0x4000);                         /* ISO */
	expect_fault(s, "not modelled");

	s = refused();
	mw(s, 0x0F, 1, 0x08);                           /* TESTMODE packet */
	expect_fault(s, "TESTMODE");

	s = refused();
	mw(s, 0x60, 1, mr(s, 0x60, 1));                 /* read-modify-write: nothing */
	mw(s, 0x60, 1, 0x98);                           /* SESSION cleared: not acted on */
	assert_int_equal(s->result, SIM_RUNNING);
	mw(s, 0x60, 1, 0x02);                           /* HNP */
	expect_fault(s, "HNP");

	s = refused();
	s->cfg.vbus = false;
	mw(s, 0x60, 1, 0x01);                           /* SRP */
	expect_fault(s, "SRP");

	s = refused();
	mw(s, 0x0E, 1, 0);
	mw(s, 0x12, 2, 0x02);                           /* TXPKTRDY, no transfer */
	expect_fault(s, "outside the data stage");

	s = refused();                                  /* DMA and reserved registers */
	assert_int_equal(model_mmio(s, false, OTG + 0x81, 1, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, false, OTG + 0x204, 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, false, OTG + 0x74, 1, &v), SIM_EUNIMPL);  /* ULPI */
	/* the wrapper takes 32-bit accesses only */
	assert_int_equal(model_mmio(s, false, OTG + 0x404, 2, &v), SIM_EBUS);
	assert_int_equal(s->result, SIM_RUNNING);
}

/* The registers a host uses, as Linux's musb_save_context reads them and
 * musb_restore_context writes them back: storage, per endpoint, with
 * their bits (musb_regs.h offsets); ULPI_BUSCONTROL's two bits. */
static void test_host_registers_stored(void **state)
{
	struct sim *s = attached();

	assert_int_equal(mr(s, 0x70, 1), 0);
	mw(s, 0x70, 1, 0xFF);
	assert_int_equal(mr(s, 0x70, 1), 0x03);         /* USE_EXTVBUS(IND) */
	for (unsigned ep = 0; ep < 16; ep++) {
		uint32_t bc = 0x80 + 8 * ep, csr = 0x100 + 16 * ep;

		assert_int_equal(mr(s, csr + 0xA, 1), 0);
		mw(s, csr + 0xA, 1, 0x40 | ep);             /* TXTYPE */
		mw(s, csr + 0xB, 1, ep + 1);                /* TXINTERVAL */
		mw(s, csr + 0xC, 1, 0x80 | ep);             /* RXTYPE */
		mw(s, csr + 0xD, 1, ep + 2);                /* RXINTERVAL */
		mw(s, bc + 0, 1, 0xFF);                     /* TXFUNCADDR: 7 bits */
		mw(s, bc + 2, 1, 0x80 | ep);                /* TXHUBADDR, MULTI_TT */
		mw(s, bc + 3, 1, 0xFF);                     /* TXHUBPORT: 7 bits */
		mw(s, bc + 4, 1, ep);
		mw(s, bc + 6, 1, ep + 1);
		mw(s, bc + 7, 1, ep + 2);
	}
	for (unsigned ep = 0; ep < 16; ep++) {
		uint32_t bc = 0x80 + 8 * ep, csr = 0x100 + 16 * ep;

		assert_int_equal(mr(s, csr + 0xA, 1), 0x40 | ep);
		assert_int_equal(mr(s, csr + 0xB, 1), ep + 1);
		assert_int_equal(mr(s, csr + 0xC, 2), ((ep + 2) << 8) | 0x80 | ep);
		assert_int_equal(mr(s, bc + 0, 1), 0x7F);
		assert_int_equal(mr(s, bc + 2, 1), 0x80 | ep);
		assert_int_equal(mr(s, bc + 3, 1), 0x7F);
		assert_int_equal(mr(s, bc + 4, 1), ep);
		assert_int_equal(mr(s, bc + 6, 1), ep + 1);
		assert_int_equal(mr(s, bc + 7, 1), ep + 2);
	}
	/* the indexed view is the same storage */
	mw(s, 0x0E, 1, 5);
	assert_int_equal(mr(s, 0x1A, 1), 0x45);
	assert_int_equal(s->result, SIM_RUNNING);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clock_gating),
		cmocka_unit_test(test_reset_values),
		cmocka_unit_test(test_attach_and_reset),
		cmocka_unit_test(test_ep0_in_transfer),
		cmocka_unit_test(test_ep0_set_address_and_stall),
		cmocka_unit_test(test_bulk),
		cmocka_unit_test(test_linux_style_init),
		cmocka_unit_test(test_wrapper_softreset),
		cmocka_unit_test(test_strict),
		cmocka_unit_test(test_host_registers_stored),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
