// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Environment commands with U-Boot's syntax and messages (its
 * cmd/nvedit.c): printenv, setenv [-f], editenv, askenv, showvar, env
 * (set, print [-a], delete [-f], default [-f] -a | name..., exists, edit,
 * ask, import, export, save), echo. The variables live in RAM
 * (common/environment.c); env save is saveenv's, when a saveenv command is
 * linked. No TRM chapter.
 */
#include "common/cli.h"
#include "common/envcmd.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/errno.h"
#include "lib/shell/hush.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/shell/shexpr.h"
#include "lib/string.h"

static int do_printenv(int argc, char *const argv[])
{
	const char *e = NULL, *v;
	int ret = 0;

	/* -a: dot variables too (gtaboot's names have none) */
	if (argc > 1 && !strcmp(argv[1], "-a")) {
		argc--;
		argv++;
	}
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
			pr_err("## Error: \"%s\" not defined\n", argv[i]);
			ret = 1;
		}
	}
	return ret;
}
CMD(printenv, "printenv", do_printenv, "printenv [-a] [name...]", "show variables");

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

	/* -f: force, for U-Boot's write-protected variables; gtaboot has
	 * none, so it changes nothing */
	if (argc > 1 && !strcmp(argv[1], "-f")) {
		argc--;
		argv++;
	}
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
		pr_err("error: setenv: %s: %s\n", argv[1],
		       err == -ENOSPC ? "environment full" : errname(err));
	return err;
}
CMD(setenv, "setenv", do_setenv, "setenv [-f] <name> [value...]",
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

/* U-Boot's env delete: silent, 1 when a name was not set. */
static int env_delete(int argc, char *const argv[])
{
	int ret = 0, i = 2;

	for (; i < argc && argv[i][0] == '-'; i++)
		if (strcmp(argv[i], "-f"))
			return cmd_usage(argv);
	for (; i < argc; i++)
		if (env_unset(&sysenv, argv[i]))
			ret = 1;
	return ret;
}

/* env default [-f] -a: everything back to gtaboot's defaults; env default
 * [-f] name...: those names back to their defaults, deleted when they have
 * none (U-Boot's env_set_default_vars and its warnings). */
static int env_default(int argc, char *const argv[])
{
	static char *dbuf;
	struct env d;
	bool all = false;
	int i = 2;

	for (; i < argc && argv[i][0] == '-'; i++) {
		for (const char *a = argv[i] + 1; *a; a++) {
			if (*a == 'a')
				all = true;
			else if (*a != 'f' && *a != 'k')
				return cmd_usage(argv);
		}
	}
	if (all && i == argc) {
		if (vars_default()) {
			pr_err("error: env: the defaults do not fit\n");
			return -ENOSPC;
		}
		vars_runtime();
		printf("## Resetting to default environment\n");
		return 0;
	}
	if (all || i == argc)
		return cmd_usage(argv);
	if (!dbuf)
		dbuf = scratch_alloc(0x8000);
	if (!dbuf || vars_defaults_into(&d, dbuf, 0x8000)) {
		pr_err("error: env: the defaults do not fit\n");
		return -ENOSPC;
	}
	for (; i < argc; i++) {
		const char *v = env_get(&d, argv[i]);

		if (v) {
			if (env_set(&sysenv, argv[i], v))
				pr_err("error: env: %s: environment full\n", argv[i]);
		} else if (env_unset(&sysenv, argv[i])) {
			pr_warn("WARNING: '%s' neither in running nor in imported env!\n", argv[i]);
		} else {
			pr_warn("WARNING: '%s' not in imported env, deleting it!\n", argv[i]);
		}
	}
	return 0;
}


/* editenv's and askenv's line as typed: an empty one deletes the variable. */
static int set_typed(const char *cmd, const char *name, const char *value)
{
	if (!value[0]) {
		env_unset(&sysenv, name);
		return 0;
	}
	if (var_set(name, value)) {
		pr_err("error: %s: %s: environment full\n", cmd, name);
		return 1;
	}
	return 0;
}

/* editenv name: the value on an "edit: " line to change; an emptied line
 * deletes the variable, Ctrl-C changes nothing. */
static int do_editenv(int argc, char *const argv[])
{
	static char buf[HUSH_LINE_MAX];
	const char *v;

	if (argc != 2)
		return cmd_usage(argv);
	if (!argv[1][0] || env_name_len(argv[1]) != strlen(argv[1]))
		return cmd_error(argv, "bad name '%s'", argv[1]);
	v = env_get(&sysenv, argv[1]);
	snprintf(buf, sizeof(buf), "%s", v ? v : "");
	if (cli_readline("edit: ", buf, sizeof(buf)) < 0)
		return 1;
	return set_typed("editenv", argv[1], buf);
}
CMD(editenv, "editenv", do_editenv, "editenv <name>",
    "edit a variable's value on the console line");

/* askenv name [message...] [size]: U-Boot's do_env_ask: a last word that
 * is a decimal number is the size (at most that many characters kept);
 * the message, or "Please enter 'name': ", prompts for the value. An
 * empty answer deletes the variable. */
static int do_askenv(int argc, char *const argv[])
{
	static char msg[HUSH_LINE_MAX], buf[HUSH_LINE_MAX];
	unsigned long size = sizeof(buf) - 1;
	const char *s;
	size_t pos = 0;
	int len;

	if (argc < 2)
		return cmd_usage(argv);
	if (!argv[1][0] || env_name_len(argv[1]) != strlen(argv[1]))
		return cmd_error(argv, "bad name '%s'", argv[1]);
	s = argv[argc - 1];
	while (*s >= '0' && *s <= '9')
		s++;
	if (s != argv[argc - 1] && !*s) {
		s = argv[argc - 1];
		size = shexpr_strtoul(s, 10);
		argc--;
	}
	if (argc <= 2) {
		snprintf(msg, sizeof(msg), "Please enter '%s': ", argv[1]);
	} else {
		for (int i = 2; i < argc && pos + 2 < sizeof(msg); i++)
			pos += (size_t)snprintf(msg + pos, sizeof(msg) - pos, "%s ", argv[i]);
	}
	if (size >= sizeof(buf))
		size = sizeof(buf) - 1;
	if (!size)
		return 1;
	buf[0] = 0;
	len = cli_readline(msg, buf, sizeof(buf));
	if (len < 0)
		return 1;
	buf[size < (unsigned long)len ? size : (unsigned long)len] = 0;
	return set_typed("askenv", argv[1], buf);
}
CMD(askenv, "askenv", do_askenv, "askenv <name> [message...] [size]",
    "set a variable to a line typed at the console");

/* showvar [name...]: the shell's own NAME=value variables (hush). */
static int do_showvar(int argc, char *const argv[])
{
	const struct env *l = &cli_shell()->locals;
	const char *e = NULL, *v;
	int ret = 0;

	if (argc == 1) {
		while ((e = env_next(l, e)))
			printf("%s\n", e);
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		v = env_get(l, argv[i]);
		if (v) {
			printf("%s=%s\n", argv[i], v);
		} else {
			pr_err("## Error: \"%s\" not defined\n", argv[i]);
			ret = 1;
		}
	}
	return ret;
}
CMD(showvar, "showvar", do_showvar, "showvar [name...]", "print the shell's local variables");

static int do_env(int argc, char *const argv[])
{
	const char *sub = argc > 1 ? argv[1] : "";
	const struct cmd *save;

	if (!strcmp(sub, "set") && argc > 2)
		return do_setenv(argc - 1, argv + 1);
	if (!strcmp(sub, "print"))
		return do_printenv(argc - 1, argv + 1);
	if (!strcmp(sub, "delete") && argc > 2)
		return env_delete(argc, argv);
	if (!strcmp(sub, "default"))
		return env_default(argc, argv);
	if (!strcmp(sub, "exists") && argc >= 3)
		return env_get(&sysenv, argv[2]) ? 0 : 1;
	if ((!strcmp(sub, "edit") || !strcmp(sub, "ask")) && argc <= HUSH_MAXARGS) {
		/* as editenv / askenv, whose usage an error shows */
		char *av[HUSH_MAXARGS + 1];

		av[0] = sub[0] == 'e' ? "editenv" : "askenv";
		for (int i = 2; i <= argc; i++)
			av[i - 1] = argv[i];
		return sub[0] == 'e' ? do_editenv(argc - 1, av) : do_askenv(argc - 1, av);
	}
	if (!strcmp(sub, "import"))
		return env_cmd_import(argc - 1, argv + 1);
	if (!strcmp(sub, "export"))
		return env_cmd_export(argc - 1, argv + 1);
	if (!strcmp(sub, "save") && argc == 2) {
		/* another file may provide saveenv; without it, say so */
		save = cmd_find("saveenv");
		if (save)
			return save->fn(1, (char *const[]){ "saveenv", NULL });
		pr_err("error: env: save is not available (no saveenv in this build)\n");
		return -ENODEV;
	}
	return cmd_usage(argv);
}
CMD(env, "env", do_env,
    "env set [-f] <name> [value...] | print [-a] [name...] | delete [-f] <name>... | "
    "default [-f] -a | default [-f] <name>... | exists <name> | edit <name> | "
    "ask <name> [message] [size] | import [-d] [-t [-r] | -b | -c] <addr> [<size> | -] [var...] | "
    "export [-t | -b | -c] [-s <size>] <addr> [var...] | save",
    "the environment, as U-Boot's env command");
