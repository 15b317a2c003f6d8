// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim core: the address of a data abort (DFAR) on Unicorn 2.1.
 *
 * Unicorn 2.1 calls the memory hooks after it has translated an address,
 * with the physical address, so an access that aborts reaches no hook and
 * Unicorn keeps the faulting address to itself. The simulator therefore
 * runs the aborted instruction once more with Unicorn's TLB handed to it
 * (UC_TLB_VIRTUAL): every access misses the flushed TLB and asks
 * replay_tlb(), which walks the guest's tables (vm.c). An access they
 * allow goes where they say; the first one they refuse goes to a scratch
 * page, whose MMIO callback sees the offset that completes the address.
 * Registers and time are put back afterwards: the instruction ran once.
 *
 * The scratch page is the last 4 KiB of the address space, inside the
 * OMAP3's reserved VRFB range (DM37x TRM SPRUGN4, 2.2 "Memory map"), which
 * no model claims; any other access to it stops the run as unmodelled.
 */
#include "tools/sim/core.h"

#if CORE_HOOKS_PHYSICAL

#define SCRATCH_BASE 0xFFFFF000u
#define SCRATCH_SIZE 0x1000u
/* Unicorn hands over page-aligned addresses of its target page size,
 * 1 or 4 KiB on ARM: at most this. */
#define TLB_PAGE_MAX 0x1000u

static struct replay {
	bool active, got, write;
	uint32_t page_va, va;
	uint32_t pc_first, pc_last;  /* the instruction's bytes */
} replay;

static void scratch_seen(struct sim *s, uint64_t off, unsigned size, bool write)
{
	if (!replay.active) {
		sim_stop(s, SIM_FAULT, "unmodelled access: 0x%08x (size %u, %s) at PC 0x%08x",
			 SCRATCH_BASE + (uint32_t)off, size, write ? "write" : "read", sim_pc(s));
		return;
	}
	if (!replay.got) {
		replay.got = true;
		replay.va = replay.page_va + (uint32_t)off;
		replay.write = write;
		/* The instruction completes (on the scratch page's zeros);
		 * nothing after it runs, even when it loaded the PC. */
		uc_emu_stop(s->uc);
	}
}

static uint64_t scratch_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
	scratch_seen(user, off, size, false);
	return 0;
}

static void scratch_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t val, void *user)
{
	scratch_seen(user, off, size, true);
}

static bool replay_tlb(uc_engine *uc, uint64_t va, uc_mem_type type, uc_tlb_entry *e,
		       void *user)
{
	struct sim *s = user;
	bool write = type == UC_MEM_WRITE, fetch = type == UC_MEM_FETCH;
	bool pl0 = (sim_reg(s, UC_ARM_REG_CPSR) & 0x1F) == 0x10;
	bool mmu = sim_cp15(s, 1, 0, 0, 0) & SCTLR_M;
	uint32_t pa;

	e->perms = fetch ? UC_PROT_EXEC : write ? UC_PROT_WRITE : UC_PROT_READ;
	/* Only the instruction's own page(s) run: a refused fetch ends the
	 * replay (Unicorn reports UC_ERR_EXCEPTION). */
	if (fetch && (replay.pc_last < va || replay.pc_first >= va + TLB_PAGE_MAX))
		return false;
	/* vm_fault_status() answers 0x1 (alignment) for an access the
	 * tables allow. */
	if ((!mmu || (vm_fault_status(s, (uint32_t)va, pl0, write, fetch) & 0xF) == 0x1) &&
	    vm_translate(s, (uint32_t)va, &pa)) {
		e->paddr = pa;
		return true;
	}
	if (!replay.got)
		replay.page_va = (uint32_t)va;
	e->paddr = SCRATCH_BASE;
	return true;
}

int core_dfar_init(struct sim *s)
{
	return uc_mmio_map(s->uc, SCRATCH_BASE, SCRATCH_SIZE, scratch_read, s, scratch_write,
			   s) == UC_ERR_OK ? 0 : -1;
}

bool core_dabt_refetch(struct sim *s)
{
	uint32_t pc = sim_pc(s), len = core_insn_len(s, pc);
	static uc_context *ctx;
	uc_hook h;

	if (!ctx && uc_context_alloc(s->uc, &ctx) != UC_ERR_OK)
		return false;
	uc_context_save(s->uc, ctx);
	replay = (struct replay){ .active = true, .pc_first = pc, .pc_last = pc + len - 1 };
	uc_hook_add(s->uc, &h, UC_HOOK_TLB_FILL, replay_tlb, s, 1, 0);
	uc_ctl_tlb_mode(s->uc, UC_TLB_VIRTUAL);
	uc_ctl_flush_tlb(s->uc);
	core_replay_insn(s);
	uc_ctl_tlb_mode(s->uc, UC_TLB_CPU);
	uc_ctl_flush_tlb(s->uc);
	uc_hook_del(s->uc, h);
	replay.active = false;
	uc_context_restore(s->uc, ctx);
	if (replay.got) {
		s->core->last_va = replay.va;
		s->core->last_write = replay.write;
	}
	return replay.got;
}

#else  /* Unicorn 2.0: hook_data sees every access before it translates */

int core_dfar_init(struct sim *s)
{
	return 0;
}

#endif
