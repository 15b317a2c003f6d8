// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: importing a uEnv.txt-style file into a small environment. */
#include <stddef.h>
#include <stdint.h>

#include "lib/env/env.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char buf[512];
	struct env e;

	env_init(&e, buf, sizeof(buf), NULL);
	env_import(&e, (const char *)data, size, NULL, NULL);
	for (const char *p = env_next(&e, NULL); p; p = env_next(&e, p))
		;
	return 0;
}
