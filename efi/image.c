// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LoadImage, StartImage, Exit and UnloadImage (UEFI 2.10, 7.4) on
 * lib/efi/pe.c: an image is laid out and relocated in pages of its own,
 * then entered by BLX at its load address plus AddressOfEntryPoint, the
 * low bit choosing ARM or Thumb state (docs/uefi.md).
 */
#include "efi/efi.h"

#include "arch/arm/mmu.h"
#include "lib/efi/devpath.h"
#include "lib/efi/loadopt.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

/* Pages kept free behind SizeOfImage: Linux's arm32 zImage runs its
 * decompressor in place after ExitBootServices, with a 4 KiB stack and a
 * 64 KiB heap behind its bss, past what its PE header declares; the top-down
 * allocator would otherwise have put the system table there (seen on the
 * BeagleBoard: "efi: System table signature incorrect!"). */
#define IMAGE_SLACK 0x40000u

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

efi_status efi_image_load(const void *src, uint32_t size, efi_handle parent,
			  struct efi_image **out)
{
	struct efi_image *img = NULL;
	const char *why = NULL;
	uint32_t align, code, data;
	uint64_t base;
	efi_status st;
	int err;

	st = efi_alloc_pool(EFI_BOOT_SERVICES_DATA, sizeof(*img), (void **)&img);
	if (st)
		return st;
	memset(img, 0, sizeof(*img));
	err = pe_parse(src, size, &img->pe, &why);
	if (err) {
		printf("efi: not a valid EFI image: %s (%s)\n", why ? why : "refused", errname(err));
		efi_free_pool(img);
		return err == -ENOTSUP ? EFI_UNSUPPORTED : EFI_LOAD_ERROR;
	}
	align = img->pe.section_align > EFI_PAGE ? img->pe.section_align : EFI_PAGE;
	if (align > 0x10000)
		align = 0;   /* refused by pe_relocate below, named */
	code = img->pe.subsystem == PE_SUBSYSTEM_EFI_APPLICATION ? EFI_LOADER_CODE
								 : EFI_BOOT_SERVICES_CODE;
	data = code == EFI_LOADER_CODE ? EFI_LOADER_DATA : EFI_BOOT_SERVICES_DATA;
	img->pages = (uint32_t)(((uint64_t)img->pe.size_of_image + align + IMAGE_SLACK +
				 EFI_PAGE - 1) / EFI_PAGE);
	err = efi_mm_alloc(&efi_mm, EFI_ALLOCATE_ANY_PAGES, code, img->pages, &img->base);
	if (err) {
		printf("efi: no room for the image (%u bytes)\n", (unsigned)img->pe.size_of_image);
		efi_free_pool(img);
		return EFI_OUT_OF_RESOURCES;
	}
	base = align ? (img->base + align - 1) & ~(uint64_t)(align - 1) : img->base;
	err = pe_load(&img->pe, src, size, (void *)(uintptr_t)base, img->pe.size_of_image, &why);
	if (!err)
		err = pe_relocate(&img->pe, (void *)(uintptr_t)base, (uint32_t)base, NULL, &why);
	if (!err)
		st = efi_alloc_pool(EFI_BOOT_SERVICES_DATA, 28, &img->dp);
	if (err || st) {
		printf("efi: image not loaded: %s (%s)\n", why ? why : "no memory", errname(err));
		efi_mm_free(&efi_mm, img->base, img->pages);
		efi_free_pool(img);
		return EFI_LOAD_ERROR;
	}
	/* a MemoryMapped node (UEFI 2.10, 10.3.2.3) and the end */
	uint8_t *dp = img->dp;

	dp[0] = 1; dp[1] = 3; put_le(dp + 2, 24, 2);
	put_le(dp + 4, code, 4);
	put_le(dp + 8, (uintptr_t)src, 8);
	put_le(dp + 16, (uintptr_t)src + size - 1, 8);
	dp[24] = 0x7f; dp[25] = 0xff; put_le(dp + 26, 4, 2);
	img->li = (struct efi_loaded_image){
		.revision = 0x1000, .parent = parent, .system_table = efi_st,
		.file_path = img->dp, .image_base = (void *)(uintptr_t)base,
		.image_size = img->pe.size_of_image, .code_type = code, .data_type = data,
	};
	efi_handle h = img;

	if (efi_image_add(img)) {
		efi_mm_free(&efi_mm, img->base, img->pages);
		efi_free_pool(img->dp);
		efi_free_pool(img);
		return EFI_OUT_OF_RESOURCES;
	}
	efi_install(&h, &efi_guid_loaded_image, &img->li);
	efi_install(&h, &efi_guid_loaded_image_dp, img->dp);
	efi_install(&h, &efi_guid_device_path, img->dp);
	/* the code goes through the D-cache: make it what the core fetches */
	cache_dcache_clean_inv_all();
	cache_icache_inv_all();
	*out = img;
	return EFI_SUCCESS;
}

typedef efi_status (*efi_entry)(efi_handle h, struct efi_system_table *st);

efi_status efi_image_start(struct efi_image *img)
{
	if (img->started)
		return EFI_INVALID_PARAMETER;
	img->started = true;
	if (__builtin_setjmp(img->jmp) == 0) {
		efi_entry entry = (efi_entry)((uintptr_t)img->li.image_base + img->pe.entry);

		img->exit_status = entry(img, efi_st);
	}
	img->started = false;
	return img->exit_status;
}

efi_status efi_image_set_source(struct efi_image *img, efi_handle dev, const void *dev_dp,
				const char *path)
{
	size_t dlen = efi_dp_size(dev_dp, 4096), n;
	struct efi_dp_builder b;
	uint8_t *full, *file;
	char p[EFI_PATH_MAX + 2];

	snprintf(p, sizeof(p), "%s%s", path[0] == '/' ? "" : "/", path);
	if (!dlen || efi_alloc_pool(EFI_BOOT_SERVICES_DATA, dlen + 2 * sizeof(p) + 8,
				    (void **)&full))
		return EFI_OUT_OF_RESOURCES;
	/* the device's path without its end, then the file's node */
	memcpy(full, dev_dp, dlen - 4);
	efi_dp_init(&b, full, dlen + 2 * sizeof(p) + 8);
	b.len = dlen - 4;
	efi_dp_file(&b, p);
	n = efi_dp_end(&b);
	if (!n) {
		efi_free_pool(full);
		return EFI_OUT_OF_RESOURCES;
	}
	file = full + dlen - 4;
	/* the handle's device paths: LoadedImage.FilePath is the file's
	 * node relative to DeviceHandle, LoadedImageDevicePath the whole */
	efi_uninstall(img, &efi_guid_loaded_image_dp, img->dp);
	efi_uninstall(img, &efi_guid_device_path, img->dp);
	efi_free_pool(img->dp);
	img->dp = full;
	img->li.device = dev;
	img->li.file_path = file;
	efi_install((efi_handle *)&img, &efi_guid_loaded_image_dp, full);
	efi_install((efi_handle *)&img, &efi_guid_device_path, full);
	return EFI_SUCCESS;
}

/* A buffer's image with the device path it is said to come from (7.4:
 * "the DeviceHandle specific file path from which the image is
 * loaded"): DeviceHandle the handle with a device path that starts it,
 * FilePath the rest, LoadedImageDevicePath the whole. */
static efi_status set_dp(struct efi_image *img, void *dp)
{
	size_t n = efi_dp_size(dp, 4096), dlen = 0;
	uint8_t *copy, *node;
	void *at;
	efi_handle dev = NULL;

	if (!n)
		return EFI_SUCCESS;    /* no valid path: the MemoryMapped one stays */
	if (efi_alloc_pool(EFI_BOOT_SERVICES_DATA, 2 * n, (void **)&copy))
		return EFI_OUT_OF_RESOURCES;
	memcpy(copy, dp, n);
	/* the device: the nodes before the first File Path node, whole (as
	 * U-Boot splits it), matched in a copy that ends there */
	for (node = copy; node[0] != 0x7f && !(node[0] == EFI_DP_MEDIA &&
					       node[1] == EFI_DP_MEDIA_FILE);
	     node += node[2] | node[3] << 8)
		dlen += node[2] | node[3] << 8;
	memcpy(copy + n, copy, dlen);
	memcpy(copy + n + dlen, (const uint8_t[]){ 0x7f, 0xff, 4, 0 }, 4);
	at = copy + n;
	if (dlen && (efi_locate_dp(&efi_guid_device_path, &at, &dev) ||
		     at != copy + n + dlen))
		dev = NULL;
	efi_uninstall(img, &efi_guid_loaded_image_dp, img->dp);
	efi_uninstall(img, &efi_guid_device_path, img->dp);
	efi_free_pool(img->dp);
	img->dp = copy;
	img->li.device = dev;
	img->li.file_path = dev ? copy + dlen : copy;
	efi_install((efi_handle *)&img, &efi_guid_loaded_image_dp, copy);
	efi_install((efi_handle *)&img, &efi_guid_device_path, copy);
	return EFI_SUCCESS;
}

/* The file a device path names: the handle with SimpleFileSystem it
 * starts with, then File Path nodes, joined with '/' (lib/efi/loadopt.c,
 * which the load options' fuzz target covers). */
static efi_status file_of_dp(void *dp, efi_handle *dev, char *path)
{
	struct efi_dp_hd hd;
	const char *why;
	size_t n;

	if (efi_locate_dp(&efi_guid_sfs, &dp, dev))
		return EFI_NOT_FOUND;
	n = efi_dp_size(dp, 4096);
	if (!n || efi_dp_boot_file(dp, (uint32_t)n, &hd, path, EFI_PATH_MAX, &why) || hd.part)
		return EFI_NOT_FOUND;
	return EFI_SUCCESS;
}

efi_status efi_image_load_file(efi_handle parent, efi_handle dev, const char *path,
				struct efi_image **out)
{
	struct fs_file f;
	struct fs *fs;
	uint64_t a;
	uint32_t pages;
	size_t got;
	efi_status st = efi_disk_open_file(dev, path, &fs, &f);

	if (!st && (f.is_dir || !f.size))
		st = EFI_NOT_FOUND;
	if (st)
		return st;
	pages = (f.size + EFI_PAGE - 1) / EFI_PAGE;
	if (efi_mm_alloc(&efi_mm, EFI_ALLOCATE_ANY_PAGES, EFI_BOOT_SERVICES_DATA, pages, &a))
		return EFI_OUT_OF_RESOURCES;
	if (fs_read_at(fs, &f, 0, (void *)(uintptr_t)a, f.size, &got) || got != f.size)
		st = EFI_DEVICE_ERROR;
	if (!st)
		st = efi_image_load((void *)(uintptr_t)a, f.size, parent, out);
	if (!st)
		st = efi_image_set_source(*out, dev, efi_dp_of(dev), path);
	efi_mm_free(&efi_mm, a, pages);
	return st;
}

static efi_status load_image(bool boot, efi_handle parent, void *dp, void *src, uint32_t size,
			  efi_handle *h)
{
	struct efi_image *img;
	efi_handle dev = NULL;
	char path[EFI_PATH_MAX];
	efi_status st;

	/* the application's path is read only as far as it is whole */
	if (!h || !parent || (!src && !dp) || (dp && !efi_dp_size(dp, 4096)))
		return EFI_INVALID_PARAMETER;
	if (!src) {
		/* from a file (UEFI 2.10 7.4: SimpleFileSystem, then LoadFile
		 * and LoadFile2, which gtaboot offers for no image) */
		st = file_of_dp(dp, &dev, path);
		if (!st)
			st = efi_image_load_file(parent, dev, path, &img);
	} else {
		st = efi_image_load(src, size, parent, &img);
		if (!st && dp)
			st = set_dp(img, dp);
	}
	if (!st)
		*h = img;
	return st;
}

static efi_status start_image(efi_handle h, uint32_t *exit_size, char16 **exit_data)
{
	struct efi_image *img = efi_image_of(h);

	if (exit_size)
		*exit_size = 0;
	if (exit_data)
		*exit_data = NULL;
	return img ? efi_image_start(img) : EFI_INVALID_PARAMETER;
}

static efi_status exit_image(efi_handle h, efi_status st, uint32_t size, char16 *data)
{
	struct efi_image *img = efi_image_of(h);

	if (!img || !img->started)
		return EFI_INVALID_PARAMETER;
	img->exit_status = st;
	__builtin_longjmp(img->jmp, 1);
}

static efi_status unload_image(efi_handle h)
{
	struct efi_image *img = efi_image_of(h);

	if (!img || img->started)
		return EFI_INVALID_PARAMETER;
	efi_image_remove(img);
	efi_mm_free(&efi_mm, img->base, img->pages);
	efi_free_pool(img->dp);
	efi_free_pool(img);
	return EFI_SUCCESS;
}

void efi_image_services(void)
{
	static const struct efi_boot_services fns = {
		.load_image = load_image, .start_image = start_image, .exit = exit_image,
		.unload_image = unload_image,
	};

	efi_set_image_services(&fns);
}
