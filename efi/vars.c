// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * GetVariable, GetNextVariableName and SetVariable (UEFI 2.10, 8.2) on
 * lib/efi/varstore.c, in memory for the boot services' lifetime: nothing
 * is saved yet (docs/uefi.md), and after ExitBootServices every call is
 * EFI_UNSUPPORTED, as the RT_PROPERTIES table says.
 */
#include "efi/efi.h"

#include "lib/efi/varstore.h"
#include "lib/errno.h"

static uint8_t store_buf[16384];
static struct efi_varstore store;

static bool ready(void)
{
	if (efi_exited)
		return false;
	if (!store.buf)
		efi_vars_init(&store, store_buf, sizeof(store_buf));
	return true;
}

void efi_vars_reset(void)
{
	store.buf = NULL;
}

efi_status efi_get_variable(const char16 *name, const efi_guid *g, uint32_t *attr,
			    uint32_t *size, void *data)
{
	int err;

	if (!ready())
		return EFI_UNSUPPORTED;
	if (!name || !g || !size || (*size && !data))
		return EFI_INVALID_PARAMETER;
	err = efi_vars_get(&store, (const uint8_t *)g, name, attr, data, size);
	return err == -ENOSPC ? EFI_BUFFER_TOO_SMALL : efi_status_of(err);
}

efi_status efi_get_next_variable(uint32_t *size, char16 *name, efi_guid *g)
{
	int err;

	if (!ready())
		return EFI_UNSUPPORTED;
	if (!size || !name || !g)
		return EFI_INVALID_PARAMETER;
	err = efi_vars_next(&store, (uint8_t *)g, name, size);
	return err == -ENOSPC ? EFI_BUFFER_TOO_SMALL : efi_status_of(err);
}

efi_status efi_set_variable(const char16 *name, const efi_guid *g, uint32_t attr,
			    uint32_t size, const void *data)
{
	int err;

	if (!ready())
		return EFI_UNSUPPORTED;
	if (!name || !g || (size && !data))
		return EFI_INVALID_PARAMETER;
	err = efi_vars_set(&store, (const uint8_t *)g, name, attr, data, size);
	return err == -ENOTSUP ? EFI_UNSUPPORTED : efi_status_of(err);
}
