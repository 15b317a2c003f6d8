// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * env import and env export with U-Boot's syntax, messages and exit status
 * (its cmd/nvedit.c): text (-t, uEnv.txt: the BeagleBoard importbootenv
 * flow `load mmc 0 ${loadaddr} uEnv.txt; env import -t ${loadaddr}
 * ${filesize}`), binary (-b) and checksummed (-c) data in RAM; the formats
 * are lib/env/envio.c's. No TRM chapter.
 */
#include "common/cli.h"
#include "common/envcmd.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/env/envio.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/shell/shexpr.h"
#include "lib/string.h"

/* U-Boot's CONFIG_ENV_SIZE on TI's OMAP3 boards, the -b/-c default; the
 * binary data area is the block less its CRC, as U-Boot's ENV_SIZE. */
#define ENV_BLOCK 0x20000u
/* U-Boot's MAX_ENV_SIZE: how far an import without a size looks for the
 * end of its data. */
#define MAX_ENV_SIZE 0x100000u

struct opts {
	char sep;
	bool chk, del, crlf;
	int fmt;
	uint32_t size;          /* export -s */
};

/* U-Boot's option loop: -b -c -t (one of them), and -d -r (import) or
 * -s size (export). argv is left at the first non-option; -1 for usage,
 * -2 after the "only one of" error. */
static int parse(int *argc, char *const **argv, struct opts *o, bool import)
{
	o->sep = '\n';
	while (--*argc > 0 && **++*argv == '-') {
		for (const char *a = **argv + 1; *a; a++) {
			switch (*a) {
			case 'b':
			case 'c':
			case 't':
				if (o->fmt++)
					return -2;
				o->sep = *a == 't' ? '\n' : '\0';
				o->chk = *a == 'c';
				break;
			case 'd':
			case 'r':
				if (!import)
					return -1;
				if (*a == 'd')
					o->del = true;
				else
					o->crlf = true;
				break;
			case 's':
				if (import || --*argc <= 0)
					return -1;
				o->size = shexpr_strtoul(*++*argv, 16);
				a = " ";        /* the next word was the size */
				break;
			default:
				return -1;
			}
			if (*a == ' ')
				break;
		}
	}
	return *argc < 1 ? -1 : 0;
}

/* Errors name the command as typed at the prompt, with env's usage. */
static char *const env_argv[] = { "env", NULL };

static void import_warn(void *arg, unsigned n, const char *why, const char *name)
{
	(void)arg;
	printf("## Warning: entry %u (%s) not imported: %s\n", n, name ? name : "", why);
}

int env_cmd_import(int argc, char *const argv[])
{
	static char tmp[0x2000];
	struct opts o = { 0 };
	char *const *av = argv;
	const char *cmd = argv[0];
	struct envio_import imp;
	uint32_t addr, size;
	const char *p;
	int r;

	r = parse(&argc, &av, &o, true);
	if (r == -2) {
		printf("## %s: only one of \"-b\", \"-c\" or \"-t\" allowed\n", cmd);
		return 1;
	}
	if (r)
		return cmd_usage(env_argv);
	if (!o.fmt)
		printf("## Warning: defaulting to text format\n");
	addr = shexpr_strtoul(av[0], 16);
	if (argc >= 2 && strcmp(av[1], "-")) {
		size = shexpr_strtoul(av[1], 16);
	} else if (o.chk) {
		pr_err("## Error: external checksum format must pass size\n");
		return 1;
	} else {
		/* up to the separator followed by a NUL, within RAM */
		uint32_t room = 0x1000;

		if (addr >= sys.dram.base[0] && addr < sys_ram_end())
			room = sys_ram_end() - addr < MAX_ENV_SIZE ? sys_ram_end() - addr :
			       MAX_ENV_SIZE;
		if (cmd_ram_check(env_argv, addr, room, 1, false))
			return 1;
		p = (const char *)(uintptr_t)addr;
		for (size = 0; size + 1 < room; size++)
			if (p[size] == o.sep && !p[size + 1])
				break;
		if (size + 1 >= room)
			printf("## Warning: Input data exceeds %u bytes - truncated\n",
			       (unsigned)MAX_ENV_SIZE);
		size += 2;
		printf("## Info: input data size = %u = 0x%X\n", (unsigned)size, (unsigned)size);
	}
	if (!size || cmd_ram_check(env_argv, addr, size, 1, false))
		return 1;
	p = (const char *)(uintptr_t)addr;
	if (o.chk) {
		if (size <= ENVIO_CRC_HDR) {
			pr_err("## Error: Invalid size 0x%X\n", (unsigned)size);
			return 1;
		}
		if (envio_check((const uint8_t *)p, size)) {
			pr_err("## Error: bad CRC, import failed\n");
			return 1;
		}
		p += ENVIO_CRC_HDR;
		size -= ENVIO_CRC_HDR;
	}
	memset(&imp, 0, sizeof(imp));
	imp.sep = o.sep;
	imp.crlf = o.crlf;
	imp.vars = argc > 2 ? av + 2 : NULL;
	imp.nvars = argc > 2 ? (unsigned)(argc - 2) : 0;
	imp.warn = import_warn;
	imp.tmp = tmp;
	imp.tmp_size = sizeof(tmp);
	if (imp.nvars > ENVIO_MAX_VARS)
		return cmd_error(env_argv, "more than %u variable names", ENVIO_MAX_VARS);
	/* -d with no list: the data replaces the whole environment */
	if (o.del && !imp.nvars)
		sysenv.used = 0;
	r = envio_import(&sysenv, p, size, &imp);
	if (r < 0) {
		pr_err("## Error: Environment import failed: errno = %d\n", -r);
		return 1;
	}
	/* -d with a list: listed names the data lacks are deleted */
	for (unsigned i = 0; o.del && i < imp.nvars; i++) {
		if (imp.found & (1ull << i))
			continue;
		if (env_unset(&sysenv, imp.vars[i]))
			pr_warn("WARNING: '%s' neither in running nor in imported env!\n",
				imp.vars[i]);
		else
			pr_warn("WARNING: '%s' not in imported env, deleting it!\n", imp.vars[i]);
	}
	return 0;
}

int env_cmd_export(int argc, char *const argv[])
{
	struct opts o = { 0 };
	char *const *av = argv;
	char hex[12];
	uint32_t addr, area, need, nvars;
	uint8_t *p;
	int r;

	r = parse(&argc, &av, &o, false);
	if (r == -2) {
		pr_err("## Error: %s: only one of \"-b\", \"-c\" or \"-t\" allowed\n", argv[0]);
		return 1;
	}
	if (r)
		return cmd_usage(env_argv);
	addr = shexpr_strtoul(av[0], 16);
	nvars = (uint32_t)argc - 1;
	need = (uint32_t)envio_export_len(&sysenv, o.sep, av + 1, nvars);
	if (o.chk && o.size && o.size <= ENVIO_CRC_HDR) {
		pr_err("## Error: Invalid size 0x%X\n", (unsigned)o.size);
		return 1;
	}
	/* text: the size given, or what it takes; -b: U-Boot's ENV_SIZE, or
	 * the size given; -c: a block of the size given or ENV_BLOCK */
	if (o.sep)
		area = o.size ? o.size : need;
	else if (o.chk)
		area = (o.size ? o.size : ENV_BLOCK) - ENVIO_CRC_HDR;
	else
		area = o.size ? o.size : ENV_BLOCK - ENVIO_CRC_HDR;
	if (cmd_ram_check(env_argv, addr, area + (o.chk ? ENVIO_CRC_HDR : 0), 1, true))
		return 1;
	p = (uint8_t *)(uintptr_t)addr;
	memset(p, 0, area + (o.chk ? ENVIO_CRC_HDR : 0));
	if (area < need) {
		pr_err("Env export buffer too small: %u, but need %u\n", (unsigned)area,
		       (unsigned)need);
		pr_err("## Error: Cannot export environment: errno = %d\n", ENOMEM);
		return 1;
	}
	envio_export(&sysenv, o.sep, av + 1, nvars, (char *)p + (o.chk ? ENVIO_CRC_HDR : 0));
	if (o.chk)
		envio_seal(p, area + ENVIO_CRC_HDR);
	/* U-Boot: "%zX" for text, env_set_hex for the others */
	snprintf(hex, sizeof(hex), o.sep ? "%X" : "%x", (unsigned)(o.sep ? area :
		 o.chk ? area + ENVIO_CRC_HDR : o.size ? o.size : ENV_BLOCK));
	var_set("filesize", hex);
	return 0;
}
