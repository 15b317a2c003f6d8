// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim core: the Cortex-A8 (Unicorn), the OMAP3 memory map (SRAM,
 * boot ROM area, MMIO dispatch to the models, SDRAM windows), virtual time,
 * idle fast-forward, exceptions and the hand-off check. Memory map and
 * exception model follow the OMAP35x/DM37x TRM chapter 2 "Memory Mapping"
 * and the ARMv7-A ARM B1.8 "Exceptions".
 *
 * Why a UC_HOOK_CODE hook: Unicorn 2.0.1 keeps the guest PC up to date
 * inside MMIO callbacks and memory-fault hooks only for instructions covered
 * by a code hook; without it every fault would name the start of the basic
 * block instead of the faulting instruction. With the hook present, counting
 * in it costs almost nothing more and is exact for ARM and Thumb-2 alike
 * (measured: about 350 million instructions per host second on a
 * straight-line loop; see README.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define SRAM_BASE    0x40200000u
#define SRAM_SIZE    0x10000u
#define ROM_BASE     0x40000000u
#define ROM_SIZE     0x20000u
#define SDRAM_START  0x80000000u

#define TICK_PS      PS_PER_MS          /* models see time at least this often */
#define IDLE_READS   16                 /* unchanged MMIO reads before idling */
#define IDLE_STEP_PS (50 * PS_PER_US)   /* virtual time per clock read when idle */
#define IDLE_ADDRS   16

/*
 * The cost model (docs/performance.md): every instruction costs one MPU
 * cycle, plus a fetch penalty while the I-cache is off that depends on
 * where the PC is; every data access to SRAM or SDRAM costs extra cycles
 * that depend on whether it is cached (SCTLR.M and .C: with the MMU off
 * ARMv7 makes every data access strongly-ordered); every MMIO access
 * costs a fixed interconnect time. SCTLR is sampled at every MMIO access,
 * every model tick (1 ms) and every CPU exception. The figures are
 * estimates from the Cortex-A8 TRM and the OMAP3 clock tree (L3 at
 * 166-200 MHz, L4 at half that, DDR at L3 speed), not measurements.
 */
#define FETCH_SRAM_NOCACHE   6  /* cycles per instruction, I-cache off */
#define FETCH_SDRAM_NOCACHE 20
#define DATA_SRAM_NOCACHE    8  /* cycles per access, D-cache off */
#define DATA_SDRAM_NOCACHE  30
#define DATA_SRAM_CACHED     0  /* hits, line fills shared out per access */
#define DATA_SDRAM_CACHED    2
#define MMIO_READ_PS   (120 * 1000ull)  /* L4 round trip */
#define MMIO_WRITE_PS  (60 * 1000ull)   /* posted to the interconnect */

#define CPSR_T       BIT(5)
#define CPSR_F       BIT(6)
#define CPSR_I       BIT(7)
#define CPSR_A       BIT(8)
#define CPSR_E       BIT(9)
#define CPSR_J       BIT(24)
#define CPSR_IT      (GENMASK(26, 25) | GENMASK(15, 10))
#define SCTLR_M      BIT(0)
#define SCTLR_C      BIT(2)
#define SCTLR_I      BIT(12)
#define SCTLR_V      BIT(13)
#define SCTLR_EE     BIT(25)
#define SCTLR_TE     BIT(30)

struct ram_map {
	uint32_t addr, size;
	uint8_t *host;
};

struct mmio {
	struct sim *s;
	struct sim_dev d;
};

struct sim_core {
	uint8_t *sram, *rom;
	struct ram_map ram[64];
	int nram;
	struct mmio *mmio[256];
	int nmmio;
	uc_hook h_code, h_sdram, h_intr, h_unmapped, h_prot;

	/* virtual time: now_ps = base_ps + (cycles - base_cycles) / mpu_hz */
	uint64_t cycles;             /* MPU cycles charged (cost model above) */
	uint64_t base_ps, base_cycles, base_hz;
	uint64_t deadline;           /* cycles at which core_event() runs */
	uint64_t next_tick_ps;
	uint64_t next_event_ps;      /* earliest sim_event_at(), or UINT64_MAX */
	uint32_t sctlr;              /* as last sampled */
	unsigned cpi_sram, cpi_sdram, dcyc_sram, dcyc_sdram;
	uc_hook h_data[2];
	uint64_t entry_ps;           /* when sim_run() first started the CPU */
	bool entered;

	/* idle detection */
	unsigned idle_reads, idle_clock_reads;
	int nidle;
	uint32_t idle_addr[IDLE_ADDRS], idle_val[IDLE_ADDRS];
	bool clock_read;             /* set by sim_clock_read() during a read */
	uint64_t idle_skips, idle_skipped_ps;

	int pending_exc;             /* UC_HOOK_INTR number to deliver, or -1 */
	bool running;
};

static struct sim_core *core_of(struct sim *s)
{
	if (!s->core) {
		s->core = calloc(1, sizeof(*s->core));
		if (!s->core)
			abort();
		s->core->pending_exc = -1;
		s->core->deadline = UINT64_MAX;
		s->core->next_event_ps = UINT64_MAX;
		s->core->cpi_sram = s->core->cpi_sdram = 1;
	}
	return s->core;
}

/* ------------------------------------------------------------ registers */

uint32_t sim_reg(struct sim *s, int reg)
{
	uint32_t v = 0;

	uc_reg_read(s->uc, reg, &v);
	return v;
}

void sim_set_reg(struct sim *s, int reg, uint32_t val)
{
	uc_reg_write(s->uc, reg, &val);
}

uint32_t sim_pc(struct sim *s)
{
	return sim_reg(s, UC_ARM_REG_PC);
}

uint32_t sim_cp15(struct sim *s, unsigned crn, unsigned crm, unsigned opc1, unsigned opc2)
{
	uc_arm_cp_reg r = { .cp = 15, .crn = crn, .crm = crm, .opc1 = opc1, .opc2 = opc2 };

	if (uc_reg_read(s->uc, UC_ARM_REG_CP_REG, &r) != UC_ERR_OK)
		return 0;
	return (uint32_t)r.val;
}

void sim_set_cp15(struct sim *s, unsigned crn, unsigned crm, unsigned opc1, unsigned opc2,
		  uint32_t val)
{
	uc_arm_cp_reg r = { .cp = 15, .crn = crn, .crm = crm, .opc1 = opc1, .opc2 = opc2,
			    .val = val };

	uc_reg_write(s->uc, UC_ARM_REG_CP_REG, &r);
}

/* ------------------------------------------------------------ stop */

void sim_stop(struct sim *s, enum sim_result r, const char *fmt, ...)
{
	va_list ap;

	if (s->result)
		return; /* the first reason wins */
	s->result = r;
	va_start(ap, fmt);
	vsnprintf(s->result_msg, sizeof(s->result_msg), fmt, ap);
	va_end(ap);
	if (s->uc)
		uc_emu_stop(s->uc);
}

const char *sim_result_name(enum sim_result r)
{
	static const char *const n[] = {
		[SIM_RUNNING] = "running", [SIM_HANDOFF] = "handoff",
		[SIM_POWEROFF] = "poweroff", [SIM_TIMEOUT] = "timeout",
		[SIM_FAULT] = "fault", [SIM_WATCHDOG] = "watchdog",
		[SIM_RESET] = "reset",
		[SIM_STOP] = "stop", /* kernel test */
	};

	return r < ARRAY_SIZE(n) ? n[r] : "?";
}

int sim_exit_code(enum sim_result r)
{
	switch (r) {
	case SIM_HANDOFF: case SIM_POWEROFF: case SIM_RESET: return 0;
	case SIM_STOP: return 0; /* kernel test */
	case SIM_TIMEOUT: return 2;
	default: return 1;
	}
}

/* ------------------------------------------------------------ time */

static void time_sync(struct sim *s)
{
	struct sim_core *c = core_of(s);
	uint64_t n = c->cycles - c->base_cycles;

	if (n && c->base_hz)
		s->now_ps = c->base_ps + (uint64_t)(((unsigned __int128)n * PS_PER_S) / c->base_hz);
}

static void set_deadline(struct sim *s)
{
	struct sim_core *c = core_of(s);
	uint64_t until = c->next_tick_ps, w;

	if (s->cfg.max_ps && s->cfg.max_ps < until)
		until = s->cfg.max_ps;
	if (s->wdt2) {
		w = wdt_expiry_ps(s);
		if (w < until)
			until = w;
	}
	c->base_ps = s->now_ps;
	c->base_cycles = c->cycles;
	c->base_hz = s->mpu_hz ? s->mpu_hz : OSC_HZ;
	if (until <= s->now_ps)
		c->deadline = c->cycles + 1;
	else
		c->deadline = c->cycles + 1 +
			ticks_in(until - s->now_ps, c->base_hz);
}

/* The per-instruction and per-access costs for the current SCTLR. */
static void cost_refresh(struct sim *s)
{
	struct sim_core *c = core_of(s);
	uint32_t sctlr = s->uc ? sim_cp15(s, 1, 0, 0, 0) : 0;
	bool ic = sctlr & SCTLR_I;
	bool dc = (sctlr & (SCTLR_M | SCTLR_C)) == (SCTLR_M | SCTLR_C);

	c->sctlr = sctlr;
	c->cpi_sram = 1 + (ic ? 0 : FETCH_SRAM_NOCACHE);
	c->cpi_sdram = 1 + (ic ? 0 : FETCH_SDRAM_NOCACHE);
	c->dcyc_sram = dc ? DATA_SRAM_CACHED : DATA_SRAM_NOCACHE;
	c->dcyc_sdram = dc ? DATA_SDRAM_CACHED : DATA_SDRAM_NOCACHE;
}

void sim_event_at(struct sim *s, uint64_t ps)
{
	struct sim_core *c = core_of(s);

	if (ps > s->now_ps && ps < c->next_event_ps)
		c->next_event_ps = ps;
}

/* Models and time limits get their turn: tick, watchdog, --max-ms. */
static void core_event(struct sim *s)
{
	struct sim_core *c = core_of(s);

	time_sync(s);
	if (s->now_ps >= c->next_tick_ps || (s->wdt2 && s->now_ps >= wdt_expiry_ps(s))) {
		sim_tick_models(s);
		c->next_tick_ps = s->now_ps + TICK_PS;
		cost_refresh(s);
	}
	if (s->cfg.max_ps && s->now_ps >= s->cfg.max_ps)
		sim_stop(s, SIM_TIMEOUT, "--max-ms reached: %.3f ms of virtual time",
			 (double)s->now_ps / PS_PER_MS);
	set_deadline(s);
}

void sim_advance_ps(struct sim *s, uint64_t ps)
{
	time_sync(s);
	s->now_ps += ps;
	set_deadline(s);
}

/* ------------------------------------------------------------ idle */

static void idle_reset(struct sim_core *c)
{
	c->idle_reads = 0;
	c->idle_clock_reads = 0;
}

void sim_clock_read(struct sim *s)
{
	core_of(s)->clock_read = true;
}

/*
 * A polling loop reads the same registers again and again and sees the
 * same values, except for a clock. Once IDLE_READS reads in a row showed
 * nothing new (and a clock was among them), each further clock read moves
 * virtual time on by IDLE_STEP_PS (at most up to the next watchdog expiry
 * or --max-ms), instead of executing the iterations that would fill that
 * time. A guest timeout therefore overshoots by less than one step.
 */
static void idle_note_read(struct sim *s, uint32_t addr, uint32_t val, bool clock)
{
	struct sim_core *c = core_of(s);
	uint64_t step, lim;
	int i;

	if (clock) {
		c->idle_clock_reads++;
		c->idle_reads++;
	} else {
		for (i = 0; i < c->nidle; i++)
			if (c->idle_addr[i] == addr)
				break;
		if (i == c->nidle) {
			if (c->nidle == IDLE_ADDRS)
				c->nidle = 0; /* too many registers for a poll loop */
			c->idle_addr[c->nidle] = addr;
			c->idle_val[c->nidle++] = val;
			idle_reset(c);
			return;
		}
		if (c->idle_val[i] != val) {
			c->idle_val[i] = val;
			idle_reset(c);
			return;
		}
		c->idle_reads++;
	}
	if (!clock || c->idle_reads < IDLE_READS || !c->idle_clock_reads)
		return;
	step = IDLE_STEP_PS;
	lim = s->cfg.max_ps;
	if (s->wdt2 && wdt_expiry_ps(s) < lim)
		lim = wdt_expiry_ps(s);
	if (lim && lim > s->now_ps && lim - s->now_ps < step)
		step = lim - s->now_ps;
	/* never past a model's next change: a wait ends when hardware's would */
	if (c->next_event_ps <= s->now_ps)
		c->next_event_ps = UINT64_MAX;
	if (c->next_event_ps - s->now_ps < step)
		step = c->next_event_ps - s->now_ps;
	s->now_ps += step;
	if (s->now_ps >= c->next_event_ps)
		c->next_event_ps = UINT64_MAX;
	c->idle_skips++;
	c->idle_skipped_ps += step;
	sim_tick_models(s);
	c->next_tick_ps = s->now_ps + TICK_PS;
	if (s->cfg.max_ps && s->now_ps >= s->cfg.max_ps)
		sim_stop(s, SIM_TIMEOUT, "--max-ms reached: %.3f ms of virtual time",
			 (double)s->now_ps / PS_PER_MS);
	set_deadline(s);
}

/* ------------------------------------------------------------ MMIO */

static void mmio_fail(struct sim *s, const struct sim_dev *d, uint32_t off, unsigned size,
		      bool write, int ret)
{
	if (ret == SIM_EBUS)
		sim_stop(s, SIM_FAULT, "bus error: %s+0x%03x (size %u, %s) at PC 0x%08x: "
			 "%s accessed with its clocks off, or with an access size it refuses",
			 d->name, off, size, write ? "write" : "read", sim_pc(s), d->name);
	else
		sim_stop(s, SIM_FAULT, "%s+0x%03x: register not modelled (size %u, %s) at PC 0x%08x",
			 d->name, off, size, write ? "write" : "read", sim_pc(s));
}

static uint64_t mmio_read(uc_engine *uc, uint64_t off, unsigned size, void *opaque)
{
	struct mmio *m = opaque;
	struct sim *s = m->s;
	struct sim_core *c = core_of(s);
	uint32_t val = 0;
	uint64_t before;
	int ret;

	if (s->result)
		return 0;
	sim_advance_ps(s, MMIO_READ_PS);
	cost_refresh(s);
	c->clock_read = false;
	ret = m->d.read(s, m->d.opaque, (uint32_t)off, size, &val);
	if (ret) {
		mmio_fail(s, &m->d, (uint32_t)off, size, false, ret);
		return 0;
	}
	if (size < 4)
		val &= (1u << (size * 8)) - 1;
	if (s->cfg.trace_mmio)
		fprintf(stderr, "mmio: %10.3f us %s+0x%03x r%u -> 0x%08x (PC 0x%08x)\n",
			(double)s->now_ps / PS_PER_US, m->d.name, (unsigned)off, size * 8,
			val, sim_pc(s));
	before = s->now_ps;
	idle_note_read(s, m->d.base + (uint32_t)off, val, c->clock_read);
	/* An idle step moved time on after the clock was sampled: sample it
	 * again, so that the guest sees the time it now is rather than one
	 * step late (a bit-banged bus timed by the clock would otherwise see
	 * two edges closer together than the guest measured). Clock
	 * registers have no read side effects. */
	if (s->now_ps != before && !s->result &&
	    !m->d.read(s, m->d.opaque, (uint32_t)off, size, &val) && size < 4)
		val &= (1u << (size * 8)) - 1;
	set_deadline(s); /* mpu_hz or wdt may have changed */
	return val;
}

static void mmio_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t val64, void *opaque)
{
	struct mmio *m = opaque;
	struct sim *s = m->s;
	uint32_t val = (uint32_t)val64;
	int ret;

	if (s->result)
		return;
	sim_advance_ps(s, MMIO_WRITE_PS);
	cost_refresh(s);
	idle_reset(core_of(s));
	if (s->cfg.trace_mmio)
		fprintf(stderr, "mmio: %10.3f us %s+0x%03x w%u <- 0x%08x (PC 0x%08x)\n",
			(double)s->now_ps / PS_PER_US, m->d.name, (unsigned)off, size * 8,
			val, sim_pc(s));
	ret = m->d.write(s, m->d.opaque, (uint32_t)off, size, val);
	if (ret)
		mmio_fail(s, &m->d, (uint32_t)off, size, true, ret);
	set_deadline(s);
}

void sim_add_dev(struct sim *s, const struct sim_dev *d)
{
	struct sim_core *c = core_of(s);
	struct mmio *m;

	for (int i = 0; i < c->nmmio; i++) {
		if (c->mmio[i]->d.base == d->base) {
			/* re-registration (unit tests re-init a model): replace */
			uc_mem_unmap(s->uc, d->base, c->mmio[i]->d.size);
			free(c->mmio[i]);
			c->mmio[i] = c->mmio[--c->nmmio];
			break;
		}
	}
	if (c->nmmio == (int)ARRAY_SIZE(c->mmio) || (d->base | d->size) & 0xFFF) {
		fprintf(stderr, "gtaboot-sim: cannot register %s at 0x%08x\n", d->name, d->base);
		abort();
	}
	m = calloc(1, sizeof(*m));
	if (!m)
		abort();
	m->s = s;
	m->d = *d;
	if (uc_mmio_map(s->uc, d->base, d->size, mmio_read, m, mmio_write, m) != UC_ERR_OK) {
		fprintf(stderr, "gtaboot-sim: %s at 0x%08x overlaps another block\n",
			d->name, d->base);
		abort();
	}
	c->mmio[c->nmmio++] = m;
}

/* ------------------------------------------------------------ RAM */

int sim_map_ram(struct sim *s, uint32_t addr, uint32_t size, void *host)
{
	struct sim_core *c = core_of(s);
	uc_err e;

	if (c->nram == (int)ARRAY_SIZE(c->ram))
		return -1;
	e = uc_mem_map_ptr(s->uc, addr, size, UC_PROT_ALL, host);
	if (e != UC_ERR_OK) {
		fprintf(stderr, "gtaboot-sim: map 0x%08x+0x%x: %s\n", addr, size, uc_strerror(e));
		return -1;
	}
	c->ram[c->nram++] = (struct ram_map){ addr, size, host };
	return 0;
}

void sim_unmap(struct sim *s, uint32_t addr, uint32_t size)
{
	struct sim_core *c = core_of(s);

	uc_mem_unmap(s->uc, addr, size);
	for (int i = 0; i < c->nram; i++) {
		if (c->ram[i].addr == addr) {
			c->ram[i] = c->ram[--c->nram];
			break;
		}
	}
}

void *sim_ram_ptr(struct sim *s, uint32_t addr, uint32_t len)
{
	struct sim_core *c = core_of(s);

	for (int i = 0; i < c->nram; i++) {
		struct ram_map *r = &c->ram[i];

		if (addr >= r->addr && addr - r->addr < r->size &&
		    len <= r->size - (addr - r->addr))
			return r->host + (addr - r->addr);
	}
	return NULL;
}

/* ------------------------------------------------------------ hooks */

static void hook_code(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct sim *s = user;
	struct sim_core *c = s->core;

	s->guest_insns++;
	c->cycles += addr >= SDRAM_START ? c->cpi_sdram : c->cpi_sram;
	if (c->cycles >= c->deadline)
		core_event(s);
}

/* Data accesses to SRAM and SDRAM (the hook's ranges): their extra cost. */
static void hook_data(uc_engine *uc, uc_mem_type type, uint64_t addr, int size,
		      int64_t value, void *user)
{
	struct sim *s = user;
	struct sim_core *c = s->core;

	c->cycles += addr >= SDRAM_START ? c->dcyc_sdram : c->dcyc_sram;
}

static void dump_dtb(struct sim *s, uint32_t r2)
{
	uint8_t *p = sim_ram_ptr(s, r2, 8);
	uint32_t magic, total;
	FILE *f;

	if (!p) {
		sim_stop(s, SIM_FAULT, "--dump-dtb: r2 = 0x%08x does not point into RAM", r2);
		return;
	}
	magic = (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
	total = (uint32_t)p[4] << 24 | p[5] << 16 | p[6] << 8 | p[7];
	if (magic != 0xd00dfeed) {
		sim_stop(s, SIM_FAULT, "--dump-dtb: r2 = 0x%08x is not a DTB (magic 0x%08x)",
			 r2, magic);
		return;
	}
	p = sim_ram_ptr(s, r2, total);
	if (!p || total < 40) {
		sim_stop(s, SIM_FAULT, "--dump-dtb: DTB at 0x%08x: totalsize %u runs out of RAM",
			 r2, total);
		return;
	}
	f = fopen(s->cfg.dump_dtb_path, "wb");
	if (!f || fwrite(p, 1, total, f) != total || fclose(f)) {
		sim_stop(s, SIM_FAULT, "--dump-dtb: %s: %s", s->cfg.dump_dtb_path, strerror(errno));
		return;
	}
}

/* The first instruction fetched from SDRAM with the MMU off is the hand-off
 * to the next stage (kernel, or U-Boot proper). */
static void hook_sdram_block(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct sim *s = user;
	struct sim_core *c = s->core;
	uint32_t sctlr = sim_cp15(s, 1, 0, 0, 0);

	if (s->handoff_seen || (sctlr & SCTLR_M))
		return;
	time_sync(s);
	s->handoff_seen = true;
	dss_final_screenshots(s);  /* display issue: the picture at the hand-off */
	for (int i = 0; i < 13; i++)
		s->handoff_regs[i] = sim_reg(s, UC_ARM_REG_R0 + i);
	s->handoff_regs[13] = sim_reg(s, UC_ARM_REG_SP);
	s->handoff_regs[14] = sim_reg(s, UC_ARM_REG_LR);
	s->handoff_regs[15] = (uint32_t)addr;
	s->handoff_cpsr = sim_reg(s, UC_ARM_REG_CPSR);
	s->handoff_sctlr = sctlr;
	s->handoff_ps = s->now_ps;
	uc_hook_del(uc, c->h_sdram);
	if (s->cfg.dump_dtb_path)
		dump_dtb(s, s->handoff_regs[2]);
	if (!s->cfg.handoff_continue)
		sim_stop(s, SIM_HANDOFF, "hand-off to 0x%08x (r0 0x%08x, r1 0x%08x, r2 0x%08x)",
			 (uint32_t)addr, s->handoff_regs[0], s->handoff_regs[1],
			 s->handoff_regs[2]);
}

/* kernel test: --stop-at ADDR. A code hook on that one address, so it
 * costs nothing elsewhere; the registers are taken before the instruction
 * runs. Unicorn 2.0.1 ignores the guest MMU, so ADDR is whatever the
 * guest's PC reads, virtual or not. */
static void hook_stop_at(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct sim *s = user;

	time_sync(s);
	for (int i = 0; i < 13; i++)
		s->stop_regs[i] = sim_reg(s, UC_ARM_REG_R0 + i);
	s->stop_regs[13] = sim_reg(s, UC_ARM_REG_SP);
	s->stop_regs[14] = sim_reg(s, UC_ARM_REG_LR);
	s->stop_regs[15] = (uint32_t)addr;
	s->stop_cpsr = sim_reg(s, UC_ARM_REG_CPSR);
	s->stop_sctlr = sim_cp15(s, 1, 0, 0, 0);
	sim_stop(s, SIM_STOP, "--stop-at 0x%08x reached (r0 0x%08x, r1 0x%08x, r2 0x%08x)",
		 (uint32_t)addr, s->stop_regs[0], s->stop_regs[1], s->stop_regs[2]);
}

static bool hook_unmapped(uc_engine *uc, uc_mem_type type, uint64_t addr, int size,
			  int64_t value, void *user)
{
	struct sim *s = user;
	const char *what = type == UC_MEM_WRITE_UNMAPPED ? "write" :
			   type == UC_MEM_FETCH_UNMAPPED ? "fetch" : "read";

	time_sync(s);
	sim_stop(s, SIM_FAULT, "unmodelled access: 0x%08x (size %d, %s) at PC 0x%08x",
		 (uint32_t)addr, size, what, sim_pc(s));
	return false;
}

static bool hook_prot(uc_engine *uc, uc_mem_type type, uint64_t addr, int size,
		      int64_t value, void *user)
{
	struct sim *s = user;

	sim_stop(s, SIM_FAULT, "%s to read-only memory 0x%08x (size %d) at PC 0x%08x%s",
		 type == UC_MEM_FETCH_PROT ? "fetch" : "write", (uint32_t)addr, size,
		 sim_pc(s), addr - ROM_BASE < ROM_SIZE ? " (the boot ROM)" : "");
	return false;
}

/* QEMU's exception numbers as Unicorn hands them to UC_HOOK_INTR. */
enum { EXC_UDEF = 1, EXC_SWI = 2, EXC_PABT = 3, EXC_DABT = 4, EXC_BKPT = 7,
       EXC_SMC = 13 };

static void hook_intr(uc_engine *uc, uint32_t intno, void *user)
{
	struct sim *s = user;

	if (intno == EXC_SMC) {
		/* GP-device ROM services, r12 = service number. The PC already
		 * points past the SMC, so returning resumes the caller. */
		uint32_t svc = sim_reg(s, UC_ARM_REG_R12);

		switch (svc) {
		case 1: /* L2 cache invalidate: no cache model, nothing to do */
			return;
		case 2: /* write L2 auxiliary control (r0) */
			sim_set_cp15(s, 9, 0, 1, 2, sim_reg(s, UC_ARM_REG_R0));
			return;
		case 3: /* write auxiliary control (r0) */
			sim_set_cp15(s, 1, 0, 0, 1, sim_reg(s, UC_ARM_REG_R0));
			return;
		}
		sim_stop(s, SIM_FAULT, "ROM SMC service r12 = %u at PC 0x%08x is not modelled "
			 "(only 1, 2 and 3 are)", svc, sim_pc(s) - 4);
		return;
	}
	s->core->pending_exc = (int)intno;
	uc_emu_stop(uc);
}

/* ------------------------------------------------------------ exceptions */

static bool thumb32_at(struct sim *s, uint32_t pc)
{
	uint16_t *h = sim_ram_ptr(s, pc, 2);

	return h && (*h >> 11) >= 0x1D;
}

/*
 * Take an exception the way the CPU would (ARMv7-A B1.8.3): bank switch,
 * SPSR = CPSR, LR = return address, CPSR I set (A too for aborts), T from
 * SCTLR.TE, PC = vector. Only into vectors the guest installed: the real
 * ROM's handlers are not modelled.
 */
static void take_exception(struct sim *s, const char *what, unsigned mode, unsigned voff,
			   uint32_t lr, uint32_t at)
{
	uint32_t sctlr = sim_cp15(s, 1, 0, 0, 0);
	uint32_t vbar = (sctlr & SCTLR_V) ? 0xFFFF0000u : sim_cp15(s, 12, 0, 0, 0);
	uint32_t cpsr = sim_reg(s, UC_ARM_REG_CPSR), ncpsr;
	uint32_t vec = vbar + voff;

	if (vec - ROM_BASE < ROM_SIZE || !sim_ram_ptr(s, vec, 4)) {
		sim_stop(s, SIM_FAULT, "%s at PC 0x%08x: exception vector 0x%08x is %s "
			 "(the guest installed no handler: VBAR 0x%08x, SCTLR 0x%08x)",
			 what, at, vec, vec - ROM_BASE < ROM_SIZE ?
			 "in the boot ROM, whose handlers are not modelled" : "not in RAM",
			 vbar, sctlr);
		return;
	}
	ncpsr = (cpsr & ~(0x1Fu | CPSR_T | CPSR_IT | CPSR_J | CPSR_E)) | mode | CPSR_I;
	if (mode == 0x17)
		ncpsr |= CPSR_A;
	if (sctlr & SCTLR_TE)
		ncpsr |= CPSR_T;
	if (sctlr & SCTLR_EE)
		ncpsr |= CPSR_E;
	sim_set_reg(s, UC_ARM_REG_CPSR, ncpsr);  /* switches the register bank */
	sim_set_reg(s, UC_ARM_REG_SPSR, cpsr);
	sim_set_reg(s, UC_ARM_REG_LR, lr);
	sim_set_reg(s, UC_ARM_REG_PC, vec);
}

static void deliver(struct sim *s, int exc)
{
	uint32_t pc = sim_pc(s), cpsr = sim_reg(s, UC_ARM_REG_CPSR);
	bool t = cpsr & CPSR_T;

	switch (exc) {
	case EXC_UDEF:  /* PC at the instruction; LR = PC + 4 (ARM) / + 2 (Thumb) */
		take_exception(s, "undefined instruction", 0x1B, 0x04, pc + (t ? 2 : 4), pc);
		break;
	case EXC_SWI:   /* PC already after the SVC: LR = that */
		take_exception(s, "SVC", 0x13, 0x08, pc, pc - (t ? 2 : 4));
		break;
	case EXC_BKPT:  /* a prefetch abort (debug event); LR = PC + 4 */
		take_exception(s, "BKPT", 0x17, 0x0C, pc + 4, pc);
		break;
	default:
		sim_stop(s, SIM_FAULT, "CPU exception %d at PC 0x%08x (CPSR 0x%08x) not modelled",
			 exc, pc, cpsr);
	}
}

/* Reliability issue: --inject cpu-undef:ADDR[:COUNT] makes the instruction
 * at ADDR (bit 0 ignored) undefined when it is reached, as a corrupted
 * instruction word would be: the guest's own undefined-instruction handler
 * runs, with LR and SPSR as the CPU sets them. The code hook exists only
 * for those addresses; the exception is taken before the instruction. */
static void hook_undef(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct sim *s = user;

	if (s->core->pending_exc < 0 && sim_inject_take(s, "cpu-undef", (long)addr)) {
		s->core->pending_exc = EXC_UDEF;
		uc_emu_stop(uc);
	}
}

static void undef_hooks_add(struct sim *s)
{
	for (int i = 0; i < s->cfg.ninject; i++) {
		struct sim_inject *in = &s->cfg.inject[i];
		uint64_t a = (uint64_t)in->arg & ~1ull;
		uc_hook h;

		if (strcmp(in->what, "cpu-undef") || in->arg < 0)
			continue;
		in->arg = (long)a;
		uc_hook_add(s->uc, &h, UC_HOOK_CODE, hook_undef, s, a, a);
	}
}

/* ------------------------------------------------------------ machine */

int sim_config_machine(struct sim_config *c, const char *machine, const char *rev)
{
	/* GTA04 revision straps GPIO171..173 (bank 6, bits 11..13): the
	 * board decodes idx = g173 << 2 | g172 << 1 | g171 into
	 * {A9, A6, A7, A3, A8, A4, A5, A2}. */
	static const struct { const char *rev; unsigned idx; uint32_t cs; } gta04[] = {
		{ "A3", 3, 256u << 20 }, { "A4", 5, 256u << 20 }, { "A5", 6, 512u << 20 },
	};
	unsigned idx;

	c->gpio_in[5] &= ~GENMASK(13, 11);
	c->sys_boot = 0x0F;  /* both boards: NAND, USB, UART3, MMC1 */
	if (!strcmp(machine, "gta04")) {
		size_t i;

		if (!rev || !*rev)
			rev = "A5";
		for (i = 0; i < ARRAY_SIZE(gta04); i++)
			if (!strcmp(rev, gta04[i].rev))
				break;
		if (i == ARRAY_SIZE(gta04))
			return -1;
		c->machine = MACH_GTA04;
		c->soc = SOC_DM3730;
		c->idcode = 0x1B89102F;               /* DM3730 (3630 ES1.1) */
		snprintf(c->rev, sizeof(c->rev), "%s", gta04[i].rev);
		c->sdram_cs_bytes[0] = c->sdram_cs_bytes[1] = gta04[i].cs;
		idx = gta04[i].idx;
	} else if (!strcmp(machine, "beagle")) {
		if (rev && *rev && strcmp(rev, "C4"))
			return -1;
		c->machine = MACH_BEAGLE;
		c->soc = SOC_OMAP3530;
		c->idcode = 0x4B7AE02F;               /* OMAP3530 ES3.1 */
		snprintf(c->rev, sizeof(c->rev), "C4");
		c->sdram_cs_bytes[0] = c->sdram_cs_bytes[1] = 128u << 20;
		idx = 5;                              /* Beagle C4 */
	} else if (!strcmp(machine, "beaglexm")) {  /* Beagle issue */
		/* BeagleBoard-xM rev C: DM3730, 2 x 256 MB Micron PoP, straps
		 * g173..g171 = 010 ("xM C", registers.md §2.1). */
		if (rev && *rev && strcmp(rev, "C"))
			return -1;
		c->machine = MACH_BEAGLEXM;
		c->soc = SOC_DM3730;
		c->idcode = 0x2B89102F;               /* DM3730 (3630 ES1.2) */
		snprintf(c->rev, sizeof(c->rev), "C");
		c->sdram_cs_bytes[0] = c->sdram_cs_bytes[1] = 256u << 20;
		idx = 2;
	} else {
		return -1;
	}
	c->gpio_in[5] |= (idx & 7) << 11;
	/* AUX (GTA04) / USER (Beagle): GPIO_7, active high, also sys_boot5.
	 * The xM's USER button is on GPIO_4 (and still sys_boot5). */
	if (c->aux) {
		c->sys_boot |= 0x20;
		c->gpio_in[0] |= c->machine == MACH_BEAGLEXM ? BIT(4) : BIT(7);
	}
	return 0;
}

bool sim_inject_take(struct sim *s, const char *what, long arg)
{
	for (int i = 0; i < s->cfg.ninject; i++) {
		struct sim_inject *in = &s->cfg.inject[i];

		if (strcmp(in->what, what) || !in->count)
			continue;
		if (in->arg != -1 && in->arg != arg)
			continue;
		if (in->count > 0)
			in->count--;
		return true;
	}
	return false;
}

/* Until the NAND issue's gpmc.c is linked the GPMC has no model: its
 * registers are then unmodelled accesses like any other. */
__attribute__((weak)) void gpmc_init(struct sim *s)
{
}

int sim_init(struct sim *s)
{
	struct sim_core *c;
	uc_err e;

	e = uc_open(UC_ARCH_ARM, UC_MODE_ARM, &s->uc);
	if (e == UC_ERR_OK)
		e = uc_ctl_set_cpu_model(s->uc, UC_CPU_ARM_CORTEX_A8);
	if (e != UC_ERR_OK) {
		fprintf(stderr, "gtaboot-sim: unicorn: %s\n", uc_strerror(e));
		return -1;
	}
	c = core_of(s);
	c->sram = calloc(1, SRAM_SIZE);
	c->rom = calloc(1, ROM_SIZE);
	if (!c->sram || !c->rom)
		abort();
	if (sim_map_ram(s, SRAM_BASE, SRAM_SIZE, c->sram))
		return -1;
	/* The ROM's code is not public: the area exists (reads return the
	 * zeros we put there) but cannot be written; its exception vectors
	 * and services are modelled in C (SMC here, boot in rom.c). */
	e = uc_mem_map_ptr(s->uc, ROM_BASE, ROM_SIZE, UC_PROT_READ | UC_PROT_EXEC, c->rom);
	if (e != UC_ERR_OK)
		return -1;
	c->ram[c->nram++] = (struct ram_map){ ROM_BASE, ROM_SIZE, c->rom };

	uc_hook_add(s->uc, &c->h_code, UC_HOOK_CODE, hook_code, s, 1, 0);
	if (s->cfg.handoff_pc_set)
		uc_hook_add(s->uc, &c->h_sdram, UC_HOOK_BLOCK, hook_sdram_block, s,
			    s->cfg.handoff_pc, s->cfg.handoff_pc);
	else
		uc_hook_add(s->uc, &c->h_sdram, UC_HOOK_BLOCK, hook_sdram_block, s,
			    SDRAM_START, 0xFFFFFFFFull);
	uc_hook_add(s->uc, &c->h_data[0], UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, hook_data, s,
		    SRAM_BASE, SRAM_BASE + SRAM_SIZE - 1);
	uc_hook_add(s->uc, &c->h_data[1], UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, hook_data, s,
		    SDRAM_START, 0xFFFFFFFFull);
	uc_hook_add(s->uc, &c->h_intr, UC_HOOK_INTR, hook_intr, s, 1, 0);
	if (s->cfg.stop_at_set) { /* kernel test */
		uc_hook h_stop;

		uc_hook_add(s->uc, &h_stop, UC_HOOK_CODE, hook_stop_at, s, s->cfg.stop_at,
			    s->cfg.stop_at);
	}
	uc_hook_add(s->uc, &c->h_unmapped, UC_HOOK_MEM_UNMAPPED, hook_unmapped, s, 1, 0);
	uc_hook_add(s->uc, &c->h_prot, UC_HOOK_MEM_WRITE_PROT | UC_HOOK_MEM_FETCH_PROT,
		    hook_prot, s, 1, 0);

	prcm_init(s);
	scm_init(s);
	sdrc_init(s);
	uart_init(s);
	wdt_init(s);
	timers_init(s);
	gpio_init(s);
	misc_init(s);
	i2c_init(s);
	twl4030_init(s);
	hsmmc_init(s);
	l3pm_init(s);
	gpmc_init(s);
	dss_init(s);   /* display issue */
	panel_init(s);
	watch_init(s);      /* reliability issue: --watch-writes */
	undef_hooks_add(s); /* reliability issue: --inject cpu-undef:ADDR */
	sim_tick_models(s);
	c->next_tick_ps = TICK_PS;
	cost_refresh(s);
	set_deadline(s);
	return 0;
}

int sim_load_raw(struct sim *s)
{
	uint32_t addr = s->cfg.load_raw_addr & ~1u;
	FILE *f = fopen(s->cfg.load_raw, "rb");
	uint8_t *p;
	long n;

	if (!f) {
		fprintf(stderr, "gtaboot-sim: --load-raw %s: %s\n", s->cfg.load_raw, strerror(errno));
		return -1;
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	p = n > 0 ? sim_ram_ptr(s, addr, (uint32_t)n) : NULL;
	if (!p || addr - ROM_BASE < ROM_SIZE) {
		fprintf(stderr, "gtaboot-sim: --load-raw: %ld bytes at 0x%08x do not fit in SRAM\n",
			n, addr);
		fclose(f);
		return -1;
	}
	if (fread(p, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		return -1;
	}
	fclose(f);
	/* Beagle issue: --entry-mode / --entry-r0 apply here too. */
	sim_set_reg(s, UC_ARM_REG_CPSR, (s->cfg.entry_sys ? 0x1DF : 0x1D3) |
		    (s->cfg.load_raw_addr & 1 ? CPSR_T : 0));
	sim_set_reg(s, UC_ARM_REG_R0, s->cfg.entry_r0_set ? s->cfg.entry_r0 : 0);
	sim_set_reg(s, UC_ARM_REG_SP, 0x4020FCB0);
	sim_set_reg(s, UC_ARM_REG_PC, addr);
	return 0;
}

static double host_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

enum sim_result sim_run(struct sim *s)
{
	struct sim_core *c = core_of(s);
	double t0 = host_now();

	if (!c->entered) {
		c->entered = true;
		c->entry_ps = s->now_ps;
	}
	set_deadline(s);
	while (!s->result) {
		uint32_t pc = sim_pc(s), cpsr = sim_reg(s, UC_ARM_REG_CPSR);
		uc_err e;

		c->pending_exc = -1;
		e = uc_emu_start(s->uc, pc | (cpsr & CPSR_T ? 1 : 0), 0, 0, 0);
		time_sync(s);
		cost_refresh(s);
		if (s->result)
			break;
		if (e == UC_ERR_INSN_INVALID) {
			deliver(s, EXC_UDEF);
		} else if (e != UC_ERR_OK) {
			sim_stop(s, SIM_FAULT, "CPU stopped: %s at PC 0x%08x%s", uc_strerror(e),
				 sim_pc(s), thumb32_at(s, sim_pc(s)) ? " (Thumb-2)" : "");
		} else if (c->pending_exc >= 0) {
			deliver(s, c->pending_exc);
		}
		/* else: stopped for a model (e.g. a memory map change); resume */
	}
	s->host_seconds = host_now() - t0;
	return s->result;
}

uint64_t sim_idle_skips(struct sim *s, uint64_t *skipped_ps)
{
	*skipped_ps = core_of(s)->idle_skipped_ps;
	return core_of(s)->idle_skips;
}

/* performance issue: the virtual time the guest's first instruction ran
 * (after the boot ROM's load), for the report's phases. */
uint64_t sim_entry_ps(struct sim *s)
{
	return core_of(s)->entry_ps;
}
