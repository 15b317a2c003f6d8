/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The UEFI memory map and page allocator (UEFI 2.10, 7.2: AllocatePages,
 * FreePages, GetMemoryMap): RAM as typed, page-aligned, non-overlapping
 * ranges, changed only through these functions, each change counted in the
 * map key that ExitBootServices checks. */
#ifndef LIB_EFI_MEMMAP_H
#define LIB_EFI_MEMMAP_H

#include <stdbool.h>
#include <stdint.h>

#define EFI_PAGE 4096u

/* EFI_MEMORY_TYPE (UEFI 2.10, table 7-6), the ones gtaboot uses or lets
 * an image ask for. */
enum {
	EFI_RESERVED_TYPE, EFI_LOADER_CODE, EFI_LOADER_DATA, EFI_BOOT_SERVICES_CODE,
	EFI_BOOT_SERVICES_DATA, EFI_RUNTIME_SERVICES_CODE, EFI_RUNTIME_SERVICES_DATA,
	EFI_CONVENTIONAL_MEMORY, EFI_UNUSABLE_MEMORY, EFI_ACPI_RECLAIM_MEMORY,
	EFI_ACPI_MEMORY_NVS, EFI_MEMORY_MAPPED_IO, EFI_MEMORY_MAPPED_IO_PORT_SPACE,
	EFI_PAL_CODE, EFI_PERSISTENT_MEMORY, EFI_UNACCEPTED_MEMORY, EFI_MAX_MEMORY_TYPE
};

/* EFI_ALLOCATE_TYPE */
enum { EFI_ALLOCATE_ANY_PAGES, EFI_ALLOCATE_MAX_ADDRESS, EFI_ALLOCATE_ADDRESS };

#define EFI_MEMORY_WB       0x8ull
#define EFI_MEMORY_DESC_SIZE 40u   /* what GetMemoryMap reports: type, pad, 4 x u64 */
#define EFI_MEMORY_DESC_VERSION 1u

#define EFI_MM_MAX 64              /* ranges; a bound of ours */

struct efi_mrange {
	uint64_t start, end;       /* [start, end), page-aligned */
	uint32_t type;
	bool alloc;                /* AllocatePages made it: FreePages may free it */
};

struct efi_memmap {
	struct efi_mrange r[EFI_MM_MAX];
	unsigned n;
	uint32_t key;              /* changes with every change of the map */
};

void efi_mm_init(struct efi_memmap *m);
/* Types [start, end) (rounded out to pages) as type, firmware-owned (not
 * for FreePages): RAM as EFI_CONVENTIONAL_MEMORY, then gtaboot's own areas
 * over it. 0; -ENOSPC (no room for more ranges, the map unchanged). */
int efi_mm_set(struct efi_memmap *m, uint64_t start, uint64_t end, uint32_t type);
/*
 * AllocatePages: how is EFI_ALLOCATE_ANY_PAGES (the highest free pages),
 * _MAX_ADDRESS (the highest that end at or below *addr + 1) or _ADDRESS
 * (exactly *addr, which must be free conventional memory). 0 and *addr;
 * -EINVAL (bad type or how, unaligned address, no pages), -ENOMEM (no such
 * free range; for _ADDRESS also when the range is not all free RAM),
 * -ENOSPC (the map is full).
 */
int efi_mm_alloc(struct efi_memmap *m, int how, uint32_t type, uint32_t pages, uint64_t *addr);
/* FreePages: 0; -EINVAL (unaligned, no pages), -ENOENT (a page of the
 * range was not allocated by efi_mm_alloc). */
int efi_mm_free(struct efi_memmap *m, uint64_t addr, uint32_t pages);
/* The type of the range holding addr, or -1 when no range does. */
int efi_mm_type(const struct efi_memmap *m, uint64_t addr);
/*
 * GetMemoryMap into buf (*size bytes): EFI_MEMORY_DESCRIPTORs of
 * EFI_MEMORY_DESC_SIZE bytes, attribute EFI_MEMORY_WB, physical = virtual.
 * 0 with *size the bytes written; -ENOSPC with *size the bytes needed.
 */
int efi_mm_get(const struct efi_memmap *m, void *buf, uint32_t *size);

#endif
