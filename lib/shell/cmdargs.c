// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Numbers and size suffixes of command arguments as U-Boot reads them (no
 * TRM chapter). The command lines themselves are lib/shell/hush's.
 */
#include <stdbool.h>

#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/string.h"

static int parse_base(const char *s, unsigned long base, unsigned long *out)
{
	unsigned long v = 0, d;
	bool over = false;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		char c = *s;

		if (c >= '0' && c <= '9')
			d = (unsigned long)(c - '0');
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (unsigned long)((c | 0x20) - 'a' + 10);
		else
			return -EINVAL;
		if (d >= base)
			return -EINVAL;
		if (v > (~0ul - d) / base)
			over = true;
		v = v * base + d;
	}
	if (over)
		return -ERANGE;
	*out = v;
	return 0;
}

int parse_ulong(const char *s, unsigned long *out)
{
	return parse_base(s, 16, out);
}

int parse_ulong_dec(const char *s, unsigned long *out)
{
	return parse_base(s, 10, out);
}

int cmdline_size_suffix(const char *cmd, size_t *namelen, unsigned *bytes)
{
	const char *dot = strchr(cmd, '.');

	*bytes = 4;
	if (!dot) {
		*namelen = strlen(cmd);
		return 0;
	}
	*namelen = (size_t)(dot - cmd);
	if (!dot[1] || dot[2])
		return -EINVAL;
	switch (dot[1]) {
	case 'b':
		*bytes = 1;
		return 0;
	case 'w':
		*bytes = 2;
		return 0;
	case 'l':
		return 0;
	default:
		return -EINVAL;
	}
}
