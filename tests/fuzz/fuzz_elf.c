// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: lib/boot/elf on arbitrary input lists only pieces inside it. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "lib/boot/elf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elf_piece p[ELF_PIECES_MAX];
	const char *why;
	uint32_t entry;
	unsigned n;

	for (int phdr = 0; phdr < 2; phdr++) {
		if (elf_pieces(data, size, phdr, p, &n, &entry, &why))
			continue;
		for (unsigned i = 0; i < n; i++)
			if (p[i].off > size || p[i].filesz > size - p[i].off || p[i].filesz > p[i].memsz)
				abort();
	}
	return 0;
}
