// SPDX-License-Identifier: GPL-2.0-or-later
/* printf formatting for the firmware (see lib/printf.h for what it accepts). */
#include <stdbool.h>
#include <stdint.h>

#include "lib/printf.h"

struct spec {
	bool left, zero;
	int width, prec;      /* prec < 0: none */
};

struct outbuf {
	void (*out)(char c, void *arg);
	void *arg;
	int n;
};

static void emit(struct outbuf *o, char c)
{
	o->out(c, o->arg);
	o->n++;
}

static void pad(struct outbuf *o, char c, int n)
{
	while (n-- > 0)
		emit(o, c);
}

static void put_str(struct outbuf *o, const struct spec *s, const char *str)
{
	int len = 0;

	if (!str)
		str = "(null)";
	while (str[len] && (s->prec < 0 || len < s->prec))
		len++;
	if (!s->left)
		pad(o, ' ', s->width - len);
	for (int i = 0; i < len; i++)
		emit(o, str[i]);
	if (s->left)
		pad(o, ' ', s->width - len);
}

/* v / base, returning v % base, for a base up to 16: in 16-bit pieces
 * through 32-bit divisions, as on paper. libgcc's 64-bit division would
 * add 300 bytes to the early image, where printf lives. */
static unsigned div_base(unsigned long long *v, unsigned base)
{
	uint32_t hi = (uint32_t)(*v >> 32), lo = (uint32_t)*v;
	uint32_t qhi = hi / base, r = hi % base;
	uint32_t mid = r << 16 | lo >> 16, qmid = mid / base;
	uint32_t low = (mid % base) << 16 | (lo & 0xFFFFu), qlo = low / base;

	*v = (unsigned long long)qhi << 32 | qmid << 16 | qlo;
	return low % base;
}

static void put_num(struct outbuf *o, const struct spec *s, unsigned long long v,
		    bool neg, unsigned base, bool upper, const char *prefix)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char buf[24];
	int len = 0, plen = 0, fill;

	do
		buf[len++] = digits[div_base(&v, base)];
	while (v);
	if (neg)
		prefix = "-";
	while (prefix && prefix[plen])
		plen++;
	fill = s->width - len - plen;
	if (!s->left && !s->zero)
		pad(o, ' ', fill);
	for (int i = 0; i < plen; i++)
		emit(o, prefix[i]);
	if (!s->left && s->zero)
		pad(o, '0', fill);
	while (len)
		emit(o, buf[--len]);
	if (s->left)
		pad(o, ' ', fill);
}

int vcbprintf(void (*out)(char c, void *arg), void *arg, const char *fmt, va_list ap)
{
	struct outbuf o = { out, arg, 0 };

	while (*fmt) {
		struct spec s = { false, false, 0, -1 };
		int lng = 0;     /* -2 hh, -1 h, 0 int, 1 l, 2 ll, 3 z */
		const char *start = fmt;
		char c = *fmt++;

		if (c != '%') {
			emit(&o, c);
			continue;
		}
		for (;; fmt++) {
			if (*fmt == '-')
				s.left = true;
			else if (*fmt == '0')
				s.zero = true;
			else
				break;
		}
		if (*fmt == '*') {
			s.width = va_arg(ap, int);
			if (s.width < 0) {
				s.left = true;
				s.width = -s.width;
			}
			fmt++;
		} else {
			while (*fmt >= '0' && *fmt <= '9')
				s.width = s.width * 10 + (*fmt++ - '0');
		}
		if (*fmt == '.') {
			fmt++;
			s.prec = 0;
			if (*fmt == '*') {
				s.prec = va_arg(ap, int);
				fmt++;
			} else {
				while (*fmt >= '0' && *fmt <= '9')
					s.prec = s.prec * 10 + (*fmt++ - '0');
			}
		}
		if (s.left)
			s.zero = false;
		for (;; fmt++) {
			if (*fmt == 'l')
				lng = lng == 1 ? 2 : 1;
			else if (*fmt == 'h')
				lng = lng == -1 ? -2 : -1;
			else if (*fmt == 'z')
				lng = 3;
			else
				break;
		}

		c = *fmt ? *fmt++ : '\0';
		switch (c) {
		case 'd':
		case 'i': {
			long long v;

			if (lng == 2)
				v = va_arg(ap, long long);
			else if (lng == 1)
				v = va_arg(ap, long);
			else if (lng == 3)
				v = (long long)va_arg(ap, size_t);
			else
				v = va_arg(ap, int);
			if (lng == -1)
				v = (short)v;
			else if (lng == -2)
				v = (signed char)v;
			put_num(&o, &s, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v,
				v < 0, 10, false, NULL);
			break;
		}
		case 'u':
		case 'x':
		case 'X': {
			unsigned long long v;

			if (lng == 2)
				v = va_arg(ap, unsigned long long);
			else if (lng == 1)
				v = va_arg(ap, unsigned long);
			else if (lng == 3)
				v = va_arg(ap, size_t);
			else
				v = va_arg(ap, unsigned int);
			if (lng == -1)
				v = (unsigned short)v;
			else if (lng == -2)
				v = (unsigned char)v;
			put_num(&o, &s, v, false, c == 'u' ? 10 : 16, c == 'X', NULL);
			break;
		}
		case 'p': {
			void *p = va_arg(ap, void *);

			if (p)
				put_num(&o, &s, (uintptr_t)p, false, 16, false, "0x");
			else
				put_str(&o, &(struct spec){ s.left, false, s.width, -1 }, "(nil)");
			break;
		}
		case 's':
			put_str(&o, &s, va_arg(ap, const char *));
			break;
		case 'c': {
			char ch = (char)va_arg(ap, int);

			if (!s.left)
				pad(&o, ' ', s.width - 1);
			emit(&o, ch);
			if (s.left)
				pad(&o, ' ', s.width - 1);
			break;
		}
		case '%':
			emit(&o, '%');
			break;
		default:
			/* Unknown conversion: show it as written. */
			while (start < fmt)
				emit(&o, *start++);
			break;
		}
	}
	return o.n;
}

#if !defined(GTABOOT_HOST)
struct sbuf {
	char *buf;
	size_t size, pos;
};

static void sbuf_out(char c, void *arg)
{
	struct sbuf *b = arg;

	if (b->pos + 1 < b->size)
		b->buf[b->pos] = c;
	b->pos++;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct sbuf b = { buf, size, 0 };
	int n = vcbprintf(sbuf_out, &b, fmt, ap);

	if (size)
		buf[b.pos < size ? b.pos : size - 1] = '\0';
	return n;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

static void (*sink)(char c);

void printf_set_output(void (*putc)(char c))
{
	sink = putc;
}

static void sink_out(char c, void *arg)
{
	(void)arg;
	if (sink)
		sink(c);
}

int vprintf(const char *fmt, va_list ap)
{
	return vcbprintf(sink_out, NULL, fmt, ap);
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}
#endif
