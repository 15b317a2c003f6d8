// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the boot flow learnt about the machine (struct sysinfo) and
 * gtaboot's own SDRAM area. Part of the SRAM image: main() uses both
 * before the SDRAM part is unpacked.
 */
#include "board/board.h"
#include "common/sysinfo.h"

struct sysinfo sys;   /* bss: main_late() sets board_rev before the banner */

uint32_t sys_ram_end(void)
{
	uint32_t end = sys.dram.base[0] + sys.dram.size[0];

	if (!sys.dram.size[0])
		return 0;
	if (sys.dram.size[1] && sys.dram.base[1] == end)
		end += sys.dram.size[1];
	return end;
}

void *scratch_alloc(uint32_t size)
{
	uint32_t p = (sys.scratch_next + 63) & ~63u;

	if (!sys.scratch_end || size > sys.scratch_end - p)
		return 0;
	sys.scratch_next = p + size;
	return (void *)(uintptr_t)p;
}
