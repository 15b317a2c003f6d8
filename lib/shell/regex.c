// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Regular expressions for setexpr sub/gsub (no TRM chapter; the accepted
 * syntax is that of U-Boot's lib/slre.c, see regex.h). The pattern is
 * parsed into a small tree of nodes and matched by backtracking with
 * explicit continuation frames, so groups can carry quantifiers.
 */
#include "lib/shell/regex.h"

#include "lib/errno.h"
#include "lib/string.h"

enum { RE_CHAR, RE_ANY, RE_CLASS, RE_BOL, RE_EOL, RE_GROUP, RE_ALT };

#define RE_INF 0xffffu
/* Frames nest once per atom and group pass: the SDRAM stack takes this. */
#define RE_MAX_DEPTH 600u

struct parser {
	struct re *re;
	const char *p;
	const char *err;
	unsigned depth;
};

static int new_node(struct parser *ps, uint8_t type)
{
	struct re_node *n;

	if (ps->re->nnodes >= RE_MAX_NODES) {
		ps->err = "RE is too long (code overflow)";
		return -1;
	}
	n = &ps->re->node[ps->re->nnodes];
	memset(n, 0, sizeof(*n));
	n->type = type;
	n->min = n->max = 1;
	n->greedy = 1;
	n->next = n->alt = n->alt_next = -1;
	return (int)ps->re->nnodes++;
}

static int new_class(struct parser *ps)
{
	if (ps->re->nclasses >= RE_MAX_CLASSES) {
		ps->err = "RE is too long (data overflow)";
		return -1;
	}
	memset(ps->re->cls[ps->re->nclasses], 0, 32);
	return (int)ps->re->nclasses++;
}

static void set_bit(uint8_t *c, unsigned ch)
{
	c[ch >> 3] |= (uint8_t)(1u << (ch & 7));
}

static bool is_space(unsigned c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static bool is_digit(unsigned c)
{
	return c >= '0' && c <= '9';
}

static bool is_word(unsigned c)
{
	return is_digit(c) || c == '_' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* \s \S \d \D \w \W into c: true when e is one of them. */
static bool add_escape_set(uint8_t *c, char e)
{
	bool (*f)(unsigned) = NULL;
	bool neg = e >= 'A' && e <= 'Z';

	switch (e | 0x20) {
	case 's': f = is_space; break;
	case 'd': f = is_digit; break;
	case 'w': f = is_word; break;
	default: return false;
	}
	for (unsigned ch = 1; ch < 256; ch++)
		if (f(ch) != neg)
			set_bit(c, ch);
	return true;
}

static char escape_char(char e)
{
	return e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e;
}

/* [...] after the '[': a class node. */
static int parse_class(struct parser *ps)
{
	int n = new_node(ps, RE_CLASS), k = n < 0 ? -1 : new_class(ps);
	bool neg = false;
	uint8_t *c;

	if (k < 0)
		return -1;
	ps->re->node[n].arg = (uint8_t)k;
	c = ps->re->cls[k];
	if (*ps->p == '^') {
		neg = true;
		ps->p++;
	}
	while (*ps->p && *ps->p != ']') {
		unsigned lo = (unsigned char)*ps->p++, hi;

		if (lo == '\\' && *ps->p) {
			if (add_escape_set(c, *ps->p)) {
				ps->p++;
				continue;
			}
			lo = (unsigned char)escape_char(*ps->p++);
		}
		hi = lo;
		if (ps->p[0] == '-' && ps->p[1] && ps->p[1] != ']') {
			hi = (unsigned char)ps->p[1];
			ps->p += 2;
			if (hi == '\\' && *ps->p)
				hi = (unsigned char)escape_char(*ps->p++);
		}
		for (unsigned ch = lo; ch <= hi; ch++)
			set_bit(c, ch);
	}
	if (*ps->p != ']') {
		ps->err = "No closing ']' bracket";
		return -1;
	}
	ps->p++;
	if (neg)
		for (unsigned i = 0; i < 32; i++)
			c[i] = (uint8_t)~c[i];
	c[0] &= 0xfe;           /* never the terminating NUL */
	return n;
}

static int parse_alts(struct parser *ps, int group);

/* One atom and its quantifier; -1 with ps->err on error, -2 at the end of
 * a sequence ('|', ')' or the pattern's end). */
static int parse_piece(struct parser *ps)
{
	char ch = *ps->p;
	struct re_node *nd;
	int n;

	if (!ch || ch == '|' || ch == ')')
		return -2;
	ps->p++;
	switch (ch) {
	case '(':
		n = new_node(ps, RE_GROUP);
		if (n < 0)
			return -1;
		if (ps->re->ncaps + 1 < RE_MAX_CAPS)
			ps->re->node[n].cap = (uint8_t)++ps->re->ncaps;
		else
			ps->re->node[n].cap = 0xff;   /* grouping only: \N reaches 9 */
		if (parse_alts(ps, n) < 0)
			return -1;
		if (*ps->p != ')') {
			ps->err = "No closing bracket";
			return -1;
		}
		ps->p++;
		break;
	case '[':
		n = parse_class(ps);
		break;
	case '.':
		n = new_node(ps, RE_ANY);
		break;
	case '^':
		n = new_node(ps, RE_BOL);
		break;
	case '$':
		n = new_node(ps, RE_EOL);
		break;
	case '*':
	case '+':
	case '?':
		ps->err = "Nothing to repeat";
		return -1;
	case '\\':
		if (!*ps->p) {
			ps->err = "Bad escape at the end of the RE";
			return -1;
		}
		ch = *ps->p++;
		n = new_node(ps, RE_CLASS);
		if (n >= 0) {
			int k = new_class(ps);

			if (k < 0)
				return -1;
			ps->re->node[n].arg = (uint8_t)k;
			if (!add_escape_set(ps->re->cls[k], ch))
				set_bit(ps->re->cls[k], (unsigned char)escape_char(ch));
			ps->re->cls[k][0] &= 0xfe;
		}
		break;
	default:
		n = new_node(ps, RE_CHAR);
		if (n >= 0)
			ps->re->node[n].arg = (uint8_t)ch;
	}
	if (n < 0)
		return -1;
	nd = &ps->re->node[n];
	ch = *ps->p;
	if (ch == '*' || ch == '+' || ch == '?') {
		if (nd->type == RE_BOL || nd->type == RE_EOL) {
			ps->err = "Nothing to repeat";
			return -1;
		}
		ps->p++;
		nd->min = ch == '+';
		nd->max = ch == '?' ? 1 : RE_INF;
		if (ch != '?' && *ps->p == '?') {
			nd->greedy = 0;
			ps->p++;
		}
	}
	return n;
}

/* The alternatives of group (up to ')' or the end) as its alt list. */
static int parse_alts(struct parser *ps, int group)
{
	int last_alt = -1;

	if (++ps->depth > 32) {
		ps->err = "Groups nested too deep";
		return -1;
	}
	for (;;) {
		int a = new_node(ps, RE_ALT), prev = -1, n;

		if (a < 0)
			return -1;
		if (last_alt < 0)
			ps->re->node[group].alt = (int16_t)a;
		else
			ps->re->node[last_alt].alt_next = (int16_t)a;
		last_alt = a;
		while ((n = parse_piece(ps)) >= 0) {
			if (prev < 0)
				ps->re->node[a].alt = (int16_t)n;
			else
				ps->re->node[prev].next = (int16_t)n;
			prev = n;
		}
		if (n == -1)
			return -1;
		if (*ps->p != '|')
			break;
		ps->p++;
	}
	ps->depth--;
	return 0;
}

int re_compile(struct re *re, const char *pattern, const char **err)
{
	struct parser ps = { .re = re, .p = pattern };

	re->nnodes = re->nclasses = re->ncaps = 0;
	re->root = (int16_t)new_node(&ps, RE_GROUP);
	if (re->root >= 0 && !parse_alts(&ps, re->root) && *ps.p == ')')
		ps.err = "Unbalanced brackets";
	if (ps.err) {
		*err = ps.err;
		return -EINVAL;
	}
	return 0;
}

/* ---------------------------------------------------------------- match */

struct frame {
	const struct frame *up;
	size_t start;           /* where this pass of the group began */
	int16_t group;
	uint16_t count;         /* passes including this one */
};

struct mctx {
	const struct re *re;
	const unsigned char *s;
	size_t len;
	struct re_cap *caps;
	unsigned steps, depth;
};

static int match(struct mctx *c, int n, size_t pos, const struct frame *f);

static bool one(const struct mctx *c, const struct re_node *nd, size_t pos)
{
	unsigned ch;

	if (pos >= c->len)
		return false;
	ch = c->s[pos];
	switch (nd->type) {
	case RE_CHAR:
		return ch == nd->arg;
	case RE_ANY:
		return true;
	default:
		return c->re->cls[nd->arg][ch >> 3] & (1u << (ch & 7));
	}
}

static void set_cap(struct mctx *c, unsigned cap, size_t start, size_t end)
{
	if (cap < RE_MAX_CAPS) {
		c->caps[cap].start = start;
		c->caps[cap].len = end - start;
	}
}

/* Group g after count passes at pos: another pass, or what follows it. */
static int repeat(struct mctx *c, int g, size_t pos, unsigned count, const struct frame *up)
{
	const struct re_node *nd = &c->re->node[g];
	int r;

	for (int order = 0; order < 2; order++) {
		bool more = (order == 0) == (nd->greedy != 0);

		if (more && count < nd->max) {
			struct frame fr = { up, pos, (int16_t)g, (uint16_t)(count + 1) };

			for (int a = nd->alt; a >= 0; a = c->re->node[a].alt_next) {
				r = match(c, c->re->node[a].alt, pos, &fr);
				if (r)
					return r;
			}
		} else if (!more && count >= nd->min) {
			r = match(c, nd->next, pos, up);
			if (r)
				return r;
		}
	}
	return 0;
}

static int group_end(struct mctx *c, const struct frame *f, size_t pos)
{
	const struct re_node *nd = &c->re->node[f->group];
	struct re_cap old = { 0, 0 };
	int r;

	/* an empty pass beyond the minimum would loop for ever */
	if (pos == f->start && f->count > nd->min)
		return 0;
	if (nd->cap < RE_MAX_CAPS) {
		old = c->caps[nd->cap];
		set_cap(c, nd->cap, f->start, pos);
	}
	r = repeat(c, f->group, pos, f->count, f->up);
	if (!r && nd->cap < RE_MAX_CAPS)
		c->caps[nd->cap] = old;
	return r;
}

static int match(struct mctx *c, int n, size_t pos, const struct frame *f)
{
	const struct re_node *nd;
	size_t k = 0;
	int r = 0;

	if (++c->steps > RE_MAX_STEPS || c->depth >= RE_MAX_DEPTH)
		return -E2BIG;
	if (n < 0)
		return f ? group_end(c, f, pos) : 1;
	c->depth++;
	nd = &c->re->node[n];
	switch (nd->type) {
	case RE_BOL:
		r = pos == 0 ? match(c, nd->next, pos, f) : 0;
		break;
	case RE_EOL:
		r = pos == c->len ? match(c, nd->next, pos, f) : 0;
		break;
	case RE_GROUP:
		r = repeat(c, n, pos, 0, f);
		break;
	default:
		while (k < nd->max && one(c, nd, pos + k))
			k++;
		if (k < nd->min)
			break;
		for (size_t i = 0; i <= k - nd->min && !r; i++)
			r = match(c, nd->next, pos + (nd->greedy ? k - i : nd->min + i), f);
	}
	c->depth--;
	return r;
}

int re_search(const struct re *re, const char *s, size_t len, size_t from,
	      struct re_cap caps[RE_MAX_CAPS])
{
	struct mctx c = { re, (const unsigned char *)s, len, caps, 0, 0 };

	for (size_t pos = from; pos <= len; pos++) {
		int r;

		for (unsigned i = 0; i < RE_MAX_CAPS; i++) {
			caps[i].start = (size_t)-1;
			caps[i].len = 0;
		}
		r = match(&c, re->root, pos, NULL);
		if (r)
			return r;
	}
	return 0;
}

/* Appends n bytes to out; false when they do not fit (with the NUL). */
static bool put(char *out, size_t size, size_t *o, const char *s, size_t n)
{
	if (n >= size - *o)
		return false;
	memcpy(out + *o, s, n);
	*o += n;
	return true;
}

int re_subst(const char *pattern, const char *repl, const char *in, bool global, char *out,
	     size_t size, const char **err)
{
	static struct re re;
	struct re_cap caps[RE_MAX_CAPS];
	size_t len = strlen(in), pos = 0, o = 0;
	int count = 0, r;

	if (!size)
		return -E2BIG;
	r = re_compile(&re, pattern, err);
	if (r)
		return r;
	while (pos <= len) {
		r = re_search(&re, in, len, pos, caps);
		if (r < 0) {
			*err = "regex too complex for this string";
			return r;
		}
		if (!r)
			break;
		if (!put(out, size, &o, in + pos, caps[0].start - pos))
			goto full;
		for (const char *p = repl; *p; p++) {
			unsigned k = p[0] == '\\' && is_digit((unsigned char)p[1]) ?
				     (unsigned)(p[1] - '0') : RE_MAX_CAPS;

			if (k <= re.ncaps) {
				if (caps[k].start != (size_t)-1 &&
				    !put(out, size, &o, in + caps[k].start, caps[k].len))
					goto full;
				p++;
			} else if (!put(out, size, &o, p, 1)) {
				goto full;
			}
		}
		count++;
		pos = caps[0].start + caps[0].len;
		if (!caps[0].len) {
			/* an empty match: keep the next character, search after it */
			if (pos < len && !put(out, size, &o, in + pos, 1))
				goto full;
			pos++;
		}
		if (!global)
			break;
	}
	if (pos < len && !put(out, size, &o, in + pos, len - pos))
		goto full;
	out[o] = 0;
	return count;
full:
	*err = "substitution buffer overflow";
	return -E2BIG;
}
