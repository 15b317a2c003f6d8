// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Environment commands with U-Boot's syntax: printenv, setenv, echo. The
 * variables live in RAM only (common/vars.c); no TRM chapter.
 */
#include "common/cli.h"
#include "common/vars.h"
#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

static int do_printenv(int argc, char *const argv[])
{
	const char *e = NULL, *v;
	int ret = 0;

	if (argc == 1) {
		while ((e = env_next(&sysenv, e)))
			printf("%s\n", e);
		printf("\nEnvironment size: %u/%u bytes\n", (unsigned)sysenv.used,
		       (unsigned)sysenv.size);
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		v = env_get(&sysenv, argv[i]);
		if (v)
			printf("%s=%s\n", argv[i], v);
		else
			ret = cmd_error(argv, "'%s' is not set", argv[i]);
	}
	return ret;
}
CMD(printenv, "printenv", do_printenv, "printenv [name...]", "show variables");

/* The words from argv[i] on, joined by blanks as U-Boot's setenv and echo
 * do; -E2BIG when they do not fit. */
static int join(char *buf, size_t size, int argc, char *const argv[], int i)
{
	size_t len = 0, n;

	buf[0] = 0;
	for (; i < argc; i++) {
		n = strlen(argv[i]);
		if (len + n + 2 > size)
			return -E2BIG;
		if (len)
			buf[len++] = ' ';
		memcpy(buf + len, argv[i], n + 1);
		len += n;
	}
	return 0;
}

static int do_setenv(int argc, char *const argv[])
{
	char val[CLI_LINE];
	int err;

	if (argc < 2)
		return cmd_usage(argv);
	if (!argv[1][0] || env_name_len(argv[1]) != strlen(argv[1]))
		return cmd_error(argv, "bad name '%s'", argv[1]);
	if (argc == 2) {
		env_unset(&sysenv, argv[1]);
		return 0;
	}
	err = join(val, sizeof(val), argc, argv, 2);
	if (!err)
		err = var_set(argv[1], val);
	if (err)
		printf("error: setenv: %s: %s\n", argv[1],
		       err == -ENOSPC ? "environment full" : errname(err));
	return err;
}
CMD(setenv, "setenv", do_setenv, "setenv <name> [value...]",
    "set a variable; without a value, delete it");

static int do_echo(int argc, char *const argv[])
{
	char buf[CLI_LINE];

	if (join(buf, sizeof(buf), argc, argv, 1))
		return -E2BIG;
	printf("%s\n", buf);
	return 0;
}
CMD(echo, "echo", do_echo, "echo [word...]", "print the words ($name expanded)");
