// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: setexpr's regex substitution (lib/shell/regex): the pattern, the
 * replacement and the subject are the input's NUL-separated parts. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lib/shell/regex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char in[1024], out[512];
	const char *part[3] = { "", "", "" }, *err;
	size_t n = size < sizeof(in) - 1 ? size : sizeof(in) - 1;
	unsigned k = 0;

	memcpy(in, data, n);
	in[n] = 0;
	part[0] = in;
	for (size_t i = 0; i < n && k < 2; i++)
		if (!in[i])
			part[++k] = in + i + 1;
	re_subst(part[0], part[1], part[2], true, out, sizeof(out), &err);
	re_subst(part[0], part[1], part[2], false, out, 8, &err);
	return 0;
}
