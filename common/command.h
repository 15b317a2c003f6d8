/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Console commands. Each command file declares its commands with CMD(); the
 * linker gathers them into one sorted table (section .gtaboot_cmds, see
 * arch/arm/gtaboot.ld), so adding a command touches no central list.
 */
#ifndef COMMON_COMMAND_H
#define COMMON_COMMAND_H

#include <stdbool.h>

struct cmd {
	const char *name;
	const char *usage;  /* "md[.b|.w|.l] <addr> [count]" */
	const char *help;   /* one line */
	/* argv[0] is the command as typed (with a .b/.w/.l suffix, if any).
	 * Returns 0, or a negative errno after printing what was wrong. */
	int (*fn)(int argc, char *const argv[]);
	/* U-Boot's "repeatable": an empty line at the prompt runs the last
	 * line again when every command in it is (cli_repeat then true). */
	bool repeatable;
};

/* The names in a section of their own, which gtaboot.ld keeps beside the
 * table in the part of the image the boot unpacks first: looking a
 * command up then touches nothing else (arch/arm/cold.c). */
#define CMD_NAME_SECTION(_name) __attribute__((section(".gtaboot_cmdname." _name)))
#define CMD(_id, _name, _fn, _usage, _help)                                   \
	static const char cmd_name_##_id[] CMD_NAME_SECTION(_name) = _name;   \
	static const struct cmd cmd_##_id                                     \
	__attribute__((used, section(".gtaboot_cmds." _name), aligned(4))) = { \
		.name = cmd_name_##_id, .usage = _usage, .help = _help, .fn = _fn }
#define CMD_REP(_id, _name, _fn, _usage, _help)                               \
	static const char cmd_name_##_id[] CMD_NAME_SECTION(_name) = _name;   \
	static const struct cmd cmd_##_id                                     \
	__attribute__((used, section(".gtaboot_cmds." _name), aligned(4))) = { \
		.name = cmd_name_##_id, .usage = _usage, .help = _help, .fn = _fn,     \
		.repeatable = true }

/* True while the prompt runs the last line again for an empty line: md,
 * mm and nm then go on from where they stopped (common/cli.c). */
extern bool cli_repeat;

/* Print "error: <argv[0]>: <what>" and the command's usage line; returns
 * -EINVAL. For bad arguments: cmd_error(argv, "bad address '%s'", argv[1]). */
int cmd_error(char *const argv[], const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
const struct cmd *cmd_find(const char *name);
/* Runs a command line or script (lib/shell/hush: U-Boot's shell syntax) as
 * typed at the prompt; returns its exit status, 0 or 1. */
int cmd_run_line(const char *line);

#endif
