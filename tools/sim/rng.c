// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the OMAP3's random number generator module (RNG,
 * 0x480A0000 on L4-Core), as Linux's omap-rng driver ("ti,omap2-rng",
 * the omap3.dtsi rng node, loaded by udev from a distribution's initrd)
 * uses it: OUTPUT (0x00), one 32-bit random word per read; STATUS (0x04),
 * bit 0 BUSY, 0 when a word is ready; CONFIG (0x28, the ring oscillators'
 * delays and RESET_COUNT in bits 11:0), stored; and the OCP registers
 * REVISION (0x3C), SYSCONFIG (0x40: AUTOIDLE bit 0, SOFTRESET bit 1;
 * the driver's omap2_rng_init writes AUTOIDLE) and SYSSTATUS (0x44,
 * RESETDONE = 1). The register map and bits are the driver's
 * (reg_map_omap2, and the field comments of its older versions; the
 * TRM's public edition leaves the security modules out), the SYSCONFIG
 * bits the DT's rng_target / hwmod omap3_rng_sysc as sysc.c had them.
 *
 * The model is never busy: a word is ready at every read, as the driver's
 * comment says of the part ("2+ MBit/sec"). The words are a fixed
 * xorshift32 sequence from power-up, so that a run repeats itself; they
 * are not random and not meant to be. REVISION reads 0x20 (no source
 * gives the part's value; Linux only prints it). Every other offset
 * (ALARM at 0x24 among them) is SIM_EUNIMPL.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define RNG_BASE 0x480A0000u
#define OUTPUT 0x00
#define STATUS 0x04
#define CONFIG 0x28
#define REVISION 0x3C
#define SYSCONFIG 0x40
#define SYSSTATUS 0x44

#define SYSC_AUTOIDLE BIT(0)
#define SYSC_SOFTRESET BIT(1)
#define CONFIG_BITS 0xFFFu
#define SEED 0x2545F491u

struct rng {
	uint32_t sysconfig, config, x;
};

static void rng_reset(struct rng *r)
{
	r->sysconfig = 0;
	r->config = 0;
	r->x = SEED;
}

static uint32_t next_word(struct rng *r)
{
	r->x ^= r->x << 13;
	r->x ^= r->x >> 17;
	r->x ^= r->x << 5;
	return r->x;
}

static int rng_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	struct rng *r = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	switch (off) {
	case OUTPUT: *val = next_word(r); return 0;
	case STATUS: *val = 0; return 0;        /* not busy: a word is ready */
	case CONFIG: *val = r->config; return 0;
	case REVISION: *val = 0x20; return 0;
	case SYSCONFIG: *val = r->sysconfig; return 0;
	case SYSSTATUS: *val = 1; return 0;     /* RESETDONE: reset completes at once */
	}
	return SIM_EUNIMPL;
}

static int rng_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	struct rng *r = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	switch (off) {
	case OUTPUT: case STATUS: case REVISION: case SYSSTATUS:
		return 0;                       /* read-only */
	case CONFIG:
		r->config = val & CONFIG_BITS;
		return 0;
	case SYSCONFIG:
		if (val & SYSC_SOFTRESET)
			rng_reset(r);
		else
			r->sysconfig = val & SYSC_AUTOIDLE;
		return 0;
	}
	return SIM_EUNIMPL;
}

void rng_init(struct sim *s)
{
	struct rng *r = calloc(1, sizeof(*r));
	struct sim_dev d = { .name = "RNG", .base = RNG_BASE, .size = 0x1000,
			     .read = rng_read, .write = rng_write, .opaque = r };

	if (!r)
		abort();
	rng_reset(r);
	model_add_dev(s, &d);
}
