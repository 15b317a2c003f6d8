// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/shell/hush, lib/shell/shexpr and lib/shell/cmdargs's numbers: the
 * input is a script, run against faked commands in a small arena with
 * guard bytes; it ends (Ctrl-C is faked after a budget of polls and
 * commands), stays within its buffers and leaves the shell idle. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/shell/cmdargs.h"
#include "lib/shell/hush.h"
#include "lib/shell/shexpr.h"

#define ARENA (HUSH_ARENA_MIN + 1024)

static struct env env;
static struct hush sh;
static unsigned budget;

static int rd(void *ctx, uint32_t addr, unsigned w, uint32_t *v)
{
	*v = addr * 0x01010101u;
	return addr & 1 ? -1 : 0;
}

static bool exists(void *ctx, const char *i, const char *d, const char *p)
{
	return p[0] == '/';
}

static int run(void *ctx, int argc, char *const argv[])
{
	const struct shexpr_ops ops = { .read = rd, .file_exists = exists };
	const char *why;
	unsigned long ul;
	uint32_t v;
	size_t n;
	unsigned b;

	if (budget)
		budget--;
	if (!argv || argv[argc])
		abort();
	for (int i = 0; i < argc; i++) {
		parse_ulong(argv[i], &ul);
		parse_ulong_dec(argv[i], &ul);
		cmdline_size_suffix(argv[i], &n, &b);
	}
	if (!strcmp(argv[0], "setenv") && argc >= 2)
		return argc == 2 ? env_unset(&env, argv[1]) : env_set(&env, argv[1], argv[2]);
	if (!strcmp(argv[0], "run")) {
		for (int i = 1; i < argc; i++)
			if (hush_run_var(&sh, argv[i]))
				return 1;
		return 0;
	}
	if (!strcmp(argv[0], "test"))
		return shexpr_test(argc, argv, &ops);
	if (!strncmp(argv[0], "itest", 5))
		return shexpr_itest(argc, argv, &ops, &why) != 0;
	if (!strncmp(argv[0], "setexpr", 7))
		return shexpr_setexpr(argc, argv, &ops, &v, &why) != 0;
	if (!strcmp(argv[0], "false"))
		return 1;
	return argv[0][0] == 'x' ? -5 : 0;
}

static const char *get(void *ctx, const char *name)
{
	return env_get(&env, name);
}

static bool ctrlc(void *ctx)
{
	return !budget || !--budget;
}

static void print(void *ctx, const char *s)
{
	if (strlen(s) >= 200)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct hush_ops ops = { .run = run, .getenv = get, .ctrlc = ctrlc,
					     .print = print };
	static char arena[ARENA + 16] __attribute__((aligned(8)));
	static char envbuf[512], locals[256];
	static const struct env_default defs[] = {
		{ "a", "echo a; run b" }, { "b", "if true; then echo b; fi" }, { "l", "run l" },
		{ "w", "x  y\tz" }, { NULL, NULL },
	};
	char *text = malloc(size + 1);
	int st;

	memcpy(text, data, size);
	text[size] = 0;
	env_init(&env, envbuf, sizeof(envbuf), defs);
	hush_init(&sh, &ops, arena, ARENA, locals, sizeof(locals));
	memset(arena + ARENA, 0x5a, 16);
	budget = 2000;
	st = hush_run(&sh, text, size);
	/* 0 or 1, or the n of an `exit n` (at most 7 digits are read) */
	if (st < 0 || st > 9999999 || sh.arena_used || sh.level || sh.depth || sh.interrupted)
		abort();
	for (int i = 0; i < 16; i++)
		if (arena[ARENA + i] != 0x5a)
			abort();
	if (env.used > env.size || sh.locals.used > sh.locals.size)
		abort();
	free(text);
	return 0;
}
