// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Memory commands with U-Boot's names and syntax: md, mw, cmp, crc32.
 * They reach only RAM (the SDRAM banks that exist and the SRAM, TRM
 * chapter 2 "Memory Mapping"): peripheral registers are left to drivers,
 * since a read of an unclocked module aborts.
 */
#include "arch/arm/cold.h"
#include "common/cli.h"

#include "common/memcheck.h"
#include "common/sys.h"
#include "lib/cmdline.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

#define MAX_BYTES  0x10000000ul

static bool within(uint32_t a, uint64_t end, uint32_t base, uint32_t size)
{
	return size && a >= base && end <= (uint64_t)base + size;
}

/* Reads may look at any RAM; writes go to SDRAM that is not gtaboot's
 * (memcheck: its buffers and code), since all of the SRAM is gtaboot's. */
int cmd_ram_check(char *const argv[], uint32_t addr, uint32_t len, unsigned align, bool write)
{
	uint64_t end = (uint64_t)addr + len;
	bool sram = within(addr, end, SRAM_BASE, SRAM_END - SRAM_BASE);
	bool ram = (sram && !write) ||
		   within(addr, end, sys.dram.base[0], sys_ram_end() - sys.dram.base[0]) ||
		   within(addr, end, sys.dram.base[1], sys.dram.size[1]);

	if (addr & (align - 1))
		return cmd_error(argv, "address 0x%08x is not %u-byte aligned", (unsigned)addr,
				 align);
	if (!ram)
		return cmd_error(argv, "0x%08x-0x%08llx is not %sRAM", (unsigned)addr,
				 (unsigned long long)end, write ? "free " : "");
	if (write && mem_check_free(argv[0], addr, len)) {
		cmd_print_usage(argv);
		return -EINVAL;
	}
	return 0;
}

/* The access size from the command's suffix (.b .w .l, default .l). */
static int size_of(char *const argv[], unsigned *sz)
{
	size_t n;

	if (cmdline_size_suffix(argv[0], &n, sz))
		return cmd_error(argv, "bad size suffix (.b, .w or .l)");
	return 0;
}

static uint32_t rd(uintptr_t a, unsigned sz)
{
	if (sz == 1)
		return *(volatile uint8_t *)a;
	if (sz == 2)
		return *(volatile uint16_t *)a;
	return *(volatile uint32_t *)a;
}

static void wr(uintptr_t a, unsigned sz, uint32_t v)
{
	if (sz == 1)
		*(volatile uint8_t *)a = (uint8_t)v;
	else if (sz == 2)
		*(volatile uint16_t *)a = (uint16_t)v;
	else
		*(volatile uint32_t *)a = v;
}

static int do_md(int argc, char *const argv[])
{
	unsigned long addr, count = 0x40;
	unsigned sz;
	uint32_t a, n;

	if (size_of(argv, &sz))
		return -EINVAL;
	if (argc < 2 || argc > 3)
		return cmd_usage(argv);
	if (arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr) ||
	    (argc > 2 && arg_hex(argv, 2, "count", MAX_BYTES / sz, &count)))
		return -EINVAL;
	if (!count)
		return cmd_error(argv, "bad count '%s'", argv[2]);
	if (cmd_ram_check(argv, addr, count * sz, sz, false))
		return -EINVAL;
	for (a = addr; count; a += n) {
		n = 16 - (a & 15);
		if (n > count * sz)
			n = count * sz;
		printf("%08x:", (unsigned)a);
		for (uint32_t i = 0; i < 16; i += sz) {
			if (i < n)
				printf(" %0*x", (int)sz * 2, (unsigned)rd(a + i, sz));
			else
				printf(" %*s", (int)sz * 2, "");
		}
		printf("    ");
		for (uint32_t i = 0; i < n; i++) {
			uint8_t c = *(volatile uint8_t *)(uintptr_t)(a + i);

			printf("%c", c >= 0x20 && c < 0x7f ? c : '.');
		}
		printf("\n");
		count -= n / sz;
		if (cli_ctrlc())
			return -ECANCELED;
	}
	return 0;
}
CMD(md, "md", do_md, "md[.b|.w|.l] <addr> [count]", "show memory (RAM only; count in units, hex)");

static int do_mw(int argc, char *const argv[])
{
	unsigned long addr, val, count = 1;
	unsigned sz;

	if (size_of(argv, &sz))
		return -EINVAL;
	if (argc < 3 || argc > 4)
		return cmd_usage(argv);
	if (arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr) ||
	    arg_hex(argv, 2, "value", 0xFFFFFFFFul >> (32 - 8 * sz), &val) ||
	    (argc > 3 && arg_hex(argv, 3, "count", MAX_BYTES / sz, &count)))
		return -EINVAL;
	if (cmd_ram_check(argv, addr, count * sz, sz, true))
		return -EINVAL;
	for (; count; count--, addr += sz)
		wr(addr, sz, val);
	return 0;
}
CMD(mw, "mw", do_mw, "mw[.b|.w|.l] <addr> <value> [count]",
    "fill memory with a value (free RAM only)");

static int do_cmp(int argc, char *const argv[])
{
	unsigned long a, b, count, i;
	unsigned sz;
	uint32_t va, vb;

	if (size_of(argv, &sz))
		return -EINVAL;
	if (argc != 4)
		return cmd_usage(argv);
	if (arg_hex(argv, 1, "address", 0xFFFFFFFFul, &a) ||
	    arg_hex(argv, 2, "address", 0xFFFFFFFFul, &b) ||
	    arg_hex(argv, 3, "count", MAX_BYTES / sz, &count) ||
	    cmd_ram_check(argv, a, count * sz, sz, false) ||
	    cmd_ram_check(argv, b, count * sz, sz, false))
		return -EINVAL;
	for (i = 0; i < count; i++) {
		va = rd(a + i * sz, sz);
		vb = rd(b + i * sz, sz);
		if (va != vb) {
			printf("at 0x%08lx: 0x%0*x != 0x%0*x at 0x%08lx\n", a + i * sz, (int)sz * 2,
			       (unsigned)va, (int)sz * 2, (unsigned)vb, b + i * sz);
			break;
		}
	}
	printf("%lu of %lu %u-byte units are the same\n", i, count, sz);
	return i == count ? 0 : -EBADMSG;
}
CMD(cmp, "cmp", do_cmp, "cmp[.b|.w|.l] <addr1> <addr2> <count>", "compare memory");

/* U-Boot's cp: count units of the size from src to dst (free RAM only),
 * overlapping ranges as memmove does them (Letux's flashing script copies
 * its MLO into four 128 KiB slots with cp.l). */
static int do_cp(int argc, char *const argv[])
{
	unsigned long src, dst, count;
	unsigned sz;

	if (size_of(argv, &sz))
		return -EINVAL;
	if (argc != 4)
		return cmd_usage(argv);
	if (arg_hex(argv, 1, "source address", 0xFFFFFFFFul, &src) ||
	    arg_hex(argv, 2, "target address", 0xFFFFFFFFul, &dst) ||
	    arg_hex(argv, 3, "count", MAX_BYTES / sz, &count) ||
	    cmd_ram_check(argv, src, count * sz, sz, false) ||
	    cmd_ram_check(argv, dst, count * sz, sz, true))
		return -EINVAL;
	memmove((void *)dst, (const void *)src, count * sz);
	return 0;
}
CMD(cp, "cp", do_cp, "cp[.b|.w|.l] <source> <target> <count>", "copy memory (to free RAM only)");

static int do_crc32(int argc, char *const argv[])
{
	unsigned long addr, len;

	if (argc != 3)
		return cmd_usage(argv);
	if (arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr) ||
	    arg_hex(argv, 2, "length", MAX_BYTES, &len) ||
	    cmd_ram_check(argv, addr, len, 1, false))
		return -EINVAL;
	/* U-Boot's hash_show() line, which test/py reads ("==> ") */
	printf("crc32 for %08lx ... %08lx ==> %08x\n", addr, addr + len - 1,
	       (unsigned)crc32(0, (const void *)addr, len));
	return 0;
}
CMD(crc32, "crc32", do_crc32, "crc32 <addr> <length>", "CRC-32 of memory (as gzip, zlib)");
