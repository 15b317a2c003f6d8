/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the core's private state, shared by the files of the core
 * only: sim.c (memory map, MMIO dispatch, virtual time, the run), exc.c
 * (CPU exceptions and ROM services) and handoff.c (the hand-off and
 * --stop-at). Models never include it.
 */
#ifndef GTABOOT_SIM_CORE_H
#define GTABOOT_SIM_CORE_H

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define SRAM_BASE    0x40200000u
#define SRAM_SIZE    0x10000u
#define ROM_BASE     0x40000000u
#define ROM_SIZE     0x20000u
#define SDRAM_START  0x80000000u
#define SDRAM_LAST   0xBFFFFFFFu   /* the SDRC's 1 GiB (Q2); above it reserved and VRFB */

#define IDLE_ADDRS   16

/* Unicorn 2.1 calls memory hooks after translation, with the physical
 * address: a data abort's address then comes from dfar.c's replay. */
#define CORE_HOOKS_PHYSICAL (UC_API_MAJOR > 2 || (UC_API_MAJOR == 2 && UC_API_MINOR >= 1))

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

#define BLOCK_CACHE 4096                /* hook_block's counts (power of two) */

struct sim_core {
	/* Instructions per translated block, by address and size: the count
	 * needs CPSR.T, a register read per block otherwise (a tenth of a
	 * zImage decompressor's host time). */
	struct { uint32_t addr, size, n; } bcache[BLOCK_CACHE];
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
	uc_hook h_data[1];
	uint32_t last_va;            /* the last data access (hook_data) */
	bool last_write;
	uint64_t entry_ps;           /* when sim_run() first started the CPU */
	bool entered;

	/* idle detection */
	unsigned idle_reads, idle_clock_reads;
	uint64_t idle_streak_ps;        /* skipped since the loop last saw a change */
	int nidle;
	uint32_t idle_addr[IDLE_ADDRS], idle_val[IDLE_ADDRS];
	bool clock_read;             /* set by sim_clock_read() during a read */
	uint64_t idle_skips, idle_skipped_ps;

	int pending_exc;             /* UC_HOOK_INTR number to deliver, or -1 */
	bool by_block;               /* counting per block (after a hand-off) */
	bool data_folded;            /* no hook_data: data costs per instruction */
	unsigned dfold;              /* those costs, cycles per instruction (per block) */
	/* ... or, counting per instruction (--timing estimated), in 1/32 cycle
	 * per instruction by where the code runs, and the fraction carried */
	unsigned dfold32_sram, dfold32_sdram, dfrac;
	uint64_t wfi_count, wfi_slept_ps;    /* WFI sleeps and the time they covered */
	bool vm_retry;               /* fill the MMU holes and restart (vm.c) */
	bool stop_requested;         /* core_stop() was called */
	bool running;
};

/* The core's state, allocated at first use. */
struct sim_core *core_of(struct sim *s);
/* A data abort's DFAR and WnR (last_va, last_write) while no hook sees
 * every access, or always on Unicorn 2.1 (sim.c, dfar.c). */
bool core_dabt_refetch(struct sim *s);
/* The instruction at the PC run once more, alone, for the caller's hooks;
 * time and counts put back. The exception it raised, or -1 (sim.c). */
int core_replay_insn(struct sim *s);
/* dfar.c's scratch page, mapped once at start (Unicorn 2.1). */
int core_dfar_init(struct sim *s);
/* From the hand-off hook of an --on-handoff continue run (sim.c). */
void core_leave_per_insn(struct sim *s);
/* Bring now_ps up to the cycles charged so far. */
void time_sync(struct sim *s);

/* Every stop the core asks for goes through here, so that sim_run() can
 * tell them from the CPU halting in WFI (uc_emu_start returns then too). */
void core_stop(struct sim *s);

/* exc.c: QEMU's exception numbers as Unicorn hands them to UC_HOOK_INTR;
 * IRQ is raised by the core itself (the INTC model), with QEMU's number. */
enum { EXC_UDEF = 1, EXC_SWI = 2, EXC_PABT = 3, EXC_DABT = 4, EXC_IRQ = 5, EXC_BKPT = 7,
       EXC_SMC = 13 };
/* UC_HOOK_INTR: ROM SMC services here, other exceptions left pending for
 * the run loop to deliver. */
void core_hook_intr(uc_engine *uc, uint32_t intno, void *user);
/* Take exception exc (EXC_*) into the guest's vectors, or stop the run. */
void core_deliver(struct sim *s, int exc);
/* Whether the instruction at pc is a 32-bit Thumb-2 one. */
bool core_thumb32_at(struct sim *s, uint32_t pc);
/* The bytes of the instruction at pc in the current state (ARM or Thumb). */
uint32_t core_insn_len(struct sim *s, uint32_t pc);
/* Code hooks for --inject cpu-undef:ADDR. */
void core_undef_hooks_add(struct sim *s);

/* handoff.c: the hand-off check (first SDRAM fetch with the MMU off, or
 * --handoff-pc) and --stop-at, both as Unicorn code/block hooks. */
void core_hook_handoff(uc_engine *uc, uint64_t addr, uint32_t size, void *user);
void core_hook_stop_at(uc_engine *uc, uint64_t addr, uint32_t size, void *user);

#endif
