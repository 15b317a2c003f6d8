// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The console: the `gtaboot> ` prompt over lib/shell/lineedit, every command
 * line and script through lib/shell/hush (U-Boot's shell syntax), the command
 * table the linker gathers (common/command.h), help and version. No TRM
 * chapter: UART3 is reached through common/console.
 */
#include "common/cli.h"

#include <stdarg.h>

#include "board/board.h"
#include "common/banner.h"
#include "common/console.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/shell/hush.h"
#include "lib/shell/lineedit.h"
#include "lib/log.h"
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

	pr_err("error: %s: ", argv[0]);
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

/* Ctrl-C typed? Any other byte is kept for the prompt. */
static bool ctrlc_typed(void)
{
	int c = console_getc();

	if (c != 0x03) {
		if (c >= 0 && typeahead < 0)
			typeahead = c;
		return false;
	}
	return true;
}

/* A Ctrl-C a command took (sleep, md) also stops the loop or script
 * around it, until the next console line. */
static bool ctrlc_pressed;

bool cli_ctrlc(void)
{
	if (!ctrlc_typed())
		return false;
	printf("^C\n");
	ctrlc_pressed = true;
	return true;
}

/* Whether every command of the line running was repeatable. */
static bool line_repeatable;
bool cli_repeat;

static int sh_run(void *ctx, int argc, char *const argv[])
{
	const struct cmd *c = cmd_find(argv[0]);

	line_repeatable = line_repeatable && c && c->repeatable;
	if (!c) {
		/* U-Boot's words, which scripts and labgrid look for */
		pr_err("Unknown command '%s' - try 'help'\n", argv[0]);
		return 1;
	}
	return c->fn(argc, argv);
}

static const char *sh_getenv(void *ctx, const char *name)
{
	return env_get(&sysenv, name);
}

static bool sh_ctrlc(void *ctx)
{
	return ctrlc_pressed || cli_ctrlc();
}

/* printf, not console_puts: that one would be kept in the ROM-loaded
 * part only for this. All the shell says is its errors (lib/shell/hush.c). */
static void sh_print(void *ctx, const char *s)
{
	pr_err("%s", s);
}

/* The shell's work memory: words of the commands running (nested by
 * run), for lists and run's copies of the variables. In gtaboot's SDRAM
 * buffers; the static minimum only if those are used up. */
#define SH_ARENA  (16 * 1024)
#define SH_LOCALS 1024

struct hush *cli_shell(void)
{
	static const struct hush_ops ops = {
		.run = sh_run, .getenv = sh_getenv, .ctrlc = sh_ctrlc, .print = sh_print,
	};
	static char min_arena[HUSH_ARENA_MIN] __attribute__((aligned(8)));
	static char min_locals[256];
	static struct hush sh;
	static bool ready;
	void *arena, *locals;

	if (ready)
		return &sh;
	arena = scratch_alloc(SH_ARENA);
	locals = arena ? scratch_alloc(SH_LOCALS) : NULL;
	if (arena && locals) {
		hush_init(&sh, &ops, arena, SH_ARENA, locals, SH_LOCALS);
	} else {
		pr_warn("warning: shell: no SDRAM buffer, %u bytes of work memory\n",
			(unsigned)sizeof(min_arena));
		hush_init(&sh, &ops, min_arena, sizeof(min_arena), min_locals, sizeof(min_locals));
	}
	ready = true;
	return &sh;
}

void cli_stop_scripts(void)
{
	hush_stop(cli_shell());
}

int cmd_run_line(const char *line)
{
	struct hush *sh = cli_shell();

	if (!sh->level)
		ctrlc_pressed = false;
	return hush_run(sh, line, strlen(line));
}

/* Scripts run from a copy: a script may load another file over the
 * memory it came from (a boot.scr at ${scriptaddr} loading the next one
 * there), and the shell reads a loop's body again each time round. The
 * copies nest as source does, on a stack in gtaboot's own buffers. */
#define SCRIPT_STACK 0x20000u

int cli_run_script(const char *text, size_t len)
{
	static char *stack;
	static size_t used;
	size_t n = strnlen(text, len), at = used;
	int ret;

	if (!stack)
		stack = scratch_alloc(SCRIPT_STACK);
	if (!stack || n + 1 > SCRIPT_STACK - used) {
		pr_err("error: script of %u bytes does not fit the %u bytes left for "
		       "scripts\n", (unsigned)n, stack ? (unsigned)(SCRIPT_STACK - used - 1) : 0u);
		return 1;
	}
	memcpy(stack + at, text, n);
	stack[at + n] = 0;
	used += n + 1;
	ret = hush_run(cli_shell(), stack + at, n);
	used = at;
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
	static char line[CLI_LINE], last[CLI_LINE];
	struct lineedit_config cfg = {
		.putc = le_putc, .complete = le_complete,
		.hist_slots = HIST_SLOTS, .hist_slot_size = HIST_SLOT,
	};
	struct lineedit le;
	int c, r = LINEEDIT_BUSY;

	/* The history lives in SDRAM when there is some: SRAM is scarce. */
	cfg.hist = scratch_alloc(HIST_SLOTS * HIST_SLOT);
	lineedit_init(&le, &cfg, line, sizeof(line));
	for (;;) {
		lineedit_start(&le, "gtaboot> ");
		do {
			c = typeahead >= 0 ? typeahead : console_getc_timeout(1000);
			typeahead = -1;
		} while (c < 0 || (r = lineedit_feed(&le, c)) == LINEEDIT_BUSY);
		if (r == LINEEDIT_CANCEL)
			last[0] = 0;
		/* U-Boot's repeat: an empty line runs the last line again
		 * when it succeeded and all its commands are repeatable. */
		if (le.buf[0])
			memcpy(last, le.buf, sizeof(last));
		else if (!last[0])
			continue;
		cli_repeat = !le.buf[0];
		line_repeatable = true;
		cli_shell()->interactive = true;
		if (cmd_run_line(last) || !line_repeatable)
			last[0] = 0;
		cli_shell()->interactive = false;
		cli_repeat = false;
	}
}

int cli_readline(const char *prompt, char *buf, size_t size)
{
	struct lineedit_config cfg = { .putc = le_putc };
	static char init[HUSH_LINE_MAX];
	struct lineedit le;
	enum lineedit_result r = LINEEDIT_BUSY;
	int c;

	snprintf(init, sizeof(init), "%s", buf);
	lineedit_init(&le, &cfg, buf, size);
	lineedit_start(&le, prompt);
	lineedit_preset(&le, init);
	do {
		c = typeahead >= 0 ? typeahead : console_getc_timeout(1000);
		typeahead = -1;
	} while (c < 0 || (r = lineedit_feed(&le, c)) == LINEEDIT_BUSY);
	return r == LINEEDIT_LINE ? (int)le.len : -1;
}

/* U-Boot's list: "name      - text" (the name in 10 columns), in name
 * order (the linker sorts the table); "help <cmd>": U-Boot's
 * "name - text", a blank line, then "Usage:" and gtaboot's usage line. */
static int do_help(int argc, char *const argv[])
{
	const struct cmd *c;
	int ret = 0;

	if (argc == 1) {
		for (c = __cmds_start; c < __cmds_end; c++)
			printf("%-10s- %s\n", c->name, c->help);
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		c = cmd_find(argv[i]);
		if (!c) {
			pr_err("Unknown command '%s' - try 'help' without arguments for list of "
			       "all known commands\n\n", argv[i]);
			ret = 1;
			continue;
		}
		printf("%s - %s\n\nUsage:\n%s\n", c->name, c->help, c->usage);
	}
	return ret;
}
CMD(help, "help", do_help, "help [command...]",
    "print command description/usage (numbers are hex, 0x optional)");
CMD(question_mark, "?", do_help, "? [command...]", "alias for 'help'");

static int do_version(int argc, char *const argv[])
{
	banner_version();
	printf("built with gcc %s\n", __VERSION__);
	return 0;
}
CMD(version, "version", do_version, "version", "show gtaboot's version and build");
