// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * env import / env export data formats (see envio.h; no TRM chapter, the
 * rules are U-Boot's himport_r / hexport_r).
 */
#include "lib/env/envio.h"

#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/string.h"

struct src {
	const char *d;
	size_t size;
	bool crlf;
};

/* The byte at i, 0 past the end; with crlf a CR before LF reads as
 * nothing: at() skips it by moving *i. */
static char at(const struct src *s, size_t *i)
{
	if (s->crlf && *i + 1 < s->size && s->d[*i] == '\r' && s->d[*i + 1] == '\n')
		(*i)++;
	return *i < s->size ? s->d[*i] : 0;
}

/* U-Boot's drop_var_from_set: true when name is to be used; the first
 * listed copy of it is taken off the list. */
static bool wanted(struct envio_import *o, const char *name)
{
	if (!o->nvars)
		return true;
	for (unsigned i = 0; i < o->nvars && i < 64; i++) {
		if (!(o->found & (1ull << i)) && !strcmp(o->vars[i], name)) {
			o->found |= 1ull << i;
			return true;
		}
	}
	return false;
}

static void warn(struct envio_import *o, unsigned n, const char *why, const char *name)
{
	if (o->warn)
		o->warn(o->arg, n, why, name);
}

int envio_import(struct env *e, const char *data, size_t size, struct envio_import *o)
{
	struct src s = { data, size, o->crlf && o->sep == '\n' };
	char name[64];
	size_t i = 0;
	unsigned n = 0;
	int nset = 0;

	do {
		size_t nlen = 0, vlen = 0;
		bool name_fits = true, val_fits = true;
		char c, c1;
		size_t j;

		n++;
		while ((c = at(&s, &i)) == ' ' || c == '\t')
			i++;
		if (c == '#') {
			while ((c = at(&s, &i)) && c != o->sep)
				i++;
			i++;
			continue;
		}
		while ((c = at(&s, &i)) && c != '=' && c != o->sep) {
			if (nlen < sizeof(name) - 1)
				name[nlen++] = c;
			else
				name_fits = false;
			i++;
		}
		name[nlen] = 0;
		/* "name", "name=" or the end: delete (U-Boot's rule, which
		 * looks one byte past the '=') */
		j = i + 1;
		c1 = c ? at(&s, &j) : 0;
		if (!c || c == o->sep || !c1 || c1 == o->sep) {
			i = c == '=' ? j + 1 : i + 1;
			if (nlen && wanted(o, name) && name_fits && env_name_len(name) == nlen)
				env_unset(e, name);
			continue;
		}
		i = j;
		/* the value, '\' escapes the next character */
		while ((c = at(&s, &i)) && c != o->sep) {
			if (c == '\\') {
				j = i + 1;
				c1 = at(&s, &j);
				if (c1) {
					i = j;
					c = c1;
				}
			}
			if (vlen < o->tmp_size - 1)
				o->tmp[vlen++] = c;
			else
				val_fits = false;
			i++;
		}
		o->tmp[vlen] = 0;
		i++;
		if (!nlen)
			return -EINVAL;
		if (!wanted(o, name))
			continue;
		if (!name_fits || env_name_len(name) != nlen)
			warn(o, n, "bad variable name", name);
		else if (!val_fits)
			warn(o, n, "value too long", name);
		else if (env_set(e, name, o->tmp))
			warn(o, n, "environment full", name);
		else
			nset++;
	} while (i < size && data[i]);
	return nset;
}

static bool listed(const char *entry, char *const vars[], unsigned nvars)
{
	size_t len = (size_t)(strchr(entry, '=') - entry);

	if (!nvars)
		return true;
	for (unsigned i = 0; i < nvars; i++)
		if (strlen(vars[i]) == len && !memcmp(vars[i], entry, len))
			return true;
	return false;
}

size_t envio_export_len(const struct env *e, char sep, char *const vars[], unsigned nvars)
{
	size_t total = 1;

	for (const char *p = env_next(e, NULL); p; p = env_next(e, p)) {
		const char *eq = strchr(p, '=');

		if (!listed(p, vars, nvars))
			continue;
		for (const char *q = p; *q; q++)
			total += 1 + (q > eq && ((sep && *q == sep) || *q == '\\'));
		total++;                /* the separator */
	}
	return total;
}

void envio_export(const struct env *e, char sep, char *const vars[], unsigned nvars, char *out)
{
	for (const char *p = env_next(e, NULL); p; p = env_next(e, p)) {
		const char *eq = strchr(p, '=');

		if (!listed(p, vars, nvars))
			continue;
		for (const char *q = p; *q; q++) {
			if (q > eq && ((sep && *q == sep) || *q == '\\'))
				*out++ = '\\';
			*out++ = *q;
		}
		*out++ = sep;
	}
	*out = 0;
}

void envio_seal(uint8_t *blk, size_t size)
{
	uint32_t crc = crc32(0, blk + ENVIO_CRC_HDR, size - ENVIO_CRC_HDR);

	for (int i = 0; i < 4; i++)
		blk[i] = (uint8_t)(crc >> (8 * i));
}

int envio_check(const uint8_t *blk, size_t size)
{
	if (size <= ENVIO_CRC_HDR)
		return -EINVAL;
	return crc32(0, blk + ENVIO_CRC_HDR, size - ENVIO_CRC_HDR) == get_le32(blk) ? 0 : -EBADMSG;
}
