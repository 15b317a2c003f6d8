/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The semantics of EFI_SIMPLE_FILE_SYSTEM_PROTOCOL and EFI_FILE_PROTOCOL
 * (UEFI 2.10 sections 13.4 and 13.5) over lib/fs, read-only, as plain C
 * functions on a volume context: the EFI image wraps them in the protocol
 * structures. */
#ifndef LIB_EFI_FILE_H
#define LIB_EFI_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/efi/status.h"
#include "lib/fs/fs.h"

#define EFI_FILE_MODE_READ      0x1ull
#define EFI_FILE_MODE_WRITE     0x2ull
#define EFI_FILE_MODE_CREATE    0x8000000000000000ull

#define EFI_FILE_READ_ONLY      0x01ull
#define EFI_FILE_HIDDEN         0x02ull
#define EFI_FILE_SYSTEM         0x04ull
#define EFI_FILE_DIRECTORY      0x10ull
#define EFI_FILE_ARCHIVE        0x20ull

/* SetPosition: the end of the file */
#define EFI_FILE_POS_END        0xffffffffffffffffull

/* The fixed parts of EFI_FILE_INFO and EFI_FILE_SYSTEM_INFO (where the
 * names start, natural alignment as the specification's structures). */
#define EFI_FILE_INFO_SIZE      80u
#define EFI_FS_INFO_SIZE        36u

/* Bounds of ours: handles open on one volume at once (OpenVolume's too),
 * bytes of a path from the root as UTF-8 with its NUL, and UTF-16 units
 * of a name given to Open. */
#define EFI_FILE_HANDLES        32
#define EFI_FILE_PATH_MAX       512
#define EFI_FILE_NAME_UNITS     1024

extern const uint8_t efi_file_info_guid[16];
extern const uint8_t efi_fs_info_guid[16];
extern const uint8_t efi_fs_label_guid[16];

struct efi_file {
	bool used;
	bool is_dir;
	uint64_t pos;           /* files: the byte; directories: the entry */
	struct fs_file f;
	char path[EFI_FILE_PATH_MAX]; /* from the root, "/"-separated; "" the root */
};

struct efi_volume {
	struct fs *fs;
	struct efi_file files[EFI_FILE_HANDLES];
	uint8_t sector[1024];   /* fs_volume_id's */
	char name[FAT_NAME_MAX + 1]; /* a directory entry's name */
};

/* Makes v a volume over the mounted fs, no handle open. */
void efi_volume_init(struct efi_volume *v, struct fs *fs);

/* SIMPLE_FILE_SYSTEM.OpenVolume: a new handle on the root directory. */
efi_status efi_open_volume(struct efi_volume *v, struct efi_file **root);

/*
 * FILE.Open: name (UTF-16, NUL-terminated, '\' separated; '/' is taken
 * as '\' too) from the root when it starts with '\', else from from's
 * directory. "." and ".." are followed ("..", at the root, stays there);
 * "" reopens from. FAT names match without regard to ASCII case (lib/fs).
 * mode: READ; READ|WRITE and READ|WRITE|CREATE give EFI_WRITE_PROTECTED
 * (nothing is written yet). EFI_NOT_FOUND, EFI_INVALID_PARAMETER (mode,
 * NULL, an unpaired surrogate, a name without NUL in EFI_FILE_NAME_UNITS),
 * EFI_OUT_OF_RESOURCES (no free handle, a path over EFI_FILE_PATH_MAX),
 * EFI_VOLUME_CORRUPTED, EFI_DEVICE_ERROR.
 */
efi_status efi_file_open(struct efi_volume *v, struct efi_file *from, struct efi_file **out,
			 const uint16_t *name, uint64_t mode, uint64_t attrs);
efi_status efi_file_close(struct efi_volume *v, struct efi_file *f);
/* Closes f; the file stays: EFI_WARN_DELETE_FAILURE. */
efi_status efi_file_delete(struct efi_volume *v, struct efi_file *f);
/* Files: up to *size bytes from the position, which moves on; *size gets
 * the count (0 at the end); EFI_DEVICE_ERROR when the position is past
 * the end. Directories: one EFI_FILE_INFO per call ("." and ".." left
 * out), EFI_BUFFER_TOO_SMALL with *size the size needed (the position
 * stays), *size 0 after the last. */
efi_status efi_file_read(struct efi_volume *v, struct efi_file *f, size_t *size, void *buf);
/* EFI_ACCESS_DENIED: every handle is read-only. */
efi_status efi_file_write(struct efi_volume *v, struct efi_file *f, size_t *size,
			  const void *buf);
/* EFI_UNSUPPORTED on a directory. */
efi_status efi_file_get_position(struct efi_volume *v, struct efi_file *f, uint64_t *pos);
/* Files: any position (EFI_FILE_POS_END: the end); directories: only 0. */
efi_status efi_file_set_position(struct efi_volume *v, struct efi_file *f, uint64_t pos);
/* EFI_FILE_INFO, EFI_FILE_SYSTEM_INFO or EFI_FILE_SYSTEM_VOLUME_LABEL by
 * type (the GUIDs above); EFI_BUFFER_TOO_SMALL with *size the size
 * needed; EFI_UNSUPPORTED for another type. */
efi_status efi_file_get_info(struct efi_volume *v, struct efi_file *f, const uint8_t type[16],
			     size_t *size, void *buf);
/* EFI_WRITE_PROTECTED. */
efi_status efi_file_set_info(struct efi_volume *v, struct efi_file *f, const uint8_t type[16],
			     size_t size, const void *buf);
/* EFI_ACCESS_DENIED: the handle was opened read-only (13.5 Flush). */
efi_status efi_file_flush(struct efi_volume *v, struct efi_file *f);

#endif
