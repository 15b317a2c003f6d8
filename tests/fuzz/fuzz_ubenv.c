// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: two U-Boot environment blocks (lib/env/ubenv) checked, one
 * chosen, imported into a small environment, exported again and checked:
 * what gtaboot does with the NAND's or uboot.env's bytes at boot. The
 * input's first byte picks the variant, the rest is split in two copies;
 * the CRC is fixed up for half the inputs so that the parser behind it is
 * reached. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/crc32.h"
#include "lib/env/ubenv.h"

static void fix_crc(uint8_t *b, size_t n, bool redund)
{
	size_t h = redund ? 5 : 4;
	uint32_t crc;

	if (n < UBENV_MIN_SIZE)
		return;
	crc = crc32(0, b + h, n - h);
	for (int i = 0; i < 4; i++)
		b[i] = (uint8_t)(crc >> (8 * i));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char buf[512];
	static uint8_t out[1024];
	struct ubenv_copy c[2];
	struct env e;
	uint8_t *copy[2];
	size_t n;
	bool redund;
	int pick;

	if (size < 1)
		return 0;
	redund = data[0] & 1;
	n = (size - 1) / 2;
	/* separate allocations so that ASan sees any read past a copy */
	copy[0] = malloc(n ? n : 1);
	copy[1] = malloc(n ? n : 1);
	memcpy(copy[0], data + 1, n);
	memcpy(copy[1], data + 1 + n, n);
	if (data[0] & 2)
		fix_crc(copy[0], n, redund);
	if (data[0] & 4)
		fix_crc(copy[1], n, redund);
	ubenv_check(copy[0], n, redund, &c[0]);
	ubenv_check(copy[1], n, redund, &c[1]);
	pick = ubenv_pick(&c[0], &c[1]);
	env_init(&e, buf, sizeof(buf), NULL);
	if (pick >= 0 && ubenv_import(&e, copy[pick], n, redund, NULL, NULL) < 0)
		abort();            /* a copy found valid must import */
	if (ubenv_export(&e, out, sizeof(out), redund, ubenv_next_flags(c[pick < 0 ? 0 : pick].flags)) ||
	    ubenv_check(out, sizeof(out), redund, NULL))
		abort();            /* 512 bytes of environment always fit in 1024 */
	free(copy[0]);
	free(copy[1]);
	return 0;
}
