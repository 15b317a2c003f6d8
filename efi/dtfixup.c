// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * EFI_DT_FIXUP_PROTOCOL (U-Boot's, which systemd-boot looks for when an
 * entry names its own `devicetree`): a DTB a loader read gets gtaboot's
 * fix-ups, those of bootz and bootefi (boot_fixup_fdt(): memory,
 * /chosen, the charger's values, simplefb, the board's), its reserved
 * memory goes into the EFI memory map, and it may be installed as the
 * FDT configuration table. Flags and sizes as U-Boot's
 * doc/develop/uefi/uefi.rst and the protocol's specification give them.
 */
#include <libfdt.h>

#include "common/boot.h"
#include "common/boot_internal.h"
#include "efi/efi.h"
#include "lib/errno.h"
#include "lib/string.h"

#define DT_APPLY_FIXUPS   0x1u
#define DT_RESERVE_MEMORY 0x2u
#define DT_INSTALL_TABLE  0x4u

static const efi_guid guid_dt_fixup = GUID(0xe617d64c, 0xfe08, 0x46da, 0xf4, 0xdc, 0xbb, 0xd5,
					   0x87, 0x0c, 0x73, 0x00);

struct dt_fixup {
	uint64_t revision;
	efi_status (*fixup)(struct dt_fixup *self, void *fdt, uint32_t *size, uint32_t flags);
};

static struct dt_fixup proto;

/* Pages [addr, addr + size) typed as the map's entry for them, when they
 * are free RAM; what is not (gtaboot's own, already reserved) stays as
 * it is, as U-Boot leaves it. */
static void reserve(uint64_t addr, uint64_t size, uint32_t type)
{
	uint64_t a = addr & ~(uint64_t)(EFI_PAGE - 1);

	if (!size || addr + size < addr)
		return;
	efi_mm_alloc(&efi_mm, EFI_ALLOCATE_ADDRESS, type,
		     (uint32_t)((addr + size - a + EFI_PAGE - 1) / EFI_PAGE), &a);
}

static uint64_t cells(const fdt32_t *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v = v << 32 | fdt32_to_cpu(p[i]);
	return v;
}

/* /memreserve/ entries and /reserved-memory's children with a reg: no-map
 * ones reserved, the others boot services data (the OS's after
 * ExitBootServices), as U-Boot types them. */
static void reserve_dt(const void *fdt)
{
	uint64_t a, s;
	int node, parent, ac, sc, len;

	for (int i = 0; i < fdt_num_mem_rsv(fdt); i++)
		if (!fdt_get_mem_rsv(fdt, i, &a, &s))
			reserve(a, s, EFI_RESERVED_TYPE);
	parent = fdt_path_offset(fdt, "/reserved-memory");
	if (parent < 0)
		return;
	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return;
	fdt_for_each_subnode(node, fdt, parent) {
		const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);
		bool nomap = fdt_getprop(fdt, node, "no-map", NULL) != NULL;

		for (; reg && len >= 4 * (ac + sc); reg += ac + sc, len -= 4 * (ac + sc))
			reserve(cells(reg, ac), cells(reg + ac, sc),
				nomap ? EFI_RESERVED_TYPE : EFI_BOOT_SERVICES_DATA);
	}
}

static efi_status fixup(struct dt_fixup *self, void *fdt, uint32_t *size, uint32_t flags)
{
	uint32_t need, len;

	if (self != &proto || !fdt || !size || !flags ||
	    (flags & ~(DT_APPLY_FIXUPS | DT_RESERVE_MEMORY | DT_INSTALL_TABLE)) ||
	    fdt_check_header(fdt))
		return EFI_INVALID_PARAMETER;
	len = fdt_totalsize(fdt);
	/* the fix-ups grow a tree by at most FDT_HEADROOM (as for bootz) */
	need = (flags & DT_APPLY_FIXUPS) ? len + FDT_HEADROOM : len;
	if (len > FDT_MAX || *size < need) {
		*size = need;
		return len > FDT_MAX ? EFI_INVALID_PARAMETER : EFI_BUFFER_TOO_SMALL;
	}
	/* the command line is the loader's: the kernel's stub sets it */
	if ((flags & DT_APPLY_FIXUPS) &&
	    boot_fixup_fdt((uint32_t)(uintptr_t)fdt, len, NULL, 0, 0, &len))
		return EFI_INVALID_PARAMETER;
	if (flags & DT_RESERVE_MEMORY)
		reserve_dt(fdt);
	if (flags & DT_INSTALL_TABLE)
		return efi_install_config(&efi_guid_fdt, fdt);
	return EFI_SUCCESS;
}

int efi_dt_fixup_init(void)
{
	efi_handle h = NULL;

	proto = (struct dt_fixup){ 0x10000, fixup };
	return efi_install(&h, &guid_dt_fixup, &proto) ? -ENOMEM : 0;
}
