// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Memory commands with U-Boot's names and syntax: md, mm, nm, mw, cp,
 * cmp, crc32, base, loop and random.
 * They reach only RAM (the SDRAM banks that exist and the SRAM, TRM
 * chapter 2 "Memory Mapping"): peripheral registers are left to drivers,
 * since a read of an unclocked module aborts.
 */
#include "arch/arm/cold.h"
#include "common/cli.h"

#include "common/memcheck.h"
#include "common/sysinfo.h"
#include "lib/shell/cmdargs.h"
#include "lib/crc32.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

#define MAX_BYTES  0x10000000ul

/* U-Boot's `base`: added to the addresses md, mm, nm, mw, cp and cmp
 * are given. */
static unsigned long base_address;
/* Where md and mm go on when an empty line repeats them, as U-Boot's. */
static unsigned long md_addr, md_count = 0x40, mm_addr;
static unsigned md_size = 4, mm_size = 4;

/* argv[i] as an address plus the base. */
static int arg_addr(char *const argv[], int i, const char *what, unsigned long *v)
{
	if (arg_hex(argv, i, what, 0xFFFFFFFFul, v))
		return -EINVAL;
	*v = (*v + base_address) & 0xFFFFFFFFul;
	return 0;
}

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

uint32_t cmd_ram_end(uint32_t addr)
{
	if (within(addr, (uint64_t)addr + 1, SRAM_BASE, SRAM_END - SRAM_BASE))
		return SRAM_END;
	if (within(addr, (uint64_t)addr + 1, sys.dram.base[0], sys_ram_end() - sys.dram.base[0]))
		return sys_ram_end();
	if (within(addr, (uint64_t)addr + 1, sys.dram.base[1], sys.dram.size[1]))
		return sys.dram.base[1] + sys.dram.size[1];
	return addr;
}

uint32_t cmd_free_end(uint32_t addr)
{
	uint32_t end = sys_ram_end();

	if (addr < sys.area_start)
		end = sys.area_start;
	if (sys.fb_start && addr < sys.fb_start && sys.fb_start < end)
		end = sys.fb_start;
	return end > addr ? end : addr;
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
	unsigned long addr = md_addr, count = md_count;
	unsigned sz = md_size;
	uint32_t a, n;

	if (argc < 2 || argc > 3)
		return cmd_usage(argv);
	/* repeated by an empty line: the next count units */
	if (!cli_repeat && (size_of(argv, &sz) || arg_addr(argv, 1, "address", &addr) ||
			    (argc > 2 && arg_hex(argv, 2, "count", MAX_BYTES / sz, &count))))
		return -EINVAL;
	if (!count)
		return cmd_error(argv, "bad count '%s'", argv[2]);
	if (cmd_ram_check(argv, addr, count * sz, sz, false))
		return -EINVAL;
	md_addr = addr + count * sz;
	md_count = count;
	md_size = sz;
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
CMD_REP(md, "md", do_md, "md[.b|.w|.l] <addr> [count]",
	"memory display (RAM only; count in units, hex; Enter: the next ones)");

/* mm (the address goes up after each value) and nm (it stays): U-Boot's
 * interactive modify. Enter keeps a value, '-' goes back (mm), a hex
 * number is written, anything else (or Ctrl-C) ends. */
static int modify(int argc, char *const argv[], bool incr)
{
	unsigned long addr = mm_addr;
	unsigned sz = mm_size;
	char line[32];
	int n;

	if (argc != 2)
		return cmd_usage(argv);
	if (!cli_repeat && (size_of(argv, &sz) || arg_addr(argv, 1, "address", &addr)))
		return -EINVAL;
	for (;;) {
		const char *p = line;
		unsigned long v = 0;
		bool digits = false;

		if (cmd_ram_check(argv, addr, sz, sz, false))
			return -EINVAL;
		printf("%08lx: %0*x", addr, (int)sz * 2, (unsigned)rd(addr, sz));
		line[0] = 0;    /* cli_readline edits what buf holds: nothing */
		n = cli_readline(" ? ", line, sizeof(line));
		if (n == 0 || (n == 1 && line[0] == '-')) {
			if (incr)
				addr += n ? -sz : sz;
			continue;
		}
		if (n > 0 && p[0] == '0' && (p[1] | 0x20) == 'x')
			p += 2;
		for (; n > 0 && *p; p++) {
			unsigned c = (unsigned char)*p, d = c - '0' < 10 ? c - '0' :
				     (c | 0x20) - 'a' < 6 ? (c | 0x20) - 'a' + 10 : 16;

			if (d > 15)
				break;
			v = v << 4 | d;
			digits = true;
		}
		if (!digits)
			break;
		if (cmd_ram_check(argv, addr, sz, sz, true))
			return -EINVAL;
		wr(addr, sz, (uint32_t)v);
		if (incr)
			addr += sz;
	}
	mm_addr = addr;
	mm_size = sz;
	return 0;
}

static int do_mm(int argc, char *const argv[])
{
	return modify(argc, argv, true);
}
CMD_REP(mm, "mm", do_mm, "mm[.b|.w|.l] <addr>", "memory modify (auto-incrementing address)");

static int do_nm(int argc, char *const argv[])
{
	return modify(argc, argv, false);
}
CMD_REP(nm, "nm", do_nm, "nm[.b|.w|.l] <addr>", "memory modify (constant address)");

static int do_mw(int argc, char *const argv[])
{
	unsigned long addr, val, count = 1;
	unsigned sz;

	if (size_of(argv, &sz))
		return -EINVAL;
	if (argc < 3 || argc > 4)
		return cmd_usage(argv);
	if (arg_addr(argv, 1, "address", &addr) ||
	    arg_hex(argv, 2, "value", 0xFFFFFFFFul >> (32 - 8 * sz), &val) ||
	    (argc > 3 && arg_hex(argv, 3, "count", MAX_BYTES / sz, &count)))
		return -EINVAL;
	if (cmd_ram_check(argv, addr, count * sz, sz, true))
		return -EINVAL;
	for (; count; count--, addr += sz)
		wr(addr, sz, val);
	return 0;
}
CMD_REP(mw, "mw", do_mw, "mw[.b|.w|.l] <addr> <value> [count]",
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
	if (arg_addr(argv, 1, "address", &a) || arg_addr(argv, 2, "address", &b) ||
	    arg_hex(argv, 3, "count", MAX_BYTES / sz, &count) ||
	    cmd_ram_check(argv, a, count * sz, sz, false) ||
	    cmd_ram_check(argv, b, count * sz, sz, false))
		return -EINVAL;
	/* U-Boot's texts (test/py's test_mmc_wr reads the last line) */
	const char *type = sz == 4 ? "word" : sz == 2 ? "halfword" : "byte";

	for (i = 0; i < count; i++) {
		va = rd(a + i * sz, sz);
		vb = rd(b + i * sz, sz);
		if (va != vb) {
			printf("%s at 0x%08lx (%s%x) != %s at 0x%08lx (%s%x)\n", type, a + i * sz,
			       va ? "0x" : "", (unsigned)va, type, b + i * sz, vb ? "0x" : "",
			       (unsigned)vb);
			break;
		}
	}
	printf("Total of %lu %s(s) were the same\n", i, type);
	return i == count ? 0 : -EBADMSG;
}
CMD_REP(cmp, "cmp", do_cmp, "cmp[.b|.w|.l] <addr1> <addr2> <count>", "compare memory");

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
	if (arg_addr(argv, 1, "source address", &src) ||
	    arg_addr(argv, 2, "target address", &dst) ||
	    arg_hex(argv, 3, "count", MAX_BYTES / sz, &count) ||
	    cmd_ram_check(argv, src, count * sz, sz, false) ||
	    cmd_ram_check(argv, dst, count * sz, sz, true))
		return -EINVAL;
	memmove((void *)dst, (const void *)src, count * sz);
	return 0;
}
CMD_REP(cp, "cp", do_cp, "cp[.b|.w|.l] <source> <target> <count>", "copy memory (to free RAM only)");

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
	       (unsigned)crc32_bulk(0, (const void *)addr, len));
	return 0;
}
CMD_REP(crc32, "crc32", do_crc32, "crc32 <addr> <length>", "CRC-32 of memory (as gzip, zlib)");

static int do_base(int argc, char *const argv[])
{
	unsigned long v;

	if (argc > 2)
		return cmd_usage(argv);
	if (argc == 2) {
		if (arg_hex(argv, 1, "offset", 0xFFFFFFFFul, &v))
			return -EINVAL;
		base_address = v;
	}
	printf("Base Address: 0x%08lx\n", base_address);
	return 0;
}
CMD_REP(base, "base", do_base, "base [off]",
	"print or set the address offset of md, mm, nm, mw, cp and cmp");

/* U-Boot's loop reads the range for ever, for a scope or a logic
 * analyser; here Ctrl-C ends it (checked every 4096 reads). */
static int do_loop(int argc, char *const argv[])
{
	unsigned long addr, count;
	unsigned sz, n = 0;

	if (size_of(argv, &sz))
		return -EINVAL;
	if (argc != 3)
		return cmd_usage(argv);
	if (arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr) ||
	    arg_hex(argv, 2, "count", MAX_BYTES / sz, &count))
		return -EINVAL;
	if (!count)
		return cmd_error(argv, "bad count '%s'", argv[2]);
	if (cmd_ram_check(argv, addr, count * sz, sz, false))
		return -EINVAL;
	for (;;) {
		for (unsigned long i = 0; i < count; i++) {
			rd(addr + i * sz, sz);
			if (!(++n & 4095) && cli_ctrlc())
				return -ECANCELED;
		}
	}
}
CMD_REP(loop, "loop", do_loop, "loop[.b|.w|.l] <addr> <count>",
	"read a range of memory over and over (Ctrl-C ends)");

/* U-Boot's rand(): Marsaglia's xorshift32, so a seed gives the same
 * bytes as there. */
static uint32_t xorshift(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static int do_random(int argc, char *const argv[])
{
	unsigned long addr, len, seed;
	uint32_t s;
	uint8_t *p;

	if (argc < 3 || argc > 4)
		return cmd_usage(argv);
	if (arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr) ||
	    arg_hex(argv, 2, "length", MAX_BYTES, &len) ||
	    (argc > 3 && arg_hex(argv, 3, "seed", 0xFFFFFFFFul, &seed)) ||
	    cmd_ram_check(argv, addr, len, 1, true))
		return -EINVAL;
	if (argc < 4)
		seed = (uint32_t)timer_us() ^ 0x2545F491u;
	if (!seed) {
		pr_warn("The seed cannot be 0. Using 0xDEADBEEF.\n");
		seed = 0xDEADBEEF;
	}
	s = (uint32_t)seed;
	p = (uint8_t *)addr;
	for (unsigned long i = 0; i + 4 <= len; i += 4, p += 4) {
		uint32_t v = xorshift(&s);

		memcpy(p, &v, 4);
	}
	for (unsigned long i = 0; i < (len & 3); i++)
		*p++ = (uint8_t)xorshift(&s);
	printf("%lu bytes filled with random data\n", len);
	return 0;
}
CMD(random, "random", do_random, "random <addr> <len> [<seed>]",
    "fill memory with a random pattern (free RAM only)");
