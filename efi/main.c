// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot's EFI image: its header and entry, and `bootefi <image>[:<size>]
 * [<initrd>:<size>] [<fdt>]` as U-Boot's cmd/bootefi.c has it: the device
 * tree patched as bootz patches it (common/boot_handoff.c), installed as
 * the FDT configuration table, the image loaded and started (docs/uefi.md).
 * commands/efi.c loads this image and checks its header first.
 */
#include <libfdt.h>

#include "arch/arm/cpu.h"
#include "common/boot.h"
#include "common/console.h"
#include "common/boot_internal.h"
#include "common/environment.h"
#include "common/memcheck.h"
#include "common/sysinfo.h"
#include "efi/efi.h"
#include "lib/efi/devpath.h"
#include "lib/efi/efiimg.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/shell/cmdargs.h"
#include "lib/string.h"

extern char __efi_bss_start[], __efi_bss_end[], __efi_end[];
int efi_img_main(int argc, char *const argv[]);

/* tools/mkefiimg.py fills in length, sdram_id and crc */
const struct efi_img_header efi_img_hdr __attribute__((section(".efi_header"), used)) = {
	.magic = EFI_IMG_MAGIC, .version = EFI_IMG_VERSION, .load = EFI_BASE,
	.end = (uint32_t)(uintptr_t)__efi_end, .entry = (uint32_t)(uintptr_t)efi_img_main,
};

static const char usage[] = "bootefi <image>[:<size>] [<initrd>:<size>] [<fdt>]";

/* "<addr>[:<size>]": 0, or -EINVAL with the error printed */
static int addr_arg(const char *what, const char *s, unsigned long *addr, unsigned long *size,
		    bool need_size)
{
	char buf[24];
	const char *colon = strchr(s, ':');
	size_t n = colon ? (size_t)(colon - s) : strlen(s);

	*size = 0;
	if (n >= sizeof(buf) || (need_size && !colon))
		goto bad;
	memcpy(buf, s, n);
	buf[n] = 0;
	if (parse_ulong(buf, addr) || (colon && (parse_ulong(colon + 1, size) || !*size)))
		goto bad;
	return 0;
bad:
	printf("bootefi: bad %s '%s'\nusage: %s\n", what, s, usage);
	return -EINVAL;
}

/* Pages [addr, addr + size) of the map, typed (their first and last pages
 * whole). */
static int reserve(const char *what, uint64_t addr, uint64_t size, uint32_t type)
{
	uint64_t a = addr & ~(uint64_t)(EFI_PAGE - 1);
	uint32_t pages = (uint32_t)((addr + size - a + EFI_PAGE - 1) / EFI_PAGE);
	int err = efi_mm_alloc(&efi_mm, EFI_ALLOCATE_ADDRESS, type, pages, &a);

	if (err)
		printf("bootefi: the %s at 0x%08x is not free RAM for the EFI memory map (%s)\n",
		       what, (unsigned)addr, errname(err));
	return err;
}

/* The command line as UTF-16, for LoadedImage's LoadOptions (what Linux's
 * stub reads as its command line). */
static int load_options(struct efi_image *img, const char *cmdline)
{
	uint32_t n = cmdline ? (uint32_t)strlen(cmdline) : 0;
	char16 *w;

	if (!n)
		return 0;
	if (efi_alloc_pool(EFI_LOADER_DATA, 2 * (n + 1), (void **)&w))
		return -ENOMEM;
	for (uint32_t i = 0; i <= n; i++)
		w[i] = (uint8_t)cmdline[i];
	img->li.options = w;
	img->li.options_size = 2 * (n + 1);
	return 0;
}

const void *efi_hello(uint32_t *size);

static int bootefi(int argc, char *const argv[])
{
	unsigned long addr, size, iaddr = 0, isize = 0, faddr = 0;
	uint32_t flen = 0, istart = 0, iend = 0;
	struct efi_image *img;
	const char *fdt_arg = NULL;
	bool hello = !strcmp(argv[1], "hello"), mgr = !strcmp(argv[1], "bootmgr");
	efi_status st;
	int err;

	if (argc < 2 || argc > 4 || ((hello || mgr) && argc > 3)) {
		printf("usage: %s\n       bootefi bootmgr [<fdt>]\n       bootefi hello [<fdt>]\n",
		       usage);
		return -EINVAL;
	}
	if (hello) {
		/* built in, so no file or window of its own; a DTB if given */
		uint32_t n;

		addr = (uintptr_t)efi_hello(&n);
		size = n;
		fdt_arg = argc == 3 ? argv[2] : NULL;
	} else if (mgr) {
		/* the image comes from the card (efi/bootmgr.c) */
		addr = size = 0;
		fdt_arg = argc == 3 ? argv[2] : NULL;
	} else if (addr_arg("image address", argv[1], &addr, &size, false)) {
		return -EINVAL;
	}
	if (!hello && !mgr && (argc == 4 || (argc == 3 && strchr(argv[2], ':')))) {
		if (addr_arg("initrd", argv[2], &iaddr, &isize, true))
			return -EINVAL;
		fdt_arg = argc == 4 ? argv[3] : NULL;
	} else if (!hello && !mgr && argc == 3) {
		fdt_arg = argv[2];
	}
	if (!size && !mgr) {
		/* U-Boot knows the last file loaded; gtaboot its $filesize */
		const char *fs = var_get("filesize");

		if (!fs || parse_ulong(fs, &size) || !size) {
			pr_err("No UEFI binary known at %s\n", argv[1]);
			printf("bootefi: give <image>:<size> or load it first ($filesize)\n");
			return -EINVAL;
		}
	}
	if (fdt_arg) {
		if (parse_ulong(fdt_arg, &faddr)) {
			printf("bootefi: bad fdt address '%s'\nusage: %s\n", fdt_arg, usage);
			return -EINVAL;
		}
	} else if (!hello) {
		/* U-Boot would install its own control DT; gtaboot the one at
		 * fdt_addr_r, if there is one there */
		faddr = var_addr("fdt_addr_r", FDT_ADDR_R);
		if (!mem_check_free("fdt", faddr, 40) && !fdt_check_header((const void *)faddr)) {
			printf("bootefi: no fdt given: using the device tree at fdt_addr_r 0x%08x\n",
			       (unsigned)faddr);
		} else {
			/* as bootm: the board's DTB from the boot partition, which
			 * gtaboot patches as it does for bootz */
			char path[96];
			uint32_t len;

			printf("bootefi: no fdt given and none at fdt_addr_r 0x%08x: loading the "
			       "board's %s\n", (unsigned)faddr, sys_dtb_name());
			mem_windows_reset();
			if (boot_default_fdt_path(path, sizeof(path)) ||
			    boot_load_file("fdt", path, faddr, FDT_HEADROOM, &len)) {
				printf("bootefi: no device tree for the image\n");
				faddr = 0;
			}
		}
	}

	/* every window checked against gtaboot, its buffers (this image
	 * among them), the framebuffer and each other */
	mem_windows_reset();
	if (faddr) {
		if (mem_check_free("fdt", faddr, 40))
			return -EBUSY;
		flen = fdt_totalsize((const void *)faddr);
		if (fdt_check_header((const void *)faddr) || flen < 40 || flen > FDT_MAX) {
			printf("bootefi: no device tree at 0x%08x\n", (unsigned)faddr);
			return -EINVAL;
		}
		err = mem_window_claim("fdt", faddr, flen + FDT_HEADROOM);
		if (err)
			return err;
	}
	err = isize ? mem_window_claim("initrd", iaddr, isize) : 0;
	if (!err && !hello && !mgr)
		err = mem_window_claim("image", addr, size);
	if (!err && isize)
		err = boot_check_initrd(iaddr, isize, &istart, &iend);
	if (err)
		return err;

	err = efi_services_init();
	if (!err)
		err = efi_console_init();
	if (!err) {
		efi_image_services();
		err = efi_disk_init();
		if (!err)
			err = efi_dt_fixup_init();
		if (!err)
			err = efi_gop_init();
	}
	if (!err && faddr)
		err = reserve("device tree", faddr, flen + FDT_HEADROOM, EFI_ACPI_RECLAIM_MEMORY);
	if (!err && isize)
		err = reserve("initrd", iaddr, isize, EFI_LOADER_DATA);
	if (!err && !hello && !mgr)
		err = reserve("image", addr, size, EFI_LOADER_DATA);
	if (err)
		return err;
	if (mgr) {
		st = efi_bootmgr_load(&img);
		if (st)
			return -ENOENT;
	} else {
		st = efi_image_load((const void *)addr, size, NULL, &img);
	}
	if (st) {
		printf("bootefi: 0x%08x: %s\n", (unsigned)addr, efi_status_name(st));
		return -EINVAL;
	}
	/* the file is copied: its pages are free again */
	if (!hello && !mgr)
		efi_mm_free(&efi_mm, addr & ~(uint64_t)(EFI_PAGE - 1),
			    (uint32_t)((addr + size - (addr & ~(EFI_PAGE - 1)) + EFI_PAGE - 1) /
				       EFI_PAGE));

	/* the file the last load read there: the image is told its device
	 * and path, as U-Boot's efi_set_bootdev tells it */
	const struct boot_last_load *ll = &boot_last_load;
	const void *dev_dp;
	efi_handle dev = !hello && !mgr && ll->fs && ll->addr == addr && ll->size == size ?
			 efi_disk_of(ll->fs, &dev_dp) : NULL;

	if (dev && efi_image_set_source(img, dev, dev_dp, ll->path))
		return -ENOMEM;

	/* without one, a UKI, systemd-boot or GRUB uses its own; Linux's
	 * stub the DTB's */
	const char *cmdline = hello ? NULL :
			      boot_cmdline(NULL, "the image's own, else the DTB's");

	/* the initrd through LoadFile2, as U-Boot hands it to Linux's stub,
	 * not in /chosen: the kernel would take the DT's over the stub's */
	if (isize && efi_initrd_register((const void *)istart, iend - istart))
		return -ENOMEM;
	err = faddr ? boot_fixup_fdt(faddr, flen, cmdline, 0, 0, &flen) : 0;
	if (!err && !mgr)   /* bootmgr: the load option's data */
		err = load_options(img, cmdline);
	if (!err && faddr)
		err = efi_install_config(&efi_guid_fdt, (void *)faddr) ? -ENOMEM : 0;
	if (err)
		return err;
	if (!hello && !mgr) {
		static char text[512];

		efi_dp_to_text(img->dp, 4096, text, sizeof(text));
		printf("Booting /%s\n", text);
	}
	efi_fbcon_start();
	st = efi_image_start(img);
	if (efi_exited) {
		/* the console and screen were handed over: nothing of gtaboot's
		 * can be trusted to be as it was */
		printf("bootefi: the image returned after ExitBootServices (%s): resetting\n",
		       efi_status_name(st));
		console_flush();
		cpu_reset();
	}
	efi_fbcon_stop();
	if (st != EFI_SUCCESS)
		pr_err("## Application failed, r = %u\n", (unsigned)(st & ~0x80000000u));
	if (!hello)
		printf("bootefi: the image returned without ExitBootServices (%s)\n",
		       efi_status_name(st));
	return st == EFI_SUCCESS ? 0 : -ECANCELED;
}

int efi_img_main(int argc, char *const argv[])
{
	/* a fresh start each run: no state of a previous bootefi */
	memset(__efi_bss_start, 0, (size_t)(__efi_bss_end - __efi_bss_start));
	return bootefi(argc, argv);
}
