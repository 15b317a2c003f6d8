/* SPDX-License-Identifier: GPL-2.0-or-later */
/* esc(): file bytes made safe for one console message (lib/strescape.h). */
#ifndef COMMON_ESCAPE_H
#define COMMON_ESCAPE_H

/* The escaped copy of s, in one of ESC_SLOTS buffers used in turn: valid
 * until ESC_SLOTS more calls, so up to that many may feed one printf. Every
 * message that echoes bytes read from a file (extlinux.conf, uEnv.txt, file
 * names, paths named there) passes them through this. */
#define ESC_SLOTS 4
const char *esc(const char *s);

#endif
