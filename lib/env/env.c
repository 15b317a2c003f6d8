// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The console environment in one caller buffer (no TRM chapter: this is
 * U-Boot's printenv/setenv model, reduced to sorted name=value strings).
 */
#include "lib/env/env.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"
#include "lib/string.h"

size_t env_name_len(const char *s)
{
	size_t n = 0;

	for (;; n++) {
		char c = s[n];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '_'))
			return n;
	}
}

static bool name_ok(const char *name)
{
	size_t n = env_name_len(name);

	return n && !name[n];
}

/* Compares the name of a "name=value" entry with name[0..len). */
static int cmp_entry(const char *entry, const char *name, size_t len)
{
	for (; len; len--, entry++, name++)
		if (*entry != *name)
			return *entry == '=' ? -1 : (unsigned char)*entry - (unsigned char)*name;
	return *entry == '=' ? 0 : 1;
}

/* The entry for name, or else the one it would go before (maybe the end
 * of the used area); *found says which. */
static char *lookup(const struct env *e, const char *name, size_t len, bool *found)
{
	char *p = e->buf, *end = e->buf + e->used;

	for (; p < end; p += strlen(p) + 1) {
		int c = cmp_entry(p, name, len);

		if (c >= 0) {
			*found = c == 0;
			return p;
		}
	}
	*found = false;
	return p;
}

int env_init(struct env *e, char *buf, size_t size, const struct env_default *defs)
{
	int ret;

	e->buf = buf;
	e->size = size;
	e->used = 0;
	for (; defs && defs->name; defs++) {
		ret = env_set(e, defs->name, defs->value);
		if (ret)
			return ret;
	}
	return 0;
}

const char *env_getn(const struct env *e, const char *name, size_t len)
{
	bool found;
	char *p;

	if (!len || env_name_len(name) < len)
		return NULL;
	p = lookup(e, name, len, &found);
	return found ? p + len + 1 : NULL;
}

const char *env_get(const struct env *e, const char *name)
{
	return env_getn(e, name, strlen(name));
}

int env_set(struct env *e, const char *name, const char *value)
{
	size_t nlen = strlen(name), vlen = strlen(value);
	size_t need = nlen + vlen + 2, old = 0;
	char *p, *end = e->buf + e->used;
	bool found;

	if (!name_ok(name))
		return -EINVAL;
	p = lookup(e, name, nlen, &found);
	if (found)
		old = strlen(p) + 1;
	if (e->used - old + need > e->size)
		return -ENOSPC;
	if (value > p && value < p + old) {
		/* Its own value's tail: the entry only shrinks. */
		memmove(p + nlen + 1, value, vlen + 1);
		memmove(p + need, p + old, (size_t)(end - (p + old)));
	} else {
		/* Another entry's value (setenv a $b copies first, but a
		 * caller may pass env_get's pointer): follow it as it moves. */
		if (value >= p + old && value < end)
			value += (ptrdiff_t)need - (ptrdiff_t)old;
		memmove(p + need, p + old, (size_t)(end - (p + old)));
		memcpy(p, name, nlen);
		p[nlen] = '=';
		memmove(p + nlen + 1, value, vlen + 1);
	}
	e->used = e->used - old + need;
	return 0;
}

int env_unset(struct env *e, const char *name)
{
	char *p, *end = e->buf + e->used;
	size_t len;
	bool found;

	if (!name_ok(name))
		return -EINVAL;
	p = lookup(e, name, strlen(name), &found);
	if (!found)
		return -ENOENT;
	len = strlen(p) + 1;
	memmove(p, p + len, (size_t)(end - (p + len)));
	e->used -= len;
	return 0;
}

int env_get_ulong(const struct env *e, const char *name, int base, unsigned long *out)
{
	const char *v = env_get(e, name);

	if (!v)
		return -ENOENT;
	return base == 10 ? parse_ulong_dec(v, out) : parse_ulong(v, out);
}

const char *env_next(const struct env *e, const char *entry)
{
	const char *end = e->buf + e->used;

	entry = entry ? entry + strlen(entry) + 1 : e->buf;
	return entry < end ? entry : NULL;
}

/* The name a skipped line is reported by: up to its '=', cut. */
static void line_name(char out[32], const char *s, size_t n)
{
	const char *eq = memchr(s, '=', n);

	if (eq)
		n = (size_t)(eq - s);
	if (n > 31)
		n = 31;
	memcpy(out, s, n);
	out[n] = 0;
}

int env_import(struct env *e, const char *text, size_t len, env_import_warn_fn warn, void *arg)
{
	char line[256], name[32];
	size_t pos = 0;
	unsigned lineno = 0;
	int nset = 0;

	while (pos < len) {
		size_t start = pos, n;
		const char *why = NULL;
		char *eq;

		while (pos < len && text[pos] != '\n')
			pos++;
		n = pos - start;
		pos++;                   /* past the newline */
		lineno++;
		if (n && text[start + n - 1] == '\r')
			n--;
		if (!n || text[start] == '#')
			continue;
		if (n >= sizeof(line)) {
			/* Only this line: the ones after it still count. */
			why = "line too long";
		} else {
			memcpy(line, text + start, n);
			line[n] = 0;
			eq = memchr(line, '=', n);
			if (!eq) {
				why = "no '=' in the line";
			} else {
				*eq = 0;
				if (!name_ok(line))
					why = "bad variable name";
				else if (memchr(eq + 1, 0, n - (size_t)(eq + 1 - line)))
					why = "NUL byte in the value";
				else if (env_set(e, line, eq + 1))
					why = "environment full";
				else
					nset++;
			}
		}
		if (why && warn) {
			line_name(name, text + start, n);
			warn(arg, lineno, why, name);
		}
	}
	return nset;
}
