// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The TD028TTEC1's controller over bit-banged SPI: 9-bit words (bit 8 = 0
 * for a command, 1 for its data bytes), MSB first, SPI mode 3 (clock idle
 * high, data changed on the falling edge and taken on the rising one), CS
 * low for each command with its data. The register sequence is the one
 * Linux's TD028TTEC1 driver sends when it prepares and enables the panel
 * (docs/references.md, "GTA04 display"): three
 * no-ops 1 ms apart, deep standby out, RGB interface on, power, sleep out,
 * the register set, DISPLAY_ON.
 *
 * The whole sequence is about 900 bits: at the panel's 100 kHz that is
 * 9 ms plus the 3 ms of no-op spacing. Rather than wait that long, the
 * boot advances it one edge at a time from the idle hook (arch/arm/io.h),
 * while it waits for the SD card anyway.
 *
 * Order and waits (docs/references.md, "Panel power and order"): the
 * sequence starts only once the DSS's LCD output runs (td028_begin), as
 * Linux's omapdss panel driver enables the DPI output first, so that
 * DISPLAY_ON finds the RGB input running; the three no-ops 1 ms apart are
 * that driver's wait after it. The first command also waits for the
 * module's power-on time: 50 ms in its datasheet, 90 ms in the GTA04's
 * U-Boot for later batches (docs/references.md, "Panel power and order"),
 * counted here from timer_init, which is later still
 * than the power-on.
 */
#include "drivers/video/td028ttec1.h"

#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"

/* Each transfer: the number of data bytes (| PAUSE: 1 ms after it), the
 * command, the data bytes. */
#define PAUSE	0x80u
#define TPOS_US	90000u

#define W0(r)		0, (r)
#define W1(r, d)	1, (r), (d)
#define W2(r, d)	2, (r), (d) >> 8, (d) & 0xFF

static const uint8_t seq[] = {
	PAUSE, 0x00, PAUSE, 0x00, PAUSE, 0x00,
	W1(0xB0, 0x17),			/* POWER_ON_OFF: deep standby out */
	W1(0xBC, 0x80),			/* DISPLAY_MODE: RGB I/F on */
	W1(0x3B, 0x00),			/* QUAD_RATE off */
	W1(0xB0, 0x16),			/* AVDD, XVDD on */
	W2(0xB8, 0xFFF9),		/* OUTPUT_CONTROL */
	W0(0x11),			/* SLEEP_OUT */
	W1(0xBA, 0x01), W1(0xBB, 0x00),	/* DISPLAY_MODE1, 2 */
	W1(0x3A, 0x60),			/* RGB_FORMAT */
	W1(0xBF, 0x10),			/* DRIVE_SYSTEM */
	W1(0xB1, 0x56), W1(0xB2, 0x33), W1(0xB3, 0x11), W1(0xB3, 0x11), /* booster */
	W1(0xB4, 0x02), W1(0xB5, 0x2B), W1(0xB6, 0x40), W1(0xB7, 0x03),
	W1(0xB9, 0x04), W1(0xBD, 0x04), W1(0xBE, 0x00),
	W1(0xC0, 0x11), W1(0xC1, 0x11), W1(0xC2, 0x11),	/* sleep-out frame rates */
	W2(0xC3, 0x2040), W2(0xC4, 0x60C0), W2(0xC5, 0x1020), W2(0xC6, 0x60C0),
	W2(0xC7, 0x5533), W1(0xC8, 0x00), W1(0xC9, 0x00), W1(0xCA, 0x00), /* gamma */
	W2(0xEC, 0x01F0),		/* HCLOCK_VGA */
	W1(0xCF, 0x02), W2(0xD0, 0x0804),	/* blanking */
	W1(0xD1, 0x01), W2(0xD2, 0x0000),	/* CKV */
	W2(0xD3, 0x0D0E), W2(0xD4, 0x11A4), W1(0xD5, 0x0E),	/* OEV, ASW */
	W0(0x29),			/* DISPLAY_ON */
};

/* Dark again: Linux's td028ttec1_panel_disable() (omapdss), before the
 * DPI output goes off. */
static const uint8_t off[] = {
	W0(0x28),			/* DISPLAY_OFF */
	W2(0xB8, 0x8002),		/* OUTPUT_CONTROL */
	W0(0x10),			/* SLEEP_IN */
	W1(0xB0, 0x00),			/* POWER_ON_OFF: deep standby */
};

static struct {
	uintptr_t sck_bank, mosi_bank, cs_bank;
	uint32_t sck, mosi, cs;      /* bit masks in their banks */
	uint32_t half_us, gap_us;    /* half clock period; wait before the next edge */
	uint32_t loops_us;           /* delay-loop iterations per microsecond */
	uint64_t due;
	const uint8_t *seq;
	unsigned len, pos, word, bit, phase;    /* transfer at seq[pos], its word */
	bool queued;
} j;

static void pin(uintptr_t bank, uint32_t mask, int level)
{
	writel(mask, bank + (level ? 0x94 : 0x90));   /* SETDATAOUT / CLEARDATAOUT */
}

/* A delay loop: no register reads, so it lasts what the CPU takes. */
static void spin(uint32_t n)
{
	while (n--)
		__asm__ volatile("");
}

static int gpio_out(uintptr_t (*gpio_bank)(unsigned n), unsigned n, int level)
{
	uintptr_t bank = gpio_bank(n);

	if (!bank)
		return -ENODEV;
	pin(bank, 1u << (n % 32), level);
	clrbits32(bank + 0x34, 1u << (n % 32));	/* GPIO_OE: output */
	return 0;
}

int td028_start(const struct spi_gpio_pins *p, uintptr_t (*gpio_bank)(unsigned n))
{
	int err = gpio_out(gpio_bank, p->cs, 1) | gpio_out(gpio_bank, p->sck, 1) |
		  gpio_out(gpio_bank, p->mosi, 0);

	if (err)
		return -ENODEV;
	j.cs_bank = gpio_bank(p->cs);
	j.sck_bank = gpio_bank(p->sck);
	j.mosi_bank = gpio_bank(p->mosi);
	j.cs = 1u << (p->cs % 32);
	j.sck = 1u << (p->sck % 32);
	j.mosi = 1u << (p->mosi % 32);
	/* Half a clock period, rounded up: never faster than the slave allows. */
	j.half_us = (500u + p->khz - 1) / p->khz + 1;  /* +1: timer_us() truncates */
	j.pos = j.word = j.phase = 0;
	/* Calibrate the delay loop against the timer, over about 100 us. */
	j.due = timer_us();
	spin(30000);
	j.loops_us = 30000 / (uint32_t)(timer_us() - j.due + 1) + 1;
	j.queued = false;
	return 0;
}

void td028_begin(void)
{
	uint64_t now = timer_us();

	/* td028_start first: it sets the pins and the clock's half period. */
	if (!j.half_us)
		return;
	j.seq = seq;
	j.len = sizeof(seq);
	j.pos = j.word = j.phase = 0;
	j.due = now + j.half_us < TPOS_US ? TPOS_US : now + j.half_us;
	j.queued = true;
}

void td028_off(void)
{
	if (!j.half_us)
		return;
	j.seq = off;
	j.len = sizeof(off);
	j.pos = j.word = j.phase = 0;
	j.due = 0;
	j.queued = true;
}

bool td028_step(void)
{
	uint64_t now;
	unsigned n, w;

	if (!j.queued)
		return true;
	now = timer_us();
	if (now < j.due)
		return false;
	n = j.seq[j.pos] & 3;
	/* The command word has bit 8 clear, its data words set. */
	w = j.word ? 0x100u | j.seq[j.pos + 1 + j.word] : j.seq[j.pos + 1];
	j.gap_us = j.half_us;
	switch (j.phase) {
	case 0:				/* select */
		pin(j.cs_bank, j.cs, 0);
		j.bit = 8;
		j.phase = 1;
		break;
	case 1:				/* falling edge: next data bit out */
		pin(j.sck_bank, j.sck, 0);
		pin(j.mosi_bank, j.mosi, (w >> j.bit) & 1);
		j.phase = 2;
		break;
	case 2:				/* rising edge: the panel takes it */
		pin(j.sck_bank, j.sck, 1);
		j.phase = 1;
		if (j.bit) {
			j.bit--;
		} else if (j.word == n) {
			j.phase = 3;
		} else {
			j.word++;
			j.bit = 8;
		}
		break;
	default:			/* deselect: the transfer ends */
		pin(j.cs_bank, j.cs, 1);
		if (j.seq[j.pos] & PAUSE)
			j.gap_us = 1000;
		j.pos += 2 + n;
		j.word = j.phase = 0;
		if (j.pos >= j.len)
			j.queued = false;
		break;
	}
	j.due = now + j.gap_us;
	return !j.queued;
}

void td028_finish(void)
{
	/* Not started yet: its first command still waits for the power-on
	 * time (j.due is at most TPOS_US away). */
	if (j.queued && !j.pos && !j.phase)
		while (timer_us() < j.due)
			;
	/* One edge per step, each forced due; the loop ends with the
	 * sequence (at most 22 steps per byte of it). */
	while (j.queued) {
		j.due = 0;
		td028_step();
		spin(j.gap_us * j.loops_us);
	}
}
