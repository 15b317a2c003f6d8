/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Bytes from a file made safe to echo on a console line and the screen. */
#ifndef LIB_STRESCAPE_H
#define LIB_STRESCAPE_H

#include <stddef.h>

/* A byte grows to at most this many characters. */
#define STR_ESCAPE_GROWTH 4

/*
 * Copies the NUL-terminated s into out (size bytes, always terminated when
 * size > 0) with every byte outside printable ASCII (0x20-0x7E) written as
 * \xNN: an ESC, CR or backspace from a file would otherwise drive the
 * terminal (ANSI sequences, overwritten lines) or reach the screen's font,
 * which has no such glyphs. Non-ASCII bytes are escaped too: the screen
 * draws ASCII only, and 0x9B is CSI on a terminal not in UTF-8. A text
 * that does not fit ends in "...". Returns out.
 */
char *str_escape(char *out, size_t size, const char *s);

#endif
