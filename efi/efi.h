/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the parts of gtaboot's EFI image share: the memory map, the
 * handles, the system table and the image loader (docs/uefi.md). */
#ifndef EFI_EFI_H
#define EFI_EFI_H

#include "efi/uefi.h"
#include "lib/efi/memmap.h"
#include "lib/efi/pe.h"
#include "lib/fs/fs.h"

#define EFI_PROTOS 6
#define EFI_PATH_MAX 256   /* a file's path on the card, UTF-8 */

struct efi_obj {
	bool used;
	unsigned n;
	struct {
		efi_guid g;
		void *iface;
	} p[EFI_PROTOS];
};

/* A loaded image: the handle's object first, so the handle is both. */
struct efi_image {
	struct efi_obj obj;
	struct efi_loaded_image li;
	struct pe_image pe;
	uint64_t base;          /* the pages allocated for it */
	uint32_t pages;
	void *dp;               /* its MemoryMapped device path, pool */
	bool started;
	void *jmp[5];           /* __builtin_setjmp's buffer for Exit() */
	efi_status exit_status;
};

extern struct efi_memmap efi_mm;
extern struct efi_system_table *efi_st;
extern bool efi_exited;     /* ExitBootServices ran */

extern const efi_guid efi_guid_loaded_image, efi_guid_device_path, efi_guid_fdt,
	efi_guid_loaded_image_dp, efi_guid_block_io, efi_guid_sfs;

/* The memory map, the system table and its tables; 0 or a negative errno
 * (printed). */
int efi_services_init(void);
efi_status efi_alloc_pool(uint32_t type, uint32_t size, void **buf);
efi_status efi_free_pool(void *buf);
efi_status efi_install(efi_handle *h, const efi_guid *g, void *iface);
efi_status efi_install_config(const efi_guid *g, void *table);
/* LoadImage from memory: checks, lays out and relocates the PE file. */
efi_status efi_image_load(const void *src, uint32_t size, efi_handle parent,
			  struct efi_image **out);
efi_status efi_image_start(struct efi_image *img);
/* The handle is a loaded image of ours, or NULL. */
struct efi_image *efi_image_of(efi_handle h);
/* The registry of loaded images (efi/services.c): 0 or -ENOSPC. */
int efi_image_add(struct efi_image *img);
void efi_image_remove(struct efi_image *img);
/* LoadImage, StartImage, Exit and UnloadImage (efi/image.c) into the boot
 * services table, whose CRC is made again. */
void efi_set_image_services(const struct efi_boot_services *from);
void efi_image_services(void);
/* The initrd for Linux's stub, through LoadFile2 (efi/initrd.c). */
efi_status efi_initrd_register(const void *start, uint32_t size);
/* The SD card's handles and DevicePathToText (efi/disk.c): 0 or -ENOMEM. */
int efi_disk_init(void);
/* Events, timers and TPLs (efi/events.c): the boot services' entries
 * into bs; the ExitBootServices group signalled; timers polled, and one
 * key of gtaboot's console read ahead for the WaitForKey event ev. */
void efi_events_init(struct efi_boot_services *bs);
void efi_events_exit_boot_services(void);
void efi_poll_events(void);
efi_status efi_create_event(uint32_t type, uint32_t tpl, efi_notify_fn fn, void *ctx,
			    efi_event *ev);
void efi_key_event(efi_event ev);
int efi_key_take(void);     /* the key read ahead, or -1; none after */
/* ConOut's cells on the screen (efi/fbcon.c), while an image runs: the
 * screen's text size (0 x 0 without one), lent at start and given back
 * when the image returns; a cell, a scroll of rows [0, rows) and a
 * clear, in the colours of an EFI text attribute. */
void efi_fbcon_size(unsigned *cols, unsigned *rows);
void efi_fbcon_start(void);
void efi_fbcon_stop(void);
void efi_fbcon_put(unsigned col, unsigned row, char16 c, uint32_t attr);
void efi_fbcon_scroll(unsigned rows, uint32_t attr);
void efi_fbcon_clear(uint32_t attr);
/* The serial console's SimpleTextInput/Output (efi/console.c) on a handle
 * of their own, named in the system table: 0 or -ENOMEM. */
int efi_console_init(void);
/* The card was written (the variables' file): cached FAT sectors of the
 * file protocol's volumes are stale. */
void efi_disk_changed(void);
/* EFI_DT_FIXUP_PROTOCOL (efi/dtfixup.c): 0 or -ENOMEM. */
int efi_dt_fixup_init(void);
/* EFI_GRAPHICS_OUTPUT_PROTOCOL on the panel while the screen is on
 * (efi/gop.c): 0 or -ENOMEM. */
int efi_gop_init(void);
/* The handle of the card or partition fs is mounted on (*dp its device
 * path), or NULL. */
efi_handle efi_disk_of(const struct fs *fs, const void **dp);
/* Opens path on the file system of handle h (one of efi_disk_init's). */
efi_status efi_disk_open_file(efi_handle h, const char *path, struct fs **fs,
			      struct fs_file *f);
/* The image came from path on device dev: its LoadedImage's DeviceHandle
 * and FilePath, and its LoadedImageDevicePath, say so. */
efi_status efi_image_set_source(struct efi_image *img, efi_handle dev, const void *dev_dp,
				const char *path);
/* LoadImage of the file path on the partition of handle dev, whose
 * LoadedImage then names both. */
efi_status efi_image_load_file(efi_handle parent, efi_handle dev, const char *path,
				struct efi_image **out);
/* The partition (1-4 primary, 5.. logical) starting at block start, with
 * SimpleFileSystem; NULL if none. */
efi_handle efi_disk_part(uint32_t part, uint64_t start);
/* `bootefi bootmgr` (efi/bootmgr.c): the first Boot#### of BootNext, then
 * BootOrder, that loads, with its load options; EFI_NOT_FOUND (said) when
 * none does. */
efi_status efi_bootmgr_load(struct efi_image **out);
efi_status efi_get_variable(const char16 *name, const efi_guid *g, uint32_t *attr,
			    uint32_t *size, void *data);
efi_status efi_set_variable(const char16 *name, const efi_guid *g, uint32_t attr,
			    uint32_t size, const void *data);
/* Protocol services for the image's own parts (efi/services.c). */
efi_status efi_uninstall(efi_handle h, const efi_guid *g, void *iface);
efi_status efi_locate_dp(const efi_guid *g, void **dp, efi_handle *h);
/* The device path on handle h, or NULL. */
const void *efi_dp_of(efi_handle h);
/* errno -> EFI_STATUS */
efi_status efi_status_of(int err);
const char *efi_status_name(efi_status st);

#endif
