/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gtaboot-sim: the host side of the console: a pseudo-terminal for
 * --serial pty, and a terminal on stdin put into raw mode (hostterm.c). */
#ifndef GTABOOT_SIM_HOSTTERM_H
#define GTABOOT_SIM_HOSTTERM_H

#include <stdio.h>

/* A raw pty: its master as an unbuffered stream in *out and as *fd (for
 * input); its name is printed on stderr. Exits with a message on failure. */
void hostterm_pty(FILE **out, int *fd);
/* Before the end: wait (bounded) until the program on the pty has read
 * what the console sent. Nothing happens without a pty. */
void hostterm_pty_drain(void);
/* Keys reach the guest as typed, without the terminal's echo; restored at
 * exit and on SIGINT/SIGTERM. Nothing happens unless stdin is a terminal. */
void hostterm_stdin_raw(void);

#endif
