// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the run report (--report FILE.json) and the one-line
 * summary; the hand-off checks follow the Linux ARM boot protocol
 * (booting.rst, docs/references.md: SVC mode, IRQ/FIQ masked,
 * MMU and D-cache off, r0 = 0, r1 = machine type, r2 = the DTB).
 */
#include <errno.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/battery.h"
#include "tools/sim/models.h"

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", f);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static bool dtb_at(struct sim *s, uint32_t addr)
{
	const uint8_t *p = sim_ram_ptr(s, addr, 4);

	return p && p[0] == 0xd0 && p[1] == 0x0d && p[2] == 0xfe && p[3] == 0xed;
}

void sim_write_report(struct sim *s)
{
	uint32_t regs[16], cpsr, sctlr;
	uint64_t skipped_ps, skips = sim_idle_skips(s, &skipped_ps);
	FILE *f;

	if (s->result == SIM_STOP) { /* where --stop-at hit */
		memcpy(regs, s->stop_regs, sizeof(regs));
		cpsr = s->stop_cpsr;
		sctlr = s->stop_sctlr;
	} else if (s->result == SIM_HANDOFF || (s->handoff_seen && s->result != SIM_FAULT)) {
		memcpy(regs, s->handoff_regs, sizeof(regs));
		cpsr = s->handoff_cpsr;
		sctlr = s->handoff_sctlr;
	} else {
		for (int i = 0; i < 13; i++)
			regs[i] = sim_reg(s, UC_ARM_REG_R0 + i);
		regs[13] = sim_reg(s, UC_ARM_REG_SP);
		regs[14] = sim_reg(s, UC_ARM_REG_LR);
		regs[15] = sim_pc(s);
		cpsr = sim_reg(s, UC_ARM_REG_CPSR);
		sctlr = sim_cp15(s, 1, 0, 0, 0);
	}
	if (!s->cfg.report_path)
		return;
	f = fopen(s->cfg.report_path, "w");
	if (!f) {
		fprintf(stderr, "gtaboot-sim: --report %s: %s\n", s->cfg.report_path,
			strerror(errno));
		return;
	}
	fprintf(f, "{\n  \"result\": \"%s\",\n  \"exit_code\": %d,\n  \"message\": ",
		sim_result_name(s->result), sim_exit_code(s->result));
	json_str(f, s->result_msg);
	fprintf(f, ",\n  \"machine\": \"%s\",\n  \"rev\": \"%s\",\n",
		s->cfg.machine ? s->cfg.machine->name : "", s->cfg.rev);
	for (int i = 0; i < 15; i++)
		fprintf(f, "  \"r%d\": %u,\n", i, regs[i]);
	fprintf(f, "  \"pc\": %u,\n  \"cpsr\": %u,\n  \"sctlr\": %u,\n", regs[15], cpsr, sctlr);
	fprintf(f, "  \"virtual_us\": %.3f,\n", (double)s->now_ps / PS_PER_US);
	fprintf(f, "  \"guest_instructions\": %llu,\n", (unsigned long long)s->guest_insns);
	fprintf(f, "  \"host_seconds\": %.3f,\n", s->host_seconds);
	fprintf(f, "  \"mips\": %.1f,\n", s->host_seconds > 0 ?
		s->guest_insns / s->host_seconds / 1e6 : 0.0);
	fprintf(f, "  \"idle_skips\": %llu,\n  \"idle_skipped_us\": %.3f,\n",
		(unsigned long long)skips, (double)skipped_ps / PS_PER_US);
	fprintf(f, "  \"bb_cfg\": %u,\n  \"boot_device\": %u,\n", s->bb_cfg, s->boot_device);
	fprintf(f, "  \"bb_cfg_writes\": %u,\n  \"bb_cfg_log\": [", s->bb_writes);
	for (unsigned i = 0; i < s->bb_writes && i < ARRAY_SIZE(s->bb_log); i++)
		fprintf(f, "%s\n    {\"virtual_us\": %.3f, \"value\": %u, \"after_handoff\": %s}",
			i ? "," : "", (double)s->bb_log[i].ps / PS_PER_US, s->bb_log[i].value,
			s->bb_log[i].after_handoff ? "true" : "false");
	fputs(s->bb_writes ? "\n  ],\n" : "],\n", f);
	fprintf(f, "  \"aborts\": %u,\n  \"abort_log\": [", s->aborts);
	for (unsigned i = 0; i < s->aborts && i < ARRAY_SIZE(s->abort_log); i++)
		fprintf(f, "%s\n    {\"virtual_us\": %.3f, \"far\": %u, \"pc\": %u, "
			"\"prefetch\": %s}", i ? "," : "", (double)s->abort_log[i].ps / PS_PER_US,
			s->abort_log[i].far, s->abort_log[i].pc,
			s->abort_log[i].prefetch ? "true" : "false");
	fputs(s->aborts ? "\n  ],\n" : "],\n", f);
	{
		uint8_t b[8];

		twl4030_backup_regs(s, b);
		fprintf(f, "  \"twl_backup\": \"");
		for (int i = 0; i < 8; i++)
			fprintf(f, "%02x", b[i]);
		fprintf(f, "\",\n  \"vmmc1_mv\": %u,\n", twl4030_vmmc1_mv(s));
	}
	battery_report(s, f);   /* battery, charger, brownouts, restarts */
	fputs("  \"tca6507\": ", f);
	tca6507_report(s, f);
	fputs(",\n  \"tsc2007\": ", f);
	tsc2007_report(s, f);
	fputs(",\n  \"gpio_leds\": {", f);
	for (unsigned i = 0; s->cfg.machine && i < ARRAY_SIZE(s->cfg.machine->gpio_leds) &&
			     s->cfg.machine->gpio_leds[i].name; i++)
		fprintf(f, "%s\"%s\": %d", i ? ", " : "", s->cfg.machine->gpio_leds[i].name,
			gpio_out_level(s, s->cfg.machine->gpio_leds[i].gpio));
	fputs("},\n", f);
	fputs("  \"sdram_writes\": ", f);  /* --watch-writes */
	watch_report(s, f);
	fputs(",\n", f);
	fputs("  \"profile\": ", f);  /* --profile: and "profile_phases" */
	profile_report(s, f);
	fputs(",\n", f);
	fprintf(f, "  \"entry_us\": %.3f,\n", (double)sim_entry_ps(s) / PS_PER_US);
	fputs("  \"console\": ", f);  /* (virtual_us, line) */
	uart_write_lines_json(s, f);
	fputs(",\n", f);
	fprintf(f, "  \"handoff\": ");
	if (s->handoff_seen) {
		const uint32_t *h = s->handoff_regs;
		uint32_t c = s->handoff_cpsr;

		fprintf(f, "{\n    \"virtual_us\": %.3f,\n    \"pc\": %u,\n",
			(double)s->handoff_ps / PS_PER_US, h[15]);
		fprintf(f, "    \"svc_mode\": %s,\n    \"irq_fiq_masked\": %s,\n"
			"    \"arm_state\": %s,\n    \"mmu_off\": %s,\n    \"dcache_off\": %s,\n"
			"    \"r0_zero\": %s,\n    \"r1_dt\": %s,\n    \"r2_dtb\": %s\n  }",
			(c & 0x1F) == 0x13 ? "true" : "false",
			(c & 0xC0) == 0xC0 ? "true" : "false",
			(c & 0x20) ? "false" : "true",
			(s->handoff_sctlr & 1) ? "false" : "true",
			(s->handoff_sctlr & 4) ? "false" : "true",
			h[0] == 0 ? "true" : "false",
			h[1] == 0xFFFFFFFF ? "true" : "false",
			dtb_at(s, h[2]) ? "true" : "false");
	} else {
		fputs("null", f);
	}
	fputs("\n}\n", f);
	fclose(f);
}
