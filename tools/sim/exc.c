// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim core: CPU exceptions taken into the guest's own vectors
 * (ARMv7-A ARM B1.8 "Exceptions"), the GP ROM's SMC services and the
 * --inject cpu-undef fault.
 */
#include <string.h>

#include "tools/sim/core.h"

void core_hook_intr(uc_engine *uc, uint32_t intno, void *user)
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
	core_stop(s);
}

bool core_thumb32_at(struct sim *s, uint32_t pc)
{
	uint16_t *h = sim_ram_ptr(s, pc, 2);

	return h && (*h >> 11) >= 0x1D;
}

uint32_t core_insn_len(struct sim *s, uint32_t pc)
{
	return (sim_reg(s, UC_ARM_REG_CPSR) & CPSR_T) && !core_thumb32_at(s, pc) ? 2 : 4;
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

	/* With the MMU on the vector is a virtual address (Linux: 0xFFFF0000);
	 * if nothing is mapped there the fetch aborts as on hardware. */
	if (vec - ROM_BASE < ROM_SIZE || (!(sctlr & SCTLR_M) && !sim_ram_ptr(s, vec, 4))) {
		sim_stop(s, SIM_FAULT, "%s at PC 0x%08x: exception vector 0x%08x is %s "
			 "(the guest installed no handler: VBAR 0x%08x, SCTLR 0x%08x)",
			 what, at, vec, vec - ROM_BASE < ROM_SIZE ?
			 "in the boot ROM, whose handlers are not modelled" : "not in RAM",
			 vbar, sctlr);
		return;
	}
	ncpsr = (cpsr & ~(0x1Fu | CPSR_T | CPSR_IT | CPSR_J | CPSR_E)) | mode | CPSR_I;
	if (mode == 0x17 || mode == 0x12)
		ncpsr |= CPSR_A;   /* aborts and IRQs also mask asynchronous aborts */
	if (sctlr & SCTLR_TE)
		ncpsr |= CPSR_T;
	if (sctlr & SCTLR_EE)
		ncpsr |= CPSR_E;
	sim_set_reg(s, UC_ARM_REG_CPSR, ncpsr);  /* switches the register bank */
	sim_set_reg(s, UC_ARM_REG_SPSR, cpsr);
	sim_set_reg(s, UC_ARM_REG_LR, lr);
	sim_set_reg(s, UC_ARM_REG_PC, vec);
}

static void log_abort(struct sim *s, uint32_t far, uint32_t pc, bool prefetch)
{
	if (s->aborts < ARRAY_SIZE(s->abort_log)) {
		s->abort_log[s->aborts].ps = s->now_ps;
		s->abort_log[s->aborts].far = far;
		s->abort_log[s->aborts].pc = pc;
		s->abort_log[s->aborts].prefetch = prefetch;
	}
	s->aborts++;
}

void core_deliver(struct sim *s, int exc)
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
	case EXC_DABT: { /* PC at the faulting instruction; LR = PC + 8 */
		uint32_t fs;

		if ((s->core->data_folded || CORE_HOOKS_PHYSICAL) && !core_dabt_refetch(s)) {
			sim_stop(s, SIM_FAULT, "data abort at PC 0x%08x did not recur when "
				 "replayed for its address", pc);
			break;
		}
		fs = vm_fault_status(s, s->core->last_va, (cpsr & 0x1F) == 0x10,
					      s->core->last_write, false);

		log_abort(s, s->core->last_va, pc, false);
		sim_set_cp15(s, 6, 0, 0, 0, s->core->last_va);                /* DFAR */
		sim_set_cp15(s, 5, 0, 0, 0, fs | (s->core->last_write ? BIT(11) : 0));
		take_exception(s, "data abort", 0x17, 0x10, pc + 8, pc);
		break;
	}
	case EXC_PABT: { /* LR = PC + 4; IFAR = PC (or the second half of a
			  * Thumb-2 instruction that crosses into the faulting page) */
		bool user = (cpsr & 0x1F) == 0x10;
		uint32_t far = pc, fs = vm_fault_status(s, pc, user, false, true);

		if (t && (fs & 0xF) == 0x1 && ((pc + 2) & 0xFFF) == 0) {
			far = pc + 2;
			fs = vm_fault_status(s, far, user, false, true);
		}
		log_abort(s, far, pc, true);
		sim_set_cp15(s, 6, 0, 0, 2, far);                             /* IFAR */
		sim_set_cp15(s, 5, 0, 0, 1, fs & ~0xF0u);                     /* IFSR */
		take_exception(s, "prefetch abort", 0x17, 0x0C, pc + 4, pc);
		break;
	}
	case EXC_IRQ:   /* taken before the instruction at PC: LR = PC + 4 */
		take_exception(s, "IRQ", 0x12, 0x18, pc + 4, pc);
		break;
	case EXC_BKPT:  /* a prefetch abort (debug event); LR = PC + 4 */
		take_exception(s, "BKPT", 0x17, 0x0C, pc + 4, pc);
		break;
	default:
		sim_stop(s, SIM_FAULT, "CPU exception %d at PC 0x%08x (CPSR 0x%08x) not modelled",
			 exc, pc, cpsr);
	}
}

/* --inject cpu-undef:ADDR[:COUNT] makes the instruction
 * at ADDR (bit 0 ignored) undefined when it is reached, as a corrupted
 * instruction word would be: the guest's own undefined-instruction handler
 * runs, with LR and SPSR as the CPU sets them. The code hook exists only
 * for those addresses; the exception is taken before the instruction. */
static void hook_undef(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct sim *s = user;

	if (s->core->pending_exc < 0 && sim_inject_take(s, "cpu-undef", (long)addr)) {
		s->core->pending_exc = EXC_UDEF;
		core_stop(s);
	}
}

void core_undef_hooks_add(struct sim *s)
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
