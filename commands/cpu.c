// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * U-Boot's dcache, icache (cmd/cache.c: the real SCTLR state, on, off,
 * flush) and panic (cmd/panic.c: the message, "resetting ...", a reset).
 */
#include "arch/arm/cpu.h"
#include "arch/arm/mmu.h"
#include "common/cli.h"
#include "common/console.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

/* on 1, off 0, flush 2; -1 for anything else */
static int cache_arg(const char *s)
{
	return !strcmp(s, "flush") ? 2 : !strcmp(s, "on") ? 1 : !strcmp(s, "off") ? 0 : -1;
}

static int do_cache(int argc, char *const argv[])
{
	bool d = argv[0][0] == 'd';
	int op = argc == 2 ? cache_arg(argv[1]) : -1;

	if (argc == 1) {
		if (d)
			printf("Data (writethrough) Cache is %s\n", cache_dcache_on() ? "ON" : "OFF");
		else
			printf("Instruction Cache is %s\n", cache_icache_on() ? "ON" : "OFF");
		return 0;
	}
	if (op < 0)
		return cmd_usage(argv);
	if (op == 2 && d)
		cache_dcache_clean_inv_all();
	else if (op == 2)
		cache_icache_inv_all();
	else if (d)
		cache_dcache_enable(op);
	else
		cache_icache_enable(op);
	return 0;
}
CMD_REP(dcache, "dcache", do_cache, "dcache [on|off|flush]",
	"enable or disable data cache (no argument: its state)");
CMD_REP(icache, "icache", do_cache, "icache [on|off|flush]",
	"enable or disable instruction cache (no argument: its state)");

static int do_panic(int argc, char *const argv[])
{
	if (argc > 2)
		return cmd_usage(argv);
	printf("%s\nresetting ...\n", argc > 1 ? argv[1] : "");
	console_flush();
	cpu_reset();
}
CMD_REP(panic, "panic", do_panic, "panic [message]", "Panic with optional message");
