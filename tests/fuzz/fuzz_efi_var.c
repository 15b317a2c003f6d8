// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/efi/varstore: a file the store accepts saves
 * back to a file that loads to the same bytes; every variable it lists can
 * be read, rewritten and deleted; a refused file leaves the store alone. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/efi/varstore.h"
#include "lib/errno.h"

static uint8_t mem[8192], mem2[8192], out[8200], out2[8200], data[8192];

int LLVMFuzzerTestOneInput(const uint8_t *f, size_t size)
{
	static const uint8_t guid0[16] = { 1 };
	struct efi_varstore vs, vs2;
	uint16_t name[EFI_VAR_NAME_MAX];
	uint8_t guid[16];
	uint32_t len, len2, ns, ds, attr;
	const char *why = NULL;

	efi_vars_init(&vs, mem, sizeof(mem));
	if (efi_vars_set(&vs, guid0, u"Keep", 7, "k", 1))
		abort();
	if (efi_vars_load(&vs, f, size, &why)) {
		ds = sizeof(data);
		if (!why || vs.len != 48 || efi_vars_get(&vs, guid0, u"Keep", NULL, data, &ds))
			abort();
		return 0;
	}
	/* Save, load, save: the same file. */
	if (efi_vars_save(&vs, out, sizeof(out), &len))
		abort();
	efi_vars_init(&vs2, mem2, sizeof(mem2));
	if (efi_vars_load(&vs2, out, len, &why) || efi_vars_save(&vs2, out2, sizeof(out2), &len2) ||
	    len != len2 || memcmp(out, out2, len))
		abort();
	/* Walk, read, rewrite and delete each variable (bounded by the store). */
	name[0] = 0;
	for (int i = 0; i < 400; i++) {
		ns = sizeof(name);
		int err = efi_vars_next(&vs2, guid, name, &ns);

		if (err == -ENOENT)
			break;
		if (err)
			abort();
		ds = sizeof(data);
		if (efi_vars_get(&vs2, guid, name, &attr, data, &ds))
			abort();
		/* Attributes a caller may set (a file may hold others, which
		 * then make the variable read-only). */
		if ((attr & ~7u) == 0 && (attr & 2) && efi_vars_set(&vs2, guid, name, attr, data, ds))
			abort();
		if (efi_vars_set(&vs2, guid, name, 0, NULL, 0))
			abort();
		name[0] = 0;    /* the variable is gone: start from the first again */
	}
	if (vs2.len)
		abort();
	return 0;
}
