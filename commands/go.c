// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Starting code in memory as U-Boot does: go (a standalone program that
 * may return), bootd (bootcmd) and bootelf (an ARM ELF executable placed
 * by its program or section headers). Messages are U-Boot's (cmd/boot.c,
 * cmd/elf.c), which labs wait for.
 */
#include "arch/arm/mmu.h"
#include "common/boot.h"
#include "common/cli.h"
#include "common/console.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/boot/elf.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

typedef unsigned long (*app_fn)(int argc, char *const argv[]);

/* Loaded code is in the D-cache; the I-cache may hold what was there. */
static unsigned long run_app(uint32_t entry, int argc, char *const argv[])
{
	unsigned long rc;

	printf("## Starting application at 0x%08X ...\n", (unsigned)entry);
	console_flush();
	cache_dcache_clean_inv_all();
	cache_icache_inv_all();
	rc = ((app_fn)(uintptr_t)entry)(argc, argv);
	printf("## Application terminated, rc = 0x%lX\n", rc);
	return rc;
}

/* The entry must be RAM (bit 0 set: Thumb code). */
static int entry_ok(char *const argv[], uint32_t entry)
{
	return cmd_ram_check(argv, entry & ~1u, 4, entry & 1 ? 2 : 4, false);
}

static int do_go(int argc, char *const argv[])
{
	unsigned long addr;

	if (argc < 2)
		return cmd_usage(argv);
	if (arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr) || entry_ok(argv, addr))
		return -EINVAL;
	/* U-Boot passes the address as the program's argv[0] */
	return run_app(addr, argc - 1, argv + 1) ? 1 : 0;
}
CMD_REP(go, "go", do_go, "go addr [arg ...]",
	"start application at address 'addr' (it may return)");

static int do_bootd(int argc, char *const argv[])
{
	return boot_run_bootcmd();
}
CMD_REP(bootd, "bootd", do_bootd, "bootd", "boot default, i.e., run 'bootcmd'");

/* bootelf [-p|-s] [addr]: U-Boot's default is the section headers. */
static int do_bootelf(int argc, char *const argv[])
{
	struct elf_piece p[ELF_PIECES_MAX];
	unsigned long addr = var_addr("loadaddr", KERNEL_ADDR_R);
	uint32_t entry, len;
	bool phdr = false;
	const char *why;
	unsigned n;
	int i = 1, err;

	if (i < argc && (!strcmp(argv[i], "-p") || !strcmp(argv[i], "-s")))
		phdr = argv[i++][1] == 'p';
	if (i < argc && arg_hex(argv, i++, "address", 0xFFFFFFFFul, &addr))
		return -EINVAL;
	if (i < argc)
		return cmd_usage(argv);
	if (cmd_ram_check(argv, addr, 52, 4, false))
		return -EINVAL;
	/* the image may reach the end of its RAM (SRAM or bank), no further */
	len = cmd_ram_end(addr) - addr;
	err = elf_pieces((const void *)addr, len, phdr, p, &n, &entry, &why);
	if (err == -EINVAL) {
		printf("## No elf image at address 0x%08lx\n", addr);
		return 1;
	}
	if (err) {
		printf("## %s at address 0x%08lx\n", why, addr);
		return 1;
	}
	/* every piece goes to free RAM before any is copied */
	for (unsigned k = 0; k < n; k++)
		if (cmd_ram_check(argv, p[k].addr, p[k].memsz, 1, true))
			return 1;
	for (unsigned k = 0; k < n; k++) {
		memmove((void *)p[k].addr, (const uint8_t *)addr + p[k].off, p[k].filesz);
		memset((uint8_t *)p[k].addr + p[k].filesz, 0, p[k].memsz - p[k].filesz);
	}
	if (entry_ok(argv, entry))
		return 1;
	return run_app(entry, argc - i + 1, argv + i - 1) ? 1 : 0;
}
CMD(bootelf, "bootelf", do_bootelf, "bootelf [-p|-s] [address]",
    "Boot from an ELF image in memory (-p program headers, -s section headers)");
