// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A hush-compatible script interpreter without a syntax tree: a recursive
 * descent over the text that either only checks (run = false) or runs.
 * Each script is checked whole first, so nothing of one with a syntax
 * error runs; a loop re-reads its body from a saved position, so memory is
 * only the words of the commands running (no TRM chapter; semantics from
 * U-Boot's cli_hush and POSIX sh, XCU 2.2 to 2.9).
 */
#include "lib/shell/hush.h"

#include <stdarg.h>
#include <stdint.h>

#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

enum tok_type { T_EOF, T_NL, T_SEMI, T_AND, T_OR, T_WORD, T_ERR };

/* Reserved words, as bits so that a list can name the ones ending it. */
enum {
	K_IF = 1 << 0, K_THEN = 1 << 1, K_ELIF = 1 << 2, K_ELSE = 1 << 3, K_FI = 1 << 4,
	K_FOR = 1 << 5, K_IN = 1 << 6, K_DO = 1 << 7, K_DONE = 1 << 8, K_WHILE = 1 << 9,
	K_UNTIL = 1 << 10, K_BANG = 1 << 11,
};

static const char *const kw_names[] = {
	"if", "then", "elif", "else", "fi", "for", "in", "do", "done", "while", "until", "!",
};

struct token {
	enum tok_type t;
	size_t start, end;      /* a word's raw text, quotes and all */
	unsigned line;
	bool plain;             /* no quote, backslash or $: may be a reserved word */
};

/* A place in the text to come back to (a loop's condition or body). */
struct mark {
	size_t pos;
	unsigned line;
	struct token tok;
};

struct parser {
	struct hush *h;
	const char *s;
	size_t len, pos;
	unsigned line;
	struct token tok;       /* the current token, not yet consumed */
	bool failed;            /* a syntax error was printed */
};

/* Words being built in the arena: pointers first, then the bytes. */
struct words {
	char **argv;
	char *buf;
	size_t used, cap;
	int argc;
	bool in_word;
	int err;                /* -E2BIG, -ENOSPC: the first bound hit */
};

static void say(struct hush *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct hush *h, const char *fmt, ...)
{
	char buf[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (h->ops->print)
		h->ops->print(h->ops->ctx, buf);
}

static int syntax(struct parser *p, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int syntax(struct parser *p, unsigned line, const char *fmt, ...)
{
	char buf[120];
	va_list ap;

	if (p->failed)
		return -1;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	say(p->h, "syntax error: line %u: %s\n", line, buf);
	p->failed = true;
	p->tok.t = T_ERR;
	return -1;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

static size_t name_len(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && name_char(s[n]))
		n++;
	return n;
}

/* At a '$' at i: the variable's name as [*ns, *ns + *nl) (nl 0: a plain
 * '$'; "?" for $?) and the index past the reference; -1 for a malformed
 * ${...}. */
static long dollar(const char *s, size_t end, size_t i, size_t *ns, size_t *nl)
{
	size_t n;

	if (i + 1 < end && s[i + 1] == '{') {
		if (i + 3 < end && s[i + 2] == '?' && s[i + 3] == '}') {
			*ns = i + 2;
			*nl = 1;
			return (long)(i + 4);
		}
		n = name_len(s + i + 2, end - i - 2);
		if (!n || i + 2 + n >= end || s[i + 2 + n] != '}')
			return -1;
		*ns = i + 2;
		*nl = n;
		return (long)(i + 3 + n);
	}
	if (i + 1 < end && s[i + 1] == '?') {
		*ns = i + 1;
		*nl = 1;
		return (long)(i + 2);
	}
	n = name_len(s + i + 1, end - i - 1);
	*ns = i + 1;
	*nl = n;
	return (long)(i + 1 + n);
}

/* ------------------------------------------------------------- lexer */

static bool word_end_char(char c)
{
	return blank(c) || c == '\n' || c == ';' || c == '&' || c == '|';
}

/* Scans the word at p->pos; a quote left open is a syntax error at the
 * line it opened on. */
static void scan_word(struct parser *p)
{
	const char *s = p->s;
	size_t i = p->pos, ns, nl;
	long next;

	p->tok.t = T_WORD;
	p->tok.start = i;
	p->tok.line = p->line;
	p->tok.plain = true;
	while (i < p->len && !word_end_char(s[i])) {
		char c = s[i];

		if (c == '\\') {
			p->tok.plain = false;
			if (i + 1 < p->len && s[i + 1] == '\n')
				p->line++;
			i += i + 1 < p->len ? 2 : 1;
		} else if (c == '\'') {
			unsigned line = p->line;

			p->tok.plain = false;
			for (i++; i < p->len && s[i] != '\''; i++)
				p->line += s[i] == '\n';
			if (i >= p->len) {
				syntax(p, line, "unterminated ' quote");
				return;
			}
			i++;
		} else if (c == '"') {
			unsigned line = p->line;

			p->tok.plain = false;
			for (i++; i < p->len && s[i] != '"';) {
				if (s[i] == '\\' && i + 1 < p->len) {
					p->line += s[i + 1] == '\n';
					i += 2;
				} else if (s[i] == '$') {
					next = dollar(s, p->len, i, &ns, &nl);
					if (next < 0) {
						syntax(p, p->line, "bad ${...}: a name and '}' expected");
						return;
					}
					i = nl ? (size_t)next : i + 1;
				} else {
					p->line += s[i] == '\n';
					i++;
				}
			}
			if (i >= p->len) {
				syntax(p, line, "unterminated \" quote");
				return;
			}
			i++;
		} else if (c == '$') {
			p->tok.plain = false;
			next = dollar(s, p->len, i, &ns, &nl);
			if (next < 0) {
				syntax(p, p->line, "bad ${...}: a name and '}' expected");
				return;
			}
			i = nl ? (size_t)next : i + 1;
		} else {
			i++;
		}
	}
	p->tok.end = i;
	p->pos = i;
}

/* Reads the next token into p->tok. Blanks, backslash-newline and
 * comments ('#' where a word would start, to the end of the line) are
 * skipped. */
static void advance(struct parser *p)
{
	const char *s = p->s;

	if (p->failed)
		return;
	for (;;) {
		if (p->pos < p->len && blank(s[p->pos])) {
			p->pos++;
		} else if (p->pos + 1 < p->len && s[p->pos] == '\\' && s[p->pos + 1] == '\n') {
			p->pos += 2;
			p->line++;
		} else if (p->pos < p->len && s[p->pos] == '#') {
			while (p->pos < p->len && s[p->pos] != '\n')
				p->pos++;
		} else {
			break;
		}
	}
	p->tok.line = p->line;
	p->tok.plain = false;
	p->tok.start = p->pos;
	if (p->pos >= p->len) {
		p->tok.t = T_EOF;
		return;
	}
	switch (s[p->pos]) {
	case '\n':
		p->tok.t = T_NL;
		p->pos++;
		p->line++;
		return;
	case ';':
		p->tok.t = T_SEMI;
		p->pos++;
		return;
	case '&':
	case '|':
		if (p->pos + 1 < p->len && s[p->pos + 1] == s[p->pos]) {
			p->tok.t = s[p->pos] == '&' ? T_AND : T_OR;
			p->pos += 2;
			return;
		}
		syntax(p, p->line, s[p->pos] == '&' ? "'&' (background jobs) is not supported" :
		       "'|' (pipes) is not supported");
		return;
	default:
		scan_word(p);
	}
}

/* The reserved word the current token is, or 0. */
static unsigned keyword(const struct parser *p)
{
	size_t n = p->tok.end - p->tok.start;

	if (p->tok.t != T_WORD || !p->tok.plain)
		return 0;
	for (unsigned i = 0; i < sizeof(kw_names) / sizeof(kw_names[0]); i++)
		if (strlen(kw_names[i]) == n && !memcmp(kw_names[i], p->s + p->tok.start, n))
			return 1u << i;
	return 0;
}

static void mark(const struct parser *p, struct mark *m)
{
	m->pos = p->pos;
	m->line = p->line;
	m->tok = p->tok;
}

static void go_back(struct parser *p, const struct mark *m)
{
	p->pos = m->pos;
	p->line = m->line;
	p->tok = m->tok;
}

/* ------------------------------------------------------------- state */

const char *hush_lookup(struct hush *h, const char *name, size_t len)
{
	const char *v = env_getn(&h->locals, name, len);
	char buf[64];

	if (v || !h->ops->getenv || len >= sizeof(buf))
		return v;
	memcpy(buf, name, len);
	buf[len] = 0;
	return h->ops->getenv(h->ops->ctx, buf);
}

void hush_stop(struct hush *h)
{
	if (h->level)
		h->interrupted = true;
}

/* Ctrl-C: everything running unwinds with status 1. */
static bool interrupted(struct hush *h)
{
	if (!h->interrupted && h->ops->ctrlc && h->ops->ctrlc(h->ops->ctx))
		h->interrupted = true;
	if (h->interrupted)
		h->status = 1;
	return h->interrupted;
}

/* Words from the arena's free top; the caller takes them with
 * words_keep() and gives the arena back by restoring arena_used. */
static void words_begin(struct hush *h, struct words *w)
{
	size_t ptrs = (HUSH_MAXARGS + 1) * sizeof(char *);
	size_t at = (h->arena_used + sizeof(char *) - 1) & ~(sizeof(char *) - 1);
	size_t room = at + ptrs < h->arena_size ? h->arena_size - at - ptrs : 0;

	memset(w, 0, sizeof(*w));
	if (at + ptrs > h->arena_size) {
		w->err = -ENOMEM;
		return;
	}
	w->argv = (char **)(void *)(h->arena + at);
	w->buf = h->arena + at + ptrs;
	w->cap = room < HUSH_LINE_MAX ? room : HUSH_LINE_MAX;
	if (w->cap < HUSH_LINE_MAX)
		w->err = w->cap ? 0 : -ENOMEM;
}

static void words_keep(struct hush *h, struct words *w)
{
	if (w->argv) {
		w->argv[w->argc] = NULL;
		h->arena_used = (size_t)(w->buf + w->used - h->arena);
	}
}

static void w_start(struct words *w)
{
	if (w->in_word || w->err)
		return;
	if (w->argc >= HUSH_MAXARGS) {
		w->err = -E2BIG;
		return;
	}
	if (w->used >= w->cap) {
		w->err = w->cap < HUSH_LINE_MAX ? -ENOMEM : -ENOSPC;
		return;
	}
	w->argv[w->argc++] = w->buf + w->used;
	w->in_word = true;
}

static void w_end(struct words *w)
{
	if (w->in_word && !w->err)
		w->buf[w->used++] = 0;
	w->in_word = false;
}

static void w_put(struct words *w, char c)
{
	w_start(w);
	if (w->err)
		return;
	/* keep a byte for the terminator */
	if (w->used + 1 >= w->cap) {
		w->err = w->cap < HUSH_LINE_MAX ? -ENOMEM : -ENOSPC;
		return;
	}
	w->buf[w->used++] = c;
}

static void w_var(struct parser *p, struct words *w, size_t ns, size_t nl, bool split)
{
	const char *v;

	if (nl == 1 && p->s[ns] == '?')
		v = p->h->status ? "1" : "0";
	else
		v = hush_lookup(p->h, p->s + ns, nl);
	for (; v && *v && !w->err; v++) {
		if (split && (*v == ' ' || *v == '\t' || *v == '\n'))
			w_end(w);
		else
			w_put(w, *v);
	}
}

/* The current word, expanded: quotes removed, $ references replaced
 * (split into fields at blanks outside double quotes when split). The
 * check pass saw the quotes closed; the bounds hold even if a command
 * overwrote the text since (a script image under a load). */
static void expand(struct parser *p, struct words *w, size_t i, bool split)
{
	const char *s = p->s;
	size_t end = p->tok.end, ns, nl;
	long next;

	for (; i < end && !w->err;) {
		char c = s[i];

		if (c == '\\') {
			if (i + 1 >= end)
				w_put(w, '\\');
			else if (s[i + 1] != '\n')
				w_put(w, s[i + 1]);
			i += 2;
		} else if (c == '\'') {
			w_start(w);
			for (i++; i < end && s[i] != '\''; i++)
				w_put(w, s[i]);
			i++;
		} else if (c == '"') {
			w_start(w);
			for (i++; i < end && s[i] != '"';) {
				/* U-Boot's hush keeps a backslash and the
				 * character after it inside double quotes
				 * (typed "a\\b" is a\\b, "x\"y" is x\"y): only
				 * a line continuation goes (Debian's U-Boot
				 * 2023.01 in the simulator) */
				if (s[i] == '\\' && i + 1 < end) {
					if (s[i + 1] != '\n') {
						w_put(w, '\\');
						w_put(w, s[i + 1]);
					}
					i += 2;
				} else if (s[i] == '$' && (next = dollar(s, end, i, &ns, &nl)) >= 0 && nl) {
					w_var(p, w, ns, nl, false);
					i = (size_t)next;
				} else {
					w_put(w, s[i++]);
				}
			}
			i++;
		} else if (c == '$' && (next = dollar(s, end, i, &ns, &nl)) >= 0 && nl) {
			w_var(p, w, ns, nl, split);
			i = (size_t)next;
		} else {
			w_put(w, c);
			i++;
		}
	}
	w_end(w);
}

/*
 * A for list as U-Boot's hush makes it ("hush for lists",
 * docs/references.md): each word,
 * once expanded, is cut again at every space, inside quotes too, and empty
 * pieces are dropped. Scripts count on it: RAUC's documented boot.scr walks
 * `for BOOT_SLOT in "${BOOT_ORDER}"` one slot a pass, and `for x in ""`
 * makes no pass. The expanded words lie back to back in the buffer, each
 * ended by its NUL, so cutting is turning spaces into NULs and pointing at
 * the non-empty pieces; nothing moves.
 */
static void words_resplit(struct words *w)
{
	bool in = false;

	w->argc = 0;
	for (size_t i = 0; i < w->used && !w->err; i++) {
		if (w->buf[i] == ' ')
			w->buf[i] = 0;
		if (!w->buf[i]) {
			in = false;
		} else if (!in) {
			if (w->argc >= HUSH_MAXARGS)
				w->err = -E2BIG;
			else
				w->argv[w->argc++] = w->buf + i;
			in = true;
		}
	}
}

static void words_error(struct hush *h, const struct words *w)
{
	if (w->err == -E2BIG)
		say(h, "error: more than %d words in a command\n", HUSH_MAXARGS);
	else if (w->err == -ENOSPC)
		say(h, "error: command longer than %d bytes after $ expansion\n", HUSH_LINE_MAX);
	else
		say(h, "error: out of shell memory (%u bytes)\n", (unsigned)h->arena_size);
}

/* -------------------------------------------------------- the grammar */

static int list(struct parser *p, unsigned stop, bool run);

static bool failed(struct parser *p, bool run)
{
	return p->failed || (run && (p->h->interrupted || p->h->exiting));
}

/* exit [n]: the status the script leaves with, as U-Boot's (base 10). */
static int builtin_exit(struct hush *h, int argc, char *const argv[])
{
	unsigned long n = 0;

	if (h->interactive && h->level == 1) {
		say(h, "exit not allowed from main input shell.\n");
		return 0;
	}
	for (const char *s = argc > 1 ? argv[1] : ""; *s >= '0' && *s <= '9' && n < 1000000; s++)
		n = n * 10 + (unsigned long)(*s - '0');
	h->exiting = true;
	return (int)n;
}

/* NAME=value at the start of the command: the length of NAME, else 0. */
static size_t assignment(const struct parser *p)
{
	size_t n = name_len(p->s + p->tok.start, p->tok.end - p->tok.start);

	if (!n || p->s[p->tok.start] <= '9' || p->tok.start + n >= p->tok.end ||
	    p->s[p->tok.start + n] != '=')
		return 0;
	return n;
}

static int assign(struct parser *p, size_t nlen, struct words *w)
{
	struct hush *h = p->h;
	char name[64];
	const char *value;
	int err;

	if (nlen >= sizeof(name)) {
		say(h, "error: shell variable name too long\n");
		return 1;
	}
	memcpy(name, p->s + p->tok.start, nlen);
	name[nlen] = 0;
	/* the value is one field: no splitting, "" kept */
	w_start(w);
	expand(p, w, p->tok.start + nlen + 1, false);
	if (w->err)
		return -1;
	value = w->argv[--w->argc];
	w->used = (size_t)(value - w->buf);
	/* As U-Boot's hush: a local may not hide an environment variable. */
	if (h->ops->getenv && h->ops->getenv(h->ops->ctx, name)) {
		say(h, "error: %s: an environment variable has this name (use setenv)\n", name);
		return 1;
	}
	err = *value ? env_set(&h->locals, name, value) : 0;
	if (!*value)
		env_unset(&h->locals, name);
	if (err) {
		say(h, "error: %s: no room for shell variables\n", name);
		return 1;
	}
	return 0;
}

static int simple(struct parser *p, bool run)
{
	struct hush *h = p->h;
	size_t saved = h->arena_used, n;
	struct words w;
	int status = 0;
	bool cmd = false;

	memset(&w, 0, sizeof(w));
	if (run)
		words_begin(h, &w);
	for (; p->tok.t == T_WORD; advance(p)) {
		if (!run || w.err)
			continue;
		n = cmd ? 0 : assignment(p);
		if (!n) {
			cmd = true;
			expand(p, &w, p->tok.start, true);
			continue;
		}
		if (assign(p, n, &w))
			status = 1;
	}
	if (p->failed || !run)
		return p->failed ? -1 : 0;
	if (w.err) {
		words_error(h, &w);
		status = 1;
	} else if (w.argc) {
		words_keep(h, &w);
		if (!strcmp(w.argv[0], "exit"))
			status = builtin_exit(h, w.argc, w.argv);
		else
			status = h->ops->run(h->ops->ctx, w.argc, w.argv) ? 1 : 0;
	}
	h->arena_used = saved;
	h->status = status;
	return failed(p, run) ? -1 : 0;
}

static const char *kw_name(unsigned k)
{
	for (unsigned i = 0; i < sizeof(kw_names) / sizeof(kw_names[0]); i++)
		if (k == 1u << i)
			return kw_names[i];
	return "?";
}

/* A reserved word where a command should start. */
static int misplaced(struct parser *p, unsigned k)
{
	const char *opener = k & (K_THEN | K_ELIF | K_ELSE | K_FI) ? "'if'" :
			     k == K_DO ? "'while', 'until' or 'for'" : "'do'";

	return syntax(p, p->tok.line, "'%s' without %s", kw_name(k), opener);
}

/* Expects the reserved word k to end what opened at line; at anything
 * else (only the end of the text can get here) names both. */
static int expect(struct parser *p, unsigned k, const char *opened, unsigned line)
{
	if (p->failed)
		return -1;
	if (keyword(p) != k)
		return syntax(p, line, "'%s' without '%s'", opened, kw_name(k));
	advance(p);
	return 0;
}

static int if_clause(struct parser *p, bool run)
{
	unsigned line = p->tok.line;
	bool done = false;          /* a branch was taken */

	advance(p);
	for (;;) {
		bool cond = run && !done;

		if (list(p, K_THEN, cond) || expect(p, K_THEN, "if", line))
			return -1;
		cond = cond && p->h->status == 0;
		if (list(p, K_ELIF | K_ELSE | K_FI, cond))
			return -1;
		done = done || cond;
		if (keyword(p) != K_ELIF)
			break;
		line = p->tok.line;
		advance(p);
	}
	if (keyword(p) == K_ELSE) {
		advance(p);
		if (list(p, K_FI, run && !done))
			return -1;
		done = run;
	}
	if (expect(p, K_FI, "if", line))
		return -1;
	if (run && !done)
		p->h->status = 0;
	return 0;
}

static int while_clause(struct parser *p, bool run)
{
	bool until = keyword(p) == K_UNTIL;
	unsigned line = p->tok.line;
	int status = 0;
	struct mark top;

	advance(p);
	mark(p, &top);
	for (;;) {
		bool go;

		if (list(p, K_DO, run) || expect(p, K_DO, until ? "until" : "while", line))
			return -1;
		go = run && (p->h->status == 0) != until;
		if (list(p, K_DONE, go) || expect(p, K_DONE, "do", line))
			return -1;
		if (!go)
			break;
		status = p->h->status;
		if (interrupted(p->h))
			return -1;
		go_back(p, &top);
	}
	if (run)
		p->h->status = status;
	return 0;
}

static int for_clause(struct parser *p, bool run)
{
	struct hush *h = p->h;
	unsigned line = p->tok.line;
	size_t saved = h->arena_used, nlen;
	char name[64];
	struct words w;
	struct mark body;
	int status = 0, err = 0;

	memset(&w, 0, sizeof(w));
	advance(p);
	nlen = p->tok.t == T_WORD ? name_len(p->s + p->tok.start, p->tok.end - p->tok.start) : 0;
	if (!nlen || nlen != p->tok.end - p->tok.start || p->s[p->tok.start] <= '9' ||
	    nlen >= sizeof(name))
		return syntax(p, line, "'for' needs a variable name");
	memcpy(name, p->s + p->tok.start, nlen);
	name[nlen] = 0;
	advance(p);
	while (p->tok.t == T_NL)
		advance(p);
	if (run)
		words_begin(h, &w);
	if (keyword(p) == K_IN) {
		for (advance(p); p->tok.t == T_WORD; advance(p))
			if (run && !w.err)
				expand(p, &w, p->tok.start, true);
		if (p->tok.t != T_SEMI && p->tok.t != T_NL)
			return syntax(p, line, "'for' without 'do'");
		if (run && !w.err)
			words_resplit(&w);
	}
	while (p->tok.t == T_SEMI || p->tok.t == T_NL)
		advance(p);
	if (expect(p, K_DO, "for", line))
		return -1;
	mark(p, &body);
	if (run && w.err) {
		words_error(h, &w);
		run = false;
		status = 1;
	}
	if (run)
		words_keep(h, &w);
	for (int i = 0; run && i < w.argc; i++) {
		err = env_set(&h->locals, name, w.argv[i]);
		if (err) {
			say(h, "error: %s: no room for shell variables\n", name);
			status = 1;
			break;
		}
		go_back(p, &body);
		if (list(p, K_DONE, true))
			break;
		status = h->status;
		if (interrupted(h))
			break;
	}
	h->arena_used = saved;
	if (failed(p, run))
		return -1;
	if (run && !err && w.argc) {
		/* the last pass left the text at 'done' */
	} else {
		go_back(p, &body);
		if (list(p, K_DONE, false))
			return -1;
	}
	if (expect(p, K_DONE, "do", line))
		return -1;
	if (run || status)
		h->status = status;
	return 0;
}

static int command(struct parser *p, bool run)
{
	struct hush *h = p->h;
	unsigned k = keyword(p);
	int ret;

	if (p->tok.t != T_WORD)
		return syntax(p, p->tok.line, "%s without a command before it",
			      p->tok.t == T_AND ? "'&&'" : p->tok.t == T_OR ? "'||'" :
			      p->tok.t == T_EOF ? "the end" : "separator");
	if (k & (K_THEN | K_ELIF | K_ELSE | K_FI | K_DO | K_DONE))
		return misplaced(p, k);
	if (!(k & (K_IF | K_FOR | K_WHILE | K_UNTIL)))
		return simple(p, run);
	if (h->depth >= HUSH_DEPTH_MAX)
		return syntax(p, p->tok.line, "nesting deeper than %d levels", HUSH_DEPTH_MAX);
	h->depth++;
	ret = k == K_IF ? if_clause(p, run) : k == K_FOR ? for_clause(p, run) :
	      while_clause(p, run);
	h->depth--;
	return ret;
}

static int pipeline(struct parser *p, bool run)
{
	bool neg = false;

	for (; keyword(p) == K_BANG; advance(p))
		neg = !neg;
	if (command(p, run))
		return -1;
	if (run && neg)
		p->h->status = !p->h->status;
	return 0;
}

static int and_or(struct parser *p, bool run)
{
	if (pipeline(p, run))
		return -1;
	while (p->tok.t == T_AND || p->tok.t == T_OR) {
		bool and = p->tok.t == T_AND;
		unsigned line = p->tok.line, k;

		advance(p);
		while (p->tok.t == T_NL)
			advance(p);
		k = keyword(p);
		if (p->tok.t != T_WORD || (k & (K_THEN | K_ELIF | K_ELSE | K_FI | K_DO | K_DONE)))
			return syntax(p, line, "'%s' without a command after it", and ? "&&" : "||");
		if (pipeline(p, run && (p->h->status == 0) == and))
			return -1;
	}
	return 0;
}

/* Commands up to the end of the text or one of the reserved words in
 * stop, which is left as the current token. */
static int list(struct parser *p, unsigned stop, bool run)
{
	for (;;) {
		while (p->tok.t == T_NL || p->tok.t == T_SEMI) {
			/* between the lines of a script: Ctrl-C stops it */
			if (run && p->tok.t == T_NL && interrupted(p->h))
				return -1;
			advance(p);
		}
		if (failed(p, run))
			return -1;
		if (p->tok.t == T_EOF || (keyword(p) & stop))
			return 0;
		if (and_or(p, run))
			return -1;
		if (p->tok.t == T_NL || p->tok.t == T_SEMI)
			continue;
		if (p->tok.t == T_EOF || (keyword(p) & stop))
			return 0;
		if (p->tok.t == T_WORD)
			return syntax(p, p->tok.line, "'%.*s' needs a ';' or a new line before it",
				      (int)(p->tok.end - p->tok.start > 20 ? 20 :
					    p->tok.end - p->tok.start), p->s + p->tok.start);
		return failed(p, run) ? -1 : 0;
	}
}

/* -------------------------------------------------------- the outside */

int hush_init(struct hush *h, const struct hush_ops *ops, void *arena, size_t arena_size,
	      void *locals, size_t locals_size)
{
	/* argv arrays live in the arena: align its start for them */
	size_t skew = (size_t)((uintptr_t)arena % sizeof(char *));

	if (skew) {
		skew = sizeof(char *) - skew;
		arena = (char *)arena + (skew < arena_size ? skew : arena_size);
		arena_size -= skew < arena_size ? skew : arena_size;
	}
	memset(h, 0, sizeof(*h));
	h->ops = ops;
	h->arena = arena;
	h->arena_size = arena_size;
	env_init(&h->locals, locals, locals_size, NULL);
	return arena_size < HUSH_ARENA_MIN || !ops || !ops->run ? -EINVAL : 0;
}

int hush_run(struct hush *h, const char *text, size_t len)
{
	struct parser p = { .h = h, .s = text, .line = 1 };
	unsigned depth = h->depth;

	len = strnlen(text, len);
	if (len > HUSH_SCRIPT_MAX) {
		say(h, "error: script too large (%u bytes, at most %u)\n", (unsigned)len,
		    HUSH_SCRIPT_MAX);
		return h->status = 1;
	}
	if (h->level >= HUSH_RUN_MAX) {
		say(h, "run: nesting too deep (%d)\n", HUSH_RUN_MAX);
		return h->status = 1;
	}
	p.len = len;
	h->level++;
	advance(&p);
	if (!list(&p, 0, false)) {
		p.pos = 0;
		p.line = 1;
		advance(&p);
		list(&p, 0, true);
	} else {
		h->status = 1;
	}
	h->depth = depth;
	h->exiting = false;
	if (h->interrupted)
		h->status = 1;
	if (!--h->level)
		h->interrupted = false;
	return h->status;
}

int hush_run_var(struct hush *h, const char *name)
{
	const char *v = hush_lookup(h, name, strlen(name));
	size_t saved = h->arena_used, n;
	char *copy;

	if (!v || env_name_len(name) != strlen(name)) {
		say(h, "## Error: \"%s\" not defined\n", name);
		return h->status = 1;
	}
	/* The script may change its own variable (or move the others):
	 * run a copy. */
	n = strlen(v);
	if (n + 1 > h->arena_size - h->arena_used) {
		say(h, "run: %s: %u bytes do not fit the shell's memory\n", name, (unsigned)n);
		return h->status = 1;
	}
	copy = h->arena + h->arena_used;
	memcpy(copy, v, n + 1);
	h->arena_used += n + 1;
	hush_run(h, copy, n);
	h->arena_used = saved;
	return h->status;
}
