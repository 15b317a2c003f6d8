// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The commands U-Boot scripts test and loop with: run, test, itest,
 * setexpr, true, false and sleep; the expressions are lib/shell/shexpr's, the
 * scripts lib/shell/hush's (no TRM chapter).
 */
#include "common/boot.h"
#include "common/bootfs.h"
#include "common/cli.h"
#include "common/environment.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/fs/fs.h"
#include "lib/shell/hush.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/shell/regex.h"
#include "lib/shell/shexpr.h"
#include "lib/string.h"

static int do_run(int argc, char *const argv[])
{
	if (argc < 2)
		return cmd_usage(argv);
	/* as U-Boot's: the first variable that fails ends the list */
	for (int i = 1; i < argc; i++)
		if (hush_run_var(cli_shell(), argv[i]))
			return 1;
	return 0;
}
CMD(run, "run", do_run, "run <var>...", "run each variable's value as a script");

/* *addr for itest and setexpr: any RAM, read at its width. */
static int read_mem(void *ctx, uint32_t addr, unsigned width, uint32_t *val)
{
	char *const *argv = ctx;

	if (cmd_ram_check(argv, addr, width, width, false))
		return -EINVAL;
	if (width == 1)
		*val = *(volatile uint8_t *)(uintptr_t)addr;
	else if (width == 2)
		*val = *(volatile uint16_t *)(uintptr_t)addr;
	else
		*val = *(volatile uint32_t *)(uintptr_t)addr;
	return 0;
}

/* U-Boot's file_exists for test -e: ifname "mmc", devpart "0" (the boot
 * file system), "0:auto" or "0:N" (partition N), path from its root.
 * 1 when the file or directory is there, 0 when not (or the device or
 * partition cannot be read), -EINVAL for a device gtaboot does not have. */
static int mmc_file_exists(const char *ifname, const char *devpart, const char *path)
{
	struct fs_stat st;
	struct fs *fs;
	unsigned num = 0;
	const char *n;
	int err = 0;

	if (strcmp(ifname, "mmc") || devpart[0] != '0' || (devpart[1] && devpart[1] != ':'))
		return -EINVAL;
	if (!devpart[1] || !strcmp(devpart + 2, "auto")) {
		fs = boot_fs();
	} else {
		/* hex, as U-Boot reads partition numbers */
		for (n = devpart + 2; num < 256 && ((*n >= '0' && *n <= '9') ||
		     ((*n | 0x20) >= 'a' && (*n | 0x20) <= 'f')); n++)
			num = num * 16 + (unsigned)(*n <= '9' ? *n - '0' : (*n | 0x20) - 'a' + 10);
		if (n == devpart + 2 || *n || !num || num > 255)
			return -EINVAL;
		fs = bootfs_get(num, &err);
	}
	return fs && !fs_stat(fs, path, &st);
}

static bool file_exists(void *ctx, const char *ifname, const char *devpart, const char *path)
{
	return mmc_file_exists(ifname, devpart, path) > 0;
}

static int do_test(int argc, char *const argv[])
{
	const struct shexpr_ops ops = { .ctx = (void *)argv, .file_exists = file_exists };

	return shexpr_test(argc, argv, &ops);
}
CMD(test, "test", do_test, "test <expr>",
    "= != -n -z -eq -ne -lt -le -gt -ge ! -a -o, -e mmc <dev[:part]> <path>");

static int do_itest(int argc, char *const argv[])
{
	const struct shexpr_ops ops = { .ctx = (void *)argv, .read = read_mem };
	const char *why;
	int ret = shexpr_itest(argc, argv, &ops, &why);

	if (why && ret < 0)
		return cmd_error(argv, "%s", why);
	if (why)
		pr_err("error: %s: unknown operator '%s'\n", argv[0], argv[2]);
	return ret ? 1 : 0;
}
CMD(itest, "itest", do_itest, "itest[.b|.w|.l|.s] [*]<a> <op> [*]<b>",
    "compare hex numbers (or strings, .s): -eq == -ne != -lt < -le <= -gt > -ge >=");

/* setexpr name [g]sub r s [t]: U-Boot's regex_sub_var, with its messages;
 * t defaults to the variable's value, and with no match name gets t. */
static int setexpr_sub(int argc, char *const argv[])
{
	static char out[HUSH_LINE_MAX];
	const char *in = argc == 6 ? argv[5] : env_get(&sysenv, argv[1]), *err = NULL;
	int r;

	if (!in) {
		pr_err("## Error: variable \"%s\" not defined\n", argv[1]);
		return 1;
	}
	r = re_subst(argv[3], argv[4], in, argv[2][0] == 'g', out, sizeof(out), &err);
	if (r == -EINVAL) {
		pr_err("Error compiling regex: %s\n", err);
		return 1;
	}
	if (r < 0) {
		pr_err("## error: %s\n", err);
		return 1;
	}
	if (var_set(argv[1], out)) {
		pr_err("error: setexpr: %s: environment full\n", argv[1]);
		return 1;
	}
	return 0;
}

/* A setexpr.s operand: the word, or with '*' the string at that address
 * (U-Boot's get_arg for CMD_DATA_SIZE_STR); NULL after an error. */
static const char *str_arg(char *const argv[], const char *w, char *buf, size_t size)
{
	uint32_t addr;
	size_t n = 0;

	if (*w != '*')
		return w;
	addr = shexpr_strtoul(w + 1, 16);
	if (cmd_ram_check(argv, addr, (uint32_t)size, 1, false))
		return NULL;
	for (; n < size - 1 && ((const char *)(uintptr_t)addr)[n]; n++)
		buf[n] = ((const char *)(uintptr_t)addr)[n];
	buf[n] = 0;
	return buf;
}

/* setexpr.s name a [+ b]: a string, or two joined. */
static int setexpr_str(int argc, char *const argv[])
{
	static char a[HUSH_LINE_MAX / 2], b[HUSH_LINE_MAX / 2], out[HUSH_LINE_MAX];
	const char *x, *y = "";

	if (argc != 3 && argc != 5)
		return cmd_usage(argv);
	x = str_arg(argv, argv[2], a, sizeof(a));
	if (x && argc == 5)
		y = str_arg(argv, argv[4], b, sizeof(b));
	if (!x || !y)
		return 1;
	if (argc == 5 && strcmp(argv[3], "+")) {
		pr_err("invalid op\n");
		return 1;
	}
	snprintf(out, sizeof(out), "%s%s", x, y);
	if (var_set(argv[1], out)) {
		pr_err("error: setexpr: %s: environment full\n", argv[1]);
		return 1;
	}
	return 0;
}

static int do_setexpr(int argc, char *const argv[])
{
	const struct shexpr_ops ops = { .ctx = (void *)argv, .read = read_mem };
	const char *why;
	uint32_t v;
	int ret;

	if (argc < 3)
		return cmd_usage(argv);
	if (!argv[1][0] || env_name_len(argv[1]) != strlen(argv[1]))
		return cmd_error(argv, "bad name '%s'", argv[1]);
	if (argc >= 5 && argc <= 6 && (!strcmp(argv[2], "sub") || !strcmp(argv[2], "gsub")))
		return setexpr_sub(argc, argv);
	if (!strcmp(argv[0], "setexpr.s"))
		return setexpr_str(argc, argv);
	ret = shexpr_setexpr(argc, argv, &ops, &v, &why);
	if (ret)
		return why ? cmd_error(argv, "%s", why) : ret;
	ret = var_set_hex(argv[1], v);
	if (ret)
		pr_err("error: setexpr: %s: environment full\n", argv[1]);
	return ret;
}
CMD(setexpr, "setexpr", do_setexpr, "setexpr[.b|.w|.l] <name> [*]<a> [<op> [*]<b>] | "
    "setexpr.s <name> [*]<a> [+ [*]<b>] | setexpr <name> gsub|sub <regex> <replacement> [<string>]",
    "set a variable to a hex value, a + - * / % & | ^ b, or a regex substitution");

static int do_true(int argc, char *const argv[])
{
	return 0;
}
CMD(true, "true", do_true, "true", "do nothing, successfully");

static int do_false(int argc, char *const argv[])
{
	return 1;
}
CMD(false, "false", do_false, "false", "do nothing, unsuccessfully");

/* "1", "0.5", "2.25": decimal seconds as microseconds; -EINVAL for
 * anything else or more than a day. */
static int seconds_us(const char *s, uint64_t *us)
{
	uint64_t whole = 0, frac = 0, scale = 1000000;
	const char *p = s;

	for (; *p >= '0' && *p <= '9' && whole <= 86400; p++)
		whole = whole * 10 + (uint64_t)(*p - '0');
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			if (scale >= 10) {
				scale /= 10;
				frac += (uint64_t)(*p - '0') * scale;
			}
	if (p == s || *p || whole > 86400 || (p == s + 1 && *s == '.'))
		return -EINVAL;
	*us = whole * 1000000 + frac;
	return 0;
}

static int do_sleep(int argc, char *const argv[])
{
	uint64_t us, start;

	if (argc != 2)
		return cmd_usage(argv);
	if (seconds_us(argv[1], &us))
		return cmd_error(argv, "bad seconds '%s'", argv[1]);
	for (start = timer_us(); timer_us() - start < us;) {
		if (cli_ctrlc())
			return 1;
		udelay(us - (timer_us() - start) < 1000 ? 100 : 1000);
	}
	return 0;
}
CMD(sleep, "sleep", do_sleep, "sleep <seconds>", "wait (decimal, 0.5 for half a second); Ctrl-C stops");

/* The shell runs exit itself (lib/shell/hush: it leaves the script); this
 * entry lists it in help and answers where no script runs. */
static int do_exit(int argc, char *const argv[])
{
	return 0;
}
CMD(exit, "exit", do_exit, "exit [status]", "leave the script with a status (decimal, default 0)");
