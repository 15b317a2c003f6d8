// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The source command: run a legacy script image (mkimage -T script, the
 * boot.scr of distributions) from memory, with U-Boot's syntax; the image
 * is checked by lib/boot/image.c and its text handed whole to cli_run_script.
 */
#include "common/boot.h"
#include "common/cli.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/errno.h"
#include "lib/boot/image.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

int cmd_source_at(char *const argv[], uint32_t addr)
{
	struct image_info info;
	const char *why = NULL;
	uint32_t room, len;
	int err;

	printf("## Executing script at %08x\n", (unsigned)addr);
	if (cmd_ram_check(argv, addr, UIMAGE_HEADER_SIZE, 4, false))
		return -EINVAL;
	/* The header says how long the image is; never look past the RAM it
	 * lies in (a bad size is the parser's to name as truncation). */
	room = sys_ram_end() > addr ? sys_ram_end() - addr : UIMAGE_HEADER_SIZE;
	len = image_uimage_data_size((const void *)(uintptr_t)addr);
	len = len > room - UIMAGE_HEADER_SIZE ? room : len + UIMAGE_HEADER_SIZE;
	err = image_check_script((const void *)(uintptr_t)addr, len, &info, &why);
	if (err) {
		/* U-Boot's line first (boot/image-board.c image_source_script) */
		if (!strncmp(why, "bad magic", 9))
			pr_err("Bad magic number\n");
		else if (!strcmp(why, "bad header CRC"))
			pr_err("Bad header crc\n");
		else if (!strcmp(why, "bad data CRC"))
			pr_err("Bad data crc\n");
		else if (!strcmp(why, "not a script image"))
			pr_err("Wrong image format for \"source\" command\n");
		pr_err("error: source: %s at 0x%08x (%s)\n", why, (unsigned)addr, errname(err));
		return err;
	}
	return cli_run_script((const char *)(uintptr_t)(addr + info.offset), info.size);
}

static int do_source(int argc, char *const argv[])
{
	unsigned long addr;

	if (argc > 2)
		return cmd_usage(argv);
	if (argc == 2) {
		if (arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr))
			return -EINVAL;
	} else {
		addr = var_addr("scriptaddr", SCRIPT_ADDR);
	}
	return cmd_source_at(argv, (uint32_t)addr);
}
CMD(source, "source", do_source, "source [addr]",
    "run a script image (mkimage -T script) in memory; default $scriptaddr");
