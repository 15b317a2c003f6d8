// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: --watch-writes, a map of the SDRAM pages written during the
 * run, so that tests can check a boot only touched its load windows and
 * gtaboot's own buffers. SDRAM is whatever the SDRC maps from 0x80000000
 * up (TRM chapter 11 "Memory Subsystem", the Q2/Q3 address spaces).
 *
 * How: the host memory behind each chip select starts read-only; the first
 * store to a page faults on the host, the handler marks the page and makes
 * it writable, and the store runs again. So each page costs one fault and
 * stores take Unicorn's fast path. A hook on every store (the way before)
 * kept them all on the slow path: a watched boot to the hand-off took
 * 1.04 s of host time with it and about 0.35 s this way. What the map
 * holds is what the memory holds: the CPU's stores (through the guest's
 * MMU or not) and the models' DMA alike. A page is named by the address
 * its chip select's window has at the report; a CS the SDRC translates
 * (rows and columns programmed otherwise than the part's) is named by
 * where the bytes are stored.
 *
 * Hosts whose page is not 4 KiB get the store hook instead.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tools/sim/models.h"

#define PAGE		4096u
#define CS_PAGES	(0x40000000u / PAGE)   /* at most 1 GiB per CS */

struct watch {
	uint8_t bits[2][CS_PAGES / 8];
	uint8_t *mem[2];
	uint32_t bytes[2];
	struct sigaction old;
	uc_hook hook;                  /* the store hook's way */
	int broken;                    /* mprotect refused: the errno */
};

static struct watch *active;           /* for the signal handler */

static void mark(struct watch *w, int cs, uint32_t page)
{
	w->bits[cs][page >> 3] |= (uint8_t)(1u << (page & 7));
}

/* A store to a page still read-only: mark it, open it, let the store run
 * again. A fault anywhere else is not ours: the previous handler gets it
 * (the same instruction faults again once this one is back). */
static void on_segv(int sig, siginfo_t *si, void *uctx)
{
	struct watch *w = active;
	uintptr_t a = (uintptr_t)si->si_addr;
	int saved = errno;

	for (int cs = 0; w && cs < 2; cs++) {
		uintptr_t off = a - (uintptr_t)w->mem[cs];

		if (!w->mem[cs] || off >= w->bytes[cs])
			continue;
		mark(w, cs, (uint32_t)(off / PAGE));
		if (mprotect(w->mem[cs] + off / PAGE * PAGE, PAGE, PROT_READ | PROT_WRITE)) {
			/* too many mappings for the kernel: open it all and
			 * say in the report that the map is incomplete */
			w->broken = errno;
			mprotect(w->mem[cs], w->bytes[cs], PROT_READ | PROT_WRITE);
		}
		errno = saved;
		return;
	}
	sigaction(SIGSEGV, w ? &w->old : &(struct sigaction){ .sa_handler = SIG_DFL }, NULL);
}

/* The store hook's way: Unicorn's virtual address through the guest's
 * tables; a store is at most 8 bytes, so its two ends cover its pages. */
static void hook_write(uc_engine *uc, uc_mem_type type, uint64_t addr, int size,
		       int64_t value, void *user)
{
	struct sim *s = user;
	uint32_t pa[2], last = (uint32_t)addr + (uint32_t)(size > 0 ? size - 1 : 0);

	if (!vm_translate(s, (uint32_t)addr, &pa[0]) || !vm_translate(s, last, &pa[1]))
		return;
	for (int i = 0; i < 2; i++) {
		for (int cs = 0; cs < 2; cs++) {
			void *mem;
			uint32_t bytes, base;

			if (sdrc_cs_memory(s, cs, &mem, &bytes, &base) && pa[i] - base < bytes)
				mark(s->watch, cs, (pa[i] - base) / PAGE);
		}
	}
}

void watch_init(struct sim *s)
{
	struct watch *w;
	struct sigaction sa = { .sa_sigaction = on_segv, .sa_flags = SA_SIGINFO | SA_NODEFER };

	if (!s->cfg.watch_writes)
		return;
	w = s->watch = calloc(1, sizeof(*s->watch));
	if (!w)
		abort();
	if (sysconf(_SC_PAGESIZE) != PAGE) {
		uc_hook_add(s->uc, &w->hook, UC_HOOK_MEM_WRITE, hook_write, s, 1, 0);
		return;
	}
	for (int cs = 0; cs < 2; cs++) {
		void *mem;
		uint32_t bytes, base;

		sdrc_cs_memory(s, cs, &mem, &bytes, &base);
		if (!mem || !bytes || bytes > CS_PAGES * PAGE)
			continue;
		w->mem[cs] = mem;
		w->bytes[cs] = bytes;
		if (mprotect(mem, bytes, PROT_READ)) {
			perror("gtaboot-sim: --watch-writes");
			exit(1);
		}
	}
	active = w;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &w->old);
}

static bool written(const struct watch *w, int cs, uint32_t p)
{
	return w->bits[cs][p >> 3] & (1u << (p & 7));
}

/* "sdram_writes": [[start, end], ...], end exclusive, or null without
 * --watch-writes; "sdram_writes_incomplete" follows when the host refused
 * to split its mappings further. The caller has written the key. */
void watch_report(struct sim *s, FILE *f)
{
	const struct watch *w = s->watch;
	uint32_t base[2] = { 0 }, bytes[2] = { 0 };
	bool first = true;
	int order[2] = { 0, 1 };

	if (!w) {
		fputs("null", f);
		return;
	}
	for (int cs = 0; cs < 2; cs++) {
		void *mem;

		if (!sdrc_cs_memory(s, cs, &mem, &bytes[cs], &base[cs]))
			bytes[cs] = 0;
	}
	if (bytes[1] && base[1] < base[0]) {
		order[0] = 1;
		order[1] = 0;
	}
	fputc('[', f);
	for (int i = 0; i < 2; i++) {
		int cs = order[i];
		uint32_t n = bytes[cs] / PAGE;

		for (uint32_t p = 0; p < n;) {
			uint32_t q;

			if (!written(w, cs, p)) {
				p++;
				continue;
			}
			for (q = p + 1; q < n && written(w, cs, q); q++)
				;
			fprintf(f, "%s[%llu, %llu]", first ? "" : ", ",
				(unsigned long long)base[cs] + (uint64_t)p * PAGE,
				(unsigned long long)base[cs] + (uint64_t)q * PAGE);
			first = false;
			p = q;
		}
	}
	fputc(']', f);
	if (w->broken)
		fprintf(f, ", \"sdram_writes_incomplete\": \"%s\"", strerror(w->broken));
}
