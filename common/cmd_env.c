// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Environment commands with U-Boot's syntax and messages: printenv,
 * setenv, env (set, print, delete, default -a, exists, save), echo. The
 * variables live in RAM (common/vars.c); env save is saveenv's, when a
 * saveenv command is linked. No TRM chapter.
 */
#include "common/cli.h"
#include "common/vars.h"
#include "lib/errno.h"
#include "lib/hush.h"
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
		if (v) {
			printf("%s=%s\n", argv[i], v);
		} else {
			printf("## Error: \"%s\" not defined\n", argv[i]);
			ret = 1;
		}
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
	/* as long as the shell can make a command line */
	char val[HUSH_LINE_MAX];
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

/* U-Boot's echo: the words joined by blanks; -n first: no newline. */
static int do_echo(int argc, char *const argv[])
{
	bool nl = argc < 2 || strcmp(argv[1], "-n");

	for (int i = nl ? 1 : 2; i < argc; i++)
		printf(i > (nl ? 1 : 2) ? " %s" : "%s", argv[i]);
	if (nl)
		printf("\n");
	return 0;
}
CMD(echo, "echo", do_echo, "echo [-n] [word...]", "print the words (-n: no newline)");

static int env_delete(int argc, char *const argv[])
{
	int ret = 0;

	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "-f"))
			continue;
		if (env_unset(&sysenv, argv[i])) {
			printf("## Error: \"%s\" not defined\n", argv[i]);
			ret = 1;
		}
	}
	return ret;
}

static int env_default(int argc, char *const argv[])
{
	/* env default [-f] -a: the whole environment back to gtaboot's */
	if (argc < 3 || argc > 4 || strcmp(argv[argc - 1], "-a") ||
	    (argc == 4 && strcmp(argv[2], "-f")))
		return cmd_error(argv, "only 'env default [-f] -a' is supported");
	if (vars_default()) {
		printf("error: env: the defaults do not fit\n");
		return -ENOSPC;
	}
	printf("## Resetting to default environment\n");
	return 0;
}

static int do_env(int argc, char *const argv[])
{
	const char *sub = argc > 1 ? argv[1] : "";
	const struct cmd *save;

	if (!strcmp(sub, "set") && argc > 2)
		return do_setenv(argc - 1, argv + 1);
	/* "env print -a" is everything, as plain printenv (U-Boot's -a) */
	if (!strcmp(sub, "print"))
		return do_printenv(argc == 3 && !strcmp(argv[2], "-a") ? 1 : argc - 1, argv + 1);
	if (!strcmp(sub, "delete") && argc > 2)
		return env_delete(argc, argv);
	if (!strcmp(sub, "default"))
		return env_default(argc, argv);
	if (!strcmp(sub, "exists") && argc == 3)
		return env_get(&sysenv, argv[2]) ? 0 : 1;
	if (!strcmp(sub, "save") && argc == 2) {
		/* another file may provide saveenv; without it, say so */
		save = cmd_find("saveenv");
		if (save)
			return save->fn(1, (char *const[]){ "saveenv", NULL });
		printf("error: env: save is not available (no saveenv in this build)\n");
		return -ENODEV;
	}
	return cmd_usage(argv);
}
CMD(env, "env", do_env,
    "env set <name> [value...] | print [-a | name...] | delete [-f] <name>... | default [-f] -a | "
    "exists <name> | save", "the environment, as U-Boot's env command");
