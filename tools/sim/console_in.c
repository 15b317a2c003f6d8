// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the console's input: the --input script and interactive
 * input from stdin or the pty (console_in.h).
 */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/bitops.h"
#include "tools/sim/console_in.h"
#include "tools/sim/sim.h"

enum item_kind { IT_CHAR, IT_WAIT, IT_EXPECT, IT_END, IT_PRESS, IT_TOUCH };

struct console_item {
	enum item_kind kind;
	uint8_t ch;
	uint16_t x, y;             /* IT_TOUCH: panel pixels */
	uint64_t ms;
	char *text;
	size_t len;
};

void console_in_advance(struct console_in *in, const char *out, size_t len, uint64_t now)
{
	while (in->cur < in->nitems) {
		struct console_item *it = &in->items[in->cur];

		if (it->kind == IT_WAIT) {
			in->next_at = MAX(in->next_at, now) + it->ms * PS_PER_MS;
			in->cur++;
		} else if (it->kind == IT_EXPECT) {
			size_t from = MAX(in->expect_from, in->search_from);
			const char *hit = NULL;

			if (len >= from + it->len)
				hit = memmem(out + from, len - from, it->text, it->len);
			if (!hit) {
				if (len + 1 > in->expect_from + it->len)
					in->search_from = len + 1 - it->len;
				return;
			}
			in->expect_from = (size_t)(hit - out) + it->len;
			in->search_from = in->expect_from;
			in->next_at = MAX(in->next_at, now);
			in->cur++;
		} else if (it->kind == IT_END) {
			in->ended = true;
			in->cur++;
		} else if (it->kind == IT_PRESS) {   /* a button: the GTA04 screen's menu */
			struct sim_config *c = &in->sim->cfg;
			uint64_t t = MAX(in->next_at, now);

			if (c->npress < 16)
				c->press[c->npress++] = (typeof(c->press[0])){
					.power = it->ch, .at_ps = t, .until_ps = t + it->ms * PS_PER_MS };
			in->cur++;
		} else if (it->kind == IT_TOUCH) {   /* the touch screen (tsc2007.c) */
			struct sim_config *c = &in->sim->cfg;
			uint64_t t = MAX(in->next_at, now);

			if (c->ntouch < 16)
				c->touch[c->ntouch++] = (typeof(c->touch[0])){
					.x = it->x, .y = it->y, .at_ps = t,
					.until_ps = t + it->ms * PS_PER_MS };
			in->cur++;
		} else {
			return;
		}
	}
}

bool console_in_pending(const struct console_in *in)
{
	return in->cur < in->nitems || in->stdin_open;
}

/*
 * A person (or lrzsz on the pty) types in host time. While the guest polls
 * for interactive input, virtual time is not allowed to run ahead of host
 * time, so a 3 s countdown or a YMODEM timeout lasts as long as it says.
 */
static void pace_to_host(struct sim *s, struct console_in *in)
{
	struct timespec now;
	int64_t host_us, virt_us = (int64_t)(sim_now_ps(s) / PS_PER_US);

	clock_gettime(CLOCK_MONOTONIC, &now);
	host_us = (int64_t)(now.tv_sec - in->host_start.tv_sec) * 1000000 +
		  (now.tv_nsec - in->host_start.tv_nsec) / 1000;
	if (virt_us > host_us) {
		int64_t d = virt_us - host_us;
		struct pollfd p = { .fd = in->fd, .events = POLLIN };

		poll(&p, 1, (int)(d > 20000 ? 20 : d / 1000));
	}
}

/* A byte typed: virtual time that fell behind host time (a boot runs
 * slower than real time, a busy host slows it) is forgiven from here, or
 * the guest idling after this key would catch up at full speed and
 * `sleep 3` pass in 2 s of host time (U-Boot's test/py times it). A lag
 * that builds up after the key is still caught up. */
static void anchor_at_key(struct sim *s, struct console_in *in)
{
	struct timespec now;
	int64_t virt_us = (int64_t)(sim_now_ps(s) / PS_PER_US), start_us, host_us;

	clock_gettime(CLOCK_MONOTONIC, &now);
	host_us = (int64_t)(now.tv_sec - in->host_start.tv_sec) * 1000000 +
		  (now.tv_nsec - in->host_start.tv_nsec) / 1000;
	if (host_us <= virt_us)
		return;
	start_us = (int64_t)now.tv_sec * 1000000 + now.tv_nsec / 1000 - virt_us;
	in->host_start.tv_sec = (time_t)(start_us / 1000000);
	in->host_start.tv_nsec = (long)(start_us % 1000000) * 1000;
}

static bool stdin_byte(struct console_in *in, uint8_t *c)
{
	struct pollfd p = { .fd = in->fd, .events = POLLIN };
	ssize_t n;

	if (!in->stdin_open || poll(&p, 1, 0) <= 0)
		return false;
	n = read(in->fd, c, 1);
	if (n == 1)
		return true;
	if (n == 0 || (errno != EAGAIN && errno != EINTR))
		in->stdin_open = false;
	return false;
}

bool console_in_take(struct sim *s, struct console_in *in, uint8_t *c)
{
	if (in->cur < in->nitems) {
		if (in->items[in->cur].kind != IT_CHAR)
			return false;
		*c = in->items[in->cur++].ch;
		return true;
	}
	if (stdin_byte(in, c)) {
		anchor_at_key(s, in);
		return true;
	}
	pace_to_host(s, in);
	return false;
}

void console_in_start(struct console_in *in, int fd, bool interactive)
{
	in->fd = fd;
	in->stdin_open = interactive;
	clock_gettime(CLOCK_MONOTONIC, &in->host_start);
}

/* ------------------------------------------------------------- script */

static bool parse_escape(const char **pp, uint8_t *out)
{
	const char *p = *pp;

	switch (*p) {
	case 'n': *out = '\n'; break;
	case 'r': *out = '\r'; break;
	case 't': *out = '\t'; break;
	case 'e': *out = 0x1B; break;
	case '\\': case '{': case '}': *out = (uint8_t)*p; break;
	case 'x': {
		char hex[3] = { 0 };
		char *end;

		if (!p[1] || !p[2])
			return false;
		hex[0] = p[1];
		hex[1] = p[2];
		*out = (uint8_t)strtoul(hex, &end, 16);
		if (*end)
			return false;
		p += 2;
		break;
	}
	default:
		return false;
	}
	*pp = p + 1;
	return true;
}

static void add_item(struct console_in *in, struct console_item it)
{
	in->items = realloc(in->items, (in->nitems + 1) * sizeof(*in->items));
	if (!in->items)
		abort();
	in->items[in->nitems++] = it;
}

static int parse_script(struct console_in *in, const char *p)
{
	while (*p) {
		uint8_t c;

		if (*p == '\\') {
			p++;
			if (!parse_escape(&p, &c))
				return -1;
			add_item(in, (struct console_item){ .kind = IT_CHAR, .ch = c });
		} else if (*p == '{') {
			if (!strncmp(p, "{end}", 5)) {
				add_item(in, (struct console_item){ .kind = IT_END });
				p += 5;
			} else if (!strncmp(p, "{press aux", 10) || !strncmp(p, "{press power", 12)) {
				/* a button press at this point */
				bool power = p[7] == 'p';
				char *end = (char *)p + (power ? 12 : 10);
				unsigned long ms = 100;

				if (*end == ' ')
					ms = strtoul(end + 1, &end, 10);
				if (*end != '}' || !ms || !in->sim)
					return -1;
				add_item(in, (struct console_item){ .kind = IT_PRESS, .ch = power,
								   .ms = ms });
				p = end + 1;
			} else if (!strncmp(p, "{touch ", 7)) {
				/* {touch X Y [HOLD_MS]}: panel pixels, held 200 ms */
				char *end;
				unsigned long x = strtoul(p + 7, &end, 10), y, ms = 200;

				if (*end != ' ' || p[7] < '0' || p[7] > '9' || end[1] < '0' ||
				    end[1] > '9')
					return -1;
				y = strtoul(end + 1, &end, 10);
				if (*end == ' ')
					ms = strtoul(end + 1, &end, 10);
				if (*end != '}' || !ms || x >= 480 || y >= 640 || !in->sim)
					return -1;
				add_item(in, (struct console_item){ .kind = IT_TOUCH, .x = (uint16_t)x,
								   .y = (uint16_t)y, .ms = ms });
				p = end + 1;
			} else if (!strncmp(p, "{wait ", 6)) {
				char *end;
				unsigned long ms = strtoul(p + 6, &end, 10);

				if (*end != '}' || end == p + 6)
					return -1;
				add_item(in, (struct console_item){ .kind = IT_WAIT, .ms = ms });
				p = end + 1;
			} else if (!strncmp(p, "{expect ", 8)) {
				char *text = malloc(strlen(p) + 1);
				size_t len = 0;

				if (!text)
					abort();
				p += 8;
				while (*p && *p != '}') {
					if (*p == '\\') {
						p++;
						if (!parse_escape(&p, &c)) {
							free(text);
							return -1;
						}
						text[len++] = (char)c;
					} else {
						text[len++] = *p++;
					}
				}
				if (*p != '}' || !len) {
					free(text);
					return -1;
				}
				p++;
				add_item(in, (struct console_item){ .kind = IT_EXPECT, .text = text,
								   .len = len });
			} else {
				return -1;
			}
		} else {
			add_item(in, (struct console_item){ .kind = IT_CHAR, .ch = (uint8_t)*p++ });
		}
	}
	return 0;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		return NULL;
	do {
		if (len + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 8192;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		n = fread(buf + len, 1, 4096, f);
		len += n;
	} while (n);
	fclose(f);
	buf[len] = 0;
	return buf;
}

int console_in_load(struct console_in *in, const char *input)
{
	char *script = NULL;
	const char *text = input;
	int err;

	if (text[0] == '@') {
		script = read_file(text + 1);
		if (!script) {
			fprintf(stderr, "gtaboot-sim: input file %s: %s\n", text + 1, strerror(errno));
			return -1;
		}
		text = script;
	}
	err = parse_script(in, text);
	if (err)
		fprintf(stderr, "gtaboot-sim: bad console input script (see tools/sim/uart.c "
			"for the syntax): %s\n", input);
	free(script);
	return err;
}
