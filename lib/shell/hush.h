/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The subset of U-Boot's hush shell that boot.scr files, environment
 * scripts (bootcmd & co.) and labgrid use: lists with ';', newlines, &&
 * and ||, '!', if/elif/else/fi, for/while/until loops, quoting, $name,
 * ${name} and $?, and shell-local NAME=value variables. No pipes,
 * redirections, functions or arithmetic.
 */
#ifndef LIB_SHELL_HUSH_H
#define LIB_SHELL_HUSH_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/env/env.h"

/* Bounds; each one, when hit, is printed by name and fails the command
 * or the script (never a hang or an overflow). */
#define HUSH_MAXARGS    64          /* words of one command, as U-Boot's CONFIG_SYS_MAXARGS */
#define HUSH_LINE_MAX   2048        /* bytes of one command's words after expansion */
#define HUSH_DEPTH_MAX  32          /* if/for/while nesting, counted across run */
#define HUSH_RUN_MAX    16          /* scripts running inside scripts (run) */
#define HUSH_SCRIPT_MAX (256 * 1024) /* bytes of one script text */

/* Everything hush needs from its host; ctx is passed back to each call. */
struct hush_ops {
	void *ctx;
	/* Runs a command. 0 is success; anything else (a negative errno
	 * included) is failure, $? = 1. The host prints "Unknown command". */
	int (*run)(void *ctx, int argc, char *const argv[]);
	/* An environment variable's value or NULL; may be invalidated by
	 * the next command, so hush copies it at once. */
	const char *(*getenv)(void *ctx, const char *name);
	/* True when the user asked to stop (Ctrl-C), polled once per loop
	 * iteration and script line; the host prints "^C" and keeps saying
	 * true for a Ctrl-C a command (sleep) took, until its next line. */
	bool (*ctrlc)(void *ctx);
	void (*print)(void *ctx, const char *s);
};

struct hush {
	const struct hush_ops *ops;
	/* Work memory used as a stack: each running command's words, a for
	 * loop's list, a run'd variable's copy; freed as they finish. */
	char *arena;
	size_t arena_size, arena_used;
	struct env locals;      /* NAME=value set by the shell itself */
	int status;             /* $? */
	unsigned depth;         /* compound commands being run */
	unsigned level;         /* hush_run calls active */
	bool interrupted;       /* Ctrl-C seen: everything unwinds */
	bool exiting;           /* exit ran: the innermost script unwinds */
	bool interactive;       /* the host's prompt line runs at level 1 */
};

/* Makes everything running unwind with status 1 once the current command
 * returns, as Ctrl-C does (for a command that knows the script cannot go
 * on usefully). A no-op when nothing runs. */
void hush_stop(struct hush *h);

/* U-Boot's exit [n] is the shell's own: it leaves the script (the
 * innermost hush_run: a run'd variable, a sourced file) with status n
 * (decimal, default 0); at the prompt's own level (interactive) it is
 * refused with U-Boot's "exit not allowed from main input shell." */

/* arena: at least HUSH_LINE_MAX + some KB (HUSH_ARENA_MIN); locals: the
 * buffer for shell-local variables. -EINVAL when the arena is too small. */
#define HUSH_ARENA_MIN (HUSH_LINE_MAX + (HUSH_MAXARGS + 1) * sizeof(char *) + 256)
int hush_init(struct hush *h, const struct hush_ops *ops, void *arena, size_t arena_size,
	      void *locals, size_t locals_size);

/*
 * Checks the whole of text[0..len) for syntax errors, printing the first
 * ("syntax error: line 3: 'fi' without 'if'"), and runs none of it if it
 * has one; otherwise runs it. text must stay unchanged while it runs.
 * Returns the exit status, 0 or 1 (1 also for a syntax error, a bound
 * hit or Ctrl-C), or the n of an `exit n` that ended it; it is also $?
 * afterwards.
 */
int hush_run(struct hush *h, const char *text, size_t len);

/* U-Boot's run: the value of the variable name (local or environment)
 * copied into the arena and run as a script; 1 with "## Error: "name"
 * not defined" when unset, "run: nesting too deep (16)" past
 * HUSH_RUN_MAX. */
int hush_run_var(struct hush *h, const char *name);

/* $name as a script sees it: the shell-local variable, else the
 * environment's, else NULL. */
const char *hush_lookup(struct hush *h, const char *name, size_t len);

#endif
