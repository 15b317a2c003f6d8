// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: virtual memory for a guest that runs with its MMU on (Linux).
 *
 * Unicorn 2.0.1 looks an address up in its own region list before it
 * translates it through the guest's page tables: with no region at the
 * virtual address the access fails as unmapped, with any region there it is
 * translated and reaches the physical RAM or MMIO model. So while SCTLR.M
 * is set, every range of the 32-bit space no model claims is filled with a
 * "hole" region. The holes are MMIO regions: an access whose *physical*
 * address lands in one (a page table pointing at nothing) reaches hole_io()
 * with the physical offset and stops the run with address and PC, exactly
 * as an unmodelled access does with the MMU off. Holes need UC_PROT_ALL:
 * Unicorn applies the permissions of the region at the virtual address.
 * When the MMU goes off again the holes are removed.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/core.h"
#include "tools/sim/models.h"

#define VM_MAX_HOLES 256

struct vm {
	bool filled;
	int n;
	struct hole { struct sim *s; uint64_t base, size; } hole[VM_MAX_HOLES];
};

static struct vm *vm_of(struct sim *s)
{
	if (!s->vm) {
		s->vm = calloc(1, sizeof(*s->vm));
		if (!s->vm)
			abort();
	}
	return s->vm;
}

static void hole_fault(struct hole *h, uint64_t off, unsigned size, bool write)
{
	struct sim *s = h->s;


	sim_stop(s, SIM_FAULT, "unmodelled access: physical 0x%08x (size %u, %s, through the "
		 "MMU) at PC 0x%08x", (uint32_t)(h->base + off), size, write ? "write" : "read",
		 sim_pc(s));
}

static uint64_t hole_read(uc_engine *uc, uint64_t off, unsigned size, void *opaque)
{
	hole_fault(opaque, off, size, false);
	return 0;
}

static void hole_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t val, void *opaque)
{
	hole_fault(opaque, off, size, true);
}

static int cmp_region(const void *a, const void *b)
{
	const uc_mem_region *x = a, *y = b;

	return x->begin < y->begin ? -1 : x->begin > y->begin;
}

static void add_hole(struct sim *s, struct vm *v, uint64_t base, uint64_t end)
{
	struct hole *h;

	if (end <= base)
		return;
	if (v->n == VM_MAX_HOLES) {
		sim_stop(s, SIM_FAULT, "vm: more than %d unclaimed ranges to fill", VM_MAX_HOLES);
		return;
	}
	h = &v->hole[v->n];
	*h = (struct hole){ s, base, end - base };
	if (uc_mmio_map(s->uc, base, end - base, hole_read, h, hole_write, h) != UC_ERR_OK ||
	    uc_mem_protect(s->uc, base, end - base, UC_PROT_ALL) != UC_ERR_OK) {
		sim_stop(s, SIM_FAULT, "vm: cannot fill 0x%08llx..0x%08llx",
			 (unsigned long long)base, (unsigned long long)end - 1);
		return;
	}
	v->n++;
}

void vm_fill(struct sim *s)
{
	struct vm *v = vm_of(s);
	uc_mem_region *r = NULL;
	uint32_t n = 0;
	uint64_t at = 0;

	if (v->filled)
		return;
	if (uc_mem_regions(s->uc, &r, &n) != UC_ERR_OK)
		return;
	qsort(r, n, sizeof(*r), cmp_region);
	for (uint32_t i = 0; i < n; i++) {
		add_hole(s, v, at, r[i].begin);
		at = r[i].end + 1;
	}
	add_hole(s, v, at, 0x100000000ull);
	uc_free(r);
	v->filled = true;
}

void vm_clear(struct sim *s)
{
	struct vm *v = vm_of(s);

	for (int i = 0; i < v->n; i++)
		uc_mem_unmap(s->uc, v->hole[i].base, v->hole[i].size);
	v->n = 0;
	v->filled = false;
}

bool vm_filled(struct sim *s)
{
	return s->vm && s->vm->filled;
}

/* ------------------------------------------------------------ aborts */

static bool phys_word(struct sim *s, uint32_t pa, uint32_t *w)
{
	uint8_t *p = sim_ram_ptr(s, pa, 4);

	if (!p)
		return false;
	*w = (uint32_t)p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
	return true;
}

/*
 * The physical address of va, from the same walk of the guest's tables
 * (sections, supersections, small and large pages); va itself with the
 * MMU off. False when the tables do not map it.
 */
bool vm_translate(struct sim *s, uint32_t va, uint32_t *pa)
{
	uint32_t ttbcr, n, base, l1, l2;

	if (!(sim_cp15(s, 1, 0, 0, 0) & SCTLR_M)) {
		*pa = va;
		return true;
	}
	ttbcr = sim_cp15(s, 2, 0, 0, 2);
	n = ttbcr & 7;
	if (n && (va >> (32 - n)))
		base = sim_cp15(s, 2, 0, 0, 1) & ~0x3FFFu;
	else
		base = sim_cp15(s, 2, 0, 0, 0) & ~((0x4000u >> n) - 1);
	if (!phys_word(s, base + (va >> 20) * 4, &l1))
		return false;
	switch (l1 & 3) {
	case 2:
		if (l1 & BIT(18))                    /* supersection: 16 MiB */
			*pa = (l1 & 0xFF000000u) | (va & 0x00FFFFFFu);
		else
			*pa = (l1 & 0xFFF00000u) | (va & 0x000FFFFFu);
		return true;
	case 1:
		if (!phys_word(s, (l1 & ~0x3FFu) + ((va >> 12) & 0xFF) * 4, &l2) || !(l2 & 3))
			return false;
		if (l2 & 2)                          /* small page: 4 KiB */
			*pa = (l2 & 0xFFFFF000u) | (va & 0xFFFu);
		else                                 /* large page: 64 KiB */
			*pa = (l2 & 0xFFFF0000u) | (va & 0xFFFFu);
		return true;
	default:
		return false;
	}
}

/*
 * The fault status of an access to va, from a walk of the guest's
 * short-descriptor page tables (ARMv7-A ARM B3.5, "Short-descriptor
 * translation table format", and B3.13 "Exception reporting"): FS[4:0] in
 * bits 10 and 3:0, the domain in bits 7:4. Translation (section 0x5, page
 * 0x7), domain (0x9/0xB), permission (0xD/0xF) faults are found in the
 * tables; an access the tables allow faulted for its alignment (0x1).
 * user: PL0 access; write; fetch: an instruction fetch (XN applies).
 */
uint32_t vm_fault_status(struct sim *s, uint32_t va, bool user, bool write, bool fetch)
{
	uint32_t ttbcr = sim_cp15(s, 2, 0, 0, 2), n = ttbcr & 7;
	uint32_t dacr = sim_cp15(s, 3, 0, 0, 0);
	uint32_t base, l1, l2 = 0, dom, ap, apx, xn;
	bool page;

	if (n && (va >> (32 - n)))
		base = sim_cp15(s, 2, 0, 0, 1) & ~0x3FFFu;
	else
		base = sim_cp15(s, 2, 0, 0, 0) & ~((0x4000u >> n) - 1);
	if (!phys_word(s, base + (va >> 20) * 4, &l1) || (l1 & 3) == 0 || (l1 & 3) == 3)
		return 0x5;                          /* translation fault, section */
	dom = (l1 >> 5) & 0xF;
	page = (l1 & 3) == 1;
	if (page) {
		if (!phys_word(s, (l1 & ~0x3FFu) + ((va >> 12) & 0xFF) * 4, &l2) || !(l2 & 3))
			return 0x7 | dom << 4;       /* translation fault, page */
		ap = (l2 >> 4) & 3;
		apx = (l2 >> 9) & 1;
		xn = (l2 & 2) ? l2 & 1 : (l2 >> 15) & 1;
	} else {
		if (l1 & BIT(18))
			dom = 0;                     /* supersection: domain 0 */
		ap = (l1 >> 10) & 3;
		apx = (l1 >> 15) & 1;
		xn = (l1 >> 4) & 1;
	}
	switch ((dacr >> (2 * dom)) & 3) {
	case 0: case 2:
		return (page ? 0xB : 0x9) | dom << 4;   /* domain fault */
	case 3:
		return 0x1 | dom << 4;               /* manager: no permission check */
	}
	{
		/* AP[2:0] (SCTLR.AFE = 0): may PL1 / PL0 read, write? */
		unsigned a = apx << 2 | ap;
		bool rd = user ? (a == 2 || a == 3 || a == 6 || a == 7) : (a != 0 && a != 4);
		bool wr = user ? a == 3 : (a == 1 || a == 2 || a == 3);

		if ((write ? !wr : !rd) || (fetch && xn))
			return (page ? 0xF : 0xD) | dom << 4;   /* permission fault */
	}
	return 0x1 | dom << 4;                       /* alignment */
}
