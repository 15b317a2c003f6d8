// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Boot commands: boot (the extlinux labels or the default chain), bootz
 * and bootm (images already in memory), with U-Boot's syntax; the work is
 * common/boot.c's (booting.rst, docs/references.md).
 */
#include "common/boot.h"
#include "common/cli.h"
#include "common/escape.h"
#include "common/environment.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/boot/image.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

static int do_boot(int argc, char *const argv[])
{
	const struct extlinux_conf *conf = boot_conf();
	int err;

	if (argc > 2)
		return cmd_usage(argv);
	if (argc == 1)
		return boot_run_bootcmd();
	for (unsigned i = 0; conf && i < conf->nlabels; i++) {
		if (strcmp(conf->labels[i].name, argv[1]))
			continue;
		err = boot_label(i);
		pr_err("boot: label '%s' failed (%s)\n", esc(argv[1]), errname(err));
		return err;
	}
	return cmd_error(argv, "no label '%s' in extlinux.conf", argv[1]);
}
CMD(boot, "boot", do_boot, "boot [label]",
    "boot an extlinux label, or run bootcmd (the distro scan)");

/* "<addr>[:<size>]" or "-". A uInitrd's size comes from its header. */
static int initrd_arg(char *const argv[], char *s, unsigned long *addr, unsigned long *size)
{
	char *colon = strchr(s, ':');
	int err = 0;

	*addr = *size = 0;
	if (!strcmp(s, "-"))
		return 0;
	if (colon)
		*colon = 0;
	if (parse_ulong(s, addr) || (colon && (parse_ulong(colon + 1, size) || !*size)))
		err = -EINVAL;
	if (colon)
		*colon = ':';
	if (err)
		return cmd_error(argv, "bad initrd '%s'", s);
	if (cmd_ram_check(argv, *addr, 64, 1, false))
		return -EINVAL;
	if (!colon && !image_is_uimage((const void *)(uintptr_t)*addr)) {
		/* U-Boot's words first (boot/image-board.c) */
		pr_err("Wrong Ramdisk Image Format\nRamdisk image is corrupt or invalid\n");
		return cmd_error(argv, "no uInitrd at 0x%08lx: give <addr>:<size>", *addr);
	}
	if (!colon)
		*size = UIMAGE_HEADER_SIZE + image_uimage_data_size((const void *)(uintptr_t)*addr);
	return 0;
}

static int do_bootx(int argc, char *const argv[])
{
	bool uimage = argv[0][4] == 'm';
	unsigned long k, i = 0, isz = 0, f;
	int fi = argc - 1;

	if (argc > 4 || argc < (uimage ? 2 : 3))
		return cmd_usage(argv);
	if (uimage && argc < 4)
		fi = 0;
	if (arg_hex(argv, 1, "kernel address", 0xFFFFFFFFul, &k) ||
	    (argc > (uimage ? 2 : 3) && initrd_arg(argv, argv[2], &i, &isz)) ||
	    (fi && arg_hex(argv, fi, "fdt address", 0xFFFFFFFFul, &f)))
		return -EINVAL;
	if (!fi && cmd_fdt_addr())
		f = cmd_fdt_addr();
	else if (!fi) {
		uint32_t a;
		int err = boot_fdt_for_bootm(&a);

		if (err)
			return err;
		f = a;
	}
	return boot_memory(k, uimage, i, isz, f, NULL);
}
CMD(bootz, "bootz", do_bootx, "bootz <addr> [<initrd>[:size]|-] <fdt>",
    "boot a zImage in memory with $bootargs");
CMD(bootm, "bootm", do_bootx, "bootm <addr> [<initrd>[:size]|-] [<fdt>]",
    "boot a uImage in memory (no fdt: 'fdt addr', a DTB at $fdt_addr_r, else $fdtfile)");
