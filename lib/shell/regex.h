/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small backtracking regular expression engine for setexpr's sub and
 * gsub: the subset U-Boot's SLRE accepts (. * + ? *? +? [] [^] ranges,
 * ^ $, | alternation, () groups with quantifiers, \s \S \d and \n \r \t
 * escapes), plus \D \w \W. Matching is bounded (steps and nesting), so
 * no pattern can hang the console or overflow the stack.
 */
#ifndef LIB_SHELL_REGEX_H
#define LIB_SHELL_REGEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RE_MAX_NODES 96         /* atoms, groups and alternatives */
#define RE_MAX_CLASSES 16       /* [] sets */
#define RE_MAX_CAPS 10          /* \0 (the match) .. \9 */
#define RE_MAX_STEPS 200000u    /* match attempts per search, then "too complex" */

struct re_node {
	uint8_t type;           /* RE_* in regex.c */
	uint8_t greedy;
	uint8_t cap;            /* group: capture number, 0 for none */
	uint8_t arg;            /* char or class index */
	uint16_t min, max;      /* quantifier; max 0xffff: unbounded */
	int16_t next;           /* the following node of its sequence, -1 at its end */
	int16_t alt;            /* group: first alternative; alternative: its sequence */
	int16_t alt_next;       /* alternative: the next one of its group */
};

struct re {
	struct re_node node[RE_MAX_NODES];
	uint8_t cls[RE_MAX_CLASSES][32];
	int16_t root;           /* group node 0: the whole pattern */
	unsigned nnodes, nclasses, ncaps;
};

struct re_cap {
	size_t start, len;      /* into the subject; len 0 and start SIZE_MAX: not set */
};

/* Compiles pattern; 0, or -EINVAL with *err set to the reason (U-Boot's
 * texts where SLRE has one: "No closing ']' bracket", "Unbalanced
 * brackets", "RE is too long (code overflow)"). */
int re_compile(struct re *re, const char *pattern, const char **err);

/* The first match in s[0..len) starting at or after from: 1 with caps[0]
 * the match and caps[1..ncaps] the groups, 0 for none, -E2BIG when the
 * search took more than RE_MAX_STEPS (or nested too deep). ^ and $ are
 * the ends of s. caps has RE_MAX_CAPS entries. */
int re_search(const struct re *re, const char *s, size_t len, size_t from,
	      struct re_cap caps[RE_MAX_CAPS]);

/*
 * setexpr's substitution: in into out (size bytes, terminated), the first
 * match (or every one, global) of pattern replaced by repl, where \0 is
 * the match and \1..\9 the groups (a \N beyond the pattern's groups stays
 * as typed). An empty match replaces nothing and, with global, the search
 * moves on by a character. Returns the number of replacements, -EINVAL
 * (*err says why) for a bad pattern, -E2BIG (*err) when the result does
 * not fit out or the search is too complex.
 */
int re_subst(const char *pattern, const char *repl, const char *in, bool global, char *out,
	     size_t size, const char **err);

#endif
