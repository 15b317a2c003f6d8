// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim core: the hand-off to the next stage (the first instruction
 * fetched from SDRAM with the MMU off, or at --handoff-pc): registers
 * recorded for the report, --dump-dtb, then the end of the run unless
 * --on-handoff continue; and --stop-at ADDR for the kernel tests.
 */
#include <errno.h>
#include <string.h>

#include "tools/sim/core.h"

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
 * to the next stage (kernel, or U-Boot proper); with --handoff-mmu-on, with
 * the MMU on as well (an EFI application). */
void core_hook_handoff(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct sim *s = user;
	struct sim_core *c = s->core;
	uint32_t sctlr = sim_cp15(s, 1, 0, 0, 0);

	if (s->handoff_seen || ((sctlr & SCTLR_M) && !s->cfg.handoff_mmu_on))
		return;
	time_sync(s);
	s->handoff_seen = true;
	dss_final_screenshots(s);  /* the picture at the hand-off */
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
	if (s->cfg.handoff_continue) {
		core_leave_per_insn(s);
		core_stop(s);       /* sim_run() counts the next stage per block */
	}
	if (!s->cfg.handoff_continue)
		sim_stop(s, SIM_HANDOFF, "hand-off to 0x%08x (r0 0x%08x, r1 0x%08x, r2 0x%08x)",
			 (uint32_t)addr, s->handoff_regs[0], s->handoff_regs[1],
			 s->handoff_regs[2]);
}

void sim_stop_here(struct sim *s, uint32_t pc, const char *why)
{
	time_sync(s);
	for (int i = 0; i < 13; i++)
		s->stop_regs[i] = sim_reg(s, UC_ARM_REG_R0 + i);
	s->stop_regs[13] = sim_reg(s, UC_ARM_REG_SP);
	s->stop_regs[14] = sim_reg(s, UC_ARM_REG_LR);
	s->stop_regs[15] = pc;
	s->stop_cpsr = sim_reg(s, UC_ARM_REG_CPSR);
	s->stop_sctlr = sim_cp15(s, 1, 0, 0, 0);
	sim_stop(s, SIM_STOP, "%s (r0 0x%08x, r1 0x%08x, r2 0x%08x)", why, s->stop_regs[0],
		 s->stop_regs[1], s->stop_regs[2]);
}

/* --stop-at ADDR. A code hook on that one address, so it
 * costs nothing elsewhere; the registers are taken before the instruction
 * runs. Unicorn 2.0.1 ignores the guest MMU, so ADDR is whatever the
 * guest's PC reads, virtual or not. */
void core_hook_stop_at(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	char why[40];

	snprintf(why, sizeof(why), "--stop-at 0x%08x reached", (uint32_t)addr);
	sim_stop_here(user, (uint32_t)addr, why);
}
