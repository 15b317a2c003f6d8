// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * U-Boot's mtdparts command (list, default, delall) over lib/mtdparts,
 * and nboot: a uImage from a NAND partition or offset into RAM, booted
 * when autostart=yes (cmd/mtdparts.c, cmd/nand.c). Partition names
 * serve the nand commands too (common/mtd.h).
 */
#include "board/board.h"
#include "common/boot.h"
#include "common/cli.h"
#include "common/memcheck.h"
#include "common/mtd.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "drivers/mtd/nand.h"
#include "lib/bitops.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/boot/image.h"
#include "lib/log.h"
#include "lib/mtdparts.h"
#include "lib/printf.h"
#include "lib/string.h"

static const char *ids(void)
{
	const char *v = var_get("mtdids");

	return v ? v : board_env.mtdids;
}

static const char *parts(void)
{
	const char *v = var_get("mtdparts");

	return v ? v : board_env.mtdparts;
}

/* The table of nand0; prints why not (verbose) and returns an errno. */
static int table(struct mtd_parts *t, uint64_t chip_size, char *id, bool verbose)
{
	const char *why;
	int err;

	if (!ids() || mtdids_lookup(ids(), "nand0", id)) {
		if (verbose)
			printf("mtdids not defined, no default present\n");
		return -ENOENT;
	}
	if (!parts()) {
		if (verbose)
			printf("mtdparts variable not set, see 'help mtdparts'\n");
		return -ENOENT;
	}
	err = mtdparts_parse(parts(), id, chip_size, t, &why);
	if (err == -ENOENT) {
		if (verbose)
			pr_err("no partitions for device nand0 <%s> in mtdparts\n", id);
	} else if (err) {
		pr_err("error: mtdparts: %s in '%s'\n", why, parts());
	}
	return err;
}

int mtd_part_lookup(const char *name, uint64_t chip_size, uint64_t *off, uint64_t *size)
{
	static struct mtd_parts t;
	const struct mtd_part *p;
	char id[MTDPARTS_ID_MAX];
	int err = table(&t, chip_size, id, false);

	if (err && err != -ENOENT)
		return err;
	p = err ? NULL : mtdparts_find(&t, name);
	if (!p)
		return -ENOENT;
	*off = p->offset;
	*size = p->size;
	return 0;
}

static int do_mtdparts(int argc, char *const argv[])
{
	static struct mtd_parts t;
	struct nand_chip *c;
	char id[MTDPARTS_ID_MAX];
	int err;

	if (argc == 2 && !strcmp(argv[1], "default")) {
		if (!board_env.mtdparts)
			return cmd_error(argv, "%s has no default partitions", board_env.name);
		return var_set("mtdids", board_env.mtdids) || var_set("mtdparts", board_env.mtdparts);
	}
	if (argc == 2 && !strcmp(argv[1], "delall"))
		return var_set("mtdparts", "mtdparts=");
	if (argc != 1)
		return cmd_error(argv, "only list, 'default' and 'delall' are supported");
	c = storage_nand(&err);
	if (!c) {
		pr_err("error: mtdparts: no usable NAND chip (%s)\n", errname(err));
		return -ENODEV;
	}
	err = table(&t, c->size, id, true);
	if (!err) {
		printf("\ndevice nand0 <%s>, # parts = %u\n #: name\t\tsize\t\toffset\t\tmask_flags\n",
		       id, t.n);
		for (unsigned i = 0; i < t.n; i++)
			printf("%2u: %-20s0x%08llx\t0x%08llx\t%d\n", i, t.p[i].name,
			       (unsigned long long)t.p[i].size, (unsigned long long)t.p[i].offset,
			       t.p[i].ro);
		printf("\nactive partition: nand0,0 - (%s) 0x%08llx @ 0x%08llx\n", t.p[0].name,
		       (unsigned long long)t.p[0].size, (unsigned long long)t.p[0].offset);
	}
	printf("\ndefaults:\nmtdids  : %s\nmtdparts: %s\n", board_env.mtdids ? board_env.mtdids :
	       "none", board_env.mtdparts ? board_env.mtdparts : "none");
	return err ? 1 : 0;
}
CMD(mtdparts, "mtdparts", do_mtdparts, "mtdparts [default|delall]",
    "list, reset or delete the NAND partitions (mtdids, mtdparts)");

/* nboot [partition] | [[[loadAddr] dev] offset] */
static int do_nboot(int argc, char *const argv[])
{
	unsigned long addr = var_addr("loadaddr", KERNEL_ADDR_R), dev = 0, o;
	uint64_t off = 0, psize = 0;
	const uint8_t *h;
	struct nand_chip *c;
	unsigned skipped;
	uint32_t total;
	const char *which;
	int err;

	if (argc > 4)
		return cmd_usage(argv);
	c = storage_nand(&err);
	if (!c) {
		pr_err("error: nboot: no usable NAND chip (%s)\n", errname(err));
		return -ENODEV;
	}
	which = argc == 2 ? argv[1] : argc == 3 ? argv[2] : NULL;
	if (which && parse_ulong(which, &o) && !mtd_part_lookup(which, c->size, &off, &psize)) {
		if (argc == 3 && arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr))
			return -EINVAL;
	} else {
		if ((argc > 1 && arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr)) ||
		    (argc > 3 && arg_hex(argv, 3, "offset", 0xFFFFFFFFul, &o)))
			return -EINVAL;
		which = argc > 2 ? argv[2] : var_get("bootdevice");
		if (!which) {
			printf("\n** No boot device **\n");
			return 1;
		}
		if (parse_ulong(which, &dev) || dev) {
			printf("\n** Device %s not available\n", which);
			return 1;
		}
		off = argc > 3 ? o : 0;
		psize = c->size > off ? c->size - off : 0;
	}
	if (off % c->page_size || off >= c->size)
		return cmd_error(argv, "offset 0x%llx is not a page of the chip",
				 (unsigned long long)off);
	if (mem_check_free(argv[0], addr, c->page_size))
		return -EINVAL;
	printf("\nLoading from nand0, offset 0x%llx\n", (unsigned long long)off);
	err = nand_read_skip_bad(c, off, c->page_size, (uint8_t *)addr, c->size, &skipped);
	if (err < 0) {
		pr_err("** Read error\n");
		return 1;
	}
	h = (const uint8_t *)addr;
	if (!image_is_uimage(h)) {
		pr_err("** Unknown image type\n");
		return 1;
	}
	total = UIMAGE_HEADER_SIZE + image_uimage_data_size(h);
	if (total < 64 || total > psize || mem_check_free(argv[0], addr, total)) {
		pr_err("** Image of 0x%x bytes does not fit the partition or free RAM\n",
		       (unsigned)total);
		return 1;
	}
	image_print_legacy(h, total);
	err = nand_read_skip_bad(c, off, total, (uint8_t *)addr, c->size, &skipped);
	if (err < 0) {
		pr_err("** Read error\n");
		return 1;
	}
	var_set_hex("fileaddr", addr);
	var_set_hex("filesize", total);
	if (var_get("autostart") && !strcmp(var_get("autostart"), "yes")) {
		char cmd[24];

		snprintf(cmd, sizeof(cmd), "bootm %lx", addr);
		return cmd_run_line(cmd);
	}
	return 0;
}
CMD_REP(nboot, "nboot", do_nboot, "nboot [partition] | [[[loadAddr] dev] offset]",
	"boot from NAND device (a uImage; bootm when autostart=yes)");
