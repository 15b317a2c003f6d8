// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the TI TCA6507 7-bit I2C LED driver (datasheet SCPS164C,
 * "Low-Voltage 7-Bit I2C and SMBus LED Driver With Intensity Control"), at
 * its fixed address 0x45 (1000101b, section 8.5.3), on the bus the machine
 * table wires it to (the GTA04: I2C2, every revision; docs/references.md,
 * "Status LEDs").
 *
 * Section 8.5.4: the first byte of a write is the command byte: B3-B0 the
 * register, B4 auto-increment, B7-B5 reserved (must be 0); the following
 * bytes go to that register, and with B4 set to the next one, the pointer
 * returning to Select0 after Initialization (0x0A). Reads return the
 * register the command byte selected (auto-incremented alike). Table 6:
 * Select0-2 power up at 0x00, the five time registers at 0x44, Maximum
 * Intensity at 0xFF, One-Shot / Master Intensity at 0x0F; Initialization is
 * write-only. Table 8: a port's state is Select2:Select1:Select0, 0-1 off
 * (high impedance), 2/3 on at PWM0/PWM1, 4 fully on (output low), 5 at the
 * master intensity, 6/7 blinking with bank 0/1.
 *
 * Strict as the other models: a register 0x0B-0x0F, reserved command bits
 * set or a read of Initialization stop the run. Every write is logged for
 * the report ("tca6507": registers, port states, the first 32 writes).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/i2c.h"

#define TCA6507_ADDR	0x45
#define NREGS		11	/* 0x00-0x0A */
#define REG_INIT	0x0A
#define CMD_AI		BIT(4)

static const uint8_t reset_value[NREGS] = {
	0x00, 0x00, 0x00, 0x44, 0x44, 0x44, 0x44, 0x44, 0xFF, 0x0F, 0x00,
};

struct tca6507 {
	uint8_t reg[NREGS];
	uint8_t ptr;
	bool ai;
	bool want_cmd;          /* next written byte is the command byte */
	unsigned writes;
	struct { uint64_t ps; uint8_t reg, value; } log[32];
};

static bool tca_start(struct sim *s, void *opaque, uint8_t addr, bool read)
{
	struct tca6507 *t = opaque;

	if (!read)
		t->want_cmd = true;
	return true;
}

static void advance(struct tca6507 *t)
{
	if (t->ai)
		t->ptr = t->ptr >= REG_INIT ? 0 : t->ptr + 1;
}

static bool tca_write(struct sim *s, void *opaque, uint8_t addr, uint8_t byte)
{
	struct tca6507 *t = opaque;

	if (t->want_cmd) {
		t->want_cmd = false;
		if ((byte & 0xE0) || (byte & 0x0F) >= NREGS) {
			sim_stop(s, SIM_FAULT, "TCA6507: command byte 0x%02x: %s", byte,
				 byte & 0xE0 ? "reserved bits B7-B5 set" : "no register 0x0B-0x0F");
			return false;
		}
		t->ptr = byte & 0x0F;
		t->ai = byte & CMD_AI;
		return true;
	}
	if (t->writes < ARRAY_SIZE(t->log)) {
		t->log[t->writes].ps = sim_now_ps(s);
		t->log[t->writes].reg = t->ptr;
		t->log[t->writes].value = byte;
	}
	t->writes++;
	t->reg[t->ptr] = byte;
	advance(t);
	return true;
}

static uint8_t tca_read(struct sim *s, void *opaque, uint8_t addr)
{
	struct tca6507 *t = opaque;
	uint8_t v;

	if (t->ptr == REG_INIT) {
		sim_stop(s, SIM_FAULT, "TCA6507: the Initialization register is write-only");
		return 0xFF;
	}
	v = t->reg[t->ptr];
	advance(t);
	return v;
}

static void tca_stop(struct sim *s, void *opaque, uint8_t addr)
{
}

static const struct i2c_slave_ops tca_ops = {
	.start = tca_start, .write = tca_write, .read = tca_read, .stop = tca_stop,
};

void tca6507_init(struct sim *s)
{
	const struct sim_machine *m = s->cfg.machine;
	struct tca6507 *t;

	if (!m || !m->tca6507_bus)
		return;
	t = calloc(1, sizeof(*t));
	if (!t)
		abort();
	memcpy(t->reg, reset_value, sizeof(t->reg));
	s->tca6507 = t;
	i2c_attach(s, m->tca6507_bus - 1, TCA6507_ADDR, &tca_ops, t);
}

/* Port p's state, Table 8 (Select2:Select1:Select0), or -1 without a chip. */
int tca6507_port_state(struct sim *s, unsigned p)
{
	const struct tca6507 *t = s->tca6507;

	if (!t || p > 6)
		return -1;
	return (t->reg[2] >> p & 1) << 2 | (t->reg[1] >> p & 1) << 1 | (t->reg[0] >> p & 1);
}

void tca6507_report(struct sim *s, FILE *f)
{
	const struct tca6507 *t = s->tca6507;

	if (!t) {
		fputs("null", f);
		return;
	}
	fputs("{\n    \"regs\": [", f);
	for (int i = 0; i < NREGS - 1; i++)
		fprintf(f, "%s%u", i ? ", " : "", t->reg[i]);
	fputs("],\n    \"ports\": [", f);
	for (unsigned p = 0; p < 7; p++)
		fprintf(f, "%s%d", p ? ", " : "", tca6507_port_state(s, p));
	fprintf(f, "],\n    \"writes\": %u,\n    \"log\": [", t->writes);
	for (unsigned i = 0; i < t->writes && i < ARRAY_SIZE(t->log); i++)
		fprintf(f, "%s\n      {\"virtual_us\": %.3f, \"reg\": %u, \"value\": %u}",
			i ? "," : "", (double)t->log[i].ps / PS_PER_US, t->log[i].reg,
			t->log[i].value);
	fputs(t->writes ? "\n    ]\n  }" : "]\n  }", f);
}
