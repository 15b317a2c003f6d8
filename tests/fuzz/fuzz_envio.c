// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: env import (lib/env/envio) in text, text with -r, binary and
 * checksummed form (the first byte chooses), then export in the same form
 * and import again: the round trip must give the same environment. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/env/envio.h"

static char tmp[128];

static int imp(struct env *e, const char *d, size_t n, char sep, bool crlf)
{
	struct envio_import o = { .sep = sep, .crlf = crlf, .tmp = tmp, .tmp_size = sizeof(tmp) };

	return envio_import(e, d, n, &o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char buf[1024], buf2[1024], out[4096];
	struct env e, e2;
	unsigned mode;
	char sep;
	size_t n;

	if (!size)
		return 0;
	mode = data[0] & 3;
	data++;
	size--;
	sep = mode >= 2 ? '\0' : '\n';
	env_init(&e, buf, sizeof(buf), NULL);
	if (mode == 3) {
		/* checksummed: only a block whose CRC matches is read */
		if (envio_check(data, size))
			return 0;
		data += ENVIO_CRC_HDR;
		size -= ENVIO_CRC_HDR;
	}
	imp(&e, (const char *)data, size, sep, mode == 1);
	n = envio_export_len(&e, sep, NULL, 0);
	if (n > sizeof(out))
		abort();
	envio_export(&e, sep, NULL, 0, out);
	env_init(&e2, buf2, sizeof(buf2), NULL);
	imp(&e2, out, n, sep, false);
	/* values that carried a CR before a newline lose it under -r only */
	if (e.used != e2.used || memcmp(e.buf, e2.buf, e.used))
		abort();
	return 0;
}
