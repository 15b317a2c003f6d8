// SPDX-License-Identifier: GPL-2.0-or-later
/* Escaping of file bytes for console messages (lib/strescape.h). */
#include "lib/strescape.h"
#include <stdbool.h>

#include "lib/string.h"

static size_t width(char ch)
{
	unsigned char c = (unsigned char)ch;

	return c >= 0x20 && c < 0x7F ? 1 : STR_ESCAPE_GROWTH;
}

char *str_escape(char *out, size_t size, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0, total = 0;
	bool cut;

	if (!size)
		return out;
	for (const char *t = s; *t; t++)
		total += width(*t);
	cut = total >= size;
	/* When cut, each byte is written only while "..." still fits after
	 * it, so the cut can always be said. */
	for (; *s; s++) {
		size_t need = width(*s);
		unsigned char c = (unsigned char)*s;

		if (cut && o + need + 3 >= size) {
			if (o + 3 < size) {
				memcpy(out + o, "...", 3);
				o += 3;
			}
			break;
		}
		if (need == 1) {
			out[o++] = (char)c;
		} else {
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[c >> 4];
			out[o++] = hex[c & 15];
		}
	}
	out[o] = 0;
	return out;
}
