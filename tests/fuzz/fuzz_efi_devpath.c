// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/efi/devpath: any bytes as a device path and as
 * a node give text or -1, never a read past them (ASan) nor a write past
 * the output buffer; the text's length is what was asked for. The bytes as
 * a UTF-8 file name build a path that converts back. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/efi/devpath.h"

static void check(int n, const char *out, size_t cap)
{
	if (n < 0)
		return;
	if (cap && strlen(out) != ((size_t)n < cap ? (size_t)n : cap - 1))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t caps[] = { 1, 7, 64, 4096 };
	static char out[4096 + 16];
	uint8_t *copy = malloc(size ? size : 1), path[2048];
	char name[256];
	int full, n;
	size_t len;

	/* an exact-size copy, so ASan sees any read past it */
	memcpy(copy, data, size);
	full = efi_dp_to_text(copy, size, out, sizeof(out) - 16);
	check(full, out, sizeof(out) - 16);
	if ((full < 0) != (efi_dp_size(copy, size) == 0))
		abort();
	for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		memset(out, 0x55, sizeof(out));
		n = efi_dp_to_text(copy, size, out, caps[i]);
		check(n, out, caps[i]);
		if (n != full || out[caps[i]] != 0x55)
			abort();
		memset(out, 0x55, sizeof(out));
		n = efi_dp_node_to_text(copy, size, out, caps[i]);
		check(n, out, caps[i]);
		if (out[caps[i]] != 0x55)
			abort();
	}
	if (efi_dp_to_text(copy, size, NULL, 0) != full)
		abort();
	free(copy);

	/* the input as a file name (255 bytes are at most 511 units, room
	 * enough in path): built, measured, converted */
	len = size < sizeof(name) - 1 ? size : sizeof(name) - 1;
	memcpy(name, data, len);
	name[len] = 0;
	len = efi_dp_sd_partition(path, sizeof(path), 0, 1, 2048, 4096, 0x12345678);
	if (!len)
		abort();
	{
		struct efi_dp_builder b;

		efi_dp_init(&b, path, sizeof(path));
		efi_dp_sd(&b, data[0 % (size ? size : 1)] & 1, size & 1);
		efi_dp_file(&b, name);
		len = efi_dp_end(&b);
		if (!len || efi_dp_size(path, len) != len)
			abort();
		n = efi_dp_to_text(path, len, out, sizeof(out) - 16);
		if (n < 0)
			abort();
	}
	return 0;
}
