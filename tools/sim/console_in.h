/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: what is typed on the console (UART3's receive side): the
 * --input script ({wait}, {expect}, escapes), then interactive input from
 * stdin or the pty, paced to host time. The UART model (uart.c) asks it
 * for the next byte; the host terminal is set up by hostterm.c.
 */
#ifndef GTABOOT_SIM_CONSOLE_IN_H
#define GTABOOT_SIM_CONSOLE_IN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct sim;
struct console_item;

struct console_in {
	struct console_item *items;
	size_t nitems, cur;
	uint64_t next_at;          /* virtual time before which nothing is due */
	size_t expect_from, search_from;
	bool ended;                /* the script's {end} was reached */
	bool stdin_open;
	int fd;                    /* interactive input: 0 (stdin) or a pty master */
	struct timespec host_start;
	struct sim *sim;           /* {press} adds to its cfg.press */
};

/* Parse cfg.input (a script, or "@FILE" for a file's): 0, or -1 with a
 * message on stderr. The syntax is described in uart.c. */
int console_in_load(struct console_in *in, const char *input);
/* Start interactive input on fd (after the script) when interactive. */
void console_in_start(struct console_in *in, int fd, bool interactive);
/* Process {wait} and {expect} items at the cursor as of virtual time now,
 * out being the console's output so far. */
void console_in_advance(struct console_in *in, const char *out, size_t len, uint64_t now);
/* Whether any input is still to come (script items or an open terminal). */
bool console_in_pending(const struct console_in *in);
/* The next byte, if one is due now (the caller checked next_at): true with
 * *c set. Without one, interactive input paces virtual time to host time. */
bool console_in_take(struct sim *s, struct console_in *in, uint8_t *c);

#endif
