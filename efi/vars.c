// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * GetVariable, GetNextVariableName and SetVariable (UEFI 2.10, 8.2) on
 * lib/efi/varstore.c: in memory, the non-volatile ones loaded from and
 * saved to ubootefi.var on the boot FAT partition (beside efi.img), as
 * U-Boot keeps them on its ESP with CONFIG_EFI_VARIABLE_FILE_STORE (in
 * its layout); after ExitBootServices every call is EFI_UNSUPPORTED, as
 * the RT_PROPERTIES table says (docs/uefi.md).
 */
#include "efi/efi.h"

#include "common/bootfs.h"
#include "lib/efi/varstore.h"
#include "lib/errno.h"
#include "lib/printf.h"

#define EFI_VAR_NV   0x1u
#define VAR_FILE     "/ubootefi.var"

static uint8_t store_buf[16384];
static uint8_t file_buf[16384 + 64];   /* the store behind the file's header */
static struct efi_varstore store;

/* The saved variables, once per bootefi; a file that is not there is no
 * error, a corrupt one is said and left alone (the next save replaces it). */
static void load_file(void)
{
	const char *why = NULL;
	struct fat_fs *fs;
	uint32_t size;
	int err;

	fs = bootfs_fat(&err);
	if (!fs)
		return;
	err = fat_read(fs, VAR_FILE, file_buf, sizeof(file_buf), &size);
	if (err == -ENOENT)
		return;
	if (!err)
		err = efi_vars_load(&store, file_buf, size, &why);
	if (err)
		printf("efi: %s not loaded (%s): no saved variables\n", VAR_FILE,
		       why ? why : errname(err));
}

static efi_status save_file(void)
{
	struct fat_fs *fs;
	uint32_t len;
	int err;

	fs = bootfs_fat(&err);
	if (fs)
		err = efi_vars_save(&store, file_buf, sizeof(file_buf), &len);
	if (fs && !err)
		err = fat_write(fs, VAR_FILE, file_buf, len);
	/* what the card's file protocol has cached of the FAT is stale */
	bootfs_changed();
	efi_disk_changed();
	if (err) {
		printf("efi: variables not saved to %s (%s)\n", VAR_FILE, errname(err));
		return EFI_DEVICE_ERROR;
	}
	return EFI_SUCCESS;
}

static bool ready(void)
{
	if (efi_exited)
		return false;
	if (!store.buf) {
		efi_vars_init(&store, store_buf, sizeof(store_buf));
		load_file();
	}
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
	uint32_t old = 0, n = 0;

	efi_vars_get(&store, (const uint8_t *)g, name, &old, NULL, &n);
	err = efi_vars_set(&store, (const uint8_t *)g, name, attr, data, size);
	if (!err && ((attr | old) & EFI_VAR_NV))
		return save_file();   /* UEFI 8.2: EFI_DEVICE_ERROR if not stored */
	return err == -ENOTSUP ? EFI_UNSUPPORTED : efi_status_of(err);
}
