// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/cmdline and lib/env: the input is "setenv"
 * material and a command line; splitting and expansion stay within the
 * word buffer and argv, and a line that passed cmdline_check only fails
 * for size. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cmdline.h"
#include "lib/errno.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char envbuf[256], *line, words[64 + 8], *argv[6 + 1];
	const char *split, *p;
	struct env env;
	unsigned long v;

	/* "name=value\n..." up to a 0 byte, then the line. */
	split = memchr(data, 0, size);
	if (!split)
		return 0;
	env_init(&env, envbuf, sizeof(envbuf), NULL);
	{
		char *defs = strndup((const char *)data, (size_t)(split - (const char *)data));
		char *save = NULL;

		for (char *tok = strtok_r(defs, "\n", &save); tok; tok = strtok_r(NULL, "\n", &save)) {
			char *eq = strchr(tok, '=');

			if (!eq)
				continue;
			*eq = 0;
			env_set(&env, tok, eq + 1);
			if (env.used > env.size)
				abort();
		}
		free(defs);
	}
	line = strndup(split + 1, size - (size_t)(split + 1 - (const char *)data));
	int ok = cmdline_check(line) == 0;

	memset(words + 64, 0x5a, 8);
	for (p = line; *p;) {
		const char *before = p;
		int argc = cmdline_next(&p, &env, words, 64, argv, 6);

		if (p <= before)
			abort();        /* no progress: would hang the console */
		if (argc == -EINVAL && ok)
			abort();
		if (argc >= 0) {
			if (argc > 6 || argv[argc])
				abort();
			for (int i = 0; i < argc; i++) {
				if (argv[i] < words || argv[i] + strlen(argv[i]) >= words + 64)
					abort();
				parse_ulong(argv[i], &v);
				parse_ulong_dec(argv[i], &v);
			}
		}
	}
	for (int i = 0; i < 8; i++)
		if (words[64 + i] != 0x5a)
			abort();
	{
		size_t n;
		unsigned b;
		char msg[40];

		cmdline_size_suffix(line, &n, &b);
		if (cmdline_bad_arg(msg, sizeof(msg), "md", "address", line, "md <addr>") >= sizeof(msg))
			abort();
	}
	free(line);
	return 0;
}
