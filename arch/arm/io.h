/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Memory-mapped register access for the Cortex-A8 (ARM ARM A3.5, device
 * memory): plain volatile loads and stores, read-modify-write helpers and
 * poll32(), the one bounded wait on a register that every driver uses.
 */
#ifndef ARCH_ARM_IO_H
#define ARCH_ARM_IO_H

#include <stdint.h>

/*
 * Ordering. In the SRAM part the MMU is off and every data access is
 * strongly ordered. Once main() turns the MMU on (arch/arm/mmu.c), the
 * peripherals are mapped as Shareable Device memory: accesses to Device
 * memory still reach the device in program order, and a read does not
 * complete before the device answers (ARM ARM A3.5.5), so a register write
 * is seen before the next register access and poll32() sees the device's
 * current state without a DSB. The compiler barrier keeps the compiler from
 * moving ordinary memory accesses across a register access. What neither
 * orders is a Normal-memory write against a register write as another bus
 * master sees them: a driver that starts DMA on a buffer must add a DSB
 * first (gtaboot has none).
 */
#ifdef GTABOOT_HOST_IO
/*
 * Host builds of the drivers (unit tests): every register access goes to a
 * backend the test links in, in the access size the driver uses
 * (tests/unit/sim/host_io.c drives the simulator's models with it).
 */
uint32_t host_io_read(uintptr_t addr, unsigned size);
void host_io_write(uintptr_t addr, unsigned size, uint32_t val);

static inline uint32_t readl(uintptr_t a) { return host_io_read(a, 4); }
static inline void writel(uint32_t v, uintptr_t a) { host_io_write(a, 4, v); }
static inline uint16_t readw(uintptr_t a) { return (uint16_t)host_io_read(a, 2); }
static inline void writew(uint16_t v, uintptr_t a) { host_io_write(a, 2, v); }
static inline uint8_t readb(uintptr_t a) { return (uint8_t)host_io_read(a, 1); }
static inline void writeb(uint8_t v, uintptr_t a) { host_io_write(a, 1, v); }
#else
#define io_barrier() __asm__ volatile("" ::: "memory")

static inline uint32_t readl(uintptr_t addr)
{
	uint32_t v = *(volatile uint32_t *)addr;
	io_barrier();
	return v;
}

static inline void writel(uint32_t val, uintptr_t addr)
{
	io_barrier();
	*(volatile uint32_t *)addr = val;
}

static inline uint16_t readw(uintptr_t addr)
{
	uint16_t v = *(volatile uint16_t *)addr;
	io_barrier();
	return v;
}

static inline void writew(uint16_t val, uintptr_t addr)
{
	io_barrier();
	*(volatile uint16_t *)addr = val;
}

static inline uint8_t readb(uintptr_t addr)
{
	uint8_t v = *(volatile uint8_t *)addr;
	io_barrier();
	return v;
}

static inline void writeb(uint8_t val, uintptr_t addr)
{
	io_barrier();
	*(volatile uint8_t *)addr = val;
}

#endif

static inline void setbits32(uintptr_t addr, uint32_t set)
{
	writel(readl(addr) | set, addr);
}

static inline void clrbits32(uintptr_t addr, uint32_t clr)
{
	writel(readl(addr) & ~clr, addr);
}

static inline void clrsetbits32(uintptr_t addr, uint32_t clr, uint32_t set)
{
	writel((readl(addr) & ~clr) | set, addr);
}

/*
 * The one bounded wait on a register, for every driver: reads the register
 * at addr (POLL_16 or POLL_32 wide) until (value & mask) == want, or with
 * POLL_ANY in how until any bit of mask is set (want is then unused), for
 * at most timeout_us microseconds of timer_us() (drivers/timer). Returns 0,
 * or -ETIMEDOUT when it never matched; *seen (may be NULL) gets the last
 * value read, the one that matched or the one that did not. The time is
 * sampled before each read, so a match read just after the deadline still
 * counts and a caller slowed by an interrupt is not failed by its delay.
 * Defined beside the timer it counts with (drivers/timer/poll.c).
 */
#define POLL_16  16u
#define POLL_32  32u
#define POLL_ANY 0x100u
int poll_reg(uintptr_t addr, unsigned how, uint32_t mask, uint32_t want,
	     uint32_t timeout_us, uint32_t *seen);

/* The common case, a 32-bit register's bits equal to want: out of line,
 * because four arguments cost each of its thirty callers less than six. */
int poll32(uintptr_t addr, uint32_t mask, uint32_t want, uint32_t timeout_us);

/*
 * Every busy wait (poll_reg, udelay/mdelay) calls
 * io_idle() while it waits. The console registers its drain there, so
 * buffered output goes out while the CPU waits for hardware instead of the
 * CPU waiting for the UART (115200 baud is 87 us a character).
 */
typedef void (*io_idle_fn)(void);
/* Sets the idle function and returns the previous one, so that a second
 * user (the display's panel set-up) can chain to the first. */
io_idle_fn io_set_idle(io_idle_fn fn);
void io_idle(void);

#endif
