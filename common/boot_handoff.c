// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The last steps before Linux: the command line, the device tree fix-ups
 * (lib/boot/fdt_fixup.c, all through libfdt), storing the boot count and the
 * jump (booting.rst, docs/references.md).
 */
#include "arch/arm/linux.h"
#include "board/board.h"
#include "common/bbcharge.h"
#include "common/boot_internal.h"
#include "common/bootcount.h"
#include "common/charge.h"
#include "common/console.h"
#include "common/display.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/errno.h"
#include "lib/boot/fdt_fixup.h"
#include "lib/log.h"
#include "lib/printf.h"

/* The count this boot will store if it reaches the hand-off; -1: none. */
static int next_bootcount = -1;
static char cmdline[EXTLINUX_APPEND_MAX + 56];

void boot_count_set(int next)
{
	next_bootcount = next;
}

const char *boot_cmdline(const char *append, const char *none)
{
	const char *v = append && *append ? append : var_get("bootargs");
	const char *chg = v ? charge_cmdline() : NULL;
	char count[20] = "";
	int n;

	/* The charger's parameter only onto a command line there is: alone
	 * it would replace the one the DTB holds. */
	if (next_bootcount >= 0)
		snprintf(count, sizeof(count), "bootcount=%d", next_bootcount);
	if (chg || *count) {
		n = snprintf(cmdline, sizeof(cmdline), "%s%s%s%s%s", v ? v : "",
			     v ? " " : "", chg ? chg : "", chg && *count ? " " : "", count);
		if (n < (int)sizeof(cmdline))
			v = cmdline;
		else
			pr_warn("warning: command line too long for %s\n", chg ? chg : count);
	}
	if (v)
		printf("Command line: %s\n", v);
	else
		printf("Command line: (none: %s)\n", none);
	return v;
}

int boot_fixup_fdt(uint32_t faddr, uint32_t flen, const char *bootargs, uint32_t istart,
		   uint32_t iend, uint32_t *newlen)
{
	void *fdt = (void *)(uintptr_t)faddr;
	struct mem_bank banks[2];
	unsigned nbanks = 0;
	const char *why = NULL;
	uint32_t bb_uvolt, bb_uamp;
	int err;

	/* booting.rst: the DTB must sit on an 8-byte boundary. */
	if (faddr & 7) {
		printf("fdt: 0x%08x is not 8-byte aligned, as the kernel requires: change "
		       "fdt_addr_r\n", (unsigned)faddr);
		return -EINVAL;
	}
	for (int cs = 0; cs < 2; cs++) {
		if (sys.dram.size[cs])
			banks[nbanks++] = (struct mem_bank){ sys.dram.base[cs], sys.dram.size[cs] };
	}
	err = fdtfix_open(fdt, flen + FDT_HEADROOM, fdt, flen, &why);
	if (!err)
		err = fdtfix_memory(fdt, banks, nbanks, &why);
	if (!err)
		err = fdtfix_chosen(fdt, bootargs, board.stdout_path, istart, iend, &why);
	if (!err && next_bootcount >= 0)
		err = fdtfix_chosen_u32(fdt, "gtaboot,bootcount", (uint32_t)next_bootcount, &why);
	if (err) {
		boot_print_why("fdt", err, why);
		return err;
	}
	if (bbcharge_for_boot(storage_twl(), &bb_uvolt, &bb_uamp)) {
		err = fdtfix_twl4030_bci(fdt, bb_uvolt, bb_uamp, &why);
		if (err == -ENOENT)
			pr_warn("fdt: no ti,twl4030-bci node: backup-battery values not passed on\n");
		else if (err) {
			boot_print_why("fdt", err, why);
			return err;
		}
	}
	err = display_fdt(fdt, &why);
	if (err) {
		boot_print_why("fdt: simple-framebuffer", err, why);
		return err;
	}
	if (board.fixup_fdt) {
		err = board.fixup_fdt(fdt, sys.board_rev);
		if (err) {
			pr_err("fdt: board fix-up failed (%s)\n", errname(err));
			return err;
		}
	}
	err = fdtfix_pack(fdt, newlen, &why);
	if (err)
		boot_print_why("fdt", err, why);
	return err;
}

void boot_handoff(uint32_t entry, uint32_t faddr, uint32_t flen)
{
	if (next_bootcount >= 0 && bootcount_write((unsigned)next_bootcount))
		pr_warn("warning: boot counter not stored\n");
	printf("Starting kernel at 0x%08x, DTB at 0x%08x (%u bytes)\n\n", (unsigned)entry,
	       (unsigned)faddr, (unsigned)flen);
	display_handoff();
	console_handoff();
	linux_jump(entry, 0xFFFFFFFFu, faddr);
}
