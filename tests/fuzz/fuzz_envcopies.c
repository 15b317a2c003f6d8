// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: lib/env/envcopies over a medium in memory whose two copies and
 * single copy are arbitrary bytes: the load must not crash, and a save
 * after it must be what the next load takes, whatever the copies held.
 * The input's first byte picks the options (CRCs fixed up, a single copy,
 * files, read errors), the rest is split in three. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/crc32.h"
#include "lib/env/envcopies.h"
#include "lib/errno.h"
#include "lib/env/ubenv.h"

#define MAXC 1024u

static uint8_t *copy[3];
static uint32_t csize[3];
static int rd_err[2];
static uint8_t buf[2 * MAXC];

static int fz_read(struct envcopies *m, int i, uint32_t *size)
{
	*size = csize[i];
	if (rd_err[i])
		return rd_err[i];
	memcpy(m->buf, copy[i], csize[i]);
	return 0;
}

static int fz_read_single(struct envcopies *m)
{
	memcpy(m->buf, copy[2], csize[2]);
	return 0;
}

static int fz_write(struct envcopies *m, const struct env *e, int i, uint8_t flags,
		    const char *kept)
{
	/* a new copy of the medium's size, as the media write them */
	free(copy[i]);
	csize[i] = m->size;
	copy[i] = malloc(m->size);
	rd_err[i] = 0;
	if (!copy[i] || ubenv_export(e, copy[i], m->size, true, flags))
		abort();        /* fuzz=saved fits 64 bytes */
	return 0;
}

static void fz_twin(struct envcopies *m, const struct env *e, int i, uint8_t flags)
{
	if (rd_err[i] == -ENOENT)
		fz_write(m, e, i, flags, NULL);
}

static void fix_crc(uint8_t *b, size_t n, size_t h)
{
	uint32_t crc;

	if (n < UBENV_MIN_SIZE)
		return;
	crc = crc32(0, b + h, n - h);
	for (int i = 0; i < 4; i++)
		b[i] = (uint8_t)(crc >> (8 * i));
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* the algorithm's words are not the point here */
	if (!freopen("/dev/null", "w", stdout))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[2] = { "a.env", "b.env" };
	static char ebuf[256];
	struct envcopies m = {
		.off = { 0x1000, 0x2000 },
		.buf = buf,
		.read = fz_read,
		.read_single = fz_read_single,
		.write = fz_write,
		.current = -1,
	};
	struct env e;
	uint8_t opt;
	size_t n;

	if (size < 1)
		return 0;
	opt = data[0];
	n = (size - 1) / 3;
	if (n > MAXC)
		n = MAXC;
	for (int i = 0; i < 3; i++) {
		/* separate allocations so that ASan sees any read past a copy */
		csize[i] = (uint32_t)n;
		copy[i] = malloc(n ? n : 1);
		memcpy(copy[i], data + 1 + i * n, n);
		if (opt & (1u << i))
			fix_crc(copy[i], n, i < 2 ? UBENV_HDR_REDUND : UBENV_HDR_SINGLE);
	}
	/* room for the save's entry */
	m.size = (uint32_t)(n < 64 ? 64 : n);
	if (opt & 8) {
		/* a single copy of twice the size, its second half zeros */
		m.single_size = 2 * m.size;
		free(copy[2]);
		csize[2] = m.single_size;
		copy[2] = calloc(1, m.single_size);
		memcpy(copy[2], data + 1 + 2 * n, n);
		if (opt & 4)
			fix_crc(copy[2], m.single_size, UBENV_HDR_SINGLE);
	} else if (opt & 16) {
		m.single_size = m.size;
	}
	if (opt & 32) {
		m.file = names;
		m.twin = fz_twin;
	}
	rd_err[0] = opt & 64 ? -ENOENT : 0;
	rd_err[1] = opt & 128 ? -EBADMSG : 0;

	env_init(&e, ebuf, sizeof(ebuf), NULL);
	envcopies_load(&m, &e);
	/* a save, then the next boot's load takes what it wrote */
	env_init(&e, ebuf, sizeof(ebuf), NULL);
	if (env_set(&e, "fuzz", "saved") || envcopies_save(&m, &e))
		abort();
	env_init(&e, ebuf, sizeof(ebuf), NULL);
	envcopies_load(&m, &e);
	if (!env_get(&e, "fuzz") || strcmp(env_get(&e, "fuzz"), "saved"))
		abort();
	for (int i = 0; i < 3; i++)
		free(copy[i]);
	return 0;
}
