// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mmc command and mmcinfo with U-Boot's syntax and words (cmd/mmc.c):
 * info, list, dev, rescan, part, read and write on the SD card in MMC1,
 * which U-Boot calls mmc 0 (the SD card protocol: drivers/mmc/mmc.c).
 */
#include "common/bootfs.h"
#include "common/cli.h"
#include "common/storage.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

/* What U-Boot's omap_hsmmc driver calls its controllers. */
#define HOST_NAME "OMAP SD/MMC"

/* The card, or NULL after U-Boot's words for a missing one. */
static struct blockdev *card_or_say(void)
{
	struct blockdev *bd = storage_mmc1();

	if (!bd)
		pr_err("MMC: no card present\n");
	return bd;
}

static int mmc_info(void)
{
	if (!card_or_say())
		return -ENODEV;
	mmc_print_info(storage_mmc1_card(), HOST_NAME);
	return 0;
}

/* mmc dev [dev [part [mode]]]: dev and part decimal as in U-Boot; an SD
 * card has no hardware partitions (only 0), and the speed mode, which
 * U-Boot reads only in its MMC_SPEED_MODE_SET builds, is ignored as
 * there: gtaboot sets the fastest mode the card and host share. */
static int mmc_dev(int argc, char *const argv[])
{
	unsigned long dev = 0, part = 0;

	if (argc > 5)
		return cmd_usage(argv);
	if (argc > 3 && parse_ulong_dec(argv[3], &part)) {
		pr_err("Invalid part number '%s'\n", argv[3]);
		return cmd_usage(argv);
	}
	if (argc > 2 && parse_ulong_dec(argv[2], &dev)) {
		pr_err("Invalid device number '%s'\n", argv[2]);
		return cmd_usage(argv);
	}
	if (dev) {
		pr_err("no mmc device at slot %lx\n", dev);
		return -ENODEV;
	}
	if (!card_or_say())
		return -ENODEV;
	(part ? pr_err : printf)("switch to partitions #%lu, %s\n", part, part ? "ERROR" : "OK");
	if (part) {
		pr_err("error: mmc: an SD card has no hardware partition %lu\n", part);
		return -EINVAL;
	}
	printf("mmc0 is current device\n");
	return 0;
}

/* mmc read|write <addr> <blk> <cnt>, all hex: bounded to the card and to
 * RAM that may be read or written (cmd_ram_check). */
static int mmc_rw(int argc, char *const argv[])
{
	bool rd = argv[1][0] == 'r';
	unsigned long addr, blk, cnt;
	struct blockdev *bd;
	int err;

	if (argc != 5)
		return cmd_usage(argv);
	if (arg_hex(argv, 2, "address", ~0ul, &addr) || arg_hex(argv, 3, "block", ~0ul, &blk) ||
	    arg_hex(argv, 4, "count", 0xFFFFFFFFul / BLOCK_SIZE, &cnt))
		return -EINVAL;
	bd = card_or_say();
	if (!bd)
		return -ENODEV;
	if (cnt && cmd_ram_check(argv, (uint32_t)addr, (uint32_t)(cnt * BLOCK_SIZE), 1, rd))
		return -EINVAL;
	printf("MMC %s: dev # 0, block # %lu, count %lu ... ", rd ? "read" : "write", blk, cnt);
	if ((uint64_t)blk + cnt > bd->nblocks) {
		pr_err("0 blocks %s: ERROR\n", rd ? "read" : "written");
		pr_err("error: mmc: blocks %lu..%lu are past the card's end (%llu blocks)\n", blk,
		       blk + cnt - 1, (unsigned long long)bd->nblocks);
		return -EINVAL;
	}
	err = !cnt ? 0 : rd ? blk_read(bd, blk, (uint32_t)cnt, (void *)addr)
			   : blk_write(bd, blk, (uint32_t)cnt, (const void *)addr);
	(err ? pr_err : printf)("%lu blocks %s: %s\n", err ? 0ul : cnt, rd ? "read" : "written",
				err ? "ERROR" : "OK");
	if (err == -EROFS)
		pr_err("Error: card is write protected!\n");
	else if (err)
		pr_err("error: mmc: %s\n", errname(err));
	/* what the file systems cached of the card may be stale now */
	if (!rd && cnt)
		bootfs_forget();
	return err;
}

static int do_mmc(int argc, char *const argv[])
{
	const char *sub = argc > 1 ? argv[1] : "";

	if (!strcmp(sub, "info") && argc == 2)
		return mmc_info();
	if (!strcmp(sub, "list") && argc == 2) {
		printf("%s: 0%s\n", HOST_NAME, storage_mmc1() ? " (SD)" : "");
		return 0;
	}
	if (!strcmp(sub, "dev"))
		return mmc_dev(argc, argv);
	if (!strcmp(sub, "rescan") && argc == 2) {
		/* The card is identified once, at boot; what a rescan is for
		 * in scripts is reading the partition table again. */
		bootfs_forget();
		return card_or_say() ? 0 : -ENODEV;
	}
	if (!strcmp(sub, "part") && argc == 2)
		return card_or_say() ? cmd_print_parts() : -ENODEV;
	if (!strcmp(sub, "read") || !strcmp(sub, "write"))
		return mmc_rw(argc, argv);
	return cmd_usage(argv);
}
CMD(mmc, "mmc", do_mmc,
    "mmc info | list | dev [dev [part [mode]]] | rescan | part | read <addr> <blk#> <cnt> | "
    "write <addr> <blk#> <cnt>",
    "MMC sub system: the SD card in MMC1 is mmc 0 (numbers hex but dev and part)");

static int do_mmcinfo(int argc, char *const argv[])
{
	if (argc != 1)
		return cmd_usage(argv);
	return mmc_info();
}
CMD(mmcinfo, "mmcinfo", do_mmcinfo, "mmcinfo", "display MMC info");
