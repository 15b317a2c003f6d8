// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The UEFI memory map and page allocator (see memmap.h). Written from UEFI
 * 2.10 section 7.2; allocations come from the top of RAM down, as U-Boot's
 * do, so that the low RAM an OS loader wants for a kernel stays free.
 */
#include "lib/efi/memmap.h"

#include "lib/errno.h"
#include "lib/string.h"

#define PAGE_MASK ((uint64_t)EFI_PAGE - 1)

void efi_mm_init(struct efi_memmap *m)
{
	memset(m, 0, sizeof(*m));
}

static bool same(const struct efi_mrange *a, const struct efi_mrange *b)
{
	return a->type == b->type && a->alloc == b->alloc;
}

/* [start, end) becomes one range of type; the rest keeps its types. The
 * map changes only when the result fits. */
static int set_range(struct efi_memmap *m, uint64_t start, uint64_t end, uint32_t type, bool alloc)
{
	struct efi_mrange t[EFI_MM_MAX + 2];
	unsigned n = 0, k = 0;
	bool placed = false;

	for (unsigned i = 0; i < m->n; i++) {
		const struct efi_mrange *r = &m->r[i];

		if (r->end <= start || r->start >= end) {
			if (!placed && r->start >= end) {
				t[n++] = (struct efi_mrange){ start, end, type, alloc };
				placed = true;
			}
			t[n++] = *r;
			continue;
		}
		if (r->start < start)
			t[n++] = (struct efi_mrange){ r->start, start, r->type, r->alloc };
		if (!placed) {
			t[n++] = (struct efi_mrange){ start, end, type, alloc };
			placed = true;
		}
		if (r->end > end)
			t[n++] = (struct efi_mrange){ end, r->end, r->type, r->alloc };
		if (n > EFI_MM_MAX + 1)
			return -ENOSPC;
	}
	if (!placed)
		t[n++] = (struct efi_mrange){ start, end, type, alloc };
	/* neighbours of one kind become one range */
	for (unsigned i = 0; i < n; i++) {
		if (k && t[k - 1].end == t[i].start && same(&t[k - 1], &t[i]))
			t[k - 1].end = t[i].end;
		else
			t[k++] = t[i];
	}
	if (k > EFI_MM_MAX)
		return -ENOSPC;
	memcpy(m->r, t, k * sizeof(t[0]));
	m->n = k;
	m->key++;
	return 0;
}

int efi_mm_set(struct efi_memmap *m, uint64_t start, uint64_t end, uint32_t type)
{
	start &= ~PAGE_MASK;
	end = (end + PAGE_MASK) & ~PAGE_MASK;
	if (end <= start)
		return 0;
	return set_range(m, start, end, type, false);
}

static bool type_ok(uint32_t type)
{
	/* UEFI 2.10 AllocatePages: the OEM and OS ranges are the caller's */
	return (type < EFI_MAX_MEMORY_TYPE && type != EFI_CONVENTIONAL_MEMORY &&
		type != EFI_PERSISTENT_MEMORY && type != EFI_UNACCEPTED_MEMORY) ||
	       type >= 0x70000000u;
}

/* Every page of [start, end) lies in a range that ok() accepts. */
static bool covered(const struct efi_memmap *m, uint64_t start, uint64_t end, bool want_alloc)
{
	uint64_t at = start;

	for (unsigned i = 0; i < m->n && at < end; i++) {
		const struct efi_mrange *r = &m->r[i];

		if (r->end <= at)
			continue;
		if (r->start > at)
			return false;
		if (want_alloc ? !r->alloc : r->type != EFI_CONVENTIONAL_MEMORY)
			return false;
		at = r->end;
	}
	return at >= end;
}

int efi_mm_alloc(struct efi_memmap *m, int how, uint32_t type, uint32_t pages, uint64_t *addr)
{
	uint64_t size = (uint64_t)pages * EFI_PAGE, limit = 1ull << 32;

	if (!type_ok(type) || !pages || !addr)
		return -EINVAL;
	if (how == EFI_ALLOCATE_ADDRESS) {
		if (*addr & PAGE_MASK)
			return -EINVAL;
		if (!covered(m, *addr, *addr + size, false))
			return -ENOMEM;
		return set_range(m, *addr, *addr + size, type, true);
	}
	if (how == EFI_ALLOCATE_MAX_ADDRESS) {
		if (*addr + 1 < limit)
			limit = (*addr + 1) & ~PAGE_MASK;
	} else if (how != EFI_ALLOCATE_ANY_PAGES) {
		return -EINVAL;
	}
	for (unsigned i = m->n; i-- > 0;) {
		const struct efi_mrange *r = &m->r[i];
		uint64_t top = r->end < limit ? r->end : limit;

		if (r->type != EFI_CONVENTIONAL_MEMORY || top <= r->start || top - r->start < size)
			continue;
		int err = set_range(m, top - size, top, type, true);

		if (!err)
			*addr = top - size;
		return err;
	}
	return -ENOMEM;
}

int efi_mm_free(struct efi_memmap *m, uint64_t addr, uint32_t pages)
{
	uint64_t end = addr + (uint64_t)pages * EFI_PAGE;

	if ((addr & PAGE_MASK) || !pages)
		return -EINVAL;
	if (!covered(m, addr, end, true))
		return -ENOENT;
	return set_range(m, addr, end, EFI_CONVENTIONAL_MEMORY, false);
}

int efi_mm_type(const struct efi_memmap *m, uint64_t addr)
{
	for (unsigned i = 0; i < m->n; i++)
		if (addr >= m->r[i].start && addr < m->r[i].end)
			return (int)m->r[i].type;
	return -1;
}

static void put64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

int efi_mm_get(const struct efi_memmap *m, void *buf, uint32_t *size)
{
	uint32_t need = m->n * EFI_MEMORY_DESC_SIZE;
	uint8_t *p = buf;

	if (*size < need || !buf) {
		*size = need;
		return -ENOSPC;
	}
	for (unsigned i = 0; i < m->n; i++, p += EFI_MEMORY_DESC_SIZE) {
		const struct efi_mrange *r = &m->r[i];

		memset(p, 0, EFI_MEMORY_DESC_SIZE);
		p[0] = (uint8_t)r->type;
		p[1] = (uint8_t)(r->type >> 8);
		p[2] = (uint8_t)(r->type >> 16);
		p[3] = (uint8_t)(r->type >> 24);
		put64(p + 8, r->start);
		put64(p + 16, r->start);
		put64(p + 24, (r->end - r->start) / EFI_PAGE);
		put64(p + 32, EFI_MEMORY_WB);
	}
	*size = need;
	return 0;
}
