/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The console's environment variables (bootargs, bootdelay, kernel_addr_r,
 * ...), in RAM; saveenv stores them in NAND in U-Boot's format
 * (common/envstore.c, docs/environment.md). */
#ifndef COMMON_ENVIRONMENT_H
#define COMMON_ENVIRONMENT_H

#include <stdint.h>

#include "lib/env/env.h"

extern struct env sysenv;

/* gtaboot's defaults (the stored environment comes over them later:
 * common/envstore.c). */
void vars_init(void);
/* bootcmd = `run unbrick` (docs/usb.md "Un-brick a GTA04"). */
void vars_unbrick(void);
/* Empties the environment and loads gtaboot's defaults (env default -a);
 * -ENOSPC if they do not fit. */
int vars_default(void);
/* The same into another environment e over buf (env default name...). */
int vars_defaults_into(struct env *e, char *buf, size_t size);
/* ver and the board's revision variable, set over a stored environment
 * after each load, as U-Boot sets them at every start. */
void vars_runtime(void);
/* The value, or NULL when unset or empty. */
const char *var_get(const char *name);
/* A hex address variable; dflt when unset or bad (a bad one is reported). */
uint32_t var_addr(const char *name, uint32_t dflt);
/* A decimal number variable; dflt when unset or bad. */
unsigned long var_num(const char *name, unsigned long dflt);
int var_set(const char *name, const char *value);
int var_set_hex(const char *name, uint32_t value);

#endif
