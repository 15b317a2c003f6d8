// SPDX-License-Identifier: GPL-2.0-or-later
/* The console's escaping of file bytes, over lib/strescape's str_escape. */
#include "common/escape.h"
#include "lib/boot/extlinux.h"
#include "lib/strescape.h"

/* A path as long as extlinux.conf may hold (EXTLINUX_PATH_MAX) fits with
 * room for escapes; longer text is cut with "...". */
#define ESC_SIZE (2 * EXTLINUX_PATH_MAX)

const char *esc(const char *s)
{
	static char buf[ESC_SLOTS][ESC_SIZE];
	static unsigned next;
	char *out = buf[next];

	next = (next + 1) % ESC_SLOTS;
	return str_escape(out, ESC_SIZE, s ? s : "");
}
