/* SPDX-License-Identifier: GPL-2.0-or-later */
/* UEFI variables (GetVariable, SetVariable, GetNextVariableName; UEFI 2.10
 * section 8.2) kept in memory and saved as a file on the ESP in the layout
 * of U-Boot's ubootefi.var (facts from U-Boot's include/efi_variable.h). */
#ifndef LIB_EFI_VARSTORE_H
#define LIB_EFI_VARSTORE_H

#include <stddef.h>
#include <stdint.h>

/*
 * The file: a 24-byte header (u64 reserved 0, u64 magic "UbEfiVa" version
 * 1, u32 length of the whole file, u32 CRC-32 of the bytes after the
 * header), then entries, each at a multiple of 8 bytes from the start:
 * u32 data length, u32 attributes, u64 time, 16-byte vendor GUID, the name
 * in UTF-16LE with its NUL, the data. All little-endian.
 */
#define EFI_VAR_FILE_MAGIC   0x0161566966456255ull
#define EFI_VAR_HDR_SIZE     24
#define EFI_VAR_ENTRY_SIZE   32        /* before the name */
#define EFI_VAR_NAME_MAX     1024      /* UTF-16 units with the NUL: a bound of ours */

#define EFI_VARIABLE_NON_VOLATILE        0x01
#define EFI_VARIABLE_BOOTSERVICE_ACCESS  0x02
#define EFI_VARIABLE_RUNTIME_ACCESS      0x04
#define EFI_VARIABLE_HARDWARE_ERROR_RECORD 0x08
#define EFI_VARIABLE_AUTHENTICATED_WRITE_ACCESS 0x10
#define EFI_VARIABLE_TIME_BASED_AUTHENTICATED_WRITE_ACCESS 0x20
#define EFI_VARIABLE_APPEND_WRITE        0x40

/* The variables in memory: entries as in the file, without its header,
 * in buf[0..len), room for cap bytes. */
struct efi_varstore {
	uint8_t *buf;
	uint32_t len, cap;
};

/* An empty store in buf (cap bytes). */
void efi_vars_init(struct efi_varstore *vs, void *buf, uint32_t cap);

/*
 * Replaces the store's variables with the non-volatile ones of a file
 * (len bytes): header, length, CRC and every entry checked first, the
 * store left as it was on an error. Entries that are not non-volatile,
 * have no data, ask for authenticated writes or repeat an earlier name are
 * skipped, as U-Boot skips them. 0; -EBADMSG (bad magic, length, CRC, an
 * entry outside the file or without its name's NUL), -ENOSPC (more than
 * the store holds), *why naming it.
 */
int efi_vars_load(struct efi_varstore *vs, const void *file, size_t len, const char **why);

/*
 * Writes the non-volatile variables as a file into out (cap bytes): 0 and
 * *len, or -ENOSPC with *len the size needed.
 */
int efi_vars_save(const struct efi_varstore *vs, void *out, uint32_t cap, uint32_t *len);

/*
 * GetVariable: 0 with *attr (may be NULL), the data and *size; -ENOENT
 * (no such variable), -ENOSPC with *size the size needed (data too small),
 * -EINVAL (empty name), -ENAMETOOLONG.
 */
int efi_vars_get(const struct efi_varstore *vs, const uint8_t guid[16], const uint16_t *name,
		 uint32_t *attr, void *data, uint32_t *size);

/*
 * SetVariable: writes, appends (EFI_VARIABLE_APPEND_WRITE) or deletes (no
 * data, or attributes 0) a variable. 0; -EINVAL (runtime without boot
 * service access, unknown attribute bits, attributes other than the
 * existing variable's, an empty name), -ENOTSUP (authenticated or
 * hardware error record variables), -ENOENT (deleting what is not there),
 * -ENOSPC (the store is full; nothing changed), -ENAMETOOLONG.
 */
int efi_vars_set(struct efi_varstore *vs, const uint8_t guid[16], const uint16_t *name,
		 uint32_t attr, const void *data, uint32_t size);

/*
 * GetNextVariableName: from name "" the first variable, else the one after
 * (guid, name), written over name (*name_size bytes of room) and guid. 0;
 * -ENOENT (no more), -EINVAL (name not a variable), -ENOSPC with
 * *name_size the bytes needed.
 */
int efi_vars_next(const struct efi_varstore *vs, uint8_t guid[16], uint16_t *name,
		  uint32_t *name_size);

#endif
