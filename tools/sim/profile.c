// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim --profile FILE: the virtual time the firmware spends with
 * its PC in named address ranges (exclusive: a callee's time is the
 * callee's). FILE has one range a line, "LO HI NAME" (hex, HI exclusive;
 * several ranges may share a NAME); tools/bench.py writes it from the
 * linker map, one range per function section, named by object file. The
 * report's "profile" holds, for every name the PC entered: the virtual
 * time charged to it, the time it was first entered and how often it was
 * entered from another range. Only while the firmware runs instruction by
 * instruction (up to the hand-off). Time is charged at every change of
 * range, so it includes MMIO costs and the idle fast-forward of a poll
 * loop in that range; a range lookup (binary search) happens only when
 * the PC leaves the current one.
 *
 * Phases: a NAME that starts with '@' (a function the bench marks, e.g.
 * @cmd_source_at) opens a new phase the first time the PC enters it;
 * "profile_phases" in the report lists each phase's start and the time
 * charged to every name within it (at most PROF_PHASES, the last one
 * takes the rest).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tools/sim/core.h"
#include "tools/sim/models.h"

struct prof_range {
	uint32_t lo, hi;
	int name;
};

#define PROF_PHASES 12

struct prof_name {
	char *name;
	uint64_t ps[PROF_PHASES], first_ps, enters;
};

struct profile {
	struct prof_range *r;
	unsigned n;
	struct prof_name *names;
	unsigned nnames;
	int cur;                    /* its name, -1 outside every range */
	uint64_t since_ps;          /* when the PC entered it */
	bool started;
	unsigned phase, nphases;    /* the current phase; how many began */
	int phase_name[PROF_PHASES];/* the marker that began each (-1: the first) */
	uint64_t phase_ps[PROF_PHASES];
};

static int cmp_range(const void *a, const void *b)
{
	const struct prof_range *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static int name_index(struct profile *p, const char *name)
{
	for (unsigned i = 0; i < p->nnames; i++)
		if (!strcmp(p->names[i].name, name))
			return (int)i;
	p->names = realloc(p->names, (p->nnames + 1) * sizeof(*p->names));
	if (!p->names)
		abort();
	p->names[p->nnames] = (struct prof_name){ .name = strdup(name) };
	return (int)p->nnames++;
}

int profile_load(struct sim *s, const char *path)
{
	struct profile *p = calloc(1, sizeof(*p));
	FILE *f = fopen(path, "r");
	char line[512], name[400];
	unsigned lo, hi, cap = 0;

	if (!p || !f) {
		fprintf(stderr, "gtaboot-sim: --profile %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%x %x %399s", &lo, &hi, name) != 3 || hi <= lo)
			continue;
		if (p->n == cap) {
			cap = cap ? cap * 2 : 256;
			p->r = realloc(p->r, cap * sizeof(*p->r));
			if (!p->r)
				abort();
		}
		p->r[p->n++] = (struct prof_range){ lo, hi, name_index(p, name) };
	}
	fclose(f);
	qsort(p->r, p->n, sizeof(*p->r), cmp_range);
	p->cur = -1;
	p->nphases = 1;
	p->phase_name[0] = -1;
	s->prof_lo = s->prof_hi = 0;   /* the first instruction looks up */
	s->profile = p;
	return 0;
}

static void charge(struct sim *s, struct profile *p)
{
	time_sync(s);
	if (p->cur >= 0)
		p->names[p->cur].ps[p->phase] += s->now_ps - p->since_ps;
	p->since_ps = s->now_ps;
}

/* The PC left [s->prof_lo, s->prof_hi): charge the time, find the new range. */
void profile_enter(struct sim *s, uint32_t pc)
{
	struct profile *p = s->profile;
	unsigned a = 0, b = p->n;
	int prev = p->cur;

	charge(s, p);
	p->started = true;
	/* the last range with lo <= pc */
	while (a < b) {
		unsigned m = (a + b) / 2;

		if (p->r[m].lo <= pc)
			a = m + 1;
		else
			b = m;
	}
	if (a && pc < p->r[a - 1].hi) {
		s->prof_lo = p->r[a - 1].lo;
		s->prof_hi = p->r[a - 1].hi;
		p->cur = p->r[a - 1].name;
	} else {	/* a gap: up to the next range */
		s->prof_lo = a ? p->r[a - 1].hi : 0;
		s->prof_hi = a < p->n ? p->r[a].lo : 0xFFFFFFFFu;
		p->cur = -1;
	}
	if (p->cur >= 0 && p->cur != prev) {
		struct prof_name *n = &p->names[p->cur];

		if (!n->enters++) {
			n->first_ps = s->now_ps;
			if (n->name[0] == '@' && p->nphases < PROF_PHASES) {
				p->phase = p->nphases++;
				p->phase_name[p->phase] = p->cur;
				p->phase_ps[p->phase] = s->now_ps;
			}
		}
	}
}

void profile_report(struct sim *s, FILE *f)
{
	struct profile *p = s->profile;
	bool first = true;

	if (!p) {
		fputs("null", f);
		return;
	}
	if (p->started) {
		/* charge the last range up to the hand-off (or now) */
		uint64_t end = s->handoff_seen ? s->handoff_ps : s->now_ps;

		if (p->cur >= 0 && end > p->since_ps)
			p->names[p->cur].ps[p->phase] += end - p->since_ps;
		p->since_ps = end;
		p->started = false;
	}
	fputc('{', f);
	for (unsigned i = 0; i < p->nnames; i++) {
		const struct prof_name *n = &p->names[i];
		uint64_t ps = 0;

		if (!n->enters)
			continue;
		for (unsigned k = 0; k < p->nphases; k++)
			ps += n->ps[k];
		fprintf(f, "%s\n    \"%s\": {\"us\": %.3f, \"first_us\": %.3f, \"enters\": %llu}",
			first ? "" : ",", n->name, (double)ps / PS_PER_US,
			(double)n->first_ps / PS_PER_US, (unsigned long long)n->enters);
		first = false;
	}
	fputs(first ? "}" : "\n  }", f);
	fputs(",\n  \"profile_phases\": [", f);
	for (unsigned k = 0; k < p->nphases; k++) {
		fprintf(f, "%s\n    {\"name\": \"%s\", \"start_us\": %.3f, \"us\": {", k ? "," : "",
			p->phase_name[k] < 0 ? "start" : p->names[p->phase_name[k]].name,
			(double)p->phase_ps[k] / PS_PER_US);
		first = true;
		for (unsigned i = 0; i < p->nnames; i++) {
			if (!p->names[i].ps[k])
				continue;
			fprintf(f, "%s\"%s\": %.3f", first ? "" : ", ", p->names[i].name,
				(double)p->names[i].ps[k] / PS_PER_US);
			first = false;
		}
		fputs("}}", f);
	}
	fputs("\n  ]", f);
}
