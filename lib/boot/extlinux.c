// SPDX-License-Identifier: GPL-2.0-or-later
/* extlinux.conf parsing: the keywords of syslinux's config format that
 * U-Boot's sysboot understands for Linux (DEFAULT, LABEL, MENU LABEL/TITLE/
 * DEFAULT, KERNEL/LINUX, INITRD, FDT/DEVICETREE, FDTDIR, APPEND, TIMEOUT,
 * PROMPT), with the text taken as untrusted input. */
#include "lib/boot/extlinux.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

/* EXTLINUX_MAX_LABELS as text, for the warning that names the limit. */
#define STR(x)  #x
#define XSTR(x) STR(x)

enum kw {
	KW_UNKNOWN, KW_IGNORED, KW_DEFAULT, KW_LABEL, KW_KERNEL, KW_INITRD, KW_FDT,
	KW_FDTDIR, KW_APPEND, KW_TIMEOUT, KW_PROMPT, KW_MENU,
	KW_MENU_LABEL, KW_MENU_TITLE, KW_MENU_DEFAULT,
};

static const struct {
	const char *name;
	unsigned char kw;
} keywords[] = {
	{ "default", KW_DEFAULT }, { "label", KW_LABEL }, { "kernel", KW_KERNEL },
	{ "linux", KW_KERNEL }, { "initrd", KW_INITRD }, { "fdt", KW_FDT },
	{ "devicetree", KW_FDT }, { "fdtdir", KW_FDTDIR }, { "devicetreedir", KW_FDTDIR },
	{ "append", KW_APPEND }, { "timeout", KW_TIMEOUT }, { "prompt", KW_PROMPT },
	{ "menu", KW_MENU },
	/* Known to syslinux or U-Boot but without meaning here. */
	{ "ui", KW_IGNORED }, { "ontimeout", KW_IGNORED }, { "totaltimeout", KW_IGNORED },
	{ "include", KW_IGNORED }, { "localboot", KW_IGNORED }, { "fdtoverlays", KW_IGNORED },
	{ "ipappend", KW_IGNORED }, { "say", KW_IGNORED }, { "kaslrseed", KW_IGNORED },
};

struct parser {
	struct extlinux_conf *conf;
	struct extlinux_label *cur;
	bool skipping;          /* inside a label that did not fit */
	/* The default's name from the first pass (NULL: none, or this is the
	 * first pass), and the name of the label left out that the lines now
	 * belong to: its MENU DEFAULT still counts. */
	const char *want;
	char left_out[EXTLINUX_NAME_MAX];
	unsigned line;
	int nwarn;
	extlinux_warn_fn warn;
	void *arg;
	char word[32];
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static void warn(struct parser *p, const char *msg)
{
	p->nwarn++;
	if (p->warn)
		p->warn(p->arg, p->line, msg, p->word);
}

/* What a warning names: s[0..n), cut to fit. */
static void set_word(struct parser *p, const char *s, size_t n)
{
	memcpy(p->word, s, MIN(n, sizeof(p->word) - 1));
	p->word[MIN(n, sizeof(p->word) - 1)] = 0;
}

/* Takes one blank-separated word from [*s, end) into p->word. */
static size_t take_word(struct parser *p, const char **s, const char *end)
{
	const char *w = *s;
	size_t n;

	while (*s < end && !is_blank(**s))
		(*s)++;
	n = (size_t)(*s - w);
	memcpy(p->word, w, MIN(n, sizeof(p->word) - 1));
	p->word[MIN(n, sizeof(p->word) - 1)] = 0;
	while (*s < end && is_blank(**s))
		(*s)++;
	return n;
}

static int lookup(const char *w, size_t n)
{
	size_t i;

	if (n >= 32)
		return KW_UNKNOWN;
	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (strlen(keywords[i].name) == n && !strncasecmp(keywords[i].name, w, n))
			return keywords[i].kw;
	return KW_UNKNOWN;
}

static void store(struct parser *p, char *dst, size_t size, const char *s, size_t n)
{
	if (n >= size) {
		warn(p, "value too long, ignored");
		return;
	}
	memcpy(dst, s, n);
	dst[n] = 0;
	/* A NUL inside the value would silently shorten it. */
	if (memchr(dst, 0, n))
		warn(p, "value holds a NUL byte");
}

static bool has_label(const struct extlinux_conf *c, const char *name)
{
	for (unsigned i = 0; i < c->nlabels; i++)
		if (!strcmp(c->labels[i].name, name))
			return true;
	return false;
}

/* A label after the first EXTLINUX_MAX_LABELS: kept in the spare slot when
 * it is the default and no earlier label has that name (the first of equal
 * names is the one booted), else counted, named and skipped. */
static bool keep_late_label(struct parser *p, const char *s, size_t n)
{
	struct extlinux_conf *c = p->conf;

	if (c->nlabels == EXTLINUX_MAX_LABELS && p->want && strlen(p->want) == n &&
	    !memcmp(p->want, s, n) && !has_label(c, p->want))
		return true;
	c->nleft_out++;
	set_word(p, s, n);
	warn(p, "more than " XSTR(EXTLINUX_MAX_LABELS) " labels, label not kept");
	if (n < sizeof(p->left_out)) {
		memcpy(p->left_out, s, n);
		p->left_out[n] = 0;
	}
	return false;
}

static bool parse_uint(const char *s, size_t n, unsigned *val)
{
	unsigned v = 0;
	size_t i;

	if (!n || n > 9)
		return false;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	*val = v;
	return true;
}

static void parse_line(struct parser *p, const char *s, const char *end)
{
	struct extlinux_conf *c = p->conf;
	struct extlinux_label *l = p->cur;
	const char *kw = s;
	size_t kwlen, n;
	unsigned v;
	int k;

	kwlen = take_word(p, &s, end);
	k = lookup(kw, kwlen);
	if (k == KW_MENU) {
		kw = s;
		kwlen = take_word(p, &s, end);
		if (kwlen == 5 && !strncasecmp(kw, "label", 5))
			k = KW_MENU_LABEL;
		else if (kwlen == 5 && !strncasecmp(kw, "title", 5))
			k = KW_MENU_TITLE;
		else if (kwlen == 7 && !strncasecmp(kw, "default", 7))
			k = KW_MENU_DEFAULT;
		else {
			/* MENU HIDE, MENU COLOR, ...: cosmetic. */
			warn(p, "MENU keyword not supported, ignored");
			return;
		}
	}
	while (end > s && is_blank(end[-1]))
		end--;
	n = (size_t)(end - s);

	switch (k) {
	case KW_UNKNOWN:
		warn(p, "unknown keyword");
		return;
	case KW_IGNORED:
		warn(p, "keyword not supported, ignored");
		return;
	case KW_LABEL:
		p->left_out[0] = 0;
		if (!n) {
			warn(p, "LABEL without a name");
			p->cur = NULL;
			p->skipping = true;
			return;
		}
		if (c->nlabels >= EXTLINUX_MAX_LABELS && !keep_late_label(p, s, n)) {
			p->cur = NULL;
			p->skipping = true;
			return;
		}
		l = &c->labels[c->nlabels];
		memset(l, 0, sizeof(*l));
		if (n >= sizeof(l->name)) {
			set_word(p, s, n);
			warn(p, "label name too long, label ignored");
			p->cur = NULL;
			p->skipping = true;
			return;
		}
		store(p, l->name, sizeof(l->name), s, n);
		c->nlabels++;
		p->cur = l;
		p->skipping = false;
		return;
	case KW_DEFAULT:
		if (!n)
			warn(p, "missing argument");
		else
			store(p, c->default_label, sizeof(c->default_label), s, n);
		return;
	case KW_MENU_TITLE:
		store(p, c->title, sizeof(c->title), s, n);
		return;
	case KW_TIMEOUT:
	case KW_PROMPT:
		if (!parse_uint(s, n, &v)) {
			warn(p, "expects a number");
			return;
		}
		if (k == KW_TIMEOUT) {
			c->timeout = v;
			c->has_timeout = true;
		} else {
			c->prompt = v != 0;
		}
		return;
	default:
		break;
	}

	/* The rest belong to a label. */
	if (!l && p->skipping && k == KW_MENU_DEFAULT && p->left_out[0]) {
		memcpy(c->default_label, p->left_out, sizeof(c->default_label));
		return;
	}
	if (!l) {
		if (!p->skipping)
			warn(p, "outside a LABEL, ignored");
		return;
	}
	switch (k) {
	case KW_MENU_LABEL:
		store(p, l->menu, sizeof(l->menu), s, n);
		return;
	case KW_MENU_DEFAULT:
		memcpy(c->default_label, l->name, sizeof(c->default_label));
		return;
	case KW_APPEND:
		store(p, l->append, sizeof(l->append), s, n);
		return;
	case KW_FDTDIR:
		store(p, l->fdtdir, sizeof(l->fdtdir), s, n);
		l->has_fdtdir = true;
		return;
	default:
		break;
	}
	if (!n) {
		warn(p, "missing argument");
		return;
	}
	switch (k) {
	case KW_KERNEL:
		store(p, l->kernel, sizeof(l->kernel), s, n);
		return;
	case KW_INITRD:
		store(p, l->initrd, sizeof(l->initrd), s, n);
		return;
	case KW_FDT:
		store(p, l->fdt, sizeof(l->fdt), s, n);
		return;
	}
}

static void parse_text(struct parser *p, const char *text, size_t len)
{
	const char *s = text, *end = text + len;

	memset(p->conf, 0, sizeof(*p->conf));
	while (s < end) {
		const char *eol = memchr(s, '\n', (size_t)(end - s));
		const char *next;

		if (!eol)
			eol = end;
		next = eol < end ? eol + 1 : end;
		p->line++;
		if (eol > s && eol[-1] == '\r')
			eol--;
		while (s < eol && is_blank(*s))
			s++;
		if (s < eol && *s != '#')
			parse_line(p, s, eol);
		s = next;
	}
}

int extlinux_parse(struct extlinux_conf *conf, const char *text, size_t len,
		   extlinux_warn_fn warn_fn, void *arg)
{
	struct parser quiet = { .conf = conf };
	struct parser p = { .conf = conf, .warn = warn_fn, .arg = arg };
	char want[EXTLINUX_NAME_MAX];

	/* Two passes: a DEFAULT may name a label after the ones kept, and may
	 * stand after it too. The first, silent one only learns the default's
	 * name, so the second keeps that label without keeping them all. */
	parse_text(&quiet, text, len);
	memcpy(want, conf->default_label, sizeof(want));
	p.want = want[0] ? want : NULL;
	parse_text(&p, text, len);
	return p.nwarn;
}

int extlinux_default(const struct extlinux_conf *conf)
{
	unsigned i;

	if (!conf->nlabels)
		return -ENOENT;
	for (i = 0; i < conf->nlabels; i++)
		if (!strcmp(conf->labels[i].name, conf->default_label))
			return (int)i;
	return 0;
}

/* Appends n bytes of s at *o, keeping room for the NUL. */
static bool put(char **o, char *limit, const char *s, size_t n)
{
	if (n >= (size_t)(limit - *o))
		return false;
	memcpy(*o, s, n);
	*o += n;
	**o = 0;
	return true;
}

int extlinux_path(char *out, size_t size, const char *conf_path, const char *path)
{
	const char *slash = strrchr(conf_path, '/');
	char *o = out, *limit = out + size;

	if (!size)
		return -ENAMETOOLONG;
	*o = 0;
	if (path[0] != '/' && slash &&
	    !put(&o, limit, conf_path, (size_t)(slash - conf_path) + 1))
		return -ENAMETOOLONG;
	if (!put(&o, limit, path, strlen(path)))
		return -ENAMETOOLONG;
	return 0;
}

int extlinux_fdt_path(char *out, size_t size, const char *conf_path,
		      const struct extlinux_label *label, const char *dtb_name)
{
	char joined[EXTLINUX_PATH_MAX + 80], *o = joined;
	char *limit = joined + sizeof(joined);
	size_t n;

	if (label->fdt[0])
		return extlinux_path(out, size, conf_path, label->fdt);
	if (!label->has_fdtdir || !dtb_name)
		return -ENOENT;
	n = strlen(label->fdtdir);
	joined[0] = 0;
	/* As U-Boot: an empty FDTDIR is "./", a trailing slash is not doubled. */
	if (!put(&o, limit, label->fdtdir, n) ||
	    !put(&o, limit, !n ? "./" : label->fdtdir[n - 1] == '/' ? "" : "/",
		 !n ? 2 : label->fdtdir[n - 1] == '/' ? 0 : 1) ||
	    !put(&o, limit, dtb_name, strlen(dtb_name)))
		return -ENAMETOOLONG;
	return extlinux_path(out, size, conf_path, joined);
}
