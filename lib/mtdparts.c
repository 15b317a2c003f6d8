// SPDX-License-Identifier: GPL-2.0-or-later
/* The mtdparts and mtdids strings of U-Boot's environment (cmd/mtdparts.c
 * documents the syntax, Linux's drivers/mtd/parsers/cmdlinepart.c reads
 * the same): every number and name bounded, every partition checked
 * against the chip. */
#include "lib/mtdparts.h"

#include "lib/errno.h"
#include "lib/printf.h"
#include "lib/string.h"

static int fail(const char **why, const char *msg)
{
	*why = msg;
	return -EINVAL;
}

/* U-Boot's ustrtoull(s, &end, 0): 0x hex, a leading 0 octal, else
 * decimal; then K/M/G (either case). NULL when there is no number or it
 * overflows 64 bits. */
static const char *memsize(const char *s, uint64_t *v)
{
	unsigned base = 10, d, shift = 0;
	const char *start;

	if (s[0] == '0' && (s[1] | 0x20) == 'x' && s[2]) {
		base = 16;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	start = s;
	for (*v = 0;; s++) {
		unsigned c = (unsigned char)*s;

		d = c - '0' < 10 ? c - '0' : (c | 0x20) - 'a' < 6 ? (c | 0x20) - 'a' + 10 : 99;
		if (d >= base)
			break;
		if (*v > (UINT64_MAX - d) / base)
			return NULL;
		*v = *v * base + d;
	}
	if (s == start)
		return NULL;
	switch (*s | 0x20) {
	case 'g': shift = 30; break;
	case 'm': shift = 20; break;
	case 'k': shift = 10; break;
	}
	if (shift) {
		if (*v > UINT64_MAX >> shift)
			return NULL;
		*v <<= shift;
		s++;
	}
	return s;
}

static int one_part(const char **sp, uint64_t *next, uint64_t chip, struct mtd_part *p,
		    bool *rest, const char **why)
{
	const char *s = *sp;
	size_t n;

	memset(p, 0, sizeof(*p));
	if (*s == '-') {
		*rest = true;
		s++;
	} else if (!(s = memsize(s, &p->size)) || !p->size) {
		return fail(why, "bad partition size");
	}
	p->offset = *next;
	if (*s == '@' && !(s = memsize(s + 1, &p->offset)))
		return fail(why, "bad partition offset");
	if (p->offset < *next)
		return fail(why, "partitions overlap or are out of order");
	if (p->offset > chip)
		return fail(why, "partition starts beyond the end of the chip");
	if (*rest)
		p->size = chip - p->offset;
	if (!p->size || p->size > chip - p->offset)
		return fail(why, "partition runs beyond the end of the chip");
	if (*s == '(') {
		const char *e = strchr(s + 1, ')');

		if (!e)
			return fail(why, "partition name without ')'");
		n = (size_t)(e - s - 1);
		if (!n || n >= sizeof(p->name))
			return fail(why, "partition name empty or longer than 31 characters");
		memcpy(p->name, s + 1, n);
		s = e + 1;
	} else {
		snprintf(p->name, sizeof(p->name), "0x%08llx@0x%08llx",
			 (unsigned long long)p->size, (unsigned long long)p->offset);
	}
	if (!strncmp(s, "ro", 2)) {
		p->ro = true;
		s += 2;
	}
	if (!strncmp(s, "lk", 2))
		s += 2;
	if (*s && *s != ',' && *s != ';')
		return fail(why, "junk after a partition");
	*next = p->offset + p->size;
	*sp = s;
	return 0;
}

int mtdparts_parse(const char *s, const char *id, uint64_t chip_size, struct mtd_parts *out,
		   const char **why)
{
	size_t idlen = strlen(id);

	out->n = 0;
	if (!strncmp(s, "mtdparts=", 9))
		s += 9;
	/* find "<id>:" at the start or after a ';' */
	for (;;) {
		const char *colon = strchr(s, ':'), *semi;

		if (!colon)
			return -ENOENT;
		if ((size_t)(colon - s) == idlen && !strncmp(s, id, idlen)) {
			s = colon + 1;
			break;
		}
		semi = strchr(s, ';');
		if (!semi)
			return -ENOENT;
		s = semi + 1;
	}
	for (uint64_t next = 0; *s && *s != ';';) {
		bool rest = false;
		int err;

		if (out->n == MTDPARTS_MAX)
			return fail(why, "more than 16 partitions");
		err = one_part(&s, &next, chip_size, &out->p[out->n], &rest, why);
		if (err)
			return err;
		out->n++;
		if (*s == ',') {
			if (rest)
				return fail(why, "'-' (the rest of the chip) must be the last partition");
			s++;
			if (!*s || *s == ';')
				return fail(why, "',' at the end");
		}
	}
	if (!out->n)
		return fail(why, "no partitions");
	return 0;
}

int mtdids_lookup(const char *mtdids, const char *dev, char *id)
{
	size_t dlen = strlen(dev);

	for (const char *s = mtdids; s && *s;) {
		const char *end = strchr(s, ','), *eq = strchr(s, '=');
		size_t n;

		if (!end)
			end = s + strlen(s);
		if (eq && eq < end && (size_t)(eq - s) == dlen && !strncmp(s, dev, dlen)) {
			n = (size_t)(end - eq - 1);
			if (!n || n >= MTDPARTS_ID_MAX)
				return -ENOENT;
			memcpy(id, eq + 1, n);
			id[n] = 0;
			return 0;
		}
		s = *end ? end + 1 : end;
	}
	return -ENOENT;
}

const struct mtd_part *mtdparts_find(const struct mtd_parts *t, const char *name)
{
	for (unsigned i = 0; i < t->n; i++)
		if (!strcmp(t->p[i].name, name))
			return &t->p[i];
	return NULL;
}
