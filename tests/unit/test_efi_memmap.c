// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/efi/memmap: the map bootefi builds (RAM, gtaboot's area, the
 * framebuffer), allocations of each kind from the top down, the map key,
 * FreePages only of allocated pages, ranges merged and split, a full map
 * refused unchanged, and GetMemoryMap's descriptors as bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/efi/memmap.h"
#include "lib/errno.h"

#define MB(x) ((uint64_t)(x) << 20)
#define RAM0  0x80000000ull
#define TOP   (RAM0 + MB(512))

static struct efi_memmap m;

/* a 512 MiB GTA04: RAM, gtaboot's area, the framebuffer below it */
static void board(void)
{
	efi_mm_init(&m);
	assert_int_equal(efi_mm_set(&m, RAM0, TOP, EFI_CONVENTIONAL_MEMORY), 0);
	assert_int_equal(efi_mm_set(&m, TOP - MB(3), TOP - MB(2), EFI_BOOT_SERVICES_CODE), 0);
	assert_int_equal(efi_mm_set(&m, TOP - MB(2), TOP, EFI_BOOT_SERVICES_DATA), 0);
	assert_int_equal(efi_mm_set(&m, TOP - MB(4), TOP - MB(4) + 0x96000, EFI_RESERVED_TYPE), 0);
}

static void test_board_map(void **state)
{
	board();
	assert_int_equal(m.n, 5);
	assert_int_equal(m.r[0].start, RAM0);
	assert_int_equal(m.r[0].end, TOP - MB(4));
	assert_int_equal(m.r[1].type, EFI_RESERVED_TYPE);
	assert_int_equal(m.r[1].end, TOP - MB(4) + 0x96000);
	assert_int_equal(m.r[2].type, EFI_CONVENTIONAL_MEMORY);
	assert_int_equal(m.r[2].end, TOP - MB(3));
	assert_int_equal(m.r[4].end, TOP);
	/* rounded out to whole pages */
	assert_int_equal(efi_mm_set(&m, RAM0 + 10, RAM0 + 20, EFI_RESERVED_TYPE), 0);
	assert_int_equal(m.r[0].end, RAM0 + EFI_PAGE);
	assert_int_equal(efi_mm_type(&m, RAM0 + 5), EFI_RESERVED_TYPE);
	assert_int_equal(efi_mm_type(&m, RAM0 + EFI_PAGE), EFI_CONVENTIONAL_MEMORY);
	assert_int_equal(efi_mm_type(&m, TOP), -1);
}

static void test_alloc_any_from_top(void **state)
{
	uint64_t a = 0, b = 0;
	uint32_t key;

	board();
	key = m.key;
	/* the highest free pages: between the framebuffer and gtaboot */
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ANY_PAGES, EFI_LOADER_DATA, 2, &a), 0);
	assert_int_equal(a, TOP - MB(3) - 2 * EFI_PAGE);
	assert_int_not_equal(m.key, key);
	/* too big for that gap: below the framebuffer */
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ANY_PAGES, EFI_LOADER_CODE, 256, &b), 0);
	assert_int_equal(b, TOP - MB(4) - MB(1));
	assert_int_equal(efi_mm_type(&m, b), EFI_LOADER_CODE);
	/* more than there is */
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ANY_PAGES, EFI_LOADER_DATA,
				      (uint32_t)(MB(512) / EFI_PAGE), &b), -ENOMEM);
}

static void test_alloc_max_and_address(void **state)
{
	uint64_t a = RAM0 + MB(32) - 1;

	board();
	/* Linux's stub: below dram_base + 32 MiB */
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_MAX_ADDRESS, EFI_BOOT_SERVICES_DATA, 16, &a), 0);
	assert_int_equal(a, RAM0 + MB(32) - 16 * EFI_PAGE);
	/* a max below RAM: nothing */
	a = RAM0 - 1;
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_MAX_ADDRESS, EFI_LOADER_DATA, 1, &a), -ENOMEM);
	/* exactly there: free RAM only, whole */
	a = RAM0;
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ADDRESS, EFI_LOADER_DATA, 8, &a), 0);
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ADDRESS, EFI_LOADER_DATA, 8, &a), -ENOMEM);
	a = RAM0 + MB(32) - 20 * EFI_PAGE;   /* runs into the first allocation */
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ADDRESS, EFI_LOADER_DATA, 8, &a), -ENOMEM);
	a = TOP - MB(3);                     /* gtaboot's own */
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ADDRESS, EFI_LOADER_DATA, 1, &a), -ENOMEM);
	a = TOP - EFI_PAGE;
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ADDRESS, EFI_LOADER_DATA, 2, &a), -ENOMEM);
	a = RAM0 + 0x800;                    /* unaligned */
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ADDRESS, EFI_LOADER_DATA, 1, &a), -EINVAL);
}

static void test_alloc_bad_args(void **state)
{
	uint64_t a = 0;
	uint32_t key;

	board();
	key = m.key;
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ANY_PAGES, EFI_CONVENTIONAL_MEMORY, 1, &a),
			 -EINVAL);
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ANY_PAGES, EFI_MAX_MEMORY_TYPE, 1, &a), -EINVAL);
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ANY_PAGES, EFI_LOADER_DATA, 0, &a), -EINVAL);
	assert_int_equal(efi_mm_alloc(&m, 3, EFI_LOADER_DATA, 1, &a), -EINVAL);
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ANY_PAGES, EFI_LOADER_DATA, 1, NULL), -EINVAL);
	assert_int_equal(m.key, key);
	/* the OEM and OS types are the caller's */
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ANY_PAGES, 0x80000001u, 1, &a), 0);
}

static void test_free_pages(void **state)
{
	uint64_t a = 0, b = 0;
	unsigned n;

	board();
	n = m.n;
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ANY_PAGES, EFI_LOADER_DATA, 4, &a), 0);
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ANY_PAGES, EFI_LOADER_DATA, 4, &b), 0);
	assert_int_equal(b, a - 4 * EFI_PAGE);
	assert_int_equal(m.n, n + 1);        /* neighbours of one kind merged */
	/* a page in the middle of the merged range */
	assert_int_equal(efi_mm_free(&m, a, 1), 0);
	assert_int_equal(efi_mm_type(&m, a), EFI_CONVENTIONAL_MEMORY);
	assert_int_equal(efi_mm_type(&m, a + EFI_PAGE), EFI_LOADER_DATA);
	assert_int_equal(efi_mm_free(&m, a, 1), -ENOENT);        /* twice */
	assert_int_equal(efi_mm_free(&m, TOP - MB(2), 1), -ENOENT);  /* gtaboot's */
	assert_int_equal(efi_mm_free(&m, TOP - MB(4), 1), -ENOENT);  /* the framebuffer */
	assert_int_equal(efi_mm_free(&m, RAM0, 1), -ENOENT);      /* free RAM */
	assert_int_equal(efi_mm_free(&m, a + 1, 1), -EINVAL);
	assert_int_equal(efi_mm_free(&m, b, 4), 0);
	assert_int_equal(efi_mm_free(&m, a + EFI_PAGE, 3), 0);
	assert_int_equal(m.n, n);            /* as it was */
}

static void test_full_map_unchanged(void **state)
{
	uint64_t a;
	int err = 0;
	unsigned i;

	board();
	/* every other page allocated, each a range of its own */
	for (i = 0; !err; i++) {
		a = RAM0 + 2 * i * EFI_PAGE;
		err = efi_mm_alloc(&m, EFI_ALLOCATE_ADDRESS, EFI_LOADER_DATA, 1, &a);
	}
	assert_int_equal(err, -ENOSPC);
	assert_true(m.n <= EFI_MM_MAX);
	struct efi_memmap copy = m;

	a = RAM0 + MB(100);
	assert_int_equal(efi_mm_alloc(&m, EFI_ALLOCATE_ADDRESS, EFI_LOADER_DATA, 1, &a), -ENOSPC);
	assert_memory_equal(&copy, &m, sizeof(m));
}

static uint64_t le64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void test_get(void **state)
{
	uint8_t buf[16 * EFI_MEMORY_DESC_SIZE];
	uint32_t size = 0;

	board();
	assert_int_equal(efi_mm_get(&m, NULL, &size), -ENOSPC);
	assert_int_equal(size, 5 * EFI_MEMORY_DESC_SIZE);
	size = 4 * EFI_MEMORY_DESC_SIZE;
	assert_int_equal(efi_mm_get(&m, buf, &size), -ENOSPC);
	assert_int_equal(size, 5 * EFI_MEMORY_DESC_SIZE);
	size = sizeof(buf);
	assert_int_equal(efi_mm_get(&m, buf, &size), 0);
	assert_int_equal(size, 5 * EFI_MEMORY_DESC_SIZE);
	/* type, pad, physical, virtual, pages, attributes */
	const uint8_t *d = buf + EFI_MEMORY_DESC_SIZE;

	assert_int_equal(d[0] | d[1] << 8 | d[2] << 16 | d[3] << 24, EFI_RESERVED_TYPE);
	assert_int_equal(le64(d + 8), TOP - MB(4));
	assert_int_equal(le64(d + 16), TOP - MB(4));
	assert_int_equal(le64(d + 24), 0x96);
	assert_int_equal(le64(d + 32), EFI_MEMORY_WB);
	d = buf + 4 * EFI_MEMORY_DESC_SIZE;
	assert_int_equal(d[0], EFI_BOOT_SERVICES_DATA);
	assert_int_equal(le64(d + 24), MB(2) / EFI_PAGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_board_map),
		cmocka_unit_test(test_alloc_any_from_top),
		cmocka_unit_test(test_alloc_max_and_address),
		cmocka_unit_test(test_alloc_bad_args),
		cmocka_unit_test(test_free_pages),
		cmocka_unit_test(test_full_map_unchanged),
		cmocka_unit_test(test_get),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
