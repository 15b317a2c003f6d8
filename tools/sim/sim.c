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
#include "tools/sim/core.h"

#define IRQ_POLL_CYCLES 64              /* CPSR.I checks while nIRQ is up */
#define TICK_PS      PS_PER_MS          /* models see time at least this often */
#define IDLE_READS   16                 /* unchanged MMIO reads before idling */
#define IDLE_STEP_PS (50 * PS_PER_US)   /* virtual time per clock read when idle */
#define IDLE_LONG_PS (10 * PS_PER_MS)   /* idle this long: the long step */
#define IDLE_LONG_STEP_PS PS_PER_MS

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
/*
 * Without --timing exact no hook sees each data access (it keeps Unicorn's
 * loads and stores off their fast path: a boot to the prompt took 0.65 s
 * of host time with it and 0.27 s without). Each instruction then pays for
 * the accesses an average one makes, by where the code runs, measured with
 * the hook on a boot to the prompt (28 M instructions): code in SRAM (the
 * early image, the unpacker) made 0.09 SRAM and 0.10 SDRAM accesses per
 * instruction, code in SDRAM 0.02 and 0.32. In 1/32 per instruction:
 */
#define EST32_SRAM_CODE_SRAM    3
#define EST32_SRAM_CODE_SDRAM   3
#define EST32_SDRAM_CODE_SRAM   1
#define EST32_SDRAM_CODE_SDRAM 10
#define MMIO_READ_PS   (120 * 1000ull)  /* L4 round trip */
#define MMIO_WRITE_PS  (60 * 1000ull)   /* posted to the interconnect */

struct sim_core *core_of(struct sim *s)
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

void core_stop(struct sim *s)
{
	s->core->stop_requested = true;
	uc_emu_stop(s->uc);
}

void sim_stop(struct sim *s, enum sim_result r, const char *fmt, ...)
{
	va_list ap;

	if (s->result)
		return; /* the first reason wins */
	s->result = r;
	va_start(ap, fmt);
	vsnprintf(s->result_msg, sizeof(s->result_msg), fmt, ap);
	va_end(ap);
	if (s->uc && s->core)
		core_stop(s);
	else if (s->uc)
		uc_emu_stop(s->uc);
}

const char *sim_result_name(enum sim_result r)
{
	static const char *const n[] = {
		[SIM_RUNNING] = "running", [SIM_HANDOFF] = "handoff",
		[SIM_POWEROFF] = "poweroff", [SIM_TIMEOUT] = "timeout",
		[SIM_FAULT] = "fault", [SIM_WATCHDOG] = "watchdog",
		[SIM_RESET] = "reset",
		[SIM_STOP] = "stop", [SIM_BROWNOUT] = "brownout",
	};

	return r < ARRAY_SIZE(n) ? n[r] : "?";
}

int sim_exit_code(enum sim_result r)
{
	switch (r) {
	case SIM_HANDOFF: case SIM_POWEROFF: case SIM_RESET: return 0;
	case SIM_STOP: case SIM_BROWNOUT: return 0;
	case SIM_TIMEOUT: return 2;
	default: return 1;
	}
}

/* ------------------------------------------------------------ time */

void time_sync(struct sim *s)
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
	if (c->next_event_ps < until)
		until = c->next_event_ps;  /* a model's line may change then */
	c->base_ps = s->now_ps;
	c->base_cycles = c->cycles;
	c->base_hz = s->mpu_hz ? s->mpu_hz : OSC_HZ;
	if (intc_irq_asserted(s))
		/* nIRQ is asserted but may be masked by CPSR.I, which only the
		 * CPU changes: look again after a few instructions. */
		c->deadline = c->cycles + IRQ_POLL_CYCLES;
	else if (until <= s->now_ps)
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
	/* Without the per-access hook (after a hand-off the run goes on
	 * from), one data access per two instructions is charged. */
	c->dfold = c->data_folded ? (c->dcyc_sdram + 1) / 2 : 0;
	c->dfold32_sram = c->data_folded ? EST32_SRAM_CODE_SRAM * c->dcyc_sram +
					   EST32_SRAM_CODE_SDRAM * c->dcyc_sdram : 0;
	c->dfold32_sdram = c->data_folded ? EST32_SDRAM_CODE_SRAM * c->dcyc_sram +
					    EST32_SDRAM_CODE_SDRAM * c->dcyc_sdram : 0;
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
	if (s->now_ps >= c->next_event_ps) {
		c->next_event_ps = UINT64_MAX;  /* the models announce the next one */
		models_sync(s);
	}
	if (s->now_ps >= c->next_tick_ps || (s->wdt2 && s->now_ps >= wdt_expiry_ps(s))) {
		sim_tick_models(s);
		c->next_tick_ps = s->now_ps + TICK_PS;
		cost_refresh(s);
	}
	if (s->cfg.max_ps && s->now_ps >= s->cfg.max_ps)
		sim_stop(s, SIM_TIMEOUT, "--max-ms reached: %.3f ms of virtual time",
			 (double)s->now_ps / PS_PER_MS);
	/* Take the IRQ before the instruction (or block) this hook runs for:
	 * uc_emu_stop in a code or block hook stops before it, and sim_run()
	 * enters the vector with the PC of what has not run yet. */
	if (!s->result && c->pending_exc < 0 && intc_irq_asserted(s) &&
	    !(sim_reg(s, UC_ARM_REG_CPSR) & CPSR_I)) {
		c->pending_exc = EXC_IRQ;
		core_stop(s);
	}
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
	c->idle_streak_ps = 0;
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
 * time. A guest timeout therefore overshoots by less than one step. A loop
 * that has seen nothing new for IDLE_LONG_PS (a countdown, a prompt
 * waiting for a key) takes IDLE_LONG_STEP_PS steps: a wait that long
 * overshoots by at most a tenth, and a second of it costs a thousand
 * iterations of the loop instead of twenty thousand.
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
	step = c->idle_streak_ps >= IDLE_LONG_PS ? IDLE_LONG_STEP_PS : IDLE_STEP_PS;
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
	c->idle_streak_ps += step;
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

/* The costs follow SCTLR from the firmware's next register access on,
 * so that a cache switched on is seen at once in what the bench measures.
 * After a hand-off (counting per block) the next stage's caches rarely
 * change, and its many MMIO accesses would each pay for reading SCTLR
 * (a hash lookup in Unicorn, a tenth of a Linux boot's host time): the
 * tick's refresh, every millisecond, serves it. */
static void mmio_cost_refresh(struct sim *s)
{
	if (!core_of(s)->by_block)
		cost_refresh(s);
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
	mmio_cost_refresh(s);
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
	mmio_cost_refresh(s);
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
	if (vm_filled(s))
		vm_clear(s); /* refilled at the next access through the MMU */
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

	bool holes = vm_filled(s);

	if (c->nram == (int)ARRAY_SIZE(c->ram))
		return -1;
	if (holes)
		vm_clear(s);
	e = uc_mem_map_ptr(s->uc, addr, size, UC_PROT_ALL, host);
	if (holes)
		vm_fill(s);
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
	bool holes = vm_filled(s);

	if (holes)
		vm_clear(s);
	uc_mem_unmap(s->uc, addr, size);
	if (holes)
		vm_fill(s);
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
	if (s->profile && (uint32_t)addr - s->prof_lo >= s->prof_hi - s->prof_lo)
		profile_enter(s, (uint32_t)addr);   /* --profile: a new range */
	if (addr >= SDRAM_START) {
		c->cycles += c->cpi_sdram;
		c->dfrac += c->dfold32_sdram;
	} else {
		c->cycles += c->cpi_sram;
		c->dfrac += c->dfold32_sram;
	}
	c->cycles += c->dfrac >> 5;
	c->dfrac &= 31;
	if (c->cycles >= c->deadline)
		core_event(s);
}

/*
 * After a hand-off with --on-handoff continue the guest is the next stage
 * (Linux's decompressor, U-Boot proper), no longer the firmware under test:
 * instructions are counted per translated block instead of one by one,
 * which runs those stages about twice as fast. The count is the block's
 * (ARM: 4 bytes each; Thumb: 16- or 32-bit by the first halfword); a block
 * left early (an MMIO stop, an exception) is still counted whole, and a
 * fault message in that stage names the block's first instruction.
 */
static uint32_t block_insns_of(struct sim *s, uint64_t addr, uint32_t size)
{
	const uint16_t *h;
	uint32_t n = 0;

	if (!(sim_reg(s, UC_ARM_REG_CPSR) & CPSR_T))
		return size / 4;
	h = sim_ram_ptr(s, (uint32_t)addr, size);
	if (!h)
		return size / 2;
	for (uint32_t i = 0; i < size / 2; i++, n++) {
		if ((h[i] >> 11) >= 0x1D)
			i++;
	}
	return n;
}

/* The count, from the cache when this block (address and size) was counted
 * before. A block rewritten in place with the same size and another mix
 * of Thumb widths keeps its old count: a virtual-time estimate, not a
 * check. */
static uint32_t block_insns(struct sim *s, uint64_t addr, uint32_t size)
{
	struct sim_core *c = s->core;
	unsigned i = (((uint32_t)addr >> 1) ^ size) & (BLOCK_CACHE - 1);

	if (c->bcache[i].size != size || c->bcache[i].addr != (uint32_t)addr) {
		c->bcache[i].addr = (uint32_t)addr;
		c->bcache[i].size = size;
		c->bcache[i].n = block_insns_of(s, addr, size);
	}
	return c->bcache[i].n;
}

static void hook_block(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct sim *s = user;
	struct sim_core *c = s->core;
	uint32_t n = block_insns(s, addr, size);

	s->guest_insns += n;
	c->cycles += (uint64_t)n * ((addr >= SDRAM_START ? c->cpi_sdram : c->cpi_sram) + c->dfold);
	if (c->cycles >= c->deadline)
		core_event(s);
}

static void hook_data(uc_engine *uc, uc_mem_type type, uint64_t addr, int size,
		      int64_t value, void *user);

/*
 * Called from the hand-off hook, inside uc_emu_start: the per-instruction
 * and per-access hooks go. Unicorn 2.0.1 only marks a deleted hook and
 * drops it from its lists when the outermost uc_emu_start returns; until
 * then HOOK_EXISTS(UC_HOOK_MEM_READ) still holds and every block translated
 * gets loads and stores that call out on the slow path. Deleted here, the
 * hooks are gone by the time count_by_block() flushes the translations and
 * the next stage starts (deleted there, a decompressor translated in the
 * next run kept the slow path for all its 2 G instructions).
 */
void core_leave_per_insn(struct sim *s)
{
	struct sim_core *c = s->core;

	uc_hook_del(s->uc, c->h_code);
	/* The hook on every data access keeps Unicorn's loads and stores off
	 * their inline fast path: Linux ran at 37 M instructions per host
	 * second with it and 106 without. After the hand-off its two uses are
	 * folded into the block cost (cost_refresh) and recovered on demand
	 * at a data abort (core_dabt_refetch). */
	if (!c->data_folded) {
		uc_hook_del(s->uc, c->h_data[0]);
		c->data_folded = true;
	}
}

/* Between uc_emu_start runs, after core_leave_per_insn(). */
static void count_by_block(struct sim *s)
{
	struct sim_core *c = s->core;

	uc_hook_add(s->uc, &c->h_code, UC_HOOK_BLOCK, hook_block, s, 1, 0);
	/* Retranslate without the per-instruction call. Only the ranges that
	 * can hold translated code (ROM and SRAM, SDRAM; the MMU is off at
	 * the hand-off, so these are physical): a whole-cache flush makes
	 * Unicorn 2.0.1 reset and touch its entire code buffer, measured at
	 * 3 s of host system time per run. */
	uc_ctl_remove_cache(s->uc, ROM_BASE, SRAM_BASE + SRAM_SIZE);
	uc_ctl_remove_cache(s->uc, SDRAM_START, 0x100000000ull);
	c->by_block = true;
	cost_refresh(s);
}

/*
 * Runs the instruction at the PC once more, alone, for the hooks the
 * caller has added; time, counts and the pending exception are put back
 * (it ran once). Its translation is dropped before and after: one made
 * without those hooks would call none, and the replay's own ends at the
 * instruction (the "until" address; a count would make the next start
 * flush every translation). Returns the exception it raised with the PC
 * still at the instruction, or -1.
 */
int core_replay_insn(struct sim *s)
{
	struct sim_core *c = core_of(s);
	uint64_t cycles = c->cycles, deadline = c->deadline, insns = s->guest_insns;
	uint32_t pc = sim_pc(s), len = core_insn_len(s, pc);
	bool t = sim_reg(s, UC_ARM_REG_CPSR) & CPSR_T;
	int exc;

	c->deadline = UINT64_MAX;   /* no model event inside the replay */
	c->pending_exc = -1;
	c->stop_requested = false;
	uc_ctl_remove_cache(s->uc, pc, pc + len);
	uc_emu_start(s->uc, pc | (t ? 1 : 0), pc + len, 0, 0);
	uc_ctl_remove_cache(s->uc, pc, pc + len);
	exc = sim_pc(s) == pc ? c->pending_exc : -1;
	c->cycles = cycles;
	c->deadline = deadline;
	s->guest_insns = insns;
	c->pending_exc = -1;
	c->stop_requested = false;
	return exc;
}

#if !CORE_HOOKS_PHYSICAL
/*
 * DFAR and the WnR bit of a data abort, without hook_data: run the
 * faulting instruction once more with the hook in place. Nothing changed
 * in between (page tables, registers), so it aborts again at the same
 * access, which the hook has seen by then (a load or store that misses
 * Unicorn's TLB, as every faulting one does, goes through the hooked slow
 * path). False when it did not abort again; the caller then reports it.
 */
bool core_dabt_refetch(struct sim *s)
{
	uc_hook h;
	int exc;

	uc_hook_add(s->uc, &h, UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, hook_data, s, 1, 0);
	exc = core_replay_insn(s);
	uc_hook_del(s->uc, h);
	return exc == EXC_DABT;
}
#endif

/*
 * Every data access: its extra cost when it goes to SRAM or SDRAM (as the
 * address reads; with the MMU on, kernel addresses count as SDRAM), and
 * its virtual address. Unicorn calls this before it translates the
 * address, so when the access then aborts, last_va is the DFAR the CPU
 * would report (Unicorn 2.0.1 hands the abort to UC_HOOK_INTR without it).
 * One hook over the whole space instead of the SRAM and SDRAM ranges:
 * kernel addresses (0xC0000000 up) were hooked already, so the extra cost
 * is a callback per MMIO and per user-space access. Measured on the
 * payload SD boot: 0.80-1.11 s of host CPU with the two ranges, 0.91-1.09 s
 * with the whole space, i.e. within the noise of a loaded host.
 */
static void hook_data(uc_engine *uc, uc_mem_type type, uint64_t addr, int size,
		      int64_t value, void *user)
{
	struct sim *s = user;
	struct sim_core *c = s->core;

	c->last_va = (uint32_t)addr;
	c->last_write = type == UC_MEM_WRITE;
	if (addr >= SDRAM_START)
		c->cycles += c->dcyc_sdram;
	else if (addr - SRAM_BASE < SRAM_SIZE)
		c->cycles += c->dcyc_sram;
}

static bool hook_unmapped(uc_engine *uc, uc_mem_type type, uint64_t addr, int size,
			  int64_t value, void *user)
{
	struct sim *s = user;
	const char *what = type == UC_MEM_WRITE_UNMAPPED ? "write" :
			   type == UC_MEM_FETCH_UNMAPPED ? "fetch" : "read";

	/* The first access through the guest's MMU to an address no model
	 * claims: sim_run() fills the holes (vm.c) and restarts the
	 * instruction, which Unicorn then translates. (Mapping inside this
	 * hook crashes Unicorn 2.0.1 when the access is a code fetch.) */
	if (!vm_filled(s) && (sim_cp15(s, 1, 0, 0, 0) & SCTLR_M)) {
		s->core->vm_retry = true;
		return false;
	}
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
	/* Unicorn's Cortex-A8 reports MIDR 0x410FC080 (r0p0), which Linux's
	 * omap3xxx_check_revision() takes for an OMAP3430 ES1.0. The DM3730's
	 * core is r3p2 (DM37x TRM SPRUGN4 chapter 1 / Cortex-A8 TRM r3p2).
	 * The OMAP3530's revision is left as Unicorn has it. */
	if (s->cfg.soc == SOC_DM3730)
		sim_set_cp15(s, 0, 0, 0, 0, 0x413FC082);
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
	if (core_dfar_init(s))
		return -1;

	uc_hook_add(s->uc, &c->h_code, UC_HOOK_CODE, hook_code, s, 1, 0);
	if (s->cfg.handoff_pc_set)
		uc_hook_add(s->uc, &c->h_sdram, UC_HOOK_BLOCK, core_hook_handoff, s,
			    s->cfg.handoff_pc, s->cfg.handoff_pc);
	else    /* Where SDRAM can be with the MMU off: not gtaboot's cold part,
		 * which runs at 0xC0000000 and up through its MMU (a check of
		 * SCTLR per block there was a tenth of a boot's host time). */
		uc_hook_add(s->uc, &c->h_sdram, UC_HOOK_BLOCK, core_hook_handoff, s,
			    SDRAM_START, SDRAM_LAST);
	if (s->cfg.exact_timing)
		uc_hook_add(s->uc, &c->h_data[0], UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, hook_data,
			    s, 1, 0);
	else
		c->data_folded = true;  /* DFAR: core_dabt_refetch() */
	uc_hook_add(s->uc, &c->h_intr, UC_HOOK_INTR, core_hook_intr, s, 1, 0);
	if (s->cfg.stop_at_set) {
		uc_hook h_stop;

		uc_hook_add(s->uc, &h_stop, UC_HOOK_CODE, core_hook_stop_at, s, s->cfg.stop_at,
			    s->cfg.stop_at);
	}
	uc_hook_add(s->uc, &c->h_unmapped, UC_HOOK_MEM_UNMAPPED, hook_unmapped, s, 1, 0);
	uc_hook_add(s->uc, &c->h_prot, UC_HOOK_MEM_WRITE_PROT | UC_HOOK_MEM_FETCH_PROT,
		    hook_prot, s, 1, 0);

	sim_models_init(s);
	core_undef_hooks_add(s); /* --inject cpu-undef:ADDR */
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
	/* --rom-vmmc1 on: a ROM that has looked at the card left its supply on */
	if (s->cfg.rom_vmmc1 == 1)
		twl4030_set_vmmc1(s, true);
	/* --entry-mode / --entry-r0 apply here too. */
	sim_set_reg(s, UC_ARM_REG_CPSR, (s->cfg.entry_sys ? 0x1DF : 0x1D3) |
		    (s->cfg.load_raw_addr & 1 ? CPSR_T : 0));
	sim_set_reg(s, UC_ARM_REG_R0, s->cfg.entry_r0_set ? s->cfg.entry_r0 : 0);
	sim_set_reg(s, UC_ARM_REG_SP, 0x4020FCB0);
	sim_set_reg(s, UC_ARM_REG_PC, addr);
	return 0;
}

/*
 * WFI: the core sleeps until an interrupt is asserted (ARMv7-A B1.8.13;
 * the INTC's nIRQ wakes it even with CPSR.I set). Virtual time jumps to
 * the next time a model announced a change, or the next tick, instead of
 * spinning through the guest's idle loop.
 */
static void wfi_sleep(struct sim *s)
{
	struct sim_core *c = core_of(s);

	c->wfi_count++;
	while (!s->result && !intc_irq_asserted(s)) {
		uint64_t until = c->next_tick_ps < c->next_event_ps ? c->next_tick_ps :
				 c->next_event_ps;

		if (s->cfg.max_ps && s->cfg.max_ps < until)
			until = s->cfg.max_ps;
		if (s->wdt2 && wdt_expiry_ps(s) < until)
			until = wdt_expiry_ps(s);
		if (until > s->now_ps) {
			c->wfi_slept_ps += until - s->now_ps;
			s->now_ps = until;
		}
		set_deadline(s);
		core_event(s);
	}
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
		c->stop_requested = false;
		if (intc_irq_asserted(s) && !(cpsr & CPSR_I)) {
			core_deliver(s, EXC_IRQ);
			continue;
		}
		e = uc_emu_start(s->uc, pc | (cpsr & CPSR_T ? 1 : 0), 0, 0, 0);
		time_sync(s);
		cost_refresh(s);
		if (s->result)
			break;
		if (c->vm_retry) {
			c->vm_retry = false;
			vm_fill(s);
			continue;
		}
		if (s->handoff_seen && s->cfg.handoff_continue && !c->by_block)
			count_by_block(s);
		if (e == UC_ERR_INSN_INVALID) {
			core_deliver(s, EXC_UDEF);
		} else if (e != UC_ERR_OK) {
			sim_stop(s, SIM_FAULT, "CPU stopped: %s at PC 0x%08x%s", uc_strerror(e),
				 sim_pc(s), core_thumb32_at(s, sim_pc(s)) ? " (Thumb-2)" : "");
		} else if (c->pending_exc >= 0) {
			core_deliver(s, c->pending_exc);
		} else if (!c->stop_requested) {
			wfi_sleep(s);   /* the CPU halted in WFI */
		}
		if (vm_filled(s) && !(sim_cp15(s, 1, 0, 0, 0) & SCTLR_M))
			vm_clear(s);
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

uint64_t sim_wfi_sleeps(struct sim *s, uint64_t *slept_ps)
{
	*slept_ps = core_of(s)->wfi_slept_ps;
	return core_of(s)->wfi_count;
}

/* the virtual time the guest's first instruction ran
 * (after the boot ROM's load), for the report's phases. */
uint64_t sim_entry_ps(struct sim *s)
{
	return core_of(s)->entry_ps;
}
