// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * U-Boot's binary environment block: check, choose between two copies,
 * import into and export from gtaboot's sorted environment (no TRM
 * chapter; the layout and rules read from U-Boot and libubootenv:
 * docs/references.md, "Environment block and copies"; see ubenv.h).
 */
#include "lib/env/ubenv.h"

#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/string.h"

static size_t hdr(bool redund)
{
	return redund ? UBENV_HDR_REDUND : UBENV_HDR_SINGLE;
}

/* Walks the entries of a data area of len bytes; calls fn (when set) for
 * each one. Returns the number of entries, or -EINVAL when they do not end
 * in an empty entry inside the area or one lacks "name=". */
static int walk(const char *data, size_t len,
		int (*fn)(void *ctx, unsigned n, const char *entry, size_t elen), void *ctx)
{
	size_t pos = 0;
	unsigned n = 0;

	while (pos < len) {
		const char *end = memchr(data + pos, 0, len - pos);
		size_t elen;
		const char *eq;

		if (!end)
			return -EINVAL;
		elen = (size_t)(end - (data + pos));
		if (!elen)
			return (int)n;          /* the double NUL */
		eq = memchr(data + pos, '=', elen);
		if (!eq || eq == data + pos)
			return -EINVAL;
		n++;
		if (fn) {
			int r = fn(ctx, n, data + pos, elen);

			if (r < 0)
				return r;
		}
		pos += elen + 1;
	}
	return -EINVAL;                         /* ran off the block */
}

int ubenv_check(const uint8_t *blk, size_t size, bool redund, struct ubenv_copy *c)
{
	size_t h = hdr(redund);
	int r;

	if (c) {
		c->ok = false;
		c->flags = 0;
	}
	if (size < UBENV_MIN_SIZE)
		return -EINVAL;
	if (crc32(0, blk + h, size - h) != get_le32(blk))
		return -EBADMSG;
	r = walk((const char *)blk + h, size - h, NULL, NULL);
	if (r < 0)
		return r;
	if (c) {
		c->ok = true;
		c->flags = redund ? blk[4] : 0;
	}
	return 0;
}

int ubenv_pick(const struct ubenv_copy *c0, const struct ubenv_copy *c1)
{
	if (!c0->ok && !c1->ok)
		return -EBADMSG;
	if (!c1->ok)
		return 0;
	if (!c0->ok)
		return 1;
	/* Both valid: the counter wrapped from 255 to 0 makes 0 the newer. */
	if (c0->flags == 255 && c1->flags == 0)
		return 1;
	if (c1->flags == 255 && c0->flags == 0)
		return 0;
	return c1->flags > c0->flags ? 1 : 0;
}

struct import_ctx {
	struct env *e;
	env_import_warn_fn warn;
	void *arg;
	int nset;
};

static int import_one(void *ctx, unsigned n, const char *entry, size_t elen)
{
	struct import_ctx *ic = ctx;
	char name[64];
	const char *eq = memchr(entry, '=', elen);
	size_t nlen = (size_t)(eq - entry);
	const char *why = NULL;

	if (nlen >= sizeof(name) || env_name_len(entry) != nlen) {
		why = "bad variable name";
	} else {
		memcpy(name, entry, nlen);
		name[nlen] = 0;
		/* the value runs to the entry's NUL: it is a C string already */
		if (env_set(ic->e, name, eq + 1))
			why = "environment full";
		else
			ic->nset++;
	}
	if (why && ic->warn)
		ic->warn(ic->arg, n, why, NULL);
	return 0;
}

int ubenv_import(struct env *e, const uint8_t *blk, size_t size, bool redund,
		 env_import_warn_fn warn, void *arg)
{
	struct import_ctx ic = { e, warn, arg, 0 };
	size_t h = hdr(redund);
	int r = ubenv_check(blk, size, redund, NULL);

	if (r)
		return r;
	r = walk((const char *)blk + h, size - h, import_one, &ic);
	return r < 0 ? r : ic.nset;
}

int ubenv_export(const struct env *e, uint8_t *blk, size_t size, bool redund, uint8_t flags)
{
	size_t h = hdr(redund), pos = h;
	uint32_t crc;

	if (size < UBENV_MIN_SIZE)
		return -EINVAL;
	for (const char *p = env_next(e, NULL); p; p = env_next(e, p)) {
		size_t n = strlen(p) + 1;

		/* room for the entry and the final NUL */
		if (n + 1 > size - pos)
			return -ENOSPC;
		memcpy(blk + pos, p, n);
		pos += n;
	}
	memset(blk + pos, 0, size - pos);
	if (redund)
		blk[4] = flags;
	crc = crc32(0, blk + h, size - h);
	for (int i = 0; i < 4; i++)
		blk[i] = (uint8_t)(crc >> (8 * i));
	return 0;
}
