// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The console: the `gtaboot> ` prompt over lib/lineedit, U-Boot-style
 * command lines through lib/cmdline, the command table the linker gathers
 * (common/command.h), help and version. No TRM chapter: UART3 is reached
 * through common/console.
 */
#include "common/cli.h"

#include <stdarg.h>

#include "board/board.h"
#include "common/console.h"
#include "common/sys.h"
#include "common/vars.h"
#include "lib/cmdline.h"
#include "lib/errno.h"
#include "lib/lineedit.h"
#include "lib/printf.h"
#include "lib/string.h"

#define HIST_SLOTS 8
#define HIST_SLOT  128

extern const struct cmd __cmds_start[], __cmds_end[];

/* "md.b" finds md only because md's usage starts "md[.": a size suffix
 * means nothing to other commands. */
const struct cmd *cmd_find(const char *name)
{
	const char *dot = strchr(name, '.');
	size_t n = dot ? (size_t)(dot - name) : strlen(name);

	for (const struct cmd *c = __cmds_start; c < __cmds_end; c++) {
		if (strncmp(c->name, name, n) || c->name[n])
			continue;
		if (!dot || (c->usage[n] == '[' && c->usage[n + 1] == '.'))
			return c;
	}
	return NULL;
}

void cmd_print_usage(char *const argv[])
{
	const struct cmd *c = cmd_find(argv[0]);

	if (c)
		printf("usage: %s\n", c->usage);
}

int cmd_error(char *const argv[], const char *fmt, ...)
{
	va_list ap;

	printf("error: %s: ", argv[0]);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	cmd_print_usage(argv);
	return -EINVAL;
}

int cmd_usage(char *const argv[])
{
	return cmd_error(argv, "wrong number of arguments");
}

static int arg_num(char *const argv[], int i, const char *what, unsigned long max,
		   unsigned long *v, int (*parse)(const char *, unsigned long *))
{
	if (parse(argv[i], v) || *v > max)
		return cmd_error(argv, "bad %s '%s'", what, argv[i]);
	return 0;
}

int arg_hex(char *const argv[], int i, const char *what, unsigned long max, unsigned long *v)
{
	return arg_num(argv, i, what, max, v, parse_ulong);
}

int arg_dec(char *const argv[], int i, const char *what, unsigned long max, unsigned long *v)
{
	return arg_num(argv, i, what, max, v, parse_ulong_dec);
}

/* A byte typed ahead while a command ran, for the next prompt. */
static int typeahead = -1;

bool cli_ctrlc(void)
{
	int c = console_getc();

	if (c != 0x03) {
		if (c >= 0 && typeahead < 0)
			typeahead = c;
		return false;
	}
	printf("^C\n");
	return true;
}

int cmd_run_line(char *line)
{
	char buf[2 * CLI_LINE], *argv[CMDLINE_MAXARGS + 1];
	const char *pos = line;
	const struct cmd *c;
	int argc, ret = 0;

	if (cmdline_check(line)) {
		printf("error: unterminated quote or bad ${...}\n");
		return -EINVAL;
	}
	while (*pos) {
		argc = cmdline_next(&pos, &sysenv, buf, sizeof(buf), argv, CMDLINE_MAXARGS);
		if (argc < 0) {
			printf("error: %s\n", argc == -E2BIG ? "more than 16 words" :
			       "line too long after $ expansion");
			return argc;
		}
		if (!argc)
			continue;
		c = cmd_find(argv[0]);
		if (!c) {
			printf("error: unknown command '%s' (try 'help')\n", argv[0]);
			ret = -ENOENT;
			continue;
		}
		/* As in hush, a failed command does not stop the line. */
		ret = c->fn(argc, argv);
	}
	return ret;
}

int cli_run_script(const char *text, size_t len)
{
	/* One line at a time through cmd_run_line, until the hush
	 * interpreter takes the whole text. A backslash before the newline
	 * continues the line, as in sh; CR LF ends a line as LF does. */
	char line[4 * CLI_LINE];  /* on the stack: a nested script has its own */
	static unsigned depth;
	size_t i = 0, n;
	unsigned lineno = 1, start;
	int ret = 0;

	if (depth >= 8) {
		printf("error: scripts nested more than 8 deep\n");
		return -ELOOP;
	}
	depth++;
	while (i < len && text[i]) {
		bool too_long = false;

		start = lineno;
		for (n = 0; i < len && text[i] && text[i] != '\n'; i++) {
			if (text[i] == '\\' && i + 1 < len && text[i + 1] == '\n') {
				i++;
				lineno++;
				continue;
			}
			if (text[i] == '\r')
				continue;
			if (n + 1 < sizeof(line))
				line[n++] = text[i];
			else
				too_long = true;
		}
		i++;
		lineno++;
		line[n] = 0;
		if (too_long) {
			printf("error: script line %u longer than %u bytes\n", start,
			       (unsigned)sizeof(line) - 1);
			ret = -E2BIG;
			break;
		}
		if (n)
			ret = cmd_run_line(line);
	}
	depth--;
	return ret;
}

static void le_putc(void *ctx, char c)
{
	console_putc(c);
}

static const char *le_complete(void *ctx, unsigned idx)
{
	return __cmds_start + idx < __cmds_end ? __cmds_start[idx].name : NULL;
}

void cli_loop(void)
{
	static char line[CLI_LINE];
	struct lineedit_config cfg = {
		.putc = le_putc, .complete = le_complete,
		.hist_slots = HIST_SLOTS, .hist_slot_size = HIST_SLOT,
	};
	struct lineedit le;
	int c;

	/* The history lives in SDRAM when there is some: SRAM is scarce. */
	cfg.hist = scratch_alloc(HIST_SLOTS * HIST_SLOT);
	lineedit_init(&le, &cfg, line, sizeof(line));
	for (;;) {
		lineedit_start(&le, "gtaboot> ");
		do {
			c = typeahead >= 0 ? typeahead : console_getc_timeout(1000);
			typeahead = -1;
		} while (c < 0 || lineedit_feed(&le, c) == LINEEDIT_BUSY);
		if (le.buf[0])
			cmd_run_line(le.buf);
	}
}

static int do_help(int argc, char *const argv[])
{
	const struct cmd *c;

	if (argc == 1) {
		for (c = __cmds_start; c < __cmds_end; c++)
			printf("%-9s %s\n", c->name, c->help);
		printf("Numbers are hex (0x optional); 'help <command>' for its usage.\n");
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		c = cmd_find(argv[i]);
		if (!c)
			return cmd_error(argv, "no command '%s'", argv[i]);
		printf("usage: %s\n%s\n", c->usage, c->help);
	}
	return 0;
}
CMD(help, "help", do_help, "help [command...]", "list the commands, or show their usage");

static int do_version(int argc, char *const argv[])
{
	printf("gtaboot %s (g%s) for %s %s\nbuilt with gcc %s\n", GTABOOT_VERSION, GTABOOT_GITREV,
	       board.name, board.rev_name ? board.rev_name(sys.board_rev) : "", __VERSION__);
	return 0;
}
CMD(version, "version", do_version, "version", "show gtaboot's version and build");
