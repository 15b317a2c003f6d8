// SPDX-License-Identifier: GPL-2.0-or-later
/* Load windows in SDRAM (see memcheck.h). */
#include "common/memcheck.h"

#include <stdbool.h>

#include "common/sysinfo.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

#define MAX_WINDOWS 6

struct window {
	const char *name;
	uint32_t start, end;  /* end exclusive, as 64-bit sums below */
};

static struct window windows[MAX_WINDOWS];
static unsigned nwindows;

void mem_windows_reset(void)
{
	nwindows = 0;
}

void mem_window_release(const char *name)
{
	unsigned n = 0;

	for (unsigned i = 0; i < nwindows; i++)
		if (strcmp(windows[i].name, name))
			windows[n++] = windows[i];
	nwindows = n;
}

static bool overlaps(uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1)
{
	return a0 < b1 && b0 < a1;
}

int mem_check_free(const char *what, uint32_t addr, uint32_t size)
{
	uint64_t end = (uint64_t)addr + size;
	uint32_t ram_end = sys_ram_end();

	if (addr < sys.dram.base[0] || end > ram_end || !ram_end) {
		pr_err("error: %s 0x%08x-0x%08llx lies outside RAM (0x%08x-0x%08x)\n", what,
		       (unsigned)addr, (unsigned long long)end, (unsigned)sys.dram.base[0],
		       (unsigned)ram_end);
		return -ENOSPC;
	}
	if (overlaps(addr, end, sys.area_start, sys.scratch_start)) {
		pr_err("error: %s 0x%08x-0x%08llx overlaps gtaboot's code 0x%08x-0x%08x\n", what,
		       (unsigned)addr, (unsigned long long)end, (unsigned)sys.area_start,
		       (unsigned)sys.scratch_start);
		return -EBUSY;
	}
	if (overlaps(addr, end, sys.scratch_start, sys.scratch_end)) {
		pr_err("error: %s 0x%08x-0x%08llx overlaps gtaboot's buffers 0x%08x-0x%08x\n",
		       what, (unsigned)addr, (unsigned long long)end,
		       (unsigned)sys.scratch_start, (unsigned)sys.scratch_end);
		return -EBUSY;
	}
	if (overlaps(addr, end, sys.fb_start, sys.fb_end)) {
		pr_err("error: %s 0x%08x-0x%08llx overlaps the framebuffer 0x%08x-0x%08x\n",
		       what, (unsigned)addr, (unsigned long long)end, (unsigned)sys.fb_start,
		       (unsigned)sys.fb_end);
		return -EBUSY;
	}
	return 0;
}

int mem_window_claim(const char *name, uint32_t addr, uint32_t size)
{
	uint64_t end = (uint64_t)addr + size;
	int err = mem_check_free(name, addr, size);

	if (err)
		return err;
	for (unsigned i = 0; i < nwindows; i++) {
		if (overlaps(addr, end, windows[i].start, windows[i].end)) {
			pr_err("error: %s 0x%08x-0x%08llx overlaps %s 0x%08x-0x%08x\n", name,
			       (unsigned)addr, (unsigned long long)end, windows[i].name,
			       (unsigned)windows[i].start, (unsigned)windows[i].end);
			return -EBUSY;
		}
	}
	if (nwindows == MAX_WINDOWS)
		return -ENOSPC;
	windows[nwindows++] = (struct window){ name, addr, (uint32_t)end };
	return 0;
}
