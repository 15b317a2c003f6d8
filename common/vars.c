// SPDX-License-Identifier: GPL-2.0-or-later
/* The console's environment variables, with U-Boot's names and meaning. */
#include "common/vars.h"

#include "board/board.h"
#include "lib/errno.h"
#include "lib/printf.h"

static char envbuf[1536];
struct env sysenv;

/* gtaboot's defaults, also what "env default -a" goes back to. */
int vars_default(void)
{
	const struct env_default defaults[] = {
		{ "bootdelay", "1" },
		{ "kernel_addr_r", "0x82000000" },
		{ "fdt_addr_r", "0x81c00000" },
		{ "ramdisk_addr_r", "0x83000000" },
		{ "loadaddr", "0x82000000" },
		/* Only for users' bootargs: gtaboot itself never adds
		 * console=, /chosen/stdout-path names the UART. */
		{ "console", board.linux_console },
		{ NULL, NULL },
	};

	return env_init(&sysenv, envbuf, sizeof(envbuf), defaults);
}

void vars_init(void)
{
	if (vars_default())
		printf("warning: default environment does not fit\n");
}

const char *var_get(const char *name)
{
	const char *v = env_get(&sysenv, name);

	return v && *v ? v : NULL;
}

static unsigned long var_ulong(const char *name, int base, unsigned long dflt)
{
	unsigned long v;
	int err = env_get_ulong(&sysenv, name, base, &v);

	if (err == -ENOENT)
		return dflt;
	if (err) {
		printf(base == 16 ? "warning: variable %s='%s' is not a number; using 0x%lx\n" :
		       "warning: variable %s='%s' is not a number; using %lu\n", name,
		       env_get(&sysenv, name), dflt);
		return dflt;
	}
	return v;
}

uint32_t var_addr(const char *name, uint32_t dflt)
{
	return (uint32_t)var_ulong(name, 16, dflt);
}

unsigned long var_num(const char *name, unsigned long dflt)
{
	return var_ulong(name, 10, dflt);
}

int var_set(const char *name, const char *value)
{
	return env_set(&sysenv, name, value);
}

int var_set_hex(const char *name, uint32_t value)
{
	char buf[12];

	snprintf(buf, sizeof(buf), "%x", (unsigned)value);
	return env_set(&sysenv, name, buf);
}
