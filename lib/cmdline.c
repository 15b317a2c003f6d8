// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Console command-line parsing: U-Boot hush's simple cases (no TRM
 * chapter; the quoting rules are POSIX sh's, XCU 2.2 and 2.6).
 */
#include <stdbool.h>

#include "lib/cmdline.h"
#include "lib/errno.h"
#include "lib/string.h"

struct words {
	char *buf;
	size_t size, len;
	char **argv;
	int argc, max;
	bool in_word;
};

static int word_start(struct words *w)
{
	if (w->in_word)
		return 0;
	if (w->argc >= w->max)
		return -E2BIG;
	if (w->len >= w->size)
		return -ENOSPC;
	w->argv[w->argc++] = w->buf + w->len;
	w->in_word = true;
	return 0;
}

static void word_end(struct words *w)
{
	if (!w->in_word)
		return;
	w->buf[w->len++] = 0;
	w->in_word = false;
}

static int emit(struct words *w, char c)
{
	int ret = word_start(w);

	if (ret)
		return ret;
	/* Keep a byte for the terminator. */
	if (w->len + 1 >= w->size)
		return -ENOSPC;
	w->buf[w->len++] = c;
	return 0;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/*
 * At a '$': the variable's name as name[0..*len) and the bytes it takes
 * in the line (*skip). 0 with *len == 0 means a plain '$'.
 */
static int var_ref(const char *p, const char **name, size_t *len, size_t *skip)
{
	size_t n;

	if (p[1] == '{') {
		n = env_name_len(p + 2);
		if (!n || p[2 + n] != '}')
			return -EINVAL;
		*name = p + 2;
		*len = n;
		*skip = n + 3;
		return 0;
	}
	n = env_name_len(p + 1);
	*name = p + 1;
	*len = n;
	*skip = n ? n + 1 : 1;
	return 0;
}

static int expand(struct words *w, const struct env *env, const char *name, size_t len,
		  bool quoted)
{
	const char *v = env ? env_getn(env, name, len) : NULL;
	int ret;

	for (; v && *v; v++) {
		if (!quoted && blank(*v)) {
			word_end(w);
			continue;
		}
		ret = emit(w, *v);
		if (ret)
			return ret;
	}
	return 0;
}

int cmdline_check(const char *p)
{
	const char *name;
	size_t len, skip;
	char q = 0;
	bool in_word = false;

	for (; *p; p++) {
		if (q == '\'') {
			if (*p == '\'')
				q = 0;
			continue;
		}
		if (*p == '\\') {
			if (p[1])
				p++;
			in_word = true;
			continue;
		}
		if (*p == '$') {
			if (var_ref(p, &name, &len, &skip))
				return -EINVAL;
			p += skip - 1;
			in_word = true;
			continue;
		}
		if (q == '"') {
			if (*p == '"')
				q = 0;
			continue;
		}
		if (*p == '#' && !in_word) {
			while (p[1])
				p++;
			continue;
		}
		if (*p == '\'' || *p == '"')
			q = *p;
		in_word = !(blank(*p) || *p == ';');
	}
	return q ? -EINVAL : 0;
}

int cmdline_next(const char **pos, const struct env *env, char *buf, size_t size,
		 char **argv, int maxargs)
{
	struct words w = { .buf = buf, .size = size, .argv = argv, .max = maxargs };
	const char *p = *pos, *name;
	size_t len, skip;
	char q = 0;
	int ret = 0;

	while (*p && !ret) {
		char c = *p;

		if (q == '\'') {
			if (c == '\'')
				q = 0;
			else
				ret = emit(&w, c);
			p++;
		} else if (c == '$') {
			ret = var_ref(p, &name, &len, &skip);
			if (!ret && !len)
				ret = emit(&w, '$');
			else if (!ret)
				ret = expand(&w, env, name, len, q == '"');
			p += ret ? 1 : skip;
		} else if (q == '"') {
			if (c == '"') {
				q = 0;
			} else if (c == '\\' && (p[1] == '"' || p[1] == '\\' || p[1] == '$')) {
				ret = emit(&w, p[1]);
				p++;
			} else {
				ret = emit(&w, c);
			}
			p++;
		} else if (blank(c)) {
			word_end(&w);
			p++;
		} else if (c == ';') {
			p++;
			break;
		} else if (c == '#' && !w.in_word) {
			p += strlen(p);
		} else if (c == '\'' || c == '"') {
			q = c;
			ret = word_start(&w);
			p++;
		} else if (c == '\\' && p[1]) {
			ret = emit(&w, p[1]);
			p += 2;
		} else {
			ret = emit(&w, c);
			p++;
		}
	}
	if (!ret && q)
		ret = -EINVAL;
	if (ret) {
		/* As in hush, an error abandons the rest of the line. */
		*pos = p + strlen(p);
		argv[0] = NULL;
		return ret;
	}
	word_end(&w);
	argv[w.argc] = NULL;
	*pos = p;
	return w.argc;
}

static int parse_base(const char *s, unsigned long base, unsigned long *out)
{
	unsigned long v = 0, d;
	bool over = false;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		char c = *s;

		if (c >= '0' && c <= '9')
			d = (unsigned long)(c - '0');
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (unsigned long)((c | 0x20) - 'a' + 10);
		else
			return -EINVAL;
		if (d >= base)
			return -EINVAL;
		if (v > (~0ul - d) / base)
			over = true;
		v = v * base + d;
	}
	if (over)
		return -ERANGE;
	*out = v;
	return 0;
}

int parse_ulong(const char *s, unsigned long *out)
{
	return parse_base(s, 16, out);
}

int parse_ulong_dec(const char *s, unsigned long *out)
{
	return parse_base(s, 10, out);
}

int cmdline_size_suffix(const char *cmd, size_t *namelen, unsigned *bytes)
{
	const char *dot = strchr(cmd, '.');

	*bytes = 4;
	if (!dot) {
		*namelen = strlen(cmd);
		return 0;
	}
	*namelen = (size_t)(dot - cmd);
	if (!dot[1] || dot[2])
		return -EINVAL;
	switch (dot[1]) {
	case 'b':
		*bytes = 1;
		return 0;
	case 'w':
		*bytes = 2;
		return 0;
	case 'l':
		return 0;
	default:
		return -EINVAL;
	}
}

static size_t append(char *buf, size_t size, size_t len, const char *s)
{
	while (*s && len + 1 < size)
		buf[len++] = *s++;
	return len;
}

size_t cmdline_bad_arg(char *buf, size_t size, const char *cmd, const char *argname,
		       const char *text, const char *usage)
{
	const char *parts[] = { "error: ", cmd, ": bad ", argname, " '", text,
				"'\nusage: ", usage, "\n" };
	size_t len = 0;

	if (!size)
		return 0;
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		len = append(buf, size, len, parts[i]);
	buf[len] = 0;
	return len;
}
