// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bdinfo and coninfo with U-Boot's layout (cmd/bdinfo.c, cmd/console.c):
 * the board information gtaboot really has. test/py finds RAM through
 * bdinfo's "-> start" line. No TRM chapter.
 */
#include "arch/arm/cold.h"
#include "arch/arm/mmu.h"
#include "common/cli.h"
#include "common/sysinfo.h"
#include "lib/printf.h"

static void num(const char *name, uint32_t v)
{
	printf("%-12s= 0x%08x\n", name, (unsigned)v);
}

static int do_bdinfo(int argc, char *const argv[])
{
	if (argc != 1)
		return cmd_usage(argv);
	/* Linux gets a device tree: no machine number (r1 = ~0 at the
	 * hand-off) and no ATAGs */
	num("arch_number", 0xFFFFFFFFu);
	num("boot_params", 0);
	for (unsigned cs = 0; cs < 2; cs++) {
		if (!sys.dram.size[cs])
			continue;
		num("DRAM bank", cs);
		num("-> start", sys.dram.base[cs]);
		num("-> size", sys.dram.size[cs]);
	}
	/* no NOR flash on these boards */
	num("flashstart", 0);
	num("flashsize", 0);
	num("flashoffset", 0);
	printf("baudrate    = 115200 bps\n");
	/* gtaboot's own area at the top of RAM: the cold part (linked at
	 * COLD_BASE, mapped there) and its buffers */
	num("relocaddr", sys.area_start);
	num("reloc off", sys.area_start - COLD_BASE);
	printf("%-12s= %u-bit\n", "Build", (unsigned)sizeof(void *) * 8);
	/* gtaboot runs from no control device tree of its own */
	num("fdt_blob", 0);
	if (sys.fb_start)
		num("FB base", sys.fb_start);
	num("TLB addr", mmu_table_base());
	return 0;
}
CMD(bdinfo, "bdinfo", do_bdinfo, "bdinfo", "print Board Info structure");

static int do_coninfo(int argc, char *const argv[])
{
	if (argc != 1)
		return cmd_usage(argv);
	/* UART3, U-Boot's serial@49020000, is the one console device */
	printf("List of available devices\n");
	printf("|-- serial@49020000 (IO)\n|   |-- stdin\n|   |-- stdout\n|   |-- stderr\n");
	return 0;
}
CMD(coninfo, "coninfo", do_coninfo, "coninfo", "print console devices and information");
