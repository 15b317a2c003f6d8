// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The test payload: a stand-in kernel that checks the ARM Linux boot
 * protocol it was entered with (Documentation/arch/arm/booting.rst:
 * SVC mode, IRQ/FIQ masked, MMU and D-cache off, r0 = 0, r1 = machine type
 * 0xFFFFFFFF for a DT boot, r2 = an 8-byte-aligned FDT in RAM not
 * overlapping the kernel), reports the DTB it was given on UART3 (OMAP3
 * TRM chapter 17, polled THR) and powers the board off through the
 * TWL4030 (TPS65950 TRM SWCU050) so that a test run ends on its own.
 */
#include <libfdt.h>
#include <stdbool.h>
#include <stdint.h>

#include "arch/arm/io.h"
#include "drivers/i2c/omap_i2c.h"
#include "drivers/power/twl4030.h"
#include "drivers/timer/timer.h"
#include "lib/printf.h"
#include "lib/string.h"

#define UART3_BASE	0x49020000
#define UART_THR	0x00
#define UART_LSR	0x14
#define LSR_THRE	0x20
#define I2C1_BASE	0x48070000

#define CPSR_MODE	0x1f
#define CPSR_SVC	0x13
#define CPSR_F		0x40
#define CPSR_I		0x80
#define CPSR_T		0x20
#define SCTLR_M		0x1
#define SCTLR_C		0x4

#define MAX_BANKS	8

struct boot_regs {
	uint32_t r0, r1, r2, cpsr, sctlr;
};

struct range {
	uint64_t start, size;
};

/* What the checks found wrong, for the last line of the report. */
static char violations[512];

extern char _entry[], _end[];

uintptr_t __stack_chk_guard = 0x5041594cu;

void __attribute__((noreturn)) __stack_chk_fail(void)
{
	printf("payload: stack smashing detected\n");
	for (;;)
		;
}

static void uart_putc(char c)
{
	/* 115200 baud: a character takes 87 us; 10 ms means the UART is dead
	 * and the report is lost anyway. */
	uint64_t start = timer_us();

	if (c == '\n')
		uart_putc('\r');
	while (!(readl(UART3_BASE + UART_LSR) & LSR_THRE))
		if (timer_us() - start > 10000)
			return;
	writel((uint8_t)c, UART3_BASE + UART_THR);
}

static void violation(const char *what)
{
	size_t n = strlen(violations);

	snprintf(violations + n, sizeof(violations) - n, "%s%s", n ? "; " : "", what);
}

static uint64_t read_cells(const fdt32_t *p, int cells)
{
	uint64_t v = 0;

	while (cells-- > 0)
		v = v << 32 | fdt32_to_cpu(*p++);
	return v;
}

static bool overlaps(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return a < b + blen && b < a + alen;
}

static bool in_banks(const struct range *bank, int n, uint64_t start, uint64_t size)
{
	for (int i = 0; i < n; i++)
		if (start >= bank[i].start && start + size <= bank[i].start + bank[i].size)
			return true;
	return false;
}

/* Every bank of every device_type = "memory" node; prints them. */
static int report_memory(const void *fdt, struct range *bank)
{
	int ac = fdt_address_cells(fdt, 0), sc = fdt_size_cells(fdt, 0);
	int n = 0, node;

	printf("payload: memory");
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2) {
		printf(" (root #address-cells %d, #size-cells %d unsupported)\n", ac, sc);
		violation("root #address-cells/#size-cells not 1 or 2");
		return 0;
	}
	for (node = fdt_node_offset_by_prop_value(fdt, -1, "device_type", "memory", 7);
	     node >= 0;
	     node = fdt_node_offset_by_prop_value(fdt, node, "device_type", "memory", 7)) {
		int len;
		const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);

		if (!reg || len % (4 * (ac + sc))) {
			printf(" (%s: bad reg)", fdt_get_name(fdt, node, NULL));
			violation("memory node with a malformed reg");
			continue;
		}
		for (; len > 0; len -= 4 * (ac + sc), reg += ac + sc) {
			uint64_t start = read_cells(reg, ac), size = read_cells(reg + ac, sc);

			printf(" 0x%08llx+0x%08llx", (unsigned long long)start,
			       (unsigned long long)size);
			if (n < MAX_BANKS)
				bank[n++] = (struct range){ start, size };
		}
	}
	printf("\n");
	if (!n)
		violation("no memory banks in the DTB");
	return n;
}

static void report_chosen(const void *fdt, const struct range *bank, int nbanks,
			  struct range *initrd)
{
	int node = fdt_path_offset(fdt, "/chosen");
	const char *args = node >= 0 ? fdt_getprop(fdt, node, "bootargs", NULL) : NULL;
	const void *ps, *pe;
	int ls, le;

	initrd->size = 0;
	printf("payload: bootargs=%s\n", args ? args : "(none)");
	if (node < 0)
		return;
	ps = fdt_getprop(fdt, node, "linux,initrd-start", &ls);
	pe = fdt_getprop(fdt, node, "linux,initrd-end", &le);
	if (!ps && !pe) {
		printf("payload: initrd none\n");
		return;
	}
	if (!ps || !pe || (ls != 4 && ls != 8) || (le != 4 && le != 8)) {
		printf("payload: initrd malformed\n");
		violation("linux,initrd-start/end malformed or only one present");
		return;
	}
	initrd->start = read_cells(ps, ls / 4);
	initrd->size = read_cells(pe, le / 4) - initrd->start;
	printf("payload: initrd 0x%08llx-0x%08llx\n", (unsigned long long)initrd->start,
	       (unsigned long long)(initrd->start + initrd->size));
	if (read_cells(pe, le / 4) <= initrd->start) {
		violation("initrd end not above its start");
		initrd->size = 0;
	} else if (!in_banks(bank, nbanks, initrd->start, initrd->size)) {
		violation("initrd outside the memory banks");
	}
}

static void report_bci(const void *fdt)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, "ti,twl4030-bci");
	const fdt32_t *uv, *ua;
	int lv, la;

	if (node < 0) {
		printf("payload: bci none\n");
		return;
	}
	uv = fdt_getprop(fdt, node, "ti,bb-uvolt", &lv);
	ua = fdt_getprop(fdt, node, "ti,bb-uamp", &la);
	printf("payload: bci");
	if (uv && lv == 4)
		printf(" ti,bb-uvolt=%u", (unsigned)fdt32_to_cpu(*uv));
	else
		printf(" ti,bb-uvolt=%s", uv ? "(malformed)" : "(none)");
	if (ua && la == 4)
		printf(" ti,bb-uamp=%u", (unsigned)fdt32_to_cpu(*ua));
	else
		printf(" ti,bb-uamp=%s", ua ? "(malformed)" : "(none)");
	printf("\n");
}

static void check_cpu(const struct boot_regs *b)
{
	if ((b->cpsr & CPSR_MODE) != CPSR_SVC)
		violation("CPU not in SVC mode");
	if ((b->cpsr & (CPSR_I | CPSR_F)) != (CPSR_I | CPSR_F))
		violation("IRQ/FIQ not masked");
	if (b->cpsr & CPSR_T)
		violation("Thumb state");
	if (b->sctlr & SCTLR_M)
		violation("MMU on");
	if (b->sctlr & SCTLR_C)
		violation("D-cache on");
	if (b->r0 != 0)
		violation("r0 not 0");
	if (b->r1 != 0xFFFFFFFF)
		violation("r1 not 0xFFFFFFFF (DT boot)");
}

static void check_fdt(const struct boot_regs *b)
{
	const void *fdt = (const void *)(uintptr_t)b->r2;
	uint64_t self = (uintptr_t)_entry, self_len = (uintptr_t)(_end - _entry);
	struct range bank[MAX_BANKS], initrd;
	uint32_t total;
	int nbanks, err;

	if (b->r2 & 7)
		violation("DTB not 8-byte aligned");
	/* Only look at r2 when it is in SDRAM: anything else may not be
	 * mapped at all. */
	if (b->r2 < 0x80000000u || b->r2 > 0xFFFFFFF0u) {
		printf("payload: r2 = 0x%08x is not in SDRAM\n", (unsigned)b->r2);
		violation("r2 not in SDRAM");
		return;
	}
	err = fdt_check_header(fdt);
	if (err) {
		printf("payload: no valid FDT at r2 (%s, %d)\n", fdt_strerror(err), err);
		violation("r2 does not point to a valid FDT");
		return;
	}
	total = fdt_totalsize(fdt);
	nbanks = report_memory(fdt, bank);
	report_chosen(fdt, bank, nbanks, &initrd);
	report_bci(fdt);

	if (nbanks && !in_banks(bank, nbanks, self, self_len))
		violation("kernel image outside the memory banks");
	if (nbanks && !in_banks(bank, nbanks, b->r2, total))
		violation("DTB outside the memory banks");
	if (overlaps(b->r2, total, self, self_len))
		violation("DTB overlaps the kernel image");
	if (initrd.size && overlaps(initrd.start, initrd.size, self, self_len))
		violation("initrd overlaps the kernel image");
	if (initrd.size && overlaps(initrd.start, initrd.size, b->r2, total))
		violation("initrd overlaps the DTB");
}

static void power_off(void)
{
	static const struct omap_i2c_config cfg = {
		.name = "i2c1", .base = I2C1_BASE, .fclk_hz = 96000000, .speed_hz = 400000,
	};
	struct omap_i2c bus;
	struct twl4030 twl;
	int err;

	printf("payload: powering off\n");
	err = omap_i2c_init(&bus, &cfg);
	if (err) {
		printf("payload: i2c1 init failed (%d)\n", err);
		return;
	}
	twl4030_setup(&twl, &bus);
	twl4030_power_off(&twl);   /* returns only on failure, and says why */
}

void __attribute__((noreturn)) payload_main(const struct boot_regs *b)
{
	timer_init(0, 0);
	printf_set_output(uart_putc);
	printf("\npayload: entered at 0x%08x (image and bss up to 0x%08x)\n",
	       (unsigned)(uintptr_t)_entry, (unsigned)(uintptr_t)_end);
	printf("payload: r0=0x%08x r1=0x%08x r2=0x%08x cpsr=0x%08x sctlr=0x%08x\n",
	       (unsigned)b->r0, (unsigned)b->r1, (unsigned)b->r2, (unsigned)b->cpsr,
	       (unsigned)b->sctlr);
	check_cpu(b);
	check_fdt(b);
	if (violations[0])
		printf("payload: protocol VIOLATION: %s\n", violations);
	else
		printf("payload: protocol OK\n");
	power_off();
	printf("payload: halted\n");
	/* A kernel that cannot power off hangs; reading the counter lets the
	 * simulator fast-forward to its time limit. */
	for (;;)
		timer_us();
}
