// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: --watch-writes, a map of the SDRAM pages the guest wrote, so
 * that tests can check a boot only touched its load windows and gtaboot's
 * own buffers. SDRAM is whatever the SDRC maps from 0x80000000 up (TRM
 * chapter 11 "Memory Subsystem", the Q2/Q3 address spaces).
 *
 * Cost: a UC_HOOK_MEM_WRITE makes Unicorn call out on every store, so the
 * hook exists only with the option. It sees every store, translated
 * through the guest's tables when the MMU is on, and marks those that land
 * at 0x80000000 and up. A
 * bit per 4 KiB page: 64 KiB for the 2 GiB range.
 */
#include <stdlib.h>

#include "tools/sim/sim.h"

#define WATCH_BASE	0x80000000u
#define WATCH_PAGES	(0x80000000u >> 12)

struct watch {
	uint8_t bits[WATCH_PAGES / 8];
	uc_hook hook;
};

static void mark(struct watch *w, uint32_t first, uint32_t last)
{
	for (uint32_t p = first; p <= last; p++)
		w->bits[p >> 3] |= (uint8_t)(1u << (p & 7));
}

static void hook_write(uc_engine *uc, uc_mem_type type, uint64_t addr, int size,
		       int64_t value, void *user)
{
	struct sim *s = user;
	uint64_t last = addr + (uint64_t)(size > 0 ? size : 1) - 1;
	uint32_t pa[2];

	if (last > 0xFFFFFFFFull)
		last = 0xFFFFFFFFull;
	/* Unicorn reports virtual addresses; the map is of physical pages
	 * (gtaboot's cold part runs at an address the MMU moves). A store
	 * is at most 8 bytes: its two ends cover every page it touches, and
	 * one walk covers both when they share a 4 KiB page (the smallest a
	 * table maps), as nearly all do: the walk's CP15 reads were half of
	 * a watched run's host time. */
	if (!vm_translate(s, (uint32_t)addr, &pa[0]))
		return;
	if (((uint32_t)addr ^ (uint32_t)last) >> 12 == 0)
		pa[1] = pa[0] + (uint32_t)(last - addr);
	else if (!vm_translate(s, (uint32_t)last, &pa[1]))
		return;
	for (int i = 0; i < 2; i++)
		if (pa[i] >= WATCH_BASE)
			mark(s->watch, (pa[i] - WATCH_BASE) >> 12, (pa[i] - WATCH_BASE) >> 12);
}

void watch_init(struct sim *s)
{
	if (!s->cfg.watch_writes)
		return;
	s->watch = calloc(1, sizeof(*s->watch));
	if (!s->watch)
		abort();
	uc_hook_add(s->uc, &s->watch->hook, UC_HOOK_MEM_WRITE, hook_write, s, 1, 0);
}

static bool written(const struct watch *w, uint32_t p)
{
	return w->bits[p >> 3] & (1u << (p & 7));
}

/* "sdram_writes": [[start, end], ...], end exclusive, or null without
 * --watch-writes. The caller has written the key. */
void watch_report(struct sim *s, FILE *f)
{
	const struct watch *w = s->watch;
	bool first = true;

	if (!w) {
		fputs("null", f);
		return;
	}
	fputc('[', f);
	for (uint32_t p = 0; p < WATCH_PAGES;) {
		uint32_t q;

		if (!w->bits[p >> 3]) {
			p = (p | 7) + 1;
			continue;
		}
		if (!written(w, p)) {
			p++;
			continue;
		}
		for (q = p + 1; q < WATCH_PAGES && written(w, q); q++)
			;
		fprintf(f, "%s[%u, %llu]", first ? "" : ", ", WATCH_BASE + (p << 12),
			(unsigned long long)WATCH_BASE + ((uint64_t)q << 12));
		first = false;
		p = q;
	}
	fputc(']', f);
}
