// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Distro boot as U-Boot's distro_bootcmd scan does it (docs/references.md,
 * distro.rst): for each target in boot_targets, each partition of the SD
 * card (bootable ones first, then the others), each of boot_prefixes:
 * extlinux.conf through sysboot, boot scripts through load and source,
 * then efi/boot/bootarm.efi through load and bootefi; then gtaboot's own default file names, the boot script Letux keeps in
 * NAND and the NAND kernel partition.
 * The scan is C that sets devtype, devnum, distro_bootpart, prefix and
 * script as U-Boot's scripts do and runs the boot_extlinux and
 * boot_a_script variables, so both steps can be printed and changed and
 * run the same once the hush interpreter runs them.
 */
#include "common/boot.h"
#include "common/bootfs.h"
#include "common/cli.h"
#include "common/escape.h"
#include "common/environment.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

#define WORD_MAX 64

/* The next blank-separated word of *s into w; false at the end. */
static bool next_word(const char **s, char *w, size_t size)
{
	size_t n = 0;

	while (**s == ' ' || **s == '\t')
		(*s)++;
	if (!**s)
		return false;
	while (**s && **s != ' ' && **s != '\t') {
		if (n + 1 < size)
			w[n++] = **s;
		(*s)++;
	}
	w[n] = 0;
	return true;
}

/* Runs a variable's text as a script ("run name"). */
static int run_var(const char *name)
{
	const char *v = var_get(name);

	if (!v) {
		pr_err("error: %s is not set\n", name);
		return -ENOENT;
	}
	return cli_run_script(v, strlen(v));
}

/* 1: path is a file on partition num, 0: it is not, <0: the partition
 * could not be read while looking (said: U-Boot's test -e would fail
 * silently, and the scan moves on from that partition). */
static int is_file(unsigned num, const char *path)
{
	struct fs_stat st;
	int err;
	struct fs *fs = bootfs_get(num, &err);

	if (!fs)
		return 0;
	err = fs_stat(fs, path, &st);
	if (!err)
		return !st.is_dir;
	if (err == -ENOENT || err == -ENOTDIR)
		return 0;
	pr_warn("distroboot: mmc 0:%x: cannot read %s (%s): next partition\n", num, esc(path),
		errname(err));
	return err;
}

/* One partition, as U-Boot's scan_dev_for_boot: extlinux.conf, then the
 * scripts, under each prefix. Returns only when nothing there booted. */
static void scan_part(unsigned num)
{
	char prefix[WORD_MAX], script[WORD_MAX], path[2 * WORD_MAX + 64];
	const char *pl = var_get("boot_prefixes"), *sl;
	const char *conf = var_get("boot_syslinux_conf");
	int f;

	printf("Scanning mmc 0:%x...\n", num);
	while (pl && next_word(&pl, prefix, sizeof(prefix))) {
		var_set("prefix", prefix);
		snprintf(path, sizeof(path), "%s%s", prefix, conf ? conf : "");
		f = conf ? is_file(num, path) : 0;
		if (f < 0)
			return;
		if (f > 0) {
			printf("Found %s\n", esc(path));
			run_var("boot_extlinux");
			pr_err("SCRIPT FAILED: continuing...\n");
		}
		for (sl = var_get("boot_scripts"); sl && next_word(&sl, script, sizeof(script));) {
			snprintf(path, sizeof(path), "%s%s", prefix, script);
			f = is_file(num, path);
			if (f < 0)
				return;
			if (!f)
				continue;
			printf("Found U-Boot script %s\n", esc(path));
			var_set("script", script);
			run_var("boot_a_script");
			pr_err("SCRIPT FAILED: continuing...\n");
		}
	}
}

/* U-Boot's scan_dev_for_efi: efi_fdtfile (the board's fdtfile) from each
 * of efi_dtb_prefixes that has it, then the removable media binary, which
 * boot_efi_binary loads and starts (bootefi falls back to the board's
 * DTB from the boot partition, as bootm does, when none was found). */
static void scan_efi(unsigned num)
{
	static const char bin[] = "efi/boot/bootarm.efi";
	char prefix[WORD_MAX], path[2 * WORD_MAX + 64], dtb[WORD_MAX], list[3 * WORD_MAX];
	const char *pl = list;

	/* copies: a var_set may move the values var_get points at */
	snprintf(dtb, sizeof(dtb), "%s", var_get("fdtfile") ? var_get("fdtfile") : "");
	snprintf(list, sizeof(list), "%s",
		 var_get("efi_dtb_prefixes") ? var_get("efi_dtb_prefixes") : "");
	var_set("efi_fdtfile", dtb);
	while (dtb[0] && next_word(&pl, prefix, sizeof(prefix))) {
		snprintf(path, sizeof(path), "%s%s", prefix, dtb);
		if (is_file(num, path) > 0) {
			var_set("prefix", prefix);
			run_var("load_efi_dtb");
		}
	}
	if (is_file(num, bin) > 0) {
		printf("Found EFI removable media binary %s\n", bin);
		run_var("boot_efi_binary");
		pr_err("EFI LOAD FAILED: continuing...\n");
	}
	cli_run_script("setenv efi_fdtfile", 18);
}

static void scan_mmc(void)
{
	struct part_info p[PART_SCAN_MAX];
	uint32_t sig;
	char num[4];
	int err, n = bootfs_parts(p, &sig, &err);

	var_set("devtype", "mmc");
	var_set("devnum", "0");
	/* Bootable partitions first, then the others, each in table order. */
	for (int i = 0; i < 2 * n; i++) {
		const struct part_info *q = &p[i < n ? i : i - n];
		struct fs *fs;

		if (q->active != (i < n))
			continue;
		fs = bootfs_get(q->num, &err);
		if (!fs)
			continue;
		snprintf(num, sizeof(num), "%x", q->num);
		var_set("distro_bootpart", num);
		scan_part(q->num);
		scan_efi(q->num);
	}
	/* Back to the partition the boot scan chose, for the default names. */
	boot_restore_conf();
	boot_default_files();
}

int distro_boot(const char *targets)
{
	char t[WORD_MAX];

	boot_chain_begin();
	while (next_word(&targets, t, sizeof(t))) {
		if (!strcmp(t, "mmc0"))
			scan_mmc();
		else if (!strcmp(t, "nand0")) {
			boot_nand_script();
			boot_nand_partition();
		}
		else
			pr_err("distroboot: unknown boot target '%s' (mmc0, nand0)\n", esc(t));
	}
	return -ENOENT;
}

int boot_run_bootcmd(void)
{
	static bool running;
	const char *cmd = var_get("bootcmd"), *t = var_get("boot_targets");
	int err;

	/* "boot" in bootcmd would run bootcmd again. */
	if (running) {
		pr_err("error: bootcmd runs itself\n");
		return -ELOOP;
	}
	running = true;
	err = cmd ? cli_run_script(cmd, strlen(cmd)) : distro_boot(t ? t : "mmc0 nand0");
	running = false;
	return err;
}

int boot_autoboot(void)
{
	const char *alt = var_get("altbootcmd");
	unsigned long limit = var_num("bootlimit", 0);
	int count = boot_count_next();

	if (count >= 0) {
		char n[12];

		snprintf(n, sizeof(n), "%d", count);
		var_set("bootcount", n);
		if (limit && (unsigned long)count > limit && alt) {
			pr_warn("Warning: Bootlimit (%lu) exceeded. Using altbootcmd.\n", limit);
			return cli_run_script(alt, strlen(alt));
		}
	}
	return boot_run_bootcmd();
}

static int do_distroboot(int argc, char *const argv[])
{
	char list[CLI_LINE];
	size_t n = 0;

	list[0] = 0;
	for (int i = 1; i < argc; i++) {
		size_t l = strlen(argv[i]);

		if (n + l + 2 > sizeof(list))
			return cmd_error(argv, "too many targets");
		if (n)
			list[n++] = ' ';
		memcpy(list + n, argv[i], l + 1);
		n += l;
	}
	if (argc == 1) {
		const char *v = var_get("boot_targets");

		snprintf(list, sizeof(list), "%s", v ? v : "mmc0 nand0");
	}
	return distro_boot(list);
}
CMD(distroboot, "distroboot", do_distroboot, "distroboot [target...]",
    "distro boot scan of mmc0 (extlinux.conf, boot.scr, default names), nand0");

static int do_sysboot(int argc, char *const argv[])
{
	struct fs *fs;
	unsigned long addr;
	int err, i = 1;

	if (argc > 1 && !strcmp(argv[1], "-p"))
		i++;  /* the menu is the countdown's: the labels are booted in order */
	if (argc != i + 5)
		return cmd_usage(argv);
	if (strcmp(argv[i], "mmc"))
		return cmd_error(argv, "no interface '%s' (only mmc)", argv[i]);
	if (cmd_part_fs(argv, argv[i + 1], &fs, &err))
		return -EINVAL;
	if (strcmp(argv[i + 2], "any") && strcmp(argv[i + 2], "fat") &&
	    strcmp(argv[i + 2], "ext2") && strcmp(argv[i + 2], "ext4"))
		return cmd_error(argv, "bad file system type '%s' (any, fat, ext2, ext4)",
				 argv[i + 2]);
	if (arg_hex(argv, i + 3, "address", 0xFFFFFFFFul, &addr))
		return -EINVAL;
	if (!fs) {
		pr_err("error: sysboot: mmc %s: %s\n", argv[i + 1], errname(err));
		return err;
	}
	err = boot_use_conf(fs, argv[i + 4]);
	if (!err)
		err = boot_extlinux_chain();
	return err;
}
CMD(sysboot, "sysboot", do_sysboot,
    "sysboot [-p] mmc <dev[:part]> any|fat|ext2|ext4 <addr> <path>",
    "boot the labels of an extlinux.conf, in order, with the fallback");
