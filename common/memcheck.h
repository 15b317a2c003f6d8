/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Load windows: every image a boot attempt loads is declared here first,
 * so that it cannot land on another image, on gtaboot's own buffers, on
 * gtaboot itself or past the end of RAM. */
#ifndef COMMON_MEMCHECK_H
#define COMMON_MEMCHECK_H

#include <stdint.h>

/* Forget the windows of the previous boot attempt. */
void mem_windows_reset(void);
/* Declare [addr, addr + size) for name ("kernel", "initrd", "fdt"). Prints
 * what it collides with, naming both, and returns -ENOSPC (past the end of
 * RAM) or -EBUSY (overlap); 0 when the window is free and now taken. */
int mem_window_claim(const char *name, uint32_t addr, uint32_t size);
/* Give up the window(s) of that name (a uImage payload moving away from
 * where its file was loaded). */
void mem_window_release(const char *name);
/* 0 when [addr, addr + size) is RAM that is not gtaboot's own (for the
 * console's load and write commands); prints why not otherwise. */
int mem_check_free(const char *what, uint32_t addr, uint32_t size);

#endif
