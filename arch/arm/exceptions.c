// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fatal CPU exceptions and stack-protector failures: report on the console,
 * wait a little so the report can be read, reset (ARM ARM B1.8 and B4.1.51
 * for the fault status/address registers).
 */
#include <stdbool.h>
#include <stdint.h>

#include "arch/arm/cpu.h"
#include "drivers/timer/timer.h"
#include "lib/printf.h"

#define RESET_DELAY_MS	3000
#define PSR_T		(1u << 5)

static const char *const exc_names[] = {
	"?", "undefined instruction", "SWI", "prefetch abort", "data abort",
	"unused vector", "IRQ", "FIQ",
};

static void __attribute__((noreturn)) report_reset(void)
{
	printf("resetting in %u s\n", RESET_DELAY_MS / 1000);
	mdelay(RESET_DELAY_MS);
	cpu_reset();
}

void arm_exception(unsigned type, struct exc_frame *f, uint32_t spsr)
{
	static int depth;
	bool thumb = spsr & PSR_T;
	uint32_t pc;

	/* A fault while reporting one: the console itself may be the cause. */
	if (depth++)
		cpu_reset();
	switch (type) {
	case EXC_UNDEF:
	case EXC_SWI:
		pc = f->exc_lr - (thumb ? 2 : 4);
		break;
	case EXC_DABT:
		pc = f->exc_lr - 8;
		break;
	default:
		pc = f->exc_lr - 4;
		break;
	}
	printf("\n*** %s at pc %08x (%s), cpsr %08x\n",
	       exc_names[type < 8 ? type : 0], (unsigned)pc, thumb ? "Thumb" : "ARM",
	       (unsigned)spsr);
	for (int i = 0; i < 13; i++)
		printf("r%-2d %08x%s", i, (unsigned)f->r[i], i % 4 == 3 ? "\n" : "  ");
	printf("sp  %08x  lr  %08x\n", (unsigned)f->sp, (unsigned)f->lr);
	if (type == EXC_DABT)
		printf("DFAR %08x  DFSR %08x\n", (unsigned)cpu_dfar(), (unsigned)cpu_dfsr());
	else if (type == EXC_PABT)
		printf("IFAR %08x  IFSR %08x\n", (unsigned)cpu_ifar(), (unsigned)cpu_ifsr());
	report_reset();
}

/* libfdt.a is built with -fstack-protector. A fixed canary still catches
 * the overruns that matter here: linear overflows of local buffers. */
uintptr_t __stack_chk_guard = 0xE7A2B00Cu;

void __attribute__((noreturn)) __stack_chk_fail(void)
{
	printf("\n*** stack smashing detected in the function returning to %p\n",
	       __builtin_return_address(0));
	report_reset();
}
